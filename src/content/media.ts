/**
 * The last check of the content layer: the pictures and videos content names, read from disk.
 * Warnings only (the site still builds and looks right): a file so big it slows builds, a picture
 * narrower than where it is shown (blurred), an animated GIF (a video is far smaller), a background
 * video too heavy for a phone. A missing file is an error found earlier (the assetPath keyword).
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { type FileFacts, imageFacts } from "../images/facts.ts";
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
  // Each file is read once, however many places name it (a page copied a thousand times names the same hero).
  const files = new Map<string, Promise<FileInfo>>();
  const infoOf = (src: string) => {
    const known = files.get(src);
    if (known) return known;
    const info = fileInfo(publicDir, src);
    files.set(src, info);
    return info;
  };
  const found = await Promise.all(uses.map(async (use) => problemsOf(use, await infoOf(use.src))));
  return found.flat();
}

interface FileInfo {
  videoBytes?: number;
  picture?: FileFacts;
  unreadable?: boolean;
}

async function fileInfo(publicDir: string, src: string): Promise<FileInfo> {
  if (VIDEO.test(src)) return { videoBytes: statSync(join(publicDir, src), { throwIfNoEntry: false })?.size };
  if (!PICTURE.test(src)) return {};
  const picture = await imageFacts(publicDir, src);
  return picture ? { picture } : { unreadable: true };
}

function problemsOf(use: MediaUse, info: FileInfo): Problem[] {
  const out: Problem[] = [];
  const warn = (message: string, hint: string) =>
    out.push({ severity: "warning", file: use.file, line: use.line, column: use.column, path: use.path, message, hint, pointer: use.pointer });
  const { src } = use;
  const size = info.videoBytes;
  if (size !== undefined) {
    if (size > VIDEO_MAX_BYTES)
      warn(
        `video "${src}" is ${mb(size)}; over ${mb(VIDEO_MAX_BYTES)}, phones on a slow connection spend long on a background video`,
        'Make a smaller one (docs/editing.md, "Background videos": about 10 seconds, 1280 px wide, no sound).',
      );
    return out;
  }
  const facts = info.picture;
  if (info.unreadable) {
    warn(`"${src}" cannot be read as a picture`, "Export it again as JPEG, PNG, WebP or SVG.");
    return out;
  }
  if (!facts) return out;
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
