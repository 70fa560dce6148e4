/**
 * The page in the canvas, made in the browser from the unsaved edits, so the canvas changes on the
 * keystroke: each section resolved with the site's own data functions (src/sections/<type>/data.ts)
 * over the collections. The server's check follows (useCheck): for a section whose value has not
 * changed since it was sent, its answer is used (normalised, or the section's errors); for the
 * others, what the browser made. A section whose value is unchanged keeps its slot object, so only
 * changed sections are sent to the canvas and rendered again.
 */
import type { Collections } from "@/content/collections";
import { dataContext, resolveSection, Usage } from "@/content/resolve";
import type { Section, Service } from "@/generated/content";
import type { ImageFacts } from "@/images/slots";
import { SectionDataError } from "@/content/section-data";
import type { EditorFile, EditorProblem, EditorState } from "../api-client";
import type { Checked } from "../shell/useCheck";
import { listIn, listOf } from "../state/list";
import type { Doc, Json } from "../state/types";
import type { CanvasPage, CanvasSlot } from "./protocol";
import { placedAs } from "../../shared/kinds";

const isObject = (v: unknown): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

type Shared = EditorState["shared"];
type Made = { collections: Collections; service: Service | undefined; shared: Shared; slot: CanvasSlot };
const made = new WeakMap<object, Made>();

/** A section as the page shows it: a placed shared section resolved (placedAs), null when it names none that can be shown; any other as it is. */
function placedSection(section: Record<string, Json>, shared: Shared): Record<string, Json> | null {
  return typeof section.shared === "string" ? (placedAs(section, shared) ?? null) : section;
}

/** The section resolved in the browser; the same slot object for the same section, collections, service and shared sections. */
export function localSlot(section: Json, collections: Collections, service: Service | undefined, shared: Shared = []): CanvasSlot {
  const placed = isObject(section) ? placedSection(section, shared) : null;
  const type = placed && typeof placed.type === "string" ? placed.type : "unknown";
  if (!isObject(section)) return { ok: false, type, problems: ["This section is not an object with fields."] };
  if (!placed)
    return { ok: false, type: `shared "${String(section.shared)}"`, problems: [`There is no shared section "${String(section.shared)}" that can be shown.`] };
  const known = made.get(section);
  if (known && known.collections === collections && known.service === service && known.shared === shared) return known.slot;
  let slot: CanvasSlot;
  try {
    slot = { ok: true, ...resolveSection(placed as unknown as Section, dataContext(collections, new Usage(), service)) };
  } catch (err) {
    slot = {
      ok: false,
      type,
      problems: [err instanceof SectionDataError ? `${err.message}. ${err.hint}` : "This section cannot be shown until its errors are fixed."],
    };
  }
  made.set(section, { collections, service, shared, slot });
  return slot;
}

/** The service a page of /services/<id> shows (the service template's pages), else none. */
const serviceOf = (collections: Collections, route: string) =>
  route.startsWith("/services/") ? collections.services.find((s) => s.id === route.slice("/services/".length)) : undefined;

/** A section of a page or template as just typed, resolved as previewPage would (null before the site's collections are known). */
export const typedSlot = (section: Json, site: EditorState, route: string): CanvasSlot | null =>
  site.collections ? localSlot(section, site.collections, serviceOf(site.collections, route), site.shared) : null;

const serverSlots = new WeakMap<object, CanvasSlot>();

/** A slot of the server's page, in the builder's words; the same object for the same answer. */
function fromServer(
  slot: NonNullable<Checked["result"]["page"]>["slots"][number],
  problems: readonly EditorProblem[],
  say: (p: EditorProblem) => string,
): CanvasSlot {
  const known = serverSlots.get(slot);
  if (known) return known;
  const out: CanvasSlot = slot.ok ? slot : { ok: false, type: slot.type, problems: problems.length > 0 ? problems.map(say) : slot.problems };
  serverSlots.set(slot, out);
  return out;
}

const mergedImages = new WeakMap<object, { site: Record<string, ImageFacts>; merged: Record<string, ImageFacts> }>();

/** The site's pictures with those of the server's answer: the same object for the same two, so the canvas is not sent them again on every keystroke. */
function imagesWith(site: Record<string, ImageFacts>, server: Record<string, ImageFacts>): Record<string, ImageFacts> {
  const known = mergedImages.get(server);
  if (known?.site === site) return known.merged;
  const merged = { ...site, ...server };
  mergedImages.set(server, { site, merged });
  return merged;
}

const errorsIn = (problems: readonly EditorProblem[], file: string, base: string) =>
  problems.filter((p) => p.severity === "error" && p.file === file && (p.pointer === base || p.pointer.startsWith(`${base}/`)));

export interface PreviewInput {
  doc: Doc;
  file: EditorFile | undefined;
  site: EditorState;
  checked: Checked | null;
  route: string;
  /** A problem in the builder's words, as the canvas's cards show it ("Heading: Required."). */
  say(problem: EditorProblem): string;
}

/** The page the canvas shows, or null until there is one to show (a collection's page before the first check). */
export function previewPage({ doc, file, site, checked, route, say }: PreviewInput): CanvasPage | null {
  const server = checked?.preview === route ? checked.result.page : null;
  const problems = checked?.result.problems ?? [];
  const images = server ? imagesWith(site.images, server.images) : site.images;
  const siteProblems = problems
    .filter((p) => p.severity === "error" && p.file !== doc.path)
    .map((p) => `${p.file.replace(/^site-config\//, "")}: ${p.message}`);
  let collections = site.collections;
  if (!collections) return null;
  if (doc.kind === "collection" && file) collections = { ...collections, [file.name]: listOf(doc) } as Collections;
  const service = serviceOf(collections, route);

  if (doc.kind === "page" || doc.kind === "template") {
    const sections = listOf(doc);
    // The server's answer for the value it was sent: by id, the section sent and its slot.
    const answered = new Map<string, { section: Json; slot: CanvasSlot }>();
    if (server && checked) {
      const sent = listIn(doc.kind, checked.sent.value);
      checked.sent.ids.forEach((id, k) => {
        const slot = server.slots[k];
        const section = sent[k];
        if (slot && section !== undefined) answered.set(id, { section, slot: fromServer(slot, errorsIn(problems, doc.path, `/sections/${k}`), say) });
      });
    }
    const slots: Record<string, CanvasSlot> = {};
    sections.forEach((section, i) => {
      const id = doc.ids[i] as string;
      const answer = answered.get(id);
      slots[id] = answer && answer.section === section ? answer.slot : localSlot(section, collections, service, site.shared);
    });
    const value = isObject(doc.value) ? doc.value : {};
    const own = checked?.sent.path === doc.path ? errorsIn(problems, doc.path, "").filter((p) => !p.pointer.startsWith("/sections/")) : [];
    return {
      path: route,
      draft: doc.kind === "page" && value.status === "draft",
      pageProblems: own.map(say),
      siteProblems,
      images,
      order: doc.ids,
      slots,
    };
  }

  // A collection or the settings: the page the server rendered, its sections resolved again over the edited collections.
  if (!server) return null;
  const order = server.slots.map((_, i) => `${route}#${i}`);
  const slots: Record<string, CanvasSlot> = {};
  server.slots.forEach((slot, i) => {
    slots[order[i] as string] =
      slot.ok && doc.kind === "collection" ? localSlot(slot.section as unknown as Json, collections, service) : fromServer(slot, [], say);
  });
  return { path: route, draft: server.draft, pageProblems: [], siteProblems, images, order, slots };
}
