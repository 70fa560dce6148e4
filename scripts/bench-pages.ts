/**
 * `npm run bench:pages`: GET / over loopback against the production server (server/main.ts), on
 * the built site (`npm run build` first), 20,000 requests over 100 connections with autocannon:
 *
 * - identity: the client accepts no compression;
 * - br, per request: the pages' .br/.gz copies removed, so the server compresses each response
 *   (what the server did before pages were pre-compressed);
 * - br, pre-compressed: the build's .br copy sent as it is.
 *
 * Prints req/s and latency percentiles for each. Not a test: figures depend on the machine.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { startBenchServer } from "./bench/serve.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const PORT = Number(process.env.BENCH_PORT ?? 4316);
const AMOUNT = 20_000;
const CONNECTIONS = 100;
const built = join(root, "dist", "client");
if (!existsSync(join(built, "index.html"))) {
  console.error("No built site in dist/client: run `npm run build` first.");
  process.exit(1);
}

/** Removes the pre-compressed copies of pages and page data (not of the assets). */
function dropPageCopies(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "assets") dropPageCopies(path);
    } else if (/\.(html|data)\.(br|gz)$/.test(name)) unlinkSync(path);
  }
}

async function run(label: string, siteDir: string, encoding: string | null): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), "bench-pages-outbox-"));
  const server = await startBenchServer(root, PORT, { SITE_DIR: siteDir, OUTBOX_DIR: work });
  try {
    const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
    // A short warm-up, so the first figures are not the JIT's.
    await autocannon({ url: `http://127.0.0.1:${PORT}/`, headers, connections: 10, amount: 1000 });
    const r = await autocannon({ url: `http://127.0.0.1:${PORT}/`, headers, connections: CONNECTIONS, amount: AMOUNT, timeout: 30 });
    const ok = r.errors === 0 && r.non2xx === 0 && r["2xx"] === AMOUNT;
    const bytes = Math.round(r.throughput.total / Math.max(1, r.requests.total) / 1024);
    return `| ${label} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${bytes} KiB | ${ok ? "all 200" : `FAILED (${r["2xx"]} 2xx, ${r.non2xx} other, ${r.errors} errors)`} |`;
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

const copy = mkdtempSync(join(tmpdir(), "bench-pages-site-"));
try {
  // Two copies of the build with its site.json: as built, and without the pages' compressed copies.
  const asBuilt = join(copy, "as-built", "client");
  const perRequest = join(copy, "per-request", "client");
  for (const dir of [asBuilt, perRequest]) {
    cpSync(built, dir, { recursive: true });
    if (existsSync(join(root, "dist", "site.json"))) cpSync(join(root, "dist", "site.json"), join(dir, "..", "site.json"));
  }
  dropPageCopies(perRequest);
  console.log(`GET / : ${AMOUNT.toLocaleString("en")} requests over ${CONNECTIONS} connections (loopback)\n`);
  console.log("| case | req/s | p50 ms | p99 ms | max ms | bytes/response | result |");
  console.log("|---|---:|---:|---:|---:|---:|---|");
  console.log(await run("identity (no compression)", asBuilt, null));
  console.log(await run("br, compressed per request", perRequest, "br"));
  console.log(await run("br, pre-compressed at build", asBuilt, "br"));
} finally {
  rmSync(copy, { recursive: true, force: true });
}
