import { memo } from "react";
/** The site's files: its pages (with "New page"), then the service template, the collections and the settings. */
import type { EditorFile } from "../api-client";

export interface FileListProps {
  files: EditorFile[];
  open: string;
  /** Files with unsaved edits kept in this browser. */
  unsaved: ReadonlySet<string>;
  /** In the studio: who else has which file open. */
  editing?: { name: string; path: string }[];
  onOpen(path: string): void;
  onNewPage(): void;
}

export const FileList = memo(function FileList({ files, open, unsaved, editing = [], onOpen, onNewPage }: FileListProps) {
  const button = (f: EditorFile) => {
    const current = f.path === open;
    return (
      <li key={f.path}>
        <button
          type="button"
          aria-current={current ? "page" : undefined}
          className={`flex w-full items-center justify-between gap-2 rounded px-2 py-1 text-left text-sm ${current ? "bg-blue-700 font-semibold text-white" : "text-slate-800 hover:bg-slate-200"} focus-visible:outline-2 focus-visible:outline-blue-600`}
          onClick={() => onOpen(f.path)}
        >
          <span className="truncate">{f.kind === "page" ? (f.route ?? f.name) : f.name}</span>
          <span className="flex shrink-0 gap-1">
            {editing
              .filter((e) => e.path === f.path)
              .map((e) => (
                <span key={e.name} className={`rounded px-1 text-xs ${current ? "bg-white/20" : "bg-violet-100 text-violet-900"}`}>
                  {e.name} editing
                </span>
              ))}
            {unsaved.has(f.path) && <span className={`rounded px-1 text-xs ${current ? "bg-white/20" : "bg-blue-100 text-blue-900"}`}>unsaved</span>}
            {f.draft && <span className={`rounded px-1 text-xs ${current ? "bg-white/20" : "bg-amber-100 text-amber-900"}`}>draft</span>}
          </span>
        </button>
      </li>
    );
  };
  return (
    <nav
      id="pane-files"
      data-pane="files"
      aria-label="Site files"
      className="relative min-h-0 overflow-y-auto border-slate-300 bg-white p-3 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:border-r"
    >
      <div className="mb-1 flex items-center justify-between">
        <h2 className="text-xs font-bold tracking-wider text-slate-600 uppercase">Pages</h2>
        <button type="button" className="rounded px-2 py-0.5 text-xs font-semibold text-blue-800 ring-1 ring-slate-300 hover:bg-slate-100" onClick={onNewPage}>
          New page
        </button>
      </div>
      <ul className="mb-3 space-y-0.5">{files.filter((f) => f.kind === "page").map(button)}</ul>
      {files.some((f) => f.kind === "shared") && (
        <>
          <h2 className="mb-1 text-xs font-bold tracking-wider text-slate-600 uppercase">Shared sections</h2>
          <ul className="mb-3 space-y-0.5">{files.filter((f) => f.kind === "shared").map(button)}</ul>
        </>
      )}
      <h2 className="mb-1 text-xs font-bold tracking-wider text-slate-600 uppercase">Template, collections, settings</h2>
      <ul className="space-y-0.5">{files.filter((f) => f.kind !== "page" && f.kind !== "shared").map(button)}</ul>
    </nav>
  );
});
