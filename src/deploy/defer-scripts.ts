/**
 * Makes a built page paint like a static page and hydrate after it has loaded, whatever scripts
 * React Router writes: every executable script and module preload of the page is put, unchanged,
 * in a <template data-deferred> (inert: nothing is fetched or run) and the boot script
 * (src/deploy/boot.js) brings them back after the `load` event. Big inline scripts (the route data
 * React Router inlines for hydration) go to a file of their own, so the HTML a visitor
 * waits for is the content alone.
 *
 * React Router cannot defer its scripts itself: <Scripts /> writes module preloads that React
 * hoists into <head> and an inline module script that fetches the page's code at once, which
 * competes with the first paint. This works on the HTML elements as a browser sees them (parse5),
 * without reading what React Router's scripts say, so its upgrades do not concern it.
 */
import { defaultTreeAdapter as tree, parse, type DefaultTreeAdapterTypes as T } from "parse5";
import { reloadOnce } from "../lib/reload-once.js";
import { boot } from "./boot.js";
import { IMAGE_DIR } from "../images/slots.ts";
import { CHUNK_TIMEOUT_MS, HYDRATE_TIMEOUT_MS, HYDRATING_EVENT, RELOAD_KEY } from "./constants.ts";

/** Class names of the notice shown when the page's code cannot be loaded (Tailwind finds them here). */
const NOTICE_CLASS = "fixed inset-x-4 bottom-4 z-50 mx-auto max-w-xl rounded-lg bg-navy p-4 text-white shadow-lg";
const RETRY_CLASS = "ml-3 rounded-full bg-white px-4 py-1 font-semibold text-navy";

/** Inline classic scripts longer than this go to a file of their own. */
export const EXTERNALIZE_OVER = 2048;

const JAVASCRIPT = new Set(["", "module", "text/javascript", "application/javascript"]);

const attr = (el: T.Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
const isElement = (node: T.ChildNode): node is T.Element => tree.isElementNode(node);

function* elements(parent: T.ParentNode): Generator<T.Element> {
  for (const child of parent.childNodes) {
    if (!isElement(child)) continue;
    yield child;
    if (child.tagName !== "template") yield* elements(child);
  }
}

/** What a browser would fetch or run: module preloads and JavaScript (not JSON-LD or other data blocks). */
const deferrable = (el: T.Element) =>
  (el.tagName === "link" && attr(el, "rel") === "modulepreload") || (el.tagName === "script" && JAVASCRIPT.has((attr(el, "type") ?? "").toLowerCase()));

/** The boot script, as the page carries it: the two functions' own text, called with the options. */
export function bootScript(): string {
  const options = {
    key: RELOAD_KEY,
    timeoutMs: CHUNK_TIMEOUT_MS,
    startAfterMs: HYDRATE_TIMEOUT_MS,
    noticeClass: NOTICE_CLASS,
    retryClass: RETRY_CLASS,
    hydratingEvent: HYDRATING_EVENT,
  };
  return `(${String(boot)})(${String(reloadOnce)}, ${JSON.stringify(options)});`;
}

export interface DeferResult {
  html: string;
  /** Scripts moved to files: their URL and code. */
  files: { url: string; code: string }[];
  /** Every picture copy the page names (src, srcset, preloads under IMAGE_DIR): the build makes these. */
  imageUrls: string[];
}

/** The URLs an element makes the browser fetch as a picture: src/href and each candidate of a srcset. */
function pictureUrls(el: T.Element): string[] {
  const single = el.tagName === "link" ? [attr(el, "href")] : el.tagName === "img" ? [attr(el, "src")] : [];
  const sets = [attr(el, "srcset"), el.tagName === "link" ? attr(el, "imagesrcset") : undefined];
  const candidates = sets.flatMap((set) => (set ? set.split(",").map((c) => c.trim().split(/\s+/)[0]) : []));
  return [...single, ...candidates].filter((url): url is string => url?.startsWith(IMAGE_DIR) === true);
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * Defers the scripts of one page. `fileUrl(code, n)` names the file the n-th big inline script
 * goes to; the caller writes the returned files. The page is changed only where the elements are
 * (their places come from the parser), so everything else stays byte for byte as React wrote it.
 */
export function deferScripts(html: string, fileUrl: (code: string, n: number) => string): DeferResult {
  const doc = parse(html, { sourceCodeLocationInfo: true });
  const files: DeferResult["files"] = [];
  const all = [...elements(doc)];
  const targets = all.filter(deferrable);
  const body = all.find((el) => el.tagName === "body");
  const bodyEnd = body?.sourceCodeLocation?.endTag?.startOffset;
  if (!targets.some((el) => el.tagName === "script") || bodyEnd === undefined)
    throw new Error("The page has no script to defer: is it a page React Router wrote?");
  let out = "";
  let at = 0;
  for (const el of targets) {
    const loc = el.sourceCodeLocation;
    if (!loc) throw new Error(`A <${el.tagName}> to defer has no place in the page's source.`);
    let element = html.slice(loc.startOffset, loc.endOffset);
    const code = el.childNodes.map((n) => (tree.isTextNode(n) ? n.value : "")).join("");
    if (el.tagName === "script" && !attr(el, "type") && !attr(el, "src") && code.length > EXTERNALIZE_OVER) {
      const url = fileUrl(code, files.length);
      files.push({ url, code });
      const { startTag } = loc;
      if (!startTag) throw new Error("A script to move to its own file has no start tag in the page's source.");
      element = `${html.slice(startTag.startOffset, startTag.endOffset - 1)} src="${escapeAttribute(url)}"></script>`;
    }
    out += `${html.slice(at, loc.startOffset)}<template data-deferred>${element}</template>`;
    at = loc.endOffset;
  }
  out += `${html.slice(at, bodyEnd)}<script>${bootScript()}</script>${html.slice(bodyEnd)}`;
  const imageUrls = [...new Set(all.filter((el) => el.tagName === "img" || el.tagName === "source" || el.tagName === "link").flatMap(pictureUrls))];
  return { html: out, files, imageUrls };
}
