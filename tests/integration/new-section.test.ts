/**
 * Adding a section type takes one folder: a schema and a component in src/sections/<type>/, then
 * `npm run gen`. Done here on a copy of the project, which must then type-check and build, with
 * the new section on a page, in the editors' schemas and in the section reference.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/site-copy";

let project: string;
const bin = (name: string) => join(repoRoot, "node_modules", ".bin", name);
function run(command: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key === "NODE_ENV" || key.startsWith("VITEST")) delete env[key];
  const result = spawnSync(command, args, { cwd: project, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`);
  return result.stdout;
}

const SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "QuoteBandSection",
  description: "One large quotation on a coloured band, with who said it.",
  type: "object",
  additionalProperties: false,
  required: ["type", "quote", "author"],
  properties: {
    type: { const: "quote-band", description: 'Section type. Always "quote-band".' },
    quote: { type: "string", minLength: 1, maxLength: 300, description: "The quotation, without quotation marks." },
    author: { type: "string", minLength: 1, maxLength: 80, description: 'Who said it, e.g. "Priya Sharma, CTO".' },
    tone: { $ref: "../../../schemas/common.schema.json#/definitions/tone", description: "Background of the band." },
  },
  examples: [{ type: "quote-band", quote: "They shipped in six weeks what we had planned for six months.", author: "Priya Sharma, CTO", tone: "dark" }],
};

const COMPONENT = `import type { SectionProps } from "@/sections/types";

export function QuoteBand({ section }: SectionProps<"quote-band">) {
  return (
    <section data-section="quote-band" className="bg-navy px-4 py-16 text-center text-white">
      <blockquote className="mx-auto max-w-3xl text-2xl">“{section.quote}”</blockquote>
      <p className="mt-4">{section.author}</p>
    </section>
  );
}
`;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), "new-section-"));
  for (const dir of ["src", "builder", "studio", "schemas", "site-config", "public", "scripts", "server", "docs", "tools", "tests/helpers"])
    cpSync(join(repoRoot, dir), join(project, dir), { recursive: true });
  for (const file of ["package.json", "tsconfig.json", "vite.config.ts", "react-router.config.ts"]) cpSync(join(repoRoot, file), join(project, file));
  symlinkSync(join(repoRoot, "node_modules"), join(project, "node_modules"));
  rmSync(join(project, "src", "generated", "sections.ts"));

  // The two files of the new section type...
  mkdirSync(join(project, "src", "sections", "quote-band"));
  writeFileSync(join(project, "src", "sections", "quote-band", "schema.json"), JSON.stringify(SCHEMA, null, 2));
  writeFileSync(join(project, "src", "sections", "quote-band", "QuoteBand.tsx"), COMPONENT);
  // ...used on a page, as an author would.
  const page = JSON.parse(readFileSync(join(project, "site-config", "pages", "thank-you.json"), "utf8")) as { sections: unknown[] };
  page.sections.push({ type: "quote-band", quote: "Fast, careful and honest about trade-offs.", author: "Arjun Mehta, COO" });
  writeFileSync(join(project, "site-config", "pages", "thank-you.json"), `${JSON.stringify(page, null, 2)}\n`);

  // ...and the one command.
  run(bin("tsx"), ["scripts/gen.ts"]);
}, 120_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe("a new section type: one folder and npm run gen", () => {
  it("is in the section union, with its example offered to editors as a snippet", () => {
    const union = JSON.parse(readFileSync(join(project, "schemas", "section.schema.json"), "utf8")) as {
      then: { oneOf: { $ref: string }[] };
      properties: { type: { anyOf: [{ enum: string[] }] } };
      defaultSnippets: unknown[];
    };
    expect(union.then.oneOf).toContainEqual({ $ref: "sections/quote-band.schema.json" });
    expect(union.properties.type.anyOf[0].enum).toContain("quote-band");
    expect(union.defaultSnippets).toContainEqual({ label: "quote-band", description: SCHEMA.description, body: SCHEMA.examples[0] });
    const schema = JSON.parse(readFileSync(join(project, "schemas", "sections", "quote-band.schema.json"), "utf8")) as Record<string, unknown>;
    expect((schema.properties as { tone: { $ref: string } }).tone.$ref).toBe("../common.schema.json#/definitions/tone");
    expect(readFileSync(join(project, "docs", "sections.md"), "utf8")).toContain("## quote-band");
    expect(readFileSync(join(project, "src", "generated", "content.ts"), "utf8")).toContain("export interface QuoteBandSection");
  });

  it("type-checks (the registry knows it) and builds, with the section on its page", () => {
    run(bin("react-router"), ["typegen"]);
    run(bin("tsc"), ["--noEmit"]);
    run(bin("react-router"), ["build"]);
    const html = readFileSync(join(project, "dist", "client", "thank-you", "index.html"), "utf8");
    expect(html).toContain('data-section="quote-band"');
    expect(html).toContain("Fast, careful and honest about trade-offs.");
  }, 240_000);
});
