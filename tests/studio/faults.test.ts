/**
 * The studio stopped dead (SIGKILL, as a power cut or the OOM killer would) in the middle of a save
 * and of a publish, then started again: the clone's working tree is clean and on the drafts branch,
 * every save its editor saw confirmed is there, a publish either happened or did not (never half),
 * the next publish works, and the studio says what it put right. A real studio (npm run studio's
 * script) on a copy of the project, with a bare repository as the remote. Exact moments come from
 * STUDIO_CRASH_AT (studio/crash.ts); the rounds of saves are killed at random moments.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import { filesUnder } from "../../src/lib/files";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { EDITOR, PUBLISHER, type StudioFixture, studioFixture } from "../helpers/studio-sandbox";
import { StudioClient } from "../helpers/studio-client";

const HOME = "site-config/pages/home.json";
type Page = { sections: { type: string; headline?: string; heading?: string }[] };

let studio: StudioFixture;
const port = 4900 + (process.pid % 90);

beforeAll(async () => {
  // Publishes reuse the pictures' copies and compressed scripts the project's builds made (named by
  // content), as a studio reuses its own.
  studio = await studioFixture({
    port,
    name: "studio-faults",
    deploy: "local",
    env: {
      IMAGE_CACHE_DIR: join(import.meta.dirname, "..", "..", "node_modules", ".cache", "site-images"),
      PRECOMPRESS_CACHE_DIR: join(import.meta.dirname, "..", "..", "node_modules", ".cache", "site-precompress"),
    },
  });
}, 180_000);
afterEach(async () => {
  await studio?.stop();
});
afterAll(async () => {
  await studio?.stop();
  studio?.remove();
});

const clone = () => join(studio.data, "repo");
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();
const remoteMain = () => git(studio.remote, "rev-parse", "main");
const remoteHome = () => JSON.parse(git(studio.remote, "show", `main:${HOME}`)) as Page;

/** The clone as a restart must leave it: on drafts, nothing uncommitted, no merge or lock, the content valid. */
function expectConsistent() {
  expect(git(clone(), "symbolic-ref", "--short", "HEAD")).toBe("drafts");
  expect(git(clone(), "status", "--porcelain", "--untracked-files=all")).toBe("");
  for (const left of ["MERGE_HEAD", "index.lock", "HEAD.lock"]) expect(() => readFileSync(join(clone(), ".git", left))).toThrow();
  // The clone, and at most the worktree publishes keep (tidy: nothing changed in it).
  const worktrees = git(clone(), "worktree", "list", "--porcelain").match(/^worktree .*$/gm) ?? [];
  expect(worktrees.filter((line) => !line.endsWith("/work/publish"))).toHaveLength(1);
  for (const line of worktrees.slice(1)) expect(git(line.slice("worktree ".length), "status", "--porcelain")).toBe("");
  execFileSync(process.execPath, ["--import", "tsx", join(studio.project, "scripts", "validate.ts")], {
    cwd: studio.project,
    env: { ...process.env, SITE_ROOT: clone() },
    stdio: "pipe",
  });
}

/** The hero's headline in every version of the home page on the drafts branch. */
const draftHeadlines = () =>
  git(clone(), "log", "--format=%H", "drafts", "--", HOME)
    .split("\n")
    .map((commit) => (JSON.parse(git(clone(), "show", `${commit}:${HOME}`)) as Page).sections[0]?.headline);

async function signedIn(who: typeof EDITOR) {
  const client = new StudioClient(studio.url);
  await client.signIn(who);
  return client;
}

/** Saves the hero's headline; resolves once the studio confirms it. */
async function saveHeadline(client: StudioClient, headline: string) {
  const file = await client.read<Page>(HOME);
  const value = structuredClone(file.value);
  (value.sections[0] as { headline: string }).headline = headline;
  await client.save(HOME, value, file.hash);
}

