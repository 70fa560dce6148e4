import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
    environment: "node",
    testTimeout: 20_000,
    // Two files at a time (the default is one on a two-core machine): most of their time is spent
    // waiting for the processes they start (builds, Git, servers).
    maxWorkers: 2,
  },
});
