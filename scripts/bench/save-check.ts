/**
 * A save's check (issue 55): the whole site checked with one page as a save would write it
 * (checkSite with an overlay, what the builder and the studio run before each save), one process
 * checking again and again as a studio does; the median and p95 of the checks after the first few,
 * on this site and on copies with more pages (scale.ts addPages).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkSite, hasErrors } from "../../src/content/site.ts";
import { copySite } from "../../tests/helpers/site-copy.ts";
import { addPages } from "./scale.ts";

export interface SaveCheckRow {
  pages: number;
  medianMs: number;
  p95Ms: number;
}

const WARM = 10;

export async function runSaveCheckBench(sizes: number[], runs = 60): Promise<SaveCheckRow[]> {
  const rows: SaveCheckRow[] = [];
  for (const pages of sizes) {
    const site = copySite();
    try {
      if (pages > 7) addPages(join(site.root, "site-config", "pages"), pages);
      // As in use, the other files were saved a while ago: a file changed within the last second is read again every time.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const path = "site-config/pages/about-us.json";
      const text = readFileSync(join(site.root, path), "utf8");
      const times: number[] = [];
      for (let i = 0; i < WARM + runs; i++) {
        const t = performance.now();
        const result = await checkSite(site.root, { overlay: new Map([[path, text.replace('"title": "', `"title": "Save ${i}: `)]]) });
        if (i >= WARM) times.push(performance.now() - t);
        if (hasErrors(result.problems)) throw new Error(`The copy with ${pages} pages has errors.`);
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] as number;
      rows.push({ pages, medianMs: at(0.5), p95Ms: at(0.95) });
    } finally {
      site.remove();
    }
  }
  return rows;
}

export function printSaveCheckBench(rows: SaveCheckRow[]): string {
  return [
    "A save's check (the whole site, one page changed), one process checking again and again:",
    ...rows.map((r) => `  ${String(r.pages).padStart(5)} pages: median ${r.medianMs.toFixed(1)} ms, p95 ${r.p95Ms.toFixed(1)} ms`),
  ].join("\n");
}
