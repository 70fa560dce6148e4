/**
 * How entry.server.tsx finds the build's page pipeline (page-pipeline.ts) without importing it:
 * the server bundle stays free of the build's code, and in `npm run dev` there is no pipeline.
 */
export const PAGE_PIPELINE = Symbol.for("vistaar-site.page-pipeline");

export interface PagePipeline {
  /** A pre-rendered page's HTML -> the HTML React Router is to write (its scripts deferred). */
  page(pathname: string, html: string): Promise<string>;
  /** A pre-rendered page data file's body (`/about-us.data`), compressed beside it. */
  data(pathname: string, body: string): Promise<void>;
}

/** The build's pipeline while it pre-renders, else undefined. */
export const pagePipeline = (): PagePipeline | undefined => (globalThis as Record<symbol, PagePipeline | undefined>)[PAGE_PIPELINE];
