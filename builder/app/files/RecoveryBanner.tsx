/** Unsaved edits to this file were kept in this browser (a reload, a closed tab, a crash): bring them back, or let them go. */
import { describeChanges, type DescribeOptions } from "../../shared/describe";
import type { KeptEdits } from "./useKeptEdits";

export function RecoveryBanner({ kept, options, onRestore, onDismiss }: { kept: KeptEdits; options: DescribeOptions; onRestore(): void; onDismiss(): void }) {
  const lines = describeChanges(kept.saved, kept.value, options);
  const when = new Date(kept.at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section aria-labelledby="recovery-title" className="border-b border-blue-300 bg-blue-50 px-3 py-2 text-sm text-blue-950">
      <h2 id="recovery-title" className="font-bold">
        Unsaved edits to this file from {when} were kept in this browser.
      </h2>
      {lines.length > 0 && (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {lines.slice(0, 6).map((line) => (
            <li key={line}>{line}</li>
          ))}
          {lines.length > 6 && <li>and {lines.length - 6} more</li>}
        </ul>
      )}
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          className="rounded-md bg-blue-700 px-3 py-1 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          onClick={onRestore}
        >
          Restore them
        </button>
        <button
          type="button"
          className="rounded-md bg-white px-3 py-1 ring-1 ring-blue-700 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-700"
          onClick={onDismiss}
        >
          Discard them
        </button>
      </div>
    </section>
  );
}
