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
  /** Who must have a second factor (a passkey or two-step codes): led to set one up right after signing in. */
  secondFactor: "none" | "publishers" | "everyone";
  /** Whether e-mail and password sign in (off only with single sign-on on). */
  passwordSignIn: boolean;
  /** Single sign-on with the company's OpenID Connect provider, or null. */
  oidc: OidcConfig | null;
  /** The site's time zone (an IANA name): scheduled publishes are chosen, stored and shown in it. */
  timeZone: string;
  /** Whether an editor's changes must be put up for review before a publisher can publish them. */
  reviewRequired: boolean;
  /** Where preview links are served (their own small server, nothing of the builder), and the address people open. */
  previewPort: number;
  previewOrigin: string;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** E-mail domains whose people may sign in this way ("example.com"); with `allow`, either lets someone in. */
  domains: string[];
  /** Single addresses allowed besides the domains. */
  allow: string[];
  /** The role of someone who signs in this way without an account yet; null: only existing accounts. */
  newRole: "editor" | "publisher" | null;
  /** What the sign-in button calls the provider ("Sign in with Example Corp"). */
  name: string;
}

const list = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The single sign-on settings (STUDIO_OIDC_*), or null when STUDIO_OIDC_ISSUER is not set; problems are added to `problems`. */
function loadOidc(env: NodeJS.ProcessEnv, problems: string[]): OidcConfig | null {
  const issuer = (env.STUDIO_OIDC_ISSUER ?? "").trim();
  const others = ["STUDIO_OIDC_CLIENT_ID", "STUDIO_OIDC_CLIENT_SECRET", "STUDIO_OIDC_DOMAINS", "STUDIO_OIDC_ALLOW", "STUDIO_OIDC_NEW_ROLE"].filter(
    (name) => env[name],
  );
  if (!issuer) {
    if (others.length > 0)
      problems.push(
        `${others.join(" and ")} ${others.length === 1 ? "is" : "are"} set but STUDIO_OIDC_ISSUER is not: give the provider's address too, or remove them.`,
      );
    return null;
  }
  try {
    const url = new URL(issuer);
    // Over plain HTTP anyone on the way could forge the provider's answers: only a provider on this machine (tests, a local Keycloak) may use it.
    if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname))) throw new Error();
  } catch {
    problems.push(`STUDIO_OIDC_ISSUER must be the provider's https address, such as https://accounts.google.com, not "${issuer}".`);
  }
  const clientId = env.STUDIO_OIDC_CLIENT_ID ?? "";
  const clientSecret = env.STUDIO_OIDC_CLIENT_SECRET ?? "";
  if (!clientId) problems.push("STUDIO_OIDC_CLIENT_ID is not set: give the client id the provider gave the studio.");
  if (!clientSecret) problems.push("STUDIO_OIDC_CLIENT_SECRET is not set: give the client secret the provider gave the studio.");
  const domains = list(env.STUDIO_OIDC_DOMAINS).map((d) => d.replace(/^@/, ""));
  const allow = list(env.STUDIO_OIDC_ALLOW);
  for (const d of domains)
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(d)) problems.push(`STUDIO_OIDC_DOMAINS holds "${d}", which is not a domain such as example.com.`);
  for (const a of allow) if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(a)) problems.push(`STUDIO_OIDC_ALLOW holds "${a}", which is not an e-mail address.`);
  const role = env.STUDIO_OIDC_NEW_ROLE ?? "none";
  if (role !== "none" && role !== "editor" && role !== "publisher")
    problems.push(`STUDIO_OIDC_NEW_ROLE is "editor" or "publisher" (the role of someone new), or "none" (existing accounts only), not "${role}".`);
  if (role !== "none" && domains.length === 0 && allow.length === 0)
    problems.push(
      `STUDIO_OIDC_NEW_ROLE is "${role}" but neither STUDIO_OIDC_DOMAINS nor STUDIO_OIDC_ALLOW is set: anyone with an account at the provider would get in. Name the company's domains (STUDIO_OIDC_DOMAINS=example.com) or the people (STUDIO_OIDC_ALLOW=asha@example.com).`,
    );
  return {
    issuer,
    clientId,
    clientSecret,
    domains,
    allow,
    newRole: role === "editor" || role === "publisher" ? role : null,
    name: env.STUDIO_OIDC_NAME?.trim() || "your company's sign-in",
  };
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
  const secondFactor = env.STUDIO_REQUIRE_SECOND_FACTOR ?? "none";
  if (secondFactor !== "none" && secondFactor !== "publishers" && secondFactor !== "everyone")
    problems.push(`STUDIO_REQUIRE_SECOND_FACTOR is "publishers" (publishers need a passkey or two-step codes), "everyone", or "none", not "${secondFactor}".`);
  const oidc = loadOidc(env, problems);
  const passwordSetting = env.STUDIO_PASSWORD_SIGN_IN ?? "on";
  if (passwordSetting !== "on" && passwordSetting !== "off") problems.push(`STUDIO_PASSWORD_SIGN_IN is "on" or "off", not "${passwordSetting}".`);
  if (passwordSetting === "off" && !env.STUDIO_OIDC_ISSUER)
    problems.push("STUDIO_PASSWORD_SIGN_IN is off but single sign-on is not set up (STUDIO_OIDC_ISSUER): nobody could sign in but with a passkey.");
  const timeZone = env.STUDIO_TIME_ZONE ?? "Asia/Kolkata";
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
  } catch {
    problems.push(`STUDIO_TIME_ZONE is a time zone name such as Asia/Kolkata or Europe/London, not "${timeZone}".`);
  }
  const previewPort = env.STUDIO_PREVIEW_PORT ? Number(env.STUDIO_PREVIEW_PORT) : port + 1;
  if (!Number.isInteger(previewPort) || previewPort < 1 || previewPort > 65_535 || previewPort === port)
    problems.push(`STUDIO_PREVIEW_PORT is a port from 1 to 65535 other than STUDIO_PORT's, not "${env.STUDIO_PREVIEW_PORT}".`);
  const previewOrigin = (env.STUDIO_PREVIEW_ORIGIN ?? `http://${host}:${previewPort}`).replace(/\/+$/, "");
  const review = env.STUDIO_REVIEW ?? "optional";
  if (review !== "optional" && review !== "required")
    problems.push(`STUDIO_REVIEW is "required" (an editor's changes need a review before they are published) or "optional", not "${review}".`);
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
    secondFactor: secondFactor as StudioConfig["secondFactor"],
    passwordSignIn: passwordSetting !== "off",
    oidc,
    timeZone,
    reviewRequired: review === "required",
    previewPort,
    previewOrigin,
  };
}

