/**
 * `npm run validate`: checks every file in site-config/ against schemas/ and
 * the site-wide rules, and the pictures and videos it names, prints one line
 * per problem, exits 1 on any error.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkSite, hasErrors } from "../src/content/site.ts";
import { formatReport } from "../src/content/problems.ts";

const root = process.env.SITE_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), "..");
const started = performance.now();
const result = await checkSite(root);
const ms = Math.round(performance.now() - started);

if (result.problems.length > 0) {
  const out = hasErrors(result.problems) ? process.stderr : process.stdout;
  out.write(`${formatReport(result.problems)}\n`);
}
if (hasErrors(result.problems)) process.exit(1);
console.log(`site-config/ is valid: ${result.pages.length} pages, ${result.routes.length} routes (${ms} ms).`);
