/**
 * What the content layer says about the pictures and videos themselves (src/content/media.ts):
 * warnings with file:line:column for a file too big, too wide, narrower than its slot, animated,
 * or a heavy background video; a missing file stays an error.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePhoto } from "../../scripts/bench/pictures";
import { formatProblem } from "../../src/content/problems";
import { checkSite, hasErrors } from "../../src/content/site";
import { copySite, repoRoot, replaceOnce, type SiteCopy } from "../helpers/site-copy";

let site: SiteCopy;
let lines: string[];
let errors: boolean;

const put = (path: string, data: Buffer) => writeFileSync(join(site.root, "public", path), data);

beforeAll(async () => {
  site = copySite({ ownPublic: true });
  // The hero's poster: a photo narrower than a full-screen background is shown (1920 px).
  put("/media/small-poster.jpg", await makePhoto(800, 533));
  site.edit("pages/home.json", replaceOnce('"src": "/media/hero-poster.webp"', '"src": "/media/small-poster.jpg"'));
  // Over 8 MB: a PNG of noise, stored without compression.
  const noise = { width: 1800, height: 1700, channels: 3 as const, background: "#808080", noise: { type: "gaussian" as const, mean: 128, sigma: 60 } };
  put("/media/portfolio/huge.png", await sharp({ create: noise }).png({ compressionLevel: 0 }).toBuffer());
  site.edit("collections/web-portfolio.json", replaceOnce(/"src": "\/media\/portfolio\/[^"]+"/, '"src": "/media/portfolio/huge.png"'));
  // Over 6,000 px wide.
  put(
    "/media/partners/banner.png",
    await sharp({ create: { width: 6100, height: 40, channels: 3, background: "#123456" } })
      .png()
      .toBuffer(),
  );
  site.edit("collections/partners.json", replaceOnce(/"src": "\/media\/partners\/[^"]+"/, '"src": "/media/partners/banner.png"'));
  // An animated GIF: two frames of 10 x 10, one dark, one light.
  const frames = Buffer.alloc(10 * 20 * 3, 40);
  frames.fill(220, 0, 10 * 10 * 3);
  put(
    "/media/industries/spinner.gif",
    await sharp(frames, { raw: { width: 10, height: 20, channels: 3, pageHeight: 10 } })
      .gif({ loop: 0, delay: [200, 200] })
      .toBuffer(),
  );
  site.edit("collections/industries.json", replaceOnce(/"src": "\/media\/industries\/[^"]+"/, '"src": "/media/industries/spinner.gif"'));
  // A background video over 5 MB.
  put("/media/big.mp4", Buffer.alloc(5.5 * 1024 * 1024));
  site.edit("pages/home.json", replaceOnce('"mp4": "/media/hero.mp4"', '"mp4": "/media/big.mp4"'));
  const result = await checkSite(site.root);
  lines = result.problems.map(formatProblem);
  errors = hasErrors(result.problems);
}, 60_000);

afterAll(() => site?.remove());

const only = (text: string) => {
  const found = lines.filter((line) => line.includes(text));
  expect(found, lines.join("\n")).toHaveLength(1);
  return found[0];
};

describe("pictures and videos, read from disk", () => {
  it("none of them is an error: the site still builds", () => {
    expect(errors, lines.join("\n")).toBe(false);
  });

  it("a picture narrower than its slot: where, how wide, how wide it is shown, and what to use", () => {
    expect(only("small-poster.jpg")).toMatch(
      /^site-config\/pages\/home\.json:\d+:\d+ {2}section 1 \(hero\) > video > poster > src {2}warning: picture "\/media\/small-poster\.jpg" is 800 px wide; as a full-screen background it is shown up to 1920 px wide, so it will look blurred\. Use a picture at least 1920 px wide\.$/,
    );
  });

  it("a file over 8 MB", () => {
    expect(only("huge.png")).toMatch(
      /^site-config\/collections\/web-portfolio\.json:\d+:\d+ {2}item 1 \(finance-dashboard\) > image > src {2}warning: picture "\/media\/portfolio\/huge\.png" is 8\.\d MB; over 8\.0 MB it slows every build and the repository\. Visitors get small copies either way: export it under 8 MB/,
    );
  });

  it("a picture over 6,000 px wide", () => {
    expect(only("banner.png")).toContain('warning: picture "/media/partners/banner.png" is 6100 px wide; over 6000 px it slows every build.');
    expect(only("banner.png")).toMatch(/^site-config\/collections\/partners\.json:\d+:\d+ /);
  });

  it("an animated GIF: suggests a video", () => {
    expect(only("spinner.gif")).toContain(
      'warning: "/media/industries/spinner.gif" is animated; it is sent as it is, often megabytes, and cannot be resized. Use a short video instead',
    );
  });

  it("a background video over 5 MB: says how to make a smaller one", () => {
    expect(only("big.mp4")).toMatch(
      /^site-config\/pages\/home\.json:\d+:\d+ {2}section 1 \(hero\) > video > mp4 {2}warning: video "\/media\/big\.mp4" is 5\.5 MB; over 5\.0 MB.*docs\/editing\.md, "Background videos"/,
    );
  });

  it("the pictures of the site as it is raise none of these", async () => {
    const clean = await checkSite(repoRoot);
    expect(clean.problems.map(formatProblem).filter((l) => /picture|video|animated|cannot be read/.test(l))).toEqual([]);
  });

  it("a missing file is still an error", async () => {
    site.edit("pages/home.json", replaceOnce('"src": "/media/small-poster.jpg"', '"src": "/media/gone.jpg"'));
    const result = await checkSite(site.root);
    expect(hasErrors(result.problems)).toBe(true);
    expect(result.problems.map(formatProblem).find((l) => l.includes("gone.jpg"))).toContain('file "/media/gone.jpg" does not exist in public/');
  });
});
