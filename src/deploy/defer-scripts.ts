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
 * competes with the first paint. This works on the HTML tags as a browser's tokenizer reads them
 * (parse5's Tokenizer, switched into script and raw-text modes as its tree builder would), without
 * reading what React Router's scripts say. An upgrade that writes its pages or data otherwise fails
 * the build, naming the files (post-build.ts), and tests/e2e/build-output.spec.ts checks the result.
 * The tokenizer alone is much faster than a full parse, which builds a tree nothing here needs
 * (docs/performance.md).
 */
import { Tokenizer, TokenizerMode, type Token } from "parse5";
import { minifySync } from "vite";
import { reloadOnce } from "../runtime/reload-once.js";
import { boot } from "./boot.js";
import { IMAGE_DIR } from "../images/slots.ts";
import { CHUNK_TIMEOUT_MS, HYDRATE_TIMEOUT_MS, HYDRATING_EVENT, RELOAD_KEY } from "../runtime/constants.ts";

/** Class names of the notice shown when the page's code cannot be loaded (Tailwind finds them here). */
const NOTICE_CLASS = "fixed inset-x-4 bottom-4 z-50 mx-auto max-w-xl rounded-lg bg-navy p-4 text-white shadow-lg";
const RETRY_CLASS = "ml-3 rounded-full bg-white px-4 py-1 font-semibold text-navy";

/** Inline classic scripts longer than this go to a file of their own. */
export const EXTERNALIZE_OVER = 2048;

const JAVASCRIPT = new Set(["", "module", "text/javascript", "application/javascript"]);

/** A tag the page is changed at or reads pictures from, with its place in the page. */
interface Tag {
  name: string;
  attrs: Token.Attribute[];
  /** Where the element starts, where its start tag ends, where its end tag starts and where it ends (the same for a void element). */
  start: number;
  startTagEnd: number;
  endTagStart: number;
  end: number;
}

const attr = (tag: Tag, name: string) => tag.attrs.find((a) => a.name === name)?.value;

/** Elements whose text the tokenizer reads as text, not tags, as the HTML tree builder tells it to (scripting on). */
const RAWTEXT = new Set(["style", "xmp", "iframe", "noembed", "noframes", "noscript"]);
const RCDATA = new Set(["title", "textarea"]);
const FOREIGN = new Set(["svg", "math"]);
const WANTED = new Set(["script", "link", "img", "source"]);

/**
 * The page's scripts, links, images and sources outside <template> content (as a tree's elements
 * would be, where a template's content is not among its children), and where </body> starts.
 */
function scan(html: string): { tags: Tag[]; bodyEnd: number | undefined } {
  const tags: Tag[] = [];
  let bodyEnd: number | undefined;
  let templates = 0;
  let foreign = 0;
  let openScript: Tag | undefined;
  const tokenizer: Tokenizer = new Tokenizer(
    { sourceCodeLocationInfo: true },
    {
      onStartTag(token) {
        const { tagName: name, location } = token;
        if (!location) return;
        if (foreign === 0) {
          if (name === "script") tokenizer.state = TokenizerMode.SCRIPT_DATA;
          else if (RAWTEXT.has(name)) tokenizer.state = TokenizerMode.RAWTEXT;
          else if (RCDATA.has(name)) tokenizer.state = TokenizerMode.RCDATA;
          else if (name === "plaintext") tokenizer.state = TokenizerMode.PLAINTEXT;
        }
        if (FOREIGN.has(name) && !token.selfClosing) tokenizer.inForeignNode = ++foreign > 0;
        if (name === "template") templates++;
        if (templates > 0 || !WANTED.has(name)) return;
        const { startOffset: start, endOffset: end } = location;
        const tag = { name, attrs: token.attrs, start, startTagEnd: end, endTagStart: end, end };
        tags.push(tag);
        if (name === "script" && foreign === 0) openScript = tag;
      },
      onEndTag(token) {
        const { tagName: name, location } = token;
        if (!location) return;
        if (FOREIGN.has(name) && foreign > 0) tokenizer.inForeignNode = --foreign > 0;
        else if (name === "template" && templates > 0) templates--;
        else if (name === "script" && openScript) {
          openScript.endTagStart = location.startOffset;
          openScript.end = location.endOffset;
          openScript = undefined;
        } else if (name === "body" && templates === 0) bodyEnd = location.startOffset;
      },
      onComment() {},
      onDoctype() {},
      onEof() {},
      onCharacter() {},
      onNullCharacter() {},
      onWhitespaceCharacter() {},
    },
  );
  tokenizer.write(html, true);
  return { tags, bodyEnd };
}

/** What a browser would fetch or run: module preloads and JavaScript (not JSON-LD or other data blocks). */
const deferrable = (tag: Tag) =>
  (tag.name === "link" && attr(tag, "rel") === "modulepreload") || (tag.name === "script" && JAVASCRIPT.has((attr(tag, "type") ?? "").toLowerCase()));

/** The boot script before it is minified: the two functions' own text, called with the options. */
export function bootSource(): string {
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

let minified: string | undefined;

/**
 * The boot script as every page carries it, minified with Vite's minifier: smaller (figures in
 * docs/performance.md), and the same whichever tool compiled this module (the functions' text is
 * what that tool wrote).
 */
export function bootScript(): string {
  if (minified !== undefined) return minified;
  const { code, errors } = minifySync("boot.js", bootSource());
  if (errors.length > 0) throw new Error(`The boot script (src/deploy/boot.js) does not minify: ${errors.map((e) => e.message).join("; ")}`);
  minified = code.trim();
  return minified;
}

export interface DeferResult {
  html: string;
  /** Scripts moved to files: their URL and code. */
  files: { url: string; code: string }[];
  /** Every picture copy the page names (src, srcset, preloads under IMAGE_DIR): the build makes these. */
  imageUrls: string[];
}

/** The URLs an element makes the browser fetch as a picture: src/href and each candidate of a srcset. */
function pictureUrls(el: Tag): string[] {
  const single = el.name === "link" ? [attr(el, "href")] : el.name === "img" ? [attr(el, "src")] : [];
  const sets = [attr(el, "srcset"), el.name === "link" ? attr(el, "imagesrcset") : undefined];
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
  const { tags, bodyEnd } = scan(html);
  const files: DeferResult["files"] = [];
  const targets = tags.filter(deferrable);
  if (!targets.some((tag) => tag.name === "script") || bodyEnd === undefined)
    throw new Error("The page has no script to defer: is it a page React Router wrote?");
  let out = "";
  let at = 0;
  for (const tag of targets) {
    let element = html.slice(tag.start, tag.end);
    const code = html.slice(tag.startTagEnd, tag.endTagStart);
    if (tag.name === "script" && !attr(tag, "type") && !attr(tag, "src") && code.length > EXTERNALIZE_OVER) {
      const url = fileUrl(code, files.length);
      files.push({ url, code });
      element = `${html.slice(tag.start, tag.startTagEnd - 1)} src="${escapeAttribute(url)}"></script>`;
    }
    out += `${html.slice(at, tag.start)}<template data-deferred>${element}</template>`;
    at = tag.end;
  }
  out += `${html.slice(at, bodyEnd)}<script>${bootScript()}</script>${html.slice(bodyEnd)}`;
  const imageUrls = [...new Set(tags.filter((tag) => tag.name !== "script").flatMap(pictureUrls))];
  return { html: out, files, imageUrls };
}
