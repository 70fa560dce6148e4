/**
 * Publishing some pages, not everything (issue 48): two editors save different files, a publisher
 * publishes one; the remote's live branch has exactly that file's change, the other stays waiting
 * with its saves and authors, and a later publish takes it. A picture a chosen page uses goes with
 * it; a page that needs a change still waiting in another file is refused in words, with nothing
 * pushed. Review: asked with a note, sent back with a comment, asked again, published; required
 * per site. A real studio (npm run studio's script) with a bare repository as the remote.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Accounts } from "../../studio/accounts";
import type { PendingChanges } from "../../builder/shared/types";
import { EDITOR, PUBLISHER, type StudioFixture, studioFixture } from "../helpers/studio-sandbox";
import { StudioClient } from "../helpers/studio-client";

const SECOND_EDITOR = { email: "meera@example.com", name: "Meera Iyer", password: "a third long pass phrase" };
const ABOUT = "site-config/pages/about-us.json";
const SETTINGS = "site-config/settings.json";
const SHARED = "shared/contact.json";
type Page = { title: string; sections: Record<string, unknown>[] };
type Settings = { phone: { display: string; dial: string } };

let studio: StudioFixture;
const port = 5500 + (process.pid % 90);

beforeAll(async () => {
  studio = await studioFixture({
    port,
    name: "studio-team-publish",
    env: {
      IMAGE_CACHE_DIR: join(import.meta.dirname, "..", "..", "node_modules", ".cache", "site-images"),
      PRECOMPRESS_CACHE_DIR: join(import.meta.dirname, "..", "..", "node_modules", ".cache", "site-precompress"),
    },
  });
  await new Accounts(join(studio.data, "accounts.json")).add(SECOND_EDITOR.email, SECOND_EDITOR.name, "editor", SECOND_EDITOR.password);
  await studio.start();
}, 180_000);
afterAll(async () => {
  await studio?.stop();
  studio?.remove();
}, 60_000);

/** The remote's file as its live branch has it. */
const live = (path: string) => execFileSync("git", ["--git-dir", studio.remote, "show", `main:${path}`], { encoding: "utf8" });

const signedIn = (who: { email: string; password: string }) => StudioClient.as(studio.url, who);

async function waiting(client: StudioClient): Promise<PendingChanges> {
  const res = await fetch(`${studio.url}/__edit/api/studio`, { headers: { cookie: `${client.session().name}=${client.session().value}` } });
  return ((await res.json()) as { pending: PendingChanges }).pending;
}

async function edit<T>(client: StudioClient, path: string, change: (value: T) => void) {
  const file = await client.read<T & Record<string, unknown>>(path);
  const value = structuredClone(file.value);
  change(value);
  return client.save(path, value, file.hash);
}

