/**
 * Writes a changed value back into the text of a JSON file so that only what changed changes: the
 * file's formatting, key order and every untouched line stay as they were, so a Git diff of a save
 * shows exactly the edit (a heading: one line; a moved section: the lines of the sections moved).
 *
 * The differences between the file's value and the new one become edits applied one after the
 * other, each on the text as the previous one left it (jsonc-parser's `modify` for values and keys;
 * moves, insertions into lists and removals spliced by hand, from the places jsonc-parser gives, keeping
 * the file's own separators). The result is parsed again and checked against the new value.
 */
import { dequal as deepEqual } from "dequal";
import { applyEdits, findNodeAtLocation, modify, parseTree, type FormattingOptions, type Node } from "jsonc-parser";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

const isObject = (v: unknown): v is { [key: string]: Json } => typeof v === "object" && v !== null && !Array.isArray(v);

/** The file's own style: its indent, its line ends, whether it ends with a newline. */
export function formattingOf(text: string): FormattingOptions & { finalNewline: boolean } {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? "  ";
  return {
    insertSpaces: !indent.startsWith("\t"),
    tabSize: indent.startsWith("\t") ? 1 : indent.length,
    eol: text.includes("\r\n") ? "\r\n" : "\n",
    finalNewline: /\n$/.test(text),
  };
}

/** The parsed tree of `text`; throws on text that is not JSON (the caller checks files before writing them). */
function tree(text: string): Node {
  const root = parseTree(text, [], { disallowComments: true, allowTrailingComma: false });
  if (!root) throw new Error("The file is not valid JSON.");
  return root;
}

/** Entry `index` of `list`; throws when there is none (the file and the value it was read as disagree). */
function entryAt<T>(list: readonly T[], index: number): T {
  const entry = list[index];
  if (entry === undefined) throw new Error(`The list has no entry ${index}.`);
  return entry;
}

class Writer {
  readonly options: FormattingOptions;
  constructor(public text: string) {
    this.options = formattingOf(text);
  }
  node(path: Path): Node {
    const found = findNodeAtLocation(tree(this.text), path);
    if (!found) throw new Error(`Nothing at ${JSON.stringify(path)} in the file.`);
    return found;
  }
  set(path: Path, value: Json | undefined, isArrayInsertion = false) {
    this.text = applyEdits(this.text, modify(this.text, path, value, { formattingOptions: this.options, isArrayInsertion }));
  }
  splice(start: number, end: number, replacement: string) {
    this.text = this.text.slice(0, start) + replacement + this.text.slice(end);
  }

  /** Removes entry `index` of the array at `path`, with the separator before it (or after it, for the first). */
  removeAt(path: Path, index: number) {
    const items = this.node(path).children ?? [];
    const item = entryAt(items, index);
    if (items.length === 1) return this.splice(item.offset, item.offset + item.length, "");
    if (index > 0) {
      const previous = entryAt(items, index - 1);
      return this.splice(previous.offset + previous.length, item.offset + item.length, "");
    }
    return this.splice(item.offset, entryAt(items, 1).offset, "");
  }

  /**
   * Inserts `value` as entry `index` of the array at `path`, written in the file's indentation and
   * separated as the entries around it are (jsonc-parser's insertion would re-format the whole list).
   */
  insertAt(path: Path, index: number, value: Json) {
    const items = this.node(path).children ?? [];
    const [first, second] = items;
    if (!first) return this.set([...path, index], value, true);
    const lineStart = this.text.lastIndexOf("\n", first.offset) + 1;
    const lead = this.text.slice(lineStart, first.offset);
    const ownLine = lead.trim() === "";
    const separator = second ? this.text.slice(first.offset + first.length, second.offset) : ownLine ? `,${this.options.eol}${lead}` : ", ";
    const unit = this.options.insertSpaces ? " ".repeat(this.options.tabSize ?? 2) : "\t";
    const written = JSON.stringify(value, null, unit)
      .split("\n")
      .join(`${this.options.eol}${ownLine ? lead : ""}`);
    const at = items[index];
    if (at) return this.splice(at.offset, at.offset, written + separator);
    const last = items.at(-1) ?? first;
    this.splice(last.offset + last.length, last.offset + last.length, separator + written);
  }

