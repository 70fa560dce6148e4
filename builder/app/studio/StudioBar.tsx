/**
 * The studio's own bar, under the toolbar: who is signed in, what is not published yet and by whom,
 * Enquiries with how many are new (for those who answer them), History, Activity, Review, Publish (publishers), Sign out.
 */
import { memo } from "react";
import type { StudioStatus } from "../api-client";

export interface StudioBarProps {
  status: StudioStatus;
  /** Who else has the open file open. */
  here: string[];
  onHistory(): void;
  onActivity(): void;
  onReview(): void;
  onPreview(): void;
  onPublish(): void;
  onInbox(): void;
}

const BUTTON =
  "rounded-md px-2 py-1 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-40";

export const StudioBar = memo(function StudioBar({ status, here, onHistory, onActivity, onReview, onPreview, onPublish, onInbox }: StudioBarProps) {
  const { account, pending, publishing, enquiries } = status;
  const count = pending.count;
  const by = pending.by.map((b) => `${b.count} by ${b.name}`).join(", ");
  const next = status.schedules.find((s) => s.state === "waiting");
  const failed = status.schedules.filter((s) => s.state === "failed").length;
  // A publisher: the open reviews; an editor: their reviews sent back.
  const reviews = status.reviews.filter((r) => (account.role === "publisher" ? r.state === "open" : r.state === "returned")).length;
  return (
    <section aria-label="Studio" className="col-span-full flex flex-wrap items-center gap-3 border-b border-slate-300 bg-slate-100 px-3 py-1.5 text-sm">
      <span>
        Signed in as <strong>{account.name}</strong> ({account.role === "publisher" ? "publisher" : "editor"})
      </span>
      <span role="status" aria-live="polite" className="text-slate-800">
        {count === 0 ? "Everything is published." : `${count === 1 ? "1 change" : `${count} changes`} not published yet: ${by}.`}
      </span>
      {status.remote.error && (
        <span role="status" className="rounded bg-amber-100 px-2 py-0.5 text-amber-950">
          {status.remote.behind === 1 ? "1 save is" : `${status.remote.behind} saves are`} on the studio's server only, not yet on the remote:{" "}
          {status.remote.error}. The studio keeps trying.
        </span>
      )}
      {next && (
        <span className="text-slate-800">
          Next scheduled publish: {next.when} ({next.titles.length > 0 ? next.titles.join(", ") : "everything waiting then"})
        </span>
      )}
      {failed > 0 && account.role === "publisher" && (
        <span role="status" className="rounded bg-red-100 px-2 py-0.5 font-semibold text-red-900">
          {failed === 1 ? "A scheduled publish failed" : `${failed} scheduled publishes failed`}: Publish says why.
        </span>
      )}
      {here.length > 0 && (
        <span role="status" className="rounded bg-violet-100 px-2 py-0.5 text-violet-900">
          {here.join(", ")} also {here.length === 1 ? "has" : "have"} this file open
        </span>
      )}
      <div className="ml-auto flex flex-wrap items-center gap-2">
        {enquiries && (
          <button type="button" className={BUTTON} onClick={onInbox}>
            Enquiries
            {enquiries.new > 0 && <span className="ml-1.5 rounded-full bg-blue-700 px-1.5 text-xs text-white">{enquiries.new} new</span>}
            {enquiries.blocked && account.role === "publisher" && (
              <span className="ml-1.5 rounded-full bg-red-700 px-1.5 text-xs text-white">e-mail not sent</span>
            )}
          </button>
        )}
        <button type="button" className={BUTTON} onClick={onHistory}>
          History
        </button>
        <button type="button" className={BUTTON} onClick={onActivity}>
          Activity
        </button>
        <button type="button" className={BUTTON} onClick={onPreview}>
          Share a preview
        </button>
        <button type="button" className={BUTTON} onClick={onReview}>
          Review
          {reviews > 0 && <span className="ml-1.5 rounded-full bg-blue-700 px-1.5 text-xs text-white">{reviews}</span>}
        </button>
        {account.role === "publisher" && (
          <button
            type="button"
            className={`${BUTTON} bg-green-700 text-white ring-green-800 hover:bg-green-800`}
            disabled={publishing?.running === true}
            onClick={onPublish}
          >
            {publishing?.running ? "Publishing…" : "Publish"}
          </button>
        )}
        <a href="/account" className={BUTTON}>
          Your sign-in
        </a>
        <form method="post" action="/sign-out">
          <button type="submit" className={BUTTON}>
            Sign out
          </button>
        </form>
      </div>
    </section>
  );
});
