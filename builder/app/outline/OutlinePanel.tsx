/** The open file's list (a page's sections, a collection's entries) with the page's own actions, its settings, and "Add". */
import { forwardRef } from "react";
import { Outline, type OutlineProps } from "./Outline";

export interface OutlinePanelProps extends OutlineProps {
  /** The page's file name, for the page actions; null for other files. */
  slug: string | null;
  kind: "sections" | "items";
  /** The page's own fields (title, description...) are selected. */
  ownFieldsSelected: boolean;
  ownFieldsErrors: boolean;
  /** Where "Add" puts the new entry: after this position (1-based), or at the end. */
  after: number | null;
  onOwnFields(): void;
  onAdd(): void;
  /** What the builder's clipboard holds ("Hero"), pasted after the selected section by its button; null when empty. */
  clip: string | null;
  onPaste(): void;
  onPageAction(action: "duplicate" | "rename" | "delete"): void;
}

const SMALL =
  "rounded px-2 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600";

export const OutlinePanel = forwardRef<HTMLDivElement, OutlinePanelProps>(function OutlinePanel(props, ref) {
  const { slug, kind } = props;
  return (
    <div ref={ref} id="outline" className="relative max-h-[45%] shrink-0 overflow-y-auto border-b border-slate-200 p-3">
      {slug && (
        <div className="mb-2 flex flex-wrap gap-2">
          <button type="button" className={SMALL} onClick={() => props.onPageAction("duplicate")}>
            Duplicate page
          </button>
          {slug !== "home" && (
            <button type="button" className={SMALL} onClick={() => props.onPageAction("rename")}>
              Rename
            </button>
          )}
          {slug !== "home" && (
            <button type="button" className={SMALL} onClick={() => props.onPageAction("delete")}>
              Delete page
            </button>
          )}
        </div>
      )}
      <button
        type="button"
        aria-current={props.ownFieldsSelected ? "true" : undefined}
        className={`mb-1 w-full rounded px-2 py-1 text-left text-sm ${props.ownFieldsSelected ? "bg-blue-50 font-semibold ring-1 ring-blue-700" : "hover:bg-slate-100"} focus-visible:outline-2 focus-visible:outline-blue-600`}
        onClick={props.onOwnFields}
      >
        {kind === "items" ? "About this collection" : "Page settings (title, description, status)"}
        {props.ownFieldsErrors && <span className="ml-1 font-semibold text-red-700">· errors</span>}
      </button>
      {/* Only the outline's own props: the panel's others change on every keystroke and would draw every row again. */}
      <Outline
        title={props.title}
        items={props.items}
        selected={props.selected}
        onSelect={props.onSelect}
        onMove={props.onMove}
        onDuplicate={props.onDuplicate}
        onDelete={props.onDelete}
      />
      <button
        type="button"
        className="mt-2 w-full rounded-md border border-dashed border-slate-400 px-2 py-1.5 text-sm font-semibold text-blue-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
        onClick={props.onAdd}
      >
        {kind === "sections" ? (props.after !== null ? `Add a section after section ${props.after}…` : "Add a section at the end…") : "Add an entry"}
      </button>
      {kind === "sections" && props.clip && (
        <button
          type="button"
          aria-keyshortcuts="Control+V Meta+V"
          className="mt-1 w-full rounded-md px-2 py-1 text-sm font-semibold text-blue-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
          onClick={props.onPaste}
        >
          {`Paste ${props.clip} ${props.after !== null ? `after section ${props.after}` : "at the end"}`}
        </button>
      )}
    </div>
  );
});
