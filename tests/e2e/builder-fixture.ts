/**
 * What the page builder's browser tests share: the project copy its dev server runs in
 * (tests/e2e/dev-server.ts --editor, a Git repository of its own), and the ways a person finds
 * things in the builder.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { type DefaultTreeAdapterMap, parse } from "parse5";

type Element = DefaultTreeAdapterMap["element"];
type ParentNode = DefaultTreeAdapterMap["parentNode"];
import { devRoot } from "./dev-fixture";

export const root = devRoot(Number(process.env.E2E_EDITOR_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 200));
export const HOME = "site-config/pages/home.json";
export const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });
export const read = (file: string) => readFileSync(join(root, file), "utf8");

/** The lines a file's diff against the commit removes (-) and adds (+). */
export function changedLines(file: string): string[] {
  return git("diff", "-U0", "--", file)
    .split("\n")
    .filter((line) => /^[+-]/.test(line) && !/^(\+\+\+|---) /.test(line));
}

/** Runs one of the project's commands in the copy, as `npm run` would there. */
export function run(args: string[]) {
  // The pictures' copies are those the project's own build made (named by content): not encoded again.
  const env: NodeJS.ProcessEnv = { IMAGE_CACHE_DIR: join(import.meta.dirname, "..", "..", "node_modules", ".cache", "site-images"), ...process.env };
  delete env.NODE_ENV;
  delete env.SITE_ROOT;
  const result = spawnSync(join(root, "node_modules", ".bin", args[0]!), args.slice(1), { cwd: root, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0, output: `${result.stdout}\n${result.stderr}` };
}

/** A section's kind as a page file holds it: its "type", or, for a placed shared section, its shared file's (issue 51). */
export function kindOf(section: { type?: string; shared?: string }): string | undefined {
  if (section.type || !section.shared) return section.type;
  return kindOf((JSON.parse(read(`site-config/shared/${section.shared}.json`)) as { section: { type?: string; shared?: string } }).section);
}

export const canvas = (page: Page) => page.frameLocator('iframe[title^="Preview of the page"]');
export const row = (page: Page, label: string | RegExp) => page.locator("[data-outline-item]").filter({ hasText: label });
export const saveButton = (page: Page) => page.getByRole("button", { name: /^(Save|Saved|Saving…)$/ });
export const status = (page: Page) => page.getByRole("status").filter({ hasNotText: "Uploading" }).first();

export async function openEditor(page: Page, file = HOME) {
  await page.goto(`/__edit?file=${encodeURIComponent(file)}`);
  await expect(saveButton(page)).toHaveText("Saved", { timeout: 30_000 });
  await expect(canvas(page).locator("main [data-section]").first()).toBeVisible({ timeout: 30_000 });
}

/**
 * The section types on a page as the dev server renders it now: its HTML, read from the server (not a
 * tab, which may be reloading itself to catch up with a save, or drawing its sections after hydration).
 * A save's check may still be under way: callers poll it (`expect.poll`).
 */
export async function sectionsAt(page: Page, path: string): Promise<string[]> {
  const html = await (await page.request.get(path)).text();
  const elements = (node: ParentNode): Element[] => node.childNodes.filter((child): child is Element => "tagName" in child);
  const find = (node: ParentNode, tag: string): Element | undefined => {
    for (const child of elements(node)) {
      const found = child.tagName === tag ? child : find(child, tag);
      if (found) return found;
    }
    return undefined;
  };
  const main = find(parse(html), "main");
  return main ? elements(main).flatMap((el) => el.attrs.filter((a) => a.name === "data-section").map((a) => a.value)) : [];
}

/** Which dev server instance answers (a restart makes a new one), or null while none does. */
export async function serverInstance(page: Page): Promise<string | null> {
  const res = await page.request.get("/__edit/api/state").catch(() => null);
  return res?.ok() ? ((await res.json()) as { server: string }).server : null;
}

export async function save(page: Page) {
  await page.keyboard.press("Control+s");
  await expect(saveButton(page)).toHaveText("Saved");
  await expect(status(page)).toContainText("Saved");
}

/** Every test starts from the copy's commit. */
export function resetContent() {
  git("checkout", "-q", "--", ".");
  git("clean", "-fdq");
}
