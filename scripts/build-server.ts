/**
 * The studio's build process for the worktree its publishes keep (studio/build-process.ts): started
 * in that folder once, it runs `npm run build:changed` there each time it is asked over Node's IPC
 * channel, so a publish does not start Node and load the build's code again, and the checks stay
 * compiled. It exits when the folder's code is no longer what it loaded, after a build that threw,
 * and when the studio goes.
 */
import type { BuildReply, BuildRequest } from "../src/deploy/build-protocol.ts";

process.env.NODE_ENV = "production";
const { reporting, runBuildChanged } = await import("../src/deploy/build-changed.ts");
const { codeHashes, differing } = await import("../src/deploy/build-record.ts");
const { nextBuildGeneration } = await import("../src/content/build-generation.ts");

// The site to build: SITE_ROOT (a test's copy), else this folder, whose code builds it.
const project = process.cwd();
const root = process.env.SITE_ROOT || project;
const loaded = codeHashes(root, project);
const reply = (message: BuildReply) => new Promise<void>((resolve) => process.send?.(message, () => resolve()));

process.on("disconnect", () => process.exit(0));
/** Whether the folder's code is still what this process loaded (a folder that cannot be read is not). */
const current = () => {
  try {
    return differing(loaded, codeHashes(root, project)).length === 0;
  } catch {
    return false;
  }
};

process.on("message", async ({ build }: BuildRequest) => {
  if (!current()) {
    await reply({ stale: build });
    process.exit(0);
  }
  nextBuildGeneration();
  const capture = (text: string) => void reply({ output: `${text}\n` });
  const steps = reporting((line) => void reply({ step: line }), capture);
  try {
    const code = await runBuildChanged(root, { ...steps, cache: process.env.BUILD_CACHE_DIR, project, capture });
    await reply({ done: build, code, ends: false });
  } catch (error) {
    capture(error instanceof Error ? (error.stack ?? error.message) : String(error));
    await reply({ done: build, code: 1, ends: true });
    process.exit(1);
  }
});
