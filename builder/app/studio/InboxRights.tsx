/**
 * Exports and a person's data: every enquiry as CSV or JSON; one person's, found by their e-mail
 * address, exported, or deleted on their request after a confirmation that names how many and
 * which. Each export and deletion is recorded in the studio's activity log.
 */
import { type RefObject, useRef, useState } from "react";
import type { PersonsEnquiries } from "../../shared/inbox";
import { api, exportUrl } from "../api-client";
import { when } from "./EnquiryDetail";

const LINK = "rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-slate-400 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700";
const DANGER =
  "rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700";

const count = (n: number) => (n === 1 ? "1 enquiry" : `${n} enquiries`);

export function InboxRights({ retentionDays, onDeleted }: { retentionDays: number; onDeleted(): void }) {
  const [email, setEmail] = useState("");
  const [found, setFound] = useState<PersonsEnquiries | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [said, setSaid] = useState("");
  const [error, setError] = useState<string | null>(null);
  const question = useRef<HTMLParagraphElement>(null);

  const find = async () => {
    setConfirming(false);
    setSaid("");
    try {
      setFound(await api.personsEnquiries(email.trim()));
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const erase = async () => {
    if (!found) return;
    try {
      const { deleted } = await api.erase(found.email, found.enquiries.length);
      setSaid(`Deleted ${count(deleted)} of ${found.email}.`);
      setFound(null);
      setConfirming(false);
      setError(null);
      onDeleted();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <div className="space-y-3 text-sm">
      <p>
        Every enquiry:{" "}
        <a className={LINK} href={exportUrl("csv")} download>
          Export all as CSV
        </a>{" "}
        <a className={LINK} href={exportUrl("json")} download>
          Export all as JSON
        </a>
      </p>
      <p className="text-slate-700">Enquiries are deleted {retentionDays} days after they arrive (ENQUIRY_RETENTION_DAYS).</p>
      <FindPerson email={email} onEmail={setEmail} onFind={() => void find()} />
      {error && (
        <p role="alert" className="font-semibold text-red-800">
          {error}
        </p>
      )}
      <p role="status">{said}</p>
      {found && (
        <div className="space-y-2">
          <p>{found.enquiries.length === 0 ? `No enquiry from ${found.email}.` : `${count(found.enquiries.length)} from ${found.email}:`}</p>
          {found.enquiries.length > 0 && (
            <>
              <ul className="list-disc pl-5">
                {found.enquiries.map((e) => (
                  <li key={e.id}>
                    {when(e.receivedAt)}: {e.subject}
                  </li>
                ))}
              </ul>
              <p className="flex flex-wrap gap-2">
                <a className={LINK} href={exportUrl("json", found.email)} download>
                  Export theirs as JSON
                </a>
                <a className={LINK} href={exportUrl("csv", found.email)} download>
                  Export theirs as CSV
                </a>
                {!confirming && (
                  <button
                    type="button"
                    className={LINK}
                    onClick={() => {
                      setConfirming(true);
                      requestAnimationFrame(() => question.current?.focus());
                    }}
                  >
                    Delete theirs…
                  </button>
                )}
              </p>
              {confirming && <ConfirmErase question={question} found={found} onErase={() => void erase()} onKeep={() => setConfirming(false)} />}
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** The search for one person's enquiries, by their e-mail address. */
function FindPerson({ email, onEmail, onFind }: { email: string; onEmail(email: string): void; onFind(): void }) {
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onFind();
      }}
    >
      {/* The label takes the width, at most the screen's: an input's own width would push a 320 px screen sideways. */}
      <label className="grid w-72 max-w-full gap-1">
        <span className="font-medium">A person's e-mail address</span>
        <input
          type="email"
          required
          className="w-full rounded border border-slate-400 bg-white p-1.5"
          value={email}
          onChange={(e) => onEmail(e.target.value)}
        />
      </label>
      <button type="submit" className={LINK}>
        Find their enquiries
      </button>
    </form>
  );
}

/** The question before a person's enquiries are deleted for good, naming how many and whose; `question` takes the focus. */
function ConfirmErase({
  question,
  found,
  onErase,
  onKeep,
}: {
  question: RefObject<HTMLParagraphElement | null>;
  found: PersonsEnquiries;
  onErase(): void;
  onKeep(): void;
}) {
  return (
    <div className="rounded border border-red-300 bg-red-50 p-3">
      <p ref={question} tabIndex={-1} className="font-semibold text-red-900 focus-visible:outline-2 focus-visible:outline-red-700">
        Delete the {count(found.enquiries.length)} of {found.email} for good, with their notes? This cannot be undone.
      </p>
      <p className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={DANGER} onClick={onErase}>
          Delete {count(found.enquiries.length)} for good
        </button>
        <button type="button" className={LINK} onClick={onKeep}>
          Keep them
        </button>
      </p>
    </div>
  );
}
