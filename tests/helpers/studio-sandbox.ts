/**
 * A studio sandbox for the tests and the bench (npm run bench -- --mode studio), as a team would run it: a copy of the whole project (tests/helpers/project-copy.ts)
 * committed to a bare repository that stands in for the site's remote, the studio started from the
 * copy with `npm run studio`'s own script, two accounts (an editor and a publisher), and what a
 * developer does meanwhile: a clone of the remote to commit and push from.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { copyProject } from "./project-copy.ts";
import { Accounts } from "../../studio/accounts.ts";

export const repoRoot = join(import.meta.dirname, "..", "..");
export const EDITOR = { email: "asha@example.com", name: "Asha Rao", password: "correct horse battery staple" };
export const PUBLISHER = { email: "ravi@example.com", name: "Ravi Kumar", password: "another long pass phrase" };

export interface StudioFixture {
  /** The folder the studio runs from (its code, node_modules, dist/ when it deploys). */
  project: string;
  remote: string;
  data: string;
  url: string;
  port: number;
  /** Starts the studio (with `more` settings for this run) and waits until it is ready. */
  start(more?: Record<string, string>): Promise<void>;
  /** Resolves when the running studio ends (a crash, say), with the signal that ended it. */
  ended(): Promise<NodeJS.Signals | null>;
  /** SIGTERM (or SIGKILL) and wait for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** The running studio's process id. */
  pid(): number | undefined;
  /** Everything the studio printed so far. */
  output(): string;
  /** git in a developer's clone of the remote (made on first use, pulled each time). */
  developer(...args: string[]): string;
  developerDir: string;
  remove(): void;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Dev Eloper", "-c", "user.email=dev@example.com", ...args], { cwd, encoding: "utf8" });

export async function studioFixture({
  port,
  deploy = "none",
  name = "studio",
  env: extra = {},
  echo = false,
  prepare,
}: {
  port: number;
  deploy?: "none" | "local";
  name?: string;
  /** More settings for the studio (STUDIO_ORIGIN, say). */
  env?: Record<string, string>;
  /** Also print what the studio prints (each line with the time), besides keeping it for output(). */
  echo?: boolean;
  /** Changes the project copy before it is committed (a bench's generated pages, say). */
  prepare?: (project: string) => void;
}): Promise<StudioFixture> {
  const base = join(tmpdir(), `site-${name}-${port}`);
  rmSync(base, { recursive: true, force: true });
  mkdirSync(base, { recursive: true });
  const project = join(base, "project");
  const remote = join(base, "remote.git");
  const data = join(base, "data");
  const developerDir = join(base, "developer");
  copyProject(repoRoot, project);
  prepare?.(project);
  git(project, "init", "-q", "-b", "main");
  git(project, "add", "-A");
  git(project, "commit", "-qm", "The site as the tests start from it");
  execFileSync("git", ["clone", "-q", "--bare", project, remote]);
  const accounts = new Accounts(join(data, "accounts.json"));
  await accounts.add(EDITOR.email, EDITOR.name, "editor", EDITOR.password);
  await accounts.add(PUBLISHER.email, PUBLISHER.name, "publisher", PUBLISHER.password);
  let child: ChildProcess | null = null;
  let output = "";
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    STUDIO_DATA: data,
    STUDIO_REMOTE: remote,
    STUDIO_PORT: String(port),
    STUDIO_DEPLOY: deploy,
    LOG_LEVEL: "error",
    ...extra,
  };
  delete env.SITE_ROOT;
  return {
    project,
    remote,
    data,
    url,
    port,
    developerDir,
    async start(more = {}) {
      const from = output.length;
      child = spawn(process.execPath, ["--import", "tsx", join(project, "studio", "cli.ts")], {
        cwd: project,
        env: { ...env, ...more },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const keep = (d: Buffer) => {
        output += d.toString();
        if (echo) process.stdout.write(d.toString().replace(/^(?=.)/gm, () => `${new Date().toISOString().slice(11, 23)} `));
      };
      child.stdout?.on("data", keep);
      child.stderr?.on("data", keep);
      const deadline = Date.now() + 120_000;
      while (!output.slice(from).includes("Studio ready at")) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The studio did not start:\n${output.slice(from)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop(signal = "SIGTERM") {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      running.kill(signal);
      await new Promise((r) => running.once("exit", r));
    },
    ended() {
      const running = child;
      if (!running) return Promise.resolve(null);
      if (running.exitCode !== null || running.signalCode !== null) return Promise.resolve(running.signalCode);
      return new Promise((resolve) => running.once("exit", (_code, signal) => resolve(signal)));
    },
    pid: () => child?.pid,
    output: () => output,
    developer(...args) {
      try {
        git(developerDir, "pull", "-q", "--rebase");
      } catch {
        rmSync(developerDir, { recursive: true, force: true });
        execFileSync("git", ["clone", "-q", remote, developerDir]);
      }
      return git(developerDir, ...args);
    },
    remove() {
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/** Writes a file in the developer's clone. */
export const developerWrite = (fixture: StudioFixture, file: string, text: string) => writeFileSync(join(fixture.developerDir, file), text);
