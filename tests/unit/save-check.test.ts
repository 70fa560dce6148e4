/**
 * A save's check reuses what it found in the files that did not change (issue 55): each file's reading,
 * expansion, schema check and resolved sections are kept while the file and what it depends on stay the
 * same. What it reports must be what a check that keeps nothing reports, after every kind of change.
 */
import { cpSync, mkdtempSync, rmSync, statSync, symlinkSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatProblem } from "@/content/problems";
import { checkSite, type SiteResult } from "@/content/site";
import { copySite, repoRoot, replaceOnce, type SiteCopy } from "../helpers/site-copy";

let site: SiteCopy;
const fresh: string[] = [];
afterEach(() => {
  for (const dir of fresh.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** What a check says and renders: every problem as printed, and each route's title and sections. */
const said = (result: SiteResult) => ({
  problems: result.problems.map(formatProblem),
  pages: [...(result.site?.pages ?? []), ...(result.site?.servicePages ?? [])].map(({ path, title, slots, pageProblems }) => ({
    path,
    title,
    slots,
    pageProblems,
  })),
});

/** The same files under a new folder: no reading, parse or check of the kept ones applies to them. */
async function checkedAfresh(overlay?: ReadonlyMap<string, string>) {
  const root = mkdtempSync(join(tmpdir(), "save-check-"));
  fresh.push(root);
  cpSync(join(site.root, "site-config"), join(root, "site-config"), { recursive: true });
  symlinkSync(join(repoRoot, "schemas"), join(root, "schemas"));
  symlinkSync(join(repoRoot, "public"), join(root, "public"));
  return said(await checkSite(root, { overlay }));
}

/** The kept check and a fresh one agree; returns the problems. */
async function agree(overlay?: ReadonlyMap<string, string>) {
  const kept = said(await checkSite(site.root, { overlay }));
  expect(kept).toEqual(await checkedAfresh(overlay));
  return kept.problems;
}

describe("a save's check of a site it checked before", () => {
  beforeAll(async () => {
    site = copySite();
    // Files changed within the last second are read again every time: let them settle, so the kept readings are used.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await checkSite(site.root);
    return () => site.remove();
  });

  it("says what a check that keeps nothing says, after each kind of change", async () => {
    expect(await agree()).toEqual([]);
    // A save's own text, not on disk.
    const about = site.read("pages/about-us.json").replace('"title": "', '"title": "Changed: ');
    await agree(new Map([["site-config/pages/about-us.json", about]]));
    // A page others link to is gone: the menu's and footer's links now go nowhere.
    const contact = site.read("pages/contact-us.json");
    rmSync(join(site.root, "site-config/pages/contact-us.json"));
    expect((await agree()).some((p) => p.includes("links go to its page /contact-us"))).toBe(true);
    site.write("pages/contact-us.json", contact);
    expect(await agree()).toEqual([]);
    // A shared section changes every page that places it.
    site.edit("shared/contact.json", replaceOnce("Ready to Lead", "Ready to Build"));
    expect(await agree()).toEqual([]);
    site.edit("shared/contact.json", replaceOnce('"tone": "light"', '"tone": "loud"'));
    expect((await agree()).length).toBeGreaterThan(0);
    site.edit("shared/contact.json", replaceOnce('"tone": "loud"', '"tone": "light"'));
    // An entry renamed in a collection: the sections that show it change (their resolved data is compared).
    site.edit("collections/testimonials.json", replaceOnce('"name": "Ananya Kulkarni"', '"name": "Ananya K."'));
    await agree();
    // A service renamed: its route changes.
    site.edit("collections/services.json", replaceOnce('"id": "web-development"', '"id": "web-dev"'));
    await agree();
  });

  it("reads a file changed in place even when its size and modification time are what they were", async () => {
    const file = join(site.root, "site-config/pages/thank-you.json");
    const text = site.read("pages/thank-you.json");
    // A time to the second, which a later utimes can give back exactly; then the change time settles too.
    const hourAgo = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
    utimesSync(file, hourAgo, hourAgo);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const before = statSync(file);
    await checkSite(site.root);
    // A tool that restores the time (an archive, a copy that keeps times): only the change time tells.
    site.write("pages/thank-you.json", text.replace("page.schema.json", "paje.schema.json"));
    utimesSync(file, hourAgo, hourAgo);
    expect([statSync(file).size, statSync(file).mtimeMs]).toEqual([before.size, before.mtimeMs]);
    const problems = (await checkSite(site.root)).problems.map(formatProblem);
    expect(problems.some((p) => p.startsWith("site-config/pages/thank-you.json") && p.includes('"$schema" points at the wrong schema'))).toBe(true);
    site.write("pages/thank-you.json", text);
  });
});
