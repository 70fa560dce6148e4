/**
 * The build fails loudly: a real build of a copy of the site in which one page is left out of the page pipeline
 * (a plugin added for this test hands /about-us back as rendered) fails, naming that page.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { copySite, repoRoot } from "../helpers/site-copy";

const site = copySite({ buildable: true });
afterAll(() => site.remove());

it("a build in which one page was not finished fails, naming the page", () => {
  const config = join(site.root, "vite.skip-page.config.ts");
  writeFileSync(
    config,
    `import { mergeConfig } from "vite";
import base from ${JSON.stringify(join(repoRoot, "vite.config.ts"))};
import { pagePipelineApi } from ${JSON.stringify(join(repoRoot, "src", "deploy", "vite-plugin.ts"))};

// After the page pipeline has started (plugins run in order): /about-us goes out as React Router rendered it.
let config;
export default mergeConfig(base, {
  plugins: [
    {
      name: "skip-one-page",
      apply: "build",
      configResolved(resolved) {
        config = resolved;
      },
      buildStart() {
        if (this.environment.config.consumer !== "server") return;
        const pipeline = pagePipelineApi(config).pipeline();
        const page = pipeline.page.bind(pipeline);
        pipeline.page = (pathname, html) => (pathname.replace(/\\/$/, "") === "/about-us" ? Promise.resolve(html) : page(pathname, html));
      },
    },
  ],
});
`,
  );
  const env: NodeJS.ProcessEnv = { ...process.env, SITE_ROOT: site.root };
  for (const key of Object.keys(env)) if (key === "NODE_ENV" || key.startsWith("VITEST")) delete env[key];
  const result = spawnSync(join(repoRoot, "node_modules", ".bin", "react-router"), ["build", repoRoot, "--config", config], {
    cwd: repoRoot,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = result.stdout + result.stderr;
  // It got as far as the pre-render: the page was written, then the check found it unfinished.
  expect(output).toContain("Prerender (html): /about-us");
  expect(result.status).not.toBe(0);
  expect(output).toContain("The page for /about-us was written without its scripts deferred");
}, 180_000);
