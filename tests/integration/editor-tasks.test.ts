/**
 * Does the editor guide work? Each task in docs/editing.md is done on a copy
 * of site-config/, with the guide's own snippets, and the copy is built for
 * production (one build for all tasks: a build takes ~20 s). The checks read
 * the built HTML: which pages exist, in what order their sections come, and
 * where they link.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSite, loadSite } from "@/content/site";
import { formatProblem } from "@/content/problems";
import { routePaths } from "@/content/routes";
import { makePhoto } from "../../scripts/bench/pictures";
import { copySite, repoRoot, type SiteCopy } from "../helpers/site-copy";

type Json = Record<string, unknown>;
type Section = Json & { type: string };
interface PageFile {
  $schema: string;
  title: string;
  description: string;
  status?: string;
  sections: Section[];
}

const guide = readFileSync(join(repoRoot, "docs", "editing.md"), "utf8");

/** The JSON snippet the guide marks with <!-- task: name -->, as a value (a "field": value fragment becomes an object). */
function snippet(name: string): Json {
  const at = guide.indexOf(`<!-- task: ${name} -->\n\`\`\`json\n`);
  if (at < 0) throw new Error(`docs/editing.md has no snippet "${name}"`);
  const start = guide.indexOf("\n", guide.indexOf("```json", at)) + 1;
  const text = guide.slice(start, guide.indexOf("\n```", start)).trim().replace(/,$/, "");
  return (text.startsWith("{") ? JSON.parse(text) : JSON.parse(`{${text}}`)) as Json;
}

let site: SiteCopy;
let dist: string;

const json = <T>(file: string) => JSON.parse(site.read(file)) as T;
const save = (file: string, value: unknown) => site.write(file, `${JSON.stringify(value, null, 2)}\n`);
const html = (path: string) => readFileSync(join(dist, path === "/" ? "index.html" : `${path.slice(1)}/index.html`), "utf8");
const sectionsIn = (page: string) => [...page.matchAll(/<section[^>]* data-section="([^"]+)"/g)].map((m) => m[1]);
/** The HTML of the first section of this type: from its opening tag to the next section. */
function section(page: string, type: string): string {
  const start = page.indexOf(`data-section="${type}"`);
  expect(start, `a ${type} section`).toBeGreaterThan(-1);
  const next = page.indexOf("data-section=", start + 1);
  return page.slice(start, next < 0 ? undefined : next);
}
function builtPages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === "assets" || name === "media" ? [] : builtPages(full);
    return name.endsWith(".html") ? [relative(dist, full)] : [];
  });
}

