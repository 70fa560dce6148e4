/**
 * A team at once (`npm run bench -- --mode team`): `npm run studio` on a copy of the project (a bare
 * repository as its remote, tests/helpers/studio-sandbox.ts) with `--editors` people signed in, each
 * with what an open builder keeps (the live-update stream, and on every change the status it asks
 * for), each saving a heading of their own every 2-5 s for `--seconds` (three of them on one page,
 * in different sections), while a publisher publishes in the middle. Then the same with no pause
 * between saves, for the throughput. Afterwards every acknowledged save is looked for as a commit.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Accounts } from "../../studio/accounts.ts";
import { PUBLISHER, type StudioFixture, studioFixture } from "../../tests/helpers/studio-sandbox.ts";
import { StudioClient } from "../../tests/helpers/studio-client.ts";

type Page = { sections: Record<string, unknown>[] };
/** One editor's own heading: the page and the section whose heading only they change. */
type Slot = { path: string; index: number };

export interface TeamBench {
  editors: number;
  seconds: number;
  /** The median of the quiet publishes (quietRunsMs, fastest first). */
  quietPublishMs: number;
  quietRunsMs: number[];
  loadedPublishMs: number;
  /** Each publish's steps as the publisher saw them. */
  quietSteps: Steps;
  loadedSteps: Steps;
  /** Save answers, in ms, outside and during the publish. */
  outside: number[];
  during: number[];
  refused: number;
  errors: string[];
  acknowledged: number;
  committed: number;
  rssMiB: number;
  /** Its build process's (and any other child's). */
  childrenRssMiB: number;
  /** What the open builders asked after changes, and the drafts' summaries they were sent. */
  asks: number;
  summaries: number;
  burst: { seconds: number; acknowledged: number; refused: number; errors: number };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] as number) : Number.NaN;
};
/** Quiet publishes measured for the baseline (their median). */
const QUIET_RUNS = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMiB = (pid: number) =>
  Number(
    readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith("VmRSS:"))
      ?.split(/\s+/)[1] ?? Number.NaN,
  ) / 1024;
/** The RSS of the processes the studio started and that still run (its build process), added up. */
const childrenRssMiB = (pid: number): number =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .split(" ")
    .filter(Boolean)
    .map(Number)
    .reduce((sum, child) => sum + rssMiB(child) + childrenRssMiB(child), 0);

/** Every (page, section) with a heading of its own: three from about-us first (the page three editors share), then one per other page in turn. */
function slots(project: string): Slot[] {
  const pages = ["about-us", "home", "contact-us", "services", "web-development", "app-development"];
  const per = pages.map((slug) => {
    const path = `site-config/pages/${slug}.json`;
    const page = JSON.parse(readFileSync(join(project, path), "utf8")) as Page;
    // A section with a heading of its own, or a placed shared section (a heading typed there is that page's own).
    return page.sections.flatMap((s, index) => (typeof s.heading === "string" || typeof s.shared === "string" ? [{ path, index }] : []));
  });
  const out: Slot[] = (per[0] ?? []).slice(0, 3);
  const rest = per.map((list, i) => (i === 0 ? list.slice(3) : list));
  for (let round = 0; rest.some((l) => l.length > round); round++)
    for (const list of rest) {
      const slot = list[round];
      if (slot) out.push(slot);
    }
  return out;
}

/**
 * An open builder's live-update stream, and what the builder asks on each change: the site's content
 * state unless the event holds it (all of the state when more than content files changed), and its open file when the change is to that file. The drafts' summary comes on the stream itself.
 */
async function openBuilder(url: string, client: StudioClient, open: string, counted: { asks: number; summaries: number }, stop: AbortSignal) {
  const cookie = `${client.session().name}=${client.session().value}`;
  const res = await fetch(`${url}/__edit/api/events`, { headers: { cookie }, signal: stop });
  const reader = res.body?.getReader();
  if (!reader) return;
  const ask = (path: string) => {
    counted.asks++;
    void fetch(`${url}/__edit/api${path}`, { headers: { cookie }, signal: stop })
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
  };
  void (async () => {
    let buffered = "";
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffered += decoder.decode(value, { stream: true });
        const events = buffered.split("\n\n");
        buffered = events.pop() ?? "";
        for (const event of events) {
          const name = /^event: (.*)$/m.exec(event)?.[1];
          const data = /^data: (.*)$/m.exec(event)?.[1];
          if (name === "drafts") counted.summaries++;
          if (name !== "changed" || !data) continue;
          const { paths = [], content } = JSON.parse(data) as { paths?: string[]; content?: unknown };
          if (!content) ask(paths.length > 0 && paths.every((p) => p.startsWith("site-config/")) ? "/content" : "/state");
          if (paths.length === 0 || paths.includes(open)) ask(`/file?path=${encodeURIComponent(open)}`);
        }
      }
    } catch {}
  })();
}