describe("publish some pages", () => {
  test("only the phone number goes live; About us stays waiting with its saves; a new save of the phone number waits alone", async () => {
    const asha = await signedIn(EDITOR);
    const meera = await signedIn(SECOND_EDITOR);
    const ravi = await signedIn(PUBLISHER);
    for (const n of [1, 2, 3])
      await edit<Page>(asha, ABOUT, (page) => {
        page.title = `About us, draft ${n}`;
      });
    await edit<Settings>(meera, SETTINGS, (s) => {
      s.phone = { display: "+91 20 4000 1234", dial: "+912040001234" };
    });

    const before = await waiting(ravi);
    const byPath = (p: PendingChanges) => [...p.files].sort((a, b) => a.path.localeCompare(b.path));
    expect(byPath(before).map((f) => [f.path, f.count, f.by])).toEqual([
      [ABOUT, 3, [{ name: "Asha Rao", count: 3 }]],
      [SETTINGS, 1, [{ name: "Meera Iyer", count: 1 }]],
    ]);
    expect(byPath(before)[0]?.title).toBe("Page /about-us");
    expect(before.count).toBe(4);

    // An editor cannot publish, not even one file.
    await expect(meera.startPublish([SETTINGS])).rejects.toThrow(/^Publish: 403 /);
    const outcome = await ravi.publish(600_000, [SETTINGS]);
    expect(outcome.status, outcome.log?.join("\n")).toBe("published");
    expect(outcome.files).toEqual(["Settings"]);
    expect(outcome.waiting).toBe(1);
    expect((JSON.parse(live(SETTINGS)) as Settings).phone.display).toBe("+91 20 4000 1234");
    expect((JSON.parse(live(ABOUT)) as Page).title).not.toContain("draft");
    // One plain commit by the publisher, saying what went live and whose change it was.
    const subject = execFileSync("git", ["--git-dir", studio.remote, "log", "-1", "--format=%an|%s|%P", "main"], { encoding: "utf8" }).trim().split("|");
    expect(subject[0]).toBe("Ravi Kumar");
    expect(subject[1]).toBe("Publish Settings: 1 change by Meera Iyer");
    expect(subject[2]?.split(" ")).toHaveLength(1);

    const after = await waiting(ravi);
    expect(after.files.map((f) => [f.path, f.count])).toEqual([[ABOUT, 3]]);
    expect(after.count).toBe(3);
    expect(after.by).toEqual([{ name: "Asha Rao", count: 3 }]);
    // Asha's drafts are untouched: the file she reads is her latest save.
    expect((await asha.read<Page>(ABOUT)).value.title).toBe("About us, draft 3");

    // The phone number changes again: only the new save is waiting.
    await edit<Settings>(meera, SETTINGS, (s) => {
      s.phone = { display: "+91 20 4000 9999", dial: "+912040009999" };
    });
    expect(byPath(await waiting(ravi)).map((f) => [f.path, f.count])).toEqual([
      [ABOUT, 3],
      [SETTINGS, 1],
    ]);
  }, 900_000);

  test("a page that needs a change waiting in another file is refused in words, and nothing is pushed", async () => {
    const asha = await signedIn(EDITOR);
    const ravi = await signedIn(PUBLISHER);
    const head = () => execFileSync("git", ["--git-dir", studio.remote, "rev-parse", "main"], { encoding: "utf8" }).trim();
    // A page links to a new page, which is waiting too (made, then taken out of draft).
    const created = await fetch(`${studio.url}/__edit/api/pages`, {
      method: "POST",
      headers: { cookie: `${asha.session().name}=${asha.session().value}`, origin: studio.url, "x-site-editor": "1", "content-type": "application/json" },
      body: JSON.stringify({ action: "create", slug: "launch" }),
    });
    expect(created.status, await created.text()).toBe(200);
    await edit<Page & { status?: string }>(asha, "site-config/pages/launch.json", (page) => {
      page.status = "published";
    });
    await edit<Page>(asha, ABOUT, (page) => {
      page.sections.push({
        type: "call-to-action",
        heading: "See the launch",
        text: "New this week.",
        cta: { label: "Launch", href: "/launch" },
        tone: "dark",
      });
    });
    const was = head();
    const outcome = await ravi.publish(600_000, [ABOUT]);
    expect(outcome.status).toBe("refused");
    expect(outcome.reason).toContain("A chosen file may use something still waiting in another");
    expect(head()).toBe(was);
    expect((await waiting(ravi)).files.map((f) => f.path).sort()).toEqual([ABOUT, "site-config/pages/launch.json", SETTINGS]);
    // Chosen together, they go (with Asha's earlier About us drafts); the phone number still waits.
    const both = await ravi.publish(600_000, [ABOUT, "site-config/pages/launch.json"]);
    expect(both.status, both.log?.join("\n")).toBe("published");
    expect((JSON.parse(live(ABOUT)) as Page).title).toBe("About us, draft 3");
    expect((await waiting(ravi)).files.map((f) => f.path)).toEqual([SETTINGS]);
  }, 900_000);
});

describe("a shared section", () => {
  test("a change to it is one change, listed with every page that shows it", async () => {
    const asha = await signedIn(EDITOR);
    const ravi = await signedIn(PUBLISHER);
    await edit<{ section: { heading: string } }>(asha, `site-config/${SHARED}`, (shared) => {
      shared.section.heading = "Tell Us What You Want to Build";
    });
    const listed = (await waiting(ravi)).files.find((f) => f.path === `site-config/${SHARED}`);
    expect(listed?.title).toBe("Shared section: contact (on /, /app-development, /contact-us, /web-development)");
    expect(listed?.count).toBe(1);
  }, 120_000);
});

