/**
 * The studio for a team (`npm run bench -- --mode studio`): `npm run studio` run as a team runs it,
 * on a copy of the project with a bare repository in a temporary folder as the remote
 * (tests/helpers/studio-sandbox.ts), and timed from outside:
 *
 * - start: from the process's spawn to "Studio ready" (the first start also clones the remote and
 *   builds the studio's app when it is not built; a restart does neither);
 * - memory: the process's resident set (VmRSS) idle after the start, and after the saves;
 * - save to commit: an editor's Save over HTTP, from the request to the answer, which comes once
 *   the commit is made (`--saves`, default 100, one after another);
 * - publish: the whole of it (fetch, merge, npm run validate, npm run build, push), with when each
 *   step began, as the studio reports them; then a publish of one page while another's change waits;
 * - a preview link of one waiting page: from the request to the link's build being ready;
 * - a publish scheduled a minute ahead: from its time to the change being on the remote's main
 *   (built ahead of its time, pushed at it);
 * - the editor: open, keystroke and reorder in the studio (the builder's production build), signed
 *   in, beside Puck 0.23's production build, in the same run (scripts/bench/editor.ts).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { PreviewLink } from "../../builder/shared/types.ts";
import { toWall } from "../../studio/schedules.ts";
import { EDITOR, PUBLISHER, studioFixture } from "../../tests/helpers/studio-sandbox.ts";
import { StudioClient } from "../../tests/helpers/studio-client.ts";
import { type EditorBench, printEditorBench, runEditorBench } from "./editor.ts";

export interface StudioBench {
  firstStartMs: number;
  startMs: number[];
  rssIdleMiB: number;
  rssAfterSavesMiB: number;
  saves: number;
  saveMs: number[];
  publishMs: number;
  publishSteps: { step: string; atMs: number }[];
  publishStatus: string;
  /** A publish of one page while another page's change stays waiting. */
  onePage: Timed;
  /** From asking for a preview link of one waiting page to its build being ready. */
  previewMs: number;
  /** A publish scheduled a minute ahead: from its time to the change on the remote (negative: never before it). */
  scheduledLiveMs: number;
  editor: EditorBench | null;
}

interface Timed {
  ms: number;
  steps: { step: string; atMs: number }[];
  status: string;
}

/** A publish (of `files`, or everything) from the request to its outcome, with when each step began. */
async function timedPublish(publisher: StudioClient, files?: string[]): Promise<Timed> {
  const t = performance.now();
  const id = await publisher.startPublish(files);
  const steps: { step: string; atMs: number }[] = [];
  for (;;) {
    const { publishing } = await publisher.status();
    const log = publishing?.id === id ? publishing.log : [];
    for (const step of log.slice(steps.length)) steps.push({ step, atMs: performance.now() - t });
    if (publishing?.id === id && !publishing.running && publishing.outcome) return { ms: performance.now() - t, steps, status: publishing.outcome.status };
    await sleep(100);
  }
}

const HOME = "site-config/pages/home.json";
const ABOUT = "site-config/pages/about-us.json";
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] as number) : Number.NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A process's resident set in MiB, from /proc (Linux). */
const rssMiB = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.split(/\s+/)[1] ?? Number.NaN) / 1024;
};

