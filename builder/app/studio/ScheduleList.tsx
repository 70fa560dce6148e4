/**
 * Scheduled publishing in the Publish dialog: a date and time on the site's clocks (its time zone
 * shown) for what is ticked, and every publish scheduled, soonest first, with what it takes, who set
 * it, Change time and Cancel; one that failed says why (it is not tried again until given a new time).
 */
import { useState } from "react";
import { api, type ScheduledPublish } from "../api-client";

/** Tomorrow at 09:00 on the site's clocks, as a date-and-time field holds it. */
function tomorrowAtNine(timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(Date.now() + 86_400_000);
  return `${day}T09:00`;
}

export interface ScheduleListProps {
  schedules: ScheduledPublish[];
  timeZone: string;
  /** The files ticked (undefined: everything waiting); null: nothing ticked. */
  files: string[] | undefined | null;
  canSchedule: boolean;
}

type Act = (work: Promise<unknown>, done: string) => Promise<void>;

const SMALL_BUTTON = "ml-2 rounded px-2 py-0.5 text-xs ring-1 ring-slate-400 hover:bg-slate-100";

/** One scheduled publish: when, what, by whom, how it stands; Change time (a new date and time, also for a failed one) and Cancel. */
function ScheduleItem({ schedule: s, timeZone, canSchedule, act }: { schedule: ScheduledPublish; timeZone: string; canSchedule: boolean; act: Act }) {
  const [moving, setMoving] = useState(false);
  const [wall, setWall] = useState(s.wall);
  const move = () => void act(api.moveSchedule(s.id, wall), "Moved: the list shows its new time.").then(() => setMoving(false));
  return (
    <li className={s.state === "failed" ? "rounded bg-red-50 p-1 ring-1 ring-red-300" : ""}>
      <span className="font-semibold">{s.when}</span>: {s.titles.length > 0 ? s.titles.join(", ") : "everything waiting then"} (by {s.by.name})
      {s.state === "running" && " — publishing now"}
      {s.state === "waiting" && s.ready && <span className="block text-slate-700">Checked and built: it goes live at its time.</span>}
      {s.state === "failed" && <span className="block font-semibold text-red-800">Failed: {s.reason}</span>}
      {s.note && <span className="block text-slate-700">{s.note}</span>}
      {canSchedule && s.state !== "running" && !moving && (
        <>
          <button type="button" className={SMALL_BUTTON} onClick={() => setMoving(true)}>
            Change time<span className="sr-only"> of the publish scheduled for {s.when}</span>
          </button>
          <button type="button" className={SMALL_BUTTON} onClick={() => void act(api.cancelSchedule(s.id), `Cancelled the publish scheduled for ${s.when}.`)}>
            Cancel<span className="sr-only"> the publish scheduled for {s.when}</span>
          </button>
        </>
      )}
      {moving && (
        <span className="mt-1 flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1">
            New date and time ({timeZone})
            <input type="datetime-local" className="rounded border border-slate-400 px-2 py-1" value={wall} onChange={(e) => setWall(e.target.value)} />
          </label>
          <button type="button" className={SMALL_BUTTON} onClick={move}>
            Save the new time
          </button>
          <button type="button" className={SMALL_BUTTON} onClick={() => setMoving(false)}>
            Keep {s.when}
          </button>
        </span>
      )}
    </li>
  );
}

export function ScheduleList({ schedules, timeZone, files, canSchedule }: ScheduleListProps) {
  const [wall, setWall] = useState(() => tomorrowAtNine(timeZone));
  const [said, setSaid] = useState<string | null>(null);
  const act: Act = (work, done) =>
    work.then(
      () => setSaid(done),
      (err: Error) => setSaid(err.message),
    );
  return (
    <section aria-labelledby="schedule-title" className="mb-3 rounded border border-slate-300 p-2">
      <h3 id="schedule-title" className="text-sm font-semibold">
        Publish later
      </h3>
      {canSchedule && files !== null && (
        <div className="mt-1 flex flex-wrap items-end gap-2 text-sm">
          <label className="flex flex-col gap-1">
            Date and time ({timeZone})
            <input type="datetime-local" className="rounded border border-slate-400 px-2 py-1" value={wall} onChange={(e) => setWall(e.target.value)} />
          </label>
          <button
            type="button"
            className="rounded-md px-3 py-1.5 font-semibold ring-1 ring-slate-400 hover:bg-slate-100"
            onClick={() => void act(api.schedule(wall, files), "Scheduled: it is in the list below.")}
          >
            Schedule what is ticked
          </button>
        </div>
      )}
      <p role="status" className="mt-1 text-sm">
        {said}
      </p>
      {schedules.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">Nothing is scheduled.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {schedules.map((s) => (
            <ScheduleItem key={s.id} schedule={s} timeZone={timeZone} canSchedule={canSchedule} act={act} />
          ))}
        </ul>
      )}
    </section>
  );
}
