/**
 * The enquiry inbox end to end, on one machine as the README sets it up: the site server (what
 * `npm start` runs, over the built site) and the studio (tests/e2e/studio-server.ts) sharing
 * OUTBOX_DIR, and a real SMTP peer (smtp-server) that refuses with 550 at first and accepts later.
 * A visitor sends two enquiries through the contact form; an editor without the permission has no
 * Enquiries button and gets 403; the publisher finds both, reads the refusal's reason, and Send
 * again delivers it once; status, assignment and a note are seen by a second account, live; the
 * exports and a person's deletion hold what they say, and every step is in the activity log; by
 * keyboard, and axe-clean at 1280, 375 and 320 px. One story, in order. Screenshots go to shots/.
 */
import AxeBuilder from "@axe-core/playwright";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { parseCsv } from "../helpers/csv";
import { EDITOR, PUBLISHER, repoRoot } from "../helpers/studio-sandbox";
import { listOutbox, type RunningServer, startServer, startSmtp, type TestSmtp } from "../server/helpers";
import { E2E_INBOX_OUTBOX, E2E_PORTS } from "./ports";

const { studioPort } = E2E_PORTS;
const studioBase = join(tmpdir(), `site-studio-${studioPort}`);
const SITE = join(repoRoot, "dist", "client");
const MAIL_TO = "sales@example.com";
const SHOTS = join(repoRoot, "shots");

const ASHA_PATEL = { name: "Asha Patel", email: "asha.patel@example.com", subject: "A shop for our tea estate", phone: "+91 98765 43210" };
const VIKRAM = { name: "Vikram Rao", email: "vikram@example.com", subject: "An app for our stores", phone: "+91 91234 56780" };

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

let refuse = true;
let smtp: TestSmtp;
let site: RunningServer;

test.beforeAll(async () => {
  if (!existsSync(join(SITE, "contact-us", "index.html"))) throw new Error(`No built site in ${SITE}: npm run build first (npm test does).`);
  rmSync(E2E_INBOX_OUTBOX, { recursive: true, force: true });
  // Ports the system picks: never one another run has taken.
  smtp = await startSmtp(0, { reject: () => (refuse ? { code: 550, message: "5.1.1 Mailbox unavailable" } : null) });
  site = await startServer({
    PORT: "0",
    SITE_DIR: SITE,
    OUTBOX_DIR: E2E_INBOX_OUTBOX,
    MAIL_TO,
    MAIL_FROM: "Website <web@example.com>",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    RATE_LIMIT_PER_MINUTE: "0",
    SMTP_RETRY_BASE_MS: "200",
    SMTP_RETRY_MAX_MS: "1000",
  });
});
test.afterAll(async () => {
  await site?.stop();
  await smtp?.close();
  // Whoever runs the tests again starts with an editor who does not see enquiries.
  studioCli("user", "update", EDITOR.email, "--enquiries", "no");
});

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

/** `npm run studio -- <args>`, asking the running studio over its control socket. */
function studioCli(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, STUDIO_DATA: join(studioBase, "data"), STUDIO_PORT: String(studioPort) };
  delete env.SITE_ROOT;
  const run = spawnSync(process.execPath, ["--import", "tsx", join(studioBase, "project", "studio", "cli.ts"), ...args], {
    cwd: join(studioBase, "project"),
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  return `${run.stdout}${run.stderr}`;
}

/** A visitor sends the contact form on the site and reaches the thank-you page. */
async function visitorSends(browser: Browser, who: typeof VIKRAM, message: string) {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${site.url}/contact-us`);
  const values = { ...who, message };
  for (const name of ["name", "email", "subject", "phone", "message"] as const) await page.locator(`#enquiry_${name}`).fill(values[name]);
  await page.locator("#enquiry-form").getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/thank-you$/, { timeout: 30_000 });
}

async function signIn(browser: Browser, who: { email: string; password: string }, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto("/__edit?file=site-config%2Fpages%2Fhome.json");
  await page.getByLabel("E-mail address").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible({ timeout: 30_000 });
  return page;
}

const inboxButton = (page: Page) => page.getByRole("button", { name: /^Enquiries/ });
const inbox = (page: Page) => page.getByRole("dialog", { name: "Enquiries" });
const row = (page: Page, text: string) => inbox(page).getByRole("list", { name: "Enquiries found" }).getByRole("button").filter({ hasText: text });

