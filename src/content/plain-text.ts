/**
 * Texts are plain: the site shows them exactly as written, so an HTML tag (<br>, <b>), an HTML code
 * (&nbsp;), Markdown (**bold**, [a link](/x)) or a line break (\n) would reach visitors as those
 * characters. Each is refused with what to do instead; where a text is one entry of a list of
 * paragraphs, a line break or <br> means a new paragraph, so the advice is to split it there.
 */

export interface PlainTextFault {
  message: string;
  hint: string;
}

const TAGS =
  "a|abbr|b|big|blockquote|br|center|cite|code|del|div|em|font|h[1-6]|hr|i|img|ins|kbd|li|mark|ol|p|pre|q|s|small|span|strike|strong|sub|sup|table|td|th|tr|u|ul|wbr";
const TAG = new RegExp(`</?(?:${TAGS})(?:\\s[^<>]*)?/?>`, "gi");
const BREAK = /(?:\s*<br\s*\/?>\s*)+/i;

/** HTML codes people paste, and the character each stands for. */
const ENTITIES: Record<string, string> = {
  nbsp: " ",
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  copy: "©",
  reg: "®",
  trade: "™",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  bull: "•",
  middot: "·",
  deg: "°",
  times: "×",
  euro: "€",
  pound: "£",
  shy: "",
};
const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]{2,8}));/gi;

/** What an HTML code stands for, or undefined when it is none of the known ones ("R&D;" is text). */
function entityText(match: RegExpExecArray): string | undefined {
  const [, dec, hex, name] = match;
  if (dec !== undefined || hex !== undefined) {
    const point = dec !== undefined ? Number(dec) : Number.parseInt(hex ?? "", 16);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : undefined;
  }
  return ENTITIES[(name ?? "").toLowerCase()];
}

const SHOWN_AS_WRITTEN = "texts are shown as written";

const replaceWith = (text: string) => (text === " " ? "a space" : text === "" ? "nothing" : `"${text}"`);

/** Why `text` is not plain, and what to do; undefined when it is. `inList`: the text is one entry of a list of paragraphs. */
export function plainTextFault(text: string, inList: boolean): PlainTextFault | undefined {
  const split = (at: string) => `Make it two paragraphs: end this entry where ${at} is, and put the rest in a new entry after it (without the ${at}).`;
  /** `"found"`, or `each "found"` when it is in the text more than once. */
  const each = (found: string) => (text.split(found).length > 2 ? `each "${found}"` : `"${found}"`);

  const lineBreak = BREAK.exec(text);
  if (lineBreak) {
    const tag = lineBreak[0].trim();
    return {
      message: `"${tag}" is an HTML tag: ${SHOWN_AS_WRITTEN}, so visitors would see "${tag}"`,
      hint: inList ? split(`"${tag}"`) : `Replace ${each(tag)} with a space: the text wraps by itself to fit the screen.`,
    };
  }
  const tags = [...new Set(text.match(TAG) ?? [])];
  const [firstTag] = tags;
  if (firstTag !== undefined) {
    const listed = tags.length === 1 ? `the tag ${firstTag}` : `the tags ${tags.slice(0, -1).join(", ")} and ${tags.at(-1)}`;
    return {
      message: `"${firstTag}" is an HTML tag: ${SHOWN_AS_WRITTEN}, so visitors would see it`,
      hint: `Remove ${listed}, and keep the words between them: texts have no bold, italics or links of their own.`,
    };
  }
  for (const match of text.matchAll(ENTITY)) {
    const stands = entityText(match);
    if (stands === undefined) continue;
    return {
      message: `"${match[0]}" is an HTML code: ${SHOWN_AS_WRITTEN}, so visitors would see "${match[0]}"`,
      hint: `Replace ${each(match[0])} with ${replaceWith(stands)}${stands.trim() === "" ? "" : ": type the character itself"}.`,
    };
  }
  const control = /[\n\r\t\u2028\u2029]/.exec(text)?.[0];
  if (control !== undefined) {
    const [name, written] = control === "\t" ? ["a tab", "\\t"] : ["a line break", control === "\r" ? "\\r" : "\\n"];
    return {
      message: `it has ${name} (${written}), which a text cannot show`,
      hint:
        inList && control !== "\t"
          ? split(written)
          : `Replace ${text.split(control).length > 2 ? "each" : "the"} ${written} with a space: the text wraps by itself to fit the screen.`,
    };
  }
  const link = /\[([^\]\n]+)\]\(([^)\s]+)\)/.exec(text);
  if (link) {
    return {
      message: `"${link[0]}" is a Markdown link: ${SHOWN_AS_WRITTEN}, and a text cannot hold a link`,
      hint: `Replace it with "${link[1]}": for a link, use the section's button or link field, if it has one.`,
    };
  }
  const emphasis = /(?<![\w*])(\*\*|__)(?=\S)(.+?)(?<=\S)\1(?![\w*])/.exec(text) ?? /(?<![\w*])([*_])(?=[^\s*_])([^*_\n]*?[^\s*_])\1(?![\w*])/.exec(text);
  if (emphasis) {
    const [whole, marks = "", words] = emphasis;
    const signs = marks.startsWith("*") ? "asterisks" : "underscores";
    return {
      message: `"${whole}" is Markdown: ${SHOWN_AS_WRITTEN}, so visitors would see the ${signs}`,
      hint: `Remove the ${marks} around "${words}": texts cannot be bold or italic (headings are bold already).`,
    };
  }
  const heading = /^#{1,6}\s+/.exec(text);
  if (heading) {
    return {
      message: `"${heading[0].trim()}" at the start is Markdown: ${SHOWN_AS_WRITTEN}, so visitors would see it`,
      hint: `Remove "${heading[0].trim()}" and the space after it: a section's heading is its "heading" field.`,
    };
  }
  return undefined;
}
