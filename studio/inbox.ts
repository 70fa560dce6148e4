/**
 * The enquiry inbox: the site server's outbox (server/enquiry/outbox.ts) read as a list of
 * enquiries, each with where it stands with the mail server (waiting, sent, refused; the worker's
 * own account of it) and with the team (status, assignee, notes: inbox-store.ts); Send again for a
 * refused one, through the outbox; a person's enquiries found, exported and deleted by their
 * address; and retention. Each enquiry appears once, whichever folder it moves to meanwhile.
 */
import { createHash } from "node:crypto";
import { FOLLOW_UPS, type Delivery, type Enquiry, type FollowUp, type InboxStatus, type MailState, type Person } from "../builder/shared/inbox.ts";
import type { EnquiryFolder, Outbox, QueueState, StoredEnquiry } from "../server/enquiry/outbox.ts";
import { deleteExpired } from "../server/enquiry/retention.ts";
import { parseBody } from "../src/enquiry/enquiry.ts";
import { type Accounts, canAnswerEnquiries } from "./accounts.ts";
import type { FollowUpChange, InboxStore } from "./inbox-store.ts";

const EXCERPT = 140;

/** What a mail server's permanent refusal (5xx) means, by its code. */
const REFUSALS: Record<string, string> = {
  "550": "that mailbox is unavailable: it may not exist, or it does not take mail from the site",
  "551": "the mail server does not take mail for that address",
  "552": "the message is too large for that mailbox, or the mailbox is full",
  "553": "the mail server does not allow that address",
  "554": "the mail server would not take the message, often because its spam filter refused it",
};

/** Why the mail server refused an enquiry for good, in plain words, from what it said ("550 Mailbox unavailable"). */
export function plainRefusal(detail: string, mailTo: string | null): string {
  if (detail.startsWith("unreadable:")) return "Its file in the outbox could not be read, so it could not be sent.";
  const code = /\b(5\d\d)\b/.exec(detail)?.[1];
  const why = code ? REFUSALS[code] : undefined;
  return `The mail server refused to deliver it to ${mailTo ?? "the company's address"}${why ? `: ${why}` : ""}${code ? ` (${code})` : ""}.`;
}

/** Why a try failed that will be tried again, in plain words. */
export function plainFailure(detail: string): string {
  if (/ECONNREFUSED|ECONNRESET|EPIPE/.test(detail)) return "The mail server could not be reached: nothing answered, or the connection was cut.";
  if (/ETIMEDOUT|timeout/i.test(detail)) return "The mail server did not answer in time.";
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo/.test(detail)) return "The mail server's name could not be found.";
  const code = /\b(4\d\d)\b/.exec(detail)?.[1];
  if (code) return `The mail server asked the site to try again later (${code}).`;
  return "Sending failed for a reason that may pass.";
}

/** What a refused configuration of the site's own means and what to do about it. */
export function plainConfigFault(detail: string): string {
  const login = /\b(530|534|535|538)\b|EAUTH|ENOAUTH|EOAUTH2|credentials|login/i.test(detail);
  return `${
    login
      ? "The site cannot send e-mail: the mail server refuses its login (the user name or password in SMTP_URL)."
      : "The site cannot send e-mail: its connection to the mail server fails before any message is sent (the port or TLS setting in SMTP_URL)."
  } Correct SMTP_URL where the site server runs and restart it. Every enquiry waits in the outbox meanwhile and none is lost.`;
}

/** A person's address as the inbox compares it. */
const normal = (email: string) => email.trim().toLowerCase();

/** A person's address in the activity log: enough to check later whose request it was, without keeping the address itself. */
export const personKey = (email: string) => createHash("sha256").update(normal(email)).digest("hex").slice(0, 16);

interface Content {
  stored: StoredEnquiry;
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** The dates a search gives, as instants; the other fields as typed. */
export interface Search {
  q?: string;
  status?: FollowUp | "all";
  from?: number;
  to?: number;
}

export class Inbox {
  /** What each enquiry says: its file never changes once written, whichever folder it is in. */
  private readonly contents = new Map<string, Content>();

