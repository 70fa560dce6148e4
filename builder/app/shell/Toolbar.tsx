/** The builder's toolbar: the open file, the canvas width, undo and redo, the changes, the page on its own, and Save. */
import { memo, type ButtonHTMLAttributes } from "react";
import { VIEWPORTS, type Viewport } from "../canvas/types";

export interface ToolbarProps {
  path: string;
  dirty: boolean;
  saving: boolean;
  viewport: Viewport;
  canUndo: boolean;
  canRedo: boolean;
  /** The page on its own (npm run edit: the dev server's page); null in the studio, where the canvas is the preview. */
  previewRoute: string | null;
  onViewport(width: Viewport): void;
  onUndo(): void;
  onRedo(): void;
  onChanges(): void;
  onShortcuts(): void;
  onSave(): void;
}

const FOCUS = "focus-visible:outline-2 focus-visible:outline-blue-600";

export function ToolbarButton({ children, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={`rounded-md px-2 py-1 text-sm text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-40 ${FOCUS}`}
      {...props}
    >
      {children}
    </button>
  );
}

export const Toolbar = memo(function Toolbar(props: ToolbarProps) {
  const { path, dirty, saving, viewport } = props;
  return (
    <header id="toolbar" className="flex flex-wrap items-center gap-2 border-b border-slate-300 bg-white px-3 py-2">
      <h1 className="mr-2 text-base font-bold">Page builder</h1>
      <span className="min-w-0 font-mono text-sm break-all text-slate-700 lg:truncate">
        <span className="sr-only">Open file: </span>
        {path}
        {dirty && <span className="ml-1 text-amber-800">(unsaved)</span>}
      </span>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not form fields: a fieldset would bring a legend and form semantics. */}
        <div role="group" aria-label="Canvas width" className="flex rounded-md ring-1 ring-slate-300">
          {VIEWPORTS.map((v) => (
            <button
              key={v.width}
              type="button"
              aria-pressed={viewport === v.width}
              className={`px-2 py-1 text-sm first:rounded-l-md last:rounded-r-md ${viewport === v.width ? "bg-slate-800 text-white" : "bg-white text-slate-800 hover:bg-slate-100"} ${FOCUS}`}
              onClick={() => props.onViewport(v.width)}
            >
              {v.label} {v.width}
            </button>
          ))}
        </div>
        <ToolbarButton onClick={props.onUndo} disabled={!props.canUndo} aria-keyshortcuts="Control+Z">
          Undo
        </ToolbarButton>
        <ToolbarButton onClick={props.onRedo} disabled={!props.canRedo} aria-keyshortcuts="Control+Shift+Z">
          Redo
        </ToolbarButton>
        <ToolbarButton onClick={props.onChanges}>Changes</ToolbarButton>
        <ToolbarButton onClick={props.onShortcuts} aria-keyshortcuts="?" aria-label="Keyboard shortcuts">
          <span aria-hidden="true">?</span>
        </ToolbarButton>
        {props.previewRoute && (
          <a className="rounded-md px-2 py-1 text-sm text-blue-800 underline hover:bg-slate-100" href={props.previewRoute} target="_blank" rel="noreferrer">
            Open {props.previewRoute}
          </a>
        )}
        <button
          type="button"
          onClick={props.onSave}
          aria-keyshortcuts="Control+S"
          className={`rounded-md bg-blue-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-offset-2 disabled:opacity-50 ${FOCUS}`}
          disabled={saving}
        >
          {saving ? "Saving…" : dirty ? "Save" : "Saved"}
        </button>
      </div>
    </header>
  );
});