describe("review", () => {
  const reviewsOf = async (client: StudioClient) =>
    (
      (await (await client.api("/studio/reviews")).json()) as {
        reviews: { id: string; path: string; state: string; note: string; comment?: string; changes: { message: string }[] }[];
      }
    ).reviews;

  test("Asha asks for a review; the publisher sends it back with a comment; she changes it and asks again; it is published, and the review is closed", async () => {
    const asha = await signedIn(EDITOR);
    const ravi = await signedIn(PUBLISHER);
    await edit<Page>(asha, ABOUT, (page) => {
      page.title = "About us, for review";
    });
    expect((await asha.api("/studio/reviews", { path: ABOUT, note: "New title: is it right?" })).status).toBe(201);
    const open = await reviewsOf(ravi);
    expect(open.map((r) => [r.path, r.state, r.note])).toEqual([[ABOUT, "open", "New title: is it right?"]]);
    expect(open[0]?.changes[0]?.message).toContain("About us, for review");
    // An editor cannot send it back; the publisher can.
    expect((await asha.api(`/studio/reviews/${open[0]?.id}/return`, { comment: "Fine by me" })).status).toBe(403);
    expect((await ravi.api(`/studio/reviews/${open[0]?.id}/return`, { comment: "Say who we are in the title" })).status).toBe(200);
    expect((await reviewsOf(asha)).map((r) => [r.state, r.comment])).toEqual([["returned", "Say who we are in the title"]]);
    expect(await reviewsOf(ravi)).toEqual([]);

    await edit<Page>(asha, ABOUT, (page) => {
      page.title = "About us: who we are";
    });
    expect((await asha.api("/studio/reviews", { path: ABOUT, note: "Changed as asked" })).status).toBe(200);
    const again = await reviewsOf(ravi);
    expect(again.map((r) => [r.state, r.note])).toEqual([["open", "Changed as asked"]]);
    // The review shows the latest change.
    expect(again[0]?.changes[0]?.message).toContain("About us: who we are");
    const outcome = await ravi.publish(600_000, [ABOUT]);
    expect(outcome.status, outcome.log?.join("\n")).toBe("published");
    expect((JSON.parse(live(ABOUT)) as Page).title).toBe("About us: who we are");
    expect(await reviewsOf(asha)).toEqual([]);
    const activity = (await (await ravi.api("/studio/activity")).json()) as { items: { what: string; name: string }[] };
    expect(activity.items.filter((i) => i.what.startsWith("review.")).map((i) => [i.what, i.name])).toEqual([
      ["review.ask", "Asha Rao"],
      ["review.return", "Ravi Kumar"],
      ["review.ask", "Asha Rao"],
    ]);
  }, 600_000);

  test("with reviews required, an editor's changes not up for review are not published; once asked for, they are", async () => {
    await studio.stop();
    await studio.start({ STUDIO_REVIEW: "required" });
    const asha = await signedIn(EDITOR);
    const ravi = await signedIn(PUBLISHER);
    await edit<Page>(asha, ABOUT, (page) => {
      page.title = "About us, needs a review";
    });
    const was = execFileSync("git", ["--git-dir", studio.remote, "rev-parse", "main"], { encoding: "utf8" }).trim();
    const refused = await ravi.publish(600_000, [ABOUT]);
    expect(refused.status).toBe("refused");
    expect(refused.reason).toContain("this site needs a review of an editor's changes first, and these are not up for review: Page /about-us");
    expect(execFileSync("git", ["--git-dir", studio.remote, "rev-parse", "main"], { encoding: "utf8" }).trim()).toBe(was);
    // A scheduled publish is refused the same way (the check is the publish's own); an editor cannot schedule at all.
    expect((await asha.api("/studio/schedules", { wall: "2031-01-01T09:00" })).status).toBe(403);
    expect((await asha.api("/studio/reviews", { path: ABOUT, note: "Please check" })).status).toBe(201);
    const outcome = await ravi.publish(600_000, [ABOUT]);
    expect(outcome.status, outcome.log?.join("\n")).toBe("published");
    expect((JSON.parse(live(ABOUT)) as Page).title).toBe("About us, needs a review");
  }, 600_000);
});