async function expectNoAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).include("dialog[open]").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a visitor sends two enquiries through the form: the mail server refuses the first (550) and takes the second", async ({ browser }) => {
  await visitorSends(browser, ASHA_PATEL, "We grow tea in Munnar and want to sell online.\nCan you call us?");
  await expect.poll(() => listOutbox(E2E_INBOX_OUTBOX, "dead").length, { timeout: 30_000 }).toBe(2); // the enquiry and its reason
  refuse = false;
  await visitorSends(browser, VIKRAM, "Twelve stores, one app.");
  await expect.poll(() => listOutbox(E2E_INBOX_OUTBOX, "sent").length, { timeout: 30_000 }).toBe(1);
  expect(smtp.received.map((m) => m.headers.subject)).toEqual([VIKRAM.subject]);
});

test("an editor without the permission has no Enquiries button, and the inbox's API answers 403", async ({ browser }) => {
  const page = await signIn(browser, EDITOR);
  await expect(page.getByText(`Signed in as ${EDITOR.name}`)).toBeVisible();
  await expect(inboxButton(page)).toHaveCount(0);
  const refused = await page.request.get("/__edit/api/enquiries");
  expect(refused.status()).toBe(403);
  expect(refused.headers()["cache-control"]).toBe("no-store");
  expect((await refused.json()).error).toContain("Only the people who answer the site's enquiries see them");
});

test("the publisher, by keyboard: both enquiries, the refusal's reason in plain words, and Send again delivers it once", async ({ browser }) => {
  const page = await signIn(browser, PUBLISHER);
  await expect(inboxButton(page)).toHaveText(/Enquiries\s*2 new/);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, "inbox-header-1280.png"), clip: { x: 0, y: 0, width: 1280, height: 120 } });
  await inboxButton(page).focus();
  await page.keyboard.press("Enter");
  await expect(inbox(page)).toBeVisible();
  await expect(inbox(page).getByRole("status").first()).toHaveText("2 enquiries.");
  await expect(row(page, ASHA_PATEL.subject)).toContainText("E-mail: refused");
  await expect(row(page, VIKRAM.subject)).toContainText("E-mail: sent");

  // Tab to the refused one and open it.
  const refusedRow = row(page, ASHA_PATEL.subject);
  for (let i = 0; i < 30 && !(await refusedRow.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  const detail = inbox(page).getByRole("article");
  await expect(detail.getByRole("heading", { name: ASHA_PATEL.subject })).toBeVisible();
  await expect(detail).toContainText(`From ${ASHA_PATEL.name} <${ASHA_PATEL.email}>, phone ${ASHA_PATEL.phone}`);
  await expect(detail).toContainText("We grow tea in Munnar and want to sell online.");
  await expect(detail).toContainText(`The mail server refused to deliver it to ${MAIL_TO}: that mailbox is unavailable`);
  await expect(detail).toContainText("(550)");
  await expect(detail).toContainText("The mail server said:");
  await expect(detail).toContainText("5.1.1 Mailbox unavailable");
  await expect(detail.getByRole("link", { name: `Reply to ${ASHA_PATEL.name}` })).toHaveAttribute(
    "href",
    `mailto:${ASHA_PATEL.email}?subject=${encodeURIComponent(`Re: ${ASHA_PATEL.subject}`)}`,
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: join(SHOTS, "inbox-1280.png") });
  // Neither the builder's page nor what the inbox shows is kept by the browser or a proxy.
  for (const path of ["/__edit?file=site-config%2Fpages%2Fhome.json", "/__edit/api/enquiries", "/__edit/api/enquiries/export?format=json"])
    expect((await page.request.get(path)).headers()["cache-control"], path).toBe("no-store");

  const sendAgain = detail.getByRole("button", { name: "Send again" });
  await sendAgain.focus();
  await page.keyboard.press("Enter");
  await expect(detail).toContainText(/Sent .* to sales@example\.com\. Message-ID </, { timeout: 30_000 });
  await expect(row(page, ASHA_PATEL.subject)).toContainText("E-mail: sent");
  const delivered = smtp.received.filter((m) => m.headers.subject === ASHA_PATEL.subject);
  expect(delivered).toHaveLength(1);
  expect(delivered[0]?.headers["reply-to"]).toBe(ASHA_PATEL.email);
  await expect(detail.getByRole("button", { name: "Send again" })).toHaveCount(0);
  // Escape closes the inbox.
  await page.keyboard.press("Escape");
  await expect(inbox(page)).toBeHidden();
  expect(smtp.received.filter((m) => m.headers.subject === ASHA_PATEL.subject)).toHaveLength(1);
});

