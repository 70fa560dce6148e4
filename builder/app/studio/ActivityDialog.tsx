/**
 * Who did what, when: saves, publishes, restores, sign-ins and failed ones, account changes, from
 * the studio's activity log, newest first. A publisher can pick a person; anyone can narrow it to
 * the open file. An editor sees their own activity.
 */
import { useEffect, useRef, useState } from "react";
import { api, type ActivityList } from "../api-client";
import { DialogTop } from "../shell/DialogTop";
import { Scrolls } from "../shell/Scrolls";

export interface ActivityDialogProps {
  open: boolean;
  /** The open file and what a person calls it. */
  path: string;
  title: string;
  publisher: boolean;
  onClose(): void;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function ActivityDialog({ open, path, title, publisher, onClose }: ActivityDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [list, setList] = useState<ActivityList | null>(null);
  const [who, setWho] = useState("");
  const [onlyThis, setOnlyThis] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!open) return void (element.open && element.close());
    if (!element.open) element.showModal();
    setError(null);
    api.activity({ who: who || undefined, path: onlyThis ? path : undefined }).then(setList, (err: Error) => setError(err.message));
  }, [open, path, who, onlyThis]);
  return (
    <dialog ref={dialog} aria-labelledby="activity-title" className="ed-dialog m-auto max-h-[90vh] w-[min(56rem,calc(100vw-2rem))]" onClose={onClose}>
      <DialogTop id="activity-title" title="Activity" error={error} onClose={onClose} />
      <div className="mb-3 flex flex-wrap items-end gap-4 text-sm">
        {publisher && (
          <label className="flex flex-col gap-1">
            Person
            <select className="rounded border border-slate-400 px-2 py-1" value={who} onChange={(e) => setWho(e.target.value)}>
              <option value="">Everyone</option>
              {list?.people.map((p) => (
                <option key={p.email} value={p.email}>
                  {p.name === p.email ? p.email : `${p.name} (${p.email})`}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={onlyThis} onChange={(e) => setOnlyThis(e.target.checked)} />
          Only {title}
        </label>
      </div>
      {!publisher && <p className="mb-2 text-sm text-slate-700">Your own activity (publishers see everyone's).</p>}
      {list && list.items.length === 0 && <p className="text-sm">Nothing recorded{who || onlyThis ? " for this choice" : ""} yet.</p>}
      {list && list.items.length > 0 && (
        <Scrolls label="Activity" className="max-h-[60vh]">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-1 pr-3">
                  When
                </th>
                <th scope="col" className="py-1 pr-3">
                  Who
                </th>
                <th scope="col" className="py-1">
                  What
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines of an append-only log, in order; two may share a time.
                <tr key={i} className="border-b border-slate-200 align-top">
                  <td className="py-1 pr-3 whitespace-nowrap">{when(item.time)}</td>
                  <td className="py-1 pr-3">{item.name}</td>
                  <td className="py-1 break-words">{item.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scrolls>
      )}
    </dialog>
  );
}
