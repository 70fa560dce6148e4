/** The production server (server/main.ts) as a child process for the load benchmarks. */
import { spawn } from "node:child_process";
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
