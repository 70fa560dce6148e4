/**
 * Follows a message's advice as an author would, to the letter: "Join lines 21 and 22", "write
 * "/media/about-team.svg"", "Rename it to careers.json", "Replace "<br>" with a space"... Each form
 * of advice the content layer gives is one rule here; advice that matches none of them fails the
 * test, so a message whose fix cannot be followed literally is caught.
 */
import { copyFileSync, mkdirSync, readdirSync, renameSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { applyEdits, findNodeAtLocation, getNodeValue, modify, parseTree } from "jsonc-parser";
import sharp from "sharp";
import type { Problem } from "../../src/content/problems.ts";
import { splitPointer } from "../../src/lib/json-pointer.ts";
import type { SiteCopy } from "./site-copy.ts";

const inConfig = (file: string) => file.replace(/^site-config\//, "");

/** The JSON path of a problem's pointer, array indexes as numbers. */
const pathOf = (pointer: string) => splitPointer(pointer).map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/** The offset of a line and column (both from 1) in `text`. */
function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) offset = text.indexOf("\n", offset) + 1;
  return offset + column - 1;
}

/** Where the token at `start` ends: a text in straight or curly quotes, or a bare word or number. */
function tokenEnd(text: string, start: number): number {
  const open = text[start];
  if (open === '"' || /[\u201c\u201d\u2018\u2019]/.test(open ?? "")) {
    for (let i = start + 1; i < text.length; i++) {
      if (text[i] === "\\" && open === '"') i++;
      else if (open === '"' ? text[i] === '"' : /["\u201c\u201d\u2018\u2019]/.test(text[i] ?? "")) return i + 1;
    }
    throw new Error(`No end to the text at ${start}`);
  }
  return start + (/^[^\s,\]}:]+/.exec(text.slice(start))?.[0].length ?? 0);
}

/** A picture of a size no place on the site finds too small, at `path` under the copy's public/. */
async function addPicture(site: SiteCopy, path: string) {
  const target = join(site.root, "public", path);
  mkdirSync(dirname(target), { recursive: true });
  if (extname(path).toLowerCase() === ".svg") {
    const svg = readdirSync(join(site.root, "public", "media")).find((f) => f.endsWith(".svg"));
    copyFileSync(join(site.root, "public", "media", svg ?? ""), target);
    return;
  }
  await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#336699" } })
    .jpeg()
    .toFile(target);
}

/** One form of advice, and how an author follows it. */
interface Rule {
  advice: RegExp;
  /** Only for some problems (a syntax error, a field's name). */
  when?: (p: Problem) => boolean;
  follow: (m: RegExpExecArray, edit: Edit) => void | Promise<void>;
}

/** What following advice can do to the copy, at the problem's place. */
interface Edit {
  site: SiteCopy;
  p: Problem;
  text(): string;
  /** Offset of the problem's line and column. */
  at(): number;
  splice(from: number, to: number, by: string): void;
  /** Sets the value at the problem's pointer (undefined removes it). */
  setValue(value: unknown): void;
  /** Rewrites the text at the problem's pointer. */
  editValue(fn: (value: string) => string): void;
  /** Replaces the lines of the file. */
  editLines(fn: (lines: string[]) => string[]): void;
}

const syntax = (p: Problem) => p.path === "";

