/**
 * Checks that help authors write accessible pages (what ATAG 2.0 part B asks of an authoring tool):
 * alt text that says what a picture shows, link words that say where a link goes, and a page
 * whose headings make an outline (one main heading, no level skipped in the order the sections
 * render). Warnings, not errors: each is advice a person may have a reason to overrule.
 */
import { escapeSegment } from "../lib/json-pointer.ts";
import type { JsonValue } from "./json-source.ts";
import { readablePath } from "./ajv-problems.ts";
import type { Problem } from "./problems.ts";
import type { SchemaSet } from "./schemas.ts";
import { perFile } from "./per-file.ts";
import type { SourceFile } from "./sources.ts";

export interface Advice {
  message: string;
  hint: string;
}

const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|svg|bmp|tiff?|heic)$/i;
/** Names cameras, phones and screenshot tools give files: "IMG_2041", "DSC01234", "PXL_20240101_101010", "Screenshot 2024-05-01 at 10.12.03". */
const DEVICE_NAME = /^(img|dsc[fn]?|pxl|pict?|mvimg|photo|image)[\s_-]*\d[\w\s.-]*$|^screen ?shot\b.*\d/i;
/** Words that say only that there is a picture. */
const ONLY_A_PICTURE = /^(an?|the)?\s*(image|picture|photo|photograph|pic|img|graphic)s?$/i;
/** "Image of a team...": screen readers already say it is a picture. */
const IMAGE_OF = /^(an?\s+|the\s+)?(image|picture|photo|photograph|pic|graphic)\s+(of|showing)\s+/i;

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/** What is wrong with an alt text, if anything: a file name, only "image", or "Image of ...". */
export function altTextFault(alt: string, src?: string): Advice | undefined {
  const text = alt.trim();
  const base = src?.split("/").pop()?.replace(IMAGE_FILE, "") ?? "";
  // The file's own name counts only as written for a file ("about-intro", "team_2"): a logo's alt is rightly its name, "UrbanKart".
  const ownName = base !== "" && text.toLowerCase() === base.toLowerCase() && /^\S*[-_.\d]\S*$/.test(text);
  const fileName = IMAGE_FILE.test(text) || DEVICE_NAME.test(text) || ownName;
  if (fileName) {
    return {
      message: `alt text "${text}" is a file name, which says nothing about what the picture shows`,
      hint: 'Write what the picture shows, e.g. "Two engineers reviewing a dashboard"; or make it "decorative": true if it says nothing.',
    };
  }
  if (ONLY_A_PICTURE.test(words(text))) {
    return {
      message: `alt text "${text}" says only that there is a picture`,
      hint: 'Screen readers already say it is a picture: write what it shows, e.g. "Two engineers reviewing a dashboard"; or make it "decorative": true if it says nothing.',
    };
  }
  const of = IMAGE_OF.exec(text);
  if (of) {
    const rest = text.slice(of[0].length);
    return {
      message: `alt text starts with "${of[0].trim()}"`,
      hint: `Screen readers already say it is a picture: begin with what it shows, "${rest.charAt(0).toUpperCase()}${rest.slice(1)}".`,
    };
  }
  return undefined;
}

/** Link words that say nothing on their own: a screen reader's list of links reads them out of the text around them. */
const VAGUE_LINKS = new Set([
  "click",
  "click here",
  "here",
  "this",
  "this link",
  "link",
  "more",
  "read more",
  "learn more",
  "find out more",
  "more info",
  "more information",
  "info",
  "details",
  "go",
]);

/** What is wrong with the words of a link or button that are all it says ("Click here", "Read more"), if anything. */
export function linkTextFault(label: string): Advice | undefined {
  if (!VAGUE_LINKS.has(words(label))) return undefined;
  return {
    message: `the link reads only "${label.trim()}", which does not say where it goes`,
    hint: 'Say where it goes or what it does, e.g. "See our services" or "Contact us": people who use a screen reader often hear a link on its own.',
  };
}

/** A heading a section renders, as its schema's "headings" says: its level, and the field whose text it is (absent: always shown). */
export interface HeadingMark {
  level: number;
  field?: string;
}

