// @vitest-environment node
/** Which inline scripts of a page get a CSP hash, and the policy's shape. */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildServer } from "../../server/app.ts";
import { inlineScriptHashes } from "../../server/security.ts";
import { SITE_MEDIA_CSP } from "../../src/deploy/security-headers.ts";
import { INLINE_SCRIPT, makeSite } from "./helpers.ts";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes classic and module inline scripts exactly as written, and nothing else", () => {
    const html = [
      `<script>window.__reactRouterContext = {"a":"é"};</script>`,
      `<script type="module" async="">import "/assets/entry.js";</script>`,
      `<script type="application/ld+json">{"@type":"Organization"}</script>`,
      `<script type="application/json" id="data">{}</script>`,
      `<script src="/assets/x.js"></script>`,
      `<script type="module" src="/assets/y.js"></script>`,
      `<SCRIPT>\n  multi\n  line\n</SCRIPT>`,
    ].join("\n");
    expect(inlineScriptHashes(html)).toEqual(
      [sha(`window.__reactRouterContext = {"a":"é"};`), sha(`import "/assets/entry.js";`), sha("\n  multi\n  line\n")].sort(),
    );
  });
});

describe("the Content-Security-Policy (helmet)", () => {
  it("keeps scripts strict, allows inline styles, forbids framing, and adds an external enquiry endpoint to connect-src", async () => {
    const app = await buildServer({ clientDir: makeSite(), connectSrc: ["https://mail.example.com"] });
    try {
      const csp = (await app.inject({ url: "/" })).headers["content-security-policy"] as string;
      expect(csp).toContain(`script-src 'self' ${sha(INLINE_SCRIPT)};`);
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self' https://mail.example.com");
      expect(csp).toContain("object-src 'none'");
      // Not a page: no inline scripts allowed at all.
      expect((await app.inject({ url: "/missing.png" })).headers["content-security-policy"]).toContain("script-src 'self';");
    } finally {
      await app.close();
    }
  });
});

describe("uploaded files", () => {
  it("media/ is served with the sandboxing policy: an SVG opened by its address runs and loads nothing", async () => {
    const clientDir = makeSite();
    mkdirSync(join(clientDir, "media"));
    writeFileSync(join(clientDir, "media", "evil.svg"), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const app = await buildServer({ clientDir });
    try {
      const svg = await app.inject({ url: "/media/evil.svg" });
      expect(svg.statusCode).toBe(200);
      expect(svg.headers["content-security-policy"]).toBe(SITE_MEDIA_CSP);
      expect(svg.headers["x-content-type-options"]).toBe("nosniff");
      // Pages keep the site's policy.
      expect((await app.inject({ url: "/" })).headers["content-security-policy"]).toContain("script-src 'self' 'sha256-");
    } finally {
      await app.close();
    }
  });
});
