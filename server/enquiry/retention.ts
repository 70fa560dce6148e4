/**
 * Retention: enquiries hold people's names, addresses and phone numbers, so none is kept longer
 * than ENQUIRY_RETENTION_DAYS. Both the site server and the studio run this at start and once a
 * day (whichever runs, the limit holds); it deletes through the outbox (every file of an enquiry,
 * folders flushed) and says what it deleted.
 */
import { stat } from "node:fs/promises";
import type { ENQUIRY_FOLDERS, Outbox } from "./outbox.ts";

export const DAY_MS = 86_400_000;
export const DEFAULT_RETENTION_DAYS = 365;

/**
 * When an enquiry was received: the earlier of its file's time (kept as the file moves between
 * folders) and the time written in it, so that neither a copied file nor an edited one outlives the limit.
 */
async function receivedAt(outbox: Outbox, folder: (typeof ENQUIRY_FOLDERS)[number], id: string): Promise<number | null> {
  let fileTime: number;
  try {
    fileTime = (await stat(outbox.path(folder, id))).mtimeMs;
  } catch {
    return null;
  }
  const written = await outbox.readIn(folder, id).then(
    (e) => Date.parse(e.receivedAt),
    () => Number.NaN,
  );
  return Number.isNaN(written) ? fileTime : Math.min(fileTime, written);
}

/** Deletes every enquiry received more than `days` days before `now`; the ids deleted. */
export async function deleteExpired(outbox: Outbox, days: number, now = Date.now()): Promise<string[]> {
  const cutoff = now - days * DAY_MS;
  const removed: string[] = [];
  for (const [id, folder] of await outbox.snapshot()) {
    const received = await receivedAt(outbox, folder, id);
    if (received !== null && received < cutoff && (await outbox.remove(id))) removed.push(id);
  }
  return removed;
}

/**
 * Runs `run` now (resolving once it is done, so that a start is over only when the limit holds)
 * and then every `everyMs` (a day) until the returned function is called; a run that fails is
 * reported and the next one tried as planned.
 */
export async function everyDay(run: () => Promise<void>, onError: (err: Error) => void, everyMs = DAY_MS): Promise<() => void> {
  const once = () => run().catch(onError);
  await once();
  const timer = setInterval(() => void once(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** "3 enquiries" / "1 enquiry". */
export const enquiries = (n: number) => (n === 1 ? "1 enquiry" : `${n} enquiries`);
