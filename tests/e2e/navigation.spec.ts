import { readFileSync, readdirSync } from "node:fs";
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { OFF_SITE_PATHS, rawGet } from "../helpers/raw-http.ts";
import { hydrated } from "./hydrated.ts";

test.describe("HTTP rules of the production server", () => {
  test("a trailing slash answers 301 to the same path without it", async ({ request }) => {
    const res = await request.get("/about-us/", { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers().location).toBe("/about-us");
    const service = await request.get("/services/devOps/?ref=x", { maxRedirects: 0 });
    expect(service.status()).toBe(301);
    expect(service.headers().location).toBe("/services/devOps?ref=x");
  });
  test("a trailing slash never redirects to another site: encoded slashes, backslashes and tabs go home", async ({ page, baseURL }) => {
    const base = new URL(baseURL!);
    const raw = async (path: string) => {
      const { status, headers } = await rawGet(base.hostname, base.port, path);
      return { status, location: headers.location as string | undefined };
    };
    for (const path of [...OFF_SITE_PATHS, "/about-us//"]) {
      const { status, location } = await raw(path);
      if (status !== 301) continue;
      expect(new URL(location!, base).origin, `${path} -> ${location}`).toBe(base.origin);
    }
    expect((await raw("/about-us//")).location).toBe("/about-us");
    expect((await raw("/%2F%2Fevil.test/")).location).toBe("/");
    // And as Chromium follows it.
    await page.goto("/%2F%2Fevil.test/");
    expect(new URL(page.url()).hostname).toBe("localhost");
  });
  test("an unknown path answers 301 to /", async ({ request }) => {
    for (const path of ["/no-such-page", "/services/no-such-service", "/about-us/team"]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(301);
      expect(res.headers().location).toBe("/");
    }
  });
  test("a missing file is a 404, not a redirect", async ({ request }) => {
    const res = await request.get("/media/nothing-here.png", { maxRedirects: 0 });
    expect(res.status()).toBe(404);
  });
  test("a page answers 200 with its text in the HTML, compressed and revalidated", async ({ request }) => {
    const res = await request.get("/about-us", { maxRedirects: 0, headers: { "accept-encoding": "gzip" } });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-encoding"]).toBe("gzip");
    expect(res.headers()["cache-control"]).toContain("must-revalidate");
    expect(await res.text()).toContain("Who Are We?");
  });
  test("hashed assets are cached for a year", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
    const res = await request.get(asset);
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
  test("assets are sent as the build compressed them: Brotli or gzip, as the browser accepts, else as they are", async ({ request, baseURL }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/vendor-[^"]+\.js/.exec(html)![0];
    const file = join(import.meta.dirname, "..", "..", "dist", "client", asset);
    const raw = readFileSync(file);
    // node:http, not the test's request context: it would decode the body before the test sees it.
    const get = (acceptEncoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        httpGet(new URL(asset, baseURL), { headers: { "accept-encoding": acceptEncoding } }, (res) => {
          const parts: Buffer[] = [];
          res
            .on("data", (d: Buffer) => parts.push(d))
            .on("end", () => resolve({ headers: res.headers, body: Buffer.concat(parts) }))
            .on("error", reject);
        }).on("error", reject);
      });
    const br = await get("gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body.equals(readFileSync(`${file}.br`))).toBe(true);
    expect(brotliDecompressSync(br.body).equals(raw)).toBe(true);
    const gz = await get("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.body.equals(readFileSync(`${file}.gz`))).toBe(true);
    expect(gunzipSync(gz.body).equals(raw)).toBe(true);
    const plain = await get("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(raw)).toBe(true);
    for (const res of [br, gz, plain]) {
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["content-type"]).toContain("javascript");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });
  test("path traversal is refused", async ({ request }) => {
    const res = await request.get("/%2e%2e/package.json", { maxRedirects: 0 });
    expect([400, 404]).toContain(res.status());
    expect(await res.text()).not.toContain('"scripts"');
  });
});

test("page content stays out of the JavaScript bundle", () => {
  const assets = join(import.meta.dirname, "..", "..", "dist", "client", "assets");
  const js = readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .map((f) => readFileSync(join(assets, f), "utf8"))
    .join("\n");
  // Text that only the content files hold: a page heading, a testimonial, a service description.
  for (const text of ["Who Are We?", "Ananya Kulkarni", "Our Working Process", "Thanks for contacting us"]) {
    expect(js, text).not.toContain(text);
  }
});

test.describe("in the browser", () => {
  test("a trailing slash is removed in the browser too (static hosts that serve /x/ directly)", async ({ page, request }) => {
    const html = await (await request.get("/about-us")).text();
    await page.route("**/about-us/", (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }));
    await page.goto("/about-us/");
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  });

  test("removing the trailing slash keeps the visitor where they scrolled before the page came to life", async ({ page, request }) => {
    const html = await (await request.get("/about-us")).text();
    await page.route("**/about-us/", (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }));
    // The code waits until the visitor has scrolled, so the address is fixed only afterwards.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/about-us/", { waitUntil: "domcontentloaded" });
    await page.evaluate(() => window.scrollTo(0, 900));
    expect(await page.evaluate(() => window.scrollY)).toBe(900);
    release();
    await expect(page).toHaveURL(/\/about-us$/);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
  });

  test("client-side navigation scrolls to the top of the new page", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).first().click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("Back returns to where the visitor was on the previous page, Forward to the top of the next", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    // Sections above take their real height as they render, and the browser keeps the footer in
    // place (scroll anchoring): wait until the position holds still for ten frames.
    const before = await page.evaluate(async () => {
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      let last = -1;
      for (let stable = 0; stable < 10; stable = window.scrollY === last ? stable + 1 : 0) {
        last = window.scrollY;
        await frame();
      }
      return last;
    });
    expect(before).toBeGreaterThan(500);
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    // Back at the footer the visitor left from. Not to the pixel: the sections above take their
    // real height again as the page renders (React Router's <ScrollRestoration> lands on the same spot).
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 400);
    await expect(page.getByRole("contentinfo")).toBeInViewport();
    await page.goForward();
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("after a client-side navigation the head carries the next page's tags, as its pre-rendered HTML has them", async ({ page, browser }) => {
    // Title, description, robots, canonical, Open Graph and Twitter tags, JSON-LD (sorted: their order in <head> is free).
    const headTags = () =>
      [...document.head.querySelectorAll('title, meta[name]:not([name="viewport"]), meta[property], link[rel="canonical"], script[type="application/ld+json"]')]
        .map((el) =>
          `${el.tagName.toLowerCase()} ${["name", "property", "rel", "href", "content"].map((a) => el.getAttribute(a) ?? "").join(" ")} ${el.tagName === "META" || el.tagName === "LINK" ? "" : el.textContent}`.trim(),
        )
        .sort();
    // The pre-rendered head, with no script at all: with only the files blocked, the inline boot script
    // found them missing and reloaded the page once (as it should), racing the read.
    const expected = async (path: string) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
      const other = await context.newPage();
      await other.goto(path);
      const tags = await other.evaluate(headTags);
      await context.close();
      return tags;
    };
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined && document.readyState === "complete");
    await page.waitForLoadState("networkidle");
    for (const [path, title] of [
      ["/services/devOps", /DevOps/],
      ["/thank-you", /Thank/],
      ["/about-us", /About Us/],
    ] as const) {
      const want = await expected(path);
      expect(want.length).toBeGreaterThan(path === "/thank-you" ? 2 : 15);
      await page.evaluate((to) => dispatchEvent(new CustomEvent("site:navigate", { detail: to })), path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page).toHaveTitle(title);
      await expect.poll(() => page.evaluate(headTags)).toEqual(want);
    }
  });

  test("a client-side navigation to a #target on another page lands on the target, below the header", async ({ page }) => {
    // A phone: the footer is taller than the screen, so its top can be placed under the header.
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto("/about-us");
    await hydrated(page);
    // What a content link such as "/#site-footer" does: React Router navigates without a full load.
    await page.evaluate(() => dispatchEvent(new CustomEvent("site:navigate", { detail: "/#site-footer" })));
    await expect(page).toHaveURL(/\/#site-footer$/);
    await expect(page.getByRole("heading", { level: 1 }).first()).not.toHaveText("About Us");
    // Where the footer's top sits just below the fixed header, or as far down as the page goes.
    const offBy = () =>
      page.evaluate(() => {
        const footer = document.getElementById("site-footer");
        if (!footer) return Infinity;
        const header = document.querySelector("header")!.getBoundingClientRect().height;
        const top = footer.getBoundingClientRect().top;
        const wanted = Math.min(document.documentElement.scrollHeight - innerHeight, window.scrollY + top - header - 8);
        return Math.round(Math.abs(window.scrollY - wanted));
      });
    await expect.poll(() => page.evaluate(() => document.getElementById("site-footer")?.offsetHeight ?? 0)).toBeGreaterThan(667);
    await expect.poll(offBy, { timeout: 5000 }).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // And it stays there once the page has settled (sections above take their real height).
    await page.waitForTimeout(1500);
    expect(await offBy()).toBeLessThanOrEqual(1);
  });

  test("the footer stays in place, the same element, through a navigation made before it hydrated", async ({ page }) => {
    // A phone: the footer is far below the first screen, so its island is still waiting once the
    // page has hydrated (a navigation made during hydration, before React reached the footer, renders it afresh).
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto("/");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => {
      const w = window as unknown as { footer: Element | null; footerGone: boolean };
      w.footer = document.getElementById("site-footer");
      w.footerGone = false;
      new MutationObserver(() => {
        if (!document.getElementById("site-footer")) w.footerGone = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.evaluate(() => dispatchEvent(new CustomEvent("site:navigate", { detail: "/about-us" })));
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    // Hydrated in place (before, React threw the waiting island away and rendered it afresh).
    expect(await page.evaluate(() => (window as unknown as { footerGone: boolean }).footerGone)).toBe(false);
    expect(await page.evaluate(() => document.getElementById("site-footer") === (window as unknown as { footer: Element | null }).footer)).toBe(true);
  });

  test("an unknown path reached in the app goes home", async ({ page }) => {
    await page.goto("/about-us");
    // The app listens once it has taken over the page (the network can be idle before that on a busy machine: it failed so in CI).
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    // A client-side navigation to a path no route knows, as a stale link in the app would make.
    await page.evaluate(() => dispatchEvent(new CustomEvent("site:navigate", { detail: "/no-such-page" })));
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Vision into Reality");
  });

  test("the error screen shows the heading and the error text", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    // A page's data failing to load (e.g. a redeploy removed it) is a route error.
    await page.route("**/about-us.data*", (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "Data file is corrupt" }));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" }).click();
    await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.locator("pre")).not.toBeEmpty();
  });

  test("the current page is highlighted in the header", async ({ page }) => {
    await page.goto("/services");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Our Services" })).toHaveAttribute("aria-current", "page");
  });
});
