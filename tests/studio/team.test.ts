/**
 * The studio as a team meets it (issue 46): the command line against the running studio ends
 * sessions at once; a conflict at publish shows both values and who made them, and the merge says
 * what was kept; history keeps the version a publish set aside; names cannot forge an author; paths
 * are content files taken literally; saves reach the remote's drafts branch, and a studio started
 * from a fresh clone of the remote has them. A real studio (npm run studio's script) on a copy of
 * the project, with a bare repository as the remote.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EDITOR, PUBLISHER, type StudioFixture, studioFixture } from "../helpers/studio-sandbox";
import { StudioClient } from "../helpers/studio-client";
import { loadStudioConfig } from "../../studio/config";

const HOME = "site-config/pages/home.json";
type Page = { sections: { type: string; headline?: string; heading?: string }[] };

let studio: StudioFixture;
const port = 5300 + (process.pid % 90);

beforeAll(async () => {
  studio = await studioFixture({
    port,
    name: "studio-team",
    env: {
      IMAGE_CACHE_DIR: join(import.meta.dirname, "..", "..", "node_modules", ".cache", "site-images"),
      PRECOMPRESS_CACHE_DIR: join(import.meta.dirname, "..", "..", "node_modules", ".cache", "site-precompress"),
    },
  });
  await studio.start();
}, 180_000);
afterAll(async () => {
  await studio?.stop();
  studio?.remove();
}, 60_000);

const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();
const clone = () => join(studio.data, "repo");

/** `npm run studio -- <args>` in the studio's project, as whoever runs it types it (the password on standard input). */
function cli(args: string[], input = "") {
  const env: NodeJS.ProcessEnv = { ...process.env, STUDIO_DATA: studio.data, STUDIO_REMOTE: studio.remote, STUDIO_PORT: String(port) };
  delete env.SITE_ROOT;
  const run = spawnSync(process.execPath, ["--import", "tsx", join(studio.project, "studio", "cli.ts"), ...args], {
    cwd: studio.project,
    env,
    input,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

const api = (client: StudioClient, path: string, init: RequestInit = {}) =>
  fetch(`${studio.url}/__edit/api${path}`, {
    ...init,
    headers: { cookie: `${client.session().name}=${client.session().value}`, origin: studio.url, "x-site-editor": "1", "content-type": "application/json" },
  });

async function signedIn(who: { email: string; password: string }) {
  const client = new StudioClient(studio.url);
  await client.signIn(who);
  return client;
}

async function saveHeadline(client: StudioClient, headline: string) {
  const file = await client.read<Page>(HOME);
  const value = structuredClone(file.value);
  (value.sections[0] as { headline: string }).headline = headline;
  return client.save(HOME, value, file.hash);
}

describe("sessions belong to the running studio", () => {
  test("user reset on the running studio ends the person's sessions at once, and after a restart", async () => {
    const asha = await signedIn(EDITOR);
    expect((await api(asha, "/studio")).status).toBe(200);
    const reset = cli(["user", "reset", EDITOR.email, "--password-stdin"], `${EDITOR.password} again\n`);
    expect(reset.status, reset.out).toBe(0);
    expect(reset.out).toContain("1 session ended");
    expect((await api(asha, "/studio")).status).toBe(401);
    const file = await asha.read<Page>(HOME).catch((err: Error) => err);
    expect(String(file)).toContain("401");
    // Nor after a restart: the running studio did not write the ended session back.
    await studio.stop();
    await studio.start();
    expect((await api(asha, "/studio")).status).toBe(401);
    // The new password works; the old one does not.
    await signedIn({ email: EDITOR.email, password: `${EDITOR.password} again` });
    await expect(signedIn(EDITOR)).rejects.toThrow("401");
    cli(["user", "reset", EDITOR.email, "--password-stdin"], `${EDITOR.password}\n`);
  }, 120_000);

  test("a role change and a removal end sessions too; user add refuses names that would forge an author", async () => {
    const ravi = await signedIn(PUBLISHER);
    const change = cli(["user", "update", PUBLISHER.email, "--role", "editor"]);
    expect(change.out).toContain("is now Ravi Kumar, an editor, who does not see the enquiries; 1 session ended");
    expect((await api(ravi, "/studio")).status).toBe(401);
    cli(["user", "update", PUBLISHER.email, "--role", "publisher"]);
    for (const name of ["Asha <Marketing>", "Evil\nName <root@x>"]) {
      const add = cli(["user", "add", "eve@example.com", "--role", "editor", "--name", name, "--invite"]);
      expect(add.status).toBe(2);
      expect(add.out).toMatch(/must not contain < or >|on one line/);
    }
    const invite = cli(["user", "add", "sam@example.com", "--role", "editor", "--name", "Sam", "--invite"]);
    // The link comes from the running studio's own address.
    expect(invite.out).toContain(`${studio.url}/invite/`);
    const removed = cli(["user", "remove", "sam@example.com"]);
    expect(removed.out).toContain("Removed sam@example.com; 0 sessions ended.");
  }, 120_000);

  test("an account whose name was stored before names were checked cannot sign a commit: refused in words, nothing staged", async () => {
    const file = join(studio.data, "accounts.json");
    const before = readFileSync(file, "utf8");
    const accounts = JSON.parse(before) as { accounts: { email: string; name: string }[] };
    (accounts.accounts.find((a) => a.email === EDITOR.email) as { name: string }).name = "Evil\nName <root@x>";
    writeFileSync(file, JSON.stringify(accounts));
    try {
      const asha = await signedIn(EDITOR);
      const head = git(clone(), "rev-parse", "drafts");
      const error = await saveHeadline(asha, "A forged save").catch((err: Error) => err.message);
      expect(error).toContain("403");
      expect(error).toContain("cannot sign your changes");
      expect(error).toContain(`user update ${EDITOR.email} --name`);
      expect(git(clone(), "rev-parse", "drafts")).toBe(head);
      expect(git(clone(), "status", "--porcelain")).toBe("");
    } finally {
      writeFileSync(file, before);
    }
  });
});

describe("two editors on one file", () => {
  test("a save refused because a colleague saved meanwhile names them, never a hand edit", async () => {
    const asha = await signedIn(EDITOR);
    const ravi = await signedIn(PUBLISHER);
    const stale = await ravi.read<Page>(HOME);
    await saveHeadline(asha, "Asha saved first");
    const value = structuredClone(stale.value);
    (value.sections[0] as { headline: string }).headline = "Ravi saved second";
    const res = await api(ravi, "/save", { method: "POST", body: JSON.stringify({ path: HOME, value, hash: stale.hash }) });
    expect(res.status).toBe(409);
    const { error } = (await res.json()) as { error: string };
    expect(error).toContain(`${EDITOR.name} saved this file`);
    expect(error).not.toContain("by hand");
    expect(((await (await api(ravi, `/file?path=${encodeURIComponent(HOME)}`)).json()) as { savedBy: { name: string } }).savedBy.name).toBe(EDITOR.name);
  });

  test("who saved a file last and when, as a builder reads it, is what Git's log says: after saves, and after a restore", async () => {
    const ABOUT = "site-config/pages/about-us.json";
    const asha = await signedIn(EDITOR);
    const ravi = await signedIn(PUBLISHER);
    const savedBy = async (path: string) =>
      ((await (await api(ravi, `/file?path=${encodeURIComponent(path)}`)).json()) as { savedBy: { name: string; date: string } }).savedBy;
    const logged = (path: string) => {
      const [name, date] = git(clone(), "log", "-1", "--format=%an%x1f%aI", "drafts", "--", path).split("\x1f");
      return { name, date };
    };
    await saveHeadline(asha, "Asha, once");
    const about = await ravi.read<{ title: string }>(ABOUT);
    await ravi.save(ABOUT, { ...about.value, title: `${about.value.title}, by Ravi` }, about.hash);
    await saveHeadline(asha, "Asha, twice");
    for (const path of [HOME, ABOUT]) expect(await savedBy(path)).toEqual(logged(path));
    expect((await savedBy(ABOUT)).name).toBe(PUBLISHER.name);
    // A restore (Git moves the drafts the studio's saves did not): still what the log says.
    const res = await api(ravi, "/discard", { method: "POST", body: JSON.stringify({ path: ABOUT }) });
    expect(res.status).toBe(200);
    for (const path of [HOME, ABOUT]) expect(await savedBy(path)).toEqual(logged(path));
    expect(git(clone(), "log", "-1", "--format=%s", "drafts", "--", ABOUT)).toContain("restored");
  });
});

describe("the clone's small packs", () => {
  // Each commit pass writes a small pack (fast-import): they are joined when the saves pause, not beside them.
  const packs = () => readdirSync(join(clone(), ".git", "objects", "pack")).filter((f) => f.endsWith(".pack")).length;
  test("thirty saves one after another leave thirty small packs while they go on; a moment after they stop, the packs are joined", async () => {
    const asha = await signedIn(EDITOR);
    const before = packs();
    for (let i = 1; i <= 30; i++) await saveHeadline(asha, `Packed, version ${i}`);
    expect(packs()).toBeGreaterThanOrEqual(before + 25);
    await expect.poll(packs, { timeout: 20_000, interval: 250 }).toBeLessThanOrEqual(before + 6);
  }, 120_000);
});

describe("paths from the browser", () => {
  test("discard, restore, history and a version take one content file, literally", async () => {
    const ravi = await signedIn(PUBLISHER);
    const head = git(clone(), "rev-parse", "drafts");
    const discard = await api(ravi, "/discard", { method: "POST", body: JSON.stringify({ path: "site-config/pages/*.json" }) });
    expect(discard.status).toBe(400);
    expect(((await discard.json()) as { error: string }).error).toContain("without wildcards");
    for (const path of ["package.json", "../accounts.json", "site-config/../package.json", ":(glob)site-config/**"]) {
      const version = await api(ravi, `/studio/version?path=${encodeURIComponent(path)}&commit=${head}`);
      expect([400, 403], path).toContain(version.status);
      const history = await api(ravi, `/studio/history?path=${encodeURIComponent(path)}`);
      expect([400, 403], path).toContain(history.status);
      const restore = await api(ravi, "/studio/restore", { method: "POST", body: JSON.stringify({ path, commit: head }) });
      expect([400, 403], path).toContain(restore.status);
    }
    expect(git(clone(), "rev-parse", "drafts")).toBe(head);
    expect((await api(ravi, `/studio/version?path=${encodeURIComponent(HOME)}&commit=${head}`)).status).toBe(200);
  });
});

describe("drafts on the remote", () => {
  test("a save reaches the remote's drafts branch, and a studio on a fresh clone of the remote has it", async () => {
    const asha = await signedIn(EDITOR);
    await saveHeadline(asha, "Kept on the remote too");
    const deadline = Date.now() + 10_000;
    while (git(studio.remote, "rev-parse", "drafts") !== git(clone(), "rev-parse", "drafts") && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(git(studio.remote, "rev-parse", "drafts")).toBe(git(clone(), "rev-parse", "drafts"));
    expect(((await (await api(asha, "/studio")).json()) as { remote: { behind: number } }).remote.behind).toBe(0);
    // The server's disk lost: a new studio with empty data, on the same remote.
    const other = await studioFixture({ port: port + 2, name: "studio-team-new-server" });
    try {
      execFileSync("rm", ["-rf", other.remote]);
      execFileSync("git", ["clone", "-q", "--mirror", studio.remote, other.remote]);
      await other.start();
      const client = new StudioClient(other.url);
      await client.signIn(EDITOR);
      expect((await client.read<Page>(HOME)).value.sections[0]?.headline).toBe("Kept on the remote too");
    } finally {
      await other.stop();
      other.remove();
    }
  }, 180_000);
});

describe("the drafts' copies to the remote", () => {
  test("a burst of saves goes to the remote in a push a second at most, the last within seconds", async () => {
    const asha = await signedIn(EDITOR);
    // The remote's own record of each update of its drafts branch: one line a push.
    git(studio.remote, "config", "core.logAllRefUpdates", "always");
    const pushes = () => git(studio.remote, "reflog", "show", "--format=%H", "drafts", "--").split("\n").filter(Boolean).length;
    await saveHeadline(asha, "Before the burst");
    await new Promise((r) => setTimeout(r, 2_500));
    const before = pushes();
    const started = Date.now();
    for (let i = 1; i <= 12; i++) await saveHeadline(asha, `Burst ${i}`);
    const spent = Date.now() - started;
    const head = git(clone(), "rev-parse", "drafts");
    const deadline = Date.now() + 10_000;
    while (git(studio.remote, "rev-parse", "drafts") !== head && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(git(studio.remote, "rev-parse", "drafts")).toBe(head);
    // The first push at once, then one a second: twelve saves in `spent` ms take at most that many.
    expect(pushes() - before).toBeLessThanOrEqual(Math.ceil(spent / 1000) + 1);
  }, 60_000);
});

describe("the remote out of reach", () => {
  test("saves go on; the studio says how many are on its server only and why, and copies them once the remote is back", async () => {
    const asha = await signedIn(EDITOR);
    const away = `${studio.remote}-away`;
    execFileSync("mv", [studio.remote, away]);
    try {
      await saveHeadline(asha, "Saved while the remote was away");
      await saveHeadline(asha, "Saved again while it was away");
      let remote = { behind: 0, error: null as string | null };
      const deadline = Date.now() + 10_000;
      while (!remote.error && Date.now() < deadline) {
        remote = ((await (await api(asha, "/studio")).json()) as { remote: typeof remote }).remote;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(remote.behind).toBe(2);
      expect(remote.error).toMatch(/remote\.git/);
    } finally {
      execFileSync("mv", [away, studio.remote]);
    }
    // The next retry (or the next save) copies both.
    const deadline = Date.now() + 20_000;
    while (git(studio.remote, "rev-parse", "drafts") !== git(clone(), "rev-parse", "drafts") && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(git(studio.remote, "rev-parse", "drafts")).toBe(git(clone(), "rev-parse", "drafts"));
    expect(((await (await api(asha, "/studio")).json()) as { remote: { behind: number; error: string | null } }).remote).toEqual({ behind: 0, error: null });
  }, 60_000);
});

describe("a conflict at publish, and history", () => {
  test("the conflict holds both values and who made them; the merge names what was kept; history keeps the version set aside", async () => {
    const asha = await signedIn(EDITOR);
    await saveHeadline(asha, "Asha's headline for the launch");
    // A developer changes the same headline on the published branch meanwhile.
    studio.developer("pull", "-q");
    const path = join(studio.developerDir, HOME);
    const page = JSON.parse(readFileSync(path, "utf8")) as Page;
    (page.sections[0] as { headline: string }).headline = "The developer's headline";
    writeFileSync(path, `${JSON.stringify(page, null, 2)}\n`);
    const developer = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=Dev Eloper", "-c", "user.email=dev@example.com", ...args], { cwd: studio.developerDir });
    developer("commit", "-qam", "Headline from the developer");
    developer("push", "-q", "origin", "HEAD:main");

    const ravi = await signedIn(PUBLISHER);
    const outcome = (await ravi.publish()) as {
      status: string;
      files?: {
        path: string;
        title: string;
        conflicts: { key: string; text: string; mine: string[]; theirs: string[] }[];
        mine: { by: { name: string }[] };
        theirs: { by: { name: string }[] };
      }[];
    };
    expect(outcome.status).toBe("conflict");
    const file = outcome.files?.[0];
    expect(file?.title).toBe("Page /");
    expect(file?.mine.by.map((b) => b.name)).toContain(EDITOR.name);
    expect(file?.theirs.by.map((b) => b.name)).toContain("Dev Eloper");
    const conflict = file?.conflicts[0];
    expect(conflict?.text).toBe("section 1 (Hero) was changed on both sides");
    expect(conflict?.mine.join(" ")).toContain("Asha's headline for the launch");
    expect(conflict?.theirs.join(" ")).toContain("The developer's headline");

    // Keep the published version: the merge commit says so, and who lost.
    const id = await (async () => {
      const res = await api(ravi, "/studio/publish", {
        method: "POST",
        body: JSON.stringify({ choices: { [HOME]: { [conflict?.key as string]: "theirs" } } }),
      });
      expect(res.status).toBe(202);
      return ((await res.json()) as { id: string }).id;
    })();
    const deadline = Date.now() + 600_000;
    let done: { status: string } | null = null;
    while (!done && Date.now() < deadline) {
      const { publishing } = await ravi.status();
      if (publishing?.id === id && !publishing.running) done = publishing.outcome;
      else await new Promise((r) => setTimeout(r, 500));
    }
    expect(done?.status).toBe("published");
    const message = git(studio.remote, "log", "-1", "--format=%B", "main");
    expect(message).toContain("1 thing changed on both sides settled");
    expect(message).toContain("Page /: section 1 (Hero) was changed on both sides: kept the published version (Dev Eloper), not the drafts' (Asha Rao)");

    const history = (await (await api(ravi, `/studio/history?path=${encodeURIComponent(HOME)}`)).json()) as {
      message: string;
      author: string;
      setAside?: boolean;
      live?: boolean;
    }[];
    const asides = history.filter((v) => v.setAside);
    expect(asides.map((v) => v.author)).toContain(EDITOR.name);
    expect(history.find((v) => v.author === "Dev Eloper")?.live).toBe(true);
    // Plain `git log` of the drafts shows fewer: the set-aside one is what it hides.
    expect(git(clone(), "log", "--format=%H", "drafts", "--", HOME).split("\n").length).toBeLessThan(history.length);
  }, 600_000);
});

describe("settings", () => {
  test("an https address without a trusted proxy is refused with the fix; the session length's check matches its message", () => {
    expect(() => loadStudioConfig({ STUDIO_REMOTE: "x", STUDIO_ORIGIN: "https://studio.example.com" }, studio.project)).toThrow(
      /TRUST_PROXY is not set: .*TRUST_PROXY=127\.0\.0\.1/,
    );
    expect(() => loadStudioConfig({ STUDIO_REMOTE: "x", STUDIO_ORIGIN: "https://studio.example.com", TRUST_PROXY: "127.0.0.1" }, studio.project)).not.toThrow();
    expect(() => loadStudioConfig({ STUDIO_REMOTE: "x", STUDIO_SESSION_HOURS: "0.002" }, studio.project)).toThrow("between 1 and 720");
    expect(() => loadStudioConfig({ STUDIO_REMOTE: "x", STUDIO_SESSION_HOURS: "1" }, studio.project)).not.toThrow();
  });
});
