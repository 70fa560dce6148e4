/**
 * The architecture's figures (issue 47), from the code as it is and from runs of it:
 *
 *   npm run figures                  this checkout
 *   npm run figures -- --static      the figures read from the code only (no build, a few seconds)
 *
 * From the code: server-sent-event implementations, modules that run git and Git command lines
 * outside builder/server/git.ts, functions over 120 lines in the server-side folders, product
 * files importing scripts/. From runs (under scripts/figures/count-reads.mjs): the reads of
 * site-config/settings.json, which every read of the site makes once, when the builder opens a
 * page and saves it, and in a whole `react-router build`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import ts from "typescript";
import { filesUnder } from "../src/lib/files.ts";
import { copySite } from "../tests/helpers/site-copy.ts";

const root = join(import.meta.dirname, "..");
const PRODUCT = ["src", "server", "builder", "studio"];
const LONG = 120;

const sourcesOf = (dirs: string[]) =>
  dirs.flatMap((dir) => filesUnder(join(root, dir)).filter((f) => /\.(ts|tsx)$/.test(f) && !f.includes(`${join("src", "generated")}`)));

function longFunctions(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && "body" in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const name = node.name?.getText() ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : "(anonymous)");
        if (end - start + 1 > LONG) found.push(`${relative(root, file)}:${start + 1} ${name} (${end - start + 1} lines)`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function staticFigures() {
  const product = sourcesOf(PRODUCT);
  const server = sourcesOf(["server", "builder", "studio"]);
  const text = new Map(product.map((f) => [f, readFileSync(f, "utf8")]));
  const gitModule = join(root, "builder", "server", "git.ts");
  // A module runs git when it names the command to a child process (git.ts: run("git", ...)).
  const runsGit = [...text].filter(([, t]) => /\b(spawn|spawnSync|execFile|execFileSync|run)\(\s*["']git["']/.test(t)).map(([f]) => relative(root, f));
  const gitLines = [...text]
    .filter(([f]) => f !== gitModule)
    .reduce((n, [, t]) => n + (t.match(/\b(spawn|spawnSync|execFile|execFileSync)\(\s*["']git["']|\bgit\(\s*\[/g)?.length ?? 0), 0);
  return {
    "server-sent-event implementations": [...text].filter(([, t]) => t.includes("text/event-stream")).map(([f]) => relative(root, f)),
    "modules that run git": runsGit,
    "git command lines outside builder/server/git.ts": gitLines,
    [`functions over ${LONG} lines (server, builder, studio)`]: longFunctions(server),
    "product files importing scripts/": [...text].filter(([, t]) => /from\s+["'](\.\.\/)+scripts\//.test(t)).map(([f]) => relative(root, f)),
  };
}

/** Runs `args` under the read counter; returns its output and the reads it counted. */
function counted(args: string[], env: NodeJS.ProcessEnv = {}) {
  const dir = mkdtempSync(join(tmpdir(), "figures-"));
  const out = join(dir, "reads");
  try {
    const result = spawnSync(process.execPath, ["--import", join(import.meta.dirname, "figures", "count-reads.mjs"), ...args], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, ...env, FIGURES_READS_OUT: out },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0) throw new Error(`${args.join(" ")} failed:\n${result.stdout.slice(-2000)}\n${result.stderr.slice(-2000)}`);
    return { stdout: result.stdout, reads: Number(readFileSync(out, "utf8")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function runFigures() {
  const tsx = ["--import", "tsx"];
  const save = JSON.parse(
    counted([...tsx, join("scripts", "figures", "save-reads.ts")])
      .stdout.trim()
      .split("\n")
      .at(-1) ?? "{}",
  ) as { opening: number; saves: number[] };
  console.error("Building the site under the read counter (about a minute)...");
  // A copy of the content, built into its own dist/ (SITE_ROOT), as the build tests do: ours is left alone.
  const copy = copySite({ buildable: true });
  let build: ReturnType<typeof counted>;
  try {
    build = counted([join("scripts", "react-router.mjs"), "build"], { SITE_ROOT: copy.root });
  } finally {
    copy.remove();
  }
  return {
    "settings.json reads when the builder opens a page": save.opening,
    "settings.json reads per save": save.saves,
    "settings.json reads in a whole build": build.reads,
  };
}

const figures = { ...staticFigures(), ...(process.argv.includes("--static") ? {} : runFigures()) };
for (const [name, value] of Object.entries(figures)) {
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) {
    console.log(`${name}: ${value.length}`);
    for (const item of value) console.log(`  ${item}`);
  } else console.log(`${name}: ${Array.isArray(value) ? value.join(", ") : value}`);
}