test("status, assignment and a note saved by the publisher are seen by a second account; hers reach him live; spam leaves the count", async ({ browser }) => {
  expect(studioCli("user", "update", EDITOR.email, "--enquiries", "yes")).toContain("who answers the enquiries");
  const ravi = await signIn(browser, PUBLISHER);
  await inboxButton(ravi).click();
  await row(ravi, ASHA_PATEL.subject).click();
  const detail = inbox(ravi).getByRole("article");
  await detail.getByLabel("Status").selectOption({ label: "In progress" });
  await detail.getByLabel("Assigned to").selectOption({ label: EDITOR.name });
  await detail.getByLabel("Add a note").fill("Called her back: she wants a quote by Monday.");
  await detail.getByRole("button", { name: "Save" }).click();
  await expect(detail.getByRole("status")).toHaveText("Saved.");
  await expect(detail.getByRole("list")).toContainText("Called her back: she wants a quote by Monday.");
  await expect(row(ravi, ASHA_PATEL.subject)).toContainText("In progress");
  await expect(inboxButton(ravi)).toHaveText(/Enquiries\s*1 new/);

  // A second account, on a phone-sized screen.
  const asha = await signIn(browser, EDITOR, { width: 375, height: 812 });
  await expect(inboxButton(asha)).toHaveText(/Enquiries\s*1 new/);
  await asha.screenshot({ path: join(SHOTS, "inbox-header-375.png") });
  await inboxButton(asha).click();
  await expect(row(asha, ASHA_PATEL.subject)).toContainText("In progress");
  await expect(row(asha, ASHA_PATEL.subject)).toContainText(EDITOR.name);
  await row(asha, ASHA_PATEL.subject).click();
  const hers = inbox(asha).getByRole("article");
  await expect(hers.getByLabel("Status")).toHaveValue("in progress");
  await expect(hers.getByLabel("Assigned to")).toHaveValue(EDITOR.email);
  await expect(hers.getByRole("list")).toContainText(`${PUBLISHER.name}, `);
  await expect(hers.getByRole("list")).toContainText("Called her back: she wants a quote by Monday.");
  await expectNoAxeViolations(asha);
  await asha.screenshot({ path: join(SHOTS, "inbox-375.png") });
  // The narrowest screen the studio is made for, with the exports and a person's data open too.
  await asha.setViewportSize({ width: 320, height: 700 });
  await inbox(asha).getByText("Export and people's data").click();
  await expect(inbox(asha).getByRole("link", { name: "Export all as CSV" })).toBeVisible();
  // Nothing wider than the screen: no sideways scrolling.
  const overflowing = await inbox(asha).evaluate((dialog) => {
    const right = dialog.getBoundingClientRect().right;
    return [...dialog.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > right + 0.5)
      .map((el) => `${el.tagName.toLowerCase()} ${el.textContent?.slice(0, 40)} (${Math.round(el.getBoundingClientRect().right)} > ${Math.round(right)})`);
  });
  expect(overflowing).toEqual([]);
  await expectNoAxeViolations(asha);
  await asha.screenshot({ path: join(SHOTS, "inbox-320-rights.png") });
  await inbox(asha).evaluate((el) => el.scrollTo(0, 0));
  await asha.screenshot({ path: join(SHOTS, "inbox-320.png") });
  await asha.setViewportSize({ width: 375, height: 812 });

  // Her note reaches his open inbox without a reload.
  await hers.getByLabel("Add a note").fill("Quote sent.");
  await hers.getByRole("button", { name: "Save" }).click();
  await expect(hers.getByRole("status")).toHaveText("Saved.");
  await expect(detail.getByRole("list")).toContainText("Quote sent.", { timeout: 15_000 });
  await expect(detail.getByRole("list")).toContainText(`${EDITOR.name}, `);

  // Mark as spam: out of the list and the count, listed under spam.
  await row(asha, VIKRAM.subject).click();
  await hers.getByRole("button", { name: "Mark as spam" }).click();
  await expect(row(asha, VIKRAM.subject)).toHaveCount(0);
  await expect(inboxButton(ravi)).toHaveText(/^Enquiries$/, { timeout: 15_000 });
  await inbox(asha).getByLabel("Show").selectOption({ label: "Spam (1)" });
  await expect(row(asha, VIKRAM.subject)).toBeVisible();

  // Taken back: no button after a reload, and 403.
  expect(studioCli("user", "update", EDITOR.email, "--enquiries", "no")).toContain("who does not see the enquiries");
  await asha.reload();
  await expect(asha.getByRole("button", { name: "Saved" })).toBeVisible({ timeout: 30_000 });
  await expect(inboxButton(asha)).toHaveCount(0);
  expect((await asha.request.get("/__edit/api/enquiries")).status()).toBe(403);
});

