import { tmpdir } from "node:os";
import { join } from "node:path";

/** The draft page tests/e2e/dev-server.ts adds to its copy of site-config/ (and to the header menu). */
export const DRAFT = { slug: "careers", heading: "Careers at Vistaar", menuLabel: "Careers" };

/** Where tests/e2e/dev-server.ts keeps its copy of the content for the server on `port`. */
export const devRoot = (port: number | string) => join(tmpdir(), `site-e2e-dev-${port}`);
