// @vitest-environment node
/**
 * The page builder killed (kill -9) in the middle of a burst of saves, ten times: after each
 * restart the content still validates (`npm run validate`), no temporary file is left where
 * content is read, and the builder saves again. The server is a real Vite dev server with the
 * builder's endpoints (tests/helpers/editor-server.ts) in a child process of its own.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editorCall } from "../../helpers/editor-server.ts";
import { copySite, repoRoot, type SiteCopy } from "../../helpers/site-copy.ts";
import { waitFor } from "../../server/helpers.ts";

const FILES = ["site-config/pages/about-us.json", "site-config/pages/services.json", "site-config/pages/contact-us.json", "site-config/pages/thank-you.json"];

let site: SiteCopy;
beforeAll(() => {
  site = copySite();
});
afterAll(() => site?.remove());

interface Builder {
  url: string;
  proc: ChildProcess;
  exited: Promise<unknown>;
}

async function startBuilder(): Promise<Builder> {
  const proc = spawn(process.execPath, ["--import", "tsx", "tests/helpers/editor-server.ts", site.root], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  const match = await waitFor(
    () => `the builder to start (${out})`,
    () => {
      if (proc.exitCode !== null) throw new Error(`exited: ${out}`);
      return /EDITOR_URL=(\S+)/.exec(out);
    },
    60_000,
  );
  return { url: match[1]!, proc, exited };
}

/** Saves `file` again and again, each time from what the last save wrote, until a request fails (the server is gone). */
async function saveInALoop(url: string, file: string, round: number, progress: { saved: number }): Promise<number> {
  const read = await editorCall(url, `/file?path=${file}`).catch(() => null);
  if (!read) return 0;
  const { value } = read.json as { value: Record<string, unknown> };
  let { hash } = read.json as { hash: string };
  let saved = 0;
  for (let n = 0; ; n++) {
    let answer: Awaited<ReturnType<typeof editorCall>>;
    try {
      answer = await editorCall(url, "/save", {
        method: "POST",
        body: {
          path: file,
          value: { ...value, description: `${"Saved again and again while the server is killed: ".repeat(2)}round ${round}, save ${n}.` },
          hash,
        },
      });
    } catch {
      return saved;
    }
    if (answer.status !== 200) throw new Error(`${file}: ${answer.status} ${answer.text}`);
    saved++;
    progress.saved++;
    ({ hash } = answer.json as { hash: string });
  }
}

/** Files other than JSON anywhere under site-config/. */
function strayFiles(dir = join(site.root, "site-config")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? strayFiles(join(dir, e.name)) : e.name.endsWith(".json") ? [] : [join(dir, e.name)],
  );
}

function validate(): { ok: boolean; output: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, SITE_ROOT: site.root };
  delete env.NODE_ENV;
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/validate.ts"], { cwd: repoRoot, env, encoding: "utf8" });
  return { ok: result.status === 0, output: `${result.stdout}\n${result.stderr}` };
}

const tempFolders = () => {
  const base = join(site.root, "node_modules", ".cache", "site-editor");
  return existsSync(base) ? readdirSync(base) : [];
};

describe("kill -9 in the middle of saves", () => {
  it("a temporary file the builder's first version left beside a page is removed when the builder starts", async () => {
    writeFileSync(join(site.root, "site-config", "pages", ".0123456789ab.tmp"), '{"$schema": "../../schemas/page.sch');
    expect(validate().ok).toBe(false);
    const builder = await startBuilder();
    try {
      expect(strayFiles()).toEqual([]);
      expect(validate().ok).toBe(true);
    } finally {
      builder.proc.kill("SIGKILL");
      await builder.exited;
    }
  }, 120_000);

  it("10 rounds: after each, the content validates, no temporary file is in site-config/, and the restarted builder saves", async () => {
    const counts: number[] = [];
    for (let round = 0; round < 10; round++) {
      const builder = await startBuilder();
      // The folder of the builder killed in the round before is gone; only the running one's may be there.
      expect(tempFolders().filter((f) => f !== String(builder.proc.pid))).toEqual([]);
      const progress = { saved: 0 };
      const burst = Promise.all(FILES.map((file) => saveInALoop(builder.url, file, round, progress)));
      // Killed once saves are under way, at a moment that differs from round to round.
      const after = 1 + Math.floor(Math.random() * 12);
      await waitFor(`${after} saves`, () => progress.saved >= after, 60_000, 1);
      await new Promise((r) => setTimeout(r, Math.random() * 20));
      builder.proc.kill("SIGKILL");
      await builder.exited;
      counts.push((await burst).reduce((a, b) => a + b, 0));
      expect(strayFiles(), `round ${round}`).toEqual([]);
      const checked = validate();
      expect(checked.ok, `round ${round}: ${checked.output}`).toBe(true);
    }
    const builder = await startBuilder();
    try {
      const file = await editorCall(builder.url, `/file?path=${FILES[0]}`);
      const { hash, value } = file.json as { hash: string; value: Record<string, unknown> };
      const saved = await editorCall(builder.url, "/save", {
        method: "POST",
        body: { path: FILES[0], value: { ...value, title: "About Us, after ten crashes | Vistaar" }, hash },
      });
      expect(saved.status, saved.text).toBe(200);
      expect(tempFolders().filter((f) => f !== String(builder.proc.pid))).toEqual([]);
    } finally {
      builder.proc.kill("SIGKILL");
      await builder.exited;
    }
    console.log(`kill -9 during saves: 10 rounds, ${counts.join(", ")} saves answered 200 before each kill; validate passed after every one`);
  }, 600_000);
});