  constructor(
    readonly outbox: Outbox,
    private readonly store: InboxStore,
    private readonly accounts: Accounts,
  ) {}

  /** Who may be assigned an enquiry: the accounts that see them. */
  people(): Person[] {
    return this.accounts
      .list()
      .filter(canAnswerEnquiries)
      .map((a) => ({ email: a.email, name: a.name }));
  }

  private person(email: string | null): Person | null {
    if (!email) return null;
    const account = this.accounts.find(email);
    return { email, name: account?.name ?? email };
  }

  private async content(folder: EnquiryFolder, id: string): Promise<Content | null> {
    const known = this.contents.get(id);
    if (known) return known;
    let stored: StoredEnquiry;
    try {
      stored = await this.outbox.readIn(folder, id);
    } catch {
      // Moved or deleted since the folder was read, or not an enquiry the inbox can read.
      return null;
    }
    const fields = parseBody(stored.text);
    const content: Content = {
      stored,
      name: fields?.name ?? "",
      email: fields?.email ?? stored.replyTo ?? "",
      phone: fields?.phone ?? "",
      message: fields?.message ?? stored.text,
    };
    this.contents.set(id, content);
    return content;
  }

  private async delivery(folder: EnquiryFolder, id: string, stored: StoredEnquiry, queue: QueueState | null): Promise<Delivery> {
    if (folder === "spam") return { state: "trap" };
    if (folder === "dead") {
      const said = (await this.outbox.reason(id)) ?? "";
      const [time = "", ...rest] = said.split(" ");
      const stamped = !Number.isNaN(Date.parse(time));
      const detail = stamped ? rest.join(" ") : said;
      return { state: "refused", refusedAt: stamped ? time : null, reason: plainRefusal(detail, queue?.mailTo ?? null), detail };
    }
    const state = await this.outbox.deliveryState(id);
    if (folder === "sent") return { state: "sent", sentAt: state?.sentAt ?? null, messageId: stored.messageId, response: state?.response ?? null };
    if (queue && !queue.smtp) return { state: "kept" };
    return {
      state: "waiting",
      attempts: state?.sentAt ? 0 : (state?.attempts ?? 0),
      nextAt: state?.nextAt ?? null,
      lastError: state?.lastError ? plainFailure(state.lastError) : null,
      detail: state?.lastError ?? null,
    };
  }

  private async enquiry(folder: EnquiryFolder, id: string, queue: QueueState | null): Promise<Enquiry | null> {
    const content = await this.content(folder, id);
    if (!content) return null;
    const { stored } = content;
    const record = this.store.get(id);
    return {
      id,
      receivedAt: stored.receivedAt,
      name: content.name,
      email: content.email,
      replyTo: stored.replyTo,
      phone: content.phone,
      subject: stored.subject,
      excerpt: content.message.length > EXCERPT ? `${content.message.slice(0, EXCERPT).trimEnd()}…` : content.message,
      message: content.message,
      text: stored.text,
      messageId: stored.messageId,
      clientIp: stored.clientIp,
      status: record?.status ?? (folder === "spam" ? "spam" : "new"),
      assignee: this.person(record?.assignee ?? null),
      notes: record?.notes ?? [],
      changed: record?.changed ?? null,
      delivery: await this.delivery(folder, id, stored, queue),
    };
  }

