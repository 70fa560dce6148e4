/**
 * Two-step codes and sessions (issue 50), against a real studio (npm run studio's script, on a copy
 * of the project) and a real clock: the codes are made by otpauth here from the secret the setup page
 * shows, as a phone's app makes them. Setup confirmed by a first code, sign-in with a code, a code
 * used twice refused, a recovery code used once, the policy sending a publisher without a factor to
 * set one up; "Where you're signed in": ending another session makes its cookie answer 401 at once,
 * a password change ends the others; user reset clears the factors and says so.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EDITOR, PUBLISHER, type StudioFixture, studioFixture } from "../helpers/studio-sandbox";

let studio: StudioFixture;
const port = 11500 + (process.pid % 100);

beforeAll(async () => {
  studio = await studioFixture({ port, name: "studio-factors", env: { STUDIO_REQUIRE_SECOND_FACTOR: "publishers" } });
  await studio.start();
}, 180_000);
afterAll(async () => {
  await studio?.stop();
  studio?.remove();
}, 60_000);

/** A browser, as far as the studio can tell: a cookie, a User-Agent, the studio's Origin on posts. */
class Browser {
  cookie = "";
  constructor(readonly agent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36") {}

  async get(path: string) {
    const res = await fetch(`${studio.url}${path}`, { redirect: "manual", headers: { cookie: this.cookie, "user-agent": this.agent } });
    this.keep(res);
    return { status: res.status, location: res.headers.get("location") ?? "", text: await res.text() };
  }

  async post(path: string, form: Record<string, string> = {}) {
    const res = await fetch(`${studio.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: this.cookie, origin: studio.url, "user-agent": this.agent, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });
    this.keep(res);
    return { status: res.status, location: res.headers.get("location") ?? "", text: await res.text() };
  }

  private keep(res: Response) {
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    if (cookie.startsWith("studio_session=")) this.cookie = cookie;
  }

  /** The builder's API as the builder asks it. */
  api(path: string) {
    return fetch(`${studio.url}/__edit/api${path}`, { headers: { cookie: this.cookie, "x-site-editor": "1" } }).then(async (r) => {
      // Read to the end: an answer left unread keeps its connection busy, and the studio's stop waits for it.
      await r.arrayBuffer();
      return r.status;
    });
  }
}

/** The message the page shows (role alert or status), as text. */
const message = (page: string) => /role="(?:alert|status)"[^>]*>([^<]+)</.exec(page)?.[1]?.replace(/&#39;/g, "'").replace(/&#34;/g, '"') ?? "";

const codeAt = (secret: string, timestamp = Date.now()) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp });

async function signIn(who: { email: string; password: string }, browser = new Browser()) {
  const res = await browser.post("/sign-in", { email: who.email, password: who.password, next: "/__edit" });
  return { browser, res };
}

/** `npm run studio -- <args>` against the running studio. */
function cli(args: string[], input = "") {
  const env: NodeJS.ProcessEnv = { ...process.env, STUDIO_DATA: studio.data, STUDIO_REMOTE: studio.remote, STUDIO_PORT: String(port) };
  delete env.SITE_ROOT;
  const run = spawnSync(process.execPath, ["--import", "tsx", join(studio.project, "studio", "cli.ts"), ...args], {
    cwd: studio.project,
    env,
    input,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

let secret = "";
let recovery: string[] = [];
/** When the setup's first code was made: its step is the one spent by the setup. */
let setupAt = 0;

describe("two-step codes", () => {
  test("the policy sends a publisher without a second factor to set one up, before anything else", async () => {
    const { browser, res } = await signIn(PUBLISHER);
    expect(res.status).toBe(303);
    const builder = await browser.get("/__edit");
    expect(builder.status).toBe(303);
    expect(builder.location).toBe("/account?setup=1");
    expect(await browser.api("/state")).toBe(403);
    const account = await browser.get("/account?setup=1");
    expect(account.status).toBe(200);
    expect(account.text).toContain("This studio asks publishers for a second factor: add a passkey or set up two-step codes before you go on.");
    // An editor is not asked (the policy is for publishers).
    const editor = (await signIn(EDITOR)).browser;
    expect((await editor.get("/__edit")).status).toBe(200);
  });

  test("setup: a QR code and the text secret; a wrong first code is refused in words, the right one turns it on and shows ten recovery codes once", async () => {
    const { browser } = await signIn(PUBLISHER);
    const setup = await browser.get("/account/two-step");
    expect(setup.status).toBe(200);
    expect(setup.text).toMatch(/<svg [^>]*role="img" aria-label="QR code of your two-step secret"/);
    expect(setup.text).toMatch(/otpauth:\/\/totp\/[^<]*secret=/);
    secret = (/<code data-secret>([A-Z2-7 ]+)<\/code>/.exec(setup.text)?.[1] ?? "").replace(/ /g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const wrong = await browser.post("/account/two-step", { code: codeAt(secret, Date.now() - 10 * 60_000) });
    expect(wrong.status).toBe(400);
    expect(message(wrong.text)).toContain("That code is not the one the app shows for this secret");
    setupAt = Date.now();
    const right = await browser.post("/account/two-step", { code: codeAt(secret, setupAt) });
    expect(right.status).toBe(200);
    recovery = [...right.text.matchAll(/<li><code>([a-z0-9]{5}-[a-z0-9]{5})<\/code><\/li>/g)].map((m) => m[1] as string);
    expect(recovery).toHaveLength(10);
    expect(right.text).toContain("They are shown only now");
    // Stored hashed: neither the codes nor anything else readable of them is in the accounts file.
    const { readFileSync } = await import("node:fs");
    const stored = readFileSync(join(studio.data, "accounts.json"), "utf8");
    for (const code of recovery) expect(stored).not.toContain(code.replace("-", ""));
    // Now the publisher goes on to the builder.
    expect((await browser.get("/__edit")).status).toBe(200);
  });

  test("sign-in: the password, then a code; the same code again is refused; the next one works", async () => {
    const { browser, res } = await signIn(PUBLISHER);
    expect(res.location).toBe("/sign-in/second-step?next=%2F__edit");
    // Password alone is not a session yet.
    expect(await browser.api("/state")).toBe(401);
    const page = await browser.get(res.location);
    expect(page.text).toContain("Your password is right, Ravi Kumar. Now enter a code.");
    // The code the setup used is spent already (asked for by its time: a new step may have begun since);
    // the next step's code (the one the app shows next) works.
    const spent = await browser.post("/sign-in/second-step", { code: codeAt(secret, setupAt), next: "/__edit" });
    expect(spent.status).toBe(401);
    expect(message(spent.text)).toBe("That code was already used: wait for the next one your app shows.");
    const next = codeAt(secret, Date.now() + 30_000);
    const ok = await browser.post("/sign-in/second-step", { code: next, next: "/__edit" });
    expect(ok.status).toBe(303);
    expect(ok.location).toBe("/__edit");
    expect(await browser.api("/state")).toBe(200);
    // Replayed in another browser (someone who saw it typed), the same code is refused.
    const other = (await signIn(PUBLISHER)).browser;
    const replay = await other.post("/sign-in/second-step", { code: next, next: "/__edit" });
    expect(replay.status).toBe(401);
    expect(message(replay.text)).toBe("That code was already used: wait for the next one your app shows.");
    const wrong = await other.post("/sign-in/second-step", { code: "000000", next: "/__edit" });
    expect(message(wrong.text)).toBe("That code is not the one your app shows now: check the account in the app and try again.");
    expect(studio.output()).toContain("Studio: a failed second step for ravi@example.com from 127.0.0.1: That code was already used");
  });

  test("a recovery code signs in once, and is refused the second time", async () => {
    const first = (await signIn(PUBLISHER)).browser;
    const used = await first.post("/sign-in/second-step", { code: recovery[0] as string, next: "/__edit" });
    expect(used.status).toBe(303);
    expect(await first.api("/state")).toBe(200);
    const second = (await signIn(PUBLISHER)).browser;
    const again = await second.post("/sign-in/second-step", { code: recovery[0] as string, next: "/__edit" });
    expect(again.status).toBe(401);
    expect(message(again.text)).toBe("That is not one of your recovery codes, or it was used already (each works once).");
    expect(await second.api("/state")).toBe(401);
    expect((await first.get("/account")).text).toContain("9 recovery codes left");
  });
});

describe("where you're signed in", () => {
  test("ending another session makes its cookie answer 401 at once; the list names browser and address", async () => {
    const laptop = (await signIn(EDITOR, new Browser())).browser;
    const phone = (
      await signIn(EDITOR, new Browser("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1"))
    ).browser;
    expect(await phone.api("/state")).toBe(200);
    const page = (await laptop.get("/account")).text;
    expect(page).toContain("Where you're signed in");
    expect(page).toContain("Chrome on Linux");
    expect(page).toContain("Safari on iPhone or iPad");
    expect(page).toContain("<strong>This browser</strong>");
    const phoneRow = /<tr>(?:(?!<\/tr>)[\s\S])*Safari on iPhone or iPad(?:(?!<\/tr>)[\s\S])*<\/tr>/.exec(page)?.[0] ?? "";
    const action = /action="(\/account\/sessions\/[\w-]+\/end)"/.exec(phoneRow)?.[1] ?? "";
    expect(action).not.toBe("");
    const ended = await laptop.post(action);
    expect(ended.location).toBe("/account?done=ended");
    expect(await phone.api("/state")).toBe(401);
    expect(await laptop.api("/state")).toBe(200);
  });

  test("an editor cannot end someone else's session; a publisher can end anyone's", async () => {
    const asha = (await signIn(EDITOR)).browser;
    const ravi = (await signIn(PUBLISHER)).browser;
    expect((await ravi.post("/sign-in/second-step", { code: recovery[1] as string, next: "/__edit" })).status).toBe(303);
    const everyone = (await ravi.get("/account")).text;
    expect(everyone).toContain("Everyone's sessions");
    const ashaKeys = [...everyone.matchAll(/<td>asha@example\.com<\/td>(?:(?!<\/tr>)[\s\S])*action="(\/account\/sessions\/[\w-]+\/end)"/g)].map(
      (m) => m[1] as string,
    );
    expect(ashaKeys.length).toBeGreaterThan(0);
    const raviKey = /action="(\/account\/sessions\/[\w-]+\/end)"/.exec((await ravi.get("/account")).text.split("Everyone's sessions")[0] ?? "")?.[1];
    if (raviKey) {
      const refused = await asha.post(raviKey);
      expect(refused.status).toBe(403);
      expect(message(refused.text)).toBe("Only a publisher can end someone else's session.");
    }
    for (const key of ashaKeys) await ravi.post(key);
    expect(await asha.api("/state")).toBe(401);
    expect(await ravi.api("/state")).toBe(200);
  });

  test("a password change ends the other sessions, not this one; a wrong current password changes nothing", async () => {
    const a = (await signIn(EDITOR)).browser;
    const b = (await signIn(EDITOR)).browser;
    const wrong = await a.post("/account/password", { current: "not the password", password: "a brand new long password" });
    expect(wrong.status).toBe(400);
    expect(message(wrong.text)).toBe("The current password is not right: the password was not changed.");
    expect(await b.api("/state")).toBe(200);
    const changed = await a.post("/account/password", { current: EDITOR.password, password: "a brand new long password" });
    expect(changed.location).toBe("/account?done=password");
    expect(await b.api("/state")).toBe(401);
    expect(await a.api("/state")).toBe(200);
    expect(message((await a.get("/account?done=password")).text)).toBe("Your password was changed. Your other sessions were ended.");
    const back = await a.post("/account/password", { current: "a brand new long password", password: EDITOR.password });
    expect(back.location).toBe("/account?done=password");
  });

  test("user reset on the running studio clears the second factors, says so, and ends the sessions", async () => {
    const reset = cli(["user", "reset", PUBLISHER.email, "--password-stdin"], `${PUBLISHER.password}\n`);
    expect(reset.status, reset.out).toBe(0);
    expect(reset.out).toContain("Second factors removed: two-step codes; they can set them up again once signed in.");
    const { browser, res } = await signIn(PUBLISHER);
    expect(res.location).toBe("/__edit");
    // The policy asks again.
    expect((await browser.get("/__edit")).location).toBe("/account?setup=1");
  });
});
