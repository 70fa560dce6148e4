/**
 * The last check of the content layer: the pictures and videos content names, read from disk.
 * Warnings only (the site still builds and looks right): a file so big it slows builds, a picture
 * narrower than where it is shown (blurred), an animated GIF (a video is far smaller), a background
 * video too heavy for a phone. A missing file is an error found earlier (the assetPath keyword).
 */
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { imageFacts } from "../images/facts.ts";
import { isSlotName, SLOTS, slotWidths } from "../images/slots.ts";
import type { Problem } from "./problems.ts";
import type { MediaUse } from "./validate.ts";

export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const IMAGE_MAX_WIDTH = 6000;
export const VIDEO_MAX_BYTES = 5 * 1024 * 1024;

const PICTURE = /\.(jpe?g|png|webp|avif|gif|svg)$/i;
const VIDEO = /\.(webm|mp4)$/i;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function mediaProblems(publicDir: string, uses: readonly MediaUse[]): Promise<Problem[]> {
  const found = await Promise.all(uses.map((use) => problemsOf(publicDir, use)));
  return found.flat();
}

async function problemsOf(publicDir: string, use: MediaUse): Promise<Problem[]> {
  const out: Problem[] = [];
  const warn = (message: string, hint: string) =>
    out.push({ severity: "warning", file: use.file, line: use.line, column: use.column, path: use.path, message, hint, pointer: use.pointer });
  const { src } = use;
  if (VIDEO.test(src)) {
    const info = await stat(join(publicDir, src)).catch(() => undefined);
    if (info && info.size > VIDEO_MAX_BYTES)
      warn(
        `video "${src}" is ${mb(info.size)}; over ${mb(VIDEO_MAX_BYTES)}, phones on a slow connection spend long on a background video`,
        'Make a smaller one (docs/editing.md, "Background videos": about 10 seconds, 1280 px wide, no sound).',
      );
    return out;
  }
  if (!PICTURE.test(src)) return out;
  const facts = await imageFacts(publicDir, src);
  if (!facts) {
    warn(`"${src}" cannot be read as a picture`, "Export it again as JPEG, PNG, WebP or SVG.");
    return out;
  }
  if (facts.bytes > IMAGE_MAX_BYTES)
    warn(
      `picture "${src}" is ${mb(facts.bytes)}; over ${mb(IMAGE_MAX_BYTES)} it slows every build and the repository`,
      "Visitors get small copies either way: export it under 8 MB (a JPEG at quality 85 is plenty).",
    );
  if (facts.width > IMAGE_MAX_WIDTH)
    warn(
      `picture "${src}" is ${facts.width} px wide; over ${IMAGE_MAX_WIDTH} px it slows every build`,
      "Visitors get small copies either way: export it at most 4000 px wide.",
    );
  if (facts.animated)
    warn(
      `"${src}" is animated; it is sent as it is, often megabytes, and cannot be resized`,
      'Use a short video instead (docs/editing.md, "Background videos"), or a still picture.',
    );
  const slot = use.slot;
  if (facts.raster && slot && isSlotName(slot)) {
    const needed = Math.max(...slotWidths(facts, slot));
    if (facts.width < needed)
      warn(
        `picture "${src}" is ${facts.width} px wide; as a ${SLOTS[slot].label} it is shown up to ${needed} px wide, so it will look blurred`,
        `Use a picture at least ${needed} px wide.`,
      );
  }
  return out;
}
