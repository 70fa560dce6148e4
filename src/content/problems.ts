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

export function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.message.localeCompare(b.message));
}

const distance = (a: string, b: string): number => editDistance(a.toLowerCase(), b.toLowerCase());

/** The closest candidate if it is close enough to be a likely typo. */
export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    const d = distance(input, c);
    if (d < bestScore) {
      best = c;
      bestScore = d;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.floor(Math.max(input.length, best.length) / 3));
  const contains = best.toLowerCase().includes(input.toLowerCase()) || input.toLowerCase().includes(best.toLowerCase());
  // "Contains" only between words of some length: "/" is in every path and suggests nothing.
  return bestScore <= limit || (contains && input.length >= 3 && best.length >= 3) ? best : undefined;
}

export const quoteList = (values: Iterable<unknown>) => [...values].map((v) => JSON.stringify(v)).join(", ");
