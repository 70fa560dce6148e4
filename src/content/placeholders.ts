/**
 * Page templates (site-config/templates/, "New page" in the builder) hold placeholders where a
 * page's own text goes: [[What it is for, in words]]. A page made from one keeps them until they
 * are filled: on a draft each is a warning (the builder marks its field), on a published page an
 * error, so the build refuses a page with a placeholder left.
 */
import { textsIn } from "../lib/json-pointer.ts";
import { readablePath } from "./ajv-problems.ts";
import type { JsonValue } from "./json-source.ts";
import type { Problem } from "./problems.ts";
import { perFile } from "./per-file.ts";
import type { PageSource } from "./sources.ts";

/** A placeholder in a text: "[[", what goes there, "]]". */
export const PLACEHOLDER = /\[\[([^[\]]+)\]\]/;

/** Every text of `value` with a placeholder in it, by JSON Pointer. */
const texts = (value: JsonValue) =>
  textsIn(value).flatMap(({ pointer, text }) => {
    const found = PLACEHOLDER.exec(text);
    return found ? [{ pointer, placeholder: found[0] }] : [];
  });

/** The placeholders of a page made from a template (a check of each page, kept while it is unchanged). */
const placeholdersOf = perFile(
  (page: PageSource, _draft: boolean): Problem[] => {
    const parsed = page.parsed;
    if (!parsed) return [];
    return texts(parsed.value).map(({ pointer, placeholder }): Problem => {
      const loc = parsed.locations.get(pointer)?.value ?? { line: 1, column: 1 };
      const where = { file: page.file, line: loc.line, column: loc.column, path: readablePath(pointer, parsed.value), pointer, field: pointer };
      return page.draft
        ? {
            ...where,
            severity: "warning",
            message: `the placeholder ${placeholder} is still to be filled`,
            hint: "Write the page's own text in its place: the page cannot be published with it.",
            detail: `is still the template's placeholder ${placeholder}: write the page's own text`,
          }
        : {
            ...where,
            severity: "error",
            message: `the placeholder ${placeholder} was left in a published page`,
            hint: 'Write the page\'s own text in its place, or make the page a draft again ("status": "draft") until it is written.',
            detail: `is still the template's placeholder ${placeholder}: write the page's own text`,
          };
    });
  },
  (draft) => draft,
);

export function placeholderProblems(pages: readonly PageSource[]): Problem[] {
  return pages.flatMap((page) => placeholdersOf(page, page.draft));
}
