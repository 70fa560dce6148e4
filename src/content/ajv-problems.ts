/** Turns Ajv's errors into one plain-language Problem per root cause. */
import type { ErrorObject } from "ajv";
import type { ParsedJson, Position } from "./json-source.ts";
import { escapeSegment, splitPointer } from "../lib/json-pointer.ts";
import { lookAlikeFault } from "./characters.ts";
import { likelyValues } from "./likely-values.ts";
import { didYouMean, quoteList, type Problem } from "./problems.ts";

type Json = ParsedJson["value"];

/** One entry of a list, as people name it and counted from 1: ("sections", 3) -> "section 4", ("quickLinks", 0) -> "quick link 1". */
export function entryName(list: string | undefined, index: number): string {
  if (list === undefined || /^\d+$/.test(list)) return `entry ${index + 1}`;
  const words = list
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]/g, " ")
    .toLowerCase();
  const one = /ies$/.test(words)
    ? words.replace(/ies$/, "y")
    : /(s|x|z|ch|sh)es$/.test(words)
      ? words.slice(0, -2)
      : /[^s]s$/.test(words)
        ? words.slice(0, -1)
        : `${words} entry`;
  return `${one} ${index + 1}`;
}

/** "section 4 (testimonials-carousel) > item 3 > name": entries counted from 1, tagged with their type or id. */
export function readablePath(pointer: string, data: Json): string {
  const parts: string[] = [];
  let node: Json | undefined = data;
  let key: string | undefined;
  for (const seg of splitPointer(pointer)) {
    if (Array.isArray(node)) {
      const item: Json | undefined = node[Number(seg)];
      let label = entryName(key, Number(seg));
      if (item && typeof item === "object" && !Array.isArray(item)) {
        // A placed shared section by its name ("section 8 (contact)"), as a section by its type.
        const own = typeof item.shared === "string" ? item.shared : item.type;
        const tag = typeof own === "string" ? own : typeof item.id === "string" || typeof item.id === "number" ? String(item.id) : undefined;
        if (tag !== undefined) label += ` (${tag})`;
      }
      // The list's own name is in the entry's ("sections" > "section 4").
      if (key !== undefined && parts.at(-1) === key) parts[parts.length - 1] = label;
      else parts.push(label);
      node = item;
    } else {
      parts.push(seg);
      node = node && typeof node === "object" ? node[seg] : undefined;
    }
    key = seg;
  }
  return parts.join(" > ");
}

function valueAt(pointer: string, data: Json): Json | undefined {
  let node: Json | undefined = data;
  for (const seg of splitPointer(pointer)) {
    if (node === null || typeof node !== "object") return undefined;
    node = Array.isArray(node) ? node[Number(seg)] : node[seg];
  }
  return node;
}

/** How a field is named in a message: "title", or "feature 3" (counted from 1). */
function subject(pointer: string): string {
  const segs = splitPointer(pointer);
  const last = segs.at(-1);
  if (last === undefined) return "the file";
  if (/^\d+$/.test(last)) return entryName(segs.at(-2), Number(last));
  return `"${last}"`;
}

const TYPE_WORDS: Record<string, string> = {
  string: "text in double quotes",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  array: "a list [ ... ]",
  object: "an object { ... }",
  null: "null",
};

function describeValue(v: Json | undefined): string {
  if (v === undefined) return "nothing";
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "an object";
  if (typeof v === "string") return `text (${JSON.stringify(v.length > 30 ? `${v.slice(0, 30)}…` : v)})`;
  if (typeof v === "number") return Number.isInteger(v) ? `the number ${v}` : `the number ${v}`;
  return String(v);
}

/** What exactly is wrong with a value that is not of its format, when it is one of the usual slips; undefined otherwise. */
export function formatFault(value: string, format: string): { what: string; fix: string } | undefined {
  const trimmed = value.trim();
  if (trimmed !== value && trimmed !== "") {
    const where = value.startsWith(trimmed) ? "after it" : value.endsWith(trimmed) ? "before it" : "before and after it";
    return { what: `it has a space ${where}`, fix: `Remove the space: "${trimmed}".` };
  }
  if (format !== "email") return undefined;
  if (/^mailto:/i.test(value)) {
    const address = value.replace(/^mailto:/i, "");
    return { what: 'it starts with "mailto:"', fix: `Write the address alone: "${address}" (the site makes the e-mail link itself).` };
  }
  const at = value.split("@").length - 1;
  if (at === 0) return { what: "it has no @", fix: "An e-mail address is a name, @ and a domain, e.g. hello@example.com." };
  if (at > 1) return { what: `it has ${at} @ signs`, fix: "An e-mail address has exactly one @, between the name and the domain: hello@example.com." };
  if (/\s/.test(value)) return { what: "it has a space in it", fix: `Remove the space: "${value.replace(/\s+/g, "")}".` };
  const [name = "", domain = ""] = value.split("@");
  if (name === "") return { what: "nothing comes before the @", fix: "Write the name part before the @, e.g. hello@example.com." };
  if (!/\.[a-z]{2,}$/i.test(domain))
    return {
      what: `the part after the @ ("${domain}") has no ending`,
      fix: `Write the whole domain, with its ending: e.g. "${name}@${domain.replace(/\.+$/, "")}.in" or ".com".`,
    };
  return undefined;
}

