import { tmpdir } from "node:os";
import { join } from "node:path";

/** The draft page tests/e2e/dev-server.ts adds to its copy of site-config/ (and to the header menu). */
export const DRAFT = { slug: "careers", heading: "Careers at Vistaar", menuLabel: "Careers" };

/** Where tests/e2e/dev-server.ts keeps its copy of the content for the server on `port`. */
export const devRoot = (port: number | string) => join(tmpdir(), `site-e2e-dev-${port}`);

/** What tests/e2e/long-words-server.ts tells tests/e2e/long-words.spec.ts about the copy it built and serves. */
export interface LongWordsInfo {
  root: string;
  routes: string[];
  buildOutput: string;
  injected: { fields: number; appended: number; replaced: number; untouched: number };
}

/** Where tests/e2e/long-words-server.ts on `port` keeps its copy of the site (a fixed place, rebuilt on every start). */
export const longWordsRoot = (port: number | string) => join(tmpdir(), `site-e2e-long-words-${port}`);

/** Its LongWordsInfo, written once the copy is built. */
export const longWordsInfo = (port: number | string) => join(longWordsRoot(port), "long-words.json");
