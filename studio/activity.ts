/**
 * The studio's activity log: who did what, when, one JSON line per event, only ever appended
 * (STUDIO_DATA/activity.log, owner-only). Each line is flushed to disk before the call returns, so
 * an event that was recorded survives a crash; a line cut short by one is skipped when read, and
 * the next event starts on a line of its own. Any part of the studio records here (the inbox's
 * views and exports; saves, publishes and sign-ins may follow).
 */
import { closeSync, existsSync, fstatSync, fsyncSync, mkdirSync, openSync, readFileSync, readSync, writeSync } from "node:fs";
import { dirname } from "node:path";

export interface ActivityEntry {
  /** ISO time. */
  time: string;
  /** The account's e-mail address, or "studio" for what the studio does on its own (retention). */
  who: string;
  /** What happened, a short fixed word: "enquiry.view", "enquiries.export"... */
  what: string;
  details?: Record<string, unknown>;
}

export class ActivityLog {
  constructor(readonly file: string) {}

  /** Appends one entry and flushes it to disk; synchronous, so entries keep the order of their events. */
  record(who: string, what: string, details?: Record<string, unknown>): ActivityEntry {
    const entry: ActivityEntry = { time: new Date().toISOString(), who, what, ...(details ? { details } : {}) };
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    const fd = openSync(this.file, "a", 0o600);
    try {
      // A line cut short by a crash would swallow this one: start on a new line after it.
      const size = fstatSync(fd).size;
      const torn = size > 0 && !endsWithNewline(this.file, size);
      writeSync(fd, `${torn ? "\n" : ""}${JSON.stringify(entry)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    return entry;
  }

  /** Every entry, oldest first (lines that are not whole entries skipped); `filter` picks some. */
  read(filter?: (entry: ActivityEntry) => boolean): ActivityEntry[] {
    if (!existsSync(this.file)) return [];
    const entries: ActivityEntry[] = [];
    for (const line of readFileSync(this.file, "utf8").split("\n")) {
      if (line.trim() === "") continue;
      try {
        const entry = JSON.parse(line) as ActivityEntry;
        if (typeof entry.time === "string" && typeof entry.who === "string" && typeof entry.what === "string" && (!filter || filter(entry)))
          entries.push(entry);
      } catch {
        // A line a crash cut short.
      }
    }
    return entries;
  }
}

function endsWithNewline(file: string, size: number): boolean {
  const fd = openSync(file, "r");
  try {
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] === 0x0a;
  } finally {
    closeSync(fd);
  }
}
