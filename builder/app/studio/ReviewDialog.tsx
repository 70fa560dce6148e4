/**
 * Review. An editor asks for a review of their changes to the open file, with a note, and sees
 * their reviews: waiting, or sent back with the publisher's comment (then changed and asked again).
 * A publisher sees every open review (who, which file, since when, the note, the changes in words,
 * the latest included, and a page live and after side by side) and publishes the file or sends it
 * back with a comment.
 */
import { useEffect, useRef, useState } from "react";
import { api, type EditorState, type ReviewRequest, type StudioStatus } from "../api-client";
import { DialogTop } from "../shell/DialogTop";
import { SideBySide } from "./SideBySide";

export interface ReviewDialogProps {
  open: boolean;
  status: StudioStatus;
  /** The open file and what a person calls it. */
  path: string;
  title: string;
  /** The site as the builder has it: what the side-by-side pages are rendered with. */
  site: EditorState;
  /** Publishes one file (the Publish dialog shows its steps). */
  onPublish(path: string): void;
  onClose(): void;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function Review({
  review,
  publisher,
  site,
  onPublish,
  onDone,
}: {
  review: ReviewRequest;
  publisher: boolean;
  site: EditorState;
  onPublish(): void;
  onDone(said: string): void;
}) {
  const [comment, setComment] = useState("");
  const [comparing, setComparing] = useState(false);
  const mine = !publisher;
  return (
    <li className="rounded border border-slate-300 p-2 text-sm">
      <p>
        <span className="font-semibold">{review.title}</span>, {review.by.name}, asked {when(review.asked)}
        {review.state === "returned" && (
          <span className="block font-semibold text-amber-900">
            Sent back by {review.returnedBy}: “{review.comment}”
          </span>
        )}
      </p>
      {review.note && <p className="mt-1">Note: “{review.note}”</p>}
      <ul className="mt-1 list-disc pl-5 text-slate-800">
        {review.changes.map((c) => (
          <li key={c.commit}>
            {c.message} ({c.author}, {when(c.date)})
          </li>
        ))}
      </ul>
      <button
        type="button"
        aria-expanded={comparing}
        className="mt-2 rounded-md px-3 py-1 ring-1 ring-slate-400 hover:bg-slate-100"
        onClick={() => setComparing(!comparing)}
      >
        {comparing ? "Hide the side-by-side view" : "Compare side by side"}
        <span className="sr-only"> {review.title}</span>
      </button>
      {/* Keyed by the latest change: asked again with a new save, both sides are read again. */}
      {comparing && <SideBySide key={review.changes[0]?.commit} path={review.path} site={site} />}
      {publisher && review.state === "open" && (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <button type="button" className="rounded-md bg-green-700 px-3 py-1 font-semibold text-white hover:bg-green-800" onClick={onPublish}>
            Publish {review.title}
          </button>
          <label className="flex min-w-0 grow flex-col gap-1">
            Comment for {review.by.name}
            <input className="rounded border border-slate-400 px-2 py-1" value={comment} onChange={(e) => setComment(e.target.value)} />
          </label>
          <button
            type="button"
            className="rounded-md px-3 py-1 ring-1 ring-slate-400 hover:bg-slate-100 disabled:opacity-50"
            disabled={comment.trim() === ""}
            onClick={() =>
              void api.returnReview(review.id, comment.trim()).then(
                () => onDone(`Sent back to ${review.by.name}.`),
                (err: Error) => onDone(err.message),
              )
            }
          >
            Send back
          </button>
        </div>
      )}
      {mine && review.state === "returned" && <p className="mt-1">Change it, then ask again below (open the file first).</p>}
    </li>
  );
}

export function ReviewDialog({ open, status, path, title, site, onPublish, onClose }: ReviewDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [note, setNote] = useState("");
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!open) return void (element.open && element.close());
    if (!element.open) element.showModal();
    setSaid(null);
  }, [open]);
  const publisher = status.account.role === "publisher";
  const waiting = status.pending.files.some((f) => f.path === path);
  return (
    <dialog ref={dialog} aria-labelledby="review-title" className="ed-dialog m-auto max-h-[90vh] w-[min(72rem,calc(100vw-2rem))]" onClose={onClose}>
      <DialogTop id="review-title" title="Review" error={null} onClose={onClose} />
      {waiting && (
        <div className="mb-3 flex flex-wrap items-end gap-2 text-sm">
          <label className="flex min-w-0 grow flex-col gap-1">
            Note for the publishers about {title} (optional)
            <textarea className="rounded border border-slate-400 px-2 py-1" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
          </label>
          <button
            type="button"
            className="rounded-md px-3 py-1.5 font-semibold ring-1 ring-slate-400 hover:bg-slate-100"
            onClick={() =>
              void api.askReview(path, note).then(
                () => setSaid(`Asked for a review of ${title}.`),
                (err: Error) => setSaid(err.message),
              )
            }
          >
            Ask for review
          </button>
        </div>
      )}
      <p role="status" className="mb-2 text-sm">
        {said}
      </p>
      <h3 className="text-sm font-semibold">{publisher ? "Waiting for review" : "Your reviews"}</h3>
      {status.reviews.length === 0 ? (
        <p className="text-sm text-slate-700">None.</p>
      ) : (
        <ul className="mt-1 space-y-2">
          {status.reviews.map((r) => (
            <Review key={r.id} review={r} publisher={publisher} site={site} onPublish={() => onPublish(r.path)} onDone={setSaid} />
          ))}
        </ul>
      )}
    </dialog>
  );
}
