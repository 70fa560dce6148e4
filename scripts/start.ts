/**
 * `npm start`: build the site if anything it is made from is newer than the
 * last build (only the pages that changed, when only content did: npm run build:changed), then
 * start the production server.
 */
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { newestChange } from "../src/lib/files.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// Written last by the build (src/deploy/post-build.ts): a build that failed half-way is built again.
const stamp = join(root, "dist", "site.json");

const inputs = ["src", "site-config", "schemas", "public", "package.json", "vite.config.ts", "react-router.config.ts"];
const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
// src/generated/ is rewritten only on change, by the build itself.
const sources = newestChange(
  inputs.map((p) => join(root, p)),
  new Set(["generated"]),
);
// With STUDIO_DEPLOY=local, dist/ is what the studio last published (studio/deploy.ts): never built over from this folder's files.
if (existsSync(join(root, "dist", ".studio-release"))) {
  console.log("Serving the site the studio published (dist/ is its release).");
} else if (sources > built) {
  console.log(built === 0 ? "No build yet: building the site..." : "Sources changed since the last build: building what changed...");
  const result = spawnSync("npm", ["run", "-s", "build:changed"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("\nThe build failed (see above); the server was not started.");
    process.exit(result.status ?? 1);
  }
} else {
  console.log("The build is up to date.");
}
await import("../server/main.ts");
