/**
 * `npm start`: build the site if anything it is made from is newer than the
 * last build, then start the production server.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// Written last by the build (src/deploy/post-build.ts): a build that failed half-way is built again.
const stamp = join(root, "dist", "site.json");

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "generated") continue; // rewritten only on change, by the build itself
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const inputs = ["src", "site-config", "schemas", "public", "package.json", "vite.config.ts", "react-router.config.ts"];
const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sources = Math.max(...inputs.map((p) => newest(join(root, p))));
// With STUDIO_DEPLOY=local, dist/ is what the studio last published (studio/deploy.ts): never built over from this folder's files.
if (existsSync(join(root, "dist", ".studio-release"))) {
  console.log("Serving the site the studio published (dist/ is its release).");
} else if (sources > built) {
  console.log(built === 0 ? "No build yet: building the site (the first time about a minute)..." : "Sources changed since the last build: rebuilding...");
  const result = spawnSync("npm", ["run", "-s", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("\nThe build failed (see above); the server was not started.");
    process.exit(result.status ?? 1);
  }
} else {
  console.log("The build is up to date.");
}
await import("../server/main.ts");
