/**
 * Rewrites each pre-rendered page after the build so that it paints like a
 * hand-written static page and React takes over afterwards:
 *
 * - the site CSS is inlined in a <style> (no render-blocking request);
 * - no JavaScript is fetched before the `load` event and the frame after it
 *   (so the first paint, and the hero poster's, never wait for or compete with
 *   script downloads): React Router's module script and modulepreload links
 *   are replaced by a small plain inline script that imports the same modules
 *   then (or after 3 s, whichever comes first) and then hydrates. Until then
 *   links work as plain links. The work is cut into short tasks (load event, preload links, imports) so
 *   none of it keeps the main thread long enough to delay a tap.
 * - the page's route data, which React Router inlines for hydration (7 KB on a
 *   service page, 59 KB on the home page), is moved to a file under
 *   /assets/page-data/ that the boot script fetches with the code: the HTML a
 *   visitor waits for before the first paint is the content alone.
 * - the first frame waits until the footer starts, that is until all of
 *   <main> is parsed (`<link rel="expect" blocking="render">`): a browser
 *   that gets half a page (slow network, busy machine) would otherwise paint
 *   the hero with its text still missing and then move it, a layout shift;
 * - a chunk that fails to load (a tab open across a redeploy) reloads the
 *   page once to get the fresh version; if it still fails, a notice names the
 *   chunk ("Loading chunk root failed (missing: ...)") with a Retry button.
 *
 * The boot script is a plain inline <script> (no eval, no string-built code at
 * run time), so a Content-Security-Policy can allow it by its sha256 hash.
 */

import { CHUNK_TIMEOUT_MS, HYDRATE_TIMEOUT_MS, RELOAD_KEY } from "./constants.ts";

/** CSS up to this size is inlined; a bigger stylesheet stays a cacheable file. */
export const INLINE_CSS_LIMIT = 50_000;
const STYLESHEET = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g;

export function inlineStylesheets(html: string, readCss: (href: string) => string, limit = INLINE_CSS_LIMIT): { html: string; inlined: string[] } {
  const inlined: string[] = [];
  const out = html.replace(STYLESHEET, (tag, href: string) => {
    const css = readCss(href);
    if (css.length > limit) return tag;
    inlined.push(href);
    // "</style" cannot occur in valid CSS, but make sure the element cannot be closed early.
    return `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>`;
  });
  return { html: out, inlined };
}

/** What React Router's module script does: import the manifest and the matched route modules, then the entry. */
export interface BootPlan {
  /** Imported for their side effects (the route manifest). */
  sideEffects: string[];
  /** Route id -> module URL, in match order. */
  routes: { id: string; url: string }[];
  entry: string;
  /** Every module the page needs (React Router's modulepreload links), fetched in parallel at boot. */
  preloads: string[];
  /** The page's route data (React Router's hydration stream), moved out of the HTML into this file; fetched at boot. */
  data?: string;
}

const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;

/**
 * Reads React Router 7's inline module script (src: its <Scripts /> component).
 * Throws on any other shape, so that a React Router upgrade that changes it
 * stops the build instead of shipping pages that never hydrate.
 */
export function parseModuleScript(script: string): BootPlan {
  const sideEffects: string[] = [];
  const vars = new Map<string, string>();
  let routesObject: string | undefined;
  let entry: string | undefined;
  const rest = script
    .replace(/^import "([^"]+)";/gm, (_, url: string) => (sideEffects.push(url), ""))
    .replace(/^import \* as (\w+) from "([^"]+)";/gm, (_, name: string, url: string) => (vars.set(name, url), ""))
    .replace(/^\s*window\.__reactRouterRouteModules = (\{[^\n]*\});/m, (_, obj: string) => ((routesObject = obj), ""))
    .replace(/^import\("([^"]+)"\);/m, (_, url: string) => ((entry = url), ""));
  if (rest.trim() !== "" || !routesObject || !entry) {
    throw new Error(`Unexpected React Router module script (was React Router upgraded?); cannot defer hydration:\n${script}`);
  }
  const routes: BootPlan["routes"] = [];
  for (const pair of routesObject.slice(1, -1).split(",")) {
    const m = /^("(?:[^"\\]|\\.)*"):(\w+)$/.exec(pair.trim());
    const url = m ? vars.get(m[2]!) : undefined;
    if (!m || !url) throw new Error(`Unexpected route module map in React Router's module script: ${routesObject}`);
    routes.push({ id: JSON.parse(m[1]!) as string, url });
  }
  return { sideEffects, routes, entry, preloads: [] };
}

/** Class names of the failure notice (Tailwind finds them here). */
const NOTICE_CLASS = "fixed inset-x-4 bottom-4 z-50 mx-auto max-w-xl rounded-lg bg-navy p-4 text-white shadow-lg";
const RETRY_CLASS = "ml-3 rounded-full bg-white px-4 py-1 font-semibold text-navy";