export function describeStudioConfig(c: StudioConfig): string {
  return [
    "Studio settings:",
    `  STUDIO_HOST=${c.host}  STUDIO_PORT=${c.port}  STUDIO_ORIGIN=${c.origin}  preview links: STUDIO_PREVIEW_PORT=${c.previewPort}  STUDIO_PREVIEW_ORIGIN=${c.previewOrigin}`,
    `  STUDIO_REMOTE=${c.remote.replace(/\/\/[^@/]*@/, "//***@")}  drafts on ${c.drafts}, published on ${c.published}`,
    `  STUDIO_DATA=${c.dataDir}  STUDIO_DEPLOY=${c.deploy}  sessions ${c.sessionHours} h  STUDIO_TIME_ZONE=${c.timeZone} (scheduled publishes)  STUDIO_REVIEW=${c.reviewRequired ? "required" : "optional"}`,
    c.outboxDir
      ? `  OUTBOX_DIR=${c.outboxDir}  ENQUIRY_RETENTION_DAYS=${c.retentionDays}: the inbox reads the site server's enquiries there`
      : "  OUTBOX_DIR is not set: the inbox has no enquiries to show (set it to the site server's outbox on this machine)",
    `  Sign-in: ${c.passwordSignIn ? "password" : "no password"}, passkeys${c.oidc ? `, single sign-on with ${c.oidc.issuer} (${[...c.oidc.domains.map((d) => `@${d}`), ...c.oidc.allow].join(", ") || "existing accounts"}; new people: ${c.oidc.newRole ?? "refused"})` : ""}; second factor required for ${c.secondFactor === "none" ? "nobody" : c.secondFactor}`,
  ].join("\n");
}
