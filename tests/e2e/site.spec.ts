/** The site's behaviours from SPEC s2, s4 and s9, in Chromium against the production server. */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { LOGO_CAROUSEL, SERVICES_CAROUSEL, TESTIMONIALS_CAROUSEL, type CarouselSettings } from "../../src/components/carousel-settings.ts";
import { site } from "./content.ts";

const settings = site.settings!;

/**
 * Scrolls until `target` is on screen. Once is not always enough: sections above it take their
 * real height as they come near the viewport (content-visibility), which can push it down again.
 */
async function bringIntoView(target: Locator) {
  await expect(async () => {
    await target.scrollIntoViewIfNeeded();
    await expect(target).toBeInViewport({ timeout: 500 });
  }).toPass();
}

/** Hydrated: React Router has started (links work client-side, effects ran). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined && document.readyState === "complete");
}

test.describe("header and drawer", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  async function openDrawer(page: Page) {
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    return drawer;
  }

  test("the drawer opens from the right, 250 px wide, in 500 ms, over a 0.4 overlay", async ({ page }) => {
    await page.goto("/about-us");
    await hydrated(page);
    const drawer = page.locator("#mobile-menu");
    await expect(drawer).toBeHidden();
    await openDrawer(page);
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(375 - 250);
    expect((await drawer.boundingBox())?.width).toBe(250);
    expect(await drawer.evaluate((el) => getComputedStyle(el).transitionDuration)).toContain("0.5s");
    // The page behind is darkened at 0.4 (the popover's backdrop).
    await expect.poll(() => drawer.evaluate((el) => getComputedStyle(el, "::backdrop").backgroundColor)).toBe("rgba(0, 0, 0, 0.4)");
    // Same links as the bar, current page marked.
    const links = drawer.getByRole("link");
    await expect(links).toHaveText(settings.navigation.map((n) => n.label));
    await expect(drawer.getByRole("link", { name: "About Us" })).toHaveAttribute("aria-current", "page");
  });

  test("closes with the close button, and focus returns to the hamburger", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await openDrawer(page);
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });

  test("closes with a click on the overlay", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await openDrawer(page);
    await page.mouse.click(40, 400);
    await expect(page.locator("#mobile-menu")).toBeHidden();
  });

  test("closes with a link click, which navigates", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const drawer = await openDrawer(page);
    await drawer.getByRole("link", { name: "Our Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.locator("#mobile-menu")).toBeHidden();
  });

  test("closes with Escape and keeps focus inside while open", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const drawer = await openDrawer(page);
    // Close button + 4 links: Tab six times comes back round to the close button.
    for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(drawer.getByRole("link").last()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.locator("#mobile-menu")).toBeHidden();
  });
});

test.describe("header on a wide screen", () => {
  test("links and the Contact Us button are in the bar; the current page is highlighted", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/services/blockchain");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "About Us", "Our Services", "Contact Us"]);
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("banner").getByRole("link", { name: "Contact Us" }).last()).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await page.goto("/contact-us");
    await expect(nav.getByRole("link", { name: "Contact Us" })).toHaveAttribute("aria-current", "page");
  });
});

test.describe("hero", () => {
  test("/ has the vision headline and the end-to-end sub-line; a landing page has the ideas headline", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Vision into Reality with Cutting-Edge Solutions/);
    await expect(page.locator('[data-section="hero"]')).toContainText(/End-to-end technology services/);
    await expect(page.locator('[data-section="hero"]').getByRole("link", { name: /Get Started/ })).toHaveAttribute("href", "/contact-us");
    await page.goto("/web-development");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Ideas into Innovative Digital Solutions/);
  });

  test("the poster is a sized, eager <img>; the video box is strictly smaller and starts only after load", async ({ page }) => {
    await page.goto("/");
    const poster = page.locator('[data-section="hero"] img').first();
    await expect(poster).toHaveAttribute("fetchpriority", "high");
    await expect(poster).toHaveAttribute("width", /\d+/);
    const video = page.locator('[data-section="hero"] video');
    expect(await video.getAttribute("autoplay")).toBeNull();
    await expect(video).toHaveAttribute("data-playing", "");
    const [p, v] = [await poster.boundingBox(), await video.boundingBox()];
    expect(v!.width * v!.height).toBeLessThan(p!.width * p!.height);
  });

  for (const [width, height] of [
    [412, 823],
    [1350, 940],
  ] as const) {
    test(`the poster image is the largest contentful paint at ${width}px, and the video never replaces it`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: { tag: string; url: string }[] };
        w.__lcp = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null; url: string })[])
            w.__lcp.push({ tag: e.element?.tagName ?? "", url: e.url });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      });
      await page.goto("/");
      await expect(page.locator('[data-section="hero"] video')).toHaveAttribute("data-playing", "");
      await page.waitForTimeout(500);
      const entries = await page.evaluate(() => (window as unknown as { __lcp: { tag: string; url: string }[] }).__lcp);
      expect(entries.at(-1), JSON.stringify(entries)).toEqual({ tag: "IMG", url: expect.stringMatching(/\/assets\/img\/hero-poster\.[\w-]+\.\d+\.avif$/) });
      // The copy the browser chose: AVIF, the first at least as wide as the poster is shown (it covers
      // a box one screen tall: on a tall screen, wider than the screen), or the widest.
      const chosen = Number(/\.(\d+)\.avif$/.exec(entries.at(-1)?.url ?? "")?.[1]);
      const shown = Math.max(width, (height * 1920) / 1080);
      expect(chosen).toBe([640, 828, 1080, 1280, 1600, 1920].find((w) => w >= shown) ?? 1920);
      // A phone held upright gets the lighter copies (the overlay hides the difference).
      expect(entries.at(-1)?.url.includes("-b.")).toBe(width <= 600);
      await context.close();
    });
  }

  test("under reduced motion the video never plays", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    await page.waitForTimeout(1000);
    const video = page.locator('[data-section="hero"] video');
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    expect(await video.getAttribute("data-playing")).toBeNull();
    await context.close();
  });
});

test("stats band shows the three headline figures", async ({ page }) => {
  await page.goto("/");
  const band = page.locator('[data-section="stats-band"]');
  for (const text of ["50+", "Successful Projects", "98%", "Customer Satisfaction", "10+", "Industries Served"]) await expect(band).toContainText(text);
});

test.describe("Explore Our Offering", () => {
  test("the first service is selected; a click selects and highlights another; arrow keys move", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const section = page.locator('[data-section="service-explorer"]');
    const tabs = section.getByRole("tab");
    const panel = section.getByRole("tabpanel");
    const services = site.collections!.services;
    await expect(tabs).toHaveCount(services.length);
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    await expect(panel.getByRole("heading")).toHaveText(services[0]!.name);
    await tabs.nth(3).click();
    await expect(tabs.nth(3)).toHaveAttribute("aria-selected", "true");
    await expect(tabs.first()).toHaveAttribute("aria-selected", "false");
    await expect(panel.getByRole("heading")).toHaveText(services[3]!.name);
    await expect(panel.getByRole("link", { name: /Read More/ })).toHaveAttribute("href", `/services/${services[3]!.id}`);
    await expect(panel.getByRole("listitem")).toHaveCount(services[3]!.features.length);
    await page.keyboard.press("ArrowDown");
    await expect(tabs.nth(4)).toBeFocused();
    await expect(tabs.nth(4)).toHaveAttribute("aria-selected", "true");
  });
});

test.describe("Industries We Serve", () => {
  test("12 cards; hover and keyboard focus reveal the description", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await hydrated(page);
    const cards = page.getByTestId("industry-card");
    await expect(cards).toHaveCount(12);
    const opacity = (i: number) =>
      cards
        .nth(i)
        .getByTestId("industry-description")
        .evaluate((el) => Number(getComputedStyle(el).opacity));
    await cards.nth(0).scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await expect.poll(() => opacity(0)).toBe(0);
    await cards.nth(0).hover();
    await expect.poll(() => opacity(0)).toBe(1);
    await page.mouse.move(0, 0);
    await expect.poll(() => opacity(0)).toBe(0);
    // Keyboard: focus the card before the second one, then Tab.
    await cards.nth(0).focus();
    await page.keyboard.press("Tab");
    await expect(cards.nth(1)).toBeFocused();
    await expect.poll(() => opacity(1)).toBe(1);
  });
});

/** Width of one slide relative to the slider, when n fit with the given spacing. */
function expectedSlideWidth(container: number, n: number, spacing: number) {
  return (container - (n - 1) * spacing) / n;
}

