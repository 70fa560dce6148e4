/** The ports of the servers the browser tests use (tests/e2e/servers.ts starts them): E2E_PORT and the others, or defaults. */
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = Number(process.env.E2E_PORT ?? 4173);

export const E2E_PORTS = {
  /** The production server over the built site (npm test builds first). */
  port,
  /** The dev server for *.dev.spec.ts (section catalog, drafts). */
  devPort: Number(process.env.E2E_DEV_PORT ?? port + 100),
  /** The dev server for the page builder's tests (*.editor.spec.ts), which write files: its own copy. */
  editorPort: Number(process.env.E2E_EDITOR_PORT ?? port + 200),
  /** `npm run dev` in the project's own folder, for *.own.spec.ts. */
  ownPort: Number(process.env.E2E_OWN_PORT ?? port + 300),
  /** The site with a 60-letter word in every text field (long-words.spec.ts). */
  longWordsPort: port + 301,
  /** The studio, for *.studio.spec.ts. */
  studioPort: Number(process.env.E2E_STUDIO_PORT ?? port + 400),
};

/** The outbox the studio's inbox reads (OUTBOX_DIR), shared with the site server the inbox's test starts. */
export const E2E_INBOX_OUTBOX = join(tmpdir(), `site-e2e-inbox-${port}`);
