/**
 * One self-contained JSON Schema for a form: the schema's references to other files
 * (common.schema.json#/definitions/image, say) copied in under `definitions` and pointed at there.
 * @rjsf/core resolves only references inside the schema it is given; each shared definition keeps
 * its name, so the editor still knows an image when it sees one.
 */
import { readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";

type Schema = { [key: string]: unknown };

export function bundleSchema(schemasDir: string, file: string, pick?: (schema: Schema) => Schema): Schema {
  const cache = new Map<string, Schema>();
  const load = (rel: string) => {
    let schema = cache.get(rel);
    if (!schema) {
      schema = JSON.parse(readFileSync(join(schemasDir, rel), "utf8")) as Schema;
      cache.set(rel, schema);
    }
    return schema;
  };
  const definitions: Record<string, Schema> = {};

  /** `node` with its references made local; `from` is the file it comes from. */
  const localize = (node: unknown, from: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => localize(n, from));
    if (!node || typeof node !== "object") return node;
    const out: Schema = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") out[key] = reference(value, from);
      else if (key === "examples" || key === "defaultSnippets") out[key] = value;
      else out[key] = localize(value, from);
    }
    return out;
  };
  const reference = (ref: string, from: string): string => {
    const [target = "", fragment = ""] = ref.split("#");
    const file = target === "" ? from : posix.join(dirname(from) === "." ? "" : dirname(from), target);
    const [kind, name, ...more] = fragment.split("/").filter(Boolean);
    if (kind !== "definitions" || name === undefined || more.length > 0) {
      if (target === "" && file === rootFile) return ref;
      throw new Error(`${from}: cannot bundle the reference ${ref}`);
    }
    if (!(name in definitions)) {
      definitions[name] = {};
      definitions[name] = localize((load(file).definitions as Record<string, Schema>)[name], file) as Schema;
    }
    return `#/definitions/${name}`;
  };

  const rootFile = file;
  const source = load(file);
  const { $schema: _, definitions: own, ...rest } = (pick ? pick(source) : source) as Schema & { definitions?: Record<string, Schema> };
  for (const [name, def] of Object.entries(own ?? {})) definitions[name] = localize(def, file) as Schema;
  const body = localize(rest, file) as Schema;
  return { ...body, definitions };
}
