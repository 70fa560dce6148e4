/**
 * Review: an editor puts their changes to a file up for review with a note; publishers see the open
 * reviews (who, what, since when, the note, the changes in words, the latest included: changes made
 * after asking are part of it), and publish the file or send it back with a comment the editor
 * sees; asking again reopens it. A publish that takes the file closes its review. With
 * STUDIO_REVIEW=required, an editor's changes are published only once put up for review.
 * Kept in STUDIO_DATA/reviews.json, written durably.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { FastifyInstance } from "fastify";
import { BadRequest, NotFound } from "../builder/server/errors.ts";
import type { ReviewRequest } from "../builder/shared/types.ts";
import type { Account } from "./accounts.ts";
import { publisherOnly } from "./builder-api.ts";
import type { StudioContext } from "./context.ts";
import { writeFileDurably } from "./durable.ts";
import { pending, waitingFiles } from "./history.ts";

type Stored = Omit<ReviewRequest, "title" | "changes">;

export class Reviews {
  private list: Stored[];

  constructor(private readonly file: string) {
    this.list = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Stored[]) : [];
  }

  all = () => this.list;

  change(edit: (list: Stored[]) => void) {
    edit(this.list);
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    writeFileDurably(this.file, `${JSON.stringify(this.list, null, 2)}\n`, 0o600);
  }
}

export function reviewing(ctx: StudioContext) {
  const reviews = new Reviews(join(ctx.config.dataDir, "reviews.json"));

  /** Reviews as a person sees them: every open one for a publisher, one's own open or sent back for an editor. */
  async function shown(account: Pick<Account, "email" | "role">): Promise<ReviewRequest[]> {
    const mine = (r: Stored) =>
      account.role === "publisher"
        ? r.state === "open" || (r.state === "returned" && r.by.email === account.email)
        : r.by.email === account.email && r.state !== "published";
    const wanted = reviews.all().filter(mine);
    if (wanted.length === 0) return [];
    const waiting = await pending(ctx.clone, ctx.git.title);
    return Promise.all(
      wanted.map(async (r) => ({ ...r, title: await ctx.git.title(r.path), changes: waiting.files.find((f) => f.path === r.path)?.changes ?? [] })),
    );
  }

  /** After a publish: the reviews of the files it took are done. */
  function published(paths: string[]) {
    const done = reviews.all().filter((r) => r.state !== "published" && paths.includes(r.path));
    if (done.length === 0) return;
    reviews.change(() => {
      for (const r of done) r.state = "published";
    });
  }

  /**
   * With reviews required: why a publish of `files` (everything waiting, when left out) may not go,
   * in words, or null. An editor's saves to a file go only once the file is up for review.
   */
  async function refusal(files: string[] | undefined): Promise<string | null> {
    if (!ctx.config.reviewRequired) return null;
    const editors = new Set(
      ctx.accounts
        .list()
        .filter((a) => a.role !== "publisher")
        .map((a) => a.email),
    );
    const open = new Set(
      reviews
        .all()
        .filter((r) => r.state === "open")
        .map((r) => r.path),
    );
    const unreviewed = (await waitingFiles(ctx.clone)).filter(
      (f) => (!files || files.includes(f.path)) && !open.has(f.path) && f.commits.some((c) => editors.has(c.email)),
    );
    if (unreviewed.length === 0) return null;
    const titles = await Promise.all(unreviewed.map((f) => ctx.git.title(f.path)));
    return `Not published: this site needs a review of an editor's changes first, and these are not up for review: ${titles.join(", ")}. Their editors can ask for one (Review), or leave them out.`;
  }

  return { reviews, shown, published, refusal };
}

export type Reviewing = ReturnType<typeof reviewing>;

export async function reviewRoutes(app: FastifyInstance, { ctx, review }: { ctx: StudioContext; review: Reviewing }) {
  const { activity, events } = ctx;
  const { reviews } = review;
  const me = (request: { account?: unknown }) => request.account as Account;

  app.get("/__edit/api/studio/reviews", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return { reviews: await review.shown(me(request)) };
  });

  app.post<{ Body: { path: string; note?: string } }>(
    "/__edit/api/studio/reviews",
    {
      schema: {
        body: {
          type: "object",
          required: ["path"],
          additionalProperties: false,
          properties: { path: { type: "string", maxLength: 1024 }, note: { type: "string", maxLength: 2000 } },
        },
      },
    },
    async (request, reply) => {
      const { email, name } = me(request);
      const { path, note = "" } = request.body;
      const waiting = (await waitingFiles(ctx.clone)).find((f) => f.path === path);
      if (!waiting) throw new BadRequest(`${await ctx.git.title(path)} has no changes waiting to be published: nothing to review.`);
      const asked = new Date().toISOString();
      // Asked again (after a comment, or with a new note): the same review, open again.
      const again = reviews.all().find((r) => r.path === path && r.by.email === email && r.state !== "published");
      const entry: Stored = again ?? { id: randomUUID(), path, by: { name, email }, note, asked, state: "open" };
      reviews.change((list) => {
        if (again) Object.assign(again, { note, asked, state: "open", comment: undefined, returnedBy: undefined });
        else list.push(entry);
      });
      activity.record(email, "review.ask", { id: entry.id, paths: [path], note });
      events.send("status", {});
      reply.code(again ? 200 : 201);
      return { id: entry.id };
    },
  );

  app.post<{ Params: { id: string }; Body: { comment: string } }>(
    "/__edit/api/studio/reviews/:id/return",
    {
      schema: {
        body: {
          type: "object",
          required: ["comment"],
          additionalProperties: false,
          properties: { comment: { type: "string", minLength: 1, maxLength: 2000 } },
        },
      },
    },
    async (request) => {
      publisherOnly(request);
      const found = reviews.all().find((r) => r.id === request.params.id && r.state === "open");
      if (!found) throw new NotFound("No such review open: it was published, or sent back already.");
      const { email, name } = me(request);
      reviews.change(() => Object.assign(found, { state: "returned", comment: request.body.comment, returnedBy: name }));
      activity.record(email, "review.return", { id: found.id, paths: [found.path], to: found.by.email, toName: found.by.name, comment: request.body.comment });
      events.send("status", {});
      return { returned: true };
    },
  );
}
