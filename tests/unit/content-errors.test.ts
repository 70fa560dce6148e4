/**
 * The exact wording authors see, pinned per class of mistake on small broken
 * copies of the real content. Each case must give exactly the lines shown.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loadSite } from "@/content/load";
import { formatProblem } from "@/content/problems";
import { copySite, type SiteCopy } from "../helpers/site-copy";

let site: SiteCopy | undefined;
afterEach(() => site?.remove());

function problemsAfter(edits: (s: SiteCopy) => void): string[] {
  site = copySite();
  edits(site);
  return loadSite(site.root).problems.map(formatProblem);
}

const replaceOnce = (from: string | RegExp, to: string) => (text: string) => text.replace(from, to);

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
    expect(problemsAfter((s) => s.edit("pages/thank-you.json", replaceOnce('"heading": "Thank You",', '"heading": "Thank You",\n      "heading": "Thanks",')))).toMatchSnapshot();
  });
  it("unknown section type, with did-you-mean and the known types", () => {
    expect(problemsAfter((s) => s.edit("pages/home.json", replaceOnce('"type": "testimonials-carousel"', '"type": "testimonial-carousel"')))).toMatchSnapshot();
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
    expect(problemsAfter((s) => s.edit("pages/thank-you.json", replaceOnce('"text": "Thanks for contacting us, one of our associates will get in touch with you soon!",', "")))).toMatchSnapshot();
  });
  it("wrong type", () => {
    expect(problemsAfter((s) => s.edit("pages/home.json", replaceOnce('"limit": 3 }', '"limit": "3" }')))).toMatchSnapshot();
  });
  it("wrong or missing $schema", () => {
    expect(problemsAfter((s) => s.edit("pages/thank-you.json", replaceOnce('"../../schemas/page.schema.json"', '"../schemas/page.schema.json"')))).toMatchSnapshot();
  });
});

describe("checks beyond the schema", () => {
  it("a collection id that does not exist", () => {
    expect(problemsAfter((s) => s.edit("pages/home.json", replaceOnce('"services": ["app-development"', '"services": ["app-develpment"')))).toMatchSnapshot();
  });
  it("a link to a page that does not exist", () => {
    expect(problemsAfter((s) => s.edit("pages/thank-you.json", replaceOnce('"cta": { "label": "Home", "href": "/" }', '"cta": { "label": "Home", "href": "/abut-us" }')))).toMatchSnapshot();
  });
  it("an asset that is not in public/", () => {
    expect(problemsAfter((s) => s.edit("pages/contact-us.json", replaceOnce('"/media/map-pune.svg"', '"/media/map-pun.svg"')))).toMatchSnapshot();
  });
  it("an image without alt text that is not marked decorative", () => {
    expect(problemsAfter((s) => s.edit("pages/contact-us.json", replaceOnce(', "alt": "Street map of Baner, Pune, with our office on Baner Road marked"', "")))).toMatchSnapshot();
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
      s.edit("pages/home.json", replaceOnce('"type": "testimonials-carousel"', '"type": "testimonial-carousel"'));
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
