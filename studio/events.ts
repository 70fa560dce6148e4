/**
 * What the studio tells the open builders, as server-sent events on /__edit/api/studio/events: a
 * file changed (another editor saved, a publish merged), who is editing which file, and a publish's
 * steps as they happen. Presence is kept for a minute after the last sign of life.
 */
import type { ServerResponse } from "node:http";

export interface Presence {
  email: string;
  name: string;
  path: string;
  at: number;
}

const PRESENCE_MS = 60_000;

export class Events {
  /** Each open builder's stream, and whose it is. */
  private readonly clients = new Map<ServerResponse, string>();
  private readonly presence = new Map<string, Presence>();
  private readonly ping = setInterval(() => this.send("ping", {}), 25_000);

  constructor() {
    this.ping.unref();
  }

  /** Keeps `res` open as `email`'s event stream until the browser goes; when their last one goes, they are editing nothing. */
  subscribe(res: ServerResponse, email: string) {
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write(": the studio's events\n\n");
    this.clients.set(res, email);
    res.on("close", () => {
      this.clients.delete(res);
      if (![...this.clients.values()].includes(email) && this.presence.delete(email)) this.send("presence", this.editing());
    });
    this.send("presence", this.editing(), res);
  }

  send(event: string, data: unknown, only?: ServerResponse) {
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const client of only ? [only] : this.clients.keys()) client.write(text);
  }

  /** Who is editing what now. */
  editing(): Presence[] {
    const now = Date.now();
    for (const [email, p] of this.presence) if (now - p.at > PRESENCE_MS) this.presence.delete(email);
    return [...this.presence.values()];
  }

  here(p: Omit<Presence, "at">) {
    const before = this.presence.get(p.email)?.path;
    this.presence.set(p.email, { ...p, at: Date.now() });
    if (before !== p.path) this.send("presence", this.editing());
  }

  close() {
    clearInterval(this.ping);
    for (const client of this.clients.keys()) client.end();
  }
}