const carouselCases: { settings: CarouselSettings; path: string; widths: [number, number][] }[] = [
  {
    settings: TESTIMONIALS_CAROUSEL,
    path: "/",
    widths: [
      [375, 1],
      [768, 1],
      [769, 2],
      [1023, 2],
      [1024, 3],
      [1549, 3],
      [1550, 4],
    ],
  },
  {
    settings: SERVICES_CAROUSEL,
    path: "/",
    widths: [
      [599, 1],
      [600, 2],
      [999, 2],
      [1000, 3],
      [1600, 3],
    ],
  },
  {
    settings: LOGO_CAROUSEL,
    path: "/about-us",
    widths: [
      [375, 2],
      [449, 2],
      [450, 3],
      [767, 3],
      [768, 4],
      [1023, 4],
      [1024, 5],
    ],
  },
];

test.describe("carousels: slides per view at each breakpoint (SPEC s9)", () => {
  for (const { settings: c, path, widths } of carouselCases) {
    test(`${c.name}: ${widths.map(([w, n]) => `${n} at ${w}px`).join(", ")}`, async ({ browser }) => {
      // One fresh page per width (up to seven), each hydrating its carousel: more than the default 30 s on a busy CI.
      test.setTimeout(120_000);
      for (const [width, n] of widths) {
        // Reduced motion: the track stands still, so slide boxes can be measured exactly.
        const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
        const page = await context.newPage();
        await page.goto(path);
        const slider = page.locator(`[data-carousel="${c.name}"]`);
        // Before keen-slider starts (the pre-rendered CSS) and after: the same widths.
        for (const phase of ["css", "keen"]) {
          if (phase === "keen") {
            // A section hydrates (and its carousel starts) as it nears the viewport.
            await bringIntoView(slider);
            await expect(slider).toHaveAttribute("data-ready", "");
          }
          const { container, slides } = await slider.evaluate((el) => ({
            container: el.getBoundingClientRect().width,
            slides: [...el.querySelectorAll(".keen-slider__slide")].map((s) => s.getBoundingClientRect().width),
          }));
          const want = expectedSlideWidth(container, n, c.spacing);
          for (const w of slides) expect(Math.abs(w - want), `${c.name} at ${width}px (${phase}): slide ${w} vs ${want}`).toBeLessThan(1);
        }
        await context.close();
      }
    });
  }

  test("the testimonials scroll on their own, pause on hover and stand still under reduced motion", async ({ browser }) => {
    const position = (page: Page) =>
      page
        .locator('[data-carousel="testimonials"] .keen-slider__slide')
        .first()
        .evaluate((el) => el.getBoundingClientRect().x);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto("/");
    const slider = page.locator('[data-carousel="testimonials"]');
    await bringIntoView(slider);
    await expect(slider).toHaveAttribute("data-ready", "");
    const a = await position(page);
    await expect.poll(() => position(page)).not.toBe(a);
    await slider.hover();
    await page.waitForTimeout(100);
    const b = await position(page);
    await page.waitForTimeout(600);
    expect(await position(page)).toBe(b);
    await page.mouse.move(0, 0);
    await expect.poll(() => position(page)).not.toBe(b);
    // The Pause button stops it for good.
    await page.getByRole("button", { name: "Pause automatic scrolling" }).first().click();
    await page.mouse.move(0, 0);
    const c = await position(page);
    await page.waitForTimeout(600);
    expect(await position(page)).toBe(c);
    await context.close();

    const still = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
    const quiet = await still.newPage();
    await quiet.goto("/");
    await bringIntoView(quiet.locator('[data-carousel="testimonials"]'));
    await expect(quiet.locator('[data-carousel="testimonials"]')).toHaveAttribute("data-ready", "");
    const d = await position(quiet);
    await quiet.waitForTimeout(1000);
    expect(await position(quiet)).toBe(d);
    await still.close();
  });

  test("the services carousel moves with its previous and next buttons, and loops", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const region = page.getByRole("region", { name: "we provide best service" });
    const slider = region.locator('[data-carousel="services"]');
    await bringIntoView(slider);
    await expect(slider).toHaveAttribute("data-ready", "");
    const firstX = () =>
      slider
        .locator(".keen-slider__slide")
        .first()
        .evaluate((el) => Math.round(el.getBoundingClientRect().x));
    const start = await firstX();
    const pitch =
      (await slider
        .locator(".keen-slider__slide")
        .nth(1)
        .evaluate((el) => Math.round(el.getBoundingClientRect().x))) - start;
    const settlesAt = async (x: number) => expect.poll(async () => Math.abs((await firstX()) - x)).toBeLessThanOrEqual(1);
    await region.getByRole("button", { name: "Next" }).click();
    await settlesAt(start - pitch);
    await region.getByRole("button", { name: "Previous" }).click();
    await settlesAt(start);
    // Clicks during a move count from the slide it is going to: Next, Next, Previous is one slide on.
    const next = region.getByRole("button", { name: "Next" });
    await next.click();
    await next.click();
    await region.getByRole("button", { name: "Previous" }).click();
    await settlesAt(start - pitch);
    await region.getByRole("button", { name: "Previous" }).click();
    await settlesAt(start);
    // Loops: going back from the first slide shows the last one at the left edge.
    await region.getByRole("button", { name: "Previous" }).click();
    const last = slider.locator(".keen-slider__slide").last();
    await expect.poll(async () => Math.round((await last.boundingBox())!.x)).toBe(start);
  });
});

