/**
 * Enquiries exported: JSON (everything the site and the team hold of each, for a person's copy of
 * their data or a backup) and CSV (one row each, for a spreadsheet). The CSV is RFC 4180 (every
 * field quoted, CRLF) with a byte-order mark so spreadsheets read it as UTF-8, and a field that a
 * spreadsheet would run as a formula (=, +, -, @) starts with an apostrophe (OWASP's CSV injection advice).
 */
import type { Delivery, Enquiry } from "../builder/shared/inbox.ts";

/** What an export holds of one enquiry. */
export function exported(e: Enquiry) {
  return {
    id: e.id,
    receivedAt: e.receivedAt,
    name: e.name,
    email: e.email,
    phone: e.phone,
    subject: e.subject,
    message: e.message,
    text: e.text,
    messageId: e.messageId,
    sentFrom: e.clientIp,
    delivery: e.delivery,
    status: e.status,
    assignee: e.assignee,
    notes: e.notes,
  };
}

export function toJson(enquiries: Enquiry[], by: string): string {
  return `${JSON.stringify({ exportedAt: new Date().toISOString(), exportedBy: by, count: enquiries.length, enquiries: enquiries.map(exported) }, null, 2)}\n`;
}

/** A delivery in a few words, for a spreadsheet's cell. */
export function deliveryWords(d: Delivery): string {
  switch (d.state) {
    case "kept":
      return "kept in the outbox (not e-mailed)";
    case "waiting":
      return "waiting to be sent";
    case "sent":
      return `sent${d.sentAt ? ` ${d.sentAt}` : ""}`;
    case "refused":
      return `refused: ${d.detail}`;
    case "trap":
      return "caught by the spam trap";
  }
}

const COLUMNS: [string, (e: Enquiry) => string][] = [
  ["Received", (e) => e.receivedAt],
  ["Name", (e) => e.name],
  ["E-mail", (e) => e.email],
  ["Phone", (e) => e.phone],
  ["Subject", (e) => e.subject],
  ["Message", (e) => e.message],
  ["Status", (e) => e.status],
  ["Assigned to", (e) => e.assignee?.name ?? ""],
  ["Notes", (e) => e.notes.map((n) => `${n.at} ${n.name}: ${n.text}`).join("\n")],
  ["Delivery", (e) => deliveryWords(e.delivery)],
  ["Message-ID", (e) => e.messageId],
  ["Id", (e) => e.id],
];

/** One CSV field: quoted, quotes doubled, a would-be formula defused. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(enquiries: Enquiry[]): string {
  const rows = [COLUMNS.map(([title]) => csvField(title)), ...enquiries.map((e) => COLUMNS.map(([, value]) => csvField(value(e))))];
  return `\uFEFF${rows.map((r) => r.join(",")).join("\r\n")}\r\n`;
}
