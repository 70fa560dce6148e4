/**
 * Server configuration from environment variables: parsed and checked once
 * at start-up (a bad value stops the server with a message naming the
 * variable), and printed with secrets masked. The README lists every variable.
 */
import { isIP } from "node:net";
import { join, relative } from "node:path";
import { readSiteFacts, SITE_FACTS_FILE, type SiteFacts } from "../src/deploy/site-facts.ts";
import { enquiryOrigins } from "../src/deploy/security-headers.ts";
import { DEFAULT_RETENTION_DAYS } from "./enquiry/retention.ts";

export interface ServerConfig {
  port: number;
  host: string;
  /** The pre-rendered site. */
  siteDir: string;
  /** Origins besides 'self' the pages may post to: an external enquiry endpoint (enquiryEndpoint in the built site's facts). */
  connectSrc: string[];
  /** The pages that carry the enquiry form (the built site's facts): a form sent without JavaScript is answered with one. */
  formPages: string[];
  /** The only recipient of enquiries. */
  mailTo: string;
  mailFrom: string;
  /** smtp:// or smtps:// URL; undefined = keep enquiries in the outbox only. */
  smtpUrl: URL | undefined;
  outboxDir: string;
  /** Enquiries per IP per minute; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Proxy addresses (IPs or CIDR ranges) whose X-Forwarded-For is believed; empty = none. */
  trustProxy: string[];
  /** Refuse new enquiries (503) while the outbox's disk has less free space than this. */
  outboxReserveBytes: number;
  /** A request's headers and body must have arrived within this (ms); slower clients get 408 and are cut off. */
  requestTimeoutMs: number;
  /** A connection with no request in progress is closed after this (ms). */
  idleTimeoutMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** Enquiries older than this are deleted, at start and daily (server/enquiry/retention.ts). */
  retentionDays: number;
  /** Where each value came from, for the start-up summary. */
  sources: Partial<Record<keyof ServerConfig, string>>;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
  }
}

/** The same rule as the contact form (SPEC s5): letters, digits, dot, underscore or hyphen, @, a domain, a dot and 2 to 4 letters. */
export const EMAIL_PATTERN = /^[a-zA-Z0-9._-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,4}$/;

