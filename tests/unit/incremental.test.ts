/**
 * The content layer reuses a file's parse and check while its text and the site's facts are
 * unchanged (npm run dev on a big site, the page builder on every keystroke). What it reports after
 * each change must be what a fresh read reports.
 */
import { unlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatProblem } from "../../src/content/problems";
import { loadSite } from "../../src/content/site";
import { copySite, replaceOnce, type SiteCopy } from "../helpers/site-copy";

let site: SiteCopy;
const lines = () => loadSite(site.root).problems.map(formatProblem);

beforeAll(() => {
  site = copySite();
  loadSite(site.root);
});
afterAll(() => site?.remove());

describe("a second read of the same site", () => {
  it("sees a change in one file, and only that change", () => {
    expect(lines()).toEqual([]);
    site.edit("pages/web-development.json", replaceOnce(/"heading": "[^"]*"/, '"heading": ""'));
    expect(lines()).toEqual([expect.stringMatching(/^site-config\/pages\/web-development\.json:\d+:\d+ .*heading/)]);
  });

  it("rechecks an unchanged file when what it refers to goes away: a link to a deleted page", () => {
    site.edit("pages/web-development.json", replaceOnce('"heading": ""', '"heading": "Back again"'));
    expect(lines()).toEqual([]);
    const before = site.read("pages/contact-us.json");
    unlinkSync(join(site.root, "site-config", "pages", "contact-us.json"));
    // settings.json (the menu, the header's button) is unchanged, but now links to a page that is gone.
    expect(lines().filter((l) => l.includes("this page file is missing") && l.includes("site-config/settings.json:"))).not.toEqual([]);
    site.write("pages/contact-us.json", before);
    expect(lines()).toEqual([]);
  });

  it("rechecks an unchanged page when an id it names leaves its collection", () => {
    site.edit("collections/services.json", replaceOnce('"id": "app-development"', '"id": "apps"'));
    expect(lines().some((l) => l.startsWith("site-config/pages/home.json") && l.includes('no service with id "app-development"'))).toBe(true);
    site.edit("collections/services.json", replaceOnce('"id": "apps"', '"id": "app-development"'));
    expect(lines()).toEqual([]);
  });

  it("rechecks an unchanged file when a picture it names is removed from public/", () => {
    // A public/ of its own, then one picture the contact page shows removed.
    const copy = copySite({ ownPublic: true });
    try {
      expect(loadSite(copy.root).problems).toEqual([]);
      unlinkSync(join(copy.root, "public", "media", "map-pune.svg"));
      expect(
        loadSite(copy.root)
          .problems.map(formatProblem)
          .some((l) => l.includes('"/media/map-pune.svg" does not exist')),
      ).toBe(true);
    } finally {
      copy.remove();
    }
  });
});

describe("which open pages reload in npm run dev after a save", () => {
  it("a page file: its own page; anything else: every page", async () => {
    const { affectedRoutes } = await import("../../src/content/vite-plugin");
    expect(affectedRoutes(["site-config/pages/about-us.json"])).toEqual(["/about-us"]);
    expect(affectedRoutes(["site-config/pages/home.json", "site-config/pages/home.json", "site-config/pages/contact-us.json"])).toEqual(["/", "/contact-us"]);
    expect(affectedRoutes(["site-config/pages/about-us.json", "site-config/collections/services.json"])).toBeNull();
    for (const other of ["site-config/settings.json", "site-config/templates/service.json", "schemas/common.schema.json"])
      expect(affectedRoutes([other])).toBeNull();
    expect(affectedRoutes([])).toBeNull();
    // A file under pages/ that is no page (a reserved address, a deleted page): its problem is listed on every page.
    const pages = new Set(["site-config/pages/home.json", "site-config/pages/about-us.json"]);
    expect(affectedRoutes(["site-config/pages/about-us.json"], pages)).toEqual(["/about-us"]);
    expect(affectedRoutes(["site-config/pages/send-email.json"], pages)).toBeNull();
  });
});
