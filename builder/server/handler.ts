/**
 * The builder's API, whatever serves it (the dev server: vite-plugin.ts; the studio: studio/):
 * a request in, an answer out. Each server reads the request its own way and hands it over as an
 * ApiRequest; malformed input is refused here in JSON (400, 413, 415), never with a crash.
 *
 *   GET  state                    files, routes, media, schemas, collections, problems
 *   GET  file?path=...            a content file: text, hash, value
 *   POST check  {path, value, preview?}   what saving would write, the site's problems with it, the page at `preview`
 *   POST save   {path, value, hash}
 *   GET  links?route=/x           every link to a page
 *   POST pages  {action: "create" | "rename" | "delete", ...}
 *   POST upload (the picture's bytes; X-File-Name)
 *   GET  changes                  content files changed since the last commit, with diffs
 *   POST discard {path}
 */
import type { JsonValue } from "../../src/content/json-source.ts";
import type { EditorApi } from "./api.ts";
import { EditorError } from "./files.ts";
import { UPLOAD_LIMIT } from "./media.ts";

/** The largest JSON body the builder sends (a big page with its edits). */
export const JSON_LIMIT = 2 * 1024 * 1024;

export interface ApiRequest {
  method: string;
  /** The path under the API ("/state", "/save"). */
  path: string;
  query: URLSearchParams;
  header(name: string): string | undefined;
  /** The body, up to `limit` bytes (over it: EditorError 413, `what` naming it). */
  body(limit: number, what: string): Promise<Buffer>;
}

/** A content file the API wrote: what the studio turns into a commit. */
export type Written =
  | { kind: "save"; path: string; before: string | null; after: string }
  | { kind: "create"; path: string; from?: string }
  | { kind: "rename"; from: string; to: string; files: string[] }
  | { kind: "delete"; path: string }
  | { kind: "upload"; path: string }
  | { kind: "discard"; path: string };

export interface ApiOptions {
  /** Called once a write is done, before the answer. */
  written?(change: Written): Promise<void>;
}

export interface ApiAnswer {
  status: number;
  data: unknown;
}

/** The request's JSON body, which must be an object. */
async function json(request: ApiRequest): Promise<Record<string, unknown>> {
  if (!(request.header("content-type") ?? "").startsWith("application/json")) throw new EditorError(415, "Send JSON.");
  const data = await request.body(JSON_LIMIT, "request");
  let value: unknown;
  try {
    value = JSON.parse(data.toString("utf8"));
  } catch {
    throw new EditorError(400, "The request is not valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new EditorError(400, "The request must be a JSON object.");
  return value as Record<string, unknown>;
}

/** A text field of a request; `optional`: may be left out. */
function text(request: Record<string, unknown>, field: string, optional?: "optional"): string;
function text(request: Record<string, unknown>, field: string, optional: "optional"): string | undefined;
function text(request: Record<string, unknown>, field: string, optional?: "optional"): string | undefined {
  const value = request[field];
  if (value === undefined && optional) return undefined;
  if (typeof value !== "string") throw new EditorError(400, `The request's "${field}" must be text.`);
  return value;
}

/** The uploaded file's name from X-File-Name (percent-encoded, as the builder sends it). */
function fileName(request: ApiRequest): string {
  const header = request.header("x-file-name");
  try {
    return decodeURIComponent(header ?? "picture");
  } catch {
    throw new EditorError(400, "The file's name could not be read: X-File-Name must be percent-encoded UTF-8.");
  }
}

/** Answers one request; an error the builder should show comes back as its status and message. */
export async function handleApiRequest(api: EditorApi, request: ApiRequest, { written = async () => {} }: ApiOptions = {}): Promise<ApiAnswer> {
  const ok = (data: unknown): ApiAnswer => ({ status: 200, data });
  try {
    const route = `${request.method} ${request.path}`;
    switch (route) {
      case "GET /state":
        return ok(await api.state());
      case "GET /file":
        return ok(api.read(request.query.get("path") ?? ""));
      case "POST /check": {
        const body = await json(request);
        return ok(await api.check(text(body, "path"), body.value, text(body, "preview", "optional")));
      }
      case "POST /save": {
        const body = await json(request);
        const saved = await api.save(text(body, "path"), body.value, text(body, "hash"));
        if (saved.before !== saved.text) await written({ kind: "save", path: saved.path, before: saved.before, after: saved.text });
        const { before: _, ...answer } = saved;
        return ok(answer);
      }
      case "GET /links":
        return ok(api.linksTo(request.query.get("route") ?? ""));
      case "POST /pages": {
        const body = await json(request);
        const [action, slug] = [text(body, "action"), text(body, "slug")];
        if (action === "create") {
          const from = text(body, "from", "optional");
          const created = api.createPage(slug, from);
          await written({ kind: "create", path: created.path, from });
          return ok(created);
        }
        if (action === "rename") {
          const renamed = api.renamePage(slug, text(body, "to"), body.fixLinks === true);
          if (renamed.renamed && renamed.path)
            await written({ kind: "rename", from: api.pageFile(slug), to: renamed.path, files: [...new Set(renamed.links.map((l) => l.file))] });
          return ok(renamed);
        }
        if (action === "delete") {
          const deleted = api.deletePage(slug);
          if (deleted.deleted) await written({ kind: "delete", path: api.pageFile(slug) });
          return ok(deleted);
        }
        throw new EditorError(400, `Unknown action "${action}".`);
      }
      case "POST /upload": {
        const uploaded = await api.upload(fileName(request), await request.body(UPLOAD_LIMIT, "picture"));
        await written({ kind: "upload", path: `public${uploaded.src}` });
        return ok(uploaded);
      }
      case "GET /changes":
        return ok(await api.changes());
      case "POST /discard": {
        const discarded = await api.discard(text(await json(request), "path"));
        await written({ kind: "discard", path: discarded.path });
        return ok(discarded);
      }
    }
    throw new EditorError(404, `No ${route} in the builder's API.`);
  } catch (err) {
    if (err instanceof EditorError) return { status: err.status, data: { error: err.message } };
    if ((err as NodeJS.ErrnoException).code === "ENAMETOOLONG") return { status: 400, data: { error: "A file name in the request is too long." } };
    throw err;
  }
}

export type { JsonValue };
