/**
 * `npm run gen`: writes everything derived from the hand-written sources, each file only when its
 * content changes (dev, build, typecheck and test run it first):
 *
 * - from each section folder (src/sections/<type>/): its editor schema, the section union, the
 *   registry's loaders and the data functions (scripts/gen/sections.ts);
 * - from schemas/: the TypeScript types (src/generated/content.ts);
 * - the section reference, docs/sections.md;
 * - the contact form's precompiled validator and field list.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderSectionsDoc } from "./gen/docs.ts";
import { writeFormValidator } from "./gen/form.ts";
import { GenError, readSections, writeSections } from "./gen/sections.ts";
import { writeTypes } from "./gen/types.ts";
import { writeIfChanged } from "./write-if-changed.ts";

// SITE_ROOT: another copy of the project (a test adds a section type there).
const root = process.env.SITE_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), "..");

try {
  const written = writeSections(root, readSections(root));
  if (await writeTypes(root)) written.push("src/generated/content.ts");
  if (writeIfChanged(join(root, "docs", "sections.md"), renderSectionsDoc(join(root, "schemas")))) written.push("docs/sections.md");
  written.push(...writeFormValidator(root));
  for (const file of written) console.log(`gen: wrote ${file}`);
} catch (err) {
  if (!(err instanceof GenError)) throw err;
  console.error(err.message);
  process.exit(1);
}
