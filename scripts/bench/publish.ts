/**
 * Publish to live (issue 49): in a studio sandbox that deploys locally (STUDIO_DEPLOY=local) with
 * the production server serving its dist/, from the publisher's click to the new text served, for a
 * heading on one page, a collection entry shown on three pages (a service's short description: the
 * home page, /services and its own page) and the settings (every page); beside the full
 * `npm run build` of the same site. For this site and for one with 1,000 pages.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { EDITOR, PUBLISHER, studioFixture } from "../../tests/helpers/studio-sandbox.ts";
import { StudioClient } from "../../tests/helpers/studio-client.ts";
import { addPages } from "./scale.ts";

export interface PublishCase {
  name: string;
  /** From the publish's start to the new text served by the production server. */
  liveMs: number;
  /** The build's own report of what it did (its last step). */
  built: string;
  /** Each step of the publish, with when it began (ms from the click). */
  steps: { step: string; atMs: number }[];
}

export interface PublishSite {
  pages: number;
  routes: number;
  fullBuildMs: number;
  /** The first publish: no earlier build to start from. */
  first: PublishCase;
  cases: PublishCase[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Json = Record<string, unknown> & { sections?: Record<string, unknown>[]; items?: Record<string, unknown>[] };

async function waitForText(url: string, text: string, deadline: number): Promise<void> {
  for (;;) {
    // A connection the server closed (its keep-alive timeout) is asked again.
    const body = await fetch(url)
      .then((res) => (res.ok ? res.text() : ""))
      .catch(() => "");
    if (body.includes(text)) return;
    if (Date.now() > deadline) throw new Error(`${url} did not show "${text}" in time.`);
    await sleep(25);
  }
}

async function startServer(project: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", join(project, "server", "main.ts")], {
    cwd: project,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`http://127.0.0.1:${port}/`).catch(() => null))?.ok) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The production server did not start:\n${output}`);
    await sleep(100);
  }
  return child;
}

async function benchSite(port: number, pages: number): Promise<PublishSite> {
  const sandbox = await studioFixture({
    port,
    deploy: "local",
    name: `publish-${pages}`,
    prepare: (project) => {
      if (pages > 7) addPages(join(project, "site-config", "pages"), pages);
    },
  });
  let server: ChildProcess | undefined;
  try {
    console.error(`${pages} pages: the full build (npm run build)...`);
    let t = performance.now();
    const full = spawnSync("npm", ["run", "-s", "build"], { cwd: sandbox.project, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
    if (full.status !== 0) throw new Error(`npm run build failed:\n${full.stderr.slice(-3000)}`);
    const fullBuildMs = performance.now() - t;
    const routes = Number(/(\d+) pages deferred/.exec(full.stdout)?.[1] ?? 0);
    await sandbox.start();
    const editor = await StudioClient.as(sandbox.url, EDITOR);
    const publisher = await StudioClient.as(sandbox.url, PUBLISHER);
    const serverPort = port + 5; // port + 1 is the studio's preview server

    /** Saves `change` to `path` as the editor, publishes, and times the publish until `route` serves `text`. */
    const timed = async (name: string, path: string, change: (value: Json) => void, route: string, text: string): Promise<PublishCase> => {
      const file = await editor.read<Json>(path);
      const value = structuredClone(file.value);
      change(value);
      await editor.save(path, value, file.hash);
      console.error(`${pages} pages: ${name}...`);
      t = performance.now();
      const id = await publisher.startPublish();
      const steps: PublishCase["steps"] = [];
      let watching = true;
      const watch = (async () => {
        while (watching) {
          // The studio gone (the bench failing elsewhere) ends the watch: that failure is the one to show.
          const answer = await publisher.status().catch(() => null);
          if (!answer) break;
          const { publishing } = answer;
          if (publishing?.id === id) for (const step of publishing.log.slice(steps.length)) steps.push({ step, atMs: performance.now() - t });
          await sleep(250);
        }
      })();
      server ??= await (async () => {
        // The first publish switches dist/ in: the server starts on it.
        const outcome = await publisher.waitForPublish(id);
        if (outcome.status !== "published") throw new Error(`The publish ended ${outcome.status}: ${JSON.stringify(outcome)}`);
        return startServer(sandbox.project, serverPort);
      })();
      await waitForText(`http://127.0.0.1:${serverPort}${route}`, text, Date.now() + 600_000);
      const liveMs = performance.now() - t;
      const outcome = await publisher.waitForPublish(id);
      watching = false;
      await watch;
      const log = outcome.log ?? [];
      return {
        name,
        liveMs,
        steps,
        built: log.find((line) => /^(Built|Nothing changed)/.test(line)) ?? log.find((line) => line.startsWith("Building the whole site")) ?? "",
      };
    };
    const stamp = Date.now().toString(36);
    const first = await timed(
      "the first publish (no earlier build)",
      "site-config/pages/about-us.json",
      (v) => {
        (v.sections?.[0] as { title: string }).title = `About us ${stamp}`;
      },
      "/about-us",
      `About us ${stamp}`,
    );
    const cases = [
      await timed(
        "a heading on one page",
        "site-config/pages/about-us.json",
        (v) => {
          (v.sections?.[0] as { title: string }).title = `About us, again ${stamp}`;
        },
        "/about-us",
        `About us, again ${stamp}`,
      ),
      await timed(
        "a collection entry shown on 3 pages",
        "site-config/collections/services.json",
        (v) => {
          (v.items?.[0] as { smallDescription: string }).smallDescription = `Production AI features built on your own data, measured ${stamp}.`;
        },
        "/services",
        `Production AI features built on your own data, measured ${stamp}.`,
      ),
      await timed(
        "the settings (every page)",
        "site-config/settings.json",
        (v) => {
          (v.footer as { copyright: string }).copyright = `Vistaar Technologies Pvt. Ltd. ${stamp}`;
        },
        "/contact-us",
        `Vistaar Technologies Pvt. Ltd. ${stamp}`,
      ),
    ];
    return { pages, routes, fullBuildMs, first, cases };
  } finally {
    server?.kill();
    await sandbox.stop();
    sandbox.remove();
  }
}

export async function runPublishBench(port: number, sizes: number[] = [7, 1000]): Promise<PublishSite[]> {
  const sites: PublishSite[] = [];
  for (const [i, pages] of sizes.entries()) sites.push(await benchSite(port + 10 * i, pages));
  return sites;
}

export function printPublishBench(sites: PublishSite[]): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = ["Publish to live (STUDIO_DEPLOY=local; from the publisher's click to the new text served by the production server):"];
  for (const site of sites) {
    lines.push(`  ${site.pages} pages (${site.routes} routes): full npm run build ${s(site.fullBuildMs)}`);
    for (const c of [site.first, ...site.cases]) {
      lines.push(`    ${c.name.padEnd(40)} ${s(c.liveMs).padStart(7)}  x${(c.liveMs / site.fullBuildMs).toFixed(2)} of the full build   ${c.built}`);
      if (process.env.BENCH_STEPS) for (const step of c.steps) lines.push(`        at ${s(step.atMs).padStart(7)}  ${step.step}`);
    }
  }
  return lines.join("\n");
}
