/** What content authors are told: one record per root cause. */
import { distance as editDistance } from "fastest-levenshtein";

export type Severity = "error" | "warning";

export interface Problem {
  severity: Severity;
  /** Path relative to the project root, with forward slashes, e.g. "site-config/pages/home.json". */
  file: string;
  line: number;
  column: number;
  /** Readable path inside the file, e.g. "sections[3] (testimonials-carousel) > items[2]"; "" for the whole file. */
  path: string;
  /** Plain statement of what is wrong, without a trailing full stop. */
  message: string;
  /** What to do about it, as a sentence. */
  hint?: string;
  /** JSON Pointer of the value concerned (Ajv's instancePath), used to place problems on sections. */
  pointer: string;
  /** Where a form shows it, when that is not `pointer`: a missing required field's own place. */
  field?: string;
  /** The message without the field's name, for under the field in a form: "is too long (95 characters; at most 90)". */
  detail?: string;
}

export function formatProblem(p: Problem): string {
  const where = `${p.file}:${p.line}:${p.column}`;
  const path = p.path === "" ? "(whole file)" : p.path;
  const level = p.severity === "warning" ? "warning: " : "";
  return `${where}  ${path}  ${level}${p.message}.${p.hint ? ` ${p.hint}` : ""}`;
}

export function formatReport(problems: readonly Problem[]): string {
  const errors = problems.filter((p) => p.severity === "error").length;
  const warnings = problems.length - errors;
  const lines = problems.map(formatProblem);
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  lines.push("", `${count(errors, "error")}, ${count(warnings, "warning")} in site-config/.`);
  return lines.join("\n");
}

/** Sorted by file and place; a warning about a value that also has an error is dropped (one message per problem). */
export function sortProblems(problems: Problem[]): Problem[] {
  const errorAt = new Set(problems.filter((p) => p.severity === "error").map((p) => `${p.file}#${p.pointer}`));
  return problems
    .filter((p) => p.severity === "error" || p.pointer === "" || !errorAt.has(`${p.file}#${p.pointer}`))
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.message.localeCompare(b.message));
}

/** Edits between two names (case aside), a swap of two neighbouring letters counting as one: "haeding" is 1 from "heading". */
export function distance(x: string, y: string): number {
  const a = x.toLowerCase();
  const b = y.toLowerCase();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is "not ASCII", control characters included on purpose.
  if (!/[^\x00-\x7f]/.test(a + b) && a.length * b.length > 400) return editDistance(a, b);
  // Optimal string alignment, for the short names that messages compare.
  // d[i][j]: the distance between the first i letters of a and the first j letters of b.
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number): number => {
    const v = d[i]?.[j];
    if (v === undefined) throw new Error(`The distance table has no cell ${i},${j}.`);
    return v;
  };
  for (const [i, row] of d.entries()) {
    if (i === 0) continue;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, at(i - 2, j - 2) + 1);
      row[j] = v;
    }
  }
  return at(a.length, b.length);
}

/** Whether `b` is a plausible misspelling of `a`: few edits for its length. */
const close = (a: string, b: string): boolean => distance(a, b) <= Math.max(1, Math.floor(Math.max(a.length, b.length) / 4));

/** Words of a name or path: "/services/web-development" -> ["services", "web", "development"]. */
const words = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[/\-_.\s]+/)
    .filter(Boolean);

/**
 * Whether `candidate` is likely what `input` meant: the same words with small typos in them
 * ("/services/web-developmnt"), the same text with a few edits ("/contactus"), or one word left
 * out at the end or start ("/about" for "/about-us"). A different word in the same place
 * ("/services/quantum" for "/services/uiux", "app-development" for "web-development") is not, nor is
 * a shorter name ("/services" for "/services/quantum").
 */
function likely(input: string, candidate: string): boolean {
  const a = words(input);
  const b = words(candidate);
  if (a.length === b.length && a.length > 1)
    return a.every((w, i) => {
      const other = b[i];
      return other !== undefined && (w === other || close(w, other));
    });
  if (close(input, candidate)) return true;
  // A word the author left out: "/about" for "/about-us", "cloud" for "cloud-services".
  const joined = a.join(" ");
  return joined.length >= 3 && b.length === a.length + 1 && (b.slice(0, -1).join(" ") === joined || b.slice(1).join(" ") === joined);
}

/**
 * The closest candidate that is likely the one meant, or undefined (messages then list the
 * choices). A candidate equal to `input` is skipped: a duplicate never suggests itself.
 */
export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    if (c === input || !likely(input, c)) continue;
    const d = distance(input, c);
    if (d < bestScore) {
      best = c;
      bestScore = d;
    }
  }
  return best;
}

/** "a, b and 3 more": the choices to list when no suggestion is likely right. */
export function choices(values: Iterable<string>, max = 8): string {
  const all = [...values];
  const shown = all.slice(0, max).join(", ");
  return all.length > max ? `${shown} and ${all.length - max} more` : shown;
}

export const quoteList = (values: Iterable<unknown>) => [...values].map((v) => JSON.stringify(v)).join(", ");
