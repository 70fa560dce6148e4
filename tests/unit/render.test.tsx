// @vitest-environment jsdom
/** Every page and every section example renders through the registry, with no error card and no console error. */
import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createRoutesStub } from "react-router";
import type { Section } from "@/generated/content";
import { headingsOf } from "@/content/authoring";
import { dataContext, resolveSection, Usage } from "@/content/resolve";
import { loadSite } from "@/content/site";
import { pageDataAt, rootData, servicePageData, type PageData } from "@/content/site.server";
import { PageView } from "@/page/PageView";
import { preloadSections, registry } from "@/sections/registry";
import type { SectionProps } from "@/sections/types";
import { repoRoot } from "../helpers/site-copy";

const site = loadSite(repoRoot);
const { collections } = site.site!;
/** A section as the content layer hands it to a page: with its data, resolved from the real collections (service-detail shows the first service). */
const resolved = (section: Section) => ({ ok: true as const, ...resolveSection(section, dataContext(collections, new Usage(), collections.services[0])) });
const testPage = (path: string, slots: PageData["slots"]): PageData => ({
  path,
  title: path,
  description: "",
  noindex: false,
  draft: false,
  slots,
  pageProblems: [],
  meta: [],
  images: {},
});
const root = await rootData();
// Sections are loaded on demand (a route's clientLoader fetches them before a page shows); here, all of them up front.
beforeAll(() => preloadSections(Object.keys(registry) as (keyof typeof registry)[]));
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error");
});
afterEach(() => {
  cleanup();
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

async function renderPage(page: PageData) {
  const Stub = createRoutesStub([{ id: "root", path: "*", loader: () => root, Component: () => <PageView page={page} />, HydrateFallback: () => null }]);
  const view = render(<Stub initialEntries={[page.path]} />);
  // The stub router renders after its loader resolves.
  await waitFor(() => expect(view.container.querySelector("[data-section]")).not.toBeNull());
  return view;
}

describe("every route", () => {
  it.each(site.routes)("%s renders all its sections", async (path) => {
    const page = await (path.startsWith("/services/") ? servicePageData(path.slice("/services/".length)) : pageDataAt(path));
    const { container } = await renderPage(page);
    expect(container.querySelector('[data-section="error"]')).toBeNull();
    const rendered = [...container.querySelectorAll("[data-section]")].map((el) => el.getAttribute("data-section"));
    expect(rendered).toEqual(page.slots.map((s) => (s.ok ? s.section.type : "error")));
  });
});

describe("the registry", () => {
  const types = site.facts.schemas.sectionTypes;
  it("has exactly one component per section type", () => {
    expect(Object.keys(registry).sort()).toEqual(types);
  });
  it("a page with every section twice has no duplicate id (editors duplicate sections)", async () => {
    const examples = types.map((type) => (site.facts.schemas.raw.get(`sections/${type}.schema.json`)!.examples as Section[])[0]!);
    const { container } = await renderPage(testPage("/__twice", [...examples, ...examples].map(resolved)));
    // The enquiry form's field ids are fixed (one form per page: a second contact section repeats them).
    const ids = [...container.querySelectorAll("[id]")].map((el) => el.id).filter((id) => !id.startsWith("enquiry"));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
  it.each(types)("renders the %s schema example", async (type) => {
    const example = (site.facts.schemas.raw.get(`sections/${type}.schema.json`)!.examples as unknown[])[0];
    const isSection = site.facts.schemas.validator<Section>("section.schema.json");
    if (!isSection(example)) throw new Error(`example of ${type} is not a valid section`);
    const { container } = await renderPage(testPage("/__example", [resolved(example)]));
    expect(container.querySelector(`[data-section="${type}"]`)).not.toBeNull();
  });
  // The page builder and npm run validate check a page's outline from the "headings" each schema declares.
  it.each(types)("renders the headings the %s schema declares, in that order", async (type) => {
    const example = (site.facts.schemas.raw.get(`sections/${type}.schema.json`)!.examples as Section[])[0]!;
    const { container } = await renderPage(testPage("/__example", [resolved(example)]));
    // A list of level-3 headings is one mark: consecutive headings of one level are counted once.
    const once = (levels: number[]) => levels.filter((level, i) => level !== levels[i - 1]);
    const rendered = [...container.querySelectorAll(`[data-section="${type}"] :is(h1, h2, h3, h4, h5, h6)`)].map((h) => Number(h.tagName[1]));
    expect(once(rendered)).toEqual(once(headingsOf(example as never, site.facts.schemas).map((h) => h.level)));
  });
});

describe("the data a page carries", () => {
  const dataOf = <K extends Section["type"]>(page: PageData, type: K) =>
    page.slots.flatMap((slot) => (slot.ok && slot.section.type === type ? [slot.data as SectionProps<K>["data"]] : []));
  it("has only the collection fields its sections read: a service page lists every service by id and name, not their full texts", async () => {
    const [detail] = dataOf(await servicePageData("uiux"), "service-detail");
    expect(detail!.services).toHaveLength(collections.services.length);
    for (const entry of detail!.services) expect(Object.keys(entry).sort()).toEqual(["id", "name"]);
    // The service the page is about comes with what the section shows of it.
    const uiux = collections.services.find((s) => s.id === "uiux")!;
    expect(detail!.service).toEqual({ id: uiux.id, name: uiux.name, image: uiux.image, description: uiux.description, features: uiux.features });
  });
  it("each section gets what it declared: the home page's explorer and carousel each get their own fields", async () => {
    const home = await pageDataAt("/");
    const [explorer] = dataOf(home, "service-explorer");
    const [carousel] = dataOf(home, "services-carousel");
    expect(Object.keys(explorer!.services[0]!).sort()).toEqual(["features", "id", "image", "name", "summary"]);
    expect(explorer!.services[0]!.summary).toBe(collections.services.find((s) => s.id === explorer!.services[0]!.id)!.description[0]);
    expect(Object.keys(carousel!.services[0]!).sort()).toEqual(["icon", "id", "image", "name", "smallDescription"]);
  });
});
