/**
 * What the builder's server tells the open builders, as server-sent events on /__edit/api/events:
 * content changed ("changed": written by the builder, by hand, by Git, by another editor), the
 * builder's own code was built again ("code"), and in the studio who is editing what ("presence"),
 * a publish's steps ("publish") and the drafts waiting to be published ("drafts"). One
 * implementation for `npm run edit` and the studio. A stream is pinged now and then (proxies close
 * quiet connections), and tells the browser to reconnect within a second after a restart (the
 * builder then catches up).
 */
import type { ServerResponse } from "node:http";

const PING_MS = 25_000;

export class EventStream {
  /** Each open builder's stream, and whose it is (null under `npm run edit`). */
  private readonly clients = new Map<ServerResponse, string | null>();
  private readonly leaving = new Set<(who: string) => void>();
  private readonly sent = new Set<(event: string, data: unknown) => void>();
  private readonly ping = setInterval(() => this.send("ping", {}), PING_MS);

  constructor() {
    this.ping.unref();
  }

  /** Keeps `res` open as an event stream until the browser goes; `hello` is sent to it first. */
  subscribe(res: ServerResponse, who: string | null, hello?: { event: string; data: unknown }) {
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      // Not held in a proxy's buffer (nginx).
      "X-Accel-Buffering": "no",
    });
    res.write("retry: 1000\n\n");
    this.clients.set(res, who);
    res.on("close", () => {
      this.clients.delete(res);
      if (who !== null && ![...this.clients.values()].includes(who)) for (const listener of this.leaving) listener(who);
    });
    if (hello) this.send(hello.event, hello.data, res);
  }

  /** Calls `listener` when the last stream of a person closes. */
  onLeave(listener: (who: string) => void) {
    this.leaving.add(listener);
  }

  send(event: string, data: unknown, only?: ServerResponse) {
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const client of only ? [only] : this.clients.keys()) client.write(text);
    if (!only) for (const listener of this.sent) listener(event, data);
  }

  /** Calls `listener` after each event sent to every stream (what follows from it, such as a summary). */
  onSend(listener: (event: string, data: unknown) => void) {
    this.sent.add(listener);
  }

  /** How many builders are open. */
  get size() {
    return this.clients.size;
  }

  /** Ends every stream: the server is stopping (a stream never ends on its own). */
  close() {
    clearInterval(this.ping);
    for (const client of this.clients.keys()) client.end();
  }
}
