/**
 * Share a preview: a link that shows the site with the ticked changes (all waiting, by default) to
 * anyone who has it, without an account, for a chosen number of days. The link is shown once, to
 * copy; the list below has the links made (all of them for a publisher, one's own otherwise), each
 * being built, ready until a date, or failed with why, and Revoke.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { api, type PreviewLink, type StudioStatus } from "../api-client";
import { DialogTop } from "../shell/DialogTop";
import { ChooseFiles } from "./ChooseFiles";

const DAYS = [1, 3, 7, 14, 30];
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

export function PreviewDialog({ open, status, onClose }: { open: boolean; status: StudioStatus; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const waiting = status.pending.files;
  const [ticked, setTicked] = useState<Set<string> | null>(null);
  const chosen = ticked ?? new Set(waiting.map((f) => f.path));
  const [days, setDays] = useState(7);
  const [link, setLink] = useState<string | null>(null);
  const [list, setList] = useState<PreviewLink[]>([]);
  const [said, setSaid] = useState<string | null>(null);
  const load = useCallback(
    () =>
      api.previews().then(
        (r) => setList(r.previews),
        (err: Error) => setSaid(err.message),
      ),
    [],
  );
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!open) return void (element.open && element.close());
    if (!element.open) element.showModal();
    setTicked(null);
    setLink(null);
    setSaid(null);
    void load();
  }, [open, load]);
  // While a preview is being built, the list is asked again every two seconds.
  const building = list.some((p) => p.state === "building");
  useEffect(() => {
    if (!open || !building) return;
    const timer = setInterval(() => void load(), 2000);
    return () => clearInterval(timer);
  }, [open, building, load]);
  const picked = waiting.filter((f) => chosen.has(f.path)).map((f) => f.path);
  const make = () =>
    api.makePreview(picked.length === waiting.length ? undefined : picked, days).then(
      (made) => {
        setLink(made.link);
        setSaid("Preview link made: copy it now, it is shown only once. It works once the preview is built (the list says when).");
        void load();
      },
      (err: Error) => setSaid(err.message),
    );
  return (
    <dialog ref={dialog} aria-labelledby="preview-title" className="ed-dialog m-auto max-h-[90vh] w-[min(48rem,calc(100vw-2rem))]" onClose={onClose}>
      <DialogTop id="preview-title" title="Share a preview" error={null} onClose={onClose} />
      {waiting.length === 0 ? (
        <p className="mb-3 text-sm">Nothing is waiting to be published: a preview would show the live site.</p>
      ) : (
        <>
          <ChooseFiles files={waiting} chosen={chosen} onChange={setTicked} legend="What the preview shows changed" />
          <div className="mb-3 flex flex-wrap items-end gap-2 text-sm">
            <label className="flex flex-col gap-1">
              Valid for
              <select className="rounded border border-slate-400 px-2 py-1" value={days} onChange={(e) => setDays(Number(e.target.value))}>
                {DAYS.map((d) => (
                  <option key={d} value={d}>
                    {d === 1 ? "1 day" : `${d} days`}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="rounded-md px-3 py-1.5 font-semibold ring-1 ring-slate-400 hover:bg-slate-100 disabled:opacity-50"
              disabled={picked.length === 0}
              onClick={() => void make()}
            >
              Make a preview link
            </button>
          </div>
        </>
      )}
      <p role="status" className="mb-2 text-sm">
        {said}
      </p>
      {link && <LinkToCopy link={link} />}
      <h3 className="text-sm font-semibold">Preview links</h3>
      {list.length === 0 ? (
        <p className="text-sm text-slate-700">None.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {list.map((p) => (
            <li key={p.id}>
              {p.titles.length > 0 ? p.titles.join(", ") : "Everything waiting"} ({p.by.name}):{" "}
              {p.state === "building" ? "being built…" : p.state === "ready" ? `open until ${day(p.expires)}` : `failed: ${p.reason}`}
              <button
                type="button"
                className="ml-2 rounded px-2 py-0.5 text-xs ring-1 ring-slate-400 hover:bg-slate-100"
                onClick={() =>
                  void api.revokePreview(p.id).then(
                    () => load(),
                    (err: Error) => setSaid(err.message),
                  )
                }
              >
                Revoke
                <span className="sr-only">
                  {" "}
                  the preview link of {p.titles.join(", ") || "everything waiting"} made by {p.by.name}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </dialog>
  );
}

/** The link just made, shown this once: selected when focused, and a Copy button. */
function LinkToCopy({ link }: { link: string }) {
  return (
    <div className="mb-3 flex flex-wrap items-end gap-2 text-sm">
      <label className="flex min-w-0 grow flex-col gap-1">
        The link
        <input readOnly className="rounded border border-slate-400 px-2 py-1 font-mono text-xs" value={link} onFocus={(e) => e.target.select()} />
      </label>
      <button
        type="button"
        className="rounded-md px-3 py-1.5 ring-1 ring-slate-400 hover:bg-slate-100"
        onClick={() => void navigator.clipboard?.writeText(link)}
      >
        Copy
      </button>
    </div>
  );
}
