import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 4173);
// The dev server for *.dev.spec.ts (section catalog, drafts): E2E_DEV_PORT, or E2E_PORT + 100.
const devPort = Number(process.env.E2E_DEV_PORT ?? port + 100);
// The dev server for the page builder's tests (*.editor.spec.ts), which write files: its own copy.
const editorPort = Number(process.env.E2E_EDITOR_PORT ?? port + 200);
// `npm run dev` in the project's own folder, for *.own.spec.ts (E2E_OWN_PORT, or E2E_PORT + 300).
const ownPort = Number(process.env.E2E_OWN_PORT ?? port + 300);
// The studio, for *.studio.spec.ts (E2E_STUDIO_PORT, or E2E_PORT + 400).
const studioPort = Number(process.env.E2E_STUDIO_PORT ?? port + 400);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    // Debian's Chromium: no browser download (the machine has no internet).
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // The two chains that run one test after another come first, so that each starts at once on a
    // worker of its own while the many independent tests fill in around them.
    // The page builder and content mistakes in dev, one test after another (one worker): each starts from the committed content.
    {
      name: "editor",
      testMatch: "**/*.editor.spec.ts",
      testIgnore: "**/first-open.editor.spec.ts",
      fullyParallel: false,
      workers: 1,
      timeout: 120_000,
      use: { baseURL: `http://localhost:${editorPort}`, viewport: { width: 1440, height: 900 }, actionTimeout: 15_000, navigationTimeout: 30_000 },
    },
    // The studio for a team: one story, in order (its remote and clone are shared by the tests).
    {
      name: "studio",
      testMatch: "**/*.studio.spec.ts",
      fullyParallel: false,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${studioPort}`, viewport: { width: 1440, height: 900 }, actionTimeout: 15_000 },
    },
    // The production server over the built site (npm test builds first).
    {
      name: "production",
      testIgnore: ["**/*.dev.spec.ts", "**/*.editor.spec.ts", "**/*.own.spec.ts", "**/*.studio.spec.ts"],
      use: { baseURL: `http://localhost:${port}` },
    },
    // What authors preview with npm run dev.
    { name: "dev", testMatch: "**/*.dev.spec.ts", timeout: 90_000, use: { baseURL: `http://localhost:${devPort}` } },
    // Five fresh starts of the builder's dev server, each timed against a limit: after the two
    // chains, whose builds and publishes would otherwise share the machine with them.
    {
      name: "first-open",
      testMatch: "**/first-open.editor.spec.ts",
      dependencies: ["editor", "studio"],
      timeout: 120_000,
      use: { viewport: { width: 1440, height: 900 } },
    },
    // The project's own folder, as an author runs it: its real site-config/, saved in place (the test puts it back).
    { name: "own-folder", testMatch: "**/*.own.spec.ts", timeout: 120_000, use: { baseURL: `http://localhost:${ownPort}` } },
  ],
  webServer: [
    {
      command: `tsx tests/e2e/studio-server.ts ${studioPort}`,
      url: `http://127.0.0.1:${studioPort}/sign-in`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      timeout: 180_000,
    },
    {
      command: `node scripts/react-router.mjs dev --port ${ownPort} --strictPort --host 127.0.0.1`,
      url: `http://localhost:${ownPort}/__edit/api/state`,
      env: { SITE_ROOT: "" },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: "tsx server/main.ts",
      // Every browser test comes from 127.0.0.1: a per-minute enquiry limit
      // meant for the public would fail the suite. Test enquiries go to a
      // throwaway outbox, never to data/.
      env: { PORT: String(port), HOST: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "10000", OUTBOX_DIR: join(tmpdir(), `site-e2e-outbox-${port}`) },
      url: `http://localhost:${port}/`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `tsx tests/e2e/dev-server.ts ${devPort}`,
      url: `http://localhost:${devPort}/__sections`,
      reuseExistingServer: false,
      // SIGTERM lets the script remove its copy of site-config/.
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      timeout: 120_000,
    },
    // The site with a 60-letter word in every text field (tests/e2e/long-words.spec.ts): built here, before the
    // tests, so that the build does not slow the tests that run beside it.
    {
      command: `tsx tests/e2e/long-words-server.ts ${port + 301}`,
      url: `http://localhost:${port + 301}/`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      timeout: 300_000,
    },
    {
      command: `tsx tests/e2e/dev-server.ts ${editorPort} --editor`,
      url: `http://localhost:${editorPort}/__edit/api/state`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      timeout: 120_000,
    },
  ],
});
