/**
 * `npm run build:changed`: builds the site rendering only the pages whose content changed since the
 * last build, or the whole site when that cannot be told, saying why (src/deploy/build-changed.ts).
 * Its steps go to the terminal, and to the studio's publish when it started this (Node's IPC channel).
 */
import type { BuildStep } from "../src/deploy/build-protocol.ts";

// Production, as `react-router build` sets it: the live site's routes (drafts left out), and React's
// production build, which reads it when first loaded (hence the import after).
process.env.NODE_ENV = "production";
const { reporting, runBuildChanged } = await import("../src/deploy/build-changed.ts");

const steps = reporting((line) => process.send?.({ step: line } satisfies BuildStep));
const code = await runBuildChanged(process.env.SITE_ROOT || process.cwd(), { ...steps, cache: process.env.BUILD_CACHE_DIR });
process.exit(code);