/** Whether a section shows the heading made from `field`: a text, or a list with entries. */
const shown = (value: JsonValue | undefined) =>
  typeof value === "string" ? value.trim() !== "" : Array.isArray(value) ? value.length > 0 : value !== undefined;

/** The headings a section renders, in order. */
export function headingsOf(section: JsonValue | undefined, schemas: SchemaSet): (HeadingMark & { pointer: string })[] {
  if (!section || typeof section !== "object" || Array.isArray(section) || typeof section.type !== "string") return [];
  const marks = (schemas.raw.get(`sections/${section.type}.schema.json`)?.headings ?? []) as HeadingMark[];
  return marks
    .filter((mark) => mark.field === undefined || shown(section[mark.field]))
    .map((mark) => ({ ...mark, pointer: mark.field === undefined ? "" : `/${escapeSegment(mark.field)}` }));
}

/** The section types that open with a main heading the author writes (a field of theirs), for the hints. */
const mainHeadingTypes = (schemas: SchemaSet) =>
  schemas.sectionTypes.filter((type) => {
    const [first] = (schemas.raw.get(`sections/${type}.schema.json`)?.headings ?? []) as HeadingMark[];
    return first?.level === 1 && first.field !== undefined;
  });

const typeOf = (section: JsonValue | undefined) =>
  section && typeof section === "object" && !Array.isArray(section) && typeof section.type === "string" ? section.type : "?";

/**
 * A page's headings in the order its sections render them: exactly one main heading (level 1),
 * and no level skipped (a level-3 heading right after a level 1, or anything before the main
 * heading). Kept per page while the page and the schemas are unchanged.
 */
export const headingProblems = perFile(findHeadingProblems, (schemas: SchemaSet) => schemas);

function findHeadingProblems(source: SourceFile, schemas: SchemaSet): Problem[] {
  const parsed = source.parsed;
  const value = parsed?.value;
  const sections = value && typeof value === "object" && !Array.isArray(value) && Array.isArray(value.sections) ? value.sections : undefined;
  if (!parsed || !sections) return [];
  const problem = (pointer: string, message: string, hint: string): Problem => {
    const loc = parsed.locations.get(pointer)?.value ?? { line: 1, column: 1 };
    return { severity: "warning", file: source.file, line: loc.line, column: loc.column, path: readablePath(pointer, parsed.value), message, hint, pointer };
  };
  const outline = sections.flatMap((section, index) =>
    headingsOf(section, schemas).map((mark) => ({ ...mark, index, type: typeOf(section), pointer: `/sections/${index}${mark.pointer}` })),
  );
  const name = (h: { index: number; type: string }) => `section ${h.index + 1} (${h.type})`;
  const openers = mainHeadingTypes(schemas)
    .map((t) => `"${t}"`)
    .join(", ");
  const mains = outline.filter((h) => h.level === 1);
  const [main] = mains;
  if (!main) {
    return [
      problem(
        sections.length > 0 ? "/sections/0" : "/sections",
        "this page has no main heading (a heading of level 1, which says what the page is about)",
        `Begin the page with a section that has one: ${openers}.`,
      ),
    ];
  }
  const out: Problem[] = [];
  for (const extra of mains.slice(1)) {
    out.push(
      problem(
        extra.pointer,
        `this is a second main heading (level 1) on the page: ${name(main)} has the first`,
        `A page has one main heading: keep one of the two sections, or use a section whose heading is not a main one (a "text-block", say).`,
      ),
    );
  }
  let before: (typeof outline)[number] | undefined;
  for (const heading of outline) {
    const previous = before?.level ?? 0;
    if (heading.level > previous + 1) {
      out.push(
        before
          ? problem(
              heading.pointer,
              `this heading (level ${heading.level}) comes right after a level-${previous} heading, in ${name(before)}, skipping level ${previous + 1}`,
              `Put a section with a level-${previous + 1} heading before it, or move ${name(heading)} below one.`,
            )
          : problem(
              heading.pointer,
              `this heading (level ${heading.level}) comes before the page's main heading, in ${name(main)}`,
              `Move ${name(main)} above it: the main heading comes first.`,
            ),
      );
    }
    before = heading;
  }
  return out;
}
