// @vitest-environment node
/**
 * Paths the production server cannot map to a file: a generated corpus of encoded slashes,
 * dots and backslashes in every position, and long paths, sent over HTTP exactly as written.
 * None may answer 5xx or log an error, every answer carries the security headers, a redirect
 * stays on the site, and no request's CPU time passes a generous bound (the constant in the test):
 * it catches work growing with the path (recursion, backtracking), not a loaded machine's pauses.
 * The typical cost is printed, not asserted (docs/performance.md).
 */
import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { makeSite } from "./helpers.ts";

const ATOMS = [
  "a",
  "about-us",
  "index.html",
  "assets",
  "media",
  ".",
  "..",
  "%2E",
  "%2e%2E",
  "%2F",
  "%2f%2F",
  "%5C",
  "%5c%5C",
  "\\",
  "\\\\",
  "%252F",
  "%C0%AF",
  "%00",
  "%FF",
  "%",
  "%2",
  ";",
  "%3B",
  "%09",
  "~",
  "..%2F",
  "%2E%2E%5C",
];

/** Each atom and pair of atoms at the start, the middle and the end of a path, with and without a slash after. */
function corpus(): string[] {
  // The three found answering 500 (each recursing until the stack ran out).
  const paths = new Set<string>(["/a%2F", "/a%2F/", "/%2F/"]);
  for (const x of ATOMS) {
    for (const shape of [
      `/${x}`,
      `/${x}/`,
      `/a/${x}`,
      `/a/${x}/`,
      `/${x}/a`,
      `/about-us/${x}`,
      `/about-us${x}`,
      `/${x}about-us`,
      `/media/${x}`,
      `/assets/${x}.js`,
    ])
      paths.add(shape);
    for (const y of ATOMS) {
      paths.add(`/${x}/${y}`);
      paths.add(`/${x}${y}/`);
    }
  }
  // Long paths: many segments, many encoded slashes, many dots, one long name (under Node's 16 KB header limit).
  for (const long of [
    `/${"a/".repeat(2000)}`,
    `/${"%2F".repeat(3000)}`,
    `/a${"%2F".repeat(3000)}`,
    `/${"..%2F".repeat(1000)}`,
    `/${"%2e".repeat(3000)}/`,
    `/about-us${"/".repeat(5000)}`,
    `/${"x".repeat(12000)}`,
    `/${"%5C".repeat(3000)}/`,
    `/${"a/..".repeat(2000)}/`,
  ])
    paths.add(long);
  return [...paths];
}

let app: FastifyInstance;
let port: number;
const errors: string[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  const clientDir = makeSite();
  mkdirSync(join(clientDir, "media"));
  writeFileSync(join(clientDir, "media", "logo.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(join(clientDir, "assets", "app-1234.js"), "console.log(1);");
  app = await buildServer({ clientDir, logger: { level: "error", stream: { write: (line: string) => void errors.push(line) } } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  await app.close();
});

/** CPU one request may cost before it counts as work that grows with the path. */
const LIMIT_MS = 100;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  cpuMs: number;
}

/** GET `path` as written; the CPU this process spent until the answer ended (client and server). */
function get(path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = process.cpuUsage();
    const req = request({ host: "127.0.0.1", port, path, agent, headers: { host: "site.test" } }, (res) => {
      res.resume();
      res.on("end", () => {
        const used = process.cpuUsage(started);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, cpuMs: (used.user + used.system) / 1000 });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("odd paths", () => {
  it("a generated corpus: never 5xx, never an error logged, always the security headers, redirects on the site, none over 100 ms of CPU", async () => {
    const paths = corpus();
    // Warm up, so that the first requests do not pay for compiling the server's code.
    for (let i = 0; i < 50; i++) await get(`/warm-${i}`);
    const statuses = new Map<number, number>();
    const slow: string[] = [];
    const bad: string[] = [];
    const costs: number[] = [];
    for (const path of paths) {
      let answer = await get(path);
      // A pause of the collector or of the machine is not the request's cost: the best of three counts.
      for (let retry = 0; retry < 2 && answer.cpuMs > LIMIT_MS; retry++) {
        const again = await get(path);
        if (again.cpuMs < answer.cpuMs) answer = again;
      }
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const shown = path.length > 60 ? `${path.slice(0, 60)}... (${path.length} characters)` : path;
      const wrong = [
        ...([200, 301, 400, 404, 431].includes(answer.status) ? [] : [`answered ${answer.status}`]),
        ...["content-security-policy", "strict-transport-security"].filter((h) => !answer.headers[h]).map((h) => `no ${h}`),
        ...(answer.headers["x-content-type-options"] === "nosniff" ? [] : ["no nosniff"]),
      ];
      if (answer.status === 301) {
        const location = String(answer.headers.location);
        if (new URL(location, "http://site.test").origin !== "http://site.test" || !/^\/(?![/\\])/.test(location)) wrong.push(`redirected to ${location}`);
      }
      if (wrong.length > 0) bad.push(`${shown}: ${wrong.join(", ")}`);
      costs.push(answer.cpuMs);
      if (answer.cpuMs > LIMIT_MS) slow.push(`${shown}: ${answer.cpuMs.toFixed(1)} ms`);
    }
    console.log(
      `odd paths: ${paths.length} requests; answers ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(", ")}; ${bad.length} wrong, ${errors.length} errors logged; CPU per request median ${median(costs).toFixed(1)} ms, most ${Math.max(...costs).toFixed(1)} ms`,
    );
    expect(bad).toEqual([]);
    expect(slow).toEqual([]);
    expect(errors).toEqual([]);
  }, 300_000);
});
