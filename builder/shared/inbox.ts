/** The studio's enquiry inbox as its API answers (studio/inbox-routes.ts) and the builder's inbox shows it (builder/app/studio/inbox/). */

/** Where an enquiry stands with the people who answer it; spam is kept out of the counts. */
export const FOLLOW_UPS = ["new", "in progress", "answered", "spam", "closed"] as const;
export type FollowUp = (typeof FOLLOW_UPS)[number];

/** Where an enquiry stands with the mail server (the site server's outbox). */
export type Delivery =
  /** The site server e-mails nothing (no SMTP_URL): enquiries are read here. */
  | { state: "kept" }
  /** Not sent yet: how often tried, the next try, and why the last one failed (plain words, and the server's own). */
  | { state: "waiting"; attempts: number; nextAt: string | null; lastError: string | null; detail: string | null }
  | { state: "sent"; sentAt: string | null; messageId: string; response: string | null }
  /** Refused for good by the mail server: why, in plain words and in its own; Send again once the cause is fixed. */
  | { state: "refused"; refusedAt: string | null; reason: string; detail: string }
  /** Caught by the form's spam trap (a field people never see was filled): never sent. */
  | { state: "trap" };

export interface Person {
  email: string;
  name: string;
}

export interface Note {
  at: string;
  /** The account's e-mail and name. */
  by: string;
  name: string;
  text: string;
}

/** One enquiry in the list. */
export interface EnquirySummary {
  id: string;
  receivedAt: string;
  name: string;
  /** The address the visitor gave, as written in the enquiry. */
  email: string;
  /** That address when it passed the form's rule (the one Reply writes to), else null. */
  replyTo: string | null;
  phone: string;
  subject: string;
  /** The message's first words. */
  excerpt: string;
  status: FollowUp;
  assignee: Person | null;
  delivery: Delivery;
}

/** One enquiry opened: everything, with its notes. */
export interface Enquiry extends EnquirySummary {
  message: string;
  /** The text as the site received it. */
  text: string;
  messageId: string;
  /** The address it was sent from (for exports: it is the person's data too). */
  clientIp: string;
  notes: Note[];
  /** The last change of its status, assignee or notes. */
  changed: { at: string; by: string } | null;
}

/** The site server's delivery as a whole. */
export interface MailState {
  /** Whether the site server e-mails enquiries (null: it has not said; an older server, or not started yet). */
  smtp: boolean | null;
  mailTo: string | null;
  /** Nothing can be sent: the mail server refuses the site's own settings (a wrong SMTP password). */
  blocked: boolean;
  /** What is wrong and what to do, in plain words: for publishers only. */
  fault: { says: string; detail: string; since: string; nextAt: string } | null;
}

export interface InboxList {
  /** Why there is nothing to show (the studio cannot see the site's outbox), or null. */
  unavailable: string | null;
  /** Those matching the search, newest first (at most `limit`). */
  enquiries: EnquirySummary[];
  /** How many match in all. */
  total: number;
  limit: number;
  /** Every enquiry by status, whatever the search. */
  counts: Record<FollowUp, number>;
  /** Who may be assigned one. */
  people: Person[];
  mail: MailState;
  retentionDays: number;
}

/** What the inbox adds to the studio's status: how many are new, whether e-mail is blocked (for the studio's bar). */
export interface InboxStatus {
  new: number;
  blocked: boolean;
}

/** The search in the list: words, a status (or every one but spam), and received between two times. */
export interface InboxQuery {
  q?: string;
  status?: FollowUp | "all";
  from?: string;
  to?: string;
}

/** A person's enquiries before they are deleted on request: how many, and which (to confirm). */
export interface PersonsEnquiries {
  email: string;
  enquiries: { id: string; receivedAt: string; subject: string }[];
}
