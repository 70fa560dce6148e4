/**
 * Who is editing which file, for the file list and the open file (the builder says which file it
 * has open every 20 s, and once as it opens one). Kept for a minute after the last sign of life,
 * and ended at once when the person's last builder closes. Every change is told to the builders.
 */
import type { EventStream } from "../builder/server/events.ts";

export interface Editing {
  email: string;
  name: string;
  path: string;
  at: number;
}

const PRESENCE_MS = 60_000;

export class Presence {
  private readonly people = new Map<string, Editing>();

  constructor(private readonly events: EventStream) {
    events.onLeave((email) => {
      if (this.people.delete(email)) this.tell();
    });
  }

  private tell() {
    this.events.send("presence", this.editing());
  }

  /** Who is editing what now. */
  editing(): Editing[] {
    const now = Date.now();
    for (const [email, p] of this.people) if (now - p.at > PRESENCE_MS) this.people.delete(email);
    return [...this.people.values()];
  }

  here(p: Omit<Editing, "at">) {
    const before = this.people.get(p.email)?.path;
    this.people.set(p.email, { ...p, at: Date.now() });
    if (before !== p.path) this.tell();
  }
}
