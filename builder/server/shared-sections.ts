/**
 * "Make shared" (issue 51): a section of a page stored as site-config/shared/<name>.json, for pages
 * to place by name. The builder then writes the placement ({ "shared": name }) into the open page,
 * saved with it.
 */
import { BadRequest, Conflict } from "./errors.ts";
import { PAGE_SLUG } from "../../src/content/sources.ts";
import { contentPath, type contentWriter } from "./files.ts";

/** A shared section's name at most: the same room as a page address. */
const MAX_NAME = 80;

export const sharedFile = (name: string) => `site-config/shared/${name}.json`;

export function sharedApi(root: string, writer: ReturnType<typeof contentWriter>) {
  /** A new shared file holding `section`; refused for a name in use or one pages could not write. */
  function makeShared(name: string, section: unknown) {
    if (!PAGE_SLUG.test(name))
      throw new BadRequest(`"${name}" cannot be a shared section's name: use lower-case letters, digits and hyphens between words, e.g. "contact-dark".`);
    if (name.length > MAX_NAME) throw new BadRequest(`A shared section's name has at most ${MAX_NAME} characters; this one has ${name.length}.`);
    if (typeof section !== "object" || section === null || Array.isArray(section) || typeof (section as { type?: unknown }).type !== "string")
      throw new BadRequest('Only a section (an object with its "type") can be made shared.');
    if ("shared" in section) throw new BadRequest("This section is a shared one already: it is placed by name.");
    const path = sharedFile(name);
    const text = `${JSON.stringify({ $schema: "../../schemas/shared-section.schema.json", section }, null, 2)}\n`;
    if (!writer.create(contentPath(root, path), text)) throw new Conflict(`There is already a shared section "${name}" (${path}): choose another name.`);
    return { path, name };
  }
  return { makeShared };
}
