/**
 * Scheduled publishing: a publisher sets a date and time (in the site's time zone) for chosen files
 * or everything waiting. Schedules are kept in STUDIO_DATA/schedules.json, written durably, so they
 * survive a restart or kill -9; one due while the studio was stopped runs at its start and says so;
 * one the studio was killed during is shown as failed, not run again unasked. A schedule that
 * fails (the check, the build, the push, or something changed on both sides) is shown to every
 * publisher with the reason and is not tried again until someone changes its time.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import type { FastifyInstance } from "fastify";
import { BadRequest, NotFound } from "../builder/server/errors.ts";
import type { PublishOutcome, ScheduledPublish } from "../builder/shared/types.ts";
import type { Account } from "./accounts.ts";
import { publisherOnly } from "./builder-api.ts";
import type { StudioContext } from "./context.ts";
import { writeFileDurably } from "./durable.ts";
import { discardReady, type Ready } from "./publish.ts";
import type { Publisher } from "./publish-routes.ts";

/** How often the studio looks for schedules that are due. */
const TICK_MS = 1000;
/** Later than this after its time, a schedule says it ran late (the studio was stopped or busy). */
const LATE_MS = 30_000;
/**
 * This long before its time, a schedule's publish is merged, checked and built, so that at its time
 * only the push and the switch are left (build times: docs/performance.md).
 */
export const AHEAD_MS = 3 * 60_000;

type Stored = Omit<ScheduledPublish, "wall" | "when" | "titles">;

/** The offset of `timeZone` from UTC at the moment `ms`, in milliseconds (Asia/Kolkata: 5.5 hours). */
function offsetAt(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** "2026-11-30T09:00" (seconds too, if given), a date and time on the clocks of `timeZone`: the moment it names (null: not such a date). */
export function fromWall(wall: string, timeZone: string): number | null {
  const [date = "", time = ""] = wall.split("T");
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi, sec = 0] = time.split(":").map(Number);
  if ([y, mo, d, h, mi, sec].some((n) => n === undefined || !Number.isInteger(n)) || (time.length !== 5 && time.length !== 8) || date.length !== 10)
    return null;
  const asUtc = Date.UTC(y as number, (mo as number) - 1, d as number, h as number, mi as number, sec);
  if (new Date(asUtc).toISOString().slice(0, time.length + 11) !== `${date}T${time}`) return null;
  // Twice: the offset at the guess may differ from the one at the answer (a change of summer time between).
  const guess = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(guess, timeZone);
}

/** The moment `ms` on the clocks of `timeZone`, as a date-and-time field holds it: "2026-11-30T09:00". */
export function toWall(ms: number, timeZone: string): string {
  return new Date(ms + offsetAt(ms, timeZone)).toISOString().slice(0, 16);
}

/** "30 Nov 2026, 09:00 (Asia/Kolkata)". */
export const inZone = (ms: number, timeZone: string) =>
  `${new Intl.DateTimeFormat("en-GB", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(ms)} (${timeZone})`;

export class Schedules {
  private list: Stored[];

  constructor(private readonly file: string) {
    this.list = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Stored[]) : [];
  }

  all = () => this.list;
  find = (id: string) => this.list.find((s) => s.id === id);

  /** Changes the schedules and writes them to disk before anything else happens. */
  change(edit: (list: Stored[]) => void) {
    edit(this.list);
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    writeFileDurably(this.file, `${JSON.stringify(this.list, null, 2)}\n`, 0o600);
  }
}

/** Why a publish's outcome is a failed schedule, in words (null: it went through). */
function failure(outcome: PublishOutcome): string | null {
  if (outcome.status === "refused") return outcome.reason;
  if (outcome.status === "conflict")
    return `Something was changed both in the drafts and on the live site (${outcome.files.map((f) => f.title).join(", ")}): publish by hand to choose what to keep.`;
  return null;
}

/**
 * Publishes made ready ahead of their time (AHEAD_MS before it), one at a time, by schedule id, each
 * kept with the time and files it was made for: a schedule changed or cancelled meanwhile has its
 * build thrown away.
 */
