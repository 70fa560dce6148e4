/**
 * The running studio's control socket, `<STUDIO_DATA>/control.sock` (owner-only): how the command
 * line asks the studio that holds the sessions to change an account, so that `user reset` ends the
 * sessions at once in that process. Only a process of the studio's own user can reach it. When no
 * studio answers, the command line works on the files itself (users.ts).
 */
import { createHash } from "node:crypto";
import { chmodSync, existsSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import type { ActivityLog } from "./activity.ts";
import type { Accounts } from "./accounts.ts";
import { runUserCommand, type SessionOwner, type UserAnswer, type UserCommand } from "./users.ts";

/** A socket's path may be about 100 bytes at most: a data folder deeper than that gets one in the temporary folder, named after it. */
export function controlSocket(dataDir: string): string {
  const beside = join(dataDir, "control.sock");
  if (Buffer.byteLength(beside) <= 100) return beside;
  return join(tmpdir(), `studio-${createHash("sha256").update(dataDir).digest("hex").slice(0, 16)}.sock`);
}

/** The answer of the studio on `socket`, or null when none runs there (no socket, or nobody listening). */
export function askStudio(socket: string, command: UserCommand, timeoutMs = 30_000): Promise<UserAnswer | null> {
  if (!existsSync(socket)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(command);
    const req = request(
      { socketPath: socket, method: "POST", path: "/users", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () => {
          const answer = JSON.parse(text) as UserAnswer & { error?: string };
          if (res.statusCode === 200) resolve(answer);
          else reject(new Error(answer.error ?? `The studio answered ${res.statusCode}.`));
        });
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error("The running studio did not answer in time.")));
    req.on("error", (err: NodeJS.ErrnoException) => (err.code === "ECONNREFUSED" || err.code === "ENOENT" ? resolve(null) : reject(err)));
    req.end(body);
  });
}

/** Listens on `socket` for the command line; refuses to start when another studio already answers there. */
export async function serveControl(socket: string, accounts: Accounts, sessions: SessionOwner, origin: string, activity: ActivityLog) {
  if (existsSync(socket)) {
    const other = await askStudio(socket, { command: "list" }, 2_000).catch(() => null);
    if (other) throw new Error(`Another studio is running with the same STUDIO_DATA (${socket} answers): stop it first, or give this one its own.`);
    // Left by a studio that was killed: nobody listens.
    rmSync(socket, { force: true });
  }
  const control = Fastify({ logger: false });
  control.post("/users", async (req, reply) => {
    try {
      return await runUserCommand(req.body as UserCommand, accounts, sessions, origin, activity);
    } catch (err) {
      return reply.code(400).send({ error: (err as Error).message });
    }
  });
  await control.listen({ path: socket });
  chmodSync(socket, 0o600);
  return control;
}
