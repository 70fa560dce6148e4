/**
 * The development server the *.dev.spec.ts browser tests run against
 * (playwright.config.ts starts it): `react-router dev` over a copy of
 * site-config/ with one draft page added, linked from the header menu, as
 * an author would preview it before publishing.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DRAFT } from "./dev-fixture.ts";

const repo = join(import.meta.dirname, "..", "..");
const port = process.argv[2] ?? "4273";
// A fixed place per port, rebuilt on every start: nothing piles up in /tmp when Playwright kills the server.
const root = join(tmpdir(), `site-e2e-dev-${port}`);
rmSync(root, { recursive: true, force: true });
mkdirSync(root);
cpSync(join(repo, "site-config"), join(root, "site-config"), { recursive: true });
symlinkSync(join(repo, "schemas"), join(root, "schemas"));
symlinkSync(join(repo, "public"), join(root, "public"));

const thankYou = JSON.parse(readFileSync(join(repo, "site-config", "pages", "thank-you.json"), "utf8")) as Record<string, unknown>;
writeFileSync(
  join(root, "site-config", "pages", `${DRAFT.slug}.json`),
  JSON.stringify(
    {
      $schema: thankYou.$schema,
      title: "Careers | Vistaar Technologies",
      description: "Open roles at Vistaar Technologies in Pune.",
      status: "draft",
      sections: [{ type: "message", heading: DRAFT.heading, text: "We are hiring engineers in Pune. Roles are listed here soon.", cta: { label: "Home", href: "/" } }],
    },
    null,
    2,
  ),
);
const settingsFile = join(root, "site-config", "settings.json");
const settings = JSON.parse(readFileSync(settingsFile, "utf8")) as { navigation: { label: string; href: string }[] };
settings.navigation.push({ label: DRAFT.menuLabel, href: `/${DRAFT.slug}` });
writeFileSync(settingsFile, JSON.stringify(settings, null, 2));

const child = spawn(join(repo, "node_modules", ".bin", "react-router"), ["dev", "--port", port, "--strictPort", "--host", "127.0.0.1"], {
  cwd: repo,
  env: { ...process.env, SITE_ROOT: root },
  stdio: "inherit",
});
const stop = () => child.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => {
  rmSync(root, { recursive: true, force: true });
  process.exit(code ?? 0);
});
