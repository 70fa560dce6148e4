/**
 * The built site on disk, after `npm run build` with every React Router v8 future flag on: each page
 * and page data file the pre-render wrote has its scripts deferred (pages) and its .br and .gz copies.
 * The build checks this itself and fails naming what it missed (src/deploy/post-build.ts); this looks
 * at the result independently of that code.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { type DefaultTreeAdapterMap, parse } from "parse5";
import config from "../../react-router.config.ts";
import { filesUnder } from "../../src/lib/files.ts";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

const client = join(import.meta.dirname, "..", "..", "dist", "client");
/** React Router's page for addresses it did not pre-render: the site never serves it (server/app.ts, the nginx rules). */
const NOT_SERVED = "__spa-fallback.html";
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

/** The scripts and module preloads a browser would fetch or run as the page loads (not those inside a <template>). */
function live(node: Node, found: string[] = []): string[] {
  if (!("childNodes" in node)) return found;
  for (const child of node.childNodes) {
    if (!("tagName" in child)) continue;
    if (child.tagName === "template") continue;
    if (child.tagName === "script") {
      const type = attr(child, "type") ?? "";
      if (attr(child, "src") !== undefined || type === "module") found.push(`<script${type ? ` type="${type}"` : ""} src="${attr(child, "src") ?? ""}">`);
    }
    if (child.tagName === "link" && attr(child, "rel") === "modulepreload") found.push(`<link rel="modulepreload" href="${attr(child, "href")}">`);
    live(child, found);
  }
  return found;
}

test("every v8 future flag of React Router is on", () => {
  const flags = Object.entries(config.future ?? {}).filter(([name]) => name.startsWith("v8_"));
  expect(flags.map(([name]) => name).sort()).toEqual([
    "v8_middleware",
    "v8_passThroughRequests",
    "v8_splitRouteModules",
    "v8_trailingSlashAwareDataRequests",
    "v8_viteEnvironmentApi",
  ]);
  expect(flags.filter(([, on]) => on !== true)).toEqual([]);
});

test("every built page has its scripts deferred, and every page and data file its .br and .gz copies", () => {
  const files = filesUnder(client).filter((f) => (f.endsWith(".html") && !f.endsWith(NOT_SERVED)) || f.endsWith(".data"));
  const pages = files.filter((f) => f.endsWith(".html"));
  expect(pages.length).toBeGreaterThan(20);
  expect(files.filter((f) => f.endsWith(".data")).length).toBeGreaterThan(20);
  const problems: string[] = [];
  for (const file of files) {
    const name = relative(client, file);
    const body = readFileSync(file);
    for (const [ext, unpack] of [
      [".br", brotliDecompressSync],
      [".gz", gunzipSync],
    ] as const) {
      if (!existsSync(file + ext)) problems.push(`${name}: no ${ext}`);
      else if (!unpack(readFileSync(file + ext)).equals(body)) problems.push(`${name}${ext}: not the same content`);
    }
    if (name.endsWith(".html")) {
      const fetched = live(parse(body.toString("utf8")));
      if (fetched.length > 0) problems.push(`${name}: loads at once ${fetched.join(" ")}`);
      if (!body.includes("<template data-deferred")) problems.push(`${name}: no deferred scripts`);
    }
  }
  expect(problems).toEqual([]);
});
