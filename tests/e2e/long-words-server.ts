/**
 * The site with a long word in every text field, for tests/e2e/long-words.spec.ts (tests/e2e/servers.ts
 * starts it before the tests, so that its build does not compete with them for the machine): a
 * copy of the content (tests/helpers/long-words.ts), built once by the command `npm run build`
 * runs, then served by the production server on the port given. What the spec needs to know (the
 * copy, its routes, the build's output) is in longWordsInfo(port).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { routePaths } from "../../src/content/routes.ts";
import { injectLongWords } from "../helpers/long-words.ts";
import { copySite, repoRoot } from "../helpers/site-copy.ts";
import { type LongWordsInfo, longWordsInfo, longWordsRoot } from "./dev-fixture.ts";

const port = process.argv[2] ?? "4474";
// A fixed place per port, emptied on every start: nothing piles up in /tmp when Playwright kills the server.
const site = copySite({ buildable: true, at: longWordsRoot(port) });
const outbox = join(site.root, "outbox");
mkdirSync(outbox);
const info = longWordsInfo(port);
const cleanUp = () => site.remove();

const injected = injectLongWords(site, 60);
// `npm run build` without its prebuild step (npm run gen, which writes into this project, not the copy).
const env: NodeJS.ProcessEnv = { ...process.env, SITE_ROOT: site.root };
delete env.NODE_ENV;
const build = spawnSync("npm", ["run", "build", "--ignore-scripts"], { cwd: repoRoot, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
const buildOutput = `${build.stdout}\n${build.stderr}`;
if (build.status !== 0) {
  console.error(`The build of the copy with long words failed:\n${buildOutput.slice(-4000)}`);
  cleanUp();
  process.exit(1);
}
writeFileSync(info, JSON.stringify({ root: site.root, routes: routePaths(site.root, { drafts: false }), buildOutput, injected } satisfies LongWordsInfo));

const server = spawn(join(repoRoot, "node_modules", ".bin", "tsx"), ["server/main.ts"], {
  cwd: repoRoot,
  env: { ...process.env, PORT: port, HOST: "127.0.0.1", SITE_DIR: join(site.root, "dist", "client"), OUTBOX_DIR: outbox },
  stdio: "inherit",
});
const stop = () => server.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
