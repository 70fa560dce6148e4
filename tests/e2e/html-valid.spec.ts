/**
 * Every pre-rendered page (dist/client) checked with html-validate: document structure, content
 * models and accessibility rules. Rules about how React writes markup are off (they are style,
 * not structure); each is named below with why.
 */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "@playwright/test";
import { HtmlValidate } from "html-validate";

const client = join(import.meta.dirname, "..", "..", "dist", "client");

const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    // React writes <meta/> and required="" and charSet: the serializer's style, the same DOM.
    "void-style": "off",
    "attribute-boolean-style": "off",
    "attr-case": "off",
    // React's useId ids (_R_1_) are valid HTML ids; only the stricter "begins with a letter" advice fails.
    "valid-id": ["error", { relaxed: true }],
    // Slides are placed by inline transforms before the slider's code arrives (no layout shift).
    "no-inline-style": "off",
    // Phone numbers are shown as the editor wrote them in settings.json.
    "tel-non-breaking": "off",
  },
});

/** Every page file of the build (the static hosts' fallback shell is not a page). */
function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "assets" ? [] : pages(path);
    return entry.name === "index.html" ? [path] : [];
  });
}

test("every pre-rendered page is valid HTML: structure, content models, unique landmarks", async () => {
  const files = pages(client);
  expect(files.length, "pages in dist/client (run npm run build)").toBeGreaterThanOrEqual(29);
  const problems: string[] = [];
  for (const file of files) {
    const report = await validator.validateFile(file);
    for (const result of report.results) {
      for (const m of result.messages)
        problems.push(`${relative(client, file)}:${m.line}:${m.column} ${m.ruleId}: ${m.message}${m.selector ? ` (${m.selector})` : ""}`);
    }
  }
  expect(problems).toEqual([]);
});
