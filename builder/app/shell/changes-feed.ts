/**
 * Where the builder hears that content changed on disk: an event stream from its server. Under
 * `npm run edit`: "changed" (a file of site-config/ was written) and "code" (the builder was built
 * again); in the studio also "presence", "publish", "enquiries" (the inbox changed), "status" (a schedule or a review changed) and "drafts" (what waits to be published, after a change). One stream for every listener. After the
 * stream was cut (the server restarted), a "changed" is passed on: what happened meanwhile was missed.
 */
type Listener = (event: string, data: unknown) => void;
const listeners = new Set<Listener>();
let source: EventSource | null = null;

const EVENTS = ["changed", "code", "presence", "publish", "enquiries", "status", "drafts"];

/** Calls `listener` for each event of the builder's server (see above). */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (!source) {
    const stream = new EventSource("/__edit/api/events");
    source = stream;
    let cut = false;
    stream.addEventListener("error", () => {
      cut = true;
    });
    stream.addEventListener("open", () => {
      if (!cut) return;
      cut = false;
      for (const l of listeners) l("changed", null);
    });
    for (const event of EVENTS)
      stream.addEventListener(event, (e) => {
        const data = JSON.parse((e as MessageEvent<string>).data) as unknown;
        for (const l of listeners) l(event, data);
      });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && source) {
      source.close();
      source = null;
    }
  };
}
