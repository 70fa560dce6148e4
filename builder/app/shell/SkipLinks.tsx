/** Links to each part of the builder, first in the Tab order and shown when focused: the preview is reached only this way (it is out of the Tab order). */
export interface SkipTargets {
  fields(): void;
  outline(): void;
  preview(): void;
  toolbar(): void;
}

const LINK =
  "sr-only rounded-md bg-white px-3 py-2 text-sm font-semibold text-blue-800 shadow-lg ring-2 ring-blue-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50";

export function SkipLinks({ go }: { go: SkipTargets }) {
  const link = (label: string, target: string, to: () => void) => (
    <a
      href={`#${target}`}
      className={LINK}
      onClick={(e) => {
        e.preventDefault();
        to();
      }}
    >
      {label}
    </a>
  );
  return (
    <nav aria-label="Skip links" className="absolute">
      {link("Go to the fields", "fields", go.fields)}
      {link("Go to the outline", "outline", go.outline)}
      {link("Go to the preview", "canvas", go.preview)}
      {link("Go to the toolbar", "toolbar", go.toolbar)}
    </nav>
  );
}
