// @vitest-environment node
/**
 * The studio behind the nginx server block `npm run studio -- nginx` prints (studio/nginx.ts),
 * under a real nginx with TLS (a self-signed certificate made by openssl): sign-in through it gives
 * a Secure cookie, the live events arrive unbuffered, a picture at the upload limit gets through to
 * the studio (which answers it, not nginx), a larger body gets the studio's own words, plain HTTP
 * only redirects to the studio's own address, eight builder tabs of one browser all open and save
 * (HTTP/2), only forward-secret suites are offered, and nginx's own answers carry the security
 * headers; preview links get their own name, passed to the previews' server, not the studio.
 * Skipped, with a message, on a machine without nginx or openssl.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium";
import { UPLOAD_LIMIT } from "../../builder/server/media";
import { studioNginx, TLS12_CIPHERS } from "../../studio/nginx";
import { EDITOR, type StudioFixture, studioFixture } from "../helpers/studio-sandbox";
import { freePort, NGINX, type RunningNginx, startNginx } from "../helpers/nginx";

const ready = existsSync(NGINX) && existsSync("/usr/bin/openssl");
if (!ready) console.warn("tests/studio/nginx.test.ts skipped: it needs nginx (apt-get install nginx-light) and openssl.");

interface Answer {
  status: number;
  headers: IncomingMessage["headers"];
  body: string;
}

describe.skipIf(!ready)("the studio behind nginx with TLS", () => {
  let studio: StudioFixture;
  let nginx: RunningNginx | undefined;
  let https = 0;
  let http = 0;
  let origin = "";
  const NAME = "studio.test";
  const PREVIEWS = "preview.test";

  /** A request to nginx over TLS, as a browser at the studio's address sends it. */
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string, name = NAME): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = httpsRequest(
        { host: "127.0.0.1", port: https, servername: name, method, path, rejectUnauthorized: false, headers: { host: `${name}:${https}`, ...headers } },
        (res) => {
          let text = "";
          res.on("data", (d: Buffer) => (text += d.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });

  async function signIn(): Promise<string> {
    const res = await send(
      "POST",
      "/sign-in",
      { "content-type": "application/x-www-form-urlencoded", origin },
      new URLSearchParams({ email: EDITOR.email, password: EDITOR.password, next: "/__edit" }).toString(),
    );
    expect(res.status).toBe(303);
    const cookie = String(res.headers["set-cookie"]?.[0] ?? "");
    expect(cookie).toMatch(/^studio_session=/);
    return cookie;
  }

  beforeAll(async () => {
    [https, http] = [await freePort(), await freePort()];
    origin = `https://${NAME}:${https}`;
    const studioPort = 5100 + (process.pid % 90);
    const previewOrigin = `https://${PREVIEWS}:${https}`;
    studio = await studioFixture({
      port: studioPort,
      name: "studio-nginx",
      env: { STUDIO_ORIGIN: origin, TRUST_PROXY: "127.0.0.1", STUDIO_PREVIEW_ORIGIN: previewOrigin },
    });
    await studio.start();
    const work = mkdtempSync(join(tmpdir(), "studio-nginx-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        `/CN=${NAME}`,
        "-keyout",
        join(work, "studio.key"),
        "-out",
        join(work, "studio.pem"),
      ],
      { stdio: "ignore" },
    );
    const block = studioNginx(
      { origin, host: "127.0.0.1", port: studioPort, previewOrigin, previewPort: studioPort + 1 },
      { certificate: join(work, "studio.pem"), key: join(work, "studio.key"), httpsPort: https, httpPort: http },
    );
    // On loopback only, IPv6 too when the machine has it.
    const ipv6 = spawnSync("ip", ["-6", "addr", "show", "lo"], { encoding: "utf8" }).stdout?.includes("::1");
    nginx = startNginx(
      work,
      block.replace(/listen (\d+)/g, "listen 127.0.0.1:$1").replace(/ *listen \[::\]:(\d+)(.*)\n/g, ipv6 ? "  listen [::1]:$1$2\n" : ""),
    );
    const deadline = Date.now() + 10_000;
    for (;;) {
      const up = await send("GET", "/sign-in").then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error(`nginx did not answer: ${nginx.log()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 180_000);
  afterAll(async () => {
    await nginx?.stop();
    await studio?.stop();
    studio?.remove();
  }, 60_000);

  test("signing in through it gives a Secure, HttpOnly, SameSite=Strict cookie, and the builder opens with it", async () => {
    const cookie = await signIn();
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    const page = await send("GET", "/__edit", { cookie: cookie.split(";")[0] as string });
    expect(page.status).toBe(200);
    expect(page.headers["strict-transport-security"]).toMatch(/max-age=/);
  });

  test("a save's live event arrives through it at once (not held in nginx's buffer)", async () => {
    const cookie = (await signIn()).split(";")[0] as string;
    const events: string[] = [];
    const stream = httpsRequest({
      host: "127.0.0.1",
      port: https,
      servername: NAME,
      path: "/__edit/api/events",
      rejectUnauthorized: false,
      headers: { host: `${NAME}:${https}`, cookie, accept: "text/event-stream" },
    });
    const opened = new Promise<void>((resolve) =>
      stream.on("response", (res) => {
        res.on("data", (d: Buffer) => events.push(d.toString()));
        resolve();
      }),
    );
    stream.end();
    await opened;
    const json = { cookie, origin, "x-site-editor": "1", "content-type": "application/json" };
    const file = JSON.parse((await send("GET", "/__edit/api/file?path=site-config/pages/home.json", json)).body) as {
      hash: string;
      value: { sections: { headline?: string }[] };
    };
    (file.value.sections[0] as { headline: string }).headline = "Saved through nginx";
    const started = Date.now();
    const saved = await send("POST", "/__edit/api/save", json, JSON.stringify({ path: "site-config/pages/home.json", value: file.value, hash: file.hash }));
    expect(saved.status, saved.body).toBe(200);
    while (!events.join("").includes("event: changed") && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 20));
    stream.destroy();
    expect(events.join("")).toContain("event: changed");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test("a picture at the upload limit reaches the studio, which answers it (nginx does not refuse it)", async () => {
    const cookie = (await signIn()).split(";")[0] as string;
    // Not a picture, at the limit's size: the studio's own answer proves the body got through.
    const res = await send(
      "POST",
      "/__edit/api/upload",
      { cookie, origin, "x-site-editor": "1", "content-type": "application/octet-stream", "x-file-name": "big.png" },
      Buffer.alloc(UPLOAD_LIMIT - 1024, 1),
    );
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.status).not.toBe(413);
    expect(JSON.parse(res.body).error).toBeTruthy();
  });

  test("plain HTTP only redirects to the studio's own address", async () => {
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port: http, path: "/__edit?file=x", headers: { host: "evil.example" } }, resolve);
      req.on("error", reject);
      req.end();
    });
    res.resume();
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${origin}/__edit?file=x`);
  });

  test("preview links have a name of their own, passed to the previews' server (nothing of the studio there); plain HTTP redirects to it", async () => {
    const guessed = await send("GET", `/p/${"A".repeat(43)}`, {}, undefined, PREVIEWS);
    expect(guessed.status).toBe(404);
    expect(guessed.body).toContain("<title>No preview here</title>");
    expect(guessed.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect((await send("GET", "/sign-in", {}, undefined, PREVIEWS)).status).toBe(404);
    expect((await send("GET", "/sign-in")).status).toBe(200);
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port: http, path: "/p/x", headers: { host: PREVIEWS } }, resolve);
      req.on("error", reject);
      req.end();
    });
    res.resume();
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`https://${PREVIEWS}:${https}/p/x`);
  });

  test("the previews must have another name than the studio: said in words", () => {
    expect(() => studioNginx({ origin, host: "127.0.0.1", port: 1, previewOrigin: `https://${NAME}:9999`, previewPort: 2 })).toThrow(
      `STUDIO_PREVIEW_ORIGIN (https://${NAME}:9999) must name another host than STUDIO_ORIGIN (${origin}): a preview runs the site's scripts, which must not run at the studio's address.`,
    );
  });

  test("a body larger than the studio's limit gets the studio's own answer, in JSON; far larger, nginx's, in the same words", async () => {
    const cookie = (await signIn()).split(";")[0] as string;
    const headers = { cookie, origin, "x-site-editor": "1", "content-type": "application/octet-stream", "x-file-name": "big.png" };
    const over = await send("POST", "/__edit/api/upload", headers, Buffer.alloc(30 * 1024 * 1024, 1));
    expect(over.status).toBe(413);
    expect(over.headers["content-type"]).toMatch(/application\/json/);
    expect(JSON.parse(over.body).error).toMatch(/too large: .*25 MB/);
    expect(over.headers["permissions-policy"]).toContain("camera=()");
    const far = await send("POST", "/__edit/api/upload", headers, Buffer.alloc(60 * 1024 * 1024, 1));
    expect(far.status).toBe(413);
    expect(far.headers["content-type"]).toMatch(/application\/json/);
    expect(JSON.parse(far.body).error).toMatch(/too large: .*25 MB/);
    for (const name of ["permissions-policy", "x-content-type-options", "content-security-policy", "strict-transport-security"])
      expect(far.headers[name], name).toBeTruthy();
    expect(far.headers.server).toBe("nginx");
  }, 60_000);

  test("the studio's answers carry Permissions-Policy through it; nginx names no version", async () => {
    const res = await send("GET", "/sign-in");
    expect(res.headers["permissions-policy"]).toContain("camera=()");
    expect(res.headers.server ?? "").not.toMatch(/\d/);
  });

  test("TLS 1.2 offers only forward-secret AEAD suites (each suite tried with openssl s_client); TLS 1.3 is on", async () => {
    const handshake = (...args: string[]) =>
      new Promise<{ ok: boolean; out: string }>((resolve) => {
        const child = execFile("openssl", ["s_client", "-connect", `127.0.0.1:${https}`, "-servername", NAME, ...args], { timeout: 10_000 }, (err, stdout) =>
          resolve({ ok: !err, out: stdout }),
        );
        child.stdin?.end();
      });
    const suites = execFileSync("openssl", ["ciphers", "ALL:COMPLEMENTOFALL"], { encoding: "utf8" }).trim().split(":");
    const accepted: string[] = [];
    // A few at a time: each is a process and a handshake.
    for (let i = 0; i < suites.length; i += 8)
      await Promise.all(
        suites.slice(i, i + 8).map(async (suite) => {
          const { ok, out } = await handshake("-tls1_2", "-cipher", suite);
          if (ok && /Cipher is (?!\(NONE\))/.test(out)) accepted.push(suite);
        }),
      );
    expect(accepted.length).toBeGreaterThan(0);
    for (const suite of accepted) expect(TLS12_CIPHERS, suite).toContain(suite);
    for (const suite of accepted) expect(suite).toMatch(/^ECDHE-.*(GCM|CHACHA20)/);
    expect((await handshake("-tls1_3")).out).toMatch(/TLSv1\.3/);
    expect((await handshake("-tls1_1")).ok).toBe(false);
  }, 120_000);

  test("eight builder tabs of one browser all open, keep their live updates, and each saves (HTTP/2)", async () => {
    const cookie = (await signIn()).split(";")[0] as string;
    const [name = "", value = ""] = cookie.split("=");
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${NAME} 127.0.0.1`],
    });
    try {
      const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name, value, domain: NAME, path: "/", secure: true, httpOnly: true, sameSite: "Strict" }]);
      const tabs = [];
      for (let i = 0; i < 8; i++) {
        const page = await context.newPage();
        await page.goto(`${origin}/__edit?file=site-config%2Fpages%2Fhome.json`);
        tabs.push(page);
      }
      for (const page of tabs) await page.getByRole("button", { name: "Saved", exact: true }).waitFor({ timeout: 60_000 });
      expect(await tabs[0]?.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).nextHopProtocol)).toBe("h2");
      // Each tab saves through the builder's API, from its own page, while all eight hold their event streams.
      for (const [i, page] of tabs.entries()) {
        const status = await page.evaluate(async (n) => {
          const headers = { "x-site-editor": "1", "content-type": "application/json" };
          const file = (await (await fetch("/__edit/api/file?path=site-config/pages/about-us.json")).json()) as { hash: string; value: { title: string } };
          const res = await fetch("/__edit/api/save", {
            method: "POST",
            headers,
            body: JSON.stringify({
              path: "site-config/pages/about-us.json",
              value: { ...file.value, title: `About us, saved from tab ${n}` },
              hash: file.hash,
            }),
          });
          return res.status;
        }, i + 1);
        expect(status, `tab ${i + 1}`).toBe(200);
      }
      await context.close();
    } finally {
      await browser.close();
    }
  }, 180_000);
});
