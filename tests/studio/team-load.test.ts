/**
 * A team at once (issue 55): a publish works on a snapshot of the drafts, so saves made while it
 * runs are answered without waiting for it and go with the next publish; saves of different files
 * are checked side by side; the status every open builder asks for stays small whatever the
 * backlog. A real studio (npm run studio's script) on a copy of the project, a bare repository as
 * its remote.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EDITOR, PUBLISHER, type StudioFixture, studioFixture } from "../helpers/studio-sandbox";
import { StudioClient } from "../helpers/studio-client";

type Titled = { title: string };
const PAGES = ["about-us", "contact-us", "services", "app-development", "web-development"].map((slug) => `site-config/pages/${slug}.json`);

let studio: StudioFixture;
const port = 5500 + (process.pid % 90);
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).trim();

/**
 * 1,000 saves' worth of drafts on the remote before the studio starts, as a busy team leaves them:
 * one commit each, made in one pass by git fast-import in the developer's clone and pushed to drafts.
 */
function backlog(count: number) {
  const dir = studio.developerDir;
  studio.developer("checkout", "--quiet", "-B", "drafts");
  const file = "site-config/pages/thank-you.json";
  const page = JSON.parse(git(dir, "show", `HEAD:${file}`)) as Titled;
  const now = Math.floor(Date.now() / 1000);
  let stream = "";
  for (let i = 1; i <= count; i++) {
    const text = `${JSON.stringify({ ...page, title: `Thank you, take ${i}` }, null, 2)}\n`;
    const message = `Thank you page: title changed to “Thank you, take ${i}”`;
    stream += `commit refs/heads/drafts\nauthor Asha Rao <asha@example.com> ${now + i} +0000\ncommitter Site studio <studio@localhost> ${now + i} +0000\n`;
    stream += `data ${Buffer.byteLength(message)}\n${message}\n${i === 1 ? "from refs/heads/drafts^0\n" : ""}M 100644 inline ${file}\ndata ${Buffer.byteLength(text)}\n${text}\n`;
  }
  execFileSync("git", ["fast-import", "--quiet"], { cwd: dir, input: stream });
  git(dir, "push", "--quiet", "origin", "drafts");
}

beforeAll(async () => {
  studio = await studioFixture({
    port,
    name: "studio-team-load",
    env: {
      IMAGE_CACHE_DIR: join(import.meta.dirname, "..", "..", "node_modules", ".cache", "site-images"),
      PRECOMPRESS_CACHE_DIR: join(import.meta.dirname, "..", "..", "node_modules", ".cache", "site-precompress"),
    },
  });
  backlog(1000);
  await studio.start();
}, 240_000);
afterAll(async () => {
  await studio?.stop();
  studio?.remove();
}, 60_000);

async function signedIn(who: { email: string; password: string }) {
  const client = new StudioClient(studio.url);
  await client.signIn(who);
  return client;
}

/** The outcome of publish `id`, once it has one. */
async function finished(client: StudioClient, id: string): Promise<{ status: string; during?: number }> {
  for (let waited = 0; waited < 900; waited++) {
    const { publishing } = await client.status();
    if (publishing?.id === id && !publishing.running && publishing.outcome) return publishing.outcome;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`Publish ${id} did not finish in 15 minutes.`);
}

async function retitle(client: StudioClient, path: string, title: string) {
  const file = await client.read<Titled>(path);
  return client.save(path, { ...file.value, title }, file.hash);
}

