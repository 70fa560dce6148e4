/**
 * Publish (publishers): one at a time, started by a request or a schedule (schedules.ts) and run in
 * the background; its steps go to the open builders as they happen and to the studio's own log,
 * and its outcome is kept for the studio's status and recorded in the activity log.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Conflict } from "../builder/server/errors.ts";
import type { Person } from "../builder/server/git.ts";
import { describeOptions, fileTitle } from "../builder/shared/kinds.ts";
import type { PublishOutcome } from "../builder/shared/types.ts";
import type { Account } from "./accounts.ts";
import { publisherOnly } from "./builder-api.ts";
import type { StudioContext } from "./context.ts";
import { discardReady, prepareReady, publish, type Ready } from "./publish.ts";

export interface PublishRun {
  id: string;
  done: boolean;
  log: string[];
  outcome: PublishOutcome | null;
}

type Choices = Record<string, Record<string, "mine" | "theirs">>;

export interface PublishRequest {
  publisher: Person;
  /** The files to publish; everything waiting when left out. */
  files?: string[];
  choices?: Choices;
  /** Said before each step in the studio's own log: "Publish by ravi@example.com". */
  by: string;
  /** Made ready ahead of its time (a schedule): pushed as it is if nothing it takes changed since. */
  ready?: Ready;
}

export interface PublishHooks {
  /** Why a publish of these files (everything, when left out) may not go (reviews required), or null. */
  refusal?(files: string[] | undefined): Promise<string | null>;
  /** After a publish that took these files. */
  published?(paths: string[]): void;
}

/** Starts publishes one at a time; `finished` resolves with the outcome. */
export function publisher(ctx: StudioContext, runs: { current: PublishRun | null }, logError: (err: Error) => void, hooks: PublishHooks = {}) {
  const { clone, git, events, project, deploy, say } = ctx;
  const running = () => Boolean(runs.current && !runs.current.done);
  /** What the publish log calls a file ("About us page") and how its conflicts are told. */
  const describer = async () => {
    const files = await git.folder.files();
    const { shared } = await git.folder.store.result();
    return (path: string) => {
      const file = files.find((f) => f.path === path);
      return file ? { title: fileTitle(file), options: describeOptions(file, git.folder.schemas(), shared) } : undefined;
    };
  };

  /** A publish of `files` merged, checked and built now, to go live later (null: it would not go: it is published then as usual, and says why). */
  async function prepare(files: string[] | undefined, by: string): Promise<Ready | null> {
    const outcome = await prepareReady(clone, { files, project, describeFile: await describer(), say: (line) => say(`${by} (made ahead): ${line}`) });
    return outcome.status === "ready" ? outcome.ready : null;
  }

  function start({ publisher: who, files: chosen, choices = {}, by, ready }: PublishRequest): { run: PublishRun; finished: Promise<PublishOutcome> } {
    if (running()) throw new Conflict("A publish is already running: its steps show in the builder.");
    const run: PublishRun = { id: randomUUID(), done: false, log: [], outcome: null };
    runs.current = run;
    const step = (line: string) => {
      run.log.push(line);
      events.send("publish", { step: line });
      // The studio's own log too: what a publish did, and when, for whoever runs the service.
      say(`${by}: ${line}`);
    };
    // Not in the clone's queue: a publish works on a snapshot of the drafts in its own worktree, while saves go on.
    // The saves' copies to the remote wait for its end.
    const release = ctx.mirror.hold();
    const finished = (async () => {
      const refused = await hooks.refusal?.(chosen);
      if (refused) {
        step(refused);
        if (ready) await discardReady(ready);
        return { status: "refused" as const, reason: refused, output: "", log: run.log };
      }
      return publish(clone, { publisher: who, choices, files: chosen, project, deploy, describeFile: await describer(), say: step, ready });
    })()
      .then(
        (outcome) => {
          run.outcome = outcome;
          ctx.activity.record(who.email, "publish", {
            status: outcome.status,
            ...(outcome.status === "published" ? { commit: outcome.commit, changes: outcome.changes, files: outcome.files, paths: outcome.paths } : {}),
            ...(outcome.status === "refused" ? { reason: outcome.reason } : {}),
            ...(chosen ? { asked: chosen } : {}),
          });
          if (outcome.status === "published") {
            hooks.published?.(outcome.paths ?? []);
            // The drafts caught up with the merge: what the published side brought is read at the next ask.
            git.folder.store.invalidate();
            events.send("changed", { paths: [], by: who.name, commit: outcome.commit, generation: git.folder.store.version });
          }
          return outcome;
        },
        (err: Error) => {
          logError(err);
          run.outcome = { status: "refused", reason: `Publishing failed: ${err.message}`, output: "", log: run.log };
          return run.outcome;
        },
      )
      .finally(() => {
        release();
        // The drafts as they are now (a publish took them in): on the remote soon.
        void ctx.mirror.push();
        run.done = true;
        events.send("publish", { done: true, outcome: run.outcome });
      });
    return { run, finished };
  }
  return { start, running, prepare };
}

export type Publisher = ReturnType<typeof publisher>;

export async function publishRoutes(app: FastifyInstance, { publishing }: { publishing: Publisher }) {
  app.post<{ Body: { choices?: Choices; files?: string[] } }>(
    "/__edit/api/studio/publish",
    {
      schema: {
        body: {
          type: "object",
          properties: {
            choices: { type: "object" },
            // Left out: everything waiting. Else the files to publish (the rest stays waiting).
            files: { type: "array", minItems: 1, maxItems: 10_000, items: { type: "string", maxLength: 1024 } },
          },
        },
      },
    },
    async (request, reply) => {
      publisherOnly(request);
      const account = request.account as Account;
      const { run } = publishing.start({
        publisher: { name: account.name, email: account.email },
        files: request.body.files,
        choices: request.body.choices,
        by: `Publish by ${account.email}`,
      });
      reply.code(202);
      return { started: true, id: run.id };
    },
  );
}