export function bootScript(plan: BootPlan): string {
  const json = (v: unknown) => JSON.stringify(v).replace(/</g, "\\u003c");
  const modules = [...plan.sideEffects, ...plan.routes.map((r) => r.url)];
  const first = plan.sideEffects.length;
  return `(function(){
var modules=${json(modules)},ids=${json(plan.routes.map((r) => r.id))},first=${first},entry=${json(plan.entry)};
var preloads=${json(plan.preloads)},data=${json(plan.data ?? null)},key=${json(RELOAD_KEY)}+location.pathname,started=false;
function chunkName(url){return url.slice(url.lastIndexOf("/")+1).replace(/-[\\w-]{8}\\.js(on)?$/,"").replace(/\\.js(on)?$/,"");}
function settle(url,promise){return new Promise(function(resolve,reject){
var timer=setTimeout(function(){reject({url:url,reason:"timeout"});},${CHUNK_TIMEOUT_MS});
promise.then(function(m){clearTimeout(timer);resolve(m);},function(){clearTimeout(timer);
fetch(url,{method:"HEAD",cache:"no-store"}).then(function(r){reject({url:url,reason:r.ok?"error":"missing"});},function(){reject({url:url,reason:"network error"});});});});}
function load(url){return settle(url,import(url));}
function routeData(url){return settle(url,fetch(url).then(function(r){if(!r.ok)throw r.status;return r.text();})).then(function(text){
var stream=window.__reactRouterContext.streamController;stream.enqueue(text);stream.close();});}
function notice(text){var box=document.createElement("div");box.setAttribute("role","alert");box.className=${json(NOTICE_CLASS)};
var msg=document.createElement("span");msg.textContent=text+".";var retry=document.createElement("button");retry.type="button";retry.className=${json(RETRY_CLASS)};retry.textContent="Retry";
retry.addEventListener("click",function(){location.reload();});box.append(msg,retry);document.body.append(box);}
function failed(f){if(!f||!f.url){console.error(f);return;}
var error=new Error("Loading chunk "+chunkName(f.url)+" failed ("+f.reason+": "+f.url+")");error.name="ChunkLoadError";
var again;try{again=sessionStorage.getItem(key);if(!again)sessionStorage.setItem(key,"1");}catch(e){again="1";}
if(!again){location.reload();return;}
console.error(error);notice(error.message);}
function warm(){var routes=(window.__reactRouterManifest||{}).routes||{};var idle=window.requestIdleCallback||function(f){setTimeout(f,200);};
idle(function(){Object.keys(routes).forEach(function(id){if(routes[id].module)import(routes[id].module).catch(function(){});});});}
function boot(){if(started)return;started=true;
var links=preloads.map(function(href){var link=document.createElement("link");link.rel="modulepreload";link.href=href;return link;});
document.head.append.apply(document.head,links);setTimeout(start,0);}
function start(){Promise.all(modules.map(load).concat(data?[routeData(data)]:[])).then(function(loaded){var byId={};ids.forEach(function(id,i){byId[id]=loaded[first+i];});
window.__reactRouterRouteModules=byId;return load(entry);}).then(function(){try{sessionStorage.removeItem(key);}catch(e){}warm();},failed);}
function afterPaint(){requestAnimationFrame(function(){setTimeout(boot,0);});}
if(document.readyState==="complete")afterPaint();else{addEventListener("load",afterPaint,{once:true});setTimeout(boot,${HYDRATE_TIMEOUT_MS});}
})();`;
}

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;

/** React Router's inline scripts that feed the page's route data into its hydration stream (`<Scripts>`' StreamTransfer). */
const STREAM_ENQUEUE = /<script>window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g;
const STREAM_CLOSE = "<script>window.__reactRouterContext.streamController.close();</script>";

/**
 * Takes the page's route data (the loader data React Router inlines for
 * hydration, 7-60 KB) out of the HTML: the document a visitor waits for is
 * then the content alone, and the data is fetched with the code, after `load`.
 * Returns the data as the stream carried it. Throws if the page has no such
 * scripts, so a React Router upgrade that changes them stops the build.
 */
export function extractRouteData(html: string): { html: string; data: string } {
  const chunks = [...html.matchAll(STREAM_ENQUEUE)].map((m) => JSON.parse(m[1]!) as string);
  if (chunks.length === 0 || !html.includes(STREAM_CLOSE)) {
    throw new Error("No React Router route data (streamController.enqueue / close scripts) found in the page (was React Router upgraded?); cannot move it out of the HTML.");
  }
  return { html: html.replace(STREAM_ENQUEUE, "").replace(STREAM_CLOSE, ""), data: chunks.join("") };
}

/** Replaces React Router's module script and modulepreload links with the deferred boot script; `dataUrl` is where extractRouteData's data was written. */
export function deferHydration(html: string, dataUrl?: string): string {
  const match = MODULE_SCRIPT.exec(html);
  if (!match) throw new Error("No React Router module script found in the page; cannot defer hydration.");
  const plan = parseModuleScript(match[1]!);
  plan.preloads = [...new Set([...html.matchAll(MODULEPRELOAD)].map((m) => m[1]!))];
  plan.data = dataUrl;
  return html.replace(MODULEPRELOAD, "").replace(match[0], () => `<script>${bootScript(plan)}</script>`);
}

const CHARSET = '<meta charSet="utf-8"/>';

/**
 * Holds the first frame until the parser reaches the element with this id
 * (Chromium unblocks when the element is inserted, not when it is closed, so
 * the id is that of the element right after the content: the footer).
 * Browsers without `rel=expect` ignore the link.
 */
export function holdPaintUntilParsed(html: string, id = "site-footer"): string {
  if (!html.includes(` id="${id}"`)) throw new Error(`The page has no element with id="${id}" to wait for before painting.`);
  if (!html.includes(CHARSET)) throw new Error("The page has no <meta charSet=\"utf-8\"/> to put the render-blocking link after.");
  return html.replace(CHARSET, () => `${CHARSET}<link rel="expect" href="#${id}" blocking="render"/>`);
}
