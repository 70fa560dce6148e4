/**
 * The inbox: the site's enquiries for the people who answer them. A search (words, status, dates)
 * over the list, newest first; one opened beside it (below, on a narrow screen); for publishers,
 * once at the top, what stops the site sending e-mail when its own settings are refused; exports
 * and a person's data under "Export and people's data".
 */
import { useEffect, useId, useRef } from "react";
import { type EnquirySummary, FOLLOW_UPS, type FollowUp, type MailState } from "../../shared/inbox";
import { DialogTop } from "../shell/DialogTop";
import { useModal } from "../shell/useModal";
import { deliveryLabel, EnquiryDetail, STATUS_WORDS, when } from "./EnquiryDetail";
import { InboxRights } from "./InboxRights";
import { useInbox } from "./useInbox";

export interface InboxDialogProps {
  open: boolean;
  /** The signed-in account's e-mail. */
  me: string;
  onClose(): void;
}

const FIELD = "rounded border border-slate-400 bg-white p-1.5";
const BADGE: Record<FollowUp, string> = {
  new: "bg-blue-100 text-blue-950",
  "in progress": "bg-amber-100 text-amber-950",
  answered: "bg-green-100 text-green-950",
  spam: "bg-slate-200 text-slate-900",
  closed: "bg-slate-200 text-slate-900",
};

