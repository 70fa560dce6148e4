/**
 * The studio as an attacker meets it: nothing answers without a session but the sign-in page and
 * its stylesheet; failed sign-ins are limited per account and per address; writes from another
 * site change nothing; the session cookie's flags; no start without an account; the accounts kept
 * out of site-config/ and public/. A real studio (npm run studio's script) on a copy of the project.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EDITOR, PUBLISHER, type StudioFixture, studioFixture } from "../helpers/studio-sandbox";
import { loadStudioConfig } from "../../studio/config";

let studio: StudioFixture;
const port = 4700 + (process.pid % 200);

beforeAll(async () => {
  studio = await studioFixture({ port, name: "studio-security" });
  await studio.start();
}, 180_000);
afterAll(async () => {
  await studio?.stop();
  studio?.remove();
});

const own = () => ({ origin: studio.url });
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Signs in; the session cookie. */
async function signIn(who: { email: string; password: string }, headers: Record<string, string> = own()): Promise<string> {
  const res = await fetch(`${studio.url}/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: form({ email: who.email, password: who.password, next: "/__edit" }),
  });
  expect(res.status).toBe(303);
  const cookie = res.headers.get("set-cookie") ?? "";
  expect(cookie).toContain("studio_session=");
  return cookie.split(";")[0] as string;
}

describe("without a session", () => {
  test.each(["/__edit", "/__edit/canvas", "/", "/media/hero-poster.webp", "/about-us"])("%s sends the browser to the sign-in page", async (path) => {
    const res = await fetch(`${studio.url}${path}`, { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/sign-in\?next=/);
  });
  test.each([
    "/__edit/api/state",
    "/__edit/api/file?path=site-config/pages/home.json",
    "/__edit/api/studio",
    "/__edit/api/events",
    "/__edit/api/changes",
    "/assets/img/x.0123456789.640.avif",
  ])("%s answers 401 or sends to sign in, and shows nothing", async (path) => {
    const res = await fetch(`${studio.url}${path}`, { redirect: "manual" });
    expect([401, 303]).toContain(res.status);
    expect(await res.text()).not.toContain("Vistaar");
  });
  test("a write answers 401 (or 403 from another site), and nothing is written", async () => {
    const head = execFileSync("git", ["rev-parse", "drafts"], { cwd: join(studio.data, "repo"), encoding: "utf8" });
    const res = await fetch(`${studio.url}/__edit/api/save`, {
      method: "POST",
      headers: { ...own(), "x-site-editor": "1", "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(401);
    expect(execFileSync("git", ["rev-parse", "drafts"], { cwd: join(studio.data, "repo"), encoding: "utf8" })).toBe(head);
  });
  test("the sign-in page and its stylesheet do answer, with the security headers", async () => {
    const page = await fetch(`${studio.url}/sign-in`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect((await fetch(`${studio.url}/studio-assets/sign-in.css`)).status).toBe(200);
  });
});

describe("signing in", () => {
  test("the session cookie is HttpOnly, SameSite=Strict, for the whole studio, and expires", async () => {
    const res = await fetch(`${studio.url}/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", ...own() },
      body: form({ email: EDITOR.email, password: EDITOR.password }),
    });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Expires=/);
    expect(cookie).not.toMatch(/Secure/);
  });
  test("wrong passwords: after 5 for one account, even the right one waits (429, Retry-After)", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${studio.url}/sign-in`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", ...own() },
        body: form({ email: PUBLISHER.email, password: `wrong password ${i}` }),
      });
      expect(res.status).toBe(401);
      expect(await res.text()).toContain("do not match an account");
    }
    const locked = await fetch(`${studio.url}/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", ...own() },
      body: form({ email: PUBLISHER.email, password: PUBLISHER.password }),
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await locked.text()).toContain("Too many failed sign-ins");
  });
  test("wrong passwords slow the next try down, doubling, rather than lock the account: the right one gets in after the wait", async () => {
    const attempt = (password: string) =>
      fetch(`${studio.url}/sign-in`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", ...own() },
        body: form({ email: EDITOR.email, password }),
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong password ${i}`)).status).toBe(401);
    const first = await attempt(EDITOR.password);
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("1");
    expect(await first.text()).toContain("wait 1 second, then try again");
    await new Promise((r) => setTimeout(r, 1100));
    expect((await attempt("wrong password 6")).status).toBe(401);
    const second = await attempt(EDITOR.password);
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("2");
    // Another account from the same address is not held up.
    const other = await fetch(`${studio.url}/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", ...own() },
      body: form({ email: PUBLISHER.email.replace("ravi", "nobody"), password: "not the one at all" }),
    });
    expect(other.status).toBe(401);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await attempt(EDITOR.password)).status).toBe(303);
  });
  test("a sign-in posted from another site is refused", async () => {
    const res = await fetch(`${studio.url}/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://evil.example" },
      body: form({ email: EDITOR.email, password: EDITOR.password }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});

describe("signed in", () => {
  test("a cross-site form post and a cross-site fetch change nothing, even with the cookie", async () => {
    const cookie = await signIn(EDITOR);
    const clone = join(studio.data, "repo");
    const head = execFileSync("git", ["rev-parse", "drafts"], { cwd: clone, encoding: "utf8" });
    const file = (await (await fetch(`${studio.url}/__edit/api/file?path=site-config/pages/home.json`, { headers: { cookie } })).json()) as {
      hash: string;
      value: { title: string };
    };
    const value = { ...file.value, title: "Hijacked title for a test" };
    const attempts: Record<string, string>[] = [
      // A form another site posts (text/plain, no builder header): Origin is the other site's.
      { origin: "http://evil.example", "content-type": "text/plain" },
      // A fetch from another site with the builder's header (it would need a CORS preflight the studio never grants).
      { origin: "http://evil.example", "content-type": "application/json", "x-site-editor": "1" },
      // No Origin at all.
      { "content-type": "application/json", "x-site-editor": "1" },
      // The studio's Origin but without the builder's header.
      { ...own(), "content-type": "application/json" },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${studio.url}/__edit/api/save`, {
        method: "POST",
        headers: { cookie, ...headers },
        body: JSON.stringify({ path: "site-config/pages/home.json", value, hash: file.hash }),
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect(execFileSync("git", ["rev-parse", "drafts"], { cwd: clone, encoding: "utf8" })).toBe(head);
    const signOut = await fetch(`${studio.url}/sign-out`, { method: "POST", redirect: "manual", headers: { cookie, origin: "http://evil.example" } });
    expect(signOut.status).toBe(403);
    expect((await fetch(`${studio.url}/__edit/api/studio`, { headers: { cookie } })).status).toBe(200);
  });
  test("an editor cannot publish or restore (403); signing out ends the session", async () => {
    const cookie = await signIn(EDITOR);
    const headers = { cookie, ...own(), "x-site-editor": "1", "content-type": "application/json" };
    expect((await fetch(`${studio.url}/__edit/api/studio/publish`, { method: "POST", headers, body: "{}" })).status).toBe(403);
    expect(
      (
        await fetch(`${studio.url}/__edit/api/studio/restore`, {
          method: "POST",
          headers,
          body: JSON.stringify({ path: "site-config/pages/home.json", commit: "0".repeat(40) }),
        })
      ).status,
    ).toBe(403);
    expect((await fetch(`${studio.url}/sign-out`, { method: "POST", redirect: "manual", headers: { cookie, ...own() } })).status).toBe(303);
    expect((await fetch(`${studio.url}/__edit/api/state`, { headers: { cookie } })).status).toBe(401);
  });
});

