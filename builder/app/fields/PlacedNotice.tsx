/**
 * Shared sections in the fields panel (issue 51). A placed one, selected on a page: what it is,
 * where else it shows, the fields this page writes itself, and Detach, which makes the page's copy
 * its own. A shared section's own file, open: which pages a change shows on.
 */
import type { EditorState } from "../api-client";

export function PlacedNotice({
  name,
  overrides,
  shared,
  onDetach,
}: {
  name: string;
  /** The fields this page writes over the shared section's. */
  overrides: string[];
  shared: EditorState["shared"];
  onDetach(): void;
}) {
  const summary = shared.find((s) => s.name === name);
  if (!summary)
    return (
      <p className="text-sm text-slate-800">
        This page places the shared section "{name}", but there is no file site-config/shared/{name}.json: see the problems below the page.
      </p>
    );
  const places = summary.placedIn;
  return (
    <div className="space-y-2 text-sm text-slate-800">
      <p>
        A shared section, stored once in <code>{summary.file}</code>: a change there shows on {places.length === 1 ? "1 page" : `${places.length} pages`} (
        {places.join(", ")}).
      </p>
      {overrides.length > 0 && <p>This page writes its own {overrides.map((o) => `"${o}"`).join(", ")} over the shared one's.</p>}
      <p>Open it under "Shared sections" to change it on every page, or detach this page's copy to edit it here.</p>
      <button
        type="button"
        disabled={!summary.section}
        className="rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-slate-400 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50"
        onClick={onDetach}
      >
        Detach: make this page's copy its own
      </button>
    </div>
  );
}

/** Under a shared section's heading: where a change to it shows. */
export function SharedNote({ file, shared }: { file: string; shared: EditorState["shared"] }) {
  const places = shared.find((s) => s.file === file)?.placedIn ?? [];
  return (
    <p className="mb-3 text-sm text-slate-800">
      {places.length === 0
        ? "No page shows it yet: place it on a page by hand (docs/editing.md)."
        : `Changes show on ${places.length === 1 ? "1 page" : `${places.length} pages`}: ${places.join(", ")}.`}
    </p>
  );
}