/** A look-alike slip whose straightened value is one of `values`; undefined otherwise. */
const meantAmong = <T extends { fixed: string }>(slip: T | undefined, values: readonly string[]) => (slip && values.includes(slip.fixed) ? slip : undefined);

const FORMAT_WORDS: Record<string, string> = { uri: "a full web address", email: "an e-mail address" };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface Context {
  file: string;
  parsed: ParsedJson;
  /** Every section type, for the unknown-type message. */
  sectionTypes: readonly string[];
  /** Whether a value keeps a field's own text rules (SchemaSet.fits): a suggested fix must. */
  fits(schema: unknown, value: string): boolean;
}

/** A field's rule in words, from its schema's "patternErrorMessage" (what VS Code shows too). */
function ruleOf(schema: unknown): string | undefined {
  if (schema && typeof schema === "object" && "patternErrorMessage" in schema && typeof schema.patternErrorMessage === "string")
    return schema.patternErrorMessage;
  return undefined;
}

/** 'Write "farah-khan" (use lower-case letters, digits and hyphens).': the fix, then the rule it keeps, without the rule's own example. */
function writeHint(fix: string, rule: string | undefined, lead = "Write"): string {
  const words = rule?.replace(/,? e\.g\. .*$/, "").replace(/\.$/, "");
  return `${lead} "${fix}"${words ? ` (${words.charAt(0).toLowerCase()}${words.slice(1)})` : ""}.`;
}

function schemaDescription(schema: unknown): string | undefined {
  if (schema && typeof schema === "object" && "description" in schema && typeof schema.description === "string") {
    return schema.description;
  }
  return undefined;
}

function propertyNames(parentSchema: unknown): string[] {
  if (parentSchema && typeof parentSchema === "object" && "properties" in parentSchema) {
    const props = parentSchema.properties;
    if (props && typeof props === "object") return Object.keys(props);
  }
  return [];
}

function propertySchema(parentSchema: unknown, name: string): unknown {
  if (parentSchema && typeof parentSchema === "object" && "properties" in parentSchema) {
    const props = parentSchema.properties;
    if (props && typeof props === "object" && name in props) return (props as Record<string, unknown>)[name];
  }
  return undefined;
}