const RULES: Rule[] = [
  { advice: /^Rename it to (\S+\.json)\b/, follow: (m, e) => renameSync(join(e.site.root, e.p.file), join(e.site.root, dirname(e.p.file), m[1]!)) },
  {
    advice: /^Join lines (\d+) (?:and|to) (\d+) into one/,
    follow: (m, e) =>
      e.editLines((lines) => {
        const [first, last] = [Number(m[1]) - 1, Number(m[2]) - 1];
        const joined = [lines[first]!.trimEnd(), ...lines.slice(first + 1, last + 1).map((l) => l.trim())].join(" ");
        return [...lines.slice(0, first), joined, ...lines.slice(last + 1)];
      }),
  },
  {
    advice: /^Add a " at the end of the text, before the comma at the end of line (\d+)\./,
    follow: (m, e) => e.editLines((lines) => lines.map((l, i) => (i === Number(m[1]) - 1 ? l.replace(/,\s*$/, '",') : l))),
  },
  { advice: /^Add a " at the end of line (\d+)\./, follow: (m, e) => e.editLines((lines) => lines.map((l, i) => (i === Number(m[1]) - 1 ? `${l}"` : l))) },
  { advice: /^Use straight quotes \("\): replace the (.) with "\./, follow: (_m, e) => e.splice(e.at(), e.at() + 1, '"') },
  { advice: /^Use straight quotes \("\): write "(.*)"\.$/, follow: (m, e) => e.splice(e.at(), tokenEnd(e.text(), e.at()), JSON.stringify(m[1])) },
  { advice: /^Replace it with a normal space/, follow: (_m, e) => e.splice(e.at(), e.at() + 1, " ") },
  { advice: /^Delete it: put the cursor at this line and column/, follow: (_m, e) => e.splice(e.at(), e.at() + 1, "") },
  {
    advice: /Delete the \\ before "(.)"/,
    follow: (_m, e) => {
      if (e.text()[e.at()] !== "\\") throw new Error("The message does not point at the backslash");
      e.splice(e.at(), e.at() + 1, "");
    },
  },
  // A syntax error's fix replaces the text the message points at.
  { advice: /(?:write|Did you mean) "(.*?)"[.?]/i, when: syntax, follow: (m, e) => e.splice(e.at(), tokenEnd(e.text(), e.at()), JSON.stringify(m[1])) },
  {
    advice: /^Make it two paragraphs: end this entry where (?:"(.+?)"|(\\n)) is/,
    follow: (m, e) => {
      const node = findNodeAtLocation(parseTree(e.text())!, pathOf(e.p.pointer))!;
      const cut = m[1] ?? "\n";
      const [before, ...after] = (getNodeValue(node) as string).split(cut);
      e.splice(node.offset, node.offset + node.length, `${JSON.stringify(before!.trim())}, ${JSON.stringify(after.join(cut).trim())}`);
    },
  },
  {
    advice: /^Replace (?:each |the )?(?:"(.+?)"|(\\[nt])) with (a space|nothing|"(.*?)")/,
    follow: (m, e) => {
      const found = m[1] ?? (m[2] === "\\n" ? "\n" : "\t");
      const by = m[3] === "a space" ? " " : m[3] === "nothing" ? "" : m[4]!;
      e.editValue((v) => v.split(found).join(by));
    },
  },
  {
    advice: /^Replace it with "(.+?)": for a link/,
    follow: (m, e) => e.editValue((v) => v.replace(/^"(.+?)" is a Markdown link/.exec(e.p.message)![1]!, m[1]!)),
  },
  {
    advice: /^Remove the tags? (.+?), and keep the words between them/,
    follow: (m, e) => e.editValue((v) => m[1]!.split(/, | and /).reduce((t, tag) => t.split(tag).join(""), v)),
  },
  { advice: /^Remove the (\S+) around "(.+?)"/, follow: (m, e) => e.editValue((v) => v.replace(`${m[1]}${m[2]}${m[1]}`, m[2]!)) },
  { advice: / Or leave "(\w+)" out/, follow: (_m, e) => e.setValue(undefined) },
  {
    advice: /save the picture as (public\/\S+) and write "(.+?)"/,
    follow: async (m, e) => {
      await addPicture(e.site, m[1]!.slice("public".length));
      e.setValue(m[2]);
    },
  },
  // A field's name is where the message points.
  {
    advice: /Write "(.*?)"/,
    when: (p) => p.message.startsWith("unknown field"),
    follow: (m, e) => e.splice(e.at(), tokenEnd(e.text(), e.at()), JSON.stringify(m[1])),
  },
  {
    advice: /(?:write|Did you mean|double quotes as|double quotes:) "(.*?)"/i,
    follow: async (m, e) => {
      e.setValue(m[1]);
      const folder = /put the file in (public\/\S+\/)\./.exec(e.p.hint ?? "")?.[1];
      if (folder) await addPicture(e.site, `${folder.slice("public".length)}${basename(m[1]!)}`);
    },
  },
];

/** Applies `p`'s advice to the copy, as written: the first rule whose form of advice it is. */
export async function followAdvice(site: SiteCopy, p: Problem): Promise<void> {
  const hint = p.hint ?? "";
  const file = inConfig(p.file);
  const text = () => site.read(file);
  const edit: Edit = {
    site,
    p,
    text,
    at: () => offsetOf(text(), p.line, p.column),
    splice: (from, to, by) => site.write(file, text().slice(0, from) + by + text().slice(to)),
    setValue: (value) => site.write(file, applyEdits(text(), modify(text(), pathOf(p.pointer), value, {}))),
    editValue(fn) {
      const value = getNodeValue(findNodeAtLocation(parseTree(text())!, pathOf(p.pointer))!) as string;
      const next = fn(value);
      if (next === value) throw new Error(`The advice changed nothing in ${JSON.stringify(value)}: ${hint}`);
      edit.setValue(next);
    },
    editLines: (fn) => site.write(file, fn(text().split("\n")).join("\n")),
  };
  for (const rule of RULES) {
    const m = rule.advice.exec(hint);
    if (m && (rule.when?.(p) ?? true)) return rule.follow(m, edit);
  }
  throw new Error(`No rule follows this advice: ${hint}`);
}
