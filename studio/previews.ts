/**
 * Preview links: the site built with chosen waiting changes (or all of them), for someone without
 * an account, e.g. the manager who approves a launch. A link holds an unguessable token (256 bits;
 * only its SHA-256 is kept, in STUDIO_DATA/previews.json, written durably), is valid for a chosen
 * number of days, and can be revoked. Its build is kept in STUDIO_DATA/previews/<id>/ and served by
 * a small server of its own (STUDIO_PREVIEW_PORT), never by the studio or Vite: opening the link sets
 * a cookie for that preview and every page of it is clickable there, each with a banner and noindex.
 * A link that is missing, guessed, revoked or expired gets the same 404.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import Fastify from "fastify";
import { BadRequest, NotFound } from "../builder/server/errors.ts";
import { describeOptions, fileTitle } from "../builder/shared/kinds.ts";
import type { PreviewLink } from "../builder/shared/types.ts";
import type { Account } from "./accounts.ts";
import type { StudioContext } from "./context.ts";
import { writeFileDurably } from "./durable.ts";
import { buildPreview } from "./publish.ts";

type Stored = Omit<PreviewLink, "titles"> & { token: string };

const COOKIE = "site_preview";
const DAY_MS = 86_400_000;
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".data": "text/x-script",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".webmanifest": "application/manifest+json",
};

/** Bottom left, clear of the site's fixed header and its chat button (bottom right). */
const BANNER =
  '<div role="note" style="position:fixed;left:8px;bottom:8px;max-width:calc(100% - 96px);z-index:2147483647;background:#fef3c7;color:#1f2937;border:2px solid #b45309;border-radius:6px;padding:6px 12px;font:600 14px/1.4 system-ui,sans-serif">Preview of changes not yet published</div>';

export class Previews {
  private list: Stored[];

  constructor(private readonly file: string) {
    this.list = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Stored[]) : [];
  }

  all = () => this.list;
  /** The preview a token opens: ready, not revoked, not expired (undefined otherwise). */
  open(token: string | undefined): Stored | undefined {
    if (!token) return undefined;
    const hash = hashOf(token);
    const found = this.list.find((p) => p.token === hash);
    return found && found.state === "ready" && Date.parse(found.expires) > Date.now() ? found : undefined;
  }

  change(edit: (list: Stored[]) => void) {
    edit(this.list);
    writeFileDurably(this.file, `${JSON.stringify(this.list, null, 2)}\n`, 0o600);
  }
}

export function previewing(ctx: StudioContext) {
  const { config, clone, git, project, say } = ctx;
  const folder = join(config.dataDir, "previews");
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const previews = new Previews(join(config.dataDir, "previews.json"));
  const dirOf = (id: string) => join(folder, id);
  // Builds one at a time, beside publishes (each in its own worktree).
  let queue: Promise<unknown> = Promise.resolve();

  /** Removes the builds of expired and revoked links, and builds a stop left half done. */
  function sweep() {
    previews.change((list) => {
      for (const p of list) {
        if (p.state === "building") Object.assign(p, { state: "failed", reason: "The studio stopped while this preview was being built: make a new link." });
        if (p.state !== "ready" || Date.parse(p.expires) <= Date.now()) rmSync(dirOf(p.id), { recursive: true, force: true });
      }
    });
  }
  sweep();
  const timer = setInterval(sweep, 3_600_000);
  timer.unref();

  function make(who: Pick<Account, "name" | "email">, files: string[] | undefined, days: number) {
    const token = randomBytes(32).toString("base64url");
    const now = Date.now();
    const entry: Stored = {
      id: randomUUID(),
      token: hashOf(token),
      files: files ?? null,
      by: { name: who.name, email: who.email },
      created: new Date(now).toISOString(),
      expires: new Date(now + days * DAY_MS).toISOString(),
      state: "building",
    };
    previews.change((list) => list.push(entry));
    const build = async () => {
      const listed = await git.folder.files();
      const { shared } = await git.folder.store.result();
      const describeFile = (path: string) => {
        const file = listed.find((f) => f.path === path);
        return file ? { title: fileTitle(file), options: describeOptions(file, git.folder.schemas(), shared) } : undefined;
      };
      const built = await buildPreview(clone, { files, project, describeFile, say: (line) => say(`Preview by ${who.email}: ${line}`) }, dirOf(entry.id));
      const reason =
        built.status === "built"
          ? undefined
          : built.status === "refused"
            ? built.reason
            : built.status === "nothing"
              ? "Nothing of it is waiting: the live site already shows it."
              : "Changed both in the drafts and on the live site: publish it (choosing what to keep) instead.";
      previews.change(() => Object.assign(entry, reason ? { state: "failed", reason } : { state: "ready" }));
    };
    queue = queue.then(build, build).catch((err: Error) => {
      previews.change(() => Object.assign(entry, { state: "failed", reason: `The preview could not be built: ${err.message}` }));
    });
    ctx.activity.record(who.email, "preview.make", { id: entry.id, asked: files ?? [], expires: entry.expires });
    return { entry, link: `${config.previewOrigin}/p/${token}` };
  }

  // Behind https (nginx), the preview's cookie is sent over https only.
  const secure = config.previewOrigin.startsWith("https:");
  return { previews, make, dirOf, secure, close: () => clearInterval(timer), built: () => queue };
}

