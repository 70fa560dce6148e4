import { describe, expect, it } from "vitest";
import { JsonSyntaxError, parseJson } from "@/content/json-source";

describe("parseJson", () => {
  it("parses like JSON.parse", () => {
    const text = '{"a": [1, 2.5e3, -0.5, true, false, null, "x\\u00e9\\n"], "b": {}}';
    expect(parseJson(text).value).toEqual(JSON.parse(text));
  });
  it("records line and column of keys and values by JSON Pointer", () => {
    const { locations } = parseJson('{\n  "sections": [\n    { "type": "hero" }\n  ]\n}');
    expect(locations.get("/sections/0/type")).toEqual({ key: { offset: 24, line: 3, column: 7 }, value: { offset: 32, line: 3, column: 15 } });
    expect(locations.get("/sections/0")!.value).toMatchObject({ line: 3, column: 5 });
  });
  it("escapes pointer segments as Ajv does", () => {
    expect(parseJson('{"a/b": {"c~d": 1}}').locations.has("/a~1b/c~0d")).toBe(true);
  });
  it("reports duplicate keys with both positions", () => {
    const { duplicates, value } = parseJson('{\n"a": 1,\n"a": 2\n}');
    expect(value).toEqual({ a: 2 });
    expect(duplicates).toEqual([{ pointer: "/a", key: "a", first: { offset: 2, line: 2, column: 1 }, second: { offset: 10, line: 3, column: 1 } }]);
  });
  it.each([
    ['{"a": 1,}', 1, 8, "trailing comma before '}'"],
    ["[1, 2,]", 1, 6, "trailing comma before ']'"],
    ['{"a": 1\n "b": 2}', 1, 8, "missing comma between two fields"],
    ['{"a": 01}', 1, 7, '"01" is not a valid number'],
    ["", 1, 1, "the file ends where a value was expected"],
    ['{"a": 1} x', 1, 10, "unexpected 'x' after the end of the data"],
  ])("%j fails at %i:%i with %j", (text, line, column, message) => {
    try {
      parseJson(text);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(JsonSyntaxError);
      const e = err as JsonSyntaxError;
      expect([e.position.line, e.position.column, e.message]).toEqual([line, column, message]);
      expect(e.hint.length).toBeGreaterThan(10);
    }
  });
});
