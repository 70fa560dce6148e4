/**
 * Checks that each file passes on its own but that together say something wrong: a phone number
 * shown one way and dialled another, a count written in a text that the collections contradict,
 * a section with more text than a phone can show, a word longer than a phone's line.
 */
import { escapeSegment } from "../lib/json-pointer.ts";
import type { JsonValue } from "./json-source.ts";
import { readablePath } from "./ajv-problems.ts";
import type { Problem } from "./problems.ts";
import { perFile } from "./per-file.ts";
import type { SourceFile } from "./sources.ts";

/** Above this many characters of text, one section reads as a wall on a phone (about ten screens). */
export const SECTION_TEXT_LIMIT = 3000;

/** Fields that hold addresses and names, not text people read. */
const NOT_TEXT = new Set(["$schema", "type", "id", "href", "src", "webm", "mp4", "endpoint", "status", "tone", "layout"]);

/** Counts that texts state and the site knows: "22 services" is wrong once a 23rd is added. */
const COUNTED: Record<string, "services" | "industries"> = { services: "services", industries: "industries" };

function problemAt(source: SourceFile, severity: Problem["severity"], pointer: string, message: string, hint: string): Problem {
  const parsed = source.parsed;
  if (!parsed) throw new Error(`${source.file} could not be read as JSON, so no problem can be placed in it.`);
  const loc = parsed.locations.get(pointer)?.value ?? { line: 1, column: 1 };
  return { severity, file: source.file, line: loc.line, column: loc.column, path: readablePath(pointer, parsed.value), message, hint, pointer };
}

/** Every string of a JSON value that people read, with its pointer. */
function texts(value: JsonValue | undefined, pointer = "", key?: string): { pointer: string; text: string }[] {
  if (typeof value === "string") return key !== undefined && NOT_TEXT.has(key) ? [] : [{ pointer, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => texts(v, `${pointer}/${i}`, key));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => texts(v, `${pointer}/${escapeSegment(k)}`, k));
  return [];
}

const digits = (s: string) => s.replace(/[^0-9]/g, "");

/** The number people read and the number phones dial must be one number (national form allowed: "098220 45310"). */
function phoneProblems(settings: SourceFile): Problem[] {
  const value = settings.parsed?.value;
  const phone = value && typeof value === "object" && !Array.isArray(value) ? value.phone : undefined;
  if (!phone || typeof phone !== "object" || Array.isArray(phone) || typeof phone.display !== "string" || typeof phone.dial !== "string") return [];
  const shown = digits(phone.display).replace(/^0+/, "");
  const dialled = digits(phone.dial);
  if (shown.length >= 6 && dialled.endsWith(shown)) return [];
  return [
    problemAt(
      settings,
      "error",
      "/phone/dial",
      `"dial" (${phone.dial}) is not the number "display" shows (${phone.display})`,
      'Change both together: the page shows "display", and a tap on it calls "dial".',
    ),
  ];
}

/** Sections with more text than reads well on a phone. */
const longSections = perFile(findLongSections);

function findLongSections(page: SourceFile): Problem[] {
  const value = page.parsed?.value;
  const sections = value && typeof value === "object" && !Array.isArray(value) && Array.isArray(value.sections) ? value.sections : [];
  return sections.flatMap((section, index) => {
    const length = texts(section).reduce((n, t) => n + t.text.length, 0);
    if (length <= SECTION_TEXT_LIMIT) return [];
    return [
      problemAt(
        page,
        "warning",
        `/sections/${index}`,
        `this section has ${length.toLocaleString("en")} characters of text (more than ${SECTION_TEXT_LIMIT.toLocaleString("en")} reads as a wall of text on a phone)`,
        "Split it into several sections, or move the detail to a page of its own.",
      ),
    ];
  });
}

/**
 * The longest word that is sure to fit a phone's line: about what a heading holds at 320 px.
 * Longer ones are broken in the middle to fit (app.css), which reads badly.
 */
export const LONGEST_WORD = 20;

/** Words of a text as lines break them: at spaces, hyphens, dashes and slashes. E-mail and web addresses are left alone. */
const words = (text: string) =>
  text
    .split(/[\s\-\u00ad\u2010-\u2015\u200b/]+/)
    .filter((w) => !w.includes("@") && !/^(https?:|www\.)/i.test(w))
    .map((w) => w.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, ""));

/** Texts with a word too long for a phone's line: one warning per text, naming its longest word. */
const longWords = perFile(findLongWords);

function findLongWords(source: SourceFile): Problem[] {
  return texts(source.parsed?.value).flatMap(({ pointer, text }) => {
    // Counted in characters as people see them (code points), not UTF-16 units.
    const [longest = [], ...others] = words(text).map((w) => Array.from(w));
    const chars = others.reduce((a, b) => (b.length > a.length ? b : a), longest);
    const length = chars.length;
    if (length <= LONGEST_WORD) return [];
    const shown = length > 24 ? `${chars.slice(0, 20).join("")}…` : chars.join("");
    return [
      problemAt(
        source,
        "warning",
        pointer,
        `the word "${shown}" (${length} characters) is longer than a phone's line`,
        "Break it up with spaces or hyphens: on a phone it is cut in the middle to fit.",
      ),
    ];
  });
}

/** "22 services" in a text, where the services collection has another number of entries. */
function findStaleCounts(source: SourceFile, counts: Partial<Record<"services" | "industries", number>>): Problem[] {
  const out: Problem[] = [];
  for (const { pointer, text } of texts(source.parsed?.value)) {
    for (const [phrase, stated, noun = ""] of text.matchAll(/\b(\d{1,4}) (services|industries)\b/gi)) {
      const collection = COUNTED[noun.toLowerCase()];
      if (collection === undefined) continue; // the pattern matches only counted words
      const count = counts[collection];
      if (count === undefined || Number(stated) === count) continue;
      out.push(
        problemAt(
          source,
          "warning",
          pointer,
          `the text says "${phrase}", but site-config/collections/${collection}.json has ${count}`,
          `Write ${count}, or say it without a number ("all our ${collection}") so that it stays right as the list changes.`,
        ),
      );
    }
  }
  return out;
}

const staleCounts = perFile(findStaleCounts, (counts: Partial<Record<"services" | "industries", number>>) => `${counts.services}|${counts.industries}`);

export function consistencyProblems({
  settings,
  pages,
  template,
  collections,
  counts,
}: {
  settings: SourceFile;
  pages: SourceFile[];
  template: SourceFile;
  collections: SourceFile[];
  counts: Partial<Record<"services" | "industries", number>>;
}): Problem[] {
  const readable = [settings, template, ...pages].filter((s) => s.parsed);
  return [
    ...phoneProblems(settings),
    ...[template, ...pages].filter((p) => p.parsed).flatMap(longSections),
    ...readable.flatMap((s) => staleCounts(s, counts)),
    ...[...readable, ...collections.filter((c) => c.parsed)].flatMap(longWords),
  ];
}
