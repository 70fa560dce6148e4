/**
 * The browser bundle renders no React Router <Links /> (src/root.tsx): the build inlines the one
 * stylesheet and the icon link into every page. That holds only while no route but the root has
 * head links and no module but the root imports CSS; a client-side navigation would not apply them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/site-copy";

const src = join(repoRoot, "src");
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(join(dir, d.name)) : /\.(ts|tsx)$/.test(d.name) ? [join(dir, d.name)] : []));

describe("head tags the browser does not render", () => {
  it("only the root route exports `links`", () => {
    const withLinks = files(join(src, "routes")).filter((f) => /export\s+(const|function|async function)\s+links\b/.test(readFileSync(f, "utf8")));
    expect(withLinks.map((f) => relative(repoRoot, f))).toEqual([]);
    expect(readFileSync(join(src, "root.tsx"), "utf8")).toMatch(/export const links\b/);
  });

  it("only the root imports CSS (app.css, inlined into every page by the build)", () => {
    const importers = files(src).filter((f) => /^\s*import\s[^;]*["'][^"']+\.css(\?[^"']*)?["']/m.test(readFileSync(f, "utf8")));
    expect(importers.map((f) => relative(repoRoot, f))).toEqual(["src/root.tsx"]);
  });
});
