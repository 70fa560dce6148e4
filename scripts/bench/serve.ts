/** Servers for the benchmarks: the production server (server/main.ts), the dev server, and waiting for one to answer. */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";

export interface BenchServer {
  stop(): Promise<void>;
}

/** Starts server/main.ts on 127.0.0.1:`port` with `env` and resolves once it says it is ready. */
export async function startBenchServer(root: string, port: number, env: Record<string, string>): Promise<BenchServer> {
  const server = spawn(process.execPath, ["--import", "tsx", join(root, "server", "main.ts")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", SMTP_URL: "", LOG_LEVEL: "error", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  };
  let output = "";
  server.stdout.on("data", (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 30_000;
  while (!output.includes("Site ready at")) {
    if (Date.now() > deadline || server.exitCode !== null) {
      await stop();
      throw new Error(`The server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { stop };
}

/** Resolves once `url` answers 200 (polled); throws after `ms`. */
export async function waitForUrl(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/** `npm run dev` (react-router dev) of the project at `root` on 127.0.0.1:`port`, over the content in `contentDir` (SITE_ROOT). */
export function startDevServer(root: string, contentDir: string, port: number): ChildProcess {
  return spawn(join(root, "node_modules", ".bin", "react-router"), ["dev", "--port", String(port), "--strictPort", "--host", "127.0.0.1"], {
    cwd: root,
    env: { ...process.env, SITE_ROOT: contentDir },
    stdio: "ignore",
  });
}
