/** In a narrow window: which of the three panels is shown (a wide one shows them side by side, and not this). */
import { memo } from "react";
import { PANES, type Pane } from "./panes";

export const PaneSwitch = memo(function PaneSwitch({ pane, onPane }: { pane: Pane; onPane(pane: Pane): void }) {
  return (
    // In a landmark of its own, as every part of the builder is (axe's "region").
    <nav aria-label="Panels" className="border-b border-slate-300 bg-white px-3 py-1.5 lg:hidden">
      {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not form fields (as the canvas widths in the toolbar). */}
      <div role="group" aria-label="Panel shown" className="flex flex-wrap gap-1">
        {PANES.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-pressed={pane === p.id}
            aria-controls={`pane-${p.id}`}
            className={`rounded-md px-3 py-1 text-sm font-semibold ring-1 ring-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${pane === p.id ? "bg-slate-800 text-white" : "bg-white text-slate-800 hover:bg-slate-100"}`}
            onClick={() => onPane(p.id)}
          >
            {p.label}
          </button>
        ))}
      </div>
    </nav>
  );
});
