/**
 * One enquiry opened in the inbox: who wrote, what, when; where it stands with the mail server
 * (Send again for a refused one); and its follow-up: Reply (the person's mail program, addressed to
 * them), Mark as spam, and the status, assignee and a note, saved together.
 */
import { useEffect, useId, useState } from "react";
import { type Delivery, type Enquiry, FOLLOW_UPS, type FollowUp, type MailState, type Person } from "../../shared/inbox";

export const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A follow-up status as people say it. */
export const STATUS_WORDS: Record<FollowUp, string> = { new: "New", "in progress": "In progress", answered: "Answered", spam: "Spam", closed: "Closed" };

/** A delivery in a word or two, for the list. */
export function deliveryLabel(d: Delivery): string {
  return { kept: "not e-mailed", waiting: "waiting", sent: "sent", refused: "refused", trap: "spam trap" }[d.state];
}

const BUTTON = "rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-slate-400 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700";
const PRIMARY =
  "rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-50";

function DeliveryState({ delivery, mail, onSendAgain }: { delivery: Delivery; mail: MailState; onSendAgain(): void }) {
  switch (delivery.state) {
    case "kept":
      return <p>Not e-mailed: the site server sends no e-mail (SMTP_URL is not set), so enquiries are read here.</p>;
    case "trap":
      return <p>Caught by the spam trap: a field that people never see was filled in, as robots do. It was not e-mailed.</p>;
    case "sent":
      return (
        <p>
          Sent{delivery.sentAt ? ` ${when(delivery.sentAt)}` : ""}
          {mail.mailTo ? ` to ${mail.mailTo}` : ""}. <span className="break-all text-slate-700">Message-ID {delivery.messageId}</span>
        </p>
      );
    case "waiting":
      if (mail.blocked) return <p>Waiting: the site cannot send e-mail at the moment{mail.fault ? " (see above)" : "; a publisher can see why"}.</p>;
      return (
        <>
          <p>
            Waiting to be sent
            {delivery.attempts > 0 ? `: tried ${delivery.attempts === 1 ? "once" : `${delivery.attempts} times`}` : ""}
            {delivery.nextAt ? `, next try ${when(delivery.nextAt)}` : ""}.
          </p>
          {delivery.lastError && (
            <p>
              Last time: {delivery.lastError} <span className="text-slate-700">The mail server said: {delivery.detail}</span>
            </p>
          )}
        </>
      );
    case "refused":
      return (
        <>
          <p className="font-semibold text-red-800">
            Refused{delivery.refusedAt ? ` ${when(delivery.refusedAt)}` : ""}: {delivery.reason}
          </p>
          <p className="break-words text-slate-700">The mail server said: {delivery.detail}</p>
          <p className="mt-1">Once the cause is fixed, send it again: it goes to {mail.mailTo ?? "the company's address"} once.</p>
          <button type="button" className={`${PRIMARY} mt-2`} onClick={onSendAgain}>
            Send again
          </button>
        </>
      );
  }
}

export interface EnquiryDetailProps {
  enquiry: Enquiry;
  mail: MailState;
  people: Person[];
  onChange(change: { status?: FollowUp; assignee?: string | null; note?: string }): Promise<boolean>;
  onSendAgain(): void;
}