test("killed at random moments while an editor saves again and again: every confirmed save is there after the restart", async () => {
  const rounds = 4;
  for (let round = 1; round <= rounds; round++) {
    await studio.start();
    // The first start clones the remote: it has no save of anyone's to put back, and says none.
    if (round === 1) expect(studio.output()).not.toContain("Put back files");
    const editor = await signedIn(EDITOR);
    const confirmed: string[] = [];
    let inFlight = "";
    let stopped = false;
    const saving = (async () => {
      for (let i = 1; !stopped; i++) {
        inFlight = `Round ${round}, save ${i}: we build what lasts`;
        try {
          await saveHeadline(editor, inFlight);
          confirmed.push(inFlight);
        } catch {
          return; // the studio is gone
        }
      }
    })();
    // Let a few saves through, then kill it at a moment not chosen by any step of the save.
    while (confirmed.length < 2) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 50 + Math.floor(Math.random() * 400)));
    stopped = true;
    await studio.stop("SIGKILL");
    await saving;
    await studio.start();
    expectConsistent();
    const headlines = draftHeadlines();
    for (const headline of confirmed) expect(headlines, `round ${round}`).toContain(headline);
    // The page holds the last confirmed save, or the one in flight if its commit was made before the kill.
    expect([confirmed.at(-1), inFlight]).toContain((JSON.parse(readFileSync(join(clone(), HOME), "utf8")) as Page).sections[0]?.headline);
    await studio.stop();
  }
}, 300_000);

test("killed after a save's file was written and before its commit: the file is put back, the save was never confirmed, and the studio says so", async () => {
  await studio.start({ STUDIO_CRASH_AT: "save:written" });
  const editor = await signedIn(EDITOR);
  const head = git(clone(), "rev-parse", "drafts");
  await expect(saveHeadline(editor, "Never confirmed to its editor")).rejects.toThrow();
  expect(await studio.ended()).toBe("SIGKILL");
  // The kill left the file written and not committed.
  expect(git(clone(), "status", "--porcelain")).toContain(HOME);
  const before = studio.output().length;
  await studio.start();
  expect(studio.output().slice(before)).toContain(`Put back files written by a save that was not finished (not confirmed to its editor): ${HOME}.`);
  expectConsistent();
  expect(git(clone(), "rev-parse", "drafts")).toBe(head);
  await studio.stop();
}, 120_000);