describe("starting and settings", () => {
  test("the studio refuses to start with no account, and says how to add one", () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      STUDIO_DATA: join(studio.project, "..", "empty-data"),
      STUDIO_REMOTE: studio.remote,
      STUDIO_PORT: String(port + 1),
    };
    const run = spawnSync(process.execPath, ["--import", "tsx", join(studio.project, "studio", "cli.ts")], {
      cwd: studio.project,
      env,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("has no account yet");
    expect(run.stderr).toContain("npm run studio -- user add you@example.com");
  });
  test("the accounts are never under site-config/ or public/: such a STUDIO_DATA is refused", () => {
    for (const inside of ["site-config/studio", "public/studio", "site-config"])
      expect(() => loadStudioConfig({ STUDIO_REMOTE: "x", STUDIO_DATA: inside }, studio.project)).toThrow(/must not be inside/);
    const accounts = readFileSync(join(studio.data, "accounts.json"), "utf8");
    expect(accounts).not.toContain(EDITOR.password);
    expect(join(studio.data, "accounts.json")).not.toMatch(/site-config|public/);
  });
  test("behind a TLS proxy the cookie is Secure", async () => {
    const other = await studioFixture({ port: port + 2, name: "studio-tls", env: { STUDIO_ORIGIN: "https://studio.example.test", TRUST_PROXY: "127.0.0.1" } });
    await other.start();
    try {
      const res = await fetch(`${other.url}/sign-in`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://studio.example.test", "x-forwarded-proto": "https" },
        body: form({ email: EDITOR.email, password: EDITOR.password }),
      });
      expect(res.status).toBe(303);
      expect(res.headers.get("set-cookie")).toMatch(/Secure/);
      expect(res.headers.get("strict-transport-security")).toContain("max-age=");
      // The proxy not saying https: no silent loop, the page says why.
      const plain = await fetch(`${other.url}/sign-in`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://studio.example.test" },
        body: form({ email: EDITOR.email, password: EDITOR.password }),
      });
      expect(plain.status).toBe(400);
      expect(await plain.text()).toContain("this request came over plain HTTP, so signing in cannot work");
    } finally {
      await other.stop();
      other.remove();
    }
  }, 180_000);
});
