/**
 * The contact form in Chromium against the production server: validation
 * messages, lazy loading, submitting (success, {error}, network failure,
 * double click), delivery to a real SMTP server, and the CSP on every route.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectedRoutes, site } from "./content";
import { listOutbox, startServer, startSmtp, tempDir, waitFor, type RunningServer, type TestSmtp } from "../server/helpers";

const settings = site.settings!;

const valid = {
  name: "Asha Patil",
  email: "asha.patil@example.co.in",
  subject: "A new online shop",
  phone: "+91 98765 43210",
  message: "We sell spices and want to sell online.\nCan you help?",
};

const submit = (page: Page) => page.locator("#enquiry-form").getByRole("button", { name: "Send Message" });

/** The contact page with the generated form in place (it has taken over from the plain form). */
async function openForm(page: Page, base = "") {
  await page.goto(`${base}/contact-us`);
  await page.locator("[data-slot=contact-form]").scrollIntoViewIfNeeded();
  await expect(page.locator("[data-enquiry-form=ready] form#enquiry-form")).toBeVisible();
}

async function fill(page: Page, values: Partial<typeof valid>) {
  for (const [name, value] of Object.entries(values)) await page.locator(`#enquiry_${name}`).fill(value);
}

/** The error text shown under a field, and that it is really under it. */
async function errorUnder(page: Page, name: string): Promise<string | null> {
  const err = page.locator(`#enquiry_${name}__error`);
  if ((await err.count()) === 0) return null;
  const [input, box] = await Promise.all([page.locator(`#enquiry_${name}`).boundingBox(), err.boundingBox()]);
  expect(box!.y).toBeGreaterThanOrEqual(input!.y + input!.height - 1);
  expect(Math.abs(box!.x - input!.x)).toBeLessThan(2);
  // biome-ignore lint/performance/useDomNodeTextContent: the text as the visitor sees it rendered.
  return (await err.innerText()).trim();
}

test.describe("validation", () => {
  test("each message appears under its own field, in red, on submit", async ({ page }) => {
    await openForm(page);
    // Nothing is validated before the first submit.
    await fill(page, { email: "not-an-email" });
    await expect(page.locator("#enquiry_email__error")).toHaveCount(0);
    await page.locator("#enquiry_email").fill("");

    await submit(page).click();
    expect(await errorUnder(page, "name")).toBe("Name is required");
    expect(await errorUnder(page, "email")).toBe("Email is required");
    expect(await errorUnder(page, "subject")).toBe("Subject is required");
    expect(await errorUnder(page, "phone")).toBe("phone number is required");
    expect(await errorUnder(page, "message")).toBe("Message is required");
    const color = await page.locator("#enquiry_name__error").evaluate((el) => getComputedStyle(el).color);
    const probe = await page.evaluate((c) => {
      const ctx = document.createElement("canvas").getContext("2d")!;
      ctx.fillStyle = c;
      ctx.fillRect(0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data);
    }, color);
    expect(probe[0]).toBeGreaterThan(180); // red
    expect(probe[1]).toBeLessThan(80);
    expect(probe[2]).toBeLessThan(80);
    await expect(page.locator("#enquiry_name")).toHaveAttribute("aria-invalid", "true");
    // The phone label has no asterisk; the others do.
    await expect(page.locator("label[for=enquiry_phone]")).toHaveText("Phone");
    await expect(page.locator("label[for=enquiry_name]")).toHaveText("Name *");
    await expect(page).toHaveURL(/\/contact-us$/);
  });

  test("after the first submit, messages update on every change", async ({ page }) => {
    await openForm(page);
    await submit(page).click();
    expect(await errorUnder(page, "name")).toBe("Name is required");
    await page.locator("#enquiry_name").fill("Asha");
    await expect(page.locator("#enquiry_name__error")).toHaveCount(0);
    await page.locator("#enquiry_email").fill("asha@");
    await expect(page.locator("#enquiry_email__error")).toHaveText("Invalid email format");
    await page.locator("#enquiry_email").fill("asha@example.museum");
    await expect(page.locator("#enquiry_email__error")).toHaveText("Invalid email format");
    await page.locator("#enquiry_email").fill("asha_p-1.x@mail.example.com");
    await expect(page.locator("#enquiry_email__error")).toHaveCount(0);
    await page.locator("#enquiry_name").fill("");
    await expect(page.locator("#enquiry_name__error")).toHaveText("Name is required");
    await expect(page.locator("#enquiry_phone__error")).toHaveText("phone number is required");
  });
});

