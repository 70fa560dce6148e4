/**
 * The studio: the page builder as a service for a team. A production build of the builder and its
 * canvas (dist-studio/, made by `npm run studio`), served by Fastify with the site server's
 * hardening, behind a sign-in; the builder's API (builder/server/handler.ts) over the studio's
 * own clone of the site's repository, where each save is a commit by its editor on the drafts
 * branch; and what a team needs beyond it: who is editing what, the drafts not published yet,
 * publish (publishers), history and restore (publishers).
 */
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, normalize, relative, sep } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifySession from "@fastify/session";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import type { JsonValue } from "../src/content/json-source.ts";
import { describeChanges } from "../builder/shared/describe.ts";
import { describeOptions, fileTitle } from "../builder/shared/kinds.ts";
import { editorApi } from "../builder/server/api.ts";
import { builderPage } from "../builder/server/builder-page.ts";
import { EditorError, editablePath } from "../builder/server/files.ts";
import { type ApiRequest, handleApiRequest, type Written } from "../builder/server/handler.ts";
import { UPLOAD_LIMIT } from "../builder/server/media.ts";
import { MEDIA_CSP, PERMISSIONS_POLICY } from "../src/deploy/security-headers.ts";
import { pictureCopy } from "../src/images/copies.ts";
import { assetType } from "../src/lib/asset-type.ts";
import { Accounts, type Account } from "./accounts.ts";
import { serveAssets } from "./assets.ts";
import { authRoutes, COOKIE } from "./auth.ts";
import { controlSocket, serveControl } from "./control.ts";
import type { StudioConfig } from "./config.ts";
import { deployedCommit, localDeploy, tidyReleases } from "./deploy.ts";
import { Events } from "./events.ts";
import { DraftsMirror, Repo } from "./git.ts";
import { fileHistory, pending, restore, unpublished } from "./history.ts";
import { crashPoint } from "./crash.ts";
import { deployPublished, type PublishOutcome, publish } from "./publish.ts";
import { SessionFile, sessionSecret } from "./sessions.ts";

export class StudioStartError extends Error {}

export interface StudioOptions {
  config: StudioConfig;
  /** This project: its node_modules build the site at publish; with STUDIO_DEPLOY=local its dist/ is switched. */
  project: string;
  /** The studio's build (vite.studio.config.ts). */
  assets: string;
  logger?: FastifyServerOptions["logger"];
  /** What the studio tells whoever runs it: what it put right as it started, each publish's steps. */
  say?(line: string): void;
}

const POLICY = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  // As on the site (src/deploy/security-headers.ts): the site's own toasts inject a <style>; scripts stay strict.
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:"],
  "media-src": ["'self'"],
  "connect-src": ["'self'"],
  "frame-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/** The canvas is framed by the builder, on the same origin; nothing else may frame anything. */
const CANVAS_POLICY = Object.entries({ ...POLICY, "frame-ancestors": ["'self'"] })
  .map(([k, v]) => `${k} ${v.join(" ")}`)
  .join("; ");

