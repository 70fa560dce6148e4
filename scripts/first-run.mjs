/**
 * How long the README's first run takes: `npm install && npm start` in this folder, timed until
 * the site first answers 200 (then the server is stopped). Run it in a fresh clone, where nothing
 * is installed or built yet:
 *
 *   git clone <repository> /tmp/site && cd /tmp/site && node scripts/first-run.mjs
 *
 * Plain Node (no dependencies): it runs before `npm install`. PORT (default 3000) as for npm start.
 */
import { spawn } from "node:child_process";

const port = Number(process.env.PORT ?? 3000);
const started = performance.now();
const seconds = (from, to = performance.now()) => `${((to - from) / 1000).toFixed(0)} s`;

/** Runs a command with the terminal's output; resolves with its exit code. */
const run = (args, options = {}) => {
  const child = spawn("npm", args, { stdio: "inherit", ...options });
  return { child, done: new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1))) };
};

const install = run(["install"]);
if ((await install.done) !== 0) process.exit(1);
const installed = performance.now();

// Its own process group, so that the server npm start leaves running is stopped with it.
const start = run(["start"], { env: { ...process.env, PORT: String(port) }, detached: true });
let exited = false;
start.done.then(() => {
  exited = true;
});
const up = async () => {
  try {
    return (await fetch(`http://localhost:${port}/`)).status === 200;
  } catch {
    return false;
  }
};
while (!(await up())) {
  if (exited) {
    console.error("npm start stopped before the site answered.");
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const answered = performance.now();
process.kill(-start.child.pid, "SIGTERM");
console.log(
  `\nFirst run: ${seconds(started, answered)} to the first 200 (npm install ${seconds(started, installed)}, npm start ${seconds(installed, answered)}).`,
);
