/**
 * `npm run build:changed` in a worktree, for a publish or a preview: once, in a process of its own
 * (scripts/build-changed.ts), or in the clone's kept worktree by a build process that stays
 * (scripts/build-server.ts): started by the first publish, it saves the next ones starting Node and
 * loading the build's code, and ends after IDLE_MS without a build. Steps are said as they come.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import type { BuildReply, BuildRequest, BuildStep } from "../src/deploy/build-protocol.ts";

export interface BuildResult {
  /** The exit code (null: the process did not run or was killed). */
  code: number | null;
  /** What the build printed, the last 256 KiB. */
  output: string;
}

/** A build process with no build for this long ends (it holds the build's code and the checks in memory). */
const IDLE_MS = 15 * 60_000;

/** Keeps the last 256 KiB: plenty for the lines a refusal shows. */
const keepTail = (output: string, more: string) => (output + more).slice(-256 * 1024);

const start = (script: string, dir: string, env: NodeJS.ProcessEnv) =>
  spawn(process.execPath, ["--import", "tsx", join("scripts", script)], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe", "ipc"] });

/** Runs scripts/build-changed.ts in `dir` once. */
export function buildOnce(dir: string, env: NodeJS.ProcessEnv, say: (step: string) => void): Promise<BuildResult> {
  return new Promise((resolve) => {
    const child = start("build-changed.ts", dir, env);
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output = keepTail(output, chunk.toString("utf8"))));
    child.stderr?.on("data", (chunk: Buffer) => (output = keepTail(output, chunk.toString("utf8"))));
    child.on("message", (message: BuildStep) => {
      if (typeof message?.step === "string") say(message.step);
    });
    child.on("error", (error) => resolve({ code: null, output: `${output}\n${error.message}` }));
    child.on("close", (code) => resolve({ code, output: output.trim() }));
  });
}

interface Running {
  id: number;
  say(step: string): void;
  output: string;
  done(result: BuildResult | "stale"): void;
}

/** The build process of one folder (the kept worktree), one build at a time. */
class BuildServer {
  private child: ChildProcess | undefined;
  private running: Running | undefined;
  private builds = 0;
  private idle: NodeJS.Timeout | undefined;

  constructor(private readonly dir: string) {}

  async build(env: NodeJS.ProcessEnv, say: (step: string) => void): Promise<BuildResult> {
    if (this.running) throw new Error(`A build is already running in ${this.dir}.`);
    clearTimeout(this.idle);
    const child = this.started(env);
    const id = ++this.builds;
    // Held while it builds (a caller may have nothing else keeping Node running); let go between builds.
    child.ref();
    child.channel?.ref();
    const result = await new Promise<BuildResult | "stale">((done) => {
      this.running = { id, say, output: "", done };
      child.send({ build: id } satisfies BuildRequest);
    });
    this.running = undefined;
    child.unref();
    child.channel?.unref();
    if (this.child) this.idle = setTimeout(() => this.stop(), IDLE_MS).unref();
    // Its code changed since it started: this build runs once, with the code the folder has now.
    return result === "stale" ? buildOnce(this.dir, env, say) : result;
  }

  stop(): void {
    this.child?.kill();
    this.child = undefined;
  }

  private started(env: NodeJS.ProcessEnv): ChildProcess {
    if (this.child) return this.child;
    const child = start("build-server.ts", this.dir, env);
    this.child = child;
    const keep = (chunk: Buffer) => {
      if (this.running) this.running.output = keepTail(this.running.output, chunk.toString("utf8"));
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.on("message", (message: BuildReply) => this.heard(message));
    const gone = (error?: Error) => {
      if (this.child === child) this.child = undefined;
      const running = this.running;
      if (running) running.done({ code: null, output: `${running.output}${error ? `\n${error.message}` : ""}`.trim() });
    };
    child.on("error", gone);
    child.on("exit", () => gone());
    return child;
  }

  private heard(message: BuildReply): void {
    const running = this.running;
    if (!running) return;
    if ("step" in message) {
      running.say(message.step);
      running.output = keepTail(running.output, `${message.step}\n`);
    } else if ("output" in message) running.output = keepTail(running.output, message.output);
    else if ("stale" in message && message.stale === running.id) running.done("stale");
    else if ("done" in message && message.done === running.id) {
      if (message.ends) this.child = undefined;
      running.done({ code: message.code, output: running.output.trim() });
    }
  }
}

const servers = new Map<string, BuildServer>();

/** Runs a build in `dir` by the folder's build process, started if it is not running. */
export function buildKept(dir: string, env: NodeJS.ProcessEnv, say: (step: string) => void): Promise<BuildResult> {
  let server = servers.get(dir);
  if (!server) {
    server = new BuildServer(dir);
    servers.set(dir, server);
  }
  return server.build(env, say);
}