test("the publisher exports every enquiry and one person's, then deletes that person's on request: the files hold what they say, and each step is logged", async ({
  browser,
}) => {
  const page = await signIn(browser, PUBLISHER);
  await inboxButton(page).click();
  await inbox(page).getByText("Export and people's data").click();
  const download = async (name: string) => {
    const [file] = await Promise.all([page.waitForEvent("download"), inbox(page).getByRole("link", { name }).click()]);
    return { name: file.suggestedFilename(), text: readFileSync(await file.path(), "utf8") };
  };

  // Every enquiry, spam too: one CSV row each, with what the team added.
  const csv = await download("Export all as CSV");
  expect(csv.name).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  const [titles, ...rows] = parseCsv(csv.text);
  expect(rows).toHaveLength(2);
  const cells = (subject: string) => Object.fromEntries(titles!.map((title, i) => [title, rows.find((r) => r.includes(subject))?.[i]]));
  expect(cells(ASHA_PATEL.subject)).toMatchObject({ Name: ASHA_PATEL.name, "E-mail": ASHA_PATEL.email, Status: "in progress", "Assigned to": EDITOR.name });
  expect(cells(ASHA_PATEL.subject).Message).toMatch(/^We grow tea in Munnar and want to sell online\.\r?\nCan you call us\?$/);
  expect(cells(ASHA_PATEL.subject).Notes).toMatch(/Ravi Kumar: Called her back: she wants a quote by Monday\.\n.*Asha Rao: Quote sent\.$/);
  expect(cells(VIKRAM.subject)).toMatchObject({ Name: VIKRAM.name, Phone: `'${VIKRAM.phone}`, Status: "spam", Delivery: expect.stringMatching(/^sent /) });
  const all = JSON.parse((await download("Export all as JSON")).text) as { exportedBy: string; count: number; enquiries: { email: string }[] };
  expect(all.exportedBy).toBe(PUBLISHER.email);
  expect(all.enquiries.map((e) => e.email).sort()).toEqual([ASHA_PATEL.email, VIKRAM.email]);

  // One person's: found by address, only theirs exported.
  await inbox(page).getByLabel("A person's e-mail address").fill(VIKRAM.email);
  await inbox(page).getByRole("button", { name: "Find their enquiries" }).click();
  await expect(inbox(page)).toContainText(`1 enquiry from ${VIKRAM.email}:`);
  const theirs = await download("Export theirs as JSON");
  expect(theirs.name).toMatch(/^enquiries-of-.*vikram.*\.json$/);
  const json = JSON.parse(theirs.text) as {
    count: number;
    enquiries: { id: string; name: string; email: string; phone: string; subject: string; message: string }[];
  };
  expect(json.count).toBe(1);
  expect(json.enquiries).toEqual([expect.objectContaining({ ...VIKRAM, message: "Twelve stores, one app." })]);

  // Deleted on request, after a confirmation that says how many: the files go from the outbox.
  const filesOf = (who: string) =>
    (["new", "sent", "dead", "spam"] as const).flatMap((folder) =>
      listOutbox(E2E_INBOX_OUTBOX, folder).filter((f) => readFileSync(join(E2E_INBOX_OUTBOX, folder, f), "utf8").includes(who)),
    );
  const hisId = json.enquiries[0]!.id;
  const everyFile = () => (["tmp", "new", "sent", "dead", "spam", "state"] as const).flatMap((folder) => listOutbox(E2E_INBOX_OUTBOX, folder));
  expect(filesOf(VIKRAM.email)).toEqual([hisId]);
  await inbox(page).getByRole("button", { name: "Delete theirs…" }).click();
  await expect(inbox(page).getByText(`Delete the 1 enquiry of ${VIKRAM.email} for good, with their notes? This cannot be undone.`)).toBeFocused();
  await expectNoAxeViolations(page);
  await inbox(page).getByRole("button", { name: "Delete 1 enquiry for good" }).click();
  await expect(inbox(page).getByText(`Deleted 1 enquiry of ${VIKRAM.email}.`)).toBeVisible();
  expect(filesOf(VIKRAM.email)).toEqual([]);
  expect(everyFile().filter((f) => f.startsWith(hisId))).toEqual([]);
  expect(filesOf(ASHA_PATEL.email)).toHaveLength(1);
  await inbox(page).getByLabel("Show").selectOption({ label: "Spam (0)" });
  await expect(inbox(page).getByRole("status").first()).toHaveText("No enquiry found.");

  // Who saw and exported what, and the deletion, are in the studio's activity log (the person by a key, not their address).
  const log = readFileSync(join(studioBase, "data", "activity.log"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { who: string; what: string; time: string });
  const mine = log.filter((e) => e.who === PUBLISHER.email).map((e) => e.what);
  expect(mine).toEqual(expect.arrayContaining(["enquiry.view", "enquiry.change", "enquiry.resend", "enquiries.export", "enquiries.person", "enquiries.erase"]));
  expect(log.filter((e) => e.who === EDITOR.email).map((e) => e.what)).toContain("enquiry.view");
  expect(log.filter((e) => e.what === "enquiries.erase").map((e) => JSON.stringify(e))).not.toContainEqual(expect.stringContaining(VIKRAM.email));
});
