import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { FULL, FULL_ONLY_UNIT } from "./tests/tiers.ts";

// Separate from vite.config.ts: unit tests need neither the React Router
// build plugin nor the content plugin (they call the content module directly).
export default defineConfig({
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  test: {
    // integration/: builds a copy of the site (editor tasks), ~30 s. server/: the real server process.
    include: [
      "tests/unit/**/*.test.{ts,tsx}",
      "tests/builder/**/*.test.{ts,tsx}",
      "tests/server/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/studio/**/*.test.ts",
    ],
    // npm test leaves out the longest files; npm run test:full runs them too (tests/tiers.ts).
    exclude: [...configDefaults.exclude, ...(FULL ? [] : FULL_ONLY_UNIT)],
    environment: "node",
    testTimeout: 20_000,
    // Two files at a time (the default is one on a two-core machine): most of their time is spent
    // waiting for the processes they start (builds, Git, servers).
    maxWorkers: 2,
    // One build kept for all the studios the tests start, as one studio keeps one between its
    // publishes: after the first, a publish builds only what changed (src/deploy/incremental.ts).
    env: { BUILD_CACHE_DIR: join(tmpdir(), "site-tests-build-cache") },
  },
});
