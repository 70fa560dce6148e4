/**
 * A real nginx for the tests of the configurations the project generates (the site's include,
 * the studio's TLS server block): run in the foreground as the test's own process, with every
 * path it writes inside one temporary folder.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

/** A port nothing listens on now (nginx cannot be given port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningNginx {
  process: ChildProcess;
  /** What nginx wrote to its error log so far. */
  log(): string;
  stop(): Promise<void>;
}

/** Starts nginx with `http` (the inside of its http block: server blocks, includes) and `work` for its files. */
export function startNginx(work: string, http: string): RunningNginx {
  writeFileSync(
    join(work, "nginx.conf"),
    `daemon off;
master_process off;
pid ${work}/nginx.pid;
error_log stderr warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
${http}
}
`,
  );
  let log = "";
  const child = spawn(NGINX, ["-p", work, "-c", join(work, "nginx.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  return {
    process: child,
    log: () => log,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
