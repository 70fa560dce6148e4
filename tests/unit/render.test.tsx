// @vitest-environment jsdom
/** Every page and every section example renders through the registry, with no error card and no console error. */
import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createRoutesStub } from "react-router";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Section } from "@/generated/content";
import { loadSite } from "@/content/load";
import { pageData, rootData, servicePageData, type PageData } from "@/content/site.server";
import { PageView } from "@/components/PageView";
import { preloadSections, registry } from "@/sections/registry";
import { repoRoot } from "../helpers/site-copy";

const site = loadSite(repoRoot);
const root = rootData();
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
    const page = path.startsWith("/services/") ? servicePageData(path.slice("/services/".length)) : pageData(path);
    const { container } = await renderPage(page);
    expect(container.querySelector('[data-section="error"]')).toBeNull();
    const rendered = [...container.querySelectorAll("[data-section]")].map((el) => el.getAttribute("data-section"));
    expect(rendered).toEqual(page.slots.map((s) => (s.ok ? s.section.type : "error")));
  });
});

describe("the registry", () => {
  const types = readdirSync(join(repoRoot, "schemas", "sections")).map((f) => f.replace(".schema.json", "")).sort();
  it("has exactly one component per schema in schemas/sections/", () => {
    expect(Object.keys(registry).sort()).toEqual(types);
  });
  it("a page with every section twice has no duplicate id (editors duplicate sections)", async () => {
    const examples = types.map((type) => (site.facts.schemas.raw.get(`sections/${type}.schema.json`)!.examples as Section[])[0]!);
    const page: PageData = {
      path: "/__twice",
      title: "twice",
      description: "",
      slots: [...examples, ...examples].map((section) => ({ ok: true as const, section })),
      collections: site.collections!,
      service: site.collections!.services[0],
      pageProblems: [],
      draft: false,
    };
    const { container } = await renderPage(page);
    // The enquiry form's field ids are fixed (one form per page: a second contact section repeats them).
    const ids = [...container.querySelectorAll("[id]")].map((el) => el.id).filter((id) => !id.startsWith("enquiry"));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
  it.each(types)("renders the %s schema example", async (type) => {
    const example = (site.facts.schemas.raw.get(`sections/${type}.schema.json`)!.examples as unknown[])[0];
    const isSection = site.facts.schemas.validator<Section>("section.schema.json");
    if (!isSection(example)) throw new Error(`example of ${type} is not a valid section`);
    const page: PageData = {
      path: "/__example",
      title: type,
      description: "",
      slots: [{ ok: true, section: example }],
      collections: site.collections!,
      service: site.collections!.services[0],
      pageProblems: [],
      draft: false,
    };
    const { container } = await renderPage(page);
    expect(container.querySelector(`[data-section="${type}"]`)).not.toBeNull();
  });
});

describe("the data a page carries", () => {
  it("has only the collection fields its sections read: a service page lists every service by id and name, not their full texts", () => {
    const page = servicePageData("uiux");
    expect(page.collections.services).toHaveLength(site.collections!.services.length);
    for (const entry of page.collections.services!) expect(Object.keys(entry).sort()).toEqual(["id", "name"]);
    // The service the page is about comes whole.
    expect(page.service).toEqual(site.collections!.services.find((s) => s.id === "uiux"));
  });
  it("joins what several sections read: the home page's explorer and carousel together get every field they use", () => {
    const home = pageData("/");
    const keys = new Set(home.collections.services!.flatMap((entry) => Object.keys(entry)));
    for (const field of ["id", "name", "description", "features", "image", "smallDescription", "icon"]) expect(keys).toContain(field);
  });
});