async function saveLoop(
  client: StudioClient,
  slot: Slot,
  who: number,
  until: number,
  pause: () => number,
  publishing: () => boolean,
  r: TeamBench,
  burst: boolean,
) {
  let n = 0;
  // The builder reads its file once, then saves from what each save's answer says it holds.
  let file = await client.read<Page>(slot.path);
  let { value, hash } = file;
  while (Date.now() < until) {
    n++;
    try {
      const edited = { ...value, sections: value.sections.map((s, i) => (i === slot.index ? { ...s, heading: `Editor ${who}, save ${n}` } : s)) };
      const during = publishing();
      const t = performance.now();
      const answer = await client.saveAnswer(slot.path, edited, hash);
      const ms = performance.now() - t;
      ({ hash } = answer);
      value = answer.merged ?? edited;
      if (burst) r.burst.acknowledged++;
      else {
        r.acknowledged++;
        (during || publishing() ? r.during : r.outside).push(ms);
      }
    } catch (err) {
      const message = (err as Error).message;
      if (message.includes(": 409 ")) burst ? r.burst.refused++ : r.refused++;
      else if (burst) r.burst.errors++;
      else r.errors.push(message.slice(0, 200));
      // Refused: the builder shows the file as it is now.
      file = await client.read<Page>(slot.path);
      ({ value, hash } = file);
    }
    await sleep(pause());
  }
}

/** A publish's steps, each with when the bench first saw it (ms from the click). */
type Steps = { step: string; atMs: number }[];

/** Publishes everything waiting: the publish's own time ("It took"), and its steps. */
async function publishOnce(publisher: StudioClient, steps: Steps = []): Promise<number> {
  const t = performance.now();
  const id = await publisher.startPublish();
  for (;;) {
    const { publishing } = await publisher.status();
    if (publishing?.id === id) for (const step of publishing.log.slice(steps.length)) steps.push({ step, atMs: Math.round(performance.now() - t) });
    if (publishing?.id === id && !publishing.running && publishing.outcome) {
      if (publishing.outcome.status !== "published") throw new Error(`The publish ended ${publishing.outcome.status}: ${publishing.log.join(" / ")}`);
      return (publishing.outcome as { ms?: number }).ms ?? performance.now() - t;
    }
    await sleep(100);
  }
}