beforeAll(async () => {
  // Pictures are added to public/: a copy of its own.
  site = copySite({ buildable: true, ownPublic: true });
  dist = join(site.root, "dist", "client");

  // Change the phone number (once for every page).
  const settings = json<Json & { navigation: Json[] }>("settings.json");
  settings.phone = snippet("phone").phone;

  // Reorder the home page: testimonials right after the service explorer. Remove a section: the band of figures.
  const home = json<PageFile>("pages/home.json");
  const testimonials = home.sections.splice(
    home.sections.findIndex((s) => (s as { shared?: string }).shared === "testimonials"),
    1,
  )[0]!;
  home.sections.splice(home.sections.findIndex((s) => s.type === "service-explorer") + 1, 0, testimonials);
  home.sections = home.sections.filter((s) => s.type !== "stats-band");

  // Add a section: a call to action after the grid on the services page.
  const services = json<PageFile>("pages/services.json");
  services.sections.splice(services.sections.findIndex((s) => s.type === "services-grid") + 1, 0, snippet("add-section") as Section);
  save("pages/services.json", services);

  // Duplicate a section: the text block of the web development page, with new text in the copy.
  const web = json<PageFile>("pages/web-development.json");
  const block = web.sections.findIndex((s) => s.type === "text-block");
  // Add a photo: a camera's JPEG, in the copy.
  writeFileSync(join(site.root, "public", "media", "workshop.jpg"), await makePhoto(1600, 1067));
  web.sections.splice(block + 1, 0, { ...web.sections[block]!, heading: "Built to be found", ...snippet("add-photo") });
  save("pages/web-development.json", web);

  // Change the contact section on every page: stored once and placed on the four pages that show it (the landing
  // page below is a copy of web-development.json, so it places it too), the contact page with a heading of its own,
  // and placed on the services page too.
  save("shared/contact.json", snippet("shared-contact-file"));
  const contactPage = json<PageFile>("pages/contact-us.json");
  contactPage.sections[contactPage.sections.findIndex((s) => (s as { shared?: string }).shared === "contact")] = snippet("shared-contact-override") as Section;
  save("pages/contact-us.json", contactPage);
  const servicesPage = json<PageFile>("pages/services.json");
  servicesPage.sections.push(snippet("shared-contact-place") as Section);
  save("pages/services.json", servicesPage);

  // Add a service, and give it a card in the home carousel.
  const serviceList = json<{ items: Json[] }>("collections/services.json");
  serviceList.items.push(snippet("add-service"));
  save("collections/services.json", serviceList);
  const carousel = home.sections.find((s) => s.type === "services-carousel")!;
  carousel.services = snippet("add-service-carousel").services;
  save("pages/home.json", home);

  // Add a testimonial.
  const quotes = json<{ items: Json[] }>("collections/testimonials.json");
  quotes.items.push(snippet("add-testimonial"));
  save("collections/testimonials.json", quotes);

  // Add a new landing page: a copy of web-development.json with its own title, description and headline, in the menu.
  const landing = { ...json<PageFile>("pages/web-development.json"), ...snippet("add-landing-page") } as PageFile;
  landing.sections[0] = { ...landing.sections[0]!, headline: "Move to the Cloud Without Surprises" };
  save("pages/cloud-migration.json", landing);
  settings.navigation.push(snippet("add-landing-page-menu"));
  save("settings.json", settings);

  // Hide a page as a draft: About Us, which the menu and the footer link to.
  const about = json<PageFile>("pages/about-us.json");
  save("pages/about-us.json", { $schema: about.$schema, title: about.title, description: about.description, ...snippet("draft"), sections: about.sections });

  // The real production build, of the copy (SITE_ROOT), into the copy's own dist/.
  const env: NodeJS.ProcessEnv = { ...process.env, SITE_ROOT: site.root };
  for (const key of Object.keys(env)) if (key === "NODE_ENV" || key.startsWith("VITEST")) delete env[key];
  const build = spawnSync(join(repoRoot, "node_modules", ".bin", "react-router"), ["build"], { cwd: repoRoot, env, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`The build failed:\n${build.stdout}\n${build.stderr}`);
}, 240_000);

afterAll(() => site?.remove());

describe("every task of docs/editing.md, done on a copy of site-config/ and built", () => {
  it("leaves content with no errors and no warnings", async () => {
    expect((await checkSite(site.root)).problems.map(formatProblem)).toEqual([]);
  });

  it("change the contact section on every page: each page that places it shows the shared texts, the contact page its own heading", () => {
    for (const path of ["/", "/web-development", "/app-development", "/cloud-migration", "/contact-us", "/services"]) {
      const contact = section(html(path), "contact");
      expect(contact, path).toContain("A senior engineer reads every enquiry and replies within one working day");
      expect(contact, path).not.toContain("Ready to Lead with Innovation?");
      expect(contact, path).toContain(path === "/contact-us" ? "Talk to the Team That Will Build It" : "Tell Us What You Want to Build");
    }
  });

  it("change the phone number: every page shows the new one, none the old one", () => {
    const pages = builtPages(dist);
    expect(pages.length).toBeGreaterThan(25);
    for (const file of pages.filter((f) => f !== "__spa-fallback.html")) {
      const page = readFileSync(join(dist, file), "utf8");
      expect(page, file).toContain("+91 20 6700 1234");
      expect(page, file).toContain('href="tel:+912067001234"');
      // The WhatsApp button follows the phone number (settings.json has no number of its own for it).
      expect(page, file).toContain('href="https://wa.me/912067001234"');
      expect(page, file).not.toContain("+91 98220 45310");
    }
  });

  it("reorder the home page and remove a section: the sections come in the new order, without the figures", () => {
    // A placed shared section renders as the section in its file.
    const typeOf = (s: Section) => s.type ?? json<{ section: Section }>(`shared/${String(s.shared)}.json`).section.type;
    expect(sectionsIn(html("/"))).toEqual(json<PageFile>("pages/home.json").sections.map(typeOf));
    expect(sectionsIn(html("/")).slice(0, 4)).toEqual(["hero", "service-explorer", "testimonials-carousel", "industries-grid"]);
    expect(sectionsIn(html("/"))).not.toContain("stats-band");
  });

  it("add and duplicate a section", () => {
    const services = sectionsIn(html("/services"));
    expect(services[services.indexOf("services-grid") + 1]).toBe("call-to-action");
    expect(section(html("/services"), "call-to-action")).toContain("Not sure which service you need?");
    expect(sectionsIn(html("/web-development")).filter((t) => t === "text-block")).toHaveLength(2);
    expect(html("/web-development")).toContain("Built to be found");
  });

  it("add a service: its own page, a card on /services, a place in the explorer, the carousel and every service page's list", () => {
    const page = html("/services/edge-computing");
    expect(page).toContain("<title>Edge Computing | Vistaar Technologies</title>");
    expect(page).toContain("Run inference and data processing next to your devices");
    const link = 'href="/services/edge-computing"';
    expect(section(html("/services"), "services-grid")).toContain(link);
    expect(section(html("/"), "service-explorer")).toContain("Edge Computing");
    expect(section(html("/"), "services-carousel")).toContain(link);
    expect(html("/services/cloud-services")).toContain(link);
    expect(routePaths(site.root, { drafts: false })).toContain("/services/edge-computing");
  });

  it("add a photo: the page shows small copies of it, in its own shape, and nothing sends the original", () => {
    const page = html("/web-development");
    expect(page).toMatch(/<picture class="contents"><source type="image\/avif" srcSet="\/assets\/img\/workshop\.\w+\.400\.avif 400w, [^"]+"/);
    expect(page).toMatch(
      /<img src="\/assets\/img\/workshop\.[^"]+" srcSet="[^"]+" sizes="[^"]+" alt="Our team planning a release at a whiteboard" width="1600" height="1067"/,
    );
    expect(page).not.toContain("/media/workshop.jpg");
  });

  it("add a testimonial: the home carousel shows it", () => {
    expect(section(html("/"), "testimonials-carousel")).toContain("Farah Khan");
    expect(section(html("/"), "testimonials-carousel")).toContain("Director of Digital, Sahyadri Cooperative Bank");
  });

  it("add a landing page: it is built with its title and headline, and the menu of every page links it", () => {
    const page = html("/cloud-migration");
    expect(page).toContain("<title>Cloud Migration | Vistaar Technologies</title>");
    expect(page).toContain("Move to the Cloud Without Surprises");
    for (const path of ["/", "/services", "/contact-us", "/services/devOps", "/cloud-migration"]) {
      expect(html(path), path).toMatch(/<nav aria-label="Main"[\s\S]*?href="\/cloud-migration"[\s\S]*?<\/nav>/);
    }
  });

  it("hide a page as a draft: not built, not in the route list or sitemap, and no page links it (menu and footer included)", () => {
    expect(existsSync(join(dist, "about-us"))).toBe(false);
    expect(existsSync(join(dist, "about-us.data"))).toBe(false);
    for (const file of builtPages(dist)) expect(readFileSync(join(dist, file), "utf8"), file).not.toContain('href="/about-us"');
    expect(routePaths(site.root, { drafts: false })).not.toContain("/about-us");
    expect(loadSite(site.root).routes).not.toContain("/about-us");
    // While previewing, the draft is still there.
    expect(routePaths(site.root, { drafts: true })).toContain("/about-us");
    const sitemap = join(dist, "sitemap.xml");
    if (existsSync(sitemap)) {
      expect(readFileSync(sitemap, "utf8")).not.toContain("/about-us<");
      expect(readFileSync(sitemap, "utf8")).toContain("/cloud-migration<");
    }
  });

  it("the live site has exactly the pages the content defines", () => {
    const built = builtPages(dist)
      .filter((f) => f !== "__spa-fallback.html")
      .map((f) => (f === "index.html" ? "/" : `/${f.replace(/\/index\.html$/, "")}`))
      .sort();
    expect(built).toEqual(routePaths(site.root, { drafts: false }).sort());
    expect(built).toContain("/cloud-migration");
  });
});
