/**
 * The few content facts the production server needs (who receives enquiries, the company's name,
 * where the form posts), written by the build next to the site as dist/site.json, so the server
 * never reads site-config/. Checked when the server starts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeNewFile } from "../lib/files.ts";
import type { Site } from "../content/site.ts";

export interface SiteFacts {
  /** The company e-mail (settings.email): the default recipient of enquiries. */
  email: string;
  companyName: string;
  /** Base URL the enquiry form posts to ("" = this site's own server). */
  enquiryEndpoint: string;
  /** The live pages that carry the enquiry form: a form sent without JavaScript is answered with one of them. */
  formPages: string[];
}

export const SITE_FACTS_FILE = "site.json";

export function writeSiteFacts(buildDir: string, site: Site, routes: readonly string[]): void {
  const { settings } = site;
  const withForm = site.pages.filter((p) => routes.includes(p.path) && p.slots.some((s) => s.ok && s.section.type === "contact"));
  const facts: SiteFacts = {
    email: settings.email,
    companyName: settings.companyName,
    enquiryEndpoint: settings.enquiry.endpoint,
    formPages: withForm.map((p) => p.path),
  };
  writeNewFile(join(buildDir, SITE_FACTS_FILE), `${JSON.stringify(facts, null, 2)}\n`);
}

/** The facts the build wrote beside `siteDir` (dist/client -> dist/site.json); throws a sentence naming the file and what is wrong. */
export function readSiteFacts(siteDir: string): SiteFacts {
  const file = join(siteDir, "..", SITE_FACTS_FILE);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === "ENOENT";
    throw new Error(`${file} ${missing ? "is missing" : "is not valid JSON"}: run \`npm run build\` (npm start does it for you).`);
  }
  const facts = value as Partial<Record<keyof SiteFacts, unknown>>;
  const bad = [
    ...(["email", "companyName", "enquiryEndpoint"] as const).filter((k) => typeof facts[k] !== "string" || (k !== "enquiryEndpoint" && facts[k] === "")),
    ...(Array.isArray(facts.formPages) && facts.formPages.every((p) => typeof p === "string") ? [] : ["formPages"]),
  ];
  if (!value || typeof value !== "object" || bad.length > 0)
    throw new Error(`${file} lacks ${bad.join(", ") || "its fields"}: build the site again (npm run build).`);
  return facts as SiteFacts;
}
