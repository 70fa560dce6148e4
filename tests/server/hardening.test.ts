// @vitest-environment node
/**
 * What the server answers outside the happy path: pre-compressed pages and ranges, methods it does
 * not use, the host's own files, and requests Node cannot parse. All answers are JSON with the
 * security headers, never a stack or Fastify's own wording.
 */
import { connect, type AddressInfo } from "node:net";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildServer } from "../../server/app.ts";
import { compressFile } from "../../src/deploy/precompress.ts";
import { Outbox } from "../../server/enquiry/outbox.ts";
import { makeSite, tempDir } from "./helpers.ts";

let app: FastifyInstance;
let base: string;
let port: number;
let clientDir: string;
const page = `<!DOCTYPE html><html lang="en"><head><title>Services</title></head><body>${"<p>Cloud, data and AI services.</p>".repeat(200)}</body></html>`;

beforeAll(async () => {
  clientDir = makeSite();
  writeFileSync(join(clientDir, "index.html"), page);
  for (const f of ["_headers", "_redirects", "__spa-fallback.html"]) writeFileSync(join(clientDir, f), "for the host");
  compressFile(join(clientDir, "index.html"), Buffer.from(page), 10);
  app = await buildServer({ clientDir, enquiry: { outbox: await outbox(), rateLimitPerMinute: 100 } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => app.close());

async function outbox(): Promise<Outbox> {
  const box = new Outbox(tempDir("hardening-outbox-"));
  await box.init();
  return box;
}

/** Sends `request` as raw bytes and resolves with everything the server wrote before closing. */
function rawRequest(request: Buffer | string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let text = "";
    socket.on("data", (d: Buffer) => (text += d.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => resolve(text));
  });
}

describe("pre-compressed pages", () => {
  it("the build writes .br and .gz beside each page, and the server sends the one the client accepts", async () => {
    expect(brotliDecompressSync(readFileSync(join(clientDir, "index.html.br"))).toString()).toBe(page);
    expect(gunzipSync(readFileSync(join(clientDir, "index.html.gz"))).toString()).toBe(page);
    for (const [accept, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const res = await fetch(`${base}/`, { headers: { "Accept-Encoding": accept } });
      // fetch decodes the body itself; the header says which copy came.
      expect(res.headers.get("content-encoding")).toBe(accept);
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(await res.text()).toBe(page);
      expect(decode(readFileSync(join(clientDir, `index.html.${accept === "br" ? "br" : "gz"}`))).toString()).toBe(page);
    }
  });

  it("a range is of the page itself, never of a compressed copy", async () => {
    const text = await rawRequest("GET / HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br, gzip\r\nRange: bytes=0-14\r\nConnection: close\r\n\r\n");
    expect(text).toMatch(/^HTTP\/1\.1 206 /);
    expect(text.toLowerCase()).not.toContain("content-encoding");
    expect(text.toLowerCase()).toContain(`content-range: bytes 0-14/${Buffer.byteLength(page)}`);
    expect(text.endsWith("<!DOCTYPE html>")).toBe(true);
  });
});

describe("methods and paths that are not for visitors", () => {
  it.each([
    ["TRACE", "/send-email", "POST"],
    ["OPTIONS", "/send-email", "POST"],
    ["PROPFIND", "/about-us", "GET, HEAD"],
    ["DELETE", "/", "GET, HEAD"],
    ["PUT", "/about-us", "GET, HEAD"],
  ])("%s %s -> 405 JSON, Allow: %s", async (method, path, allow) => {
    const text = await rawRequest(`${method} ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 405 /);
    expect(text.toLowerCase()).toContain(`allow: ${allow.toLowerCase()}`);
    expect(text.toLowerCase()).toContain("content-security-policy:");
    expect(JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)).error).toMatch(/POST|GET/);
  });

  it.each(["/_headers", "/_redirects", "/__spa-fallback.html", "/missing.png"])("%s -> 404 JSON", async (path) => {
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found." });
    expect(res.headers.get("content-security-policy")).toBeTruthy();
  });
});

describe("requests Node cannot parse", () => {
  it("a raw non-ASCII byte in the path -> 400 JSON with the security headers, connection closed", async () => {
    const text = await rawRequest(Buffer.concat([Buffer.from("GET /"), Buffer.from([0xc3, 0xa9]), Buffer.from(" HTTP/1.1\r\nHost: x\r\n\r\n")]));
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text).toContain("Content-Security-Policy: default-src 'none'");
    expect(text).toContain("X-Content-Type-Options: nosniff");
    expect(text).toContain("Connection: close");
    expect(JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4))).toEqual({ error: "The request could not be read." });
  });

  it("headers larger than Node accepts -> 431 JSON", async () => {
    const text = await rawRequest(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4))).toEqual({ error: "The request's headers are too large." });
  });
});

describe("while the server stops", () => {
  it("a request that arrives during shutdown gets JSON 503 with Retry-After; the one in flight completes", async () => {
    const stopping = await buildServer({ clientDir: makeSite(), enquiry: { outbox: await outbox(), rateLimitPerMinute: 100 } });
    await stopping.listen({ port: 0, host: "127.0.0.1" });
    const p = (stopping.server.address() as AddressInfo).port;
    const body = JSON.stringify({ to: "a@b.co", subject: "Shutdown", body: "Name: A\n\nEmail: a@b.co\n\nMessage: hi" });
    // One connection: an enquiry whose body is still arriving, then a second request pipelined behind it.
    const socket = connect(p, "127.0.0.1");
    let text = "";
    socket.on("data", (d: Buffer) => (text += d.toString()));
    const closed = new Promise((r) => socket.on("close", r));
    await new Promise((r) => socket.once("connect", r));
    socket.write(
      `POST /send-email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const closing = stopping.close();
    await new Promise((r) => setTimeout(r, 100));
    socket.write(`${body.slice(10)}GET / HTTP/1.1\r\nHost: x\r\n\r\n`);
    await closed;
    await closing;
    const answers = text.split(/(?=HTTP\/1\.1 )/);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(answers[1]!.toLowerCase()).toContain("retry-after: 10");
    expect(answers[1]!.toLowerCase()).toContain("content-security-policy:");
    expect(JSON.parse(answers[1]!.slice(answers[1]!.indexOf("\r\n\r\n") + 4))).toEqual({
      error: "The server is restarting: please try again in a few seconds.",
    });
  });
});

describe("paths a redirect could be built from", () => {
  it.each(["/%E0%A4%B8%E0%A5%87%E0%A4%B5%E0%A4%BE/", "/about-us/%0D%0ASet-Cookie:x=1/", "/%E0%A4%B8%E0%A5%87/%2F%2Fevil.test/", "/%C3%A9t%C3%A9/", "/%FF/"])(
    "%s: never 500, never off the origin, always the security headers",
    async (path) => {
      const text = await rawRequest(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      const status = Number(text.slice(9, 12));
      expect([301, 400, 404]).toContain(status);
      expect(text.toLowerCase()).toContain("content-security-policy:");
      expect(text.toLowerCase()).not.toContain("set-cookie");
      const location = /^location: (.*)$/im.exec(text)?.[1];
      if (status === 301) expect(new URL(location!, "http://x").origin).toBe("http://x");
    },
  );
});