test.describe("portfolio", () => {
  for (const [path, count] of [
    ["/", 6],
    ["/web-development", 6],
    ["/app-development", 4],
  ] as const) {
    test(`${path} shows ${count} projects`, async ({ page }) => {
      await page.goto(path);
      const section = page.locator('[data-section="portfolio"]');
      await expect(section.getByRole("heading", { level: 2 })).toHaveText("Work Speaks Volumes: Discover Our Projects");
      await expect(section).toContainText("Our Portfolio");
      await expect(section.getByRole("listitem")).toHaveCount(count);
    });
  }
});

test.describe("footer", () => {
  test("social links are external; phone uses tel:, e-mail uses mailto:; Blog is not a link", async ({ page }) => {
    await page.goto("/services");
    const footer = page.getByRole("contentinfo");
    for (const [name, href] of [
      ["LinkedIn", settings.social.linkedin],
      ["Instagram", settings.social.instagram],
      ["Facebook", settings.social.facebook],
    ] as const) {
      const link = footer.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(link).toHaveAttribute("target", "_blank");
    }
    await expect(footer.getByRole("link", { name: settings.phone.display })).toHaveAttribute("href", `tel:${settings.phone.dial}`);
    await expect(footer.getByRole("link", { name: settings.email })).toHaveAttribute("href", `mailto:${settings.email}`);
    await expect(footer).toContainText("Pune");
    await expect(footer).toContainText("Mon - Sat 9:00 AM - 8:00 PM, Sunday closed");
    await expect(footer.getByRole("link", { name: /Blog/ })).toHaveCount(0);
    await expect(footer).toContainText("Blog");
    for (const name of ["Quick Links", "Company"]) await expect(footer.getByRole("heading", { name })).toBeVisible();
  });

  test("the chat button opens WhatsApp with the company number", async ({ page }) => {
    await page.goto("/about-us");
    const chat = page.getByRole("link", { name: /WhatsApp/ });
    // No "whatsapp" in the settings: the chat button uses the phone number.
    await expect(chat).toHaveAttribute("href", `https://wa.me/${settings.whatsapp ?? settings.phone.dial.replace("+", "")}`);
    await expect(chat).toHaveAttribute("rel", "noopener noreferrer");
    await expect(chat).toBeVisible();
  });
});

