/** Where a drop would go: the section a picture file is over, or the line between sections a dragged section would land on. */
import type { Box } from "./boxes";

const LABEL = "absolute left-2 origin-top-left rounded bg-blue-600 px-2 py-0.5 font-sans text-xs font-semibold text-white";

export function DropMarks({ file, line, zoom }: { file: Box | undefined; line: number | undefined; zoom: number }) {
  return (
    <>
      {file && (
        <div
          aria-hidden="true"
          className="absolute outline-4 outline-offset-[-4px] outline-blue-600 outline-dashed"
          style={{ top: file.top, left: file.left, width: file.width, height: file.height }}
        >
          <span className={`top-2 ${LABEL}`} style={{ scale: zoom }}>
            Drop to make it this section's picture
          </span>
        </div>
      )}
      {line !== undefined && (
        <div aria-hidden="true" className="absolute left-0 h-1 w-full bg-blue-600" style={{ top: line - 2 }}>
          <span className={`top-1 ${LABEL}`} style={{ scale: zoom }}>
            Drop here
          </span>
        </div>
      )}
    </>
  );
}
