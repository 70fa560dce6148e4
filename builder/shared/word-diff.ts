/**
 * Two versions of a text as one, word by word: what stayed, what was taken out, what was put in
 * (the longest common run of words). What the studio's history shows when it compares versions.
 */
export type WordPart = { op: "same" | "del" | "ins"; text: string };

/** Beyond this many word pairs the texts are shown as one taken out and one put in, whole. */
const MAX_PAIRS = 2_000_000;

/** Each word with the spaces after it (and any spaces the text starts with). */
const words = (text: string) => text.match(/^\s+|\S+\s*/g) ?? [];

export function wordDiff(before: string, after: string): WordPart[] {
  const a = words(before);
  const b = words(after);
  const out: WordPart[] = [];
  const push = (op: WordPart["op"], text: string) => {
    const last = out.at(-1);
    if (last?.op === op) last.text += text;
    else out.push({ op, text });
  };
  if (a.length * b.length > MAX_PAIRS) {
    if (before) push("del", before);
    if (after) push("ins", after);
    return out;
  }
  // table[i][j]: the longest common run of a[i..] and b[j..].
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i * width + j] =
        a[i] === b[j] ? (table[(i + 1) * width + j + 1] as number) + 1 : Math.max(table[(i + 1) * width + j] as number, table[i * width + j + 1] as number);
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push("same", a[i++] as string);
      j++;
      // Taken out before put in, when both keep the common run as long.
    } else if (i < a.length && (j === b.length || (table[(i + 1) * width + j] as number) >= (table[i * width + j + 1] as number)))
      push("del", a[i++] as string);
    else push("ins", b[j++] as string);
  }
  return out;
}