test.describe("pages", () => {
  test("About Us", async ({ page }) => {
    await page.goto("/about-us");
    const banner = page.locator('[data-section="page-banner"]');
    await expect(banner.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Home\s*›\s*About Us/);
    for (const heading of ["Who Are We?", "Be the First With Us", "Innovative Alliances", "Join Our 40+ Happy Customers"]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    for (const item of ["Tailored Solutions", "Proven Success Stories", "End-to-End Support"])
      await expect(page.locator('[data-section="feature-list"]')).toContainText(item);
    await expect(page.locator('[data-section="call-to-action"]').getByRole("link", { name: /Get Started/ })).toHaveAttribute("href", "/contact-us");
    await expect(page.locator('[data-section="testimonials-carousel"]')).toBeVisible();
  });

  test("Our Services: a card per service and four steps alternating by even/odd id", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/services");
    const grid = page.locator('[data-section="services-grid"]');
    for (const s of site.collections!.services) await expect(grid.locator(`a[href="/services/${s.id}"]`)).toHaveCount(1);
    const steps = page.locator('[data-section="process-steps"] [data-step]');
    await expect(steps).toHaveCount(4);
    await expect(steps.locator("h3")).toHaveText(["In-Depth Consultation", "Strategic Planning", "Design and Development", "Rigorous Testing"]);
    const sides = await steps.evaluateAll((els) =>
      els.map((el) => {
        const img = el.querySelector("img")!.getBoundingClientRect();
        const text = el.querySelector("h3")!.getBoundingClientRect();
        return img.x < text.x ? "image-left" : "image-right";
      }),
    );
    expect(sides[0]).not.toBe(sides[1]);
    expect(sides[0]).toBe(sides[2]);
    expect(sides[1]).toBe(sides[3]);
  });

  test("Contact Us: contact section, form slot, info panel over a map", async ({ page }) => {
    await page.goto("/contact-us");
    const contact = page.locator('[data-section="contact"]');
    await expect(contact).toContainText("Let's connect");
    await expect(contact.getByRole("heading", { name: "Ready to Lead with Innovation? Let's Start Your Project" })).toBeVisible();
    await expect(contact).toContainText("Connect With Our Team to Get Started!");
    await expect(contact.locator('[data-slot="contact-form"]')).toHaveCount(1);
    const info = page.locator('[data-section="contact-info"]');
    await expect(info.locator("img")).toHaveAttribute("src", /map/);
    await expect(info.getByRole("link", { name: settings.email })).toHaveAttribute("href", `mailto:${settings.email}`);
  });

  test("Thank you", async ({ page }) => {
    await page.goto("/thank-you");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank You");
    await expect(page.locator("main")).toContainText("Thanks for contacting us, one of our associates will get in touch with you soon!");
    await expect(page.locator("main").getByRole("link", { name: /Home/ })).toHaveAttribute("href", "/");
  });

  test("a service page: list with the current one highlighted, help and working-days cards, breadcrumb", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/services/cloud-services");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Home\s*›\s*Services\s*›\s*Cloud Services/);
    const list = page.getByRole("navigation", { name: /all services/i });
    await expect(list.getByRole("link")).toHaveCount(22);
    await expect(list.getByRole("link", { name: "Cloud Services" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Need Help? Call Here" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Working Days" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Appointment Now/ })).toHaveAttribute("href", "/contact-us");
    await expect(page.getByRole("heading", { name: "What We Provide" })).toBeVisible();
  });
});