test("killed in a publish before its push: nothing was published, the drafts are as they were, and the next publish works", async () => {
  await studio.start({ STUDIO_CRASH_AT: "publish:merged" });
  await saveHeadline(await signedIn(EDITOR), "Published after a crash");
  const drafts = git(clone(), "rev-parse", "drafts");
  const published = remoteMain();
  await (await signedIn(PUBLISHER)).startPublish();
  expect(await studio.ended()).toBe("SIGKILL");
  const before = studio.output().length;
  await studio.start();
  expect(studio.output().slice(before)).toMatch(/Removed an unfinished publish's folder \(publish\)/);
  expectConsistent();
  expect(remoteMain()).toBe(published);
  expect(git(clone(), "rev-parse", "drafts")).toBe(drafts);
  const outcome = await (await signedIn(PUBLISHER)).publish();
  expect(outcome.status, outcome.log?.join("\n")).toBe("published");
  expect(remoteHome().sections[0]?.headline).toBe("Published after a crash");
  expect(readFileSync(join(studio.project, "dist", ".studio-release"), "utf8").trim()).toBe(remoteMain());
  await studio.stop();
}, 600_000);

test("killed right after a publish's push: it is published, the drafts catch up, the served site is switched in on restart, and the next publish works", async () => {
  await studio.start({ STUDIO_CRASH_AT: "publish:pushed" });
  await saveHeadline(await signedIn(EDITOR), "Pushed, then the power went");
  const published = remoteMain();
  await (await signedIn(PUBLISHER)).startPublish();
  expect(await studio.ended()).toBe("SIGKILL");
  // The one step that makes it public happened: the remote has it; the drafts and the served site do not yet.
  expect(remoteMain()).not.toBe(published);
  expect(remoteHome().sections[0]?.headline).toBe("Pushed, then the power went");
  expect(git(clone(), "merge-base", "--is-ancestor", "drafts", "origin/main")).toBe("");
  expect(readFileSync(join(studio.project, "dist", ".studio-release"), "utf8").trim()).toBe(published);

  const before = studio.output().length;
  await studio.start();
  const said = () => studio.output().slice(before);
  expect(said()).toMatch(/Removed an unfinished publish's folder/);
  expect(said()).toContain("The drafts caught up with the published site (main), which already had them.");
  expect(said()).toContain("a publish was stopped before switching it in");
  expect(git(clone(), "rev-parse", "drafts")).toBe(remoteMain());
  const deadline = Date.now() + 300_000;
  while (!said().includes("The served site is the published one again") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
  expect(said()).toContain(`The served site is the published one again (${remoteMain().slice(0, 7)}).`);
  expect(readFileSync(join(studio.project, "dist", ".studio-release"), "utf8").trim()).toBe(remoteMain());
  expectConsistent();

  // The release served until now is left exactly as it was by the next publishes, which build over it
  // (the first from the build kept beside the clone, the second in the folder publishes keep).
  for (const headline of ["And published again", "And once more"]) {
    const release = realpathSync(join(studio.project, "dist"));
    const files = () => new Map(filesUnder(release).map((file) => [file, readFileSync(file).toString("base64")]));
    const served = files();
    await saveHeadline(await signedIn(EDITOR), headline);
    const outcome = await (await signedIn(PUBLISHER)).publish();
    expect(outcome.status, outcome.log?.join("\n")).toBe("published");
    expect(remoteHome().sections[0]?.headline).toBe(headline);
    expect(realpathSync(join(studio.project, "dist"))).not.toBe(release);
    expect(files()).toEqual(served);
  }
  await studio.stop();
}, 900_000);

test("killed during a publish of one file, before and after its push: the remote has exactly that file's change or nothing; the other file's changes stay waiting", async () => {
  const ABOUT = "site-config/pages/about-us.json";
  const SETTINGS = "site-config/settings.json";
  const remoteFile = (path: string) => git(studio.remote, "show", `main:${path}`);
  for (const [point, pushed] of [
    ["publish:built", false],
    ["publish:pushed", true],
  ] as const) {
    await studio.start({ STUDIO_CRASH_AT: point });
    const asha = await signedIn(EDITOR);
    const ravi = await signedIn(PUBLISHER);
    const about = await asha.read<{ title: string }>(ABOUT);
    await asha.save(ABOUT, { ...about.value, title: `About us, before ${point}` }, about.hash);
    const settings = await ravi.read<{ phone: { display: string; dial: string } }>(SETTINGS);
    const phone = point === "publish:built" ? { display: "+91 20 4000 1111", dial: "+912040001111" } : { display: "+91 20 4000 2222", dial: "+912040002222" };
    await ravi.save(SETTINGS, { ...settings.value, phone }, settings.hash);
    const was = remoteMain();
    const aboutLive = remoteFile(ABOUT);
    await ravi.startPublish([SETTINGS]);
    expect(await studio.ended()).toBe("SIGKILL");
    if (pushed) {
      // Exactly the chosen file, in one commit on top of what was live.
      expect(git(studio.remote, "rev-parse", "main^")).toBe(was);
      expect(git(studio.remote, "diff", "--name-only", was, "main")).toBe(SETTINGS);
      expect(remoteFile(SETTINGS)).toContain(phone.display);
    } else expect(remoteMain()).toBe(was);
    expect(remoteFile(ABOUT)).toBe(aboutLive);

    const before = studio.output().length;
    await studio.start();
    if (pushed) {
      // The served site is switched to the published one first (a build in its own worktree).
      const deadline = Date.now() + 300_000;
      while (!studio.output().slice(before).includes("The served site is the published one again") && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 500));
    }
    expectConsistent();
    const again = await signedIn(PUBLISHER);
    const status = await fetch(`${studio.url}/__edit/api/studio`, { headers: { cookie: `${again.session().name}=${again.session().value}` } });
    const { pending } = (await status.json()) as { pending: { files: { path: string; by: { name: string }[] }[] } };
    // Asha's change is waiting, as she saved it; the phone number is waiting only if it did not go live.
    expect(pending.files.map((f) => f.path).sort()).toEqual(pushed ? [ABOUT] : [ABOUT, SETTINGS]);
    expect(pending.files.find((f) => f.path === ABOUT)?.by).toEqual([{ name: EDITOR.name, count: 1 }]);
    expect(JSON.parse(git(clone(), "show", `drafts:${ABOUT}`)).title).toBe(`About us, before ${point}`);
    // Everything goes live with the next publish, for the next round to start from nothing waiting.
    const outcome = await again.publish();
    expect(outcome.status, outcome.log?.join("\n")).toBe("published");
    expect(JSON.parse(remoteFile(ABOUT)).title).toBe(`About us, before ${point}`);
    await studio.stop();
  }
}, 1_200_000);
