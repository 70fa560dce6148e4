/**
 * The development servers the browser tests run against (playwright.config.ts starts them):
 * `react-router dev` over a copy of site-config/. For *.dev.spec.ts, with one draft page added,
 * linked from the header menu, as an author would preview it before publishing; with `--editor`,
 * for the page builder's tests (*.editor.spec.ts), the copy as it is, committed to a Git
 * repository of its own so that tests can read diffs and put the files back.
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DRAFT, devRoot } from "./dev-fixture.ts";

const repo = join(import.meta.dirname, "..", "..");
const port = process.argv[2] ?? "4273";
const editor = process.argv.includes("--editor");
// A fixed place per port, rebuilt on every start: nothing piles up in /tmp when Playwright kills the server.
const root = devRoot(port);
rmSync(root, { recursive: true, force: true });
mkdirSync(root);
cpSync(join(repo, "site-config"), join(root, "site-config"), { recursive: true });
symlinkSync(join(repo, "schemas"), join(root, "schemas"));
// The page builder writes into public/media/: its tests get a copy.
if (editor) cpSync(join(repo, "public"), join(root, "public"), { recursive: true });
else symlinkSync(join(repo, "public"), join(root, "public"));

if (editor) {
  // A build of the copy (a test builds one) imports the project's packages from its server bundle.
  symlinkSync(join(repo, "node_modules"), join(root, "node_modules"));
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Editor tests", "-c", "user.email=editor-tests@example.com", ...args], { cwd: root, stdio: "ignore" });
  git("init", "-q");
  writeFileSync(join(root, ".gitignore"), "dist/\nschemas\nnode_modules\n");
  git("add", "-A");
  git("commit", "-qm", "The content as the tests start from it");
} else {
  const thankYou = JSON.parse(readFileSync(join(repo, "site-config", "pages", "thank-you.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(
    join(root, "site-config", "pages", `${DRAFT.slug}.json`),
    JSON.stringify(
      {
        $schema: thankYou.$schema,
        title: "Careers | Vistaar Technologies",
        description: "Open roles at Vistaar Technologies in Pune, for engineers and designers.",
        status: "draft",
        sections: [
          { type: "message", heading: DRAFT.heading, text: "We are hiring engineers in Pune. Roles are listed here soon.", cta: { label: "Home", href: "/" } },
        ],
      },
      null,
      2,
    ),
  );
  const settingsFile = join(root, "site-config", "settings.json");
  const settings = JSON.parse(readFileSync(settingsFile, "utf8")) as { navigation: { label: string; href: string }[] };
  settings.navigation.push({ label: DRAFT.menuLabel, href: `/${DRAFT.slug}` });
  writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
}

// As npm run dev starts it (scripts/react-router.mjs: without Vite's envFile deprecation lines).
const child = spawn(process.execPath, [join(repo, "scripts", "react-router.mjs"), "dev", "--port", port, "--strictPort", "--host", "127.0.0.1"], {
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