export function EnquiryDetail({ enquiry, mail, people, onChange, onSendAgain }: EnquiryDetailProps) {
  const id = useId();
  const [status, setStatus] = useState<FollowUp>(enquiry.status);
  const [assignee, setAssignee] = useState(enquiry.assignee?.email ?? "");
  const [note, setNote] = useState("");
  const [saved, setSaved] = useState("");
  // This one changed (by someone else too): the form shows it as it is now. (Another one is another component: its key.)
  useEffect(() => {
    setStatus(enquiry.status);
    setAssignee(enquiry.assignee?.email ?? "");
  }, [enquiry.status, enquiry.assignee?.email]);

  const assignable = enquiry.assignee && !people.some((p) => p.email === enquiry.assignee?.email) ? [...people, enquiry.assignee] : people;
  const save = async () => {
    const change = {
      ...(status !== enquiry.status ? { status } : {}),
      ...(assignee !== (enquiry.assignee?.email ?? "") ? { assignee: assignee || null } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    if (Object.keys(change).length === 0) return setSaved("Nothing to save: nothing changed.");
    if (await onChange(change)) {
      setNote("");
      setSaved("Saved.");
    }
  };

  return (
    <article aria-labelledby={`${id}-title`} className="space-y-4 text-sm">
      <header>
        <h3 id={`${id}-title`} className="text-base font-bold break-words">
          {enquiry.subject}
        </h3>
        <p className="text-slate-800">
          From <strong>{enquiry.name || "(no name)"}</strong>
          {enquiry.email && <> &lt;{enquiry.email}&gt;</>}
          {enquiry.phone && <>, phone {enquiry.phone}</>}, received {when(enquiry.receivedAt)}
        </p>
      </header>
      <div className="rounded border border-slate-300 bg-white p-3 whitespace-pre-wrap break-words">{enquiry.message}</div>

      <section aria-labelledby={`${id}-delivery`}>
        <h4 id={`${id}-delivery`} className="font-semibold">
          E-mail to the company
        </h4>
        <DeliveryState delivery={enquiry.delivery} mail={mail} onSendAgain={onSendAgain} />
      </section>

      <section aria-labelledby={`${id}-follow`} className="space-y-3">
        <h4 id={`${id}-follow`} className="font-semibold">
          Follow-up
        </h4>
        <ReplyAndSpam enquiry={enquiry} onChange={onChange} />
        <form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <label className="grid gap-1">
            <span className="font-medium">Status</span>
            <select className="rounded border border-slate-400 bg-white p-1.5" value={status} onChange={(e) => setStatus(e.target.value as FollowUp)}>
              {FOLLOW_UPS.map((s) => (
                <option key={s} value={s}>
                  {STATUS_WORDS[s]}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1">
            <span className="font-medium">Assigned to</span>
            <select className="rounded border border-slate-400 bg-white p-1.5" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
              <option value="">Nobody</option>
              {assignable.map((p) => (
                <option key={p.email} value={p.email}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 sm:col-span-2">
            <span className="font-medium">Add a note</span>
            <textarea
              className="min-h-16 rounded border border-slate-400 bg-white p-1.5"
              maxLength={2000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          <div className="flex items-center gap-3 sm:col-span-2">
            <button type="submit" className={PRIMARY}>
              Save
            </button>
            <span role="status" className="text-slate-800">
              {saved}
            </span>
          </div>
        </form>
        {enquiry.notes.length > 0 && <Notes id={`${id}-notes`} notes={enquiry.notes} />}
        {enquiry.changed && (
          <p className="text-xs text-slate-700">
            Last changed {when(enquiry.changed.at)} by {people.find((p) => p.email === enquiry.changed?.by)?.name ?? enquiry.changed.by}.
          </p>
        )}
      </section>
    </article>
  );
}

/** Reply (the person's mail program, addressed to them, when the address given looks like one), and Mark as spam or Not spam. */
function ReplyAndSpam({ enquiry, onChange }: { enquiry: Enquiry; onChange: EnquiryDetailProps["onChange"] }) {
  const reply = enquiry.replyTo ? `mailto:${enquiry.replyTo}?subject=${encodeURIComponent(`Re: ${enquiry.subject}`)}` : null;
  return (
    <div className="flex flex-wrap gap-2">
      {reply ? (
        <a className={BUTTON} href={reply}>
          Reply to {enquiry.name || enquiry.replyTo}
        </a>
      ) : (
        <p className="text-slate-700">No reply by e-mail: the address given does not look like one.</p>
      )}
      {enquiry.status === "spam" ? (
        <button type="button" className={BUTTON} onClick={() => void onChange({ status: "new" })}>
          Not spam
        </button>
      ) : (
        <button type="button" className={BUTTON} onClick={() => void onChange({ status: "spam" })}>
          Mark as spam
        </button>
      )}
    </div>
  );
}

/** The enquiry's notes, oldest first, each with who wrote it and when; `id` is its heading's. */
function Notes({ id, notes }: { id: string; notes: Enquiry["notes"] }) {
  return (
    <section aria-labelledby={id}>
      <h4 id={id} className="font-semibold">
        Notes
      </h4>
      <ol className="space-y-2">
        {notes.map((n) => (
          <li key={`${n.at}${n.by}`} className="rounded bg-slate-100 p-2">
            <span className="block text-xs text-slate-700">
              {n.name}, {when(n.at)}
            </span>
            <span className="whitespace-pre-wrap break-words">{n.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
