/**
 * Real parts for server tests: the production server as a child process
 * (server/main.ts, exactly what `npm start` runs), a tiny pre-rendered site
 * to serve, and a real SMTP server (smtp-server) that records what it gets.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

export const repoRoot = join(import.meta.dirname, "..", "..");

/** Ports for servers these tests start: SERVER_TEST_PORT (4320 by default) and the few after it, so that runs side by side can each take their own. */
const BASE = Number(process.env.SERVER_TEST_PORT ?? 4320);
export const PORTS = {
  matrix: BASE,
  delivery: BASE + 1,
  smtpDown: BASE + 2,
  crash: BASE + 3,
  sigterm: BASE + 4,
  config: BASE + 5,
  dead: BASE + 6,
  diskFull: BASE + 7,
  authFault: BASE + 8,
  smtp1: BASE + 20,
  smtp2: BASE + 21,
  smtp3: BASE + 22,
  smtpAuth: BASE + 24,
} as const;

export const INLINE_SCRIPT = 'window.__boot = "ok";';

/** What the build tells the server about the content (dist/site.json), for the sites made here. */
export const SITE_FACTS = { email: "enquiries@vistaar.test", companyName: "Vistaar Technologies", enquiryEndpoint: "", formPages: [] as string[] };

/** A minimal pre-rendered site (its client/ folder): an index page with one inline script and one JSON-LD block, and the build's site.json beside it. */
export function makeSite(): string {
  const build = mkdtempSync(join(tmpdir(), "enquiry-site-"));
  writeFileSync(join(build, "site.json"), JSON.stringify(SITE_FACTS));
  const dir = join(build, "client");
  mkdirSync(dir);
  writeFileSync(
    join(dir, "index.html"),
    `<!DOCTYPE html><html lang="en"><head><title>t</title><script type="application/ld+json">{"@type":"Organization"}</script></head><body><p>home</p><script>${INLINE_SCRIPT}</script></body></html>`,
  );
  mkdirSync(join(dir, "about-us"));
  writeFileSync(join(dir, "about-us", "index.html"), "<!DOCTYPE html><html><body>about</body></html>");
  return dir;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Files in one outbox folder, sorted. */
export function listOutbox(outbox: string, folder: "tmp" | "new" | "sent" | "dead" | "spam" | "state"): string[] {
  try {
    return readdirSync(join(outbox, folder)).sort();
  } catch {
    return [];
  }
}

export function readEnquiry(outbox: string, folder: "new" | "sent" | "dead" | "spam", id: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(outbox, folder, id), "utf8")) as Record<string, unknown>;
}

/** Polls `check` until it returns a truthy value or the deadline passes (then throws with `what`). */
export async function waitFor<T>(what: string | (() => string), check: () => T | Promise<T>, timeoutMs = 30_000, everyMs = 50): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${typeof what === "function" ? what() : what}${last ? ` (last error: ${(last as Error).message})` : ""}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export interface RunningServer {
  url: string;
  proc: ChildProcess;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  stop(): Promise<void>;
}

/** Starts server/main.ts with `env` and waits until it listens (or fails). */
export async function startServer(env: Record<string, string>, { expectFailure = false } = {}): Promise<RunningServer> {
  const proc = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) => proc.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown")));
  let ended = false;
  void exited.then(() => (ended = true));
  const server: RunningServer = {
    url: "",
    proc,
    output: () => out,
    exited,
    async stop() {
      if (!ended) proc.kill("SIGKILL");
      await exited;
    },
  };
  if (expectFailure) return server;
  const match = await waitFor(
    `the server to start (output so far: ${out})`,
    () => {
      if (ended) throw new Error(`server exited: ${out}`);
      return /Site ready at (http:\/\/\S+)/.exec(out);
    },
    30_000,
  );
  server.url = match[1]!;
  return server;
}

export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
  headers: Record<string, string>;
  text: string;
}

/** Header block -> lower-case name -> unfolded value (first occurrence), and the decoded text body. */
export function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const i = line.indexOf(":");
    const name = line.slice(0, i).toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(i + 1).trim();
  }
  let body = raw.slice(split + 4);
  if (/quoted-printable/i.test(headers["content-transfer-encoding"] ?? "")) {
    body = Buffer.from(
      body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  } else if (/base64/i.test(headers["content-transfer-encoding"] ?? "")) {
    body = Buffer.from(body, "base64").toString("utf8");
  }
  return { headers, text: body.replace(/\r\n/g, "\n").replace(/\n$/, "") };
}

export interface TestSmtp {
  port: number;
  /** The messages it accepted (answered 250 after their data). */
  received: ReceivedMail[];
  /** Every message whose data arrived, accepted or not (yet). */
  offered: ReceivedMail[];
  close(): Promise<void>;
}

type Refusal = { code: number; message: string };

/**
 * A real SMTP server on 127.0.0.1:port (0: one the system picks, in `port` after) that records
 * every message; `reject` answers RCPT with that error (a function: asked for each recipient, null
 * accepts); `beforeAnswer` is awaited after a message's data arrived and before it is accepted (a
 * delivery held half-way); `auth` requires a login (without TLS, on loopback) whose password is
 * `auth.password()` at the time.
 */
export async function startSmtp(
  port: number,
  {
    reject,
    auth,
    beforeAnswer,
  }: {
    reject?: Refusal | (() => Refusal | null);
    auth?: { user: string; password: () => string };
    beforeAnswer?: (mail: ReceivedMail) => Promise<void>;
  } = {},
): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const offered: ReceivedMail[] = [];
  const options: SMTPServerOptions = {
    authOptional: !auth,
    allowInsecureAuth: true,
    disabledCommands: auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    onAuth(login, _session, callback) {
      if (auth && login.username === auth.user && login.password === auth.password()) return callback(null, { user: login.username });
      callback(Object.assign(new Error("Authentication credentials invalid"), { responseCode: 535 }));
    },
    logger: false,
    onRcptTo(_address, _session, callback) {
      const refusal = typeof reject === "function" ? reject() : reject;
      if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = {
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMail(raw),
        };
        offered.push(mail);
        void (beforeAnswer ?? (async () => {}))(mail).then(() => {
          received.push(mail);
          callback();
        });
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve, reject2) => {
    server.once("error", reject2);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.server.address() as { port: number }).port,
    received,
    offered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body the contact form sends (SPEC s7): labelled fields, one per paragraph. */
export function formBody(f: { name: string; email: string; phone: string; message: string }): string {
  return `Name: ${f.name}\n\nEmail: ${f.email}\n\nPhone: ${f.phone}\n\nMessage: ${f.message}`;
}

export async function postEnquiry(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${url}/send-email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) as Record<string, unknown>, headers: res.headers };
}
