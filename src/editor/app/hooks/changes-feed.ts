/**
 * Where the builder hears that content changed on disk: in `npm run edit`, the dev server's
 * message (site-content:changed); in the studio, its event stream (another editor saved, a publish
 * merged). One subscription for each, whatever listens.
 */
import { CONTENT_CHANGED } from "@/content/dev-events";

type Listener = (event: string, data: unknown) => void;
const listeners = new Set<Listener>();
let source: EventSource | null = null;

/** Calls `listener` for each change (event "changed"), and in the studio for its other events ("presence", "publish"). */
export function subscribe(listener: Listener, studio: boolean): () => void {
  listeners.add(listener);
  const hot = import.meta.hot;
  const onHot = () => listener("changed", null);
  if (hot && !studio) hot.on(CONTENT_CHANGED, onHot);
  if (studio && !source) {
    source = new EventSource("/__edit/api/studio/events");
    for (const event of ["changed", "presence", "publish"])
      source.addEventListener(event, (e) => {
        const data = JSON.parse((e as MessageEvent<string>).data) as unknown;
        for (const l of listeners) l(event, data);
      });
  }
  return () => {
    listeners.delete(listener);
    if (hot && !studio) hot.off(CONTENT_CHANGED, onHot);
    if (listeners.size === 0 && source) {
      source.close();
      source = null;
    }
  };
}