test.describe("scroll animations", () => {
  test("without JavaScript every section is there and visible", async ({ browser, request }) => {
    expect(await (await request.get("/")).text()).not.toMatch(/<[^>]+\sdata-aos=/);
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    for (const path of ["/", "/about-us", "/services"]) {
      // Every section is written in place: nothing is parked in a hidden <div> for an inline script to move.
      expect(await (await request.get(path)).text()).not.toMatch(/<div hidden id="S:|\$RC\(|<template id="B:/);
      await page.goto(path);
      const headings = page.locator("main h2");
      expect(await headings.count()).toBeGreaterThan(1);
      for (const opacity of await headings.evaluateAll((els) => els.map((el) => getComputedStyle(el.closest("section > div") ?? el).opacity)))
        expect(opacity).toBe("1");
    }
    await context.close();
  });

  test("sections below the fold fade in once when scrolled to; under reduced motion none are marked", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    const marked = page.locator("[data-aos]");
    await expect.poll(() => marked.count()).toBeGreaterThan(2);
    // Nothing on screen at load was marked (no blink).
    expect(await page.locator('[data-section="hero"] [data-aos]').count()).toBe(0);
    const target = page.locator('[data-section="portfolio"] > div');
    await expect(target).toHaveAttribute("data-aos", "fade-up");
    // Waiting sections are fully hidden, not frozen half-way (the browser pauses transitions in
    // content it is not rendering yet): a half-faded section would fail colour contrast.
    await page.waitForTimeout(600);
    for (const opacity of await page.locator("[data-aos]:not(.aos-animate)").evaluateAll((els) => els.map((el) => getComputedStyle(el).opacity)))
      expect(opacity).toBe("0");
    await target.scrollIntoViewIfNeeded();
    await expect(target).toHaveClass(/aos-animate/);
    await expect.poll(() => target.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    await context.close();

    const still = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: "reduce" });
    const quiet = await still.newPage();
    await quiet.goto("/");
    await hydrated(quiet);
    await quiet.waitForTimeout(300);
    expect(await quiet.locator("[data-aos]").count()).toBe(0);
    await still.close();
  });

  test("aos starts only when the visitor scrolls or the window changes size, not during the load", async ({ browser }) => {
    // Starting aos measures every marked section, which lays out the sections the browser skips
    // (content-visibility): a long task a reader of the first screen should not wait through.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    await expect.poll(() => page.locator("[data-aos]").count()).toBeGreaterThan(2);
    await page.waitForTimeout(800);
    expect(await page.locator(".aos-init").count()).toBe(0);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.locator(".aos-init").count()).toBeGreaterThan(2);

    const turned = await context.newPage();
    await turned.goto("/");
    await hydrated(turned);
    await expect.poll(() => turned.locator("[data-aos]").count()).toBeGreaterThan(2);
    expect(await turned.locator(".aos-init").count()).toBe(0);
    await turned.setViewportSize({ width: 800, height: 1280 });
    await expect.poll(() => turned.locator(".aos-init").count()).toBeGreaterThan(2);
    await context.close();
  });
});

