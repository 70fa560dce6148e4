/**
 * The site's shared sections (issue 51) and the copies they replaced: the contact section placed on
 * four pages, the testimonials on two (the about page's on a muted background), the portfolio on
 * three (each with its own projects). In a throwaway copy of the content.
 */
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { SiteCopy } from "./site-copy";

type Section = { type?: string; shared?: string; [field: string]: unknown };

/** A shared section's file as `npm run validate` wants it. */
export const sharedFile = (section: object) => `${JSON.stringify({ $schema: "../../schemas/shared-section.schema.json", section }, null, 2)}\n`;

/** Replaces the page's `nth` section of `type` (or placing the shared section of that name) with `placed`. */
export function place(s: SiteCopy, page: string, type: string, placed: object, nth = 0) {
  s.edit(`pages/${page}.json`, (text) => {
    const doc = JSON.parse(text) as { sections: Section[] };
    const at = doc.sections.map((x, i) => (x.type === type || x.shared === type ? i : -1)).filter((i) => i >= 0)[nth] as number;
    doc.sections[at] = placed as Section;
    return `${JSON.stringify(doc, null, 2)}\n`;
  });
}

/**
 * Every placement of a shared section written in place as the section it stands for, with the page's
 * own fields over it, and site-config/shared/ removed: the site as it was before it shared sections.
 */
export function inlineShared(s: SiteCopy) {
  const folder = join(s.root, "site-config", "shared");
  const shared = new Map(readdirSync(folder).map((f) => [f.replace(/\.json$/, ""), (JSON.parse(s.read(`shared/${f}`)) as { section: Section }).section]));
  const written = (entry: Section): Section => {
    if (typeof entry.shared !== "string") return entry;
    const { shared: name, ...own } = entry;
    const section = shared.get(name);
    if (!section) throw new Error(`No shared section "${name}" in the copy.`);
    return { ...written(section), ...own };
  };
  for (const file of readdirSync(join(s.root, "site-config", "pages"))) {
    const doc = JSON.parse(s.read(`pages/${file}`)) as { sections: Section[] };
    if (!doc.sections.some((x) => typeof x.shared === "string")) continue;
    doc.sections = doc.sections.map(written);
    s.write(`pages/${file}`, `${JSON.stringify(doc, null, 2)}\n`);
  }
  rmSync(folder, { recursive: true });
}
