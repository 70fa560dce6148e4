// @vitest-environment node
/**
 * Slow or silent clients: headers and body must arrive within the request timeout, or the server
 * answers 408 and closes the connection, so a crowd of them cannot hold every connection.
 */
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildServer } from "../../server/app.ts";
import { makeSite } from "./helpers.ts";

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Sends `first`, then nothing; resolves with what came back and when the server closed the connection. */
function stall(port: number, first: string): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1", () => socket.write(first));
    let text = "";
    socket.on("data", (d: Buffer) => (text += d.toString()));
    socket.on("error", () => {});
    socket.on("close", () => resolve({ text, closedAfterMs: Date.now() - started }));
  });
}

describe("request timeouts", () => {
  it("a body that stops arriving is cut after the timeout with 408; headers sent slowly too; other requests are served meanwhile", async () => {
    app = await buildServer({ clientDir: makeSite(), timeouts: { requestMs: 1000, idleMs: 1000 } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;

    const body = stall(port, `POST /send-email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 65536\r\n\r\n{"name":`);
    const headers = stall(port, "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ");
    // Meanwhile a normal request is answered.
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);

    for (const slow of [await body, await headers]) {
      expect(slow.text).toMatch(/^HTTP\/1\.1 408 /);
      expect(slow.closedAfterMs).toBeGreaterThanOrEqual(900);
      expect(slow.closedAfterMs).toBeLessThan(3500);
    }
  });

  it("an idle kept-alive connection is closed after the idle timeout", async () => {
    app = await buildServer({ clientDir: makeSite(), timeouts: { requestMs: 1000, idleMs: 500 } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const idle = await stall(port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(idle.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(idle.closedAfterMs).toBeLessThan(3000);
  });
});
