/**
 * Passkeys in the studio (issue 50), in Chromium with a virtual authenticator (the DevTools
 * protocol's WebAuthn domain, the way Chrome's own WebAuthn tests run): add a passkey on "Your
 * sign-in", sign out, sign in with the passkey alone, remove it (then it signs in no more, in
 * words); a passkey made at another address (the same studio opened as other.localhost, another
 * relying party) is refused. The new pages are axe-clean at 375 and 1280 pixels; screenshots go to
 * shots/. A studio of its own, opened at http://localhost:<port>: WebAuthn takes a name as its
 * relying party, never an IP address (the shared studio of the other tests is opened at 127.0.0.1).
 */
import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page, request, test } from "@playwright/test";
import { EDITOR, PUBLISHER, type StudioFixture, studioFixture } from "../helpers/studio-sandbox";

const port = Number(process.env.E2E_PORT ?? 4173) + 450;
const studio = `http://localhost:${port}`;
const SHOTS = "shots";

let fixture: StudioFixture;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  fixture = await studioFixture({ port, name: "studio-passkeys", env: { STUDIO_ORIGIN: studio } });
  await fixture.start();
});
test.afterAll(async () => {
  await fixture?.stop();
  fixture?.remove();
});
test.use({ baseURL: studio });

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );

/** A virtual authenticator in this browser: a platform one that holds passkeys and checks its user (as a fingerprint reader does). */
async function authenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signInWithPassword(page: Page, who: { email: string; password: string }, next = "/account") {
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel("E-mail address").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Screenshots at a phone's and a laptop's width, each checked with axe. */
async function shootAndCheck(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    expect(await axe(page), `${name} at ${width} px`).toEqual([]);
  }
}

test("a passkey: added, then signing in alone, then removed; the pages are axe-clean", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { cdp, authenticatorId } = await authenticator(context, page);
  await signInWithPassword(page, EDITOR);
  await expect(page.getByRole("heading", { name: "Your sign-in" })).toBeVisible();
  await expect(page.getByText("You have no passkey yet.")).toBeVisible();

  await page.getByLabel("Name of the new passkey").fill("Work laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status")).toHaveText("Your passkey was added. Your other sessions were ended.");
  await expect(page.getByText("Work laptop", { exact: true })).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.rpId).toBe("localhost");
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // Renamed with the keyboard's Enter, as a form.
  await page.getByLabel("New name for Work laptop").fill("Laptop (office)");
  await page.getByLabel("New name for Work laptop").press("Enter");
  await expect(page.getByRole("status")).toHaveText("The passkey's name was changed.");
  await shootAndCheck(page, "account-passkeys");

  // Signed out, then in with the passkey alone: no e-mail address, no password.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/__edit$/);
  await expect(page.getByRole("link", { name: "Your sign-in" })).toBeVisible({ timeout: 30_000 });
  await page.goto("/account");
  await expect(page.getByText(/last used \d/)).toBeVisible();

  // Removed: the browser still holds it, the studio no longer takes it, and says so.
  await page.getByRole("button", { name: "Remove Laptop (office)" }).click();
  await expect(page.getByRole("status")).toHaveText("The passkey was removed. Your other sessions were ended.");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toHaveText("This passkey is not one of this studio's accounts' (it may have been removed): sign in another way.");
  await expect(page).toHaveURL(/\/sign-in$/);
  await context.close();
});

test("a passkey made at another address is refused: the studio's answer checks the origin", async ({ browser }) => {
  // The studio, signed in as Ravi, asked for a passkey's options as its own page would.
  const api = await request.newContext({ baseURL: studio, extraHTTPHeaders: { origin: studio } });
  const signIn = await api.post("/sign-in", { form: { email: PUBLISHER.email, password: PUBLISHER.password, next: "/account" }, maxRedirects: 0 });
  expect(signIn.status()).toBe(303);
  const { options } = (await (await api.post("/account/passkeys/options", { data: {} })).json()) as {
    options: { challenge: string; user: { id: string; name: string; displayName: string }; pubKeyCredParams: { type: "public-key"; alg: number }[] };
  };

  // The same studio opened at another address (other.localhost): a page there makes a passkey with those options, for its own relying party.
  const context = await browser.newContext();
  const page = await context.newPage();
  await authenticator(context, page);
  await page.goto(`http://other.localhost:${port}/sign-in`);
  const response = await page.evaluate(async (o) => {
    const bytes = (b64: string) => Uint8Array.from(atob(b64.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const text = (buf: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buf)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    const made = (await navigator.credentials.create({
      publicKey: {
        challenge: bytes(o.challenge),
        rp: { id: "other.localhost", name: "Studio" },
        user: { id: bytes(o.user.id), name: o.user.name, displayName: o.user.displayName },
        pubKeyCredParams: o.pubKeyCredParams,
        authenticatorSelection: { residentKey: "required" },
      },
    })) as PublicKeyCredential;
    const r = made.response as AuthenticatorAttestationResponse;
    return {
      id: made.id,
      rawId: text(made.rawId),
      type: "public-key",
      response: { clientDataJSON: text(r.clientDataJSON), attestationObject: text(r.attestationObject), transports: r.getTransports() },
      clientExtensionResults: {},
    };
  }, options);
  const refused = await api.post("/account/passkeys", { data: { name: "Phishing page", response } });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: string }).error).toMatch(
    /^The passkey was not added: It (was made for another site or address|belongs to another site) than this studio/,
  );
  const account = await (await api.get("/account")).text();
  expect(account).toContain("You have no passkey yet.");
  await context.close();
  await api.dispose();
});

test("the second step and the two-step setup pages are axe-clean at both widths", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithPassword(page, PUBLISHER);
  await page.goto("/account/two-step");
  await expect(page.getByRole("img", { name: "QR code of your two-step secret" })).toBeVisible();
  await shootAndCheck(page, "two-step-setup");
  await page.goto("/account");
  await shootAndCheck(page, "account-sessions");
  await context.close();
});
