/**
 * The development servers the browser tests run against (tests/e2e/servers.ts starts them): `npm
 * run dev` in a copy of the whole project (tests/helpers/project-copy.ts), laid out as a checkout is, so
 * the dev server meets the content as it does on an author's machine. For *.dev.spec.ts, with one
 * draft page added, linked from the header menu, as an author would preview it before publishing;
 * with `--editor`, for the page builder's tests (*.editor.spec.ts), the copy as it is, committed to
 * a Git repository of its own so that tests can read diffs and put the files back.
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { copyProject } from "../helpers/project-copy.ts";
import { DRAFT, devRoot } from "./dev-fixture.ts";

const repo = join(import.meta.dirname, "..", "..");
const port = process.argv[2] ?? "4273";
const editor = process.argv.includes("--editor");
// A fixed place per port, rebuilt on every start: nothing piles up in /tmp when Playwright kills the server.
const root = devRoot(port);
copyProject(repo, root);

if (editor) {
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Editor tests", "-c", "user.email=editor-tests@example.com", ...args], { cwd: root, stdio: "ignore" });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "The project as the tests start from it");
} else {
  const thankYou = JSON.parse(readFileSync(join(root, "site-config", "pages", "thank-you.json"), "utf8")) as Record<string, unknown>;
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

// As npm run dev starts it in the copy (scripts/react-router.mjs: without Vite's envFile deprecation lines).
const env: NodeJS.ProcessEnv = { ...process.env };
delete env.SITE_ROOT;
const child = spawn(process.execPath, [join(root, "scripts", "react-router.mjs"), "dev", "--port", port, "--strictPort", "--host", "127.0.0.1"], {
  cwd: root,
  env,
  stdio: "inherit",
});
const stop = () => child.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => {
  rmSync(root, { recursive: true, force: true });
  process.exit(code ?? 0);
});