function madeAhead(schedules: Schedules, publishing: Publisher, told: () => void) {
  type Ahead = { at: string; files: string; ready: Promise<Ready | null>; settled: boolean; value: Ready | null };
  const made = new Map<string, Ahead>();
  const key = (s: Stored) => JSON.stringify(s.files);
  /** Throws away what was made ahead for a schedule (changed, cancelled, or it failed to be made). */
  function forget(id: string) {
    const entry = made.get(id);
    if (!entry) return;
    made.delete(id);
    void entry.ready.then((ready) => ready && discardReady(ready)).catch(() => undefined);
    const s = schedules.find(id);
    if (s?.ready) schedules.change(() => delete s.ready);
  }

  /** Starts making the soonest schedule within AHEAD_MS of its time ready, one at a time. */
  function prepareSoon(now: number) {
    for (const [id, entry] of made) {
      const s = schedules.find(id);
      if (s?.state !== "waiting" || s.at !== entry.at || key(s) !== entry.files) forget(id);
    }
    if ([...made.values()].some((entry) => !entry.settled)) return;
    const next = schedules
      .all()
      .filter((s) => s.state === "waiting" && Date.parse(s.at) - now <= AHEAD_MS && Date.parse(s.at) > now && !made.has(s.id))
      .sort((a, b) => a.at.localeCompare(b.at))[0];
    if (!next) return;
    const ready = publishing.prepare(next.files ?? undefined, `Scheduled publish by ${next.by.email}`).catch(() => null);
    const entry: Ahead = { at: next.at, files: key(next), ready, settled: false, value: null };
    made.set(next.id, entry);
    void ready.then((value) => {
      Object.assign(entry, { settled: true, value });
      if (value && made.get(next.id) === entry) {
        schedules.change(() => Object.assign(next, { ready: new Date().toISOString() }));
        told();
      }
    });
  }

  /** For a schedule that is due: "wait" while its build is still being made, else what was made (undefined: nothing, build then). */
  function take(id: string): Ready | undefined | "wait" {
    const entry = made.get(id);
    if (entry && !entry.settled) return "wait";
    made.delete(id);
    return entry?.value ?? undefined;
  }

  return { prepareSoon, take, forget, close: () => [...made.keys()].forEach(forget) };
}

export function scheduler(ctx: StudioContext, publishing: Publisher) {
  const { config, activity, events } = ctx;
  const schedules = new Schedules(`${config.dataDir}/schedules.json`);
  const told = () => events.send("status", {});

  // Killed during a run: it may or may not have gone live (a push is all or nothing). Not run again
  // unasked, which could publish what was saved after its time: shown to the publishers instead.
  schedules.change((list) => {
    for (const s of list.filter((s) => s.state === "running"))
      Object.assign(s, {
        state: "failed",
        reason:
          "The studio stopped while this publish ran: it went live or not at all (the live site and Activity say which). Give it a new time to publish what is still waiting.",
      });
  });

  // What a previous run made ahead is gone with it.
  schedules.change((list) => {
    for (const s of list) delete s.ready;
  });

  const ahead = madeAhead(schedules, publishing, told);

  function runDue() {
    const now = Date.now();
    ahead.prepareSoon(now);
    if (publishing.running()) return;
    const due = schedules
      .all()
      .filter((s) => s.state === "waiting" && Date.parse(s.at) <= now)
      .sort((a, b) => a.at.localeCompare(b.at))[0];
    if (!due) return;
    // Still being made: waiting for it is sooner than starting again.
    const ready = ahead.take(due.id);
    if (ready === "wait") return;
    const late = now - Date.parse(due.at) > LATE_MS;
    schedules.change(() => {
      Object.assign(due, { state: "running", ran: new Date(now).toISOString() });
      if (late && !due.note)
        due.note = `Due at ${inZone(Date.parse(due.at), config.timeZone)} while the studio was stopped or busy: run at ${inZone(now, config.timeZone)}.`;
    });
    told();
    const { finished } = publishing.start({ publisher: due.by, files: due.files ?? undefined, by: `Scheduled publish by ${due.by.email}`, ready });
    void finished.then((outcome) => {
      const reason = failure(outcome);
      schedules.change(() => {
        Object.assign(due, reason ? { state: "failed", reason } : { state: "published" });
        if (outcome.status === "published") due.builtAhead = Boolean(outcome.builtAhead);
        if (outcome.status === "nothing") due.note = `${due.note ? `${due.note} ` : ""}Nothing of it was waiting any more.`;
      });
      activity.record(due.by.email, "schedule.run", {
        id: due.id,
        when: inZone(Date.parse(due.at), config.timeZone),
        status: reason ? "failed" : "published",
        ...(reason ? { reason } : {}),
        asked: due.files ?? [],
      });
      told();
    });
  }
  const timer = setInterval(runDue, TICK_MS);
  timer.unref();

  /** What the status shows: waiting, running and failed schedules, soonest first. */
  async function shown(): Promise<ScheduledPublish[]> {
    const title = (path: string) => ctx.git.title(path);
    return Promise.all(
      schedules
        .all()
        .filter((s) => s.state === "waiting" || s.state === "running" || s.state === "failed")
        .sort((a, b) => a.at.localeCompare(b.at))
        .map(async (s) => ({
          ...s,
          wall: toWall(Date.parse(s.at), config.timeZone),
          when: inZone(Date.parse(s.at), config.timeZone),
          titles: s.files ? await Promise.all(s.files.map(title)) : [],
        })),
    );
  }

  return {
    schedules,
    shown,
    runDue,
    forget: ahead.forget,
    close: () => {
      clearInterval(timer);
      ahead.close();
    },
  };
}

