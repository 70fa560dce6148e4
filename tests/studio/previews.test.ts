/**
 * Preview links (issue 48), on a real studio with a bare repository as the remote: a link for a
 * waiting change opens without an account on the previews' own server and shows the unpublished
 * heading on two pages, with the banner and noindex; it gives no access to the builder or its API;
 * a guessed, revoked or expired link answers exactly as a missing one, in similar time; the activity
 * log has the link made and revoked.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ActivityList, PreviewLink } from "../../builder/shared/types";
import { EDITOR, PUBLISHER, type StudioFixture, studioFixture } from "../helpers/studio-sandbox";
import { StudioClient } from "../helpers/studio-client";
import { FULL } from "../tiers";

const ABOUT = "site-config/pages/about-us.json";
const HOME = "site-config/pages/home.json";
type Page = { title: string; sections: Record<string, unknown>[] };

let studio: StudioFixture;
const port = 5700 + (process.pid % 90);
const previewUrl = `http://127.0.0.1:${port + 1}`;

beforeAll(async () => {
  studio = await studioFixture({
    port,
    name: "studio-previews",
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

const signedIn = (who: { email: string; password: string }) => StudioClient.as(studio.url, who);

/** Makes a preview link of `files` and waits for its build; the link and the preview. */
async function makePreview(client: StudioClient, files?: string[]) {
  const res = await client.api("/studio/previews", files ? { files } : {});
  expect(res.status, await res.clone().text()).toBe(202);
  const made = (await res.json()) as { preview: PreviewLink; link: string };
  const deadline = Date.now() + 300_000;
  for (;;) {
    const list = ((await (await client.api("/studio/previews")).json()) as { previews: PreviewLink[] }).previews;
    const now = list.find((p) => p.id === made.preview.id);
    if (now?.state === "ready") return { link: made.link, preview: now };
    if (now?.state === "failed") throw new Error(`The preview failed: ${now.reason}`);
    if (Date.now() > deadline) throw new Error("The preview was not built in 5 minutes.");
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Opens a link as a browser without an account would: the cookie it sets, then the pages. */
async function visit(link: string) {
  const opened = await fetch(link, { redirect: "manual" });
  const cookie = (opened.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { opened, get: (path: string) => fetch(`${previewUrl}${path}`, { headers: { cookie }, redirect: "manual" }) };
}

describe("preview links", () => {
  test("a link for two waiting pages shows both unpublished headings without an account, with the banner and noindex; nothing of the builder", async () => {
    const asha = await signedIn(EDITOR);
    for (const [path, heading] of [
      [HOME, "A heading only the preview shows"],
      [ABOUT, "Another heading only the preview shows"],
    ] as const) {
      const file = await asha.read<Page>(path);
      const value = structuredClone(file.value);
      const section = value.sections.find((s) => typeof s.heading === "string") as { heading: string };
      section.heading = heading;
      await asha.save(path, value, file.hash);
    }
    const { link, preview } = await makePreview(asha);
    expect(link).toMatch(new RegExp(`^${previewUrl}/p/[A-Za-z0-9_-]{43}$`));
    expect(preview.by.name).toBe(EDITOR.name);
    expect(Date.parse(preview.expires) - Date.parse(preview.created)).toBe(7 * 86_400_000);

    const visitor = await visit(link);
    expect(visitor.opened.status).toBe(303);
    const home = await visitor.get("/");
    expect(home.status).toBe(200);
    expect(home.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const homeHtml = await home.text();
    expect(homeHtml).toContain("A heading only the preview shows");
    expect(homeHtml).toContain("Preview of changes not yet published");
    expect(homeHtml).toContain('<meta name="robots" content="noindex">');
    const about = await visitor.get("/about-us");
    expect(await about.text()).toContain("Another heading only the preview shows");
    // The scripts the pages load come from the preview too.
    const script = homeHtml.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    expect((await visitor.get(script as string)).headers.get("content-type")).toContain("javascript");

    // Nothing of the builder: not on the previews' server, and the preview's cookie opens nothing on the studio.
    for (const path of ["/__edit", "/__edit/api/state", "/__edit/api/studio"]) expect((await visitor.get(path)).status, path).toBe(404);
    const cookie = (visitor.opened.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect((await fetch(`${studio.url}/__edit/api/state`, { headers: { cookie } })).status).toBe(401);
    // The live site is untouched.
    expect(readFileSync(join(studio.data, "repo", HOME), "utf8")).toContain("A heading only the preview shows");
  }, 600_000);

  test("revoked or guessed: the same 404 as no link at all, in similar time", async () => {
    const ravi = await signedIn(PUBLISHER);
    const { link, preview } = await makePreview(ravi, [ABOUT]);
    const visitor = await visit(link);
    expect((await visitor.get("/about-us")).status).toBe(200);

    const guessed = `${previewUrl}/p/${"A".repeat(43)}`;
    const missing = await fetch(`${previewUrl}/`);
    const missingBody = await missing.text();
    expect(missing.status).toBe(404);
    const answers = async (url: string) => {
      const res = await fetch(url, { redirect: "manual" });
      return { status: res.status, body: await res.text() };
    };
    expect(await answers(guessed)).toEqual({ status: 404, body: missingBody });

    expect((await ravi.api(`/studio/previews/${preview.id}/revoke`, {})).status).toBe(200);
    expect(await answers(link)).toEqual({ status: 404, body: missingBody });
    const after = await visitor.get("/about-us");
    expect({ status: after.status, body: await after.text() }).toEqual({ status: 404, body: missingBody });

    // Similar time: the median of 30 answers each, a revoked link and a guessed one (a lookup by hash either way).
    const median = async (url: string) => {
      const times: number[] = [];
      for (let i = 0; i < 30; i++) {
        const t = performance.now();
        await (await fetch(url, { redirect: "manual" })).text();
        times.push(performance.now() - t);
      }
      return times.sort((a, b) => a - b)[15] as number;
    };
    const [revokedMs, guessedMs] = [await median(link), await median(guessed)];
    console.log(`preview links: a revoked one answers in ${revokedMs.toFixed(2)} ms, a guessed one in ${guessedMs.toFixed(2)} ms (medians of 30)`);
    // Both are one lookup by the token's hash: a wide bound, for a loaded machine's pauses.
    expect(Math.abs(revokedMs - guessedMs)).toBeLessThan(10);
  }, 600_000);

  // A second build and a restart: in the full run (npm run test:full).
  test.skipIf(!FULL)(
    "expired: the same 404; the activity log has each link made and revoked",
    async () => {
      const ravi = await signedIn(PUBLISHER);
      const missingBody = await (await fetch(`${previewUrl}/`)).text();
      const answers = async (url: string) => {
        const res = await fetch(url, { redirect: "manual" });
        return { status: res.status, body: await res.text() };
      };
      // Its time passes while the studio is stopped (the file as the studio keeps it).
      const second = await makePreview(ravi, [ABOUT]);
      expect((await answers(second.link)).status).toBe(303);
      await studio.stop();
      const file = join(studio.data, "previews.json");
      const kept = JSON.parse(readFileSync(file, "utf8")) as { id: string; expires: string }[];
      for (const p of kept) if (p.id === second.preview.id) p.expires = new Date(Date.now() - 1000).toISOString();
      writeFileSync(file, JSON.stringify(kept));
      await studio.start();
      expect(await answers(second.link)).toEqual({ status: 404, body: missingBody });

      const activity = (await (await (await signedIn(PUBLISHER)).api("/studio/activity")).json()) as ActivityList;
      // Newest first: the second link, the revocation, the first link of this test, the first test's.
      expect(activity.items.filter((i) => i.what.startsWith("preview.")).map((i) => i.what)).toEqual([
        "preview.make",
        "preview.revoke",
        "preview.make",
        "preview.make",
      ]);
    },
    600_000,
  );
});
