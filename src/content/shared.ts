/**
 * Shared sections (site-config/shared/<name>.json), placed on pages by name: between reading and
 * validating, each placement { "shared": "contact", "heading": "..." } is written in place as the
 * shared section with the page's own fields over it. What follows (validation, the page's headings,
 * rendering, the build) sees an ordinary section, so a page renders exactly as if the copy were in
 * its file. The expanded documents keep the page's positions; what came from a shared file points
 * at the placement ("shared": ...), and its own mistakes are reported in the shared file once.
 */
import { escapeSegment, splitPointer, valueAt } from "../lib/json-pointer.ts";
import { lastString } from "../lib/last-string.ts";
import { readablePath } from "./ajv-problems.ts";
import type { JsonValue, NodeLocation, ParsedJson } from "./json-source.ts";
import { didYouMean, type Problem } from "./problems.ts";
import type { SchemaSet } from "./schemas.ts";
import type { PageSource, SharedSource, SourceFile, Sources } from "./sources.ts";

type JsonObject = { [key: string]: JsonValue };
const isObject = (v: JsonValue | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** A shared section placed in a document: where, which, and the fields the document writes over it. */
export interface Placement {
  /** Of the placed section in its document: "/sections/3", or "/section" in a shared file. */
  pointer: string;
  name: string;
  /** The fields written beside "shared" that replace the shared section's own. */
  overrides: string[];
  /** The shared files it is made from, the named one first (one that places another shares its fields). */
  files: string[];
  /** Whether it was written in place (a missing name, a cycle or an unreadable file leave it as written). */
  resolved: boolean;
}

/** A shared section as the builder shows it: what it is and which pages place it. */
export interface SharedSummary {
  name: string;
  file: string;
  /** The section it stands for, another shared section written in; null while it cannot be resolved. */
  section: JsonValue | null;
  /** The files that place it (pages and templates, directly or through another shared section). */
  placedIn: string[];
}

export interface Expanded {
  /** Pages with their shared sections written in place (the same object when a page places none). */
  pages: PageSource[];
  template: SourceFile;
  shared: SharedSource[];
  pageTemplates: SharedSource[];
  /** Per file, its placements. */
  placements: Map<string, Placement[]>;
  problems: Problem[];
  summaries: SharedSummary[];
}

/** The resolved section a name stands for, or why there is none. */
type Resolution = { ok: true; section: JsonObject; files: string[] } | { ok: false; files: string[] };

/** Placed sections of a document: each entry of "sections", or a shared file's "section". */
function placedPointers(value: JsonValue | undefined, kind: "page" | "shared"): string[] {
  if (!isObject(value)) return [];
  if (kind === "shared") return isObject(value.section) ? ["/section"] : [];
  return Array.isArray(value.sections) ? value.sections.map((_, i) => `/sections/${i}`) : [];
}

const ids = new WeakMap<object, number>();
let nextId = 1;
const idOf = (o: object) => {
  let id = ids.get(o);
  if (id === undefined) {
    id = nextId++;
    ids.set(o, id);
  }
  return id;
};

/** Expansions by document: the same text and the same shared files give the same object, so validation's memo holds. */
const made = new WeakMap<ParsedJson, { key: string; parsed: ParsedJson }>();

/** A page's whole expansion (what it became, its placements, its own problems) by its parse. */
const pageExpansions = new WeakMap<ParsedJson, { key: string; file: string; parsed: ParsedJson; placements?: Placement[]; problems: Problem[] }>();

/** The same string object for the same key, so that a thousand pages compare it by reference. */
const interned = lastString();

export function expandShared(sources: Sources, schemas: SchemaSet): Expanded {
  const problems: Problem[] = [];
  const byName = new Map(sources.shared.map((s) => [s.name, s]));
  const names = [...byName.keys()];
  const placements = new Map<string, Placement[]>();
  const resolving = new Map<string, Resolution>();
  const reported = new Set<string>();
  const byFile = new Map(sources.shared.map((s) => [s.file, s]));

  const problem = (source: SourceFile, pointer: string, message: string, hint: string, which: "key" | "value" = "value"): Problem => {
    const parsed = source.parsed as ParsedJson;
    const loc = parsed.locations.get(pointer);
    const at = (which === "key" && loc?.key) || loc?.value || { line: 1, column: 1 };
    return { severity: "error", file: source.file, line: at.line, column: at.column, path: readablePath(pointer, parsed.value), message, hint, pointer };
  };
  const report = (p: Problem) => {
    const key = `${p.file}|${p.pointer}|${p.message}`;
    if (reported.has(key)) return;
    reported.add(key);
    problems.push(p);
  };

  /** The fields of a section type (from its schema): what a placement may write over. */
  const fieldsOf = (type: string): string[] | undefined => {
    const schema = schemas.raw.get(`sections/${type}.schema.json`) as { properties?: Record<string, unknown> } | undefined;
    return schema?.properties ? Object.keys(schema.properties) : undefined;
  };

  /**
   * The section placed at `pointer` of `source` with the shared one written in, or undefined when it
   * places none or cannot be resolved (reported). `trail`: the shared files being resolved, to find a cycle.
   */
  const place = (source: SourceFile, pointer: string, trail: string[]): { section?: JsonObject; placement?: Placement } => {
    const value = source.parsed?.value;
    const item = valueAt(value, pointer) as JsonValue | undefined;
    if (!isObject(item) || typeof item.shared !== "string") return {};
    const name = item.shared;
    const overrides = Object.keys(item).filter((k) => k !== "shared");
    const placement: Placement = { pointer, name, overrides, files: [], resolved: false };
    const target = byName.get(name);
    if (!target) {
      const near = didYouMean(name, names);
      report(
        problem(
          source,
          `${pointer}/shared`,
          `there is no shared section "${name}"`,
          near
            ? `Did you mean "${near}"?`
            : names.length > 0
              ? `Shared sections: ${names.join(", ")} (the files in site-config/shared/).`
              : `Add site-config/shared/${name}.json with { "section": { "type": ... } }, or write the section here.`,
        ),
      );
      return { placement };
    }
    const resolution = resolve(target, [...trail]);
    placement.files = resolution.files;
    if (!resolution.ok) return { placement };
    const base = resolution.section;
    const type = typeof base.type === "string" ? base.type : "";
    const fields = fieldsOf(type) ?? [];
    const merged = copyOf(base);
    for (const key of overrides) {
      if (key === "type") {
        report(
          problem(
            source,
            `${pointer}/type`,
            `a shared section's type cannot be changed where it is placed ("${name}" is a ${type} section)`,
            `Remove "type" here, or write a section of its own instead of { "shared": "${name}" }.`,
            "key",
          ),
        );
        continue;
      }
      if (!fields.includes(key)) {
        const near = didYouMean(key, fields);
        report(
          problem(
            source,
            `${pointer}/${escapeSegment(key)}`,
            `the shared section "${name}" (a ${type} section) has no field "${key}"`,
            near ? `Did you mean "${near}"?` : `Fields it has: ${fields.join(", ")}.`,
            "key",
          ),
        );
        continue;
      }
      merged[key] = item[key] as JsonValue;
    }
    placement.resolved = true;
    return { section: merged, placement };
  };

  /** What shared section `target` is, with any shared section it places written in; cycles reported where they close. */
  const resolve = (target: SharedSource, trail: string[]): Resolution => {
    const known = resolving.get(target.name);
    if (known) return known;
    if (trail.includes(target.name)) {
      const circle = [...trail.slice(trail.indexOf(target.name)), target.name];
      const from = byName.get(trail.at(-1) as string) as SharedSource;
      report(
        problem(
          from,
          "/section/shared",
          `shared sections place each other in a circle: ${circle.join(" → ")}`,
          `Write the section itself in one of them (with "type" and its fields) instead of { "shared": ... }.`,
        ),
      );
      return { ok: false, files: [target.file] };
    }
    const value = target.parsed?.value;
    const section = isObject(value) ? value.section : undefined;
    let result: Resolution;
    if (!isObject(section)) result = { ok: false, files: [target.file] };
    else if (typeof section.shared !== "string") result = { ok: true, section, files: [target.file] };
    else {
      const inner = place(target, "/section", [...trail, target.name]);
      const files = [target.file, ...(inner.placement?.files ?? [])];
      result = inner.section ? { ok: true, section: inner.section, files } : { ok: false, files };
    }
    resolving.set(target.name, result);
    return result;
  };

  /** `source` with each placement written in place, and its placements recorded. */
  const expand = <S extends SourceFile>(source: S, kind: "page" | "shared"): S => {
    const parsed = source.parsed;
    if (!parsed) return source;
    const found: { pointer: string; section?: JsonObject; placement: Placement }[] = [];
    for (const pointer of placedPointers(parsed.value, kind)) {
      const { section, placement } = place(source, pointer, kind === "shared" ? [(source as unknown as SharedSource).name] : []);
      if (placement) found.push({ pointer, section, placement });
    }
    if (found.length === 0) return source;
    placements.set(
      source.file,
      found.map((f) => f.placement),
    );
    const writes = found.filter((f) => f.section);
    if (writes.length === 0) return source;
    // Each parse stands for its text, and the schema set for the fields a placement may write: the same give the same expansion.
    const key = `${idOf(schemas)}:${writes.map((w) => `${w.pointer}=${w.placement.files.map((f) => idOf(byFile.get(f)?.parsed ?? {})).join(",")}`).join(";")}`;
    const known = made.get(parsed);
    if (known?.key === key) return { ...source, parsed: known.parsed };
    let value = parsed.value;
    const locations = new Map<string, NodeLocation>(parsed.locations);
    for (const { pointer, section } of writes) {
      value = replaced(value, splitPointer(pointer), section as JsonObject);
      // What came from the shared file points at the placement.
      const at = parsed.locations.get(pointer) ?? { value: { offset: 0, line: 1, column: 1 } };
      for (const inner of pointersIn(section as JsonObject, pointer)) if (!locations.has(inner)) locations.set(inner, { value: at.value });
    }
    const expanded: ParsedJson = { value, locations, duplicates: parsed.duplicates };
    made.set(parsed, { key, parsed: expanded });
    return { ...source, parsed: expanded };
  };

  // What a page's expansion depends on besides its own text: the schema set and each shared file's parse.
  const sharedKey = interned(`${idOf(schemas)}|${sources.shared.map((s) => `${s.name}=${s.parsed ? idOf(s.parsed) : "?"}`).join(",")}`);
  /** expand for a page or template, kept while its parse and `sharedKey` are the same (a save's check of a big site). */
  const expandPage = <S extends SourceFile>(source: S): S => {
    const parsed = source.parsed;
    if (!parsed) return source;
    const known = pageExpansions.get(parsed);
    if (known && known.key === sharedKey && known.file === source.file) {
      if (known.placements) placements.set(source.file, known.placements);
      for (const p of known.problems) report(p);
      return known.parsed === parsed ? source : { ...source, parsed: known.parsed };
    }
    const before = problems.length;
    const result = expand(source, "page");
    // Only the page's own problems: those in shared files are found again from the shared files themselves.
    const own = problems.slice(before).filter((p) => p.file === source.file);
    pageExpansions.set(parsed, {
      key: sharedKey,
      file: source.file,
      parsed: result.parsed as ParsedJson,
      placements: placements.get(source.file),
      problems: own,
    });
    return result;
  };

  const shared = sources.shared.map((s) => expand(s, "shared"));
  const template = expandPage(sources.template);
  const pages = sources.pages.map((p) => expandPage(p));
  const pageTemplates = sources.pageTemplates.map((p) => expandPage(p));

  // A shared section no page shows (by itself or inside another that a page or a page template shows).
  const placedIn = new Map<string, Set<string>>();
  for (const file of [template.file, ...pages.map((p) => p.file), ...pageTemplates.map((p) => p.file)])
    for (const p of placements.get(file) ?? [])
      for (const name of [p.name, ...p.files.map((x) => byFile.get(x)?.name ?? "")]) placedIn.set(name, (placedIn.get(name) ?? new Set()).add(file));
  const summaries = sources.shared.map((s): SharedSummary => {
    const resolution = resolve(s, []);
    return { name: s.name, file: s.file, section: resolution.ok ? resolution.section : null, placedIn: [...(placedIn.get(s.name) ?? [])] };
  });
  for (const s of sources.shared) {
    if (placedIn.has(s.name) || !s.parsed) continue;
    problems.push({
      severity: "warning",
      file: s.file,
      line: 1,
      column: 1,
      path: "",
      message: "no page shows this shared section",
      hint: `Place it on a page with { "shared": "${s.name}" } in its "sections", or delete the file.`,
      pointer: "",
    });
  }
  return { pages, template, shared, pageTemplates, placements, problems, summaries };
}

/** A copy of `value` with `next` at `segments`, copied along the path only. */
function replaced(value: JsonValue, segments: readonly string[], next: JsonValue): JsonValue {
  const [head, ...rest] = segments;
  if (head === undefined) return next;
  if (Array.isArray(value)) return value.map((v, i) => (i === Number(head) ? replaced(v, rest, next) : v));
  if (isObject(value)) {
    const copy = copyOf(value);
    copy[head] = replaced(value[head] as JsonValue, rest, next);
    return copy;
  }
  return value;
}

/**
 * A copy of a parsed object with its prototype: the parser makes objects without one, and the
 * page's data is serialized with that difference kept, so a section written in place from a
 * shared file must be made as one written in the page is.
 */
const copyOf = (value: JsonObject): JsonObject => Object.assign(Object.create(Object.getPrototypeOf(value)) as JsonObject, value);

/** Every JSON Pointer inside `value`, under `base`. */
function pointersIn(value: JsonValue, base: string): string[] {
  const out = [base];
  if (Array.isArray(value)) for (const [i, v] of value.entries()) out.push(...pointersIn(v, `${base}/${i}`));
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) out.push(...pointersIn(v, `${base}/${escapeSegment(k)}`));
  return out;
}

/**
 * Whether `pointer` (of a document with `placements`) is in what a shared file gave: inside a
 * placed section and not under a field the document writes itself. Returns the placement, or undefined.
 */
export function sharedPart(pointer: string, placements: readonly Placement[] | undefined): Placement | undefined {
  for (const p of placements ?? []) {
    if (!p.resolved || !(pointer === p.pointer || pointer.startsWith(`${p.pointer}/`))) continue;
    const field = splitPointer(pointer.slice(p.pointer.length))[0];
    if (field === undefined || !p.overrides.includes(field)) return p;
  }
  return undefined;
}
