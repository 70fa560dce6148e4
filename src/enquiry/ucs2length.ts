/**
 * String length in Unicode code points, as JSON Schema's minLength/maxLength
 * count it. The same function as ajv/dist/runtime/ucs2length (MIT), as an ES
 * module: Ajv's standalone code refers to it with a CommonJS require(), which
 * the browser build and `vite dev` cannot load, so scripts/gen-form-validator.ts
 * rewrites that require() into an import of this file.
 */
export default function ucs2length(str: string): number {
  const len = str.length;
  let length = 0;
  let pos = 0;
  while (pos < len) {
    length++;
    const value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      // A high surrogate followed by a low one is one code point.
      if ((str.charCodeAt(pos) & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}
