/**
 * The builder's forms run without a schema compiler (builder/app/fields/validator.ts): rjsf would
 * need one for a schema's conditions. No schema a form is made from has any.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { bundleSchema } from "../../../builder/server/schema-bundle";
import { repoRoot } from "../../helpers/site-copy";

const dir = join(repoRoot, "schemas");
const files = [
  ...readdirSync(join(dir, "sections")).map((f) => `sections/${f}`),
  "page.schema.json",
  "service-template.schema.json",
  "settings.schema.json",
  ...readdirSync(join(dir, "collections")).map((f) => `collections/${f}`),
];

function conditions(node: unknown, path: string, out: string[]): string[] {
  if (Array.isArray(node))
    node.forEach((n, i) => {
      conditions(n, `${path}/${i}`, out);
    });
  else if (node && typeof node === "object")
    for (const [key, value] of Object.entries(node)) {
      if (key === "examples" || key === "defaultSnippets") continue;
      if (["oneOf", "anyOf", "if", "dependencies", "dependentSchemas"].includes(key)) out.push(`${path}/${key}`);
      conditions(value, `${path}/${key}`, out);
    }
  return out;
}

// A page's own form leaves its sections out (each section has a form of its own, by its type).
const withoutSections = (schema: Record<string, unknown>) => {
  const { sections: _, ...properties } = schema.properties as Record<string, unknown>;
  return { ...schema, properties };
};

test.each(files)("%s: no condition a form would need a validator for", (file) => {
  const pick = file === "page.schema.json" || file === "service-template.schema.json" ? withoutSections : undefined;
  expect(conditions(bundleSchema(dir, file, pick), file, [])).toEqual([]);
});
