/**
 * A file's history in the studio: every version (history.ts), one version's text, and Restore
 * (publishers): a new commit with the earlier version. Paths are one content file or picture,
 * taken literally; a version is a commit's full name.
 */
import { relative, sep } from "node:path";
import type { FastifyInstance } from "fastify";
import { BadRequest, NotFound } from "../builder/server/errors.ts";
import { editablePath } from "../builder/server/files.ts";
import type { Account } from "./accounts.ts";
import { publisherOnly } from "./builder-api.ts";
import type { StudioContext } from "./context.ts";
import { fileHistory, restore } from "./history.ts";

const COMMIT = { type: "string", pattern: "^[0-9a-f]{40}$" } as const;
const PATH = { type: "string", minLength: 1, maxLength: 1024 } as const;

export async function historyRoutes(app: FastifyInstance, { ctx }: { ctx: StudioContext }) {
  const { clone, git, events, mirror } = ctx;
  /** A path from the browser: one content file or picture of the clone, exactly (no pattern, nothing else). */
  const editable = (path: string) => relative(clone.dir, editablePath(clone.dir, path)).split(sep).join("/");
  const commitWords = "Which version? The commit is 40 hexadecimal digits.";

  app.get<{ Querystring: { path: string } }>(
    "/__edit/api/studio/history",
    { schema: { querystring: { type: "object", required: ["path"], properties: { path: PATH } } } },
    (request) => fileHistory(clone, editable(request.query.path)),
  );
  app.get<{ Querystring: { path: string; commit: string } }>(
    "/__edit/api/studio/version",
    { schema: { querystring: { type: "object", required: ["path", "commit"], properties: { path: PATH, commit: { type: "string" } } } } },
    async (request) => {
      const path = editable(request.query.path);
      const { commit } = request.query;
      if (!/^[0-9a-f]{40}$/.test(commit)) throw new BadRequest(commitWords);
      const text = await clone.show(commit, path);
      if (text === null) throw new NotFound(`${path} was not there in that version.`);
      return { path, commit, text };
    },
  );
  app.post<{ Body: { path: string; commit: string } }>(
    "/__edit/api/studio/restore",
    { schema: { body: { type: "object", required: ["path", "commit"], properties: { path: PATH, commit: COMMIT } } } },
    async (request) => {
      publisherOnly(request);
      const path = editable(request.body.path);
      const account = request.account as Account;
      const who = { name: account.name, email: account.email };
      const title = await git.title(path);
      const done = await clone.exclusive(() => restore(clone, path, request.body.commit, who, title));
      if (done) {
        ctx.activity.record(account.email, "restore", { paths: [path], change: `${title}: restored`, from: request.body.commit, commit: done });
        git.folder.store.invalidate([path]);
        events.send("changed", { paths: [path], by: account.name, commit: done, generation: git.folder.store.version });
        void mirror.push();
      }
      return { restored: Boolean(done), commit: done };
    },
  );
}
