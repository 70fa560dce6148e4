/**
 * `npm run docs`: rewrites docs/sections.md from schemas/ (see
 * scripts/section-docs.ts). A unit test fails while the committed file is stale.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderSectionsDoc } from "./section-docs.ts";
import { writeIfChanged } from "./write-if-changed.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outFile = join(root, "docs", "sections.md");
const text = renderSectionsDoc(join(root, "schemas"));
if (writeIfChanged(outFile, text)) {
  console.log("docs: wrote docs/sections.md");
} else {
  console.log("docs: docs/sections.md is up to date");
}