/** An address for a mail header: the strict pattern, optionally with a display name ("Name <a@b.co>"). */
function isMailbox(value: string): boolean {
  const named = /^([^<>\r\n"]{1,80}) <([^<>\s]+)>$/.exec(value);
  return EMAIL_PATTERN.test(named?.[2] ?? value);
}

function isCidrOrIp(value: string): boolean {
  const [addr, bits, ...rest] = value.split("/");
  if (rest.length > 0 || !addr) return false;
  const family = isIP(addr);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^[0-9]{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Reads the configuration from `env`. Throws ConfigError listing every bad
 * value (not only the first), each with what is expected.
 */
export function loadConfig(env: NodeJS.ProcessEnv, root: string): ServerConfig {
  const problems: string[] = [];
  const sources: ServerConfig["sources"] = {};

  const wholeNumber = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === "") {
      sources[name as keyof ServerConfig] = "default";
      return fallback;
    }
    const n = Number(raw);
    if (!/^[0-9]+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}; it is "${raw}".`);
      return fallback;
    }
    return n;
  };

  const port = wholeNumber("PORT", 3000, 0, 65535);
  const host = env.HOST || "0.0.0.0";
  const siteDir = env.SITE_DIR || join(root, "dist", "client");
  // What the build wrote about the content (the company e-mail and name, the enquiry endpoint).
  let facts: SiteFacts | undefined;
  let factsProblem = "";
  try {
    facts = readSiteFacts(siteDir);
  } catch (err) {
    factsProblem = (err as Error).message;
  }
  const factsFile = relative(root, join(siteDir, "..", SITE_FACTS_FILE)) || SITE_FACTS_FILE;

  let mailTo = env.MAIL_TO ?? "";
  if (mailTo === "") {
    mailTo = facts?.email ?? "";
    sources.mailTo = factsFile;
    if (mailTo === "") problems.push(`MAIL_TO is not set and ${factsProblem}: set MAIL_TO to the address that receives enquiries, or build the site.`);
  }
  if (mailTo !== "" && !EMAIL_PATTERN.test(mailTo)) {
    problems.push(`MAIL_TO must be one e-mail address such as sales@example.com; it is "${mailTo}".`);
  }

  let mailFrom = env.MAIL_FROM ?? "";
  if (mailFrom === "") {
    mailFrom = `${(facts?.companyName ?? "Website").replace(/[<>"\r\n]/g, "")} website <${mailTo}>`;
    sources.mailFrom = "default";
  } else if (!isMailbox(mailFrom)) {
    problems.push(`MAIL_FROM must be an e-mail address, optionally with a name: "Website <web@example.com>"; it is "${mailFrom}".`);
  }

  let smtpUrl: URL | undefined;
  if (env.SMTP_URL) {
    try {
      smtpUrl = new URL(env.SMTP_URL);
      if (smtpUrl.protocol !== "smtp:" && smtpUrl.protocol !== "smtps:") throw new Error("protocol");
      if (!smtpUrl.hostname) throw new Error("host");
    } catch {
      smtpUrl = undefined;
      problems.push(`SMTP_URL must look like smtp://user:password@mail.example.com:587 (or smtps://... for port 465); it is "${maskUrl(env.SMTP_URL)}".`);
    }
  }

  const outboxDir = env.OUTBOX_DIR || join(root, "data", "outbox");
  if (!env.OUTBOX_DIR) sources.outboxDir = "default";

  const rateLimitPerMinute = wholeNumber("RATE_LIMIT_PER_MINUTE", 5, 0, 1_000_000);
  const outboxReserveBytes = wholeNumber("OUTBOX_RESERVE_MB", 64, 0, 1_000_000_000) * 1024 * 1024;
  const requestTimeoutMs = wholeNumber("REQUEST_TIMEOUT_S", 10, 1, 600) * 1000;
  const idleTimeoutMs = wholeNumber("IDLE_TIMEOUT_S", 5, 1, 600) * 1000;
  const retryBaseMs = wholeNumber("SMTP_RETRY_BASE_MS", 5_000, 1, 3_600_000);
  const retryMaxMs = wholeNumber("SMTP_RETRY_MAX_MS", 15 * 60_000, 1, 24 * 3_600_000);
  const retentionDays = wholeNumber("ENQUIRY_RETENTION_DAYS", DEFAULT_RETENTION_DAYS, 1, 36_500);
  if (retryMaxMs < retryBaseMs) problems.push(`SMTP_RETRY_MAX_MS (${retryMaxMs}) must not be smaller than SMTP_RETRY_BASE_MS (${retryBaseMs}).`);

  const trustRaw = (env.TRUST_PROXY ?? "").trim();
  let trustProxy: string[] = [];
  if (trustRaw !== "" && trustRaw !== "false") {
    trustProxy = trustRaw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = trustProxy.filter((p) => !isCidrOrIp(p));
    if (bad.length > 0 || trustProxy.length === 0) {
      problems.push(
        `TRUST_PROXY must list the proxy's addresses, comma-separated IPs or CIDR ranges such as 127.0.0.1,10.0.0.0/8 (or be empty); "${bad.join(", ") || trustRaw}" is not one.`,
      );
    }
  }

  let connectSrc: string[] = [];
  try {
    connectSrc = enquiryOrigins(facts?.enquiryEndpoint ?? "");
  } catch {
    problems.push(
      `${factsFile} names an enquiry endpoint that is not a web address ("${facts?.enquiryEndpoint}"): fix enquiry.endpoint in site-config/settings.json and build again.`,
    );
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    siteDir,
    connectSrc,
    formPages: facts?.formPages ?? [],
    mailTo,
    mailFrom,
    smtpUrl,
    outboxDir,
    rateLimitPerMinute,
    trustProxy,
    outboxReserveBytes,
    requestTimeoutMs,
    idleTimeoutMs,
    retryBaseMs,
    retryMaxMs,
    retentionDays,
    sources,
  };
}

/** An URL with its password replaced by ****. */
export function maskUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = "****";
    return url.toString().replace(/\/$/, "");
  } catch {
    // Not an URL: hide anything between ":" and "@" that could be a password.
    return raw.replace(/:[^:@/]*@/, ":****@");
  }
}

/** The start-up summary: every setting, secrets masked, and where enquiries go. */
export function describeConfig(config: ServerConfig): string {
  const from = (key: keyof ServerConfig) => (config.sources[key] ? `  (${config.sources[key]})` : "");
  const lines = [
    "Configuration:",
    `  PORT=${config.port}${from("port")}`,
    `  MAIL_TO=${config.mailTo}${from("mailTo")}`,
    `  MAIL_FROM=${config.mailFrom}${from("mailFrom")}`,
    `  SMTP_URL=${config.smtpUrl ? maskUrl(config.smtpUrl.toString()) : "(not set)"}`,
    `  OUTBOX_DIR=${config.outboxDir}${from("outboxDir")}`,
    `  RATE_LIMIT_PER_MINUTE=${config.rateLimitPerMinute === 0 ? "0 (no limit)" : config.rateLimitPerMinute}${from("rateLimitPerMinute")}`,
    `  TRUST_PROXY=${config.trustProxy.length > 0 ? config.trustProxy.join(",") : "(none: X-Forwarded-For is ignored)"}`,
    `  OUTBOX_RESERVE_MB=${config.outboxReserveBytes / 1024 / 1024}${from("outboxReserveBytes")}`,
    `  REQUEST_TIMEOUT_S=${config.requestTimeoutMs / 1000}, IDLE_TIMEOUT_S=${config.idleTimeoutMs / 1000}`,
    `  SMTP_RETRY_BASE_MS=${config.retryBaseMs}, SMTP_RETRY_MAX_MS=${config.retryMaxMs}`,
    `  ENQUIRY_RETENTION_DAYS=${config.retentionDays}${from("retentionDays")} (older enquiries are deleted, at start and daily)`,
    config.smtpUrl
      ? `Enquiries are saved in ${join(config.outboxDir, "new")} and e-mailed to ${config.mailTo} through ${config.smtpUrl.hostname}; delivered ones move to sent/.`
      : `No SMTP_URL set: enquiries are saved in ${join(config.outboxDir, "new")} (one file each) and not e-mailed. Set SMTP_URL to deliver them to ${config.mailTo}.`,
  ];
  return lines.join("\n");
}
