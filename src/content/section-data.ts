/**
 * How a section declares what it reads from the collections (src/sections/<type>/data.ts):
 *
 *   export default defineData("services-grid", (section, { collections }) => ({
 *     services: collections.services.pick(section.services, ["id", "name", "smallDescription", "icon"]),
 *   }));
 *
 * The function runs at build time (and in dev on each request); its result is the component's
 * `data` prop, typed as exactly what it returns, so a component that reads a field it did not ask
 * for does not compile, and the page carries only those fields.
 */
import type { Service } from "@/generated/content";
import type { CollectionName, EntryOf } from "@/content/collections";
import type { SectionMap, SectionType } from "@/sections/types";

export interface CollectionAccess<T> {
  /** The entries with these ids, in this order (every entry when `ids` is undefined), each with only `fields`. */
  pick<F extends keyof T>(ids: readonly string[] | undefined, fields: readonly F[]): Pick<T, F>[];
}

export interface DataContext {
  collections: { [N in CollectionName]: CollectionAccess<EntryOf<N>> };
  /** On a service page: the service it shows. */
  service?: Service;
}

/** A section that cannot be shown where it is (a service's own section on a page that shows no service, say). */
export class SectionDataError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

export const defineData = <K extends SectionType, D>(_type: K, read: (section: SectionMap[K], context: DataContext) => D) => read;