export async function buildStudio({ config, project, assets, logger = false, say = () => {} }: StudioOptions) {
  const accounts = new Accounts(join(config.dataDir, "accounts.json"));
  if (!accounts.list().some((a) => a.password || a.invite))
    throw new StudioStartError(
      'The studio has no account yet, so nobody could sign in. Add the first one (a publisher) with:\n  npm run studio -- user add you@example.com --name "Your Name" --role publisher',
    );
  if (!existsSync(join(assets, "index.html"))) throw new StudioStartError(`No build of the studio in ${assets}: npm run studio builds it.`);
  const sessions = new SessionFile(join(config.dataDir, "sessions.json"));
  // First: a second studio on the same data would put the first one's clone "right" under it.
  const control = await serveControl(controlSocket(config.dataDir), accounts, sessions, config.origin).catch((err: Error) => {
    throw new StudioStartError(err.message);
  });
  const repo = new Repo({ dir: join(config.dataDir, "repo"), remote: config.remote, drafts: config.drafts, published: config.published });
  for (const line of await repo.open()) say(line);
  // Every save reaches the remote's drafts branch soon after (and what a stop left behind, now).
  const mirror = new DraftsMirror(repo);
  void mirror.push();
  const api = editorApi(repo.dir);
  const events = new Events();
  const releases = join(config.dataDir, "releases");
  const deploy = config.deploy === "local" ? localDeploy(project, releases) : undefined;
  if (deploy) {
    for (const line of tidyReleases(releases)) say(line);
    const served = deployedCommit(project);
    const live = await repo.head(`origin/${config.published}`);
    if (served !== null && served !== live) {
      say(
        `The served site (${served.slice(0, 7)}) is not the published one (${live.slice(0, 7)}): a publish was stopped before switching it in. Building and switching in the published one now…`,
      );
      void repo
        .exclusive(() => deployPublished(repo, { project, deploy, say }))
        .then(
          (commit) => say(`The served site is the published one again (${commit.slice(0, 7)}).`),
          (err: Error) => say(`Could not switch in the published site: ${err.message}\nPublish again once this is fixed.`),
        );
    }
  }

  const app = Fastify({
    logger,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    requestTimeout: 30_000,
    bodyLimit: 256 * 1024,
  });
  app.setErrorHandler((err: { statusCode?: number; message: string }, request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) request.log.error(err);
    reply.code(status).send({
      error:
        status === 413
          ? `The request is too large: a picture may be up to ${Math.round(UPLOAD_LIMIT / 1024 / 1024)} MB.`
          : status === 500
            ? "The studio failed on this request; its log says why."
            : err.message,
    });
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ error: `No ${request.method} ${request.url.split("?")[0]} in the studio.` }));
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 16 * 1024 }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: POLICY },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    frameguard: { action: "deny" },
    hsts: new URL(config.origin).protocol === "https:" ? { maxAge: 31536000 } : false,
    referrerPolicy: { policy: "same-origin" },
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("Permissions-Policy", PERMISSIONS_POLICY);
    return payload;
  });
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: sessionSecret(join(config.dataDir, "session.key")),
    cookieName: COOKIE,
    store: sessions,
    saveUninitialized: false,
    rolling: true,
    cookie: { httpOnly: true, secure: new URL(config.origin).protocol === "https:", sameSite: "strict", path: "/", maxAge: config.sessionHours * 3600_000 },
  });
  authRoutes(app, { accounts, sessions, config });
  // reply.sendFile for the site's public files below; the studio's own files come from memory.
  await app.register(fastifyStatic, { root: assets, serve: false });
  await serveAssets(app, assets);

  const PUBLIC_CACHED_BYTES = 1024 * 1024;
  const html = (name: string) => readFileSync(join(assets, name), "utf8");
  app.get("/", (_request, reply) => reply.redirect("/__edit", 303));
  const builder = builderPage(assets);
  app.get("/__edit", async (request, reply) => {
    const wanted = new URL(request.url, "http://studio").searchParams.get("file") ?? undefined;
    // What the builder asks first, asked here as the builder would (same session), while its scripts load.
    const ask = async (path: string) => {
      const answer = await app.inject({ method: "GET", url: `/__edit/api${path}`, headers: { cookie: request.headers.cookie ?? "" } });
      return { status: answer.statusCode, body: answer.body };
    };
    return reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(await builder(wanted, ask));
  });
  app.get("/__edit/canvas", (_request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .header("Content-Security-Policy", CANVAS_POLICY)
      .header("X-Frame-Options", "SAMEORIGIN")
      .send(html("canvas.html")),
  );

  // The site's pictures, from the drafts: the copies the canvas names, and the files of public/ (media sandboxed).
  app.get("/assets/img/*", async (request, reply) => {
    const copy = await pictureCopy(repo.dir, request.url);
    if (copy === null || copy === "missing")
      return reply.code(404).send({ error: "No picture has that address (changed or removed since the page was loaded: reload it)." });
    return reply
      .type(copy.type)
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .send(await readFile(copy.file));
  });
  const publicFiles = new Map<string, { tag: string; body: Buffer }>();
  app.get("/*", async (request, reply) => {
    const publicDir = join(repo.dir, "public");
    let path: string;
    try {
      path = normalize(join(publicDir, decodeURIComponent(request.url.split("?")[0] ?? "")));
    } catch {
      return reply.code(400).send({ error: "The address could not be read." });
    }
    const stats = path.startsWith(publicDir + sep) ? statSync(path, { throwIfNoEntry: false }) : undefined;
    if (!stats?.isFile()) return reply.code(404).send({ error: "Not found." });
    if (path.startsWith(join(publicDir, "media") + sep)) reply.header("Content-Security-Policy", MEDIA_CSP).header("X-Content-Type-Options", "nosniff");
    reply.header("Cache-Control", "no-cache");
    // Videos and large files are streamed (with ranges); the rest, a canvas's dozens of icons, come from memory while unchanged.
    if (stats.size > PUBLIC_CACHED_BYTES || /\.(mp4|webm)$/i.test(path)) return reply.sendFile(path.slice(publicDir.length + 1), publicDir);
    const tag = `W/"${stats.size.toString(16)}-${Math.round(stats.mtimeMs).toString(16)}"`;
    if (request.headers["if-none-match"] === tag) return reply.code(304).header("ETag", tag).send();
    let kept = publicFiles.get(path);
    if (kept?.tag !== tag) {
      kept = { tag, body: await readFile(path) };
      publicFiles.set(path, kept);
    }
    return reply.type(assetType(path)).header("ETag", tag).send(kept.body);
  });

  // What a write of the builder becomes: a commit on the drafts branch by its editor, said in plain words.
  const commitFor = async (change: Written, account: Account) => {
    const who = { name: account.name, email: account.email };
    const files = api.files();
    const title = (path: string) => {
      const file = files.find((f) => f.path === path);
      return file ? fileTitle(file) : path;
    };
    let paths: string[];
    let message: string;
    if (change.kind === "save") {
      paths = [change.path];
      const file = files.find((f) => f.path === change.path);
      const lines = file
        ? describeChanges(JSON.parse(change.before ?? "null") as JsonValue, JSON.parse(change.after) as JsonValue, describeOptions(file, api.schemas()))
        : [];
      message = `${title(change.path)}: ${lines[0] ?? "edited"}${lines.length > 1 ? ` (and ${lines.length - 1} more)` : ""}${lines.length > 1 ? `\n\n${lines.map((l) => `- ${l}`).join("\n")}` : ""}`;
    } else if (change.kind === "create") {
      paths = [change.path];
      message = `${title(change.path)}: new page, as a draft${change.from ? ` (a copy of /${change.from === "home" ? "" : change.from})` : ""}`;
    } else if (change.kind === "rename") {
      paths = [change.from, change.to, ...change.files];
      message = `${title(change.to)}: renamed from ${change.from.replace(/^site-config\/pages\/|\.json$/g, "")}${change.files.length ? `; links changed in ${change.files.length} files` : ""}`;
    } else if (change.kind === "delete") {
      paths = [change.path];
      message = `Page deleted: ${change.path.replace(/^site-config\/pages\//, "")}`;
    } else if (change.kind === "upload") {
      paths = [change.path];
      message = `Picture added: ${change.path.replace(/^public/, "")}`;
    } else {
      paths = [change.path];
      message = `${title(change.path)}: put back as published`;
    }
    crashPoint("save:written");
    const commit = await repo.commit(paths, who, message);
    if (commit) {
      events.send("changed", { paths, by: account.name, commit });
      void mirror.push();
    }
  };

  const status = async () => ({
    pending: await pending(repo),
    editing: events.editing(),
    publishing: publishing ? { id: publishing.id, running: !publishing.done, log: publishing.log, outcome: publishing.outcome } : null,
    deploy: config.deploy,
    remote: await mirror.state(),
  });
  let publishing: { id: string; done: boolean; log: string[]; outcome: PublishOutcome | null } | null = null;

  await app.register(async (scope) => {
    // The API takes its bodies as they come (a picture's bytes, JSON): handler.ts reads and checks them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: UPLOAD_LIMIT + 64 * 1024 }, (_request, body, done) => done(null, body));

    /** The author and time of the last commit of `file` on the drafts branch. */
    const lastSave = async (file: string) => {
      const [name, date] = (await repo.git(["log", "-1", "--format=%an%x1f%aI", config.drafts, "--", file]).catch(() => "")).trim().split("\x1f");
      return name && date ? { name, date } : null;
    };
    const bodyOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
    const jsonOf = (request: FastifyRequest): Record<string, unknown> => {
      try {
        const value = JSON.parse(bodyOf(request).toString("utf8")) as unknown;
        if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
      } catch {}
      throw new EditorError(400, "The request must be a JSON object.");
    };
    /** A path from the browser: one content file or picture of the clone, exactly (no pattern, nothing else). */
    const editable = (path: unknown) => {
      if (typeof path !== "string") throw new EditorError(400, "Which file? Its path is needed.");
      return relative(repo.dir, editablePath(repo.dir, path)).split(sep).join("/");
    };
    const publisherOnly = (request: FastifyRequest) => {
      if (request.account?.role !== "publisher") throw new EditorError(403, "Only a publisher can do this: ask one of them.");
    };
    const answer = async (reply: FastifyReply, work: () => Promise<unknown>) => {
      try {
        return reply.header("Cache-Control", "no-store").send(await work());
      } catch (err) {
        if (err instanceof EditorError) return reply.code(err.status).send({ error: err.message });
        throw err;
      }
    };

    scope.get("/__edit/api/studio", (request, reply) =>
      answer(reply, async () => ({
        account: { name: request.account?.name, email: request.account?.email, role: request.account?.role },
        ...(await status()),
      })),
    );
    scope.get("/__edit/api/studio/events", (request, reply) => {
      reply.hijack();
      events.subscribe(reply.raw, (request.account as Account).email);
      request.raw.on("close", () => reply.raw.end());
    });
    scope.post("/__edit/api/studio/presence", (request, reply) =>
      answer(reply, async () => {
        const path = jsonOf(request).path;
        if (typeof path === "string" && request.account) events.here({ email: request.account.email, name: request.account.name, path });
        return { editing: events.editing() };
      }),
    );
    scope.get("/__edit/api/studio/history", (request, reply) =>
      answer(reply, () => fileHistory(repo, editable((request.query as Record<string, unknown>).path))),
    );
    scope.get("/__edit/api/studio/version", (request, reply) =>
      answer(reply, async () => {
        const { commit } = request.query as Record<string, string>;
        const path = editable((request.query as Record<string, unknown>).path);
        if (!/^[0-9a-f]{40}$/.test(commit ?? "")) throw new EditorError(400, "Which version? The commit is 40 hexadecimal digits.");
        const text = await repo.show(commit as string, path);
        if (text === null) throw new EditorError(404, `${path} was not there in that version.`);
        return { path, commit, text };
      }),
    );
    scope.post("/__edit/api/studio/restore", (request, reply) =>
      answer(reply, async () => {
        publisherOnly(request);
        const { commit } = jsonOf(request);
        if (typeof commit !== "string" || !/^[0-9a-f]{40}$/.test(commit)) throw new EditorError(400, "Restore takes a file's path and a version's commit.");
        const path = editable(jsonOf(request).path);
        const account = request.account as Account;
        const file = api.files().find((f) => f.path === path);
        const done = await repo.exclusive(() => restore(repo, path, commit, { name: account.name, email: account.email }, file ? fileTitle(file) : path));
        if (done) {
          events.send("changed", { paths: [path], by: account.name, commit: done });
          void mirror.push();
        }
        return { restored: Boolean(done), commit: done };
      }),
    );
    scope.post("/__edit/api/studio/publish", (request, reply) =>
      answer(reply, async () => {
        publisherOnly(request);
        if (publishing && !publishing.done) throw new EditorError(409, "A publish is already running: its steps show in the builder.");
        const account = request.account as Account;
        const choices = (jsonOf(request).choices ?? {}) as Record<string, Record<string, "mine" | "theirs">>;
        const run = { id: randomUUID(), done: false, log: [] as string[], outcome: null as PublishOutcome | null };
        publishing = run;
        void repo
          .exclusive(() =>
            publish(repo, {
              publisher: { name: account.name, email: account.email },
              choices,
              project,
              deploy,
              describeFile: (path) => {
                const file = api.files().find((f) => f.path === path);
                return file ? { title: fileTitle(file), options: describeOptions(file, api.schemas()) } : undefined;
              },
              say: (step) => {
                run.log.push(step);
                events.send("publish", { step });
                // The studio's own log too: what a publish did, and when, for whoever runs the service.
                say(`Publish by ${account.email}: ${step}`);
              },
            }),
          )
          .then(
            (outcome) => {
              run.outcome = outcome;
              if (outcome.status === "published") events.send("changed", { paths: [], by: account.name, commit: outcome.commit });
            },
            (err: Error) => {
              app.log.error(err);
              run.outcome = { status: "refused", reason: `Publishing failed: ${err.message}`, output: "", log: run.log };
            },
          )
          .finally(() => {
            run.done = true;
            events.send("publish", { done: true, outcome: run.outcome });
          });
        reply.code(202);
        return { started: true, id: run.id };
      }),
    );

    // The builder's own API, over the studio's clone; each write is one commit, made before the answer.
    scope.all("/__edit/api/*", async (request, reply) => {
      const url = new URL(request.url, "http://studio");
      const path = url.pathname.slice("/__edit/api".length);
      const account = request.account as Account;
      if (request.method === "GET" && path === "/changes") return answer(reply, async () => ({ available: true, files: await unpublished(repo) }));
      if (request.method === "POST" && path === "/discard")
        return answer(reply, async () => {
          publisherOnly(request);
          const file = editable(jsonOf(request).path);
          const published = await repo.show(`origin/${config.published}`, file);
          await repo.exclusive(async () => {
            const head = await repo.git(["rev-parse", `origin/${config.published}`]);
            await restore(repo, file, head.trim(), { name: account.name, email: account.email }, file).catch(async (err: Error) => {
              if (published !== null) throw err;
              // Not published at all: putting it back as published removes it.
              await repo.git(["rm", "--quiet", "--", file]);
              await repo.commit([file], { name: account.name, email: account.email }, `${file}: removed (not on the published site)`);
            });
          });
          events.send("changed", { paths: [file], by: account.name });
          void mirror.push();
          return { path: file, restored: published !== null };
        });
      const request_: ApiRequest = {
        method: request.method,
        path,
        query: url.searchParams,
        header: (name) => {
          const value = request.headers[name.toLowerCase()];
          return Array.isArray(value) ? value[0] : value;
        },
        body: async (limit, what) => {
          const body = bodyOf(request);
          if (body.length > limit) throw new EditorError(413, `The ${what} is too large: the limit is ${Math.round(limit / 1024 / 1024)} MB.`);
          return body;
        },
      };
      const handle = () => handleApiRequest(api, request_, { written: (change) => commitFor(change, account) });
      let { status: code, data } = request.method === "GET" || path === "/check" ? await handle() : await repo.exclusive(handle);
      // Who saved a file last: the builder names them when their save and this editor's edits meet.
      if ((path === "/file" && code === 200) || (path === "/save" && code === 409)) {
        const file = path === "/file" ? String(url.searchParams.get("path")) : String(jsonOf(request).path);
        const savedBy = await lastSave(file);
        if (path === "/file") data = { ...(data as object), savedBy };
        else if (savedBy)
          data = {
            error: `Not saved: ${savedBy.name} saved this file (${new Date(savedBy.date).toLocaleTimeString("en-GB", { timeStyle: "short" })}) since you opened it. Nothing is lost: choose what to keep.`,
            savedBy,
          };
      }
      if (path === "/state" && code === 200)
        return reply
          .header("Cache-Control", "no-store")
          .send({ ...(data as object), studio: { account: { name: account.name, email: account.email, role: account.role } } });
      return reply.code(code).header("Cache-Control", "no-store").send(data);
    });
  });

  // Before the server waits for its connections to end: the open builders' event streams never end on their own.
  app.addHook("preClose", async () => {
    events.close();
  });
  app.addHook("onClose", async () => {
    mirror.close();
    sessions.flush();
    await control.close();
  });
  // The site read once at start, in the background: the first editor to open the builder does not wait for the checks' first run.
  app.addHook("onReady", async () => {
    void api.state().catch(() => undefined);
  });
  return { app, repo, accounts, sessions };
}
