// npm run test:full: `npm test` with the longest tests too (FULL_TESTS=1, tests/tiers.ts), about 40
// minutes on a 2-core machine. Run it before a release and after changing the builder, the studio
// or the server.
import { spawnSync } from "node:child_process";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const run = spawnSync(npm, ["test"], { stdio: "inherit", env: { ...process.env, FULL_TESTS: "1" }, shell: process.platform === "win32" });
process.exit(run.status ?? 1);
