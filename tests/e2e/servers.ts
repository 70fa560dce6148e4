/**
 * Starts every server the browser tests use, all at once, and stops them after the run
 * (playwright.config.ts's globalSetup). Playwright's own `webServer` list starts its servers one
 * after another, and the slow ones (two builds, three dev servers) then add up before any test runs.
 * Each server is a process group of its own: SIGTERM reaches it as Playwright's webServer sends it
 * (the scripts that make copies remove them on it), then SIGKILL after its grace time. Everything
 * each server prints is kept in LOG_DIR/<name>.log, for a failure to be read against.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FullConfig } from "@playwright/test";
import { E2E_INBOX_OUTBOX, E2E_PORTS } from "./ports.ts";
import { FULL } from "../tiers.ts";

type Server = {
  name: string;
  command: string[];
  /** Answers with a status below 404 once the server is ready. */
  url: string;
  env?: NodeJS.ProcessEnv;
  /** How long it may take to start, in ms. */
  timeout: number;
  /** How long it may take to stop after SIGTERM, in ms. */
  grace: number;
};

const { port, devPort, editorPort, ownPort, studioPort, longWordsPort } = E2E_PORTS;
const tsx = ["node", "--import", "tsx"];
export const LOG_DIR = join(tmpdir(), `site-e2e-servers-${port}`);

export const SERVERS: Server[] = [
  {
    name: "studio",
    command: [...tsx, "tests/e2e/studio-server.ts", String(studioPort)],
    url: `http://127.0.0.1:${studioPort}/sign-in`,
    // The inbox reads the outbox of the site server its test starts (inbox.studio.spec.ts), on this machine.
    env: { OUTBOX_DIR: E2E_INBOX_OUTBOX },
    timeout: 180_000,
    grace: 10_000,
  },
  {
    name: "own folder",
    command: ["node", "scripts/react-router.mjs", "dev", "--port", String(ownPort), "--strictPort", "--host", "127.0.0.1"],
    url: `http://127.0.0.1:${ownPort}/__edit/api/state`,
    env: { SITE_ROOT: "" },
    timeout: 120_000,
    grace: 5_000,
  },
  {
    name: "site",
    command: [...tsx, "server/main.ts"],
    // Every browser test comes from 127.0.0.1: a per-minute enquiry limit meant for the public would
    // fail the suite. Test enquiries go to a throwaway outbox, never to data/.
    env: { PORT: String(port), HOST: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "10000", OUTBOX_DIR: join(tmpdir(), `site-e2e-outbox-${port}`) },
    url: `http://127.0.0.1:${port}/`,
    timeout: 30_000,
    grace: 5_000,
  },
  { name: "dev", command: [...tsx, "tests/e2e/dev-server.ts", String(devPort)], url: `http://127.0.0.1:${devPort}/__sections`, timeout: 120_000, grace: 5_000 },
  // The site with a 60-letter word in every text field (tests/e2e/long-words.spec.ts).
  {
    name: "long words",
    command: [...tsx, "tests/e2e/long-words-server.ts", String(longWordsPort)],
    url: `http://127.0.0.1:${longWordsPort}/`,
    timeout: 300_000,
    grace: 5_000,
  },
  {
    name: "builder",
    command: [...tsx, "tests/e2e/dev-server.ts", String(editorPort), "--editor"],
    url: `http://127.0.0.1:${editorPort}/__edit/api/state`,
    timeout: 120_000,
    grace: 5_000,
  },
];

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
    (r) => r.status < 404,
    () => false,
  );

function stop(child: ChildProcess, grace: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const group = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  group("SIGTERM");
  const timer = setTimeout(() => group("SIGKILL"), grace);
  return exited.finally(() => clearTimeout(timer));
}

async function start(server: Server, children: { child: ChildProcess; grace: number }[]): Promise<void> {
  if (await answers(server.url))
    throw new Error(`${server.url} already answers: a server from another run is still there (the ${server.name} server's port is taken).`);
  const [program, ...args] = server.command;
  const child = spawn(program!, args, { env: { ...process.env, ...server.env }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  children.push({ child, grace: server.grace });
  let output = "";
  const log = createWriteStream(join(LOG_DIR, `${server.name.replace(/ /g, "-")}.log`));
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on("data", keep);
  // What a server says on stderr is shown, as Playwright's webServer shows it.
  child.stderr!.on("data", (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(`[${server.name}] ${chunk}`);
  });
  const deadline = Date.now() + server.timeout;
  while (!(await answers(server.url))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The ${server.name} server stopped before it was ready:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The ${server.name} server was not ready within ${server.timeout / 1000} s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export default async function startServers(_config: FullConfig): Promise<() => Promise<void>> {
  const children: { child: ChildProcess; grace: number }[] = [];
  const stopAll = () => Promise.all(children.map(({ child, grace }) => stop(child, grace))).then(() => undefined);
  const started = Date.now();
  mkdirSync(LOG_DIR, { recursive: true });
  // E2E_SERVERS=studio,builder starts only those (a run of one project's tests while working on it).
  const only = process.env.E2E_SERVERS?.split(",").map((name) => name.trim());
  // The long-words site and the studio serve only specs of the full run (tests/tiers.ts).
  const servers = (only ? SERVERS.filter((s) => only.includes(s.name)) : SERVERS).filter((s) => FULL || (s.name !== "long words" && s.name !== "studio"));
  try {
    await Promise.all(servers.map((server) => start(server, children)));
  } catch (err) {
    await stopAll();
    throw err;
  }
  console.log(`The tests' ${servers.length} servers started in ${((Date.now() - started) / 1000).toFixed(1)} s (their output: ${LOG_DIR})`);
  return stopAll;
}
