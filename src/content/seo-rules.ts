/**
 * Search rules that no single schema can check: every page's title is
 * different from every other's, and a service page's title, made of the
 * service's name and the template's titleSuffix, fits 10-60 characters.
 * (A page's own title and description lengths are in page.schema.json, so
 * editors flag them as you type.)
 */
import type { Page, Service } from "../generated/content.ts";
import type { ParsedJson } from "./json-source.ts";
import type { Problem } from "./problems.ts";
import { readablePath } from "./ajv-problems.ts";
import { TITLE_LENGTH } from "./seo.ts";

interface Located {
  file: string;
  parsed?: ParsedJson;
}

export interface SeoInput {
  pages: (Located & { path: string; doc?: Page })[];
  services?: Located & { items?: Service[] };
  template?: Located & { titleSuffix?: string };
}

interface TitleOwner {
  title: string;
  path: string;
  file: string;
  pointer: string;
  parsed?: ParsedJson;
  line: number;
  column: number;
}

export function seoProblems({ pages, services, template }: SeoInput): Problem[] {
  const problems: Problem[] = [];
  const at = (doc: Located, pointer: string) => doc.parsed?.locations.get(pointer)?.value ?? { line: 1, column: 1 };
  const problem = (owner: TitleOwner, message: string, hint: string) =>
    problems.push({
      severity: "error",
      file: owner.file,
      line: owner.line,
      column: owner.column,
      path: owner.parsed ? readablePath(owner.pointer, owner.parsed.value) : "",
      message,
      hint,
      pointer: owner.pointer,
    });

  const owners: TitleOwner[] = [];
  for (const page of pages) {
    // Drafts are not published, so they cannot clash in search results.
    if (!page.doc || page.doc.status === "draft") continue;
    owners.push({ title: page.doc.title, path: page.path, file: page.file, pointer: "/title", parsed: page.parsed, ...at(page, "/title") });
  }

  const suffix = template?.titleSuffix;
  if (template && services?.items && suffix !== undefined) {
    services.items.forEach((service, index) => {
      const pointer = `/items/${index}/name`;
      const owner: TitleOwner = {
        title: `${service.name}${suffix}`,
        path: `/services/${service.id}`,
        file: services.file,
        pointer,
        parsed: services.parsed,
        ...at(services, pointer),
      };
      owners.push(owner);
      const n = owner.title.length;
      const where = `the title of its page, "${owner.title}" (the name followed by the titleSuffix of ${template.file})`;
      if (n > TITLE_LENGTH.max) {
        problem(
          owner,
          `${where} is too long (${n} characters; at most ${TITLE_LENGTH.max})`,
          "Search results cut longer titles: shorten the name, or the titleSuffix.",
        );
      } else if (n < TITLE_LENGTH.min) {
        problem(
          owner,
          `${where} is too short (${n} characters; at least ${TITLE_LENGTH.min})`,
          "Search engines replace titles that say too little: lengthen the name, or the titleSuffix.",
        );
      }
    });
  }

  const first = new Map<string, TitleOwner>();
  for (const owner of owners) {
    const key = owner.title.trim().toLowerCase();
    const before = first.get(key);
    if (!before) {
      first.set(key, owner);
      continue;
    }
    problem(
      owner,
      `the title "${owner.title}" is already the title of ${before.path} (${before.file}:${before.line}:${before.column})`,
      "Give every page its own title: search results and browser tabs show it to tell pages apart.",
    );
  }
  return problems;
}
