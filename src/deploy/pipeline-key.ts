/**
 * How entry.server.tsx finds the build's page pipeline (page-pipeline.ts) without importing it:
 * the server bundle stays free of the build's code, and in `npm run dev` there is no pipeline.
 */
export const PAGE_PIPELINE = Symbol.for("vistaar-site.page-pipeline");

/** UTF-8 text in a buffer of its own, which can be handed to another thread. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Pages and data go in and out as UTF-8 bytes; what goes in is handed over and must not be used after. */
export interface PagePipeline {
  /** A pre-rendered page's HTML -> the HTML React Router is to write (its scripts deferred). */
  page(pathname: string, html: Bytes): Promise<Bytes>;
  /** A pre-rendered page data file's body (`/about-us.data`), compressed beside it. */
  data(pathname: string, body: Bytes): Promise<void>;
}

/** The build's pipeline while it pre-renders, else undefined. */
export const pagePipeline = (): PagePipeline | undefined => (globalThis as Record<symbol, PagePipeline | undefined>)[PAGE_PIPELINE];
