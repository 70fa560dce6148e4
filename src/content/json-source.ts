/**
 * JSON with the position of every value, for messages that name a line and column.
 *
 * jsonc-parser does the parsing (strict JSON: no comments, no trailing commas); this module turns
 * its tree into values by JSON Pointer, finds duplicate keys (JSON.parse keeps the last one
 * silently), and turns its first syntax error into a sentence an author can act on, with a fix
 * ("missing comma between two fields. Add a comma at the end of line 22.").
 */
import { escapeSegment } from "../lib/json-pointer.ts";
import { getNodeValue, parseTree, printParseErrorCode, visit, type Node, type ParseError } from "jsonc-parser";
import { isCurlyQuote, lookAlike } from "./characters.ts";
import { missingFileAdvice } from "./paths.ts";

export interface Position {
  offset: number;
  line: number;
  column: number;
}

export interface NodeLocation {
  /** Where the key of this property starts (absent for the root and array items). */
  key?: Position;
  /** Where the value starts. */
  value: Position;
}

export interface DuplicateKey {
  pointer: string;
  key: string;
  first: Position;
  second: Position;
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface ParsedJson {
  value: JsonValue;
  /** JSON Pointer (as Ajv's instancePath, "" for the root) -> location. */
  locations: Map<string, NodeLocation>;
  duplicates: DuplicateKey[];
}

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: Position,
    readonly hint: string,
    /** A file path written with backslashes, as typed: the reader of the files in public/ can say whether the corrected one exists. */
    readonly typedPath?: string,
  ) {
    super(message);
    this.name = "JsonSyntaxError";
  }
}

export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }
  at(offset: number): Position {
    let lo = 0;
    let start = 0; // where line `lo` starts
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      const midStart = this.starts[mid];
      if (midStart !== undefined && midStart <= offset) {
        lo = mid;
        start = midStart;
      } else hi = mid - 1;
    }
    return { offset, line: lo + 1, column: offset - start + 1 };
  }
}

const OPTIONS = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

export function parseJson(text: string): ParsedJson {
  const lines = new LineIndex(text);
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, OPTIONS);
  if (errors.length > 0 || !root) throw syntaxError(text, lines);
  const locations = new Map<string, NodeLocation>();
  const duplicates: DuplicateKey[] = [];
  const walk = (node: Node, pointer: string, key?: Position) => {
    locations.set(pointer, key ? { key, value: lines.at(node.offset) } : { value: lines.at(node.offset) });
    if (node.type === "array")
      node.children?.forEach((child, i) => {
        walk(child, `${pointer}/${i}`);
      });
    if (node.type !== "object") return;
    const seen = new Map<string, Position>();
    for (const property of node.children ?? []) {
      const [keyNode, valueNode] = property.children ?? [];
      if (!keyNode || !valueNode) continue;
      const name = keyNode.value as string;
      const at = lines.at(keyNode.offset);
      const child = `${pointer}/${escapeSegment(name)}`;
      const first = seen.get(name);
      if (first) duplicates.push({ pointer: child, key: name, first, second: at });
      else seen.set(name, at);
      // The last of two duplicates is the value that counts (as in JSON.parse), and where it points.
      walk(valueNode, child, at);
    }
  };
  walk(root, "");
  return { value: getNodeValue(root) as JsonValue, locations, duplicates };
}

/** Whether `text` parses at least up to the line after `line` (1-based): a fix that gets the parser past the mistake. */
function parsesPast(text: string, line: number): boolean {
  const errors: ParseError[] = [];
  parseTree(text, errors, OPTIONS);
  const first = errors[0];
  return first === undefined || new LineIndex(text).at(first.offset).line > line + 1;
}

/** Where the text in double quotes that starts at `start` ends (its closing quote), or undefined when it runs to the end of its line. */
function closingQuote(text: string, start: number): number | undefined {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === '"') return i;
    else if (c === "\n" || c === "\r") return undefined;
  }
  return undefined;
}

/** A text in double quotes that looks like a file path typed with backslashes ("public\media\team.jpg", "C:\Users\...\a.jpg"). */
const BACKSLASH_PATH = /^(?:[a-z]:)?\\*[\w .()~-]*(?:\\+[\w .()~-]+)+$/i;
const looksLikePath = (raw: string) => BACKSLASH_PATH.test(raw) && (/\.[a-z0-9]{2,5}$/i.test(raw) || /(^|\\)(public|media)\\/i.test(raw));

