// @vitest-environment node
/**
 * The generated nginx include (dist/deploy/nginx.conf, src/deploy/outputs.ts) under a real nginx
 * (Debian's nginx-light; .ci/run installs it), with absolute_redirect on (nginx's default) and off
 * (common behind proxies): pages, gzip copies, caching, and redirects that never leave the site.
 * Skipped, with a message, on a machine without nginx.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nginxInclude } from "../../src/deploy/outputs.ts";
import { tempDir, waitFor } from "./helpers.ts";
import { OFF_SITE_PATHS, type RawAnswer, rawGet } from "../helpers/raw-http.ts";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const hasNginx = existsSync(NGINX);
if (!hasNginx) console.warn(`tests/server/nginx.test.ts skipped: no nginx at ${NGINX} (apt-get install nginx-light, or set NGINX_PATH).`);

const ROUTES = ["/", "/about-us", "/services/web"];
const PAGE = (title: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>${title}</title></head><body>${`<p>${title}: cloud, data and AI.</p>`.repeat(80)}</body></html>`;

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
  write("__spa-fallback.html", PAGE("Shell"), true);
  return root;
}

/** A GET of the nginx under test, with the path sent exactly as written. */
const get = (port: number, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> =>
  rawGet("127.0.0.1", port, path, { host: `site.test:${port}`, ...headers });

for (const [index, absoluteRedirect] of (["on", "off"] as const).entries()) {
  describe.skipIf(!hasNginx)(`nginx with the generated include, absolute_redirect ${absoluteRedirect}`, () => {
    const port = 4350 + index;
    let nginx: ChildProcess | undefined;
    let log = "";

    beforeAll(async () => {
      const site = makeBuiltSite();
      const work = tempDir("nginx-run-");
      writeFileSync(join(work, "site.conf"), nginxInclude(ROUTES));
      writeFileSync(
        join(work, "nginx.conf"),
        `daemon off;
master_process off;
pid ${work}/nginx.pid;
error_log stderr warn;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  server {
    listen 127.0.0.1:${port};
    server_name site.test;
    root ${site};
    absolute_redirect ${absoluteRedirect};
    include ${work}/site.conf;
  }
}
`,
      );
      nginx = spawn(NGINX, ["-p", work, "-c", join(work, "nginx.conf")], { stdio: ["ignore", "pipe", "pipe"] });
      nginx.stderr!.on("data", (d: Buffer) => (log += d.toString()));
      await waitFor(
        () => `nginx to answer on ${port} (${log})`,
        async () => (await get(port, "/")).status === 200,
        10_000,
      );
    });
    afterAll(async () => {
      if (!nginx || nginx.exitCode !== null) return;
      const exited = new Promise((r) => nginx!.once("exit", r));
      nginx.kill("SIGTERM");
      await exited;
    });

    const base = `http://site.test:${port}`;
    it.each(OFF_SITE_PATHS)("%s stays on the site", async (path) => {
      const { status, headers } = await get(port, path);
      expect([301, 400, 404]).toContain(status);
      if (status === 301) {
        // Resolved as a browser resolves it (a backslash is a slash in http URLs).
        expect(new URL(String(headers.location), base).origin, `${path} -> ${headers.location}`).toBe(base);
        expect(new URL(String(headers.location), base).pathname).toBe("/");
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
        const location = new URL(String(headers.location), base);
        expect(location.origin).toBe(base);
        expect(location.pathname + location.search, path).toBe(to);
      }
    });

    it("pages: 200, revalidated, the security headers, and the build's gzip copy when accepted", async () => {
      for (const route of ROUTES) {
        const plain = await get(port, route);
        expect(plain.status, route).toBe(200);
        expect(plain.headers["content-type"]).toMatch(/^text\/html/);
        expect(plain.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
        expect(plain.headers["x-content-type-options"]).toBe("nosniff");
        expect(plain.headers["x-frame-options"]).toBe("DENY");
        const gz = await get(port, route, { "accept-encoding": "gzip" });
        expect(gz.headers["content-encoding"], route).toBe("gzip");
      }
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
      for (const path of ["/assets/missing-1234.js", "/media/none.png", "/__spa-fallback.html"]) expect((await get(port, path)).status, path).toBe(404);
    });
  });
}
