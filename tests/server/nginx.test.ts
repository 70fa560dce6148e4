import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { htmlFileOf, nginxInclude, sitePolicies } from "../../src/deploy/outputs.ts";
import { inlineScriptHashes, SECURITY_HEADERS, SITE_MEDIA_CSP } from "../../src/deploy/security-headers.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.ts";
import { tempDir, waitFor } from "./helpers.ts";
import { OFF_SITE_PATHS, type RawAnswer, rawGet } from "../helpers/raw-http.ts";
import { freePort, NGINX, type RunningNginx, startNginx } from "../helpers/nginx.ts";

const hasNginx = existsSync(NGINX);
if (!hasNginx) console.warn(`tests/server/nginx.test.ts skipped: no nginx at ${NGINX} (apt-get install nginx-light, or set NGINX_PATH).`);

const ROUTES = ["/", "/about-us", "/services/web"];
/** A page with an inline script of its own (its policy must allow exactly it). */
const PAGE = (title: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>${title}</title></head><body>${`<p>${title}: cloud, data and AI.</p>`.repeat(80)}<script>console.log("page script ran: ${title}")</script></body></html>`;
/** An uploaded SVG that still carries a script and a handler (stored before the builder cleaned them, or copied in by hand). */
const EVIL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="console.log(\'svg handler ran\')"><script>console.log("svg script ran")</script><rect width="10" height="10"/></svg>';

/** A built site as the build leaves it: pages with gzip copies, hashed assets, media, page data. */
function makeBuiltSite(): string {
  const root = tempDir("nginx-site-");
  const write = (path: string, text: string, gz = false) => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
    if (gz) writeFileSync(join(root, `${path}.gz`), gzipSync(text));
  };
  write("index.html", PAGE("Home"), true);
  write("about-us/index.html", PAGE("About us"), true);
  write("services/web/index.html", PAGE("Web"), true);
  write("about-us.data", "x".repeat(2000), true);
  write("assets/app-3f2a.js", `console.log(${JSON.stringify("y".repeat(3000))});`, true);
  write("media/logo.svg", '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write("media/evil.svg", EVIL_SVG);
  write("__spa-fallback.html", PAGE("Shell"), true);
  write("robots.txt", "User-agent: *\nAllow: /\n");
  return root;
}

/** The headers the production server sends on every answer, besides the policy. */
function expectSecurityHeaders(answer: RawAnswer, what: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers[name.toLowerCase()], `${what}: ${name}`).toBe(value);
}

/** A GET of the nginx under test, with the path sent exactly as written. */
const get = (port: number, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> =>
  rawGet("127.0.0.1", port, path, { host: `site.test:${port}`, ...headers });

/** Sends `request` as raw bytes (an absolute URI in the request line, say) and resolves with the answer's head. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let text = "";
    socket.on("data", (d: Buffer) => {
      text += d.toString("latin1");
      if (text.includes("\r\n\r\n")) socket.destroy();
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(text));
  });
}

for (const absoluteRedirect of ["on", "off"] as const) {
  describe.skipIf(!hasNginx)(`nginx with the generated include, absolute_redirect ${absoluteRedirect}`, () => {
    let port = 0;
    let nginx: RunningNginx | undefined;
    let site = "";

    beforeAll(async () => {
      port = await freePort();
      site = makeBuiltSite();
      const work = tempDir("nginx-run-");
      writeFileSync(join(work, "site.conf"), nginxInclude(ROUTES, sitePolicies(site, ROUTES)));
      nginx = startNginx(
        work,
        `  include /etc/nginx/mime.types;
  server {
    listen 127.0.0.1:${port};
    server_name site.test;
    root ${site};
    absolute_redirect ${absoluteRedirect};
    include ${work}/site.conf;
  }`,
      );
      await waitFor(
        () => `nginx to answer on ${port} (${nginx?.log()})`,
        async () => (await get(port, "/")).status === 200,
        10_000,
      );
    });
    afterAll(async () => {
      await nginx?.stop();
    });

    const base = () => `http://site.test:${port}`;
    it.each(OFF_SITE_PATHS)("%s stays on the site", async (path) => {
      const { status, headers } = await get(port, path);
      expect([301, 400, 404]).toContain(status);
      if (status === 301) {
        // Resolved as a browser resolves it (a backslash is a slash in http URLs).
        expect(new URL(String(headers.location), base()).origin, `${path} -> ${headers.location}`).toBe(base());
        expect(new URL(String(headers.location), base()).pathname).toBe("/");
      }
    });

    it("a page's address with a trailing slash answers 301 to the page, query kept; any other, home", async () => {
      for (const [path, to] of [
        ["/about-us/", "/about-us"],
        ["/about-us//", "/about-us"],
        ["/services/web/?ref=mail", "/services/web?ref=mail"],
        ["/no-such-page/", "/"],
        ["/no-such-page", "/"],
        ["/_headers", "/"],
      ]) {
        const { status, headers } = await get(port, path!);
        expect(status, path).toBe(301);
        const location = new URL(String(headers.location), base());
        expect(location.origin).toBe(base());
        expect(location.pathname + location.search, path).toBe(to);
      }
    });

    it("pages: 200, revalidated, the security headers, the page's own policy, and the build's gzip copy when accepted", async () => {
      for (const route of ROUTES) {
        const plain = await get(port, route);
        expect(plain.status, route).toBe(200);
        expect(plain.headers["content-type"]).toMatch(/^text\/html/);
        expect(plain.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
        expectSecurityHeaders(plain, route);
        const [hash] = inlineScriptHashes(readFileSync(join(site, htmlFileOf(route)), "utf8"));
        expect(plain.headers["content-security-policy"]).toContain(`script-src 'self' ${hash};`);
        expect(plain.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
        const gz = await get(port, route, { "accept-encoding": "gzip" });
        expect(gz.headers["content-encoding"], route).toBe("gzip");
      }
    });

    it("every other answer (assets, data, redirects, 404s) has the security headers and the policy without inline scripts; media the sandboxing one", async () => {
      for (const path of ["/assets/app-3f2a.js", "/about-us.data", "/about-us/", "/no-such-page", "/__spa-fallback.html", "/robots.txt", "/missing.js"]) {
        const answer = await get(port, path);
        expectSecurityHeaders(answer, path);
        expect(answer.headers["content-security-policy"], path).toContain("script-src 'self';");
      }
      for (const [path, status] of [
        ["/media/logo.svg", 200],
        ["/media/evil.svg", 200],
        ["/media/none.png", 404],
      ] as const) {
        const answer = await get(port, path);
        expect(answer.status, path).toBe(status);
        expectSecurityHeaders(answer, path);
        expect(answer.headers["content-security-policy"], path).toBe(SITE_MEDIA_CSP);
        if (status === 200) expect(answer.headers["cache-control"], path).toBe("public, max-age=86400");
      }
    });

    it("no redirect names the request's Host or absolute URI", async () => {
      for (const path of ["/no-such-page", "/about-us/", "/services/web/?a=1", "/media/"]) {
        const { status, headers } = await get(port, path, { host: "evil.test" });
        expect(status, path).toBe(301);
        expect(String(headers.location), path).toMatch(/^\/(?![/\\])/);
      }
      const head = await rawRequest(port, "GET http://evil.test/no-such-page HTTP/1.1\r\nHost: evil.test\r\nConnection: close\r\n\r\n");
      expect(head).toMatch(/^HTTP\/1\.1 301 /);
      expect(head).not.toContain("evil.test");
      expect(head).toMatch(/^Location: \/\r$/m);
    });

    it("assets: a year's cache from their gzip copy; page data revalidated; a missing file is a 404; the fallback shell is not served", async () => {
      const asset = await get(port, "/assets/app-3f2a.js", { "accept-encoding": "gzip" });
      expect(asset.status).toBe(200);
      expect(asset.headers["content-encoding"]).toBe("gzip");
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const data = await get(port, "/about-us.data", { "accept-encoding": "gzip" });
      expect(data.status).toBe(200);
      expect(data.headers["content-encoding"]).toBe("gzip");
      expect(data.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
      expect((await get(port, "/media/logo.svg")).headers["cache-control"]).toBe("public, max-age=86400");
      expect((await get(port, "/robots.txt")).headers["cache-control"]).toBe("public, max-age=86400");
      for (const path of ["/assets/missing-1234.js", "/media/none.png", "/__spa-fallback.html"]) expect((await get(port, path)).status, path).toBe(404);
    });
  });
}

describe.skipIf(!hasNginx)("in Chromium, under nginx with the generated include", () => {
  let nginx: RunningNginx | undefined;
  let plain: Server | undefined;
  let browser: Browser | undefined;
  let port = 0;
  let plainPort = 0;

  beforeAll(async () => {
    port = await freePort();
    const site = makeBuiltSite();
    const work = tempDir("nginx-chromium-");
    writeFileSync(join(work, "site.conf"), nginxInclude(ROUTES, sitePolicies(site, ROUTES)));
    nginx = startNginx(
      work,
      `  include /etc/nginx/mime.types;
  server {
    listen 127.0.0.1:${port};
    root ${site};
    include ${work}/site.conf;
  }`,
    );
    await waitFor(`nginx to answer on ${port}`, async () => (await rawGet("127.0.0.1", port, "/")).status === 200, 10_000);
    // The control: the same SVG from a server that sends no policy, where its script does run.
    plain = createHttpServer((_req, res) => res.writeHead(200, { "Content-Type": "image/svg+xml" }).end(EVIL_SVG));
    await new Promise<void>((resolve) => plain!.listen(0, "127.0.0.1", resolve));
    plainPort = (plain.address() as AddressInfo).port;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    plain?.close();
    await nginx?.stop();
  });

  /** What the document at `url` printed to the console by the time it loaded (its scripts and the load handlers have run by then): logs, and Chromium's errors. */
  async function printed(url: string): Promise<{ logs: string[]; errors: string[] }> {
    const page = await browser!.newPage();
    const logs: string[] = [];
    const errors: string[] = [];
    page.on("console", (m) => (m.type() === "log" ? logs : errors).push(m.text()));
    try {
      await page.goto(url, { waitUntil: "load" });
      return { logs, errors };
    } finally {
      await page.close();
    }
  }

  it("an uploaded SVG with a script, opened by its address, runs nothing (without the policy it would)", async () => {
    expect((await printed(`http://127.0.0.1:${plainPort}/evil.svg`)).logs).toEqual(expect.arrayContaining(["svg script ran", "svg handler ran"]));
    const underNginx = await printed(`http://127.0.0.1:${port}/media/evil.svg`);
    expect(underNginx.logs).toEqual([]);
    expect(underNginx.errors.join("\n")).toContain("Blocked script execution");
  }, 60_000);

  it("a page's own inline script runs under its policy", async () => {
    expect((await printed(`http://127.0.0.1:${port}/about-us`)).logs).toEqual(["page script ran: About us"]);
  }, 60_000);
});
