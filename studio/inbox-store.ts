/**
 * The inbox's own record of each enquiry (STUDIO_DATA/inbox.json): its follow-up status, who it is
 * assigned to, the notes, and who changed it last. The enquiries themselves stay in the site's
 * outbox; this file holds only what the team adds, by enquiry id. Rewritten whole on each change
 * through a temporary file and a rename (durable.ts), so a crash leaves the last change or the one
 * before, never half of one; one studio runs on a STUDIO_DATA (its control socket sees to that).
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { FOLLOW_UPS, type FollowUp, type Note } from "../builder/shared/inbox.ts";
import { writeFileDurably } from "./durable.ts";

export interface FollowUpRecord {
  status: FollowUp;
  /** The e-mail of the account it is assigned to. */
  assignee: string | null;
  notes: Note[];
  changed: { at: string; by: string } | null;
}

interface StoreFile {
  version: 1;
  enquiries: Record<string, FollowUpRecord>;
}

export interface FollowUpChange {
  status?: FollowUp;
  assignee?: string | null;
  note?: string;
}

export class InboxStore {
  private data: StoreFile;

  constructor(readonly file: string) {
    this.data = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as StoreFile) : { version: 1, enquiries: {} };
    for (const record of Object.values(this.data.enquiries)) if (!FOLLOW_UPS.includes(record.status)) record.status = "new";
  }

  get(id: string): FollowUpRecord | undefined {
    return Object.hasOwn(this.data.enquiries, id) ? this.data.enquiries[id] : undefined;
  }

  ids(): string[] {
    return Object.keys(this.data.enquiries);
  }

  /** Applies a change by `who` and writes it to disk before returning: once this returns, it survives a crash. */
  change(id: string, change: FollowUpChange, who: { email: string; name: string }, initial: FollowUp): FollowUpRecord {
    const now = new Date().toISOString();
    const before = this.get(id) ?? { status: initial, assignee: null, notes: [], changed: null };
    const record: FollowUpRecord = {
      status: change.status ?? before.status,
      assignee: change.assignee === undefined ? before.assignee : change.assignee,
      notes: change.note === undefined ? before.notes : [...before.notes, { at: now, by: who.email, name: who.name, text: change.note }],
      changed: { at: now, by: who.email },
    };
    this.write({ ...this.data, enquiries: { ...this.data.enquiries, [id]: record } });
    return record;
  }

  /** Forgets the records of enquiries deleted (retention, a person's request); how many there were. */
  forget(ids: Iterable<string>): number {
    const enquiries = { ...this.data.enquiries };
    let n = 0;
    for (const id of ids)
      if (Object.hasOwn(enquiries, id)) {
        delete enquiries[id];
        n++;
      }
    if (n > 0) this.write({ ...this.data, enquiries });
    return n;
  }

  /** The new data is in memory only once it is on disk: a failed write changes nothing. */
  private write(data: StoreFile) {
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    writeFileDurably(this.file, `${JSON.stringify(data)}\n`, 0o600);
    this.data = data;
  }
}
