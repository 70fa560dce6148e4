/**
 * SEO, sharing and deploy outputs as the production server sends them, and
 * the shell's loading behaviour: no JavaScript before `load`, chunk failures.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { expectedRoutes, site } from "./content";
import { hydrated } from "./hydrated.ts";

const dist = join(import.meta.dirname, "..", "..", "dist");
const origin = site.settings!.siteUrl;
const hidden = new Set(site.pages.filter((p) => p.doc?.noindex).map((p) => p.path));
const attr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

test.describe("raw HTML carries everything search engines and link previews read", () => {
  for (const route of expectedRoutes) {
    test(`${route.path}: canonical, Open Graph, Twitter card, JSON-LD`, async ({ request }) => {
      const html = await (await request.get(route.path)).text();
      expect(html).toContain(`<link rel="canonical" href="${origin}${route.path}"/>`);
      expect(html).toContain(`<meta property="og:title" content="${attr(route.title)}"/>`);
      expect(html).toContain(`<meta property="og:description" content="${attr(route.description)}"/>`);
      expect(html).toContain(`<meta property="og:url" content="${origin}${route.path}"/>`);
      expect(html).toContain(`<meta property="og:image" content="${origin}/media/share.png"/>`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
      expect(html.includes('<meta name="robots" content="noindex"/>')).toBe(hidden.has(route.path));
      const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
      const org = ld.find((x) => x["@type"] === "ProfessionalService");
      expect(org).toMatchObject({ address: { addressLocality: "Pune" }, openingHoursSpecification: [{ opens: "09:00", closes: "20:00" }] });
      expect(ld.map((x) => x["@type"])).toEqual(
        route.path.startsWith("/services/") ? ["ProfessionalService", "Service", "BreadcrumbList"] : ["ProfessionalService"],
      );
    });
  }

  test("the share image is a 1200x630 PNG", async ({ request }) => {
    const res = await request.get("/media/share.png");
    expect(res.headers()["content-type"]).toBe("image/png");
    const png = await res.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});

test("sitemap.xml lists exactly the public routes; robots.txt points at it", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect([...locs].sort()).toEqual(
    site.routes
      .filter((r) => !hidden.has(r))
      .map((r) => origin + r)
      .sort(),
  );
  expect(new Set(locs).size).toBe(locs.length);
  expect(locs).not.toContain(`${origin}/thank-you`);
  expect(await (await request.get("/robots.txt")).text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
});

test("the built nginx include and _redirects name every route and nothing else", () => {
  const nginx = readFileSync(join(dist, "deploy", "nginx.conf"), "utf8");
  // Each page's own location, and the 301 from its address with a trailing slash.
  expect([...nginx.matchAll(/^location = (\S+) \{.* try_files /gm)].map((m) => m[1]).sort()).toEqual([...site.routes].sort());
  expect([...nginx.matchAll(/^location = (\S+)\/ \{.* return 301 (\S+)\$is_args/gm)].map((m) => [m[1], m[2]])).toEqual(
    site.routes.filter((r) => r !== "/").map((r) => [r, r]),
  );
  const redirects = readFileSync(join(dist, "client", "_redirects"), "utf8");
  expect([...redirects.matchAll(/^(\/\S*)\s+\S+\s+200$/gm)].map((m) => m[1]).sort()).toEqual(site.routes.filter((r) => r !== "/").sort());
});

test.describe("loading", () => {
  test("no script is fetched before the load event; links work before hydration", async ({ page }) => {
    await page.goto("/about-us", { waitUntil: "load" });
    await hydrated(page);
    const early = await page.evaluate(() => {
      const load = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart;
      return performance
        .getEntriesByType("resource")
        .filter((r) => (r.name.endsWith(".js") || r.name.includes("/page-data/")) && r.startTime < load)
        .map((r) => r.name);
    });
    expect(early).toEqual([]);
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    // The site's CSS is inlined as one style element (a carousel adds its own, hoisted by React).
    expect(await page.locator("head style:not([data-precedence])").count()).toBe(1);
  });

  test("a page whose chunk is gone reloads once, then names the chunk with a Retry button", async ({ page }) => {
    let loads = 0;
    page.on("load", () => loads++);
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    const block = (route: import("@playwright/test").Route) => route.fulfill({ status: 404, body: "Not found" });
    await page.route("**/assets/root-*.js", block);
    await page.goto("/contact-us");
    const notice = page.getByRole("alert").filter({ hasText: "Loading chunk" });
    await expect(notice).toContainText(/Loading chunk root failed \(missing: \/assets\/root-[\w-]+\.js\)/);
    expect(loads).toBe(2);
    expect(errors.some((e) => e.includes("ChunkLoadError: Loading chunk root failed"))).toBe(true);
    // The files are back (the deploy finished): Retry brings the page to life.
    await page.unroute("**/assets/root-*.js", block);
    await notice.getByRole("button", { name: "Retry" }).click();
    await hydrated(page);
    await expect(page.getByRole("alert").filter({ hasText: "Loading chunk" })).toHaveCount(0);
  });

  test("the page's route data is a file fetched with the code, not part of the HTML; if it is gone, the page reloads once, then names it", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/contact-us")).text();
    expect(html).not.toContain("streamController.enqueue(");
    const dataUrl = /<script src="(\/assets\/page-data\/contact-us-[0-9a-f]{8}\.js)">/.exec(html)?.[1];
    expect(dataUrl).toBeTruthy();
    const data = await request.get(dataUrl!);
    expect(data.headers()["cache-control"]).toContain("immutable");
    expect(await data.text()).toContain("Contact Us | Vistaar Technologies");

    let loads = 0;
    page.on("load", () => loads++);
    const block = (route: import("@playwright/test").Route) => route.fulfill({ status: 404, body: "Not found" });
    await page.route("**/assets/page-data/*.js", block);
    await page.goto("/contact-us");
    const notice = page.getByRole("alert").filter({ hasText: "Loading chunk" });
    await expect(notice).toContainText(/Loading chunk contact-us failed \(missing: \/assets\/page-data\/contact-us-[0-9a-f]{8}\.js\)/);
    expect(loads).toBe(2);
    await page.unroute("**/assets/page-data/*.js", block);
    await notice.getByRole("button", { name: "Retry" }).click();
    // Once the page's code has arrived, a client-side navigation works, with its data.
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    expect(loads).toBe(3);
  });

  test("a tab open across a redeploy: a page whose code is gone is loaded fresh, once, instead of a broken screen", async ({ page }) => {
    await page.goto("/");
    // Hydrated, with the code of the sections on screen loaded.
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    let loads = 0;
    page.on("load", () => loads++);
    // The redeploy removed the files this tab was built with (requests from its document fail);
    // a page loaded afresh gets the new ones. It happens just before the click: on a busy machine the
    // first screen's code can still be arriving after networkidle, and a section of this page whose
    // code is gone reloads this page (that is the rule; it is not what this test is about).
    let redeployed = false;
    await page.route("**/assets/*.js", (route) =>
      redeployed && new URL(route.request().frame().url()).pathname === "/" ? route.fulfill({ status: 404, body: "Not found" }) : route.fallback(),
    );
    // About Us needs section code this tab never loaded: the navigation becomes a page load of /about-us.
    const about = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" });
    await about.hover();
    redeployed = true;
    await about.click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    await expect.poll(() => loads).toBe(1);
    // The fresh page hydrates and navigates in the browser again.
    await hydrated(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    expect(loads).toBe(1);
    await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
  });
});
