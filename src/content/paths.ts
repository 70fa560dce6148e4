/**
 * Paths of files in public/ as authors type them ("public\media\team.jpg", "media/team.jpg", a web
 * address) and as the site names them ("/media/team.jpg"), and what to tell an author whose path
 * names no file there. Hints name folders as paths ("public/media/team/"), built from the parts.
 */
import { lookAlikeFault } from "./characters.ts";

export const isWebAddress = (value: string) => /^([a-z][a-z0-9+.-]*:)?\/\//i.test(value.trim()) || /^www\./i.test(value.trim());

/** The video sites whose links people paste where a video file belongs. */
function videoSite(value: string): string | undefined {
  const host = /^(?:[a-z]+:)?\/\/([^/?#]+)/i.exec(value.trim())?.[1] ?? (/^www\./i.test(value) ? value.split("/")[0] : undefined);
  if (!host) return undefined;
  if (/(^|\.)(youtube\.com|youtu\.be|youtube-nocookie\.com)$/i.test(host)) return "YouTube";
  if (/(^|\.)vimeo\.com$/i.test(host)) return "Vimeo";
  return undefined;
}

/**
 * The path the site needs for what was typed: slashes, from inside public/, starting with "/".
 * "public\media\a.svg" -> "/media/a.svg"; "media/a.svg" -> "/media/a.svg"; a file elsewhere on the
 * computer ("C:\Users\asha\Pictures\a.jpg") -> "/media/a.jpg", where it would go.
 */
export function publicPath(typed: string): string {
  const slashed = typed.trim().replace(/\\+/g, "/");
  const inPublic = /(?:^|\/)public\/(.*)$/i.exec(slashed);
  if (inPublic) return `/${(inPublic[1] ?? "").replace(/^\/+/, "")}`;
  if (/^[a-z]:\//i.test(slashed) || /^\/(users|home)\//i.test(slashed)) return `/media/${slashed.split("/").pop() ?? ""}`;
  return `/${slashed.replace(/^(\.?\/)+/, "")}`;
}

/** The folder in the project where a file of the site goes: "/media/team/photo.jpg" -> "public/media/team/". */
export const publicFolder = (path: string) => `public${path.slice(0, path.lastIndexOf("/") + 1) || "/"}`;

export interface AssetFacts {
  exists(path: string): boolean;
  /** The file in public/ that `path` likely meant, if any. */
  suggestion(path: string): string | undefined;
}

/** What the field takes, from the file ending its rule asks for (".webm"): a video, or any file (a picture). */
export type FileKind = { video: false } | { video: true; ending: string; field: string };

/** The message and hint for a path that names no file in public/. */
export function missingFileAdvice(typed: string, facts: AssetFacts, kind: FileKind): { message: string; hint: string } {
  if (isWebAddress(typed)) {
    const site = kind.video ? videoSite(typed) : undefined;
    const named = /\/([^/?#]+\.[a-z0-9]{2,5})(?:[?#].*)?$/i.exec(typed)?.[1];
    const usable = named !== undefined && (!kind.video || named.toLowerCase().endsWith(`.${kind.ending}`));
    const noun = kind.video ? "video" : "picture";
    const save = usable
      ? `save the ${noun} as public/media/${named} and write "/media/${named}".`
      : kind.video
        ? `make ${kind.ending === "mp4" ? "an MP4" : "a WebM"} file of the video (docs/editing.md, "Background videos"), put it in public/media/ and write its path, e.g. "/media/hero.${kind.ending}".`
        : `save the picture in public/media/ and write its path, e.g. "/media/photo.jpg".`;
    const instead = kind.video ? ` Or leave "${kind.field}" out: the photo ("poster") shows without a video.` : "";
    return {
      message: site ? `"${typed}" is a ${site} link, not a video file` : `"${typed}" is a web address, not a file in public/`,
      hint: `Only files under public/ can be used here: ${save}${instead}`,
    };
  }
  const meant = publicPath(typed);
  if (meant !== typed) {
    if (/^[a-z]:[\\/]/i.test(typed) || /^\/(users|home)\//i.test(typed))
      return {
        message: `"${typed}" is a file on your computer, not in public/`,
        hint: facts.exists(meant) ? `Write "${meant}": that file is in public/ already.` : `Copy the file into ${publicFolder(meant)} and write "${meant}".`,
      };
    const [message, fix] = /\\/.test(typed)
      ? [`the path "${typed}" is written with backslashes (\\)`, "Use / in paths"]
      : /^\.?\/?public\//i.test(typed)
        ? [`the path "${typed}" starts with public/`, "Leave out public/ (paths start inside it)"]
        : [`the path "${typed}" does not start with /`, "Start it with /"];
    return { message, hint: fixWith(fix, meant, facts) };
  }
  const slip = lookAlikeFault(typed);
  if (slip && facts.exists(slip.fixed)) return { message: `file "${typed}" does not exist in public/: ${slip.what}`, hint: `Write "${slip.fixed}".` };
  const near = facts.suggestion(typed);
  return {
    message: `file "${typed}" does not exist in public/`,
    hint: near ? `Did you mean "${near}"?` : `Put the file in ${publicFolder(typed)}, or correct the path.`,
  };
}

/** "Use / in paths: write "/media/a.svg"." when that file exists; otherwise the likely one, or where to put the file. */
function fixWith(fix: string, meant: string, facts: AssetFacts): string {
  if (facts.exists(meant)) return `${fix}: write "${meant}".`;
  const near = facts.suggestion(meant);
  if (near) return `${fix}. Did you mean "${near}"?`;
  return `${fix}: write "${meant}", and put the file in ${publicFolder(meant)}.`;
}