  /** Every enquiry, newest first. */
  async all(): Promise<Enquiry[]> {
    const queue = await this.outbox.queueState();
    const found: Enquiry[] = [];
    for (const [id, folder] of await this.outbox.snapshot()) {
      const enquiry = await this.enquiry(folder, id, queue);
      if (enquiry) found.push(enquiry);
    }
    return found.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt) || b.id.localeCompare(a.id));
  }

  async one(id: string): Promise<Enquiry | null> {
    const folder = (await this.outbox.snapshot()).get(id);
    return folder ? this.enquiry(folder, id, await this.outbox.queueState()) : null;
  }

  /** Those matching a search: every word of it in the name, address, phone, subject or message; a status (every one but spam by default); received between two times. */
  async search({ q = "", status = "all", from, to }: Search): Promise<{ found: Enquiry[]; counts: Record<FollowUp, number> }> {
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    const all = await this.all();
    const counts = Object.fromEntries(FOLLOW_UPS.map((s) => [s, 0])) as Record<FollowUp, number>;
    for (const e of all) counts[e.status]++;
    const found = all.filter((e) => {
      if (status === "all" ? e.status === "spam" : e.status !== status) return false;
      const time = Date.parse(e.receivedAt);
      if ((from !== undefined && time < from) || (to !== undefined && time > to)) return false;
      const text = [e.name, e.email, e.phone, e.subject, e.message].join("\n").toLowerCase();
      return words.every((w) => text.includes(w));
    });
    return { found, counts };
  }

  /** For the studio's bar: how many are new (spam left out), and whether e-mail is blocked. Reads no enquiry. */
  async status(): Promise<InboxStatus> {
    let fresh = 0;
    for (const [id, folder] of await this.outbox.snapshot()) if (folder !== "spam" && (this.store.get(id)?.status ?? "new") === "new") fresh++;
    return { new: fresh, blocked: Boolean((await this.outbox.queueState())?.configFault) };
  }

  /** The site server's delivery as a whole; what is wrong with its settings for publishers only. */
  async mail(publisher: boolean): Promise<MailState> {
    const queue = await this.outbox.queueState();
    const fault = queue?.configFault ?? null;
    return {
      smtp: queue ? queue.smtp : null,
      mailTo: queue?.mailTo || null,
      blocked: Boolean(fault),
      fault: fault && publisher ? { says: plainConfigFault(fault.message), detail: fault.message, since: fault.since, nextAt: fault.nextAt } : null,
    };
  }

  /** A change of status, assignee or a note, by `who`; the enquiry as it is then, or null when there is none. */
  async change(id: string, change: FollowUpChange, who: Person): Promise<Enquiry | null> {
    const folder = (await this.outbox.snapshot()).get(id);
    if (!folder) return null;
    this.store.change(id, change, who, folder === "spam" ? "spam" : "new");
    return this.enquiry(folder, id, await this.outbox.queueState());
  }

  /** Send again: a refused one back into the outbox's new/, which the site server's worker delivers. */
  resend(id: string): Promise<boolean> {
    return this.outbox.resend(id);
  }

  /** A person's enquiries, by the address they gave (as written, or as used for replies). */
  async ofPerson(email: string): Promise<Enquiry[]> {
    const address = normal(email);
    return (await this.all()).filter((e) => normal(e.email) === address || (e.replyTo !== null && normal(e.replyTo) === address));
  }

  /** Deletes the given enquiries everywhere (the outbox's files, the team's records); the ids that were there. */
  async remove(ids: string[]): Promise<string[]> {
    const removed: string[] = [];
    for (const id of ids) {
      if (await this.outbox.remove(id)) removed.push(id);
      this.contents.delete(id);
    }
    this.store.forget(ids);
    return removed;
  }

  /**
   * Retention: deletes the enquiries received more than `days` days ago, and forgets the team's
   * records of enquiries no longer in the outbox (deleted by the site server's own retention, say):
   * absent from two readings, so that one moving between folders is never taken for gone.
   */
  async expire(days: number): Promise<{ deleted: string[]; forgotten: number }> {
    const deleted = await deleteExpired(this.outbox, days);
    for (const id of deleted) this.contents.delete(id);
    const first = await this.outbox.snapshot();
    const second = await this.outbox.snapshot();
    const gone = this.store.ids().filter((id) => !first.has(id) && !second.has(id));
    for (const id of gone) this.contents.delete(id);
    const forgotten = this.store.forget([...deleted, ...gone]);
    return { deleted, forgotten };
  }
}