const describeChar = (ch: string | undefined): string => {
  if (ch === undefined) return "the end of the file";
  if (ch === "\n" || ch === "\r") return "the end of the line";
  return `'${ch}'`;
};

const VALUE_HINT = "A value is text in double quotes, a number, true, false, null, a list [...] or an object {...}.";

type State = "value" | "key" | "colon" | "after" | "end";

/** Where the parser was when it stopped: inside which objects and lists, and what it expected next. */
interface Context {
  /** Open objects and lists, innermost last; an object remembers the field name it read last. */
  containers: { kind: "object" | "array"; offset: number; key?: string }[];
  state: State;
}

/** The first syntax error, in plain words: jsonc-parser says where it stopped; the state and the text there say why. */
function syntaxError(text: string, lines: LineIndex): JsonSyntaxError {
  // jsonc-parser's error codes by name (its enum is a const enum, which this project's TypeScript settings cannot read).
  let found: { code: ReturnType<typeof printParseErrorCode>; offset: number; ctx: Context } | undefined;
  const ctx: Context = { containers: [], state: "value" };
  const afterValue = () => {
    ctx.state = ctx.containers.length > 0 ? "after" : "end";
  };
  // jsonc-parser ends an unclosed object or list before it reports the missing } or ]: this is how things stood just before.
  let beforeEnd: Context = ctx;
  const end = () => {
    beforeEnd = { state: ctx.state, containers: ctx.containers.map((c) => ({ ...c })) };
    ctx.containers.pop();
    afterValue();
  };
  visit(
    text,
    {
      onObjectBegin: (offset) => {
        ctx.containers.push({ kind: "object", offset });
        ctx.state = "key";
      },
      onArrayBegin: (offset) => {
        ctx.containers.push({ kind: "array", offset });
        ctx.state = "value";
      },
      onObjectEnd: end,
      onArrayEnd: end,
      onObjectProperty: (property) => {
        const inner = ctx.containers.at(-1);
        if (inner) inner.key = property;
        ctx.state = "colon";
      },
      onLiteralValue: afterValue,
      onSeparator: (character) => {
        ctx.state = character === ":" ? "value" : ctx.containers.at(-1)?.kind === "object" ? "key" : "value";
      },
      onError: (error, offset) => {
        const code = printParseErrorCode(error);
        const unclosed = code === "CloseBraceExpected" || code === "CloseBracketExpected";
        found ??= { code, offset, ctx: unclosed ? beforeEnd : { state: ctx.state, containers: ctx.containers.map((c) => ({ ...c })) } };
      },
    },
    OPTIONS,
  );
  const { code, offset, ctx: at } = found ?? { code: "ValueExpected", offset: text.length, ctx };
  const fail = (message: string, hint: string, where = offset) => new JsonSyntaxError(message, lines.at(where), hint);
  const inner = at.containers.at(-1);
  const key = inner?.key ?? "";
  const ch = text[offset];
  const word = /^[A-Za-z_$][\w$-]*/.exec(text.slice(offset))?.[0];
  /** Offset just after the last non-space character before `from`. */
  const endOfPrevious = (from: number) => {
    let j = from - 1;
    while (j >= 0 && /\s/.test(text.charAt(j))) j--;
    return j + 1;
  };
  const notANumber = (start: number) => {
    const number = /^[^\s,\]}]*/.exec(text.slice(start))?.[0] ?? "";
    return fail(`"${number}" is not a valid number`, "Write numbers like 12, 3.5 or -7; put anything else in double quotes as text.", start);
  };

  if (code === "InvalidCommentToken") {
    return fail(
      "JSON files cannot contain comments",
      'Remove the comment. To explain something, ask a developer to add a "description" to the schema instead.',
    );
  }
  if (code === "UnexpectedEndOfString") {
    const unclosed = unclosedText(text, offset, lines, inner?.kind === "array");
    if (unclosed) return fail(unclosed.message, unclosed.hint, unclosed.at);
  }
  if (ch === undefined) {
    if (at.state === "colon") return fail(`missing ':' after the field name "${key}"`, `Write "${key}": followed by its value.`);
    if (at.state === "value" && inner?.kind !== "array")
      return fail("the file ends where a value was expected", "Something is missing at the end: check that every { and [ has its closing } and ].");
    if (inner?.kind === "array") return fail("the file ends inside a list", `Add the closing ] for the [ on line ${lines.at(inner.offset).line}.`);
    if (inner) return fail("the file ends inside an object", `Add the closing } for the { on line ${lines.at(inner.offset).line}.`);
    return fail("the file ends where a value was expected", "Something is missing at the end: check that every { and [ has its closing } and ].");
  }

  const odd = code === "InvalidSymbol" ? lookAlike(ch) : undefined;
  if (odd) {
    const starts = at.state === "key" ? "a field name" : at.state === "value" ? "a text" : undefined;
    if (isCurlyQuote(ch) && starts) {
      // The curly-quoted word, as far as its closing quote of any kind on this line: “email” -> "email".
      const word = /^.([^"\u201c\u201d\u201e\u2033\u2018\u2019\u201a\u2032\n]*)["\u201c\u201d\u201e\u2033\u2018\u2019\u201a\u2032]/.exec(
        text.slice(offset),
      )?.[1];
      return fail(
        `${starts} starts with ${odd.name}`,
        word === undefined ? 'Use straight double quotes (") around texts and field names.' : `Use straight quotes ("): write "${word}".`,
      );
    }
    const where = at.state === "key" ? " where a field name was expected" : at.state === "value" ? " where a value was expected" : "";
    const looks = odd.replacement === " " ? ": it looks like a space, but JSON does not take it as one" : "";
    return fail(
      odd.replacement === "" ? `an invisible character, ${odd.name},${where}` : `${odd.name}${where}${looks}`,
      `${odd.fix.charAt(0).toUpperCase()}${odd.fix.slice(1)} (text pasted from an e-mail or a web page often brings these).`,
    );
  }

  switch (at.state) {
    case "end":
    case "after": {
      // A number running straight into letters or digits ("01", "12px") stops the parser right after its valid part.
      const number = /-?\d[\d.eE+-]*$/.exec(text.slice(0, offset));
      if (number && /[0-9A-Za-z_.]/.test(ch) && number.index + number[0].length === offset) return notANumber(number.index);
      if (at.state === "end") {
        return fail(
          `unexpected ${describeChar(ch)} after the end of the data`,
          "The file must hold exactly one object. Remove what follows, or check for an extra } or ] just before it.",
        );
      }
      if (inner?.kind === "object") {
        if (ch === '"')
          return fail("missing comma between two fields", `Add a comma at the end of line ${lines.at(endOfPrevious(offset)).line}.`, endOfPrevious(offset));
        return fail(`unexpected ${describeChar(ch)} after the value of "${key}"`, "Separate fields with a comma, and close the object with }.");
      }
      if (ch === "{" || ch === '"' || ch === "[") {
        return fail(
          "missing comma between two entries of a list",
          `Add a comma at the end of line ${lines.at(endOfPrevious(offset)).line}.`,
          endOfPrevious(offset),
        );
      }
      return fail(`unexpected ${describeChar(ch)} in a list`, "Separate entries with a comma, and close the list with ].");
    }
    case "colon":
      return fail(`missing ':' after the field name "${key}"`, `Write "${key}": followed by its value.`);
  }

  switch (code) {
    case "UnexpectedEndOfString":
      return fail("text is missing its closing double quote", 'Add a " at the end of the text that starts here.');
    case "InvalidEscapeCharacter":
    case "InvalidUnicode": {
      const end = text[offset] === '"' ? closingQuote(text, offset) : undefined;
      const raw = end === undefined ? undefined : text.slice(offset + 1, end);
      if (raw !== undefined && looksLikePath(raw)) {
        const advice = missingFileAdvice(raw, { exists: () => true, suggestion: () => undefined }, { video: false });
        return new JsonSyntaxError(advice.message, lines.at(offset), advice.hint, raw);
      }
      const badEscape = /\\(?!["\\/bfnrt]|u[0-9a-fA-F]{4})(.?)/.exec(text.slice(offset));
      const next = badEscape?.[1] ?? "";
      return fail(
        `"\\${next}" is not a valid escape in text`,
        `A backslash in text starts a code such as \\n. Delete the \\ before "${next}", or write \\\\ to show a backslash.`,
        offset + (badEscape?.index ?? 0),
      );
    }
    case "InvalidCharacter": {
      const control = [...text.slice(offset)].findIndex((c) => c.charCodeAt(0) < 0x20);
      return fail("text contains a control character", "Remove the invisible character, or write a tab as \\t.", offset + Math.max(0, control));
    }
    case "UnexpectedEndOfNumber":
    case "InvalidNumberFormat":
      return notANumber(offset);
  }

  if (at.state === "key") {
    if (ch === "}") return fail("trailing comma before '}'", "Remove the comma after the last field of this object.", endOfPrevious(offset) - 1);
    if (ch === "'") return fail("field names must use double quotes, not single quotes", "Replace the ' around the field name with \".");
    if (word) return fail(`field name ${word} is not in double quotes`, `Write it as "${word}".`);
    return fail(`unexpected ${describeChar(ch)} where a field name was expected`, 'Each field is "name": value, separated by commas.');
  }
  // Where a value was expected.
  if (ch === "]" && text[endOfPrevious(offset) - 1] === ",")
    return fail("trailing comma before ']'", "Remove the comma after the last entry of this list.", endOfPrevious(offset) - 1);
  if (ch === "'") return fail("text must use double quotes, not single quotes", "Replace the ' around this text with \".");
  if (word) {
    const lower = word.toLowerCase();
    const hint = lower === "true" || lower === "false" || lower === "null" ? `Write ${lower} in lower case.` : `Put text in double quotes: "${word}".`;
    return fail(`unexpected word ${word}`, hint);
  }
  if (ch === "-" || /[0-9]/.test(ch)) return /^-?\d/.test(text.slice(offset)) ? notANumber(offset) : fail(`'${ch}' cannot start a value`, VALUE_HINT);
  return fail(`unexpected ${describeChar(ch)} where a value was expected`, VALUE_HINT);
}

/**
 * A text whose closing quote is missing, with the fix that gets the parser past it: a curly quote
 * where the straight one belongs, a quote left out before the comma or at the end of the line, or
 * (Enter pressed inside the text) the text's lines joined. Each fix is tried on the file first.
 */
function unclosedText(text: string, start: number, lines: LineIndex, inList: boolean): { message: string; hint: string; at: number } | undefined {
  const lineEnd = (from: number) => {
    const n = text.indexOf("\n", from);
    return n < 0 ? text.length : text[n - 1] === "\r" ? n - 1 : n;
  };
  const end = lineEnd(start);
  const line = lines.at(start).line;
  const rest = text.slice(start + 1, end);
  const curly = /["\u201c\u201d\u201e\u2033](?=\s*[,:}\]]*\s*$)/u.exec(rest);
  if (curly && curly[0] !== '"') {
    const at = start + 1 + curly.index;
    if (parsesPast(`${text.slice(0, at)}"${text.slice(at + 1)}`, line))
      return {
        message: `the text ends with ${lookAlike(curly[0])?.name ?? "a curly quote"} instead of a straight one`,
        hint: `Use straight quotes ("): replace the ${curly[0]} with ".`,
        at,
      };
  }
  const comma = /,\s*$/.exec(rest);
  if (comma) {
    const at = start + 1 + comma.index;
    if (parsesPast(`${text.slice(0, at)}"${text.slice(at)}`, line))
      return {
        message: "text is missing its closing double quote",
        hint: `Add a " at the end of the text, before the comma at the end of line ${line}.`,
        at: start,
      };
  }
  if (parsesPast(`${text.slice(0, end)}"${text.slice(end)}`, line))
    return { message: "text is missing its closing double quote", hint: `Add a " at the end of line ${line}.`, at: start };
  // Enter pressed inside the text: its next lines, joined to it with a space, close it.
  let joined = text;
  for (let more = 1; more <= 3; more++) {
    const breakAt = lineEnd(start);
    const next = /^\r?\n[ \t]*/.exec(joined.slice(breakAt));
    if (!next) return undefined;
    joined = `${joined.slice(0, breakAt)} ${joined.slice(breakAt + next[0].length)}`;
    if (closingQuote(joined, start) !== undefined && parsesPast(joined, line)) {
      const lastLine = line + more;
      const span = more === 1 ? `lines ${line} and ${lastLine}` : `lines ${line} to ${lastLine}`;
      const paragraph = inList ? " (a new paragraph is a new entry of the list)" : "";
      return {
        message: `the text is split over ${more === 1 ? "two" : more + 1} lines`,
        hint: `Join ${span} into one: a text stays on one line, however long${paragraph}.`,
        at: start,
      };
    }
  }
  return undefined;
}