test.describe("lazy loading", () => {
  test("the form's code loads only near the form, and takes over from the plain form at the same height", async ({ page }) => {
    const chunks: string[] = [];
    page.on("request", (r) => {
      if (/\/assets\/(EnquiryForm|form-utils|form-core)-[^/]+\.js$/.test(r.url())) chunks.push(r.url());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(chunks).toEqual([]);
    const slot = page.locator("[data-slot=contact-form]");
    await expect(slot.locator("[data-enquiry-form=plain]")).toHaveCount(1);
    const before = await slot.boundingBox();
    await slot.scrollIntoViewIfNeeded();
    await expect(page.locator("[data-enquiry-form=ready] form#enquiry-form")).toBeVisible();
    expect(chunks).toHaveLength(3);
    // The form's code is three chunks, fetched one after the other (each is evaluated in its own
    // task): as the browser timed them, each request starts after the previous response ended.
    const timing = await page.evaluate(() =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((e) => /\/assets\/(EnquiryForm|form-utils|form-core)-/.test(e.name))
        .map((e) => ({ name: /(EnquiryForm|form-utils|form-core)-/.exec(e.name)![1]!, start: e.startTime, end: e.responseEnd })),
    );
    expect(timing.map((t) => t.name)).toEqual(["form-utils", "form-core", "EnquiryForm"]);
    expect(timing[1]!.start).toBeGreaterThanOrEqual(timing[0]!.end);
    expect(timing[2]!.start).toBeGreaterThanOrEqual(timing[1]!.end);
    const after = await slot.boundingBox();
    expect(Math.abs(after!.height - before!.height)).toBeLessThan(0.5);
  });

  test("tabbing into the plain form loads the generated one, which keeps focus in the same field", async ({ page }) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.locator("#enquiry_name").focus();
    await expect(page.locator("[data-enquiry-form=ready] form#enquiry-form")).toBeVisible();
    await expect(page.locator("form#enquiry-form #enquiry_name")).toBeFocused();
    await page.keyboard.type("Typed");
    await expect(page.locator("#enquiry_name")).toHaveValue("Typed");
  });
});

test.describe("submitting (responses from the mail service)", () => {
  test("an answer with an error field shows its text in an error toast and keeps every value", async ({ page }) => {
    await page.route("**/send-email", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ error: "Mailbox quota exceeded, try later" }) }),
    );
    await openForm(page);
    await fill(page, valid);
    await submit(page).click();
    const toast = page.getByRole("status").filter({ hasText: "Mailbox quota exceeded, try later" });
    await expect(toast).toBeVisible();
    // SPEC s8: dark background, white text.
    const [bg, fg] = await toast.evaluate((el) => {
      let node: Element | null = el;
      while (node && getComputedStyle(node).backgroundColor === "rgba(0, 0, 0, 0)") node = node.parentElement;
      return [node ? getComputedStyle(node).backgroundColor : "", getComputedStyle(el).color];
    });
    expect(bg).toBe("rgb(30, 41, 59)");
    expect(fg).toBe("rgb(255, 255, 255)");
    for (const [name, value] of Object.entries(valid)) await expect(page.locator(`#enquiry_${name}`)).toHaveValue(value);
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(submit(page)).toBeEnabled();
  });

  test("a network failure shows the exception's message, keeps the values, and a retry reuses the Idempotency-Key", async ({ page }) => {
    const keys: string[] = [];
    let attempt = 0;
    await page.route("**/send-email", async (route) => {
      keys.push((await route.request().headerValue("idempotency-key")) ?? "");
      if (attempt++ === 0) return route.abort("failed");
      return route.fulfill({ status: 200, contentType: "application/json", body: '{"ok":true}' });
    });
    await openForm(page);
    await fill(page, valid);
    await submit(page).click();
    await expect(page.getByRole("status").filter({ hasText: "Failed to fetch" })).toBeVisible();
    for (const [name, value] of Object.entries(valid)) await expect(page.locator(`#enquiry_${name}`)).toHaveValue(value);
    await expect(submit(page)).toBeEnabled();
    await submit(page).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});

