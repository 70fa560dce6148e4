/**
 * Stages 4 and 5 of the content layer: normalize the validated data (an image without alt text
 * gets the text its entry names for it), then resolve each section's references into the data its
 * component receives, by running the section's data function (src/sections/<type>/data.ts) over
 * the collections. What each section picked is recorded, to warn about entries no page shows.
 */
import type { Section, Service } from "../generated/content.ts";
import { sectionData } from "../generated/section-data.ts";
import type { CollectionAccess, DataContext } from "./section-data.ts";
import type { ResolvedSection } from "../sections/types.ts";
import { splitPointer } from "../lib/json-pointer.ts";
import { COLLECTION_NAMES, type CollectionName, type Collections } from "./collections.ts";
import type { AltFallback } from "./validate.ts";

/** A copy of `value` with each fallback alt text set on its image. */
export function withAltFallbacks<T>(value: T, fallbacks: readonly AltFallback[] | undefined): T {
  if (!fallbacks || fallbacks.length === 0) return value;
  const copy = structuredClone(value);
  for (const { pointer, alt } of fallbacks) {
    let node: unknown = copy;
    for (const segment of splitPointer(pointer)) node = node && typeof node === "object" ? (node as Record<string, unknown>)[segment] : undefined;
    if (node && typeof node === "object" && !Array.isArray(node)) (node as Record<string, unknown>).alt = alt;
  }
  return copy;
}

/** What notes which entries a section picks (ids, or undefined for all of them). */
interface Recorder {
  record(name: CollectionName, ids: readonly string[] | undefined): void;
}

/** Which entries of each collection the resolved sections show: their ids, or "all". */
export class Usage implements Recorder {
  readonly shown = new Map<CollectionName, Set<string> | "all">();
  record(name: CollectionName, ids: readonly string[] | undefined) {
    const current = this.shown.get(name);
    if (current === "all") return;
    if (ids === undefined) this.shown.set(name, "all");
    else if (current) for (const id of ids) current.add(id);
    else this.shown.set(name, new Set(ids));
  }
}

type Entry = { id: string | number };

function access<T extends Entry>(name: CollectionName, entries: readonly T[], usage: Recorder): CollectionAccess<T> {
  return {
    pick<F extends keyof T>(ids: readonly string[] | undefined, fields: readonly F[]) {
      usage.record(name, ids);
      const chosen = ids === undefined ? entries : ids.flatMap((id) => entries.filter((entry) => String(entry.id) === id));
      return chosen.map((entry) => Object.fromEntries(fields.map((field) => [field, entry[field]])) as Pick<T, F>);
    },
  };
}

export function dataContext(collections: Collections, usage: Recorder, service?: Service): DataContext {
  // Each name gets the access to its own entries: what DataContext["collections"] says, which a loop over names cannot show TypeScript.
  const all = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, access<Entry>(name, collections[name], usage)]));
  return { collections: all as unknown as DataContext["collections"], service };
}

type DataFunction = (section: Section, context: DataContext) => unknown;

/** The section with the data its component reads (none for a section that reads no collection). */
export function resolveSection(section: Section, context: DataContext): ResolvedSection {
  const read = (sectionData as Partial<Record<Section["type"], DataFunction>>)[section.type];
  // The data function of this section's own type made the data: the pair is a ResolvedSection.
  return { section, data: read?.(section, context) } as ResolvedSection;
}

type Kept = { collections: Collections; resolved: ResolvedSection; picks: [CollectionName, readonly string[] | undefined][] };
const NO_SERVICE = {};
const kept = new WeakMap<Section, WeakMap<object, Kept>>();

/**
 * resolveSection over `collections`, kept while the section, the collections and the service are the
 * same objects: a save's check of a big site resolves again only the sections that changed. What the
 * section picks is recorded in `usage` either way.
 */
export function resolveKept(section: Section, collections: Collections, usage: Usage, service?: Service): ResolvedSection {
  let byService = kept.get(section);
  const known = byService?.get(service ?? NO_SERVICE);
  if (known?.collections === collections) {
    for (const [name, ids] of known.picks) usage.record(name, ids);
    return known.resolved;
  }
  const picks: Kept["picks"] = [];
  const recorder: Recorder = {
    record(name, ids) {
      picks.push([name, ids]);
      usage.record(name, ids);
    },
  };
  const resolved = resolveSection(section, dataContext(collections, recorder, service));
  if (!byService) {
    byService = new WeakMap();
    kept.set(section, byService);
  }
  byService.set(service ?? NO_SERVICE, { collections, resolved, picks });
  return resolved;
}
