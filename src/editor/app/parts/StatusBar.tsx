/** What the builder just did (read aloud), and how the content stands: checking, or its errors. */
export type Tone = "info" | "error" | "ok";

export function StatusBar({ text, tone, checking, errors, otherErrors }: { text: string; tone: Tone; checking: boolean; errors: number; otherErrors: number }) {
  const count = (n: number) => `${n} ${n === 1 ? "error" : "errors"}`;
  return (
    <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-1.5 text-sm">
      <span role="status" aria-live="polite" className={tone === "error" ? "font-semibold text-red-800" : tone === "ok" ? "text-green-800" : "text-slate-700"}>
        {text}
      </span>
      <span className="ml-auto shrink-0 text-xs text-slate-700" aria-live="off">
        {checking ? "Checking…" : errors > 0 ? `${count(errors)} in this file` : "No errors"}
        {otherErrors > 0 && ` · ${count(otherErrors)} in other files`}
      </span>
    </div>
  );
}