export function problemsFromAjv(errors: readonly ErrorObject[], ctx: Context): Problem[] {
  const { parsed, file } = ctx;
  const data = parsed.value;
  const out: Problem[] = [];
  const at = (pointer: string, which: "key" | "value" = "value"): Position => {
    let p = pointer;
    for (;;) {
      const loc = parsed.locations.get(p);
      if (loc) return (which === "key" && loc.key) || loc.value;
      if (p === "") return { offset: 0, line: 1, column: 1 };
      p = p.slice(0, p.lastIndexOf("/"));
    }
  };
  const push = (
    pointer: string,
    pathPointer: string,
    message: string,
    hint?: string,
    which: "key" | "value" = "value",
    field?: { pointer: string; detail: string },
  ) => {
    const pos = at(pointer, which);
    const named = subject(pointer);
    const detail = field?.detail ?? (message.startsWith(`${named} `) ? message.slice(named.length + 1) : undefined);
    out.push({
      severity: "error",
      file,
      line: pos.line,
      column: pos.column,
      path: readablePath(pathPointer, data),
      message,
      hint,
      pointer,
      field: field?.pointer,
      detail,
    });
  };

  // Misspelt field: an unknown field and a missing required one that look
  // alike at the same place are one mistake, reported once.
  const unknownAt = new Map<string, string[]>();
  for (const e of errors) {
    if (e.keyword === "additionalProperties") {
      const list = unknownAt.get(e.instancePath) ?? [];
      list.push(String(e.params.additionalProperty));
      unknownAt.set(e.instancePath, list);
    }
  }
  /** A section type that is none of them: one that only a look-alike character keeps from being one, one likely misspelt, or the list. */
  const unknownType = (pointer: string, sectionPointer: string, tag: string) => {
    const slip = meantAmong(lookAlikeFault(tag), ctx.sectionTypes);
    const near = didYouMean(tag, ctx.sectionTypes);
    push(
      pointer,
      sectionPointer,
      `unknown section type "${tag}"${slip ? `: ${slip.what}` : ""}`,
      slip ? `Write "${slip.fixed}".` : `${near ? `Did you mean "${near}"? ` : ""}Known types: ${ctx.sectionTypes.join(", ")}.`,
    );
  };
  const typeErrorAt = new Set(errors.filter((e) => e.keyword === "type" || e.keyword === "discriminator").map((e) => e.instancePath));
  const seen = new Set<string>();
  // Values whose pattern or format is reported already.
  const ruleReported = new Set<string>();

  for (const e of errors) {
    const ptr = e.instancePath;
    const key = `${ptr}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // Below a value of the wrong type every other complaint is noise.
    if (e.keyword !== "type" && e.keyword !== "discriminator" && [...typeErrorAt].some((t) => ptr === t || ptr.startsWith(`${t}/`))) continue;
    const value = valueAt(ptr, data);

    // A section's "type" is checked against the list of types first (schemas/section.schema.json).
    const [, sectionPtr, typePart] = /^(.*\/sections\/\d+)(\/type)?$/.exec(ptr) ?? [];
    // The last of the type's checks lists the types; the others catch one slip each (their const names the type meant).
    if (sectionPtr !== undefined && (e.keyword === "enum" || e.keyword === "const") && typePart) {
      unknownType(ptr, sectionPtr, typeof value === "string" ? value : JSON.stringify(value));
      continue;
    }
    if (sectionPtr !== undefined && !typePart && e.keyword === "required" && e.params.missingProperty === "type") {
      push(ptr, ptr, 'section has no "type"', `Add "type" with one of: ${ctx.sectionTypes.join(", ")}.`);
      continue;
    }
    if (e.keyword === "if") continue;

    switch (e.keyword) {
      case "discriminator": {
        const known = ctx.sectionTypes;
        const tag = e.params.tagValue;
        if (e.params.error === "mapping" && typeof tag === "string") {
          unknownType(`${ptr}/type`, ptr, tag);
        } else {
          push(ptr, ptr, 'section has no "type"', `Add "type" with one of: ${known.join(", ")}.`);
        }
        break;
      }
      case "additionalProperties": {
        const name = String(e.params.additionalProperty);
        const allowed = propertyNames(e.parentSchema);
        const present = value && typeof value === "object" && !Array.isArray(value) ? Object.keys(value) : [];
        const free = allowed.filter((a) => !present.includes(a));
        const slip = meantAmong(lookAlikeFault(name), free);
        const near = didYouMean(name, free);
        push(
          `${ptr}/${escapeSegment(name)}`,
          ptr,
          `unknown field "${name}"${slip ? `: ${slip.what}` : ""}`,
          slip ? `Write "${slip.fixed}".` : near ? `Did you mean "${near}"?` : `Fields allowed here: ${allowed.join(", ")}.`,
          "key",
        );
        break;
      }
      case "required": {
        const missing = String(e.params.missingProperty);
        const typo = (unknownAt.get(ptr) ?? []).some((u) => didYouMean(u, [missing]) === missing);
        if (typo) break;
        const desc = schemaDescription(propertySchema(e.parentSchema, missing));
        push(ptr, ptr, `missing required field "${missing}"`, `Add "${missing}"${desc ? ` (${desc.replace(/\.$/, "")})` : ""}.`, "value", {
          pointer: `${ptr}/${escapeSegment(missing)}`,
          detail: "is required",
        });
        break;
      }
      case "enum": {
        const allowed = (e.params.allowedValues as unknown[]) ?? [];
        const slip = typeof value === "string" ? meantAmong(lookAlikeFault(value), allowed.map(String)) : undefined;
        const near = typeof value === "string" ? didYouMean(value, allowed.map(String)) : undefined;
        push(
          ptr,
          ptr,
          `${subject(ptr)} is ${describeValue(value)}, which is not one of the allowed values${slip ? `: ${slip.what}` : ""}`,
          slip ? `Write "${slip.fixed}".` : `${near ? `Did you mean "${near}"? ` : ""}Allowed: ${quoteList(allowed)}.`,
        );
        break;
      }
      case "const":
        push(ptr, ptr, `${subject(ptr)} must be ${JSON.stringify(e.params.allowedValue)}`, undefined);
        break;
      case "type": {
        const want = String(e.params.type)
          .split(",")
          .map((t) => TYPE_WORDS[t] ?? t)
          .join(" or ");
        const typed = typeof value === "number" || typeof value === "boolean" ? String(value) : undefined;
        // The text that keeps the field's other rules too: a phone number 919822045310 as "+919822045310".
        const asText = typed === undefined ? undefined : [typed, ...likelyValues(typed)].find((v) => ctx.fits(e.parentSchema, v));
        const hint =
          e.params.type === "string" && typed !== undefined
            ? asText === undefined
              ? `Put it in double quotes${ruleOf(e.parentSchema) ? `. ${ruleOf(e.parentSchema)}` : `: "${typed}".`}`
              : asText === typed
                ? `Put it in double quotes: "${typed}".`
                : writeHint(asText, ruleOf(e.parentSchema), "Put it in double quotes as")
            : (e.params.type === "integer" || e.params.type === "number") && typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())
              ? `Write the number without quotes: ${value.trim()}.`
              : e.params.type === "boolean" && (value === "true" || value === "false")
                ? `Write ${value} without quotes.`
                : e.params.type === "array" && value !== undefined
                  ? "Put the value inside [ ]."
                  : undefined;
        push(ptr, ptr, `${subject(ptr)} should be ${want}, not ${describeValue(value)}`, hint);
        break;
      }
      case "minLength": {
        const limit = Number(e.params.limit);
        if (limit <= 1) push(ptr, ptr, `${subject(ptr)} is empty`, "Write the text, or remove the field if it is optional.");
        else
          push(
            ptr,
            ptr,
            `${subject(ptr)} is too short (${typeof value === "string" ? value.length : 0} characters; at least ${limit})`,
            "Write a little more.",
          );
        break;
      }
      case "maxLength":
        push(ptr, ptr, `${subject(ptr)} is too long (${typeof value === "string" ? value.length : 0} characters; at most ${e.params.limit})`, "Shorten it.");
        break;
      case "minItems": {
        const n = Array.isArray(value) ? value.length : 0;
        push(ptr, ptr, `${subject(ptr)} needs at least ${plural(Number(e.params.limit), "entry", "entries")}; it has ${n}`, "Add an entry.");
        break;
      }
      case "maxItems": {
        const n = Array.isArray(value) ? value.length : 0;
        const limit = Number(e.params.limit);
        push(ptr, ptr, `${subject(ptr)} has ${plural(n, "entry", "entries")}; at most ${limit} are allowed`, `Remove ${n - limit}.`);
        break;
      }
      case "uniqueItems": {
        const dup = Array.isArray(value) ? value[Number(e.params.j)] : undefined;
        push(`${ptr}/${e.params.i}`, ptr, `${subject(ptr)} lists ${JSON.stringify(dup)} twice`, "Remove one of them.");
        break;
      }
      case "pattern":
      case "format": {
        // A value that breaks its pattern and its format is one mistake: one message, with the rule in words and a value that keeps it.
        if (ruleReported.has(ptr)) break;
        ruleReported.add(ptr);
        const format = errors.find((o) => o.instancePath === ptr && o.keyword === "format")?.params.format as string | undefined;
        const what = format === undefined ? "in the expected form" : (FORMAT_WORDS[format] ?? `a valid ${format}`);
        const rule = ruleOf(e.parentSchema);
        const text = typeof value === "string" ? value : "";
        const fault = formatFault(text, format ?? "pattern");
        const slip = lookAlikeFault(text);
        const fix = likelyValues(text).find((v) => v !== text && ctx.fits(e.parentSchema, v));
        const desc = schemaDescription(e.parentSchema);
        const why = fault?.what ?? slip?.what;
        push(
          ptr,
          ptr,
          `${subject(ptr)} is not ${what}${why ? `: ${why}` : ""}`,
          fault && (fix === undefined || format === "email")
            ? fault.fix
            : fix !== undefined
              ? writeHint(fix, rule)
              : (rule ?? (desc ? `Expected: ${desc}` : `It must match ${String(e.params.pattern)}.`)),
        );
        break;
      }
      case "minimum":
      case "maximum":
      case "exclusiveMinimum":
      case "exclusiveMaximum":
        push(ptr, ptr, `${subject(ptr)} ${e.message ?? "is out of range"}`, undefined);
        break;
      case "oneOf":
      case "anyOf":
      case "if":
        // Summaries of errors already reported inside the branch.
        if (errors.some((o) => o !== e && o.instancePath.startsWith(ptr))) break;
        push(ptr, ptr, `${subject(ptr)} does not match any allowed shape`, undefined);
        break;
      default:
        push(ptr, ptr, `${subject(ptr)} ${e.message ?? "is not valid"}`, undefined);
    }
  }
  return out;
}