describe("a team at once", () => {
  test("the status with 1,000 unpublished changes: under 16 KiB, with the count, who made them, and the latest few", async () => {
    const asha = await signedIn(EDITOR);
    const res = await fetch(`${studio.url}/__edit/api/studio`, { headers: { cookie: `${asha.session().name}=${asha.session().value}` } });
    const body = await res.text();
    expect(Buffer.byteLength(body)).toBeLessThan(16 * 1024);
    const { pending } = JSON.parse(body) as { pending: { count: number; changes: { message: string }[]; by: { name: string; count: number }[] } };
    expect(pending.count).toBe(1000);
    expect(pending.by).toEqual([{ name: "Asha Rao", count: 1000 }]);
    expect(pending.changes).toHaveLength(20);
    expect(pending.changes[0]?.message).toBe("Thank you page: title changed to “Thank you, take 1000”");
  });

  test("saves of five pages at once are all confirmed, each its own commit by its author", async () => {
    const asha = await signedIn(EDITOR);
    const before = Number(git(join(studio.data, "repo"), "rev-list", "--count", "drafts"));
    await Promise.all(PAGES.map((path, i) => retitle(asha, path, `Side by side ${i + 1}`)));
    const repo = join(studio.data, "repo");
    expect(Number(git(repo, "rev-list", "--count", "drafts"))).toBe(before + PAGES.length);
    expect(git(repo, "log", `-${PAGES.length}`, "--format=%an", "drafts").split("\n")).toEqual(PAGES.map(() => "Asha Rao"));
    for (const [i, path] of PAGES.entries()) expect((JSON.parse(git(repo, "show", `drafts:${path}`)) as Titled).title).toBe(`Side by side ${i + 1}`);
    expect(git(repo, "status", "--porcelain")).toBe("");
  });

  test("two editors from the same reading: different sections both kept in one file; the same field refused, naming who saved it", async () => {
    type Page = { sections: Record<string, unknown>[] };
    const path = "site-config/pages/about-us.json";
    const asha = await signedIn(EDITOR);
    const ravi = await signedIn(PUBLISHER);
    const read = await asha.read<Page>(path);
    const [first, second] = read.value.sections.map((s, i) => ({ s, i })).filter(({ s }) => typeof s.heading === "string");
    if (!first || !second) throw new Error("about-us.json needs two sections with a heading");
    const change = (i: number, heading: string) => ({ ...read.value, sections: read.value.sections.map((s, j) => (j === i ? { ...s, heading } : s)) });
    await asha.save(path, change(first.i, "Asha's heading"), read.hash);
    await ravi.save(path, change(second.i, "Ravi's heading"), read.hash);
    const repo = join(studio.data, "repo");
    const both = JSON.parse(git(repo, "show", `drafts:${path}`)) as Page;
    expect(both.sections[first.i]?.heading).toBe("Asha's heading");
    expect(both.sections[second.i]?.heading).toBe("Ravi's heading");
    expect(git(repo, "log", "-2", "--format=%an", "drafts").split("\n")).toEqual(["Ravi Kumar", "Asha Rao"]);
    // The same field as Asha, from the same reading: refused, with her name, and nothing written.
    await expect(ravi.save(path, change(first.i, "Ravi's too"), read.hash)).rejects.toThrow(/409.*Asha Rao saved this file/);
    expect((JSON.parse(git(repo, "show", `drafts:${path}`)) as Page).sections[first.i]?.heading).toBe("Asha's heading");
  });

  test("saves made while a publish runs are answered before it ends, are not in it, and go with the next one", async () => {
    const ravi = await signedIn(PUBLISHER);
    const asha = await signedIn(EDITOR);
    const id = await ravi.startPublish();
    const running = async () => {
      const { publishing } = await ravi.status();
      return publishing?.id === id && publishing.running;
    };
    // The publish fixes what it publishes once it has fetched (it then says it merges): the saves come after that.
    for (;;) {
      const { publishing } = await ravi.status();
      if (publishing?.log.some((step) => step.startsWith("Merging"))) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // Ten saves, one after another, while the publish validates and builds: each answered while it still runs.
    const during: string[] = [];
    for (let i = 1; i <= 10; i++) {
      await retitle(asha, "site-config/pages/services.json", `Services, saved while publishing ${i}`);
      if (await running()) during.push(`save ${i}`);
    }
    expect(during).toHaveLength(10);
    const outcome = await finished(ravi, id);
    expect(outcome?.status).toBe("published");
    expect(outcome?.during).toBe(10);
    // The site published has the services page as it was when the publish began; the drafts have every save.
    const live = JSON.parse(git(studio.remote, "show", "main:site-config/pages/services.json")) as Titled;
    expect(live.title).toBe("Side by side 3");
    const repo = join(studio.data, "repo");
    expect((JSON.parse(git(repo, "show", "drafts:site-config/pages/services.json")) as Titled).title).toBe("Services, saved while publishing 10");
    // What the next publish takes: exactly those ten (a publish of the drafts is tested in team.test.ts and faults.test.ts).
    expect(git(repo, "rev-list", "--count", "--no-merges", "origin/main..drafts")).toBe("10");
    const subjects = git(repo, "log", "-10", "--format=%s", "--no-merges", "origin/main..drafts").split("\n");
    expect(subjects.map((s) => /“Services, saved while publishing (\d+)”$/.exec(s)?.[1])).toEqual(["10", "9", "8", "7", "6", "5", "4", "3", "2", "1"]);
  }, 900_000);
});