export async function runStudioBench(root: string, port: number, { saves = 100, restarts = 3, editor = true } = {}): Promise<StudioBench> {
  const sandbox = await studioFixture({ port, name: "bench-studio" });
  try {
    let t = performance.now();
    console.error("The studio's first start (clones the remote, builds the studio's app if needed)...");
    await sandbox.start();
    const firstStartMs = performance.now() - t;
    const startMs: number[] = [];
    for (let i = 0; i < restarts; i++) {
      await sandbox.stop();
      t = performance.now();
      await sandbox.start();
      startMs.push(performance.now() - t);
    }
    await sleep(5000);
    const pid = sandbox.pid() as number;
    const rssIdleMiB = rssMiB(pid);

    console.error(`${saves} saves by an editor...`);
    const client = new StudioClient(sandbox.url);
    await client.signIn(EDITOR);
    const saveMs: number[] = [];
    let file = await client.read<{ sections: { headline?: string }[] }>(HOME);
    const headline = file.value.sections[0]?.headline as string;
    for (let i = 1; i <= saves; i++) {
      const value = structuredClone(file.value);
      (value.sections[0] as { headline: string }).headline = `We build what lasts, version ${i}`;
      t = performance.now();
      const hash = await client.save(HOME, value, file.hash);
      saveMs.push(performance.now() - t);
      file = { ...file, value, hash };
    }
    await sleep(2000);
    const rssAfterSavesMiB = rssMiB(pid);
    // The page as it was: the published site, and the editor arms, start from its headline.
    const original = await client.read<{ sections: { headline?: string }[] }>(HOME);
    const first = structuredClone(original.value);
    (first.sections[0] as { headline: string }).headline = headline;
    await client.save(HOME, first, original.hash);
    // The headline is as published again: one change elsewhere, for the publish to have something to take.
    const about = await client.read<{ title: string }>(ABOUT);
    await client.save(ABOUT, { ...about.value, title: "About us, benchmarked" }, about.hash);

    console.error("Publishing (validate, build, push)...");
    const publisher = new StudioClient(sandbox.url);
    await publisher.signIn(PUBLISHER);
    const whole = await timedPublish(publisher);

    console.error("Publishing one page of two waiting...");
    for (const [path, title] of [
      [HOME, "Home, published alone"],
      [ABOUT, "About us, left waiting"],
    ] as const) {
      const page = await client.read<{ title: string }>(path);
      await client.save(path, { ...page.value, title }, page.hash);
    }
    const onePage = await timedPublish(publisher, [HOME]);

    console.error("A preview link of one waiting page...");
    const waitingAbout = await client.read<{ title: string }>(ABOUT);
    await client.save(ABOUT, { ...waitingAbout.value, title: "About us, previewed" }, waitingAbout.hash);
    t = performance.now();
    const made = (await (await publisher.api("/studio/previews", { files: [ABOUT] })).json()) as { preview: PreviewLink };
    for (;;) {
      const list = ((await (await publisher.api("/studio/previews")).json()) as { previews: PreviewLink[] }).previews;
      const state = list.find((p) => p.id === made.preview.id)?.state;
      if (state === "ready") break;
      if (state !== "building") throw new Error(`The preview link was not built (${state}).`);
      await sleep(100);
    }
    const previewMs = performance.now() - t;

    console.error("A publish scheduled a minute ahead (waits for its time)...");
    const at = Math.ceil((Date.now() + 60_000) / 60_000) * 60_000;
    const scheduled = await publisher.api("/studio/schedules", { wall: toWall(at, "Asia/Kolkata"), files: [ABOUT] });
    if (scheduled.status !== 201) throw new Error(`Scheduling failed: ${await scheduled.text()}`);
    const liveTitle = () =>
      (JSON.parse(execFileSync("git", ["--git-dir", sandbox.remote, "show", `main:${ABOUT}`], { encoding: "utf8" })) as { title: string }).title;
    while (liveTitle() !== "About us, previewed") {
      if (Date.now() > at + 300_000) throw new Error("The scheduled publish was not live 5 minutes after its time.");
      await sleep(100);
    }
    const scheduledLiveMs = Date.now() - at;

    const editorBench = editor
      ? await runEditorBench(root, port + 2, { arms: ["studio", "puck"], studio: { url: sandbox.url, cookie: client.session() } })
      : null;
    return {
      firstStartMs,
      startMs,
      rssIdleMiB,
      rssAfterSavesMiB,
      saves,
      saveMs,
      publishMs: whole.ms,
      publishSteps: whole.steps,
      publishStatus: whole.status,
      onePage,
      previewMs,
      scheduledLiveMs,
      editor: editorBench,
    };
  } finally {
    await sandbox.stop();
    sandbox.remove();
  }
}

export function printStudioBench(r: StudioBench): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [
    "The studio for a team (npm run studio on a copy of the project, a bare repository as the remote)",
    "",
    `  first start (clone, the studio's app built if needed)   ${s(r.firstStartMs)}`,
    `  start (median of ${r.startMs.length} restarts)                         ${s(pct(r.startMs, 50))}`,
    `  memory (RSS) idle                                        ${r.rssIdleMiB.toFixed(0)} MiB`,
    `  memory (RSS) after ${r.saves} saves                            ${r.rssAfterSavesMiB.toFixed(0)} MiB`,
    `  save to commit, p50 / p95 / max (${r.saves} saves)            ${pct(r.saveMs, 50).toFixed(0)} / ${pct(r.saveMs, 95).toFixed(0)} / ${Math.max(...r.saveMs).toFixed(0)} ms`,
    `  publish (fetch, merge, validate, build, push): ${r.publishStatus.padEnd(9)} ${s(r.publishMs)}`,
    ...r.publishSteps.map((p) => `      at ${s(p.atMs).padStart(7)}  ${p.step}`),
    `  publish one page (another waiting): ${r.onePage.status.padEnd(9)}           ${s(r.onePage.ms)}`,
    ...r.onePage.steps.map((p) => `      at ${s(p.atMs).padStart(7)}  ${p.step}`),
    `  a preview link of one page, asked to ready (a build)       ${s(r.previewMs)}`,
    `  a publish scheduled a minute ahead: live after its time    ${s(r.scheduledLiveMs)}`,
  ];
  if (r.editor) lines.push("", printEditorBench(r.editor));
  return lines.join("\n");
}
