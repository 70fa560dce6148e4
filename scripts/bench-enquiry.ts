/**
 * `npm run bench:enquiry`: load on POST /send-email over loopback.
 *
 * Starts the production server (server/main.ts) on a throwaway outbox with
 * no SMTP and no rate limit, sends 10,000 enquiries over 100 connections with
 * autocannon, then checks that every one was answered 200 and is on disk,
 * and prints latency percentiles and throughput. Every enquiry is fsync'ed
 * before its answer, so this measures the durable path, not a memory queue.
 * Not a test: figures depend on the machine and its disk.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { startBenchServer } from "./bench/serve.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const PORT = Number(process.env.BENCH_PORT ?? 4315);
const AMOUNT = 10_000;
const CONNECTIONS = 100;

const work = mkdtempSync(join(tmpdir(), "bench-enquiry-"));
const site = join(work, "site");
const outbox = join(work, "outbox");
// The endpoint does not need the built site; a one-page stand-in keeps the bench independent of `npm run build`.
mkdirSync(site);
writeFileSync(join(site, "index.html"), "<!DOCTYPE html><title>bench</title>");

const server = await startBenchServer(root, PORT, { SITE_DIR: site, OUTBOX_DIR: outbox, MAIL_TO: "hello@example.com", RATE_LIMIT_PER_MINUTE: "0" });

try {
  const body = JSON.stringify({
    to: "hello@example.com",
    subject: "Benchmark enquiry",
    body: "Name: Bench Mark\n\nEmail: bench@example.com\n\nPhone: +91 98765 43210\n\nMessage: We would like a quote for a web shop with about 200 products.",
  });
  console.log(`POST /send-email: ${AMOUNT.toLocaleString("en")} enquiries over ${CONNECTIONS} connections (loopback, fsync per enquiry)...`);
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}/send-email`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    connections: CONNECTIONS,
    amount: AMOUNT,
    timeout: 30,
  });
  const stored = readdirSync(join(outbox, "new")).length;

  const rows: [string, string][] = [
    ["requests", String(result.requests.total)],
    ["2xx", String(result["2xx"])],
    ["non-2xx", String(result.non2xx)],
    ["errors", String(result.errors)],
    ["timeouts", String(result.timeouts)],
    ["stored in outbox", String(stored)],
    ["duration", `${result.duration.toFixed(1)} s`],
    ["throughput", `${Math.round(result.requests.average)} req/s (average)`],
    ["latency p50", `${result.latency.p50} ms`],
    ["latency p90", `${result.latency.p90} ms`],
    ["latency p99", `${result.latency.p99} ms`],
    ["latency max", `${result.latency.max} ms`],
  ];
  for (const [k, v] of rows) console.log(`  ${k.padEnd(18)} ${v}`);

  const ok = result.errors === 0 && result.non2xx === 0 && result.timeouts === 0 && result["2xx"] === AMOUNT && stored === AMOUNT;
  console.log(ok ? `OK: ${AMOUNT} answered 200 and ${stored} stored.` : "FAILED: see the figures above.");
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
