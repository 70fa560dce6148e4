/**
 * Stopping the production server as process managers and containers do: SIGTERM to `npm run serve`
 * (npm is the process they started). The signal reaches the server, which finishes the request in
 * progress (its enquiry stored), closes the port and exits with 0.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173) + 302;
const repo = join(import.meta.dirname, "..", "..");

const portOpen = (p: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(p, "127.0.0.1");
    socket.once("connect", () => resolve(!socket.destroy()));
    socket.once("error", () => resolve(false));
  });

/** What a socket receives until the server closes it. */
const readAll = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let text = "";
    socket.on("data", (d: Buffer) => (text += d.toString()));
    socket.on("close", () => resolve(text));
  });

test("SIGTERM to npm run serve: the request in progress completes, the port closes, exit code 0", async () => {
  test.setTimeout(60_000);
  const outbox = mkdtempSync(join(tmpdir(), "site-shutdown-outbox-"));
  const npm = spawn("npm", ["run", "serve"], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", OUTBOX_DIR: outbox, RATE_LIMIT_PER_MINUTE: "0" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  npm.stdout.on("data", (d: Buffer) => (output += d.toString()));
  npm.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => npm.on("exit", (code) => resolve(code)));
  try {
    await expect.poll(() => output, { timeout: 30_000 }).toContain("Site ready at");

    // An enquiry whose body is still arriving when the signal comes.
    const body = JSON.stringify({
      to: "hello@vistaartechnologies.in",
      subject: "Sent while the server stops",
      body: "Name: Asha Patil\n\nEmail: asha.patil@example.co.in\n\nPhone: +91 98765 43210\n\nMessage: Please call back.",
    });
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const answer = readAll(socket);
    socket.write(
      `POST /send-email HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 300));

    npm.kill("SIGTERM");
    await expect.poll(() => output, { timeout: 10_000 }).toContain("SIGTERM received");
    socket.write(body.slice(20));
    expect(await answer).toMatch(/^HTTP\/1\.1 200 /);

    expect(await exited).toBe(0);
    expect(await portOpen(port)).toBe(false);
    expect(readdirSync(join(outbox, "new"))).toHaveLength(1);
  } finally {
    // Its own process group: whatever is left of it, however the test went, is stopped here.
    try {
      process.kill(-npm.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
    rmSync(outbox, { recursive: true, force: true });
  }
});
