/**
 * Characters that look like others, or like nothing: pasted from an e-mail, a web page or a word
 * processor, they make a file or a name wrong where the author sees nothing wrong. Messages name
 * them, with what to type instead.
 */

export interface LookAlike {
  /** How a message names it: "a non-breaking space (U+00A0)". */
  name: string;
  /** What belongs in its place in names, paths and addresses ("" for an invisible one). */
  replacement: string;
  /** What to do, as the end of a sentence: "replace it with a normal space". */
  fix: string;
}

const code = (ch: string) => `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

const space = (what: string, ch: string): LookAlike => ({ name: `${what} (${code(ch)})`, replacement: " ", fix: "replace it with a normal space" });
const invisible = (what: string, ch: string): LookAlike => ({
  name: `${what} (${code(ch)})`,
  replacement: "",
  fix: "delete it: put the cursor at this line and column and press Delete once",
});
const dash = (what: string, shown: string): LookAlike => ({ name: `${what} (${shown})`, replacement: "-", fix: "replace it with a hyphen (-)" });
const curly = (shown: string): LookAlike => ({ name: `a curly quote (${shown})`, replacement: '"', fix: 'use straight quotes (") instead' });
const curlySingle = (shown: string): LookAlike => ({ name: `a curly quote (${shown})`, replacement: "'", fix: "use a straight ' instead" });

const TABLE: Record<string, LookAlike> = {
  "\u00a0": space("a non-breaking space", "\u00a0"),
  "\u202f": space("a narrow non-breaking space", "\u202f"),
  "\u2007": space("a figure space", "\u2007"),
  "\u2009": space("a thin space", "\u2009"),
  "\u200a": space("a hair space", "\u200a"),
  "\u2002": space("an en space", "\u2002"),
  "\u2003": space("an em space", "\u2003"),
  "\u3000": space("a wide space", "\u3000"),
  "\u200b": invisible("a zero-width space", "\u200b"),
  "\u200c": invisible("a zero-width non-joiner", "\u200c"),
  "\u200d": invisible("a zero-width joiner", "\u200d"),
  "\u2060": invisible("a word joiner", "\u2060"),
  "\ufeff": invisible("a byte order mark", "\ufeff"),
  "\u00ad": invisible("a soft hyphen", "\u00ad"),
  "\u201c": curly("\u201c"),
  "\u201d": curly("\u201d"),
  "\u201e": curly("\u201e"),
  "\u2033": curly("\u2033"),
  "\u2018": curlySingle("\u2018"),
  "\u2019": curlySingle("\u2019"),
  "\u201a": curlySingle("\u201a"),
  "\u2032": curlySingle("\u2032"),
  "\u2013": dash("an en dash", "\u2013"),
  "\u2014": dash("an em dash", "\u2014"),
  "\u2212": dash("a minus sign", "\u2212"),
  "\u2010": dash("a Unicode hyphen", "\u2010"),
  "\u2011": dash("a non-breaking hyphen", "\u2011"),
};

const ANY = new RegExp(`[${Object.keys(TABLE).join("")}]`, "u");

/** The character's entry when it looks like another one or like nothing. */
export const lookAlike = (ch: string | undefined): LookAlike | undefined => (ch === undefined ? undefined : TABLE[ch]);

/** Whether a curly quote (single or double). */
export const isCurlyQuote = (ch: string | undefined): boolean => ch !== undefined && (TABLE[ch]?.replacement === '"' || TABLE[ch]?.replacement === "'");

/** `text` with each look-alike replaced by what belongs in a name, path or address, and trimmed. */
export const straighten = (text: string): string =>
  [...text]
    .map((ch) => TABLE[ch]?.replacement ?? ch)
    .join("")
    .trim();

/** The first look-alike in `text`, as "it has an en dash (–) in it", and `text` straightened; undefined when it has none. */
export function lookAlikeFault(text: string): { what: string; fixed: string } | undefined {
  const entry = lookAlike(ANY.exec(text)?.[0]);
  if (!entry) return undefined;
  return { what: `it has ${entry.name} in it`, fixed: straighten(text) };
}
