import { expect, test } from "@playwright/test";
import { expectedRoutes, site } from "./content";

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

test("the content defines the 29 routes of SPEC s2", () => {
  expect(site.routes).toHaveLength(29);
  expect(site.routes.filter((r) => r.startsWith("/services/"))).toHaveLength(22);
  expect(site.routes).toContain("/services/devOps");
});

test.describe("raw HTML, before any script runs", () => {
  for (const route of expectedRoutes) {
    test(`${route.path} has its title, description and content`, async ({ request }) => {
      const res = await request.get(route.path, { maxRedirects: 0 });
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toContain("text/html");
      const html = await res.text();
      expect(html).toContain(`<title>${escapeHtml(route.title)}</title>`);
      expect(html).toContain(`<meta name="description" content="${escapeHtml(route.description)}"/>`);
      expect(html).toContain(escapeHtml(route.heading));
      expect(html).toContain('<html lang="en">');
    });
  }
});

test.describe("hydration", () => {
  for (const route of expectedRoutes) {
    test(`${route.path} hydrates with no console error or warning`, async ({ page }) => {
      const messages: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") messages.push(`${m.type()}: ${m.text()}`);
      });
      page.on("pageerror", (e) => messages.push(`pageerror: ${e.message}`));
      await page.goto(route.path, { waitUntil: "load" });
      // Hydrated: React Router's client router exists and handled the page.
      await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("heading", { name: route.heading }).first()).toBeVisible();
      expect(messages).toEqual([]);
    });
  }
});
