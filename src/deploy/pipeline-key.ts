/**
 * What entry.server.tsx knows of the build's page pipeline (page-pipeline.ts) without importing it:
 * the server bundle stays free of the build's code, and in `npm run dev` there is none. The build's
 * Vite plugin (vite-plugin.ts) hands the pipeline to the server bundle it pre-renders with.
 */

/** UTF-8 text in a buffer of its own, which can be handed to another thread. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Pages and data go in and out as UTF-8 bytes; what goes in is handed over and must not be used after. */
export interface PagePipeline {
  /** A pre-rendered page's HTML -> the HTML React Router is to write (its scripts deferred). */
  page(pathname: string, html: Bytes): Promise<Bytes>;
  /** A pre-rendered page data file's body (`/about-us.data`), compressed beside it. */
  data(pathname: string, body: Bytes): Promise<void>;
}

/** What entry.server.tsx exports for the hand-over: the server build's `entry.module` has it. */
export interface TakesPagePipeline {
  setPagePipeline(pipeline: PagePipeline | undefined): void;
}
