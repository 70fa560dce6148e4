/**
 * `npm run docs`: rewrites docs/sections.md from schemas/ (see
 * scripts/section-docs.ts). A unit test fails while the committed file is stale.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderSectionsDoc } from "./section-docs.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outFile = join(root, "docs", "sections.md");
const text = renderSectionsDoc(join(root, "schemas"));
let previous = "";
try {
  previous = readFileSync(outFile, "utf8");
} catch {
  // first run
}
if (previous !== text) {
  writeFileSync(outFile, text);
  console.log("docs: wrote docs/sections.md");
} else {
  console.log("docs: docs/sections.md is up to date");
}