test.describe("in-page links", () => {
  async function followSkipLink(page: Page) {
    await page.goto("/about-us");
    await hydrated(page);
    // The jump to the bottom fires its own scroll events (and the sections
    // around it take their real height as they are rendered): wait until the
    // position is stable, then count only positions above it.
    const start = await page.evaluate(async () => {
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      let last = -1;
      for (let stable = 0; stable < 5; stable = window.scrollY === last ? stable + 1 : 0) {
        last = window.scrollY;
        window.scrollTo(0, document.body.scrollHeight);
        await frame();
      }
      const w = window as unknown as { __positions: number[] };
      w.__positions = [];
      addEventListener("scroll", () => w.__positions.push(scrollY));
      return scrollY;
    });
    expect(start).toBeGreaterThan(500);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    await expect.poll(() => page.evaluate(() => scrollY)).toBeLessThan(5);
    const positions = await page.evaluate(() => (window as unknown as { __positions: number[] }).__positions);
    return new Set(positions.filter((y) => y < start)).size;
  }

  test("the skip link moves focus to the content and scrolls there smoothly", async ({ page }) => {
    // Smooth: more than one position on the way (a jump is one). A loaded machine draws few frames.
    expect(await followSkipLink(page)).toBeGreaterThan(1);
  });

  test("under reduced motion it jumps at once", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    expect(await followSkipLink(await context.newPage())).toBeLessThanOrEqual(1);
    await context.close();
  });
});

