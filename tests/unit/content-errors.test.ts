/**
 * The exact wording authors see, pinned per class of mistake on small broken
 * copies of the real content. Each case must give exactly the lines shown.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkSite, loadSite } from "@/content/site";
import { formatProblem } from "@/content/problems";
import { followAdvice } from "../helpers/advice";
import { copySite, problemsAfter, replaceOnce, repoRoot, type SiteCopy } from "../helpers/site-copy";

let site: SiteCopy | undefined;
afterEach(() => site?.remove());

// Messages that list every section type are pinned with the list left out: a new section type
// (a folder under src/sections/) must not change the wording pinned here.
const SECTION_TYPES = readdirSync(join(repoRoot, "src", "sections"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()
  .join(", ");
expect.addSnapshotSerializer({
  test: (value) => typeof value === "string" && value.includes(SECTION_TYPES),
  serialize: (value: string) => `"${value.replace(SECTION_TYPES, "<every section type>")}"`,
});

describe("the real content", () => {
  it("has no problems", () => {
    site = copySite();
    expect(loadSite(site.root).problems.map(formatProblem)).toEqual([]);
  });
});

describe("JSON syntax errors carry line, column and a fix", () => {
  it.each([
    ["trailing comma", replaceOnce('"tone": "dark" }', '"tone": "dark", }')],
    ["missing comma", replaceOnce('"heading": "Explore Our Offering",', '"heading": "Explore Our Offering"')],
    ["unquoted field name", replaceOnce('"readMoreLabel":', "readMoreLabel:")],
    ["single quotes", replaceOnce('"kicker": "Industries"', "\"kicker\": 'Industries'")],
    ["comment", replaceOnce('"sections": [', '"sections": [ // main blocks')],
    ["capitalised literal", replaceOnce('"tone": "dark" }', '"tone": True }')],
    ["unterminated text", replaceOnce('"kicker": "Industries",', '"kicker": "Industries,')],
    ["file cut short", (t: string) => t.slice(0, t.lastIndexOf("]"))],
  ])("%s", (_name, fn) => {
    expect(problemsAfter((s) => s.edit("pages/home.json", fn))).toMatchSnapshot();
  });
});

describe("schema problems are one plain line each", () => {
  it("duplicate field", () => {
    expect(
      problemsAfter((s) => s.edit("pages/thank-you.json", replaceOnce('"heading": "Thank You",', '"heading": "Thank You",\n      "heading": "Thanks",'))),
    ).toMatchSnapshot();
  });
  it("unknown section type, with did-you-mean and the known types", () => {
    expect(problemsAfter((s) => s.edit("pages/home.json", replaceOnce('"type": "services-carousel"', '"type": "service-carousel"')))).toMatchSnapshot();
  });
  it("section without a type", () => {
    expect(problemsAfter((s) => s.edit("pages/home.json", replaceOnce('{ "type": "stats-band", "tone": "dark" }', '{ "tone": "dark" }')))).toMatchSnapshot();
  });
  it("misspelt field: one message, not also 'missing heading'", () => {
    expect(problemsAfter((s) => s.edit("pages/thank-you.json", replaceOnce('"heading": "Thank You"', '"haeding": "Thank You"')))).toMatchSnapshot();
  });
  it("wrong enum value lists the allowed values", () => {
    expect(problemsAfter((s) => s.edit("pages/home.json", replaceOnce('"tone": "dark" }', '"tone": "drak" }')))).toMatchSnapshot();
  });
  it("missing required field says what it is for", () => {
    expect(
      problemsAfter((s) =>
        s.edit("pages/thank-you.json", replaceOnce('"text": "Thanks for contacting us, one of our associates will get in touch with you soon!",', "")),
      ),
    ).toMatchSnapshot();
  });
  it("wrong type", () => {
    expect(problemsAfter((s) => s.edit("pages/home.json", replaceOnce('"limit": 3 }', '"limit": "3" }')))).toMatchSnapshot();
  });
  it("wrong or missing $schema", () => {
    expect(
      problemsAfter((s) => s.edit("pages/thank-you.json", replaceOnce('"../../schemas/page.schema.json"', '"../schemas/page.schema.json"'))),
    ).toMatchSnapshot();
  });
});

describe("checks beyond the schema", () => {
  it("a collection id that does not exist", () => {
    expect(problemsAfter((s) => s.edit("pages/home.json", replaceOnce('"services": ["app-development"', '"services": ["app-develpment"')))).toMatchSnapshot();
  });
  it("a link to a page that does not exist", () => {
    expect(
      problemsAfter((s) =>
        s.edit("pages/thank-you.json", replaceOnce('"cta": { "label": "Home", "href": "/" }', '"cta": { "label": "Home", "href": "/abut-us" }')),
      ),
    ).toMatchSnapshot();
  });
  it("an asset that is not in public/", () => {
    expect(problemsAfter((s) => s.edit("pages/contact-us.json", replaceOnce('"/media/map-pune.svg"', '"/media/map-pun.svg"')))).toMatchSnapshot();
  });
  it("an image without alt text that is not marked decorative", () => {
    expect(
      problemsAfter((s) => s.edit("pages/contact-us.json", replaceOnce(', "alt": "Street map of Baner, Pune, with our office on Baner Road marked"', ""))),
    ).toMatchSnapshot();
  });
  it("the same id twice in a collection", () => {
    expect(problemsAfter((s) => s.edit("collections/partners.json", (t) => t.replace(/"id": "(?!medisphere)[^"]+"/, '"id": "medisphere"')))).toMatchSnapshot();
  });
  it("a page file name that cannot be an address", () => {
    expect(
      problemsAfter((s) => {
        s.write("pages/Landing Page.json", s.read("pages/thank-you.json"));
      }),
    ).toMatchSnapshot();
  });
});

describe("all problems at once", () => {
  it("reports every problem in every file, not just the first", () => {
    const lines = problemsAfter((s) => {
      s.edit("pages/home.json", replaceOnce('"type": "services-carousel"', '"type": "service-carousel"'));
      s.edit("pages/home.json", replaceOnce('"tone": "dark" }', '"tone": "drak" }'));
      s.edit("pages/about-us.json", replaceOnce('"heading": "Be the First With Us"', '"heading": ""'));
      s.edit("settings.json", replaceOnce('"postalCode": "411045"', '"postalCode": "41104"'));
    });
    expect(lines).toHaveLength(4);
    expect(lines).toMatchSnapshot();
  });
});

describe("one collection entry is all a new service needs", () => {
  it("adds its route and its place in every service list", async () => {
    site = copySite();
    site.edit("collections/services.json", (text) => {
      const data = JSON.parse(text) as { items: Record<string, unknown>[] };
      data.items.push({
        ...data.items.find((s) => s.id === "cloud-services"),
        id: "edge-computing",
        name: "Edge Computing",
        smallDescription: "Run inference and data processing next to your devices, not in a distant region.",
      });
      return JSON.stringify(data, null, 2);
    });
    const result = loadSite(site.root);
    expect(result.problems.map(formatProblem)).toEqual([]);
    expect(result.routes).toContain("/services/edge-computing");
    // Lists that name no services show them all: the services grid and the explorer pick it up.
    const services = result.pages.find((p) => p.slug === "services")!.doc!;
    const grid = services.sections.find((s) => s.type === "services-grid");
    expect(grid && "services" in grid ? grid.services : undefined).toBeUndefined();
    expect(result.collections!.services.map((s) => s.id)).toContain("edge-computing");
  });
});

describe("the five most common mistakes: exactly one message each, with file:line:column and a fix", () => {
  const mistakes: [string, (s: SiteCopy) => void][] = [
    ["trailing comma", (s) => s.edit("pages/home.json", replaceOnce('"tone": "dark" }', '"tone": "dark", }'))],
    ["misspelt field", (s) => s.edit("pages/thank-you.json", replaceOnce('"heading": "Thank You"', '"haeding": "Thank You"'))],
    ["unknown section type", (s) => s.edit("pages/home.json", replaceOnce('"type": "services-carousel"', '"type": "service-carousel"'))],
    [
      "a service referenced but not defined",
      (s) => s.edit("pages/home.json", replaceOnce('"services": ["app-development",', '"services": ["edge-computing", "app-development",')),
    ],
    ["a link to a missing page", (s) => s.edit("pages/thank-you.json", replaceOnce('"href": "/" }', '"href": "/careers" }'))],
  ];
  it.each(mistakes)("%s", (_name, edit) => {
    site = copySite();
    edit(site);
    const problems = loadSite(site.root).problems;
    expect(problems).toHaveLength(1);
    const [p] = problems;
    expect(p!.severity).toBe("error");
    expect(p!.line).toBeGreaterThan(1);
    expect(p!.hint, "a fix").toMatch(/^(Remove|Did you mean|Add|Link to|Use)/);
    expect(formatProblem(p!)).toMatch(/^site-config\/pages\/[a-z-]+\.json:\d+:\d+ {2}/);
    expect(formatProblem(p!)).toMatchSnapshot();
  });
  it("the editor guide shows each of these messages as it really reads", () => {
    const guide = readFileSync(join(repoRoot, "docs", "editing.md"), "utf8");
    for (const [name, edit] of mistakes) {
      site?.remove();
      site = copySite();
      edit(site);
      const [p] = loadSite(site.root).problems;
      // Line numbers move as content changes; what the author reads after them must match
      // (the guide shortens the list of every section type to its first two).
      const text = `${p!.message}.${p!.hint ? ` ${p!.hint}` : ""}`.replace(/( Known types: [^,]+, [^,]+), .*$/, "$1, ...");
      expect(guide, name).toContain(text);
    }
  });
});

describe("drafts", () => {
  const draft = replaceOnce('"sections": [', '"status": "draft",\n  "sections": [');
  it("a link from a published page to a draft page is an error that says how to fix it", () => {
    const lines = problemsAfter((s) => {
      s.edit("pages/contact-us.json", draft);
    });
    expect(lines).toMatchSnapshot();
    expect(lines.length).toBeGreaterThan(0);
    expect(
      lines.every((l) =>
        l.includes(
          'goes to a draft page, which is not on the live site. Remove the link, or publish the page: delete "status": "draft" from site-config/pages/contact-us.json.',
        ),
      ),
    ).toBe(true);
  });
  it("menu and footer links to a draft are fine (the live site leaves them out), as are links between drafts", () => {
    site = copySite();
    site.edit("pages/about-us.json", draft);
    site.edit("pages/web-development.json", draft);
    site.edit("pages/web-development.json", replaceOnce('"href": "/contact-us"', '"href": "/about-us"'));
    const result = loadSite(site.root);
    expect(result.problems.map(formatProblem)).toEqual([]);
    expect(result.routes).not.toContain("/about-us");
    expect(result.routes).not.toContain("/web-development");
    expect(result.draftRoutes).toEqual(["/about-us", "/web-development"]);
    expect(result.pages.find((p) => p.slug === "about-us")!.draft).toBe(true);
  });
  it("the home page cannot be a draft", () => {
    expect(problemsAfter((s) => s.edit("pages/home.json", draft))).toMatchSnapshot();
  });
});

describe("warnings print but do not fail", () => {
  function validate(root: string) {
    return spawnSync(process.execPath, ["--import", "tsx", join(repoRoot, "scripts", "validate.ts")], {
      env: { ...process.env, SITE_ROOT: root },
      encoding: "utf8",
    });
  }
  it("a very long heading, an image whose alt falls back, an entry no page shows: one warning each, exit code 0", () => {
    site = copySite();
    site.edit("pages/services.json", (t) =>
      t.replace(/"heading": "[^"]*"/, '"heading": "Every service we offer, from discovery workshops to round-the-clock support"'),
    );
    site.edit(
      "collections/web-portfolio.json",
      replaceOnce(',\n        "alt": "Finance dashboard with a sidebar, KPI tiles, a line chart and a donut chart"', ""),
    );
    // The shared testimonials (on the home and about pages) show one entry: the others are shown on no page.
    site.edit(
      "shared/testimonials.json",
      replaceOnce('"heading": "people say about us",', '"heading": "people say about us",\n    "testimonials": ["ananya-kulkarni"],'),
    );
    const result = loadSite(site.root);
    expect(result.problems.every((p) => p.severity === "warning")).toBe(true);
    const lines = result.problems.map(formatProblem);
    expect(lines).toMatchSnapshot();
    // The fallback is applied: the picture gets the entry's title as its alt text.
    expect(result.collections!["web-portfolio"][0]!.image.alt).toBe("Finance");
    const run = validate(site.root);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("0 errors,");
    expect(run.stdout).toContain("warning: entry");
  });
  it("an error fails validation (exit code 1)", () => {
    site = copySite();
    site.edit("pages/thank-you.json", replaceOnce('"heading": "Thank You"', '"haeding": "Thank You"'));
    const run = validate(site.root);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("1 error, 0 warnings");
  });
  it("an image with no alt and nothing to fall back on is still an error", () => {
    const lines = problemsAfter((s) =>
      s.edit("pages/contact-us.json", replaceOnce(', "alt": "Street map of Baner, Pune, with our office on Baner Road marked"', "")),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("warning");
  });
});

describe("a collection no page shows", () => {
  it("is one warning for the file, naming the section that would show it", () => {
    const lines = problemsAfter((s) =>
      s.edit("pages/web-development.json", (t) => {
        const page = JSON.parse(t) as { sections: { type: string }[] };
        page.sections = page.sections.filter((x) => x.type !== "offerings-grid");
        return JSON.stringify(page, null, 2);
      }),
    );
    expect(lines).toEqual([
      'site-config/collections/web-offerings.json:1:1  (whole file)  warning: no page shows this collection. Show it on a page with "collection": "web-offerings" in an offerings-grid section, or delete the file.',
    ]);
  });
});

describe("messages count from 1, suggest only what is likely meant, and say each problem once", () => {
  it("sections, list entries and paragraphs are counted as people count them", () => {
    const lines = problemsAfter((s) => s.edit("pages/about-us.json", (t) => t.replace(/("paragraphs": \[\s*"[^"]*",\s*)"[^"]*"/, '$1""')));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ {2}section \d+ \(text-block\) > paragraph 2 {2}/);
    expect(lines).toMatchSnapshot();
  });
  it("a link to an unknown service suggests no other service: it lists them", () => {
    const [line] = problemsAfter((s) => s.edit("pages/thank-you.json", (t) => t.replace(/"href": "\/[a-z-]*"/, '"href": "/services/quantum"')));
    expect(line).not.toMatch(/Did you mean/);
    expect(line).toContain("Link to an existing page (/services/artificial-intelligence, ");
    expect(line).toMatchSnapshot();
  });
  it("a misspelt service address is still suggested", () => {
    const [line] = problemsAfter((s) => s.edit("pages/thank-you.json", (t) => t.replace(/"href": "\/[a-z-]*"/, '"href": "/services/web-developmnt"')));
    expect(line).toContain('Did you mean "/services/web-development"?');
  });
  it("a duplicated id never suggests itself, and a different word is not a typo", () => {
    const lines = problemsAfter((s) => s.edit("collections/services.json", replaceOnce('"id": "app-development"', '"id": "web-development"')));
    expect(lines.join("\n")).not.toMatch(/Did you mean "web-development"|Did you mean "app-development"/);
    expect(lines).toMatchSnapshot();
  });
  it("a 200-character heading is one error, not also a warning", () => {
    const lines = problemsAfter((s) =>
      s.edit("pages/home.json", (t) => t.replace(/"headline": "[^"]*"/, `"headline": "${"Transforming your vision ".repeat(8).slice(0, 200)}"`)),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/section 1 \(hero\) > headline {2}"headline" is too long \(200 characters; at most 90\)/);
  });
});

describe("what each file allows but the files together get wrong", () => {
  it("a phone number shown one way and dialled another is an error; the national form is the same number", () => {
    const lines = problemsAfter((s) => s.edit("settings.json", replaceOnce('"dial": "+919822045310"', '"dial": "+919822045311"')));
    expect(lines).toMatchSnapshot();
    expect(problemsAfter((s) => s.edit("settings.json", replaceOnce('"display": "+91 98220 45310"', '"display": "098220 45310"')))).toEqual([]);
  });
  it("an upper-case id is refused, as the guide says", () => {
    const lines = problemsAfter((s) => s.edit("collections/industries.json", replaceOnce('"id": "healthcare"', '"id": "Healthcare"')));
    expect(lines[0]).toMatch(/item 1 \(Healthcare\) > id {2}"id" is not in the expected form\. Write "healthcare" \(use lower-case letters/);
  });
  it("a count written in a text that the collection no longer has is a warning", () => {
    const lines = problemsAfter((s) => s.edit("pages/services.json", replaceOnce("and more, all delivered", "and more: 21 services delivered")));
    expect(lines).toMatchSnapshot();
  });
  it("a section of twenty 1,200-character paragraphs is a warning", () => {
    const paragraph = "Long text. ".repeat(109).trim();
    const lines = problemsAfter((s) =>
      s.edit("pages/about-us.json", (t) => t.replace(/"paragraphs": \[[^\]]*\]/, `"paragraphs": ${JSON.stringify(Array(20).fill(paragraph))}`)),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/section 2 \(text-block\) {2}warning: this section has 24,\d{3} characters of text/);
  });
});

describe("advice that works when followed: each message's fix, applied as written, leads to a valid site", () => {
  const NBSP = "\u00a0";
  const careers = (s: SiteCopy) =>
    s.read("pages/thank-you.json").replace("Thank You | Vistaar", "Careers | Vistaar").replace('"heading": "Thank You"', '"heading": "Careers"');
  const farah = `{
      "id": "Farah Khan",
      "name": "Farah Khan",
      "title": "Director of Digital, Sahyadri Cooperative Bank",
      "quote": "Our new mobile banking app passed the regulator's security audit on the first attempt."
    },
    `;
  /** [what the author did, the mistake]: one error, whose advice followed to the letter (up to three times) leaves no problem at all. */
  const cases: [string, (s: SiteCopy) => void][] = [
    // The mistakes of issue 53.
    ["<br> typed into the hero's headline", (s) => s.edit("pages/home.json", replaceOnce("Reality with", "Reality<br>with"))],
    ["**bold** in the hero's headline", (s) => s.edit("pages/home.json", replaceOnce("Your Vision", "Your **Vision**"))],
    ["Enter pressed inside a paragraph", (s) => s.edit("pages/about-us.json", replaceOnce("every day.", "every\n        day."))],
    ["a Windows path", (s) => s.edit("pages/about-us.json", replaceOnce('"/media/about-team.svg"', '"public\\media\\about-team.svg"'))],
    ["a phone number to dial written as a number", (s) => s.edit("settings.json", replaceOnce('"dial": "+919822045310"', '"dial": 919822045310'))],
    ["a page saved by Notepad as careers.json.txt", (s) => s.write("pages/careers.json.txt", careers(s))],
    ["a page saved as careers.JSON", (s) => s.write("pages/careers.JSON", careers(s))],
    [
      "a YouTube link as the hero's video",
      (s) => s.edit("pages/home.json", replaceOnce('"/media/hero.webm"', '"https://www.youtube.com/watch?v=dQw4w9WgXcQ"')),
    ],
    ["a picture's path without its first /", (s) => s.edit("pages/about-us.json", replaceOnce('"/media/about-team.svg"', '"media/team/photo.jpg"'))],
    ["non-breaking spaces pasted as indentation", (s) => s.edit("settings.json", replaceOnce('  "email"', `${NBSP}${NBSP}"email"`))],
    ["a non-breaking space after a colon", (s) => s.edit("settings.json", replaceOnce('"email": "', `"email":${NBSP}"`))],
    ["curly quotes around a text", (s) => s.edit("settings.json", replaceOnce('"hello@vistaartechnologies.in"', "\u201chello@vistaartechnologies.in\u201d"))],
    ["a LinkedIn page without https://", (s) => s.edit("settings.json", replaceOnce('"https://www.linkedin.com', '"www.linkedin.com'))],
    ["a LinkedIn page with http://", (s) => s.edit("settings.json", replaceOnce('"https://www.linkedin.com', '"http://www.linkedin.com'))],
    [
      "a testimonial's name as its id",
      (s) => s.edit("collections/testimonials.json", replaceOnce('{\n      "id": "ananya-kulkarni"', `${farah}{\n      "id": "ananya-kulkarni"`)),
    ],
    // More of the same kinds.
    ["<b> tags in a paragraph", (s) => s.edit("pages/about-us.json", replaceOnce("60 engineers", "<b>60 engineers</b>"))],
    ["<br> in a paragraph", (s) => s.edit("pages/about-us.json", replaceOnce("before joining, and", "before joining.<br>And"))],
    [
      "&nbsp; in a service's short description",
      (s) => s.edit("collections/services.json", replaceOnce("Production AI features", "Production&nbsp;AI features")),
    ],
    ["&amp; in a heading", (s) => s.edit("pages/about-us.json", replaceOnce('"Who Are We?"', '"Who &amp; Why?"'))],
    ["\\n in a one-paragraph text", (s) => s.edit("pages/thank-you.json", replaceOnce("contacting us, one", "contacting us.\\nOne"))],
    ["\\n in a paragraph", (s) => s.edit("pages/about-us.json", replaceOnce(" Since 2017", "\\n\\nSince 2017"))],
    ["a Markdown link in a text", (s) => s.edit("pages/about-us.json", replaceOnce("a costed plan", "a [costed plan](/contact-us)"))],
    ["*italics* in a testimonial", (s) => s.edit("collections/testimonials.json", replaceOnce("in eleven weeks", "in *eleven* weeks"))],
    ["a text closed with a curly quote", (s) => s.edit("settings.json", replaceOnce('"hello@vistaartechnologies.in"', '"hello@vistaartechnologies.in\u201d'))],
    ["a closing quote left out before the comma", (s) => s.edit("pages/home.json", replaceOnce('"kicker": "Industries",', '"kicker": "Industries,'))],
    ["a zero-width space before a field", (s) => s.edit("settings.json", replaceOnce('"email":', '\u200b"email":'))],
    ["curly quotes around a field name", (s) => s.edit("settings.json", replaceOnce('"email":', "\u201cemail\u201d:"))],
    ["an en dash in a section type", (s) => s.edit("pages/home.json", replaceOnce('"type": "stats-band"', '"type": "stats\u2013band"'))],
    [
      "an en dash in a service's id on a page",
      (s) => s.edit("pages/home.json", replaceOnce('"services": ["app-development"', '"services": ["app\u2013development"')),
    ],
    ["a Windows path to a misspelt file", (s) => s.edit("pages/about-us.json", replaceOnce('"/media/about-team.svg"', '"public\\media\\about-tem.svg"'))],
    ["a path that starts with public/", (s) => s.edit("pages/about-us.json", replaceOnce('"/media/about-team.svg"', '"public/media/about-team.svg"'))],
    [
      "a picture's web address",
      (s) => s.edit("pages/about-us.json", replaceOnce('"/media/about-team.svg"', '"https://images.example.com/people/team-photo.jpg"')),
    ],
    ["a backslash in a text", (s) => s.edit("pages/about-us.json", replaceOnce('"Who Are We?"', '"Who \\Are We?"'))],
    ["a PIN code written as a number", (s) => s.edit("settings.json", replaceOnce('"postalCode": "411045"', '"postalCode": 411045'))],
    ["a figure written as a number", (s) => s.edit("settings.json", replaceOnce('"value": "50+"', '"value": 50'))],
    ["an opening time without its leading 0", (s) => s.edit("settings.json", replaceOnce('"opens": "09:00"', '"opens": "9:00"'))],
    ["a WhatsApp number with + and spaces", (s) => s.edit("settings.json", replaceOnce('"email":', '"whatsapp": "+91 98220 45310",\n  "email":'))],
    [
      "the site's address with a slash at the end",
      (s) => s.edit("settings.json", replaceOnce('"https://www.vistaartechnologies.in"', '"https://www.vistaartechnologies.in/"')),
    ],
    [
      "a menu link without its first /",
      (s) => s.edit("settings.json", replaceOnce('{ "label": "About Us", "href": "/about-us" }', '{ "label": "About Us", "href": "about-us" }')),
    ],
    ["a non-breaking space after an allowed value", (s) => s.edit("pages/home.json", replaceOnce('"tone": "dark" }', `"tone": "dark${NBSP}" }`))],
    ["a page saved as careers.txt", (s) => s.write("pages/careers.txt", careers(s))],
    [
      "an em dash in a collection's name",
      (s) => s.edit("pages/web-development.json", replaceOnce('"collection": "web-offerings"', '"collection": "web\u2014offerings"')),
    ],
    ["a zero-width space inside a field name", (s) => s.edit("pages/thank-you.json", replaceOnce('"heading": "Thank You"', '"head\u200bing": "Thank You"'))],
  ];
  it.each(cases)("%s", async (_name, mistake) => {
    site = copySite({ ownPublic: true });
    mistake(site);
    const said: string[] = [];
    let problems = (await checkSite(site.root)).problems;
    for (let step = 0; step < 3 && problems.length > 0; step++) {
      expect(problems.map(formatProblem), "one message per mistake").toHaveLength(1);
      const [problem] = problems;
      const line = formatProblem(problem!);
      expect(said, "each step says something new").not.toContain(line);
      said.push(line);
      await followAdvice(site, problem!);
      problems = (await checkSite(site.root)).problems;
    }
    expect(problems.map(formatProblem)).toEqual([]);
    expect(said).toMatchSnapshot();
  });
  it.each([
    ["Marathi with an emoji", "आम्ही लवकरच तुमच्याशी संपर्क साधू 🙂"],
    ["an ampersand, R&D; and a percent sign", "R&D; teams, Web & Cloud: 50% faster * on average"],
    ["typographic quotes, dashes and a non-breaking space", "We\u2019re here \u2013 \u201calways\u201d, Mon\u00a0to\u00a0Sat"],
    ["signs that are not Markdown or HTML", "C# and F#, 5* rated, a < b and c > d, snake_case names"],
  ])("a text with %s is plain text and passes", (_name, text) => {
    expect(problemsAfter((s) => s.edit("pages/thank-you.json", replaceOnce(/"text": "[^"]*"/, `"text": ${JSON.stringify(text)}`)))).toEqual([]);
  });
  it("a file saved with Windows line endings passes", () => {
    expect(problemsAfter((s) => s.edit("pages/about-us.json", (t) => t.replace(/\n/g, "\r\n")))).toEqual([]);
  });
  it("the editor guide quotes these messages as they read", () => {
    const guide = readFileSync(join(repoRoot, "docs", "editing.md"), "utf8");
    const quoted = [
      "<br> typed into the hero's headline",
      "Enter pressed inside a paragraph",
      "a non-breaking space after a colon",
      "curly quotes around a text",
      "an en dash in a section type",
      "a Windows path to a misspelt file",
      "a LinkedIn page without https://",
      "a testimonial's name as its id",
      "a phone number to dial written as a number",
    ];
    for (const name of quoted) {
      const mistake = cases.find(([n]) => n === name)?.[1];
      expect(mistake, name).toBeDefined();
      const [line] = problemsAfter(mistake!);
      // Line numbers move as content changes; what follows them must read as in the guide.
      expect(guide, name).toContain(line!.replace(/^\S+:\d+:\d+ {2}/, ""));
    }
  });
});