  /** Puts the entries of the array at `path` in the order `order` (old indices), each entry's text as it was and the separators where they were. */
  reorder(path: Path, order: number[]) {
    const items = this.node(path).children ?? [];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) throw new Error(`The list at ${JSON.stringify(path)} has no entries to reorder.`);
    const texts = items.map((n) => this.text.slice(n.offset, n.offset + n.length));
    // The text between each entry and the next; none after the last.
    const separators = items.slice(1).map((next, i) => {
      const previous = entryAt(items, i);
      return this.text.slice(previous.offset + previous.length, next.offset);
    });
    let out = "";
    for (const [i, from] of order.entries()) out += entryAt(texts, from) + (separators[i] ?? "");
    this.splice(first.offset, last.offset + last.length, out);
  }

  write(path: Path, before: Json, after: Json) {
    if (deepEqual(before, after)) return;
    if (isObject(before) && isObject(after)) return this.writeObject(path, before, after);
    if (Array.isArray(before) && Array.isArray(after)) return this.writeArray(path, before, after);
    this.set(path, after);
  }

  writeObject(path: Path, before: { [key: string]: Json }, after: { [key: string]: Json }) {
    for (const key of Object.keys(before)) if (!(key in after)) this.set([...path, key], undefined);
    for (const [key, value] of Object.entries(after)) {
      const old = before[key];
      if (old !== undefined) this.write([...path, key], old, value);
      else this.set([...path, key], value);
    }
  }

  writeArray(path: Path, before: Json[], after: Json[]) {
    const order = permutation(before, after);
    if (order) return this.reorder(path, order);
    // Entries kept as they are (a longest common subsequence); between two kept ones, as many
    // changed entries on both sides are the same entries edited; the rest were removed or added.
    const kept = commonSubsequence(before, after);
    const pairs: [number, number][] = [];
    const removed: number[] = [];
    const added: number[] = [];
    let i = 0;
    let j = 0;
    for (const [ki, kj] of [...kept, [before.length, after.length] as [number, number]]) {
      const common = Math.min(ki - i, kj - j);
      for (let n = 0; n < common; n++) pairs.push([i + n, j + n]);
      removed.push(...range(i + common, ki));
      added.push(...range(j + common, kj));
      i = ki + 1;
      j = kj + 1;
    }
    for (const index of removed.sort((a, b) => b - a)) this.removeAt(path, index);
    for (const index of added.sort((a, b) => a - b)) this.insertAt(path, index, entryAt(after, index));
    for (const [from, to] of pairs) this.write([...path, to], entryAt(before, from), entryAt(after, to));
  }
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);

/** When `after` holds exactly the entries of `before` in another order: for each new place, the old index. */
function permutation(before: Json[], after: Json[]): number[] | undefined {
  if (before.length !== after.length || before.length < 2) return undefined;
  const used = new Set<number>();
  const order: number[] = [];
  for (const entry of after) {
    const from = before.findIndex((b, k) => !used.has(k) && deepEqual(b, entry));
    if (from < 0) return undefined;
    used.add(from);
    order.push(from);
  }
  return order.every((from, k) => from === k) ? undefined : order;
}

/** Index pairs of a longest common subsequence of equal entries. */
function commonSubsequence(a: Json[], b: Json[]): [number, number][] {
  // table[i][j]: the length of a longest common subsequence of a[i..] and b[j..]; 0 past the end of either.
  const table = new Array<number[]>(a.length);
  const length = (i: number, j: number) => table[i]?.[j] ?? 0;
  for (let i = a.length - 1; i >= 0; i--) {
    const row = new Array<number>(b.length + 1).fill(0);
    table[i] = row;
    for (let j = b.length - 1; j >= 0; j--) row[j] = deepEqual(a[i], b[j]) ? length(i + 1, j + 1) + 1 : Math.max(length(i + 1, j), length(i, j + 1));
  }
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (deepEqual(a[i], b[j])) {
      out.push([i, j]);
      i++;
      j++;
    } else if (length(i + 1, j) >= length(i, j + 1)) i++;
    else j++;
  }
  return out;
}

/**
 * The text of the file with `value` written into it, changing only what differs from what the
 * file holds now. Throws if the result would not hold exactly `value` (a bug, not a user error).
 */
export function writeJson(text: string, value: unknown): string {
  const before = JSON.parse(text) as Json;
  const writer = new Writer(text);
  writer.write([], before, value as Json);
  const written = JSON.parse(writer.text) as unknown;
  if (!deepEqual(written, value)) throw new Error("Writing the file would not give the value asked for.");
  return writer.text;
}