test.describe("end to end with a real SMTP server", () => {
  // One server and one SMTP server for these tests, in one worker.
  test.describe.configure({ mode: "serial" });
  const MAIL_TO = "enquiries@vistaar.test";
  let server: RunningServer;
  let smtp: TestSmtp;
  let outbox: string;

  test.beforeAll(async () => {
    smtp = await startSmtp(4343);
    outbox = tempDir("outbox-e2e-");
    server = await startServer({
      PORT: "4330",
      OUTBOX_DIR: outbox,
      SMTP_URL: "smtp://127.0.0.1:4343",
      MAIL_TO,
      MAIL_FROM: "Website <web@vistaar.test>",
      RATE_LIMIT_PER_MINUTE: "100",
      SMTP_RETRY_BASE_MS: "200",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test("a valid enquiry: success toast, form reset, /thank-you, and one e-mail to the configured address only", async ({ page }) => {
    const requests: { to: string; subject: string; body: string }[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/send-email")) requests.push(r.postDataJSON() as (typeof requests)[number]);
    });
    await openForm(page, server.url);
    await fill(page, valid);
    await submit(page).click();
    await expect(page.getByRole("status").filter({ hasText: "Email sent successfully" })).toBeVisible();
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole("heading", { name: "Thank You" })).toBeVisible();

    // The request the browser sent (SPEC s7).
    const body = `Name: ${valid.name}\n\nEmail: ${valid.email}\n\nPhone: ${valid.phone}\n\nMessage: ${valid.message}`;
    expect(requests).toEqual([{ to: settings.email, subject: valid.subject, body }]);

    await waitFor("the e-mail at the SMTP server", () => smtp.received.length === 1, 20_000);
    const mail = smtp.received[0]!;
    expect(mail.rcptTo).toEqual([MAIL_TO]);
    expect(mail.headers.to).toBe(MAIL_TO);
    expect(mail.headers.subject).toBe(valid.subject);
    expect(mail.headers["reply-to"]).toBe(valid.email);
    expect(mail.text).toBe(body);

    // Back on the form: it was reset.
    await page.goBack();
    await expect(page).toHaveURL(/\/contact-us$/);
    await page.locator("[data-slot=contact-form]").scrollIntoViewIfNeeded();
    await expect(page.locator("form#enquiry-form")).toBeVisible();
    for (const name of Object.keys(valid)) await expect(page.locator(`#enquiry_${name}`)).toHaveValue("");
  });

  test("double-clicking submit sends one enquiry", async ({ page }) => {
    let posts = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/send-email") && r.method() === "POST") posts++;
    });
    const storedBefore = listOutbox(outbox, "new").length + listOutbox(outbox, "sent").length;
    await openForm(page, server.url);
    await fill(page, { ...valid, subject: "Double click" });
    await submit(page).dblclick();
    await expect(page).toHaveURL(/\/thank-you$/);
    expect(posts).toBe(1);
    expect(listOutbox(outbox, "new").length + listOutbox(outbox, "sent").length).toBe(storedBefore + 1);
    await waitFor("the e-mail", () => smtp.received.some((m) => m.headers.subject === "Double click"), 20_000);
    await waitFor("the outbox to be delivered", () => listOutbox(outbox, "new").length === 0, 20_000);
    expect(smtp.received.filter((m) => m.headers.subject === "Double click")).toHaveLength(1);
  });
});

test.describe("Content-Security-Policy", () => {
  const violations = async (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const list: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = list;
      document.addEventListener("securitypolicyviolation", (e) => list.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
  });

  for (const route of expectedRoutes) {
    test(`${route.path} runs under its CSP with no violation`, async ({ page }) => {
      const messages: string[] = [];
      page.on("console", (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) messages.push(m.text());
      });
      const res = await page.goto(route.path);
      const csp = res!.headers()["content-security-policy"] ?? "";
      const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
      expect(scriptSrc.split(" ")[0]).toBe("'self'");
      expect(scriptSrc).not.toMatch(/unsafe/);
      expect(scriptSrc).toContain("'sha256-");
      await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
      // Bring the form in when the page has one (its chunk and toasts run under the same policy).
      const slot = page.locator("[data-slot=contact-form]");
      if ((await slot.count()) > 0) {
        await slot.scrollIntoViewIfNeeded();
        await expect(page.locator("[data-enquiry-form=ready] form#enquiry-form")).toBeVisible();
      }
      await page.waitForLoadState("networkidle");
      expect(messages).toEqual([]);
      expect(await violations(page)).toEqual([]);
    });
  }

  test("the form validates and shows toasts under the CSP (no eval, inline styles allowed)", async ({ page }) => {
    await page.route("**/send-email", (route) => route.fulfill({ status: 200, contentType: "application/json", body: '{"error":"Try again"}' }));
    await openForm(page);
    await submit(page).click();
    await expect(page.locator("#enquiry_name__error")).toHaveText("Name is required");
    await fill(page, valid);
    await submit(page).click();
    await expect(page.getByRole("status").filter({ hasText: "Try again" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});

test("the browser bundle contains no Ajv compiler and no new Function", () => {
  const assets = join(import.meta.dirname, "..", "..", "dist", "client", "assets");
  const files = readdirSync(assets).filter((f) => f.endsWith(".js"));
  const js = files.map((f) => readFileSync(join(assets, f), "utf8")).join("\n");
  expect(js).not.toContain("new Function");
  // Ajv's compiler carries these option names; the precompiled validator does not.
  expect(js).not.toContain("strictTypes");
  expect(js).not.toContain("must have required property' + ");
  // The precompiled validator is there, in the form's own chunk only.
  const form = files.filter((f) => readFileSync(join(assets, f), "utf8").includes("Invalid email format"));
  expect(form).toHaveLength(1);
  expect(form[0]).toMatch(/^EnquiryForm-/);
});