export function InboxDialog({ open, me, onClose }: InboxDialogProps) {
  const dialog = useModal(open);
  const id = useId();
  const inbox = useInbox(open, me);
  const { list, detail, search, setSearch } = inbox;
  const reading = useRef<HTMLDivElement>(null);
  // An enquiry opened: where it shows (below the list on a narrow screen) comes into view.
  const openId = detail?.id;
  useEffect(() => {
    if (openId) reading.current?.scrollIntoView?.({ block: "nearest" });
  }, [openId]);

  const counts = list?.counts;
  const shown = list?.enquiries.length ?? 0;
  return (
    <dialog ref={dialog} aria-labelledby="inbox-title" className="ed-dialog m-auto max-h-[92vh] w-[min(80rem,calc(100vw-1rem))] max-sm:p-3" onClose={onClose}>
      <DialogTop id="inbox-title" title="Enquiries" error={inbox.error} onClose={onClose} />
      {list?.unavailable && <p className="mb-3 rounded bg-amber-100 p-3 text-sm text-amber-950">{list.unavailable}</p>}
      {list && <MailNotices id={`${id}-fault`} mail={list.mail} />}

      <search className="mb-2 flex flex-wrap items-end gap-2 text-sm" aria-label="Search the enquiries">
        <label className="grid gap-1">
          <span className="font-medium">Words</span>
          <input type="search" className={`${FIELD} w-56`} value={search.q} onChange={(e) => setSearch({ ...search, q: e.target.value })} />
        </label>
        <label className="grid gap-1">
          <span className="font-medium">Show</span>
          <select className={FIELD} value={search.status} onChange={(e) => setSearch({ ...search, status: e.target.value as FollowUp | "all" })}>
            <option value="all">Every status but spam</option>
            {FOLLOW_UPS.map((s) => (
              <option key={s} value={s}>
                {STATUS_WORDS[s]}
                {counts ? ` (${counts[s]})` : ""}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1">
          <span className="font-medium">From</span>
          <input type="date" className={FIELD} value={search.from} onChange={(e) => setSearch({ ...search, from: e.target.value })} />
        </label>
        <label className="grid gap-1">
          <span className="font-medium">To</span>
          <input type="date" className={FIELD} value={search.to} onChange={(e) => setSearch({ ...search, to: e.target.value })} />
        </label>
      </search>
      <p role="status" className="mb-2 text-sm text-slate-800">
        {list
          ? list.total === 0
            ? "No enquiry found."
            : `${list.total === 1 ? "1 enquiry" : `${list.total} enquiries`}${shown < list.total ? `, the newest ${shown} shown: narrow the search to see the others` : ""}.`
          : "Reading the enquiries…"}
      </p>

      <div className="grid gap-4 md:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <ul aria-label="Enquiries found" className="max-h-[55vh] space-y-1 overflow-y-auto max-md:max-h-[40vh]">
          {list?.enquiries.map((e) => (
            <li key={e.id}>
              <EnquiryRow enquiry={e} current={detail?.id === e.id} onOpen={() => void inbox.choose(e.id)} />
            </li>
          ))}
        </ul>
        <div ref={reading} className="min-w-0">
          {detail && list ? (
            <EnquiryDetail
              key={detail.id}
              enquiry={detail}
              mail={list.mail}
              people={list.people}
              onChange={inbox.change}
              onSendAgain={() => void inbox.sendAgain()}
            />
          ) : (
            <p className="text-sm text-slate-800">{list && list.total > 0 ? "Choose an enquiry to read it." : ""}</p>
          )}
        </div>
      </div>

      {list && !list.unavailable && (
        <details className="mt-4 rounded border border-slate-300 p-2">
          <summary className="cursor-pointer text-sm font-semibold">Export and people's data</summary>
          <div className="mt-2">
            <InboxRights retentionDays={list.retentionDays} onDeleted={() => void inbox.reload()} />
          </div>
        </details>
      )}
    </dialog>
  );
}

/** What stops or spares the site's e-mail: the fault (for publishers), e-mail blocked, or no e-mail set up. `id` is the fault's heading's. */
function MailNotices({ id, mail }: { id: string; mail: MailState }) {
  return (
    <>
      {mail.fault && (
        <section aria-labelledby={id} className="mb-3 rounded border border-red-300 bg-red-50 p-3 text-sm">
          <h3 id={id} className="font-bold text-red-900">
            E-mail is not being sent
          </h3>
          <p>{mail.fault.says}</p>
          <p className="text-slate-800">
            The mail server said: {mail.fault.detail} (since {when(mail.fault.since)}; next try {when(mail.fault.nextAt)}).
          </p>
        </section>
      )}
      {mail.blocked && !mail.fault && (
        <p className="mb-3 rounded bg-amber-100 p-3 text-sm text-amber-950">
          E-mail is not being sent at the moment: the enquiries wait and none is lost. A publisher can see why.
        </p>
      )}
      {mail.smtp === false && <p className="mb-3 text-sm text-slate-800">The site server sends no e-mail (SMTP_URL is not set): enquiries are read here.</p>}
    </>
  );
}

/** One enquiry in the list: who, when, the subject, its status, its e-mail and who it is assigned to; `current` when it is the one open. */
function EnquiryRow({ enquiry: e, current, onOpen }: { enquiry: EnquirySummary; current: boolean; onOpen(): void }) {
  return (
    <button
      type="button"
      aria-current={current ? "true" : undefined}
      className="w-full rounded border border-slate-300 p-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700 aria-[current]:border-blue-700 aria-[current]:bg-blue-50"
      onClick={onOpen}
    >
      <span className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="font-semibold break-words">{e.name || e.email || "(no name)"}</span>
        <span className="text-xs text-slate-700">{when(e.receivedAt)}</span>
      </span>
      <span className="block break-words">{e.subject}</span>
      <span className="mt-1 flex flex-wrap gap-1 text-xs">
        <span className={`rounded px-1.5 py-0.5 ${BADGE[e.status]}`}>{STATUS_WORDS[e.status]}</span>
        <span className={`rounded px-1.5 py-0.5 ${e.delivery.state === "refused" ? "bg-red-100 text-red-900" : "bg-slate-100 text-slate-800"}`}>
          E-mail: {deliveryLabel(e.delivery)}
        </span>
        {e.assignee && <span className="rounded bg-violet-100 px-1.5 py-0.5 text-violet-950">{e.assignee.name}</span>}
      </span>
    </button>
  );
}