test.describe("hydration on demand", () => {
  test.use({ viewport: { width: 412, height: 823 } });
  const chunk = (name: string) => new RegExp(`/assets/${name}-[\\w-]{8}\\.js$`);

  test("a section far below keeps its pre-rendered HTML, and its code stays unloaded, until it nears the viewport; then React takes over that same HTML", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto("/");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    // The first screen's sections are hydrated; the carousels further down are not.
    // (Polled: on a busy machine the first screen can take longer than networkidle's 500 ms to ask for it.)
    await expect.poll(() => scripts.some((u) => chunk("Hero").test(u))).toBe(true);
    expect(scripts.some((u) => chunk("TestimonialsCarousel").test(u))).toBe(false);
    expect(scripts.some((u) => chunk("keen-slider.es").test(u))).toBe(false);
    const slider = page.locator('[data-carousel="testimonials"]');
    await expect(slider).not.toHaveAttribute("data-ready");
    // Tag a pre-rendered node: after hydration it must be the very same node (not a re-render).
    await slider.evaluate((el) => ((el as HTMLElement & { tagged?: boolean }).tagged = true));
    await bringIntoView(slider);
    await expect(slider).toHaveAttribute("data-ready", "");
    expect(scripts.some((u) => chunk("TestimonialsCarousel").test(u))).toBe(true);
    expect(await slider.evaluate((el) => (el as HTMLElement & { tagged?: boolean }).tagged)).toBe(true);
  });

  test("tabbing into a section that is not hydrated yet hydrates it", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const region = page.getByRole("region", { name: "we provide best service" });
    const slider = region.locator('[data-carousel="services"]');
    await expect(slider).not.toHaveAttribute("data-ready");
    await region.getByRole("button", { name: "Next" }).focus();
    await expect(slider).toHaveAttribute("data-ready", "");
  });

  test("a click that lands before a section's code has arrived is kept and replayed once the section is hydrated", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await page.route(chunk("ServicesCarousel"), async (route) => {
      requested = true;
      await held;
      await route.continue();
    });
    await page.goto("/");
    await hydrated(page);
    const region = page.getByRole("region", { name: "we provide best service" });
    const slider = region.locator('[data-carousel="services"]');
    const next = region.getByRole("button", { name: "Next" });
    // Counts the clicks that reach the button itself: React stops the one it cannot handle yet before it gets there.
    await next.evaluate((el) =>
      el.addEventListener("click", () => ((window as unknown as { clicks: number }).clicks = ((window as unknown as { clicks?: number }).clicks ?? 0) + 1)),
    );
    await next.click();
    // The click asks for the section's code (the request reaches the route a moment later).
    await expect.poll(() => requested).toBe(true);
    // React could not hydrate the section yet: nothing happened.
    await expect(slider).not.toHaveAttribute("data-ready");
    release();
    await expect(slider).toHaveAttribute("data-ready", "");
    // Replayed once, on the same element: one slide on, the second slide at the left edge.
    const fromLeft = (n: number) =>
      slider.evaluate(
        (el, i) => Math.abs(Math.round(el.querySelectorAll(".keen-slider__slide")[i]!.getBoundingClientRect().x - el.getBoundingClientRect().x)),
        n,
      );
    await expect.poll(() => fromLeft(1)).toBeLessThanOrEqual(1);
    await page.waitForTimeout(500);
    expect(await fromLeft(1)).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => (window as unknown as { clicks?: number }).clicks)).toBe(1);
  });

  test("a click on a tab (a link to its panel) before its section's code has arrived selects it once the code is there", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(chunk("ServiceExplorer"), async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    await hydrated(page);
    const section = page.locator('[data-section="service-explorer"]');
    const tabs = section.getByRole("tab");
    const services = site.collections!.services;
    await tabs.nth(3).click();
    // Kept for the section, not followed: the page is not rendered again around the waiting section, which keeps its HTML.
    await expect(page).toHaveURL(/\/$/);
    await expect(section.getByRole("tabpanel").getByRole("heading")).toHaveText(services[0]!.name);
    release();
    await expect(tabs.nth(3)).toHaveAttribute("aria-selected", "true");
    await expect(tabs.first()).toHaveAttribute("aria-selected", "false");
    await expect(section.getByRole("tabpanel").getByRole("heading")).toHaveText(services[3]!.name);
  });

  test("a client-side navigation shows the next page whole: in its first frame, every section is there", async ({ page }) => {
    await page.goto("/contact-us");
    await hydrated(page);
    const about = site.pages.find((p) => p.path === "/about-us")!;
    const expected = (about.doc!.sections as { type: string }[]).map((s) => s.type);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "About Us" }).click();
    // Checked on every frame: the first one that shows the new page's heading must show all its sections.
    const shown = await page.waitForFunction(() =>
      document.querySelector("main h1")?.textContent?.trim() === "About Us"
        ? [...document.querySelectorAll("main > [data-section]")].map((s) => s.getAttribute("data-section"))
        : null,
    );
    expect(await shown.jsonValue()).toEqual(expected);
    await expect(page).toHaveURL(/\/about-us$/);
  });
});
