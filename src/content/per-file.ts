/**
 * A check of one file, kept while the file's parse is the same object (sources.ts reuses it while
 * the text is unchanged; shared sections written in place likewise) and `key`, what else the check
 * reads, is the same. A save's check of the whole site then looks again only at what changed.
 */
import type { Problem } from "./problems.ts";
import type { SourceFile } from "./sources.ts";

export function perFile<S extends SourceFile, A extends unknown[]>(check: (source: S, ...args: A) => Problem[], key: (...args: A) => unknown = () => "") {
  const kept = new WeakMap<object, { file: string; key: unknown; problems: Problem[] }>();
  // Copies: a check may add to its problems (where they show).
  const copies = (problems: Problem[]) => problems.map((p) => ({ ...p }));
  return (source: S, ...args: A): Problem[] => {
    const parsed = source.parsed;
    if (!parsed) return check(source, ...args);
    const k = key(...args);
    const known = kept.get(parsed);
    if (known && known.file === source.file && known.key === k) return copies(known.problems);
    const problems = check(source, ...args);
    kept.set(parsed, { file: source.file, key: k, problems });
    return copies(problems);
  };
}
