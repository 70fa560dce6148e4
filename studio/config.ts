/**
 * The studio's settings, from environment variables: checked once at start-up (a bad value stops
 * it with a message naming the variable) and printed. The README's "For a team: the studio" lists
 * every variable.
 */
import { isAbsolute, join, relative, resolve } from "node:path";
import { DEFAULT_RETENTION_DAYS } from "../server/enquiry/retention.ts";

export interface StudioConfig {
  host: string;
  port: number;
  /** Accounts, sessions, the clone, releases: never under site-config/ or public/. */
  dataDir: string;
  /** The site's repository (any Git URL or path). */
  remote: string;
  drafts: string;
  published: string;
  /** "none": the remote's CI builds and deploys; "local": the studio builds and switches dist/ of this folder. */
  deploy: "none" | "local";
  /** The address people open, e.g. https://studio.example.com: writes must come from it; https makes the session cookie Secure. */
  origin: string;
  sessionHours: number;
  /** Proxy addresses whose X-Forwarded-For is believed. */
  trustProxy: string[];
  /**
   * The site server's outbox, which the inbox reads (OUTBOX_DIR; with STUDIO_DEPLOY=local the
   * site server of this folder's, data/outbox, by default); null: the site runs elsewhere and none is set.
   */
  outboxDir: string | null;
  /** Enquiries older than this are deleted, at start and daily (as the site server does). */
  retentionDays: number;
}

export class StudioConfigError extends Error {}

export function loadStudioConfig(env: NodeJS.ProcessEnv, root: string): StudioConfig {
  const problems: string[] = [];
  const port = Number(env.STUDIO_PORT ?? 4400);
  if (!Number.isInteger(port) || port < 1 || port > 65535) problems.push(`STUDIO_PORT must be a port number (1 to 65535), not "${env.STUDIO_PORT}".`);
  const host = env.STUDIO_HOST ?? "127.0.0.1";
  const dataDir = resolve(root, env.STUDIO_DATA ?? join("data", "studio"));
  for (const inside of ["site-config", "public", "src", "schemas"]) {
    const rel = relative(join(root, inside), dataDir);
    if (rel === "" || (!rel.startsWith("..") && !isAbsolute(rel)))
      problems.push(`STUDIO_DATA must not be inside ${inside}/ (it holds the accounts): ${dataDir}.`);
  }
  const remote = env.STUDIO_REMOTE ?? "";
  if (!remote)
    problems.push(
      "STUDIO_REMOTE is not set: give the site's Git repository the studio works with, e.g. STUDIO_REMOTE=git@github.com:company/site.git or a path to a bare repository.",
    );
  const deploy = env.STUDIO_DEPLOY ?? "none";
  if (deploy !== "none" && deploy !== "local")
    problems.push(`STUDIO_DEPLOY is "none" (the remote's CI deploys) or "local" (the studio builds into dist/), not "${deploy}".`);
  const origin = (env.STUDIO_ORIGIN ?? `http://${host.includes(":") ? `[${host}]` : host}:${port}`).replace(/\/+$/, "");
  try {
    const url = new URL(origin);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
  } catch {
    problems.push(`STUDIO_ORIGIN must be the address people open, such as https://studio.example.com, not "${origin}".`);
  }
  const sessionHours = Number(env.STUDIO_SESSION_HOURS ?? 12);
  if (!(sessionHours >= 1 && sessionHours <= 24 * 30)) problems.push(`STUDIO_SESSION_HOURS must be between 1 and 720, not "${env.STUDIO_SESSION_HOURS}".`);
  const trustProxy = (env.TRUST_PROXY ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  // The studio speaks plain HTTP: an https address means a proxy in front, which it must believe, or
  // every request looks like plain HTTP and the browser's Secure cookie never comes back (a silent sign-in loop).
  if (origin.startsWith("https:") && trustProxy.length === 0)
    problems.push(
      `STUDIO_ORIGIN is ${origin} (https), but TRUST_PROXY is not set: the studio would take every request for plain HTTP and nobody could sign in. Set TRUST_PROXY to the address of the TLS proxy in front of it (TRUST_PROXY=127.0.0.1 for nginx on this machine: npm run studio -- nginx prints its configuration).`,
    );
  const outboxDir = env.OUTBOX_DIR ? resolve(root, env.OUTBOX_DIR) : deploy === "local" ? join(root, "data", "outbox") : null;
  const retentionRaw = env.ENQUIRY_RETENTION_DAYS ?? "";
  const retentionDays = retentionRaw === "" ? DEFAULT_RETENTION_DAYS : Number(retentionRaw);
  if (!/^[0-9]+$/.test(retentionRaw.trim() || "0") || !Number.isInteger(retentionDays) || retentionDays < 1 || retentionDays > 36_500)
    problems.push(`ENQUIRY_RETENTION_DAYS must be a whole number of days from 1 to 36500, not "${retentionRaw}".`);
  if (problems.length > 0) throw new StudioConfigError(problems.join("\n"));
  return {
    host,
    port,
    dataDir,
    remote,
    drafts: env.STUDIO_BRANCH ?? "drafts",
    published: env.STUDIO_PUBLISH_BRANCH ?? "main",
    deploy: deploy as StudioConfig["deploy"],
    origin,
    sessionHours,
    trustProxy,
    outboxDir,
    retentionDays,
  };
}

export function describeStudioConfig(c: StudioConfig): string {
  return [
    "Studio settings:",
    `  STUDIO_HOST=${c.host}  STUDIO_PORT=${c.port}  STUDIO_ORIGIN=${c.origin}`,
    `  STUDIO_REMOTE=${c.remote.replace(/\/\/[^@/]*@/, "//***@")}  drafts on ${c.drafts}, published on ${c.published}`,
    `  STUDIO_DATA=${c.dataDir}  STUDIO_DEPLOY=${c.deploy}  sessions ${c.sessionHours} h`,
    c.outboxDir
      ? `  OUTBOX_DIR=${c.outboxDir}  ENQUIRY_RETENTION_DAYS=${c.retentionDays}: the inbox reads the site server's enquiries there`
      : "  OUTBOX_DIR is not set: the inbox has no enquiries to show (set it to the site server's outbox on this machine)",
  ].join("\n");
}
