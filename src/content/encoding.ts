/**
 * Content files are UTF-8 without a byte order mark: what the page builder, `JSON.parse` and every
 * editor's default read alike. A file saved in another encoding is reported at its first byte that
 * UTF-8 cannot read, never decoded into "Caf\uFFFD" on a page.
 */
import { isUtf8 } from "node:buffer";

export type Decoded = { ok: true; text: string } | { ok: false; line: number; column: number; message: string; hint: string };

const SAVE = "In your editor, choose Save with encoding > UTF-8.";

/** Where the bytes stop being UTF-8 (overlong forms and surrogates included), or -1. */
function firstInvalidByte(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i] as number;
    if (c < 0x80) {
      i++;
      continue;
    }
    const more = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
    if (more === 0) return i;
    // The second byte's range rules out overlong forms (E0, F0), surrogates (ED) and code points above U+10FFFF (F4).
    const low = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
    const high = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k <= more; k++) {
      const d = b[i + k];
      if (d === undefined || d < (k === 1 ? low : 0x80) || d > (k === 1 ? high : 0xbf)) return i;
    }
    i += more + 1;
  }
  return -1;
}

/** UTF-16 without its mark: text of this kind has a zero byte beside most characters, which JSON never has. */
const looksUtf16 = (b: Uint8Array) => b.length >= 2 && (b[0] === 0 || b[1] === 0);

export function decodeContent(bytes: Uint8Array): Decoded {
  const bad = (message: string, hint = SAVE, line = 1, column = 1): Decoded => ({ ok: false, line, column, message, hint });
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return bad(
      'this file is not saved as UTF-8: it is "UTF-8 with BOM", which puts an invisible mark before the first {',
      `${SAVE.slice(0, -1)} (not "UTF-8 with BOM").`,
    );
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) || looksUtf16(bytes))
    return bad("this file is not saved as UTF-8: it is UTF-16, two bytes for every letter");
  // The native check first: the dev server reads every file on each save.
  const at = isUtf8(bytes) ? -1 : firstInvalidByte(bytes);
  if (at < 0) return { ok: true, text: new TextDecoder().decode(bytes) };
  let lineStart = at;
  while (lineStart > 0 && bytes[lineStart - 1] !== 0x0a) lineStart--;
  let line = 1;
  for (let i = 0; i < lineStart; i++) if (bytes[i] === 0x0a) line++;
  const before = new TextDecoder().decode(bytes.subarray(lineStart, at));
  const shown = before.trimStart().slice(-24).trimStart();
  return bad(
    `this file is not saved as UTF-8: ${shown ? `the character after ${JSON.stringify(shown)}` : "the first character of this line"} is in another encoding`,
    `${SAVE} If your editor shows a letter such as é as \uFFFD or ?, first choose Reopen with encoding > Western (Windows 1252), so that the letter is kept.`,
    line,
    before.length + 1,
  );
}
