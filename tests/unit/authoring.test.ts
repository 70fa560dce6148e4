/**
 * The advice that helps authors write accessible pages (src/content/authoring.ts), as `npm run
 * validate`, the page builder and the studio's Publish print it: one warning with file, line and a
 * fix per check, pinned on small edits of the real content.
 */
import { describe, expect, it } from "vitest";
import { altTextFault, headingProblems, linkTextFault } from "@/content/authoring";
import { parseJson } from "@/content/json-source";
import { formatProblem } from "@/content/problems";
import type { SchemaSet } from "@/content/schemas";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { copySite, problemsAfter, replaceOnce, repoRoot } from "../helpers/site-copy";

const ABOUT_ALT = '"alt": "Product team reviewing a roadmap on a large screen"';
const withAlt = (alt: string) => problemsAfter((s) => s.edit("pages/about-us.json", replaceOnce(ABOUT_ALT, `"alt": ${JSON.stringify(alt)}`)));

/** A page of these sections (each its schema's example), saved as site-config/pages/outline-test.json. */
function pageOf(types: string[]) {
  return problemsAfter((s) => {
    const sections = types.map(
      (type) => (JSON.parse(readFileSync(join(repoRoot, "schemas", "sections", `${type}.schema.json`), "utf8")) as { examples: unknown[] }).examples[0],
    );
    s.write(
      "pages/outline-test.json",
      `${JSON.stringify({ $schema: "../../schemas/page.schema.json", title: "Outline test page", description: "A page to test the outline of headings with, long enough to pass.", status: "draft", sections }, null, 2)}\n`,
    );
  });
}

describe("alt text", () => {
  it.each([
    ["a file name", "IMG_2041.jpg"],
    ["the picture's own file name", "about-intro"],
    ["a camera's name for it", "DSC01234"],
  ])("that is %s: a warning with the fix", (_name, alt) => {
    expect(withAlt(alt)).toMatchSnapshot();
  });
  it.each([["Image"], ["a photo"], ["Picture."]])('that says only "%s": a warning with the fix', (alt) => {
    expect(withAlt(alt)).toMatchSnapshot();
  });
  it('that starts with "Image of": a warning whose fix is the text without it', () => {
    expect(withAlt("Image of a product team reviewing a roadmap")).toMatchSnapshot();
  });
  it.each([
    "Product team reviewing a roadmap on a large screen",
    "Team photo from the 2024 offsite in Pune",
    "Image editing tools open on a laptop",
    "Photographer framing a shot of the office",
    "A screenshot of the dashboard's revenue chart",
    "Logo",
  ])("that says what the picture shows passes: %s", (alt) => {
    expect(altTextFault(alt, "/media/about-intro.svg")).toBeUndefined();
  });
});

describe("link and button words", () => {
  it.each([["Click here"], ["Read more →"], ["here"], ["Learn more"]])('"%s": a warning with the fix', (label) => {
    expect(problemsAfter((s) => s.edit("pages/home.json", replaceOnce('"label": "Get Started"', `"label": ${JSON.stringify(label)}`)))).toMatchSnapshot();
  });
  it.each(["Get Started", "Read more about our services", "Contact us here", "More services", "Details of our process"])(
    "that say where it goes pass: %s",
    (label) => {
      expect(linkTextFault(label)).toBeUndefined();
    },
  );
});

describe("headings in the order the sections render", () => {
  it("a page without a main heading: one warning on its first section", () => {
    expect(pageOf(["text-block", "call-to-action"])).toMatchSnapshot();
  });
  it("a page with two main headings: a warning on the second", () => {
    expect(pageOf(["hero", "text-block", "page-banner"])).toMatchSnapshot();
  });
  it("a heading before the main heading: a warning on it", () => {
    expect(pageOf(["text-block", "hero", "call-to-action"])).toMatchSnapshot();
  });
  it("an optional heading left out is no heading: a stats band without one adds nothing", () => {
    expect(pageOf(["hero", "stats-band", "text-block"])).toEqual([]);
  });
  it("a level skipped (a level-3 heading right after a level 1): a warning on it", () => {
    // No section type of the site skips a level on its own: two made-up ones, as their schemas would declare them.
    const raw = new Map<string, Record<string, unknown>>([
      ["sections/banner.schema.json", { headings: [{ level: 1, field: "title" }] }],
      ["sections/cards.schema.json", { headings: [{ level: 2, field: "heading" }, { level: 3 }] }],
    ]);
    const schemas = { raw, sectionTypes: ["banner", "cards"] } as unknown as SchemaSet;
    const text = `{\n  "sections": [\n    { "type": "banner", "title": "Our work" },\n    { "type": "cards" }\n  ]\n}\n`;
    expect(headingProblems({ file: "site-config/pages/work.json", parsed: parseJson(text) }, schemas).map(formatProblem)).toMatchSnapshot();
  });
});

describe("npm run validate", () => {
  it("prints the advice with file, line, column and fix, and passes (exit code 0)", () => {
    const site = copySite();
    try {
      site.edit("pages/about-us.json", replaceOnce(ABOUT_ALT, '"alt": "Image"'));
      site.edit("pages/home.json", replaceOnce('"label": "Get Started"', '"label": "Click here"'));
      const run = spawnSync(process.execPath, ["--import", "tsx", join(repoRoot, "scripts", "validate.ts")], {
        env: { ...process.env, SITE_ROOT: site.root },
        encoding: "utf8",
      });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('site-config/pages/about-us.json:24:58  section 2 (text-block) > image > alt  warning: alt text "Image" says only');
      expect(run.stdout).toContain('site-config/pages/home.json:11:25  section 1 (hero) > cta > label  warning: the link reads only "Click here"');
      expect(run.stdout).toContain("0 errors, 2 warnings");
    } finally {
      site.remove();
    }
  });
});
