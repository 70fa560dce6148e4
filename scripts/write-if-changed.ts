import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Writes `content` to `file` only when it differs, so generated files keep their timestamps
 * (and the dev server does not reload) when nothing changed. Returns whether it wrote.
 */
export function writeIfChanged(file: string, content: string): boolean {
  let previous: string | undefined;
  try {
    previous = readFileSync(file, "utf8");
  } catch {
    // first run
  }
  if (previous === content) return false;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return true;
}
