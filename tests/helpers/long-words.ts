/**
 * A copy of the content with one long unbroken word in every text field: appended to the text
 * where the field's limits allow, in place of it where only that fits, shorter where the field is
 * shorter, and the text left as it was where no word fits (an id, a link, a choice of values).
 * Which of those a field takes is found by validating: the copy builds, with warnings only.
 */
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { escapeSegment } from "../../src/lib/json-pointer.ts";
import { loadSite } from "../../src/content/site.ts";
import type { SiteCopy } from "./site-copy.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Keys whose strings are never shown as text. */
const NOT_TEXT = new Set(["$schema", "type", "id", "href", "src", "webm", "mp4", "endpoint", "status", "tone", "layout", "collection"]);

/** A word of `length` letters, different for each `n` (titles must differ from page to page). */
export function longWord(length: number, n = 0): string {
  let tag = "";
  for (let i = n; tag === "" || i > 0; i = Math.floor(i / 26)) tag = String.fromCharCode(97 + (i % 26)) + tag;
  return `${"W".repeat(length - tag.length)}${tag}`;
}

/** The ways a field can take the word, tried in this order; the last leaves the text alone. */
const STEPS: ((text: string, word: string) => string)[] = [
  (text, word) => `${text} ${word}`,
  (_text, word) => word,
  (_text, word) => word.slice(-40),
  (_text, word) => word.slice(-20),
  (text) => text,
];

interface Field {
  file: string;
  pointer: string;
  original: string;
  step: number;
}

function fieldsOf(value: Json, file: string, pointer = "", key?: string): Field[] {
  if (typeof value === "string")
    return key !== undefined && NOT_TEXT.has(key)
      ? []
      : [{ file, pointer, original: value, step: /^(\/|#|https?:|mailto:|tel:|\+)/.test(value) ? STEPS.length - 1 : 0 }];
  if (Array.isArray(value)) return value.flatMap((v, i) => fieldsOf(v, file, `${pointer}/${i}`, key));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => fieldsOf(v, file, `${pointer}/${escapeSegment(k)}`, k));
  return [];
}

function setAt(doc: Json, pointer: string, text: string): void {
  const segments = pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  const last = segments.pop() as string;
  let node = doc as Record<string, Json>;
  for (const segment of segments) node = node[segment] as Record<string, Json>;
  node[last] = text;
}

/** Puts a `length`-letter word in every text field of the copy; returns how many fields took it, and how. */
export function injectLongWords(site: SiteCopy, length = 60): { fields: number; appended: number; replaced: number; untouched: number } {
  const configDir = join(site.root, "site-config");
  const files = (readdirSync(configDir, { recursive: true, encoding: "utf8" }) as string[])
    .filter((f) => f.endsWith(".json"))
    .map((f) => relative(configDir, join(configDir, f)).split(sep).join("/"));
  const docs = new Map(files.map((f) => [f, JSON.parse(site.read(f)) as Json]));
  const fields = [...docs].flatMap(([file, doc]) => fieldsOf(doc, file));
  const write = () => {
    const byFile = new Map(files.map((f) => [f, structuredClone(docs.get(f)) as Json]));
    for (const [n, f] of fields.entries()) setAt(byFile.get(f.file) as Json, f.pointer, STEPS[f.step]!(f.original, longWord(length, n)));
    for (const [file, doc] of byFile) site.write(file, `${JSON.stringify(doc, null, 2)}\n`);
  };
  for (let round = 0; round < STEPS.length; round++) {
    write();
    const errors = loadSite(site.root).problems.filter((p) => p.severity === "error");
    if (errors.length === 0) break;
    // A field under (or over) an error takes its next step.
    for (const f of fields) {
      const hit = errors.some(
        (e) =>
          `site-config/${f.file}` === e.file && (e.pointer === f.pointer || f.pointer.startsWith(`${e.pointer}/`) || e.pointer.startsWith(`${f.pointer}/`)),
      );
      if (hit && f.step < STEPS.length - 1) f.step++;
    }
  }
  const errors = loadSite(site.root).problems.filter((p) => p.severity === "error");
  if (errors.length > 0) throw new Error(`The copy with long words does not validate:\n${errors.map((e) => `${e.file} ${e.pointer} ${e.message}`).join("\n")}`);
  const last = STEPS.length - 1;
  return {
    fields: fields.length,
    appended: fields.filter((f) => f.step === 0).length,
    replaced: fields.filter((f) => f.step > 0 && f.step < last).length,
    untouched: fields.filter((f) => f.step === last).length,
  };
}
