/**
 * Renders a page to HTML, at build time (pre-render) and in `npm run dev`.
 *
 * React Router's default streams the page as soon as its shell is ready, for
 * browsers (and waits for everything only for bots). A pre-rendered page is
 * written to a file, so nothing is gained by streaming, and a lot is lost:
 * every Suspense boundary still pending at that moment (each section is one,
 * see PageView) would be written as a hidden <div> moved into place by an
 * inline script, so without JavaScript those sections stay hidden, and with
 * it the browser re-lays out the page after its first paint. Waiting for all
 * content, with no size limit on boundaries written in place, writes every
 * section in place, in document order.
 */
import type { EntryContext, HandleDataRequestFunction } from "react-router";
import { ServerRouter } from "react-router";
import { renderToReadableStream } from "react-dom/server";
import type { PagePipeline, TakesPagePipeline } from "./deploy/pipeline-key.ts";

/** In a build, the page pipeline the build's Vite plugin handed over (src/deploy/vite-plugin.ts); none in `npm run dev`. */
let pagePipeline: PagePipeline | undefined;

// Typed by the hand-over's contract, which the plugin looks for on the server build's entry module.
export const setPagePipeline: TakesPagePipeline["setPagePipeline"] = (pipeline) => {
  pagePipeline = pipeline;
};

/** Gives up on a page whose render has not finished after this long (a hung loader, say). */
export const streamTimeout = 10_000;

export default async function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`Rendering ${request.url} took longer than ${streamTimeout} ms`)), streamTimeout);
  let failed = false;
  try {
    const stream = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
      signal: controller.signal,
      // React writes a finished boundary bigger than this (12,800 bytes by default) out of order too.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failed = true;
        console.error(error);
      },
    });
    await stream.allReady;
    headers.set("Content-Type", "text/html; charset=utf-8");
    // In a build, the page pipeline defers the page's scripts and compresses it (src/deploy/page-pipeline.ts).
    const pipeline = pagePipeline;
    if (!pipeline || failed) return new Response(stream, { status: failed ? 500 : status, headers });
    const html = await pipeline.page(new URL(request.url).pathname, new Uint8Array(await new Response(stream).arrayBuffer()));
    return new Response(html, { status, headers });
  } finally {
    clearTimeout(timer);
  }
}

/** In a build, each page data file is compressed beside it as it is pre-rendered (src/deploy/page-pipeline.ts). */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  const pipeline = pagePipeline;
  if (!pipeline || response.status !== 200) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  // The pipeline takes the bytes it is given (page-pipeline.ts): it gets a copy.
  await pipeline.data(new URL(request.url).pathname, body.slice());
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
};
