import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.ts";
import { E2E_PORTS } from "./tests/e2e/ports.ts";
import { FULL, FULL_ONLY_E2E } from "./tests/tiers.ts";

/** npm test leaves out the longest specs; npm run test:full runs them too (tests/tiers.ts). */
const fullOnly = FULL ? [] : FULL_ONLY_E2E;

const { port, devPort, editorPort, ownPort, studioPort } = E2E_PORTS;

export default defineConfig({
  testIgnore: fullOnly,
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
      testIgnore: ["**/first-open.editor.spec.ts", ...fullOnly],
      fullyParallel: false,
      workers: 1,
      timeout: 120_000,
      // The canvas redraws through the dev server beside two browsers: on a loaded two-core machine
      // (CI) a redraw has outlasted Playwright's default wait (docs/performance.md, "The test run's own time").
      expect: { timeout: 10_000 },
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
      testIgnore: ["**/*.dev.spec.ts", "**/*.editor.spec.ts", "**/*.own.spec.ts", "**/*.studio.spec.ts", ...fullOnly],
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
  // Every server the tests use, started at once (Playwright's webServer list starts one after another).
  globalSetup: "./tests/e2e/servers.ts",
});
