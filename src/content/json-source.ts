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
  if (ch === undefined) {
    if (at.state === "colon") return fail(`missing ':' after the field name "${key}"`, `Write "${key}": followed by its value.`);
    if (at.state === "value" && inner?.kind !== "array")
      return fail("the file ends where a value was expected", "Something is missing at the end: check that every { and [ has its closing } and ].");
    if (inner?.kind === "array") return fail("the file ends inside a list", `Add the closing ] for the [ on line ${lines.at(inner.offset).line}.`);
    if (inner) return fail("the file ends inside an object", `Add the closing } for the { on line ${lines.at(inner.offset).line}.`);
    return fail("the file ends where a value was expected", "Something is missing at the end: check that every { and [ has its closing } and ].");
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
      const badEscape = /\\(?!["\\/bfnrt]|u[0-9a-fA-F]{4})(.?)/.exec(text.slice(offset));
      return fail(
        `"\\${badEscape?.[1] ?? ""}" is not a valid escape in text`,
        'Inside double quotes a backslash must be followed by one of " \\ / b f n r t or u and four hex digits; write \\\\ for a backslash.',
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
