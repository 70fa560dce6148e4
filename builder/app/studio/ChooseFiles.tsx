/**
 * What a publish takes: each file with changes waiting (its title, how many changes by whom, the
 * latest in words), each with a checkbox, and "Everything waiting" to tick or clear them all. What
 * is not ticked stays waiting, untouched.
 */
import type { WaitingFile } from "../api-client";
import { Scrolls } from "../shell/Scrolls";

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
const changes = (n: number) => (n === 1 ? "1 change" : `${n} changes`);
const byWhom = (file: WaitingFile) => file.by.map((b) => b.name).join(", ");

/** "About us page (3 changes by Asha Rao); 1 file stays waiting." */
export function chosenInWords(files: WaitingFile[], chosen: ReadonlySet<string>): string {
  const taken = files.filter((f) => chosen.has(f.path));
  if (taken.length === 0) return "Nothing chosen: tick what should go live.";
  const stay = files.length - taken.length;
  const list = taken.map((f) => `${f.title} (${changes(f.count)} by ${byWhom(f)})`).join(", ");
  return `Goes live: ${list}.${stay > 0 ? ` ${stay === 1 ? "1 file stays" : `${stay} files stay`} waiting.` : ""}`;
}

export function ChooseFiles({
  files,
  chosen,
  onChange,
  legend = "What goes live",
}: {
  files: WaitingFile[];
  chosen: ReadonlySet<string>;
  onChange(next: Set<string>): void;
  legend?: string;
}) {
  const all = files.every((f) => chosen.has(f.path));
  const toggle = (path: string) => {
    const next = new Set(chosen);
    if (!next.delete(path)) next.add(path);
    onChange(next);
  };
  return (
    <fieldset className="mb-3">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <label className="mb-1 flex items-start gap-2 text-sm font-medium">
        <input type="checkbox" className="mt-1" checked={all} onChange={() => onChange(all ? new Set() : new Set(files.map((f) => f.path)))} />
        Everything waiting ({files.length === 1 ? "1 file" : `${files.length} files`})
      </label>
      <Scrolls label="Files with changes waiting" className="max-h-56">
        <ul className="space-y-1 pl-5 text-sm">
          {files.map((file) => (
            <li key={file.path}>
              <label className="flex items-start gap-2">
                <input type="checkbox" className="mt-1" checked={chosen.has(file.path)} onChange={() => toggle(file.path)} />
                <span className="min-w-0 break-words">
                  <span className="font-semibold">{file.title}</span>
                  {file.status !== "changed" && ` (${file.status === "added" ? "new" : "deleted"})`}: {changes(file.count)} by {byWhom(file)}
                  {file.changes[0] && (
                    <span className="block text-slate-700">
                      Latest: {file.changes[0].message} ({when(file.changes[0].date)})
                    </span>
                  )}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </Scrolls>
    </fieldset>
  );
}