export async function runTeamBench(port: number, { editors = 20, seconds = 120, burstSeconds = 30 } = {}): Promise<TeamBench> {
  const sandbox: StudioFixture = await studioFixture({ port, name: "bench-team" });
  const stop = new AbortController();
  try {
    const accounts = new Accounts(join(sandbox.data, "accounts.json"));
    const people = Array.from({ length: editors }, (_, i) => ({ email: `editor${i + 1}@example.com`, password: `a long pass phrase for editor ${i + 1}` }));
    for (const [i, p] of people.entries()) await accounts.add(p.email, `Editor ${i + 1}`, "editor", p.password);
    console.error(`Starting the studio with ${editors} editors...`);
    await sandbox.start();
    const places = slots(sandbox.project);
    if (places.length < editors) throw new Error(`Only ${places.length} headings to share among ${editors} editors.`);
    const clients = await Promise.all(
      people.map(async (p) => {
        const c = new StudioClient(sandbox.url);
        await c.signIn(p);
        return c;
      }),
    );
    const counted = { asks: 0, summaries: 0 };
    for (const [i, c] of clients.entries()) await openBuilder(sandbox.url, c, (places[i] as Slot).path, counted, stop.signal);
    const publisher = new StudioClient(sandbox.url);
    await publisher.signIn(PUBLISHER);

    // The first publish builds the whole site (no earlier build); the quiet one, like the one under load, the pages that changed.
    const first = clients[0] as StudioClient;
    const touch = async (suffix: string) => {
      const page = await first.read<Page>(places[0]?.path as string);
      await first.save(page.path, { ...page.value, title: `${(page.value as { title?: string }).title ?? ""}${suffix}` }, page.hash);
    };
    console.error("A first publish (the whole site), then one of one change (the build process's first over a build)...");
    await touch(" ");
    await publishOnce(publisher);
    await touch(".");
    await publishOnce(publisher);
    // The same pages as the publish under load will take: each editor's heading saved once, then nobody saves meanwhile.
    // Three times, and the median: a publish takes under a second, where one run's noise is a tenth of it.
    console.error(`${QUIET_RUNS} quiet publishes (each of the ${editors} editors saved once before each; nobody saves during them)...`);
    const quiet: { ms: number; steps: Steps }[] = [];
    for (let run = 1; run <= QUIET_RUNS; run++) {
      for (const [i, c] of clients.entries()) {
        const slot = places[i] as Slot;
        const file = await c.read<Page>(slot.path);
        const sections = file.value.sections.map((s, n) => (n === slot.index ? { ...s, heading: `Editor ${i + 1}, before the run (${run})` } : s));
        await c.save(slot.path, { ...file.value, sections }, file.hash);
      }
      const steps: Steps = [];
      quiet.push({ ms: await publishOnce(publisher, steps), steps });
    }
    quiet.sort((a, b) => a.ms - b.ms);
    const { ms: quietPublishMs, steps: quietSteps } = quiet[Math.floor(QUIET_RUNS / 2)] as { ms: number; steps: Steps };

    const r: TeamBench = {
      editors,
      seconds,
      quietPublishMs,
      quietRunsMs: quiet.map((q) => q.ms),
      loadedPublishMs: 0,
      quietSteps,
      loadedSteps: [],
      outside: [],
      during: [],
      refused: 0,
      errors: [],
      acknowledged: 0,
      committed: 0,
      rssMiB: 0,
      childrenRssMiB: 0,
      asks: 0,
      summaries: 0,
      burst: { seconds: burstSeconds, acknowledged: 0, refused: 0, errors: 0 },
    };
    const repo = join(sandbox.data, "repo");
    const before = Number(execFileSync("git", ["rev-list", "--count", "--no-merges", "drafts"], { cwd: repo, encoding: "utf8" }));
    console.error(`${editors} editors saving every 2-5 s for ${seconds} s, a publish in the middle...`);
    let publishing = false;
    const until = Date.now() + seconds * 1000;
    const loops = clients.map((c, i) =>
      saveLoop(
        c,
        places[i] as Slot,
        i + 1,
        until,
        () => 2000 + Math.random() * 3000,
        () => publishing,
        r,
        false,
      ),
    );
    // In the middle (short runs: after the first saves, so there is something to publish).
    await sleep(Math.max(5_000, (seconds * 1000) / 2 - 20_000));
    publishing = true;
    r.loadedPublishMs = await publishOnce(publisher, r.loadedSteps);
    publishing = false;
    await Promise.all(loops);
    r.rssMiB = rssMiB(sandbox.pid() as number);
    r.childrenRssMiB = childrenRssMiB(sandbox.pid() as number);
    r.asks = counted.asks;
    r.summaries = counted.summaries;
    r.committed = Number(execFileSync("git", ["rev-list", "--count", "--no-merges", "drafts"], { cwd: repo, encoding: "utf8" })) - before;

    console.error(`The same ${editors} editors with no pause for ${burstSeconds} s...`);
    const burstUntil = Date.now() + burstSeconds * 1000;
    await Promise.all(
      clients.map((c, i) =>
        saveLoop(
          c,
          places[i] as Slot,
          i + 1,
          burstUntil,
          () => 0,
          () => false,
          r,
          true,
        ),
      ),
    );
    return r;
  } catch (error) {
    // What the studio said last: why it stopped answering, if it did.
    console.error(`The studio's last output:\n${sandbox.output().split("\n").slice(-40).join("\n")}`);
    throw error;
  } finally {
    stop.abort();
    await sandbox.stop();
    sandbox.remove();
  }
}

export function printTeamBench(r: TeamBench): string {
  const ms = (xs: number[]) => `${pct(xs, 50).toFixed(0)} / ${pct(xs, 95).toFixed(0)} / ${pct(xs, 99).toFixed(0)} ms (${xs.length} saves)`;
  return [
    `A team at once: ${r.editors} editors, each with an open builder's stream, saving every 2-5 s for ${r.seconds} s; a publish in the middle`,
    "",
    `  save, outside the publish, p50 / p95 / p99   ${ms(r.outside)}`,
    `  save, during the publish, p50 / p95 / p99    ${ms(r.during)}`,
    `  acknowledged ${r.acknowledged}, commits ${r.committed} (${r.acknowledged === r.committed ? "none lost or doubled" : "MISMATCH"}), refused ${r.refused}, errors ${r.errors.length}`,
    ...r.errors.slice(0, 5).map((e) => `      ${e}`),
    `  publish: quiet ${(r.quietPublishMs / 1000).toFixed(1)} s (median of ${r.quietRunsMs.map((ms) => (ms / 1000).toFixed(2)).join(", ")}), under load ${(r.loadedPublishMs / 1000).toFixed(1)} s (x${(r.loadedPublishMs / r.quietPublishMs).toFixed(2)})`,
    `  studio RSS after the run ${r.rssMiB.toFixed(0)} MiB (its build process ${r.childrenRssMiB.toFixed(0)} MiB more); the open builders asked ${r.asks} times after changes and were sent ${r.summaries} drafts summaries`,
    `  no pause, ${r.burst.seconds} s: ${(r.burst.acknowledged / r.burst.seconds).toFixed(1)} acknowledged saves/s (refused ${r.burst.refused}, errors ${r.burst.errors})`,
  ].join("\n");
}
