/** The site's copies of one section, placed as shared sections (issue 51), in a throwaway copy of the content. */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { SiteCopy } from "./site-copy";

/** A shared section's file as `npm run validate` wants it. */
export const sharedFile = (section: object) => `${JSON.stringify({ $schema: "../../schemas/shared-section.schema.json", section }, null, 2)}\n`;

/** Replaces the page's `nth` section of `type` (or placing the shared section of that name) with `placed`. */
export function place(s: SiteCopy, page: string, type: string, placed: object, nth = 0) {
  s.edit(`pages/${page}.json`, (text) => {
    const doc = JSON.parse(text) as { sections: { type?: string; shared?: string }[] };
    const at = doc.sections.map((x, i) => (x.type === type || x.shared === type ? i : -1)).filter((i) => i >= 0)[nth] as number;
    doc.sections[at] = placed;
    return `${JSON.stringify(doc, null, 2)}\n`;
  });
}

/**
 * The site's copies as shared sections: the contact section on four pages, the testimonials on two
 * (the about page's on a muted background), the portfolio on three (each with its own projects).
 */
export function shareCopies(s: SiteCopy) {
  const home = JSON.parse(s.read("pages/home.json")) as { sections: { type: string }[] };
  const of = (type: string) => home.sections.find((x) => x.type === type) as object;
  mkdirSync(join(s.root, "site-config", "shared"));
  s.write("shared/contact.json", sharedFile(of("contact")));
  s.write("shared/testimonials.json", sharedFile(of("testimonials-carousel")));
  // The home page's portfolio, its fields in their order; each page writes its own projects.
  s.write("shared/portfolio.json", sharedFile(of("portfolio")));
  for (const page of ["home", "contact-us", "web-development", "app-development"]) place(s, page, "contact", { shared: "contact" });
  place(s, "home", "testimonials-carousel", { shared: "testimonials" });
  place(s, "about-us", "testimonials-carousel", { shared: "testimonials", tone: "muted" });
  for (const page of ["home", "web-development", "app-development"]) {
    const own = (JSON.parse(s.read(`pages/${page}.json`)) as { sections: { type: string; sources: unknown }[] }).sections.find((x) => x.type === "portfolio");
    place(s, page, "portfolio", { shared: "portfolio", sources: own?.sources });
  }
}
