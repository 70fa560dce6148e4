/** Pictures and videos in public/media/: the list, what the site knows of each picture, and uploads (an SVG cleaned first). */
import { BadRequest, TooLarge, UnsupportedType } from "./errors.ts";
import { statSync } from "node:fs";
import { basename, join, relative, sep } from "node:path";
import { filesUnder } from "../../src/lib/files.ts";
import { imageFactsOf, renderFacts } from "../../src/images/facts.ts";
import type { ImageFacts } from "../../src/images/slots.ts";
import { allowedPath, type contentWriter } from "./files.ts";

/** Upload limit for one picture: room for a phone's or a camera's photo; the site makes small copies of any, and warns over IMAGE_MAX_BYTES (src/content/media.ts). */
export const UPLOAD_LIMIT = 25 * 1024 * 1024;
/** A stored picture's name at most (before "-2" and the extension): long names are cut. */
const MAX_STEM = 60;
export const IMAGE_FORMATS: Record<string, string> = { jpeg: "jpg", png: "png", webp: "webp", avif: "avif", gif: "gif", svg: "svg", heif: "avif" };

export function mediaApi(root: string, writer: ReturnType<typeof contentWriter>) {
  function media(): string[] {
    return filesUnder(join(root, "public", "media")).map((full) => `/${relative(join(root, "public"), full).split(sep).join("/")}`);
  }

  /** Each file's size in bytes, for the picture library. */
  function sizes(srcs: readonly string[]): Record<string, number> {
    return Object.fromEntries(srcs.map((src) => [src, statSync(join(root, "public", src)).size]));
  }

  /** What the site knows of each picture in public/media/ (size, hash), so the canvas shows any of them as the site does. */
  async function images(srcs: readonly string[]): Promise<Record<string, ImageFacts>> {
    const facts = await imageFactsOf(
      join(root, "public"),
      srcs.filter((src) => /\.(svg|png|jpe?g|webp|avif|gif)$/i.test(src)),
    );
    return Object.fromEntries([...facts].map(([src, f]) => [src, renderFacts(f)]));
  }

  /**
   * Stores an uploaded picture in public/media/, named from `name`, if its content is an image (an
   * SVG cleaned first: builder/server/svg.ts); returns its path for content.
   */
  async function upload(name: string, data: Buffer) {
    if (data.length === 0) throw new BadRequest("The file is empty.");
    if (data.length > UPLOAD_LIMIT) throw new TooLarge(`The picture is too large: the limit is ${UPLOAD_LIMIT / 1024 / 1024} MB.`);
    const notPicture = () => new UnsupportedType(`"${name}" is not a picture (JPEG, PNG, WebP, AVIF, GIF or SVG).`);
    const extension = IMAGE_FORMATS[(await formatOf(data)) ?? ""];
    if (!extension) throw notPicture();
    let stored = data;
    if (extension === "svg") {
      const { cleanSvg } = await import("./svg.ts");
      const clean = await cleanSvg(data.toString("utf8"));
      stored = Buffer.from(clean ?? "");
      if (clean === undefined || (await formatOf(stored)) !== "svg") throw notPicture();
    }
    const stem =
      basename(name)
        .replace(/\.[^.]*$/, "")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .slice(0, MAX_STEM)
        .replace(/^-|-$/g, "") || "picture";
    for (let n = 1; ; n++) {
      const file = `public/media/${n === 1 ? stem : `${stem}-${n}`}.${extension}`;
      const full = allowedPath(root, file, ["public/media"], [`.${extension}`]);
      if (writer.create(full, stored)) {
        const src = `/${file.slice("public/".length)}`;
        return { src, size: statSync(full).size, images: await images([src]) };
      }
    }
  }

  return { media, images, sizes, upload };
}

/** What sharp reads the bytes as ("png", "svg"...), or undefined if not a picture. Loaded on the first upload only: the dev server starts without libvips. */
async function formatOf(data: Buffer): Promise<string | undefined> {
  try {
    const { default: sharp } = await import("sharp");
    return (await sharp(data).metadata()).format;
  } catch {
    return undefined;
  }
}
