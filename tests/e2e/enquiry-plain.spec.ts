/**
 * The enquiry form before and without its code: a real HTML form that posts to /send-email, the
 * server's answer to it (the same stored enquiry as the generated form's, the same messages), and
 * the generated form taking over from it without losing a keystroke.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page, type Route } from "@playwright/test";
import { listOutbox, startServer, tempDir, waitFor, type RunningServer } from "../server/helpers";

const valid = {
  name: "Priya Sharma",
  email: "priya@example.com",
  subject: "A booking app",
  phone: "+91 98765 43210",
  message: "We need an app for our clinics.",
};
const storedBody = (v: typeof valid) => `Name: ${v.name}\n\nEmail: ${v.email}\n\nPhone: ${v.phone}\n\nMessage: ${v.message}`;

let server: RunningServer;
let outbox: string;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  outbox = tempDir("outbox-plain-");
  server = await startServer({ PORT: "4331", OUTBOX_DIR: outbox, RATE_LIMIT_PER_MINUTE: "1000", MAIL_TO: "enquiries@vistaar.test" });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Every stored enquiry: subject and text, in the order stored. */
const stored = () =>
  listOutbox(outbox, "new")
    .map((id) => JSON.parse(readFileSync(join(outbox, "new", id), "utf8")) as { subject: string; text: string; receivedAt: string })
    .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));

async function fillPlain(page: Page, values: Partial<typeof valid>) {
  for (const [name, value] of Object.entries(values)) await page.locator(`form#enquiry-form [name=${name}]`).fill(value);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form is sent: the browser lands on /thank-you and one enquiry is stored, as the generated form would store it", async ({ page }) => {
    const before = stored().length;
    await page.goto(`${server.url}/contact-us`);
    await fillPlain(page, valid);
    await page.locator("form#enquiry-form").getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(`${server.url}/thank-you`);
    await expect(page.getByRole("heading", { name: "Thank You" })).toBeVisible();
    const after = stored();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ subject: valid.subject, text: storedBody(valid) });
  });

  test("the browser's own checks come from the schema: an empty or malformed form is not sent", async ({ page }) => {
    const before = stored().length;
    await page.goto(`${server.url}/contact-us`);
    await fillPlain(page, { ...valid, email: "not an address" });
    await page.locator("form#enquiry-form").getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(`${server.url}/contact-us`);
    expect(await page.locator("form#enquiry-form [name=email]").evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);
    expect(stored()).toHaveLength(before);
  });

  test("what gets past the browser is checked by the server: the exact messages under their fields, the values kept, and going back keeps them too", async ({
    page,
  }) => {
    // A browser that checks nothing (an old one, or a bot): the server's answer is what counts.
    await page.route(`${server.url}/contact-us`, async (route: Route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/ (required=""|pattern="[^"]*"|maxLength="\d+")/gi, "").replace(/type="email"/g, 'type="text"');
      await route.fulfill({ response, body: html });
    });
    const before = stored().length;
    await page.goto(`${server.url}/contact-us`);
    await fillPlain(page, { name: "", email: "priya@example", subject: "Hello", phone: "", message: "" });
    const answer = page.waitForResponse((r) => r.url().endsWith("/send-email"));
    await page.locator("form#enquiry-form").getByRole("button", { name: "Send Message" }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("Your enquiry was not sent: 4 fields need your attention.");
    const form = page.locator("form#enquiry-form");
    await expect(form.locator("#enquiry_name__error")).toHaveText("Name is required");
    await expect(form.locator("#enquiry_email__error")).toHaveText("Invalid email format");
    await expect(form.locator("#enquiry_phone__error")).toHaveText("phone number is required");
    await expect(form.locator("#enquiry_message__error")).toHaveText("Message is required");
    await expect(form.locator("#enquiry_subject__error")).toHaveCount(0);
    await expect(form.locator("[name=email]")).toHaveValue("priya@example");
    await expect(form.locator("[name=subject]")).toHaveValue("Hello");
    // The first field to fix has the focus.
    await expect(form.locator("[name=name]")).toBeFocused();
    expect(stored()).toHaveLength(before);
    // Back to the form as it was filled in.
    await page.goBack();
    await expect(page).toHaveURL(`${server.url}/contact-us`);
    await expect(page.locator("form#enquiry-form [name=email]")).toHaveValue("priya@example");
    await expect(page.locator("form#enquiry-form [name=subject]")).toHaveValue("Hello");
  });
});

/** Holds each of the form's code chunks back by `ms`, or for good with Infinity. */
async function holdFormCode(page: Page, ms: number) {
  await page.route(/\/assets\/(form-utils|form-core|EnquiryForm)-[^/]+\.js$/, async (route) => {
    if (ms === Infinity) return; // never answered
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

for (const ms of [0, 300, 1500, 4000]) {
  test(`typing from the first paint with the form's code ${ms} ms late per chunk: every character stays in its field, focus and caret too, and the form sends them`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await holdFormCode(page, ms);
    const sent: unknown[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/send-email") && r.method() === "POST") sent.push(r.headers()["content-type"]?.includes("json") ? r.postDataJSON() : r.postData());
    });
    await page.goto(`${server.url}/contact-us`, { waitUntil: "commit" });
    await page.locator("#enquiry_name").click();
    await page.keyboard.type(valid.name, { delay: 40 });
    await page.keyboard.press("Tab");
    await page.keyboard.type(valid.email, { delay: 40 });
    await page.keyboard.press("Tab");
    await page.keyboard.type(valid.subject, { delay: 40 });
    // The generated form has taken over (at some point while typing, or now).
    await expect(page.locator("[data-enquiry-form=ready]")).toHaveCount(1, { timeout: 30_000 });
    await expect(page.locator("#enquiry_name")).toHaveValue(valid.name);
    await expect(page.locator("#enquiry_email")).toHaveValue(valid.email);
    await expect(page.locator("#enquiry_subject")).toHaveValue(valid.subject);
    await expect(page.locator("#enquiry_subject")).toBeFocused();
    expect(await page.locator("#enquiry_subject").evaluate((el: HTMLInputElement) => el.selectionStart)).toBe(valid.subject.length);
    // The rest, and send: the generated form sends what was typed, once.
    await page.keyboard.press("Tab");
    await page.keyboard.type(valid.phone);
    await page.locator("#enquiry_message").fill(valid.message);
    await page.locator("form#enquiry-form").getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    expect(sent).toEqual([{ to: expect.any(String), subject: valid.subject, body: storedBody(valid) }]);
  });
}

test("sending before the form's code has arrived goes through the plain form: one enquiry is stored", async ({ page }) => {
  await holdFormCode(page, Infinity);
  const before = stored().length;
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/send-email") && r.method() === "POST") posts.push(r.headers()["content-type"] ?? "");
  });
  await page.goto(`${server.url}/contact-us`);
  const subject = `Sent early ${Date.now()}`;
  await fillPlain(page, { ...valid, subject });
  await expect(page.locator("[data-enquiry-form=ready]")).toHaveCount(0);
  await page.locator("form#enquiry-form").getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  expect(posts).toEqual(["application/x-www-form-urlencoded"]);
  await waitFor("the stored enquiry", () => stored().length === before + 1);
  expect(stored().filter((e) => e.subject === subject)).toHaveLength(1);
});