export type Previewing = ReturnType<typeof previewing>;

export async function previewRoutes(app: FastifyInstance, { ctx, preview }: { ctx: StudioContext; preview: Previewing }) {
  const me = (request: { account?: unknown }) => request.account as Account;
  const shown = async (p: Stored): Promise<PreviewLink> => {
    const { token: _, ...rest } = p;
    return { ...rest, titles: p.files ? await Promise.all(p.files.map((f) => ctx.git.title(f))) : [] };
  };
  app.get("/__edit/api/studio/previews", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    const account = me(request);
    const mine = preview.previews
      .all()
      .filter((p) => p.state !== "revoked" && Date.parse(p.expires) > Date.now() && (account.role === "publisher" || p.by.email === account.email));
    return { previews: await Promise.all(mine.reverse().map(shown)) };
  });
  app.post<{ Body: { files?: string[]; days?: number } }>(
    "/__edit/api/studio/previews",
    {
      schema: {
        body: {
          type: "object",
          additionalProperties: false,
          properties: {
            files: { type: "array", minItems: 1, maxItems: 10_000, items: { type: "string", maxLength: 1024 } },
            days: { type: "integer", minimum: 1, maximum: 90 },
          },
        },
      },
    },
    async (request, reply) => {
      const { entry, link } = preview.make(me(request), request.body.files, request.body.days ?? 7);
      reply.code(202);
      // The link is shown once: only its token's hash is kept.
      return { preview: await shown(entry), link };
    },
  );
  app.post<{ Params: { id: string } }>("/__edit/api/studio/previews/:id/revoke", async (request) => {
    const account = me(request);
    const found = preview.previews.all().find((p) => p.id === request.params.id && p.state !== "revoked");
    if (!found) throw new NotFound("No such preview link: it was revoked already.");
    if (account.role !== "publisher" && found.by.email !== account.email)
      throw new BadRequest("Only whoever made a preview link, or a publisher, can revoke it.");
    preview.previews.change(() => Object.assign(found, { state: "revoked" }));
    rmSync(preview.dirOf(found.id), { recursive: true, force: true });
    ctx.activity.record(account.email, "preview.revoke", { id: found.id, asked: found.files ?? [] });
    return { revoked: true };
  });
}

/** The cookie's value, when the request has it. */
function cookieOf(header: string | undefined): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === COOKIE) return value.join("=");
  }
  return undefined;
}

const notFound = (reply: FastifyReply) =>
  reply
    .code(404)
    .type("text/html; charset=utf-8")
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>No preview here</title></head><body><main><h1>No preview here</h1><p>This preview link is not valid: it may have expired or been revoked. Ask whoever sent it for a new one.</p></main></body></html>',
    );

/** The file of the preview's build a path asks for (a folder: its index.html), or null. */
function fileFor(root: string, path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.split("?")[0] ?? "/");
  } catch {
    return null;
  }
  const full = normalize(join(root, decoded));
  if (full !== root && !full.startsWith(root + sep)) return null;
  for (const candidate of [full, join(full, "index.html"), `${full}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The preview links' own server: nothing but the previews' builds, by cookie, each page with the banner and noindex. */
export async function previewServer(preview: Previewing) {
  const app = Fastify({ logger: false, requestTimeout: 30_000 });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("X-Robots-Tag", "noindex, nofollow");
    reply.header("Cache-Control", "no-store");
    reply.header("Referrer-Policy", "no-referrer");
    reply.header("X-Content-Type-Options", "nosniff");
  });
  app.get<{ Params: { token: string } }>("/p/:token", async (request, reply) => {
    if (!preview.previews.open(request.params.token)) return notFound(reply);
    reply.header("Set-Cookie", `${COOKIE}=${request.params.token}; Path=/; HttpOnly; SameSite=Lax${preview.secure ? "; Secure" : ""}`);
    return reply.redirect("/", 303);
  });
  app.get("/*", async (request, reply) => {
    const found = preview.previews.open(cookieOf(request.headers.cookie));
    if (!found) return notFound(reply);
    const root = preview.dirOf(found.id);
    const file = fileFor(root, request.url);
    if (!file) {
      const missing = join(root, "404.html");
      if (!existsSync(missing)) return notFound(reply);
      return reply
        .code(404)
        .type(TYPES[".html"] as string)
        .send(withBanner(readFileSync(missing, "utf8")));
    }
    const type = TYPES[extname(file)] ?? "application/octet-stream";
    if (extname(file) === ".html") return reply.type(type).send(withBanner(readFileSync(file, "utf8")));
    return reply.type(type).send(readFileSync(file));
  });
  return app;
}

/** The page with the preview's banner first in its body, and noindex. */
function withBanner(html: string): string {
  const body = html.indexOf("<body");
  const open = body === -1 ? -1 : html.indexOf(">", body);
  const marked = open === -1 ? `${BANNER}${html}` : `${html.slice(0, open + 1)}${BANNER}${html.slice(open + 1)}`;
  return marked.replace("<head>", '<head><meta name="robots" content="noindex">');
}