export type Scheduler = ReturnType<typeof scheduler>;

const WALL = { type: "string", minLength: 16, maxLength: 19 };
const FILES = { type: "array", minItems: 1, maxItems: 10_000, items: { type: "string", maxLength: 1024 } };

export async function scheduleRoutes(app: FastifyInstance, { ctx, scheduling }: { ctx: StudioContext; scheduling: Scheduler }) {
  const { config, activity, events } = ctx;
  const { schedules } = scheduling;
  /** The moment a publisher chose, refused in words when it is no date or has passed. */
  const moment = (wall: string) => {
    const at = fromWall(wall, config.timeZone);
    if (at === null) throw new BadRequest(`"${wall}" is not a date and time: choose one like 2026-11-30T09:00.`);
    if (at < Date.now() - 60_000) throw new BadRequest(`${inZone(at, config.timeZone)} has passed: it is ${inZone(Date.now(), config.timeZone)} now.`);
    return new Date(at).toISOString();
  };
  const changeable = (id: string) => {
    const found = schedules.find(id);
    if (!found || (found.state !== "waiting" && found.state !== "failed")) throw new NotFound("No such scheduled publish waiting: it ran, or was cancelled.");
    return found;
  };
  const who = (request: { account?: unknown }) => request.account as Account;

  app.get("/__edit/api/studio/schedules", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return { schedules: await scheduling.shown(), timeZone: config.timeZone };
  });
  app.post<{ Body: { wall: string; files?: string[] } }>(
    "/__edit/api/studio/schedules",
    { schema: { body: { type: "object", required: ["wall"], additionalProperties: false, properties: { wall: WALL, files: FILES } } } },
    async (request, reply) => {
      publisherOnly(request);
      const { name, email } = who(request);
      const schedule = { id: randomUUID(), at: moment(request.body.wall), files: request.body.files ?? null, by: { name, email }, state: "waiting" as const };
      schedules.change((list) => list.push(schedule));
      activity.record(email, "schedule.add", { id: schedule.id, when: inZone(Date.parse(schedule.at), config.timeZone), asked: schedule.files ?? [] });
      events.send("status", {});
      reply.code(201);
      return schedule;
    },
  );
  app.post<{ Params: { id: string }; Body: { wall?: string; files?: string[] } }>(
    "/__edit/api/studio/schedules/:id",
    { schema: { body: { type: "object", additionalProperties: false, properties: { wall: WALL, files: FILES } } } },
    async (request) => {
      publisherOnly(request);
      const schedule = changeable(request.params.id);
      const at = request.body.wall ? moment(request.body.wall) : schedule.at;
      // A failed schedule given a time again is tried again then.
      schedules.change(() =>
        Object.assign(schedule, { at, state: "waiting", reason: undefined, note: undefined, files: request.body.files ?? schedule.files }),
      );
      activity.record(who(request).email, "schedule.change", { id: schedule.id, when: inZone(Date.parse(at), config.timeZone), asked: schedule.files ?? [] });
      events.send("status", {});
      return schedule;
    },
  );
  app.post<{ Params: { id: string } }>("/__edit/api/studio/schedules/:id/cancel", async (request) => {
    publisherOnly(request);
    const schedule = changeable(request.params.id);
    schedules.change(() => Object.assign(schedule, { state: "cancelled" }));
    activity.record(who(request).email, "schedule.cancel", {
      id: schedule.id,
      when: inZone(Date.parse(schedule.at), config.timeZone),
      asked: schedule.files ?? [],
    });
    events.send("status", {});
    return { cancelled: true };
  });
}
