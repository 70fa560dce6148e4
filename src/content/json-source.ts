/**
 * A small JSON parser that remembers where every value sits in the text.
 *
 * Why not JSON.parse: it reports only an offset (and only for the first
 * problem), silently keeps the last of two duplicate keys, and says nothing
 * an author can act on ("Unexpected token } in JSON at position 812").
 * Content authors need line and column, the field name, and a fix.
 */

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

/** Escapes a key for use in a JSON Pointer (RFC 6901), as Ajv does. */
export function pointerSegment(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }
  at(offset: number): Position {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { offset, line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }
}

const describeChar = (ch: string | undefined): string => {
  if (ch === undefined) return "the end of the file";
  if (ch === "\n" || ch === "\r") return "the end of the line";
  return `'${ch}'`;
};

export function parseJson(text: string): ParsedJson {
  const lines = new LineIndex(text);
  const locations = new Map<string, NodeLocation>();
  const duplicates: DuplicateKey[] = [];
  let i = 0;

  const pos = (offset = i) => lines.at(offset);
  // A declaration (not an arrow) so that TypeScript narrows after calls to it.
  function fail(message: string, hint: string, offset = i): never {
    throw new JsonSyntaxError(message, pos(offset), hint);
  }

  const skipSpace = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff) {
        i++;
        continue;
      }
      if (c === 47 /* / */ && (text[i + 1] === "/" || text[i + 1] === "*")) {
        fail(
          "JSON files cannot contain comments",
          "Remove the comment. To explain something, ask a developer to add a \"description\" to the schema instead.",
        );
      }
      return;
    }
  };

  /** Offset just after the last non-space character before `from`. */
  const endOfPrevious = (from: number) => {
    let j = from - 1;
    while (j >= 0 && /\s/.test(text[j]!)) j--;
    return j + 1;
  };

  const parseString = (): string => {
    const start = i;
    i++; // opening quote
    let out = "";
    let chunk = i;
    for (;;) {
      const ch = text[i];
      if (ch === undefined || ch === "\n" || ch === "\r") {
        fail("text is missing its closing double quote", "Add a \" at the end of the text that starts here.", start);
      }
      if (ch === '"') {
        out += text.slice(chunk, i);
        i++;
        return out;
      }
      if (ch === "\\") {
        out += text.slice(chunk, i);
        const esc = text[i + 1];
        const simple: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
        if (esc !== undefined && esc in simple) {
          out += simple[esc];
          i += 2;
        } else if (esc === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else {
          fail(
            `"\\${esc ?? ""}" is not a valid escape in text`,
            "Inside double quotes a backslash must be followed by one of \" \\ / b f n r t or u and four hex digits; write \\\\ for a backslash.",
          );
        }
        chunk = i;
        continue;
      }
      if (ch.charCodeAt(0) < 0x20) fail("text contains a control character", "Remove the invisible character, or write a tab as \\t.");
      i++;
    }
  };

  const parseNumber = (): number => {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 64));
    if (!m) return fail(`'${text[i]}' cannot start a value`, "A value is text in double quotes, a number, true, false, null, a list [...] or an object {...}.");
    i += m[0].length;
    if (/[0-9A-Za-z_.]/.test(text[i] ?? "")) {
      const word = /^[^\s,\]}]*/.exec(text.slice(i - m[0].length))![0];
      fail(`"${word}" is not a valid number`, "Write numbers like 12, 3.5 or -7; put anything else in double quotes as text.", i - m[0].length);
    }
    return Number(m[0]);
  };

  const parseValue = (pointer: string, keyPos?: Position): JsonValue => {
    skipSpace();
    const start = i;
    locations.set(pointer, keyPos ? { key: keyPos, value: pos(start) } : { value: pos(start) });
    const ch = text[i];
    if (ch === "{") return parseObject(pointer);
    if (ch === "[") return parseArray(pointer);
    if (ch === '"') return parseString();
    if (ch === "'") fail("text must use double quotes, not single quotes", "Replace the ' around this text with \".");
    if (ch === "-" || (ch !== undefined && ch >= "0" && ch <= "9")) return parseNumber();
    if (ch === undefined) fail("the file ends where a value was expected", "Something is missing at the end: check that every { and [ has its closing } and ].");
    const word = /^[A-Za-z_$][\w$-]*/.exec(text.slice(i))?.[0];
    if (word === "true" || word === "false" || word === "null") {
      i += word.length;
      return word === "true" ? true : word === "false" ? false : null;
    }
    if (word) {
      const lower = word.toLowerCase();
      const hint =
        lower === "true" || lower === "false" || lower === "null"
          ? `Write ${lower} in lower case.`
          : `Put text in double quotes: "${word}".`;
      fail(`unexpected word ${word}`, hint);
    }
    return fail(`unexpected ${describeChar(ch)} where a value was expected`, "A value is text in double quotes, a number, true, false, null, a list [...] or an object {...}.");
  };

  const parseObject = (pointer: string): JsonValue => {
    const open = i;
    i++;
    const out: { [key: string]: JsonValue } = {};
    const seen = new Map<string, Position>();
    skipSpace();
    if (text[i] === "}") {
      i++;
      return out;
    }
    for (;;) {
      skipSpace();
      const ch = text[i];
      if (ch === "}") {
        // We only get here after a comma.
        fail("trailing comma before '}'", "Remove the comma after the last field of this object.", endOfPrevious(i) - 1);
      }
      if (ch === undefined) fail("the file ends inside an object", `Add the closing } for the { on line ${pos(open).line}.`);
      if (ch !== '"') {
        const word = /^[A-Za-z_$][\w$-]*/.exec(text.slice(i))?.[0];
        if (ch === "'") fail("field names must use double quotes, not single quotes", "Replace the ' around the field name with \".");
        if (word) fail(`field name ${word} is not in double quotes`, `Write it as "${word}".`);
        fail(`unexpected ${describeChar(ch)} where a field name was expected`, "Each field is \"name\": value, separated by commas.");
      }
      const keyPos = pos();
      const key = parseString();
      skipSpace();
      if (text[i] !== ":") fail(`missing ':' after the field name "${key}"`, `Write "${key}": followed by its value.`);
      i++;
      const childPointer = `${pointer}/${pointerSegment(key)}`;
      const first = seen.get(key);
      if (first) duplicates.push({ pointer: childPointer, key, first, second: keyPos });
      else seen.set(key, keyPos);
      out[key] = parseValue(childPointer, keyPos);
      skipSpace();
      const next = text[i];
      if (next === ",") {
        i++;
        continue;
      }
      if (next === "}") {
        i++;
        return out;
      }
      if (next === '"') {
        fail(
          "missing comma between two fields",
          `Add a comma at the end of line ${pos(endOfPrevious(i)).line}.`,
          endOfPrevious(i),
        );
      }
      if (next === undefined) fail("the file ends inside an object", `Add the closing } for the { on line ${pos(open).line}.`);
      fail(`unexpected ${describeChar(next)} after the value of "${key}"`, "Separate fields with a comma, and close the object with }.");
    }
  };

  const parseArray = (pointer: string): JsonValue => {
    const open = i;
    i++;
    const out: JsonValue[] = [];
    skipSpace();
    if (text[i] === "]") {
      i++;
      return out;
    }
    for (;;) {
      skipSpace();
      if (text[i] === "]") fail("trailing comma before ']'", "Remove the comma after the last entry of this list.", endOfPrevious(i) - 1);
      if (text[i] === undefined) fail("the file ends inside a list", `Add the closing ] for the [ on line ${pos(open).line}.`);
      out.push(parseValue(`${pointer}/${out.length}`));
      skipSpace();
      const next = text[i];
      if (next === ",") {
        i++;
        continue;
      }
      if (next === "]") {
        i++;
        return out;
      }
      if (next === undefined) fail("the file ends inside a list", `Add the closing ] for the [ on line ${pos(open).line}.`);
      if (next === "{" || next === '"' || next === "[") {
        fail("missing comma between two entries of a list", `Add a comma at the end of line ${pos(endOfPrevious(i)).line}.`, endOfPrevious(i));
      }
      fail(`unexpected ${describeChar(next)} in a list`, "Separate entries with a comma, and close the list with ].");
    }
  };

  const value = parseValue("");
  skipSpace();
  if (i < text.length) {
    fail(
      `unexpected ${describeChar(text[i])} after the end of the data`,
      "The file must hold exactly one object. Remove what follows, or check for an extra } or ] just before it.",
    );
  }
  return { value, locations, duplicates };
}
