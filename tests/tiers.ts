/**
 * Which tests `npm test` (CI) runs, and which only `npm run test:full` (FULL_TESTS=1) adds: the
 * longest ones, whose behaviour the shorter ones also reach at least once (kill -9 fault injection,
 * nginx in front of the studio, picture encoding from a cold cache, the builder's and studio's
 * accessibility at every size, the studio in the browser, every route's quality checks). On this 2-core machine the whole set
 * takes about 40 minutes, CI has 25; docs/performance.md has the figures.
 */
export const FULL = Boolean(process.env.FULL_TESTS);

/** Vitest files only in the full run. */
export const FULL_ONLY_UNIT = [
  "tests/studio/faults.test.ts",
  "tests/studio/nginx.test.ts",
  "tests/studio/inbox.test.ts",
  "tests/builder/server/editor-crash.test.ts",
  "tests/integration/images.test.ts",
  // A team at once (issue 55) and a new section type made end to end: over 2 minutes together, and
  // the studio's team workflow (issue 48) took their place in npm test's 25 minutes.
  "tests/studio/team-load.test.ts",
  "tests/integration/new-section.test.ts",
];

/** Playwright specs only in the full run. */
export const FULL_ONLY_E2E = [
  "**/accessibility.editor.spec.ts",
  "**/accessibility.studio.spec.ts",
  "**/canvas-tools.editor.spec.ts",
  "**/content-mistakes.editor.spec.ts",
  "**/long-words.spec.ts",
  "**/first-tap.spec.ts",
  "**/first-open.editor.spec.ts",
  // Shared sections and page templates in the browser: their server side is in npm test (tests/unit/shared-sections.test.ts, tests/builder/server/editor-api.test.ts).
  "**/shared-sections.editor.spec.ts",
  // The studio in the browser: its server-side behaviour is in npm test's Vitest files (tests/studio/).
  "**/*.studio.spec.ts",
];
