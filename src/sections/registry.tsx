/**
 * Section type -> its component, loaded on demand: each section type is its own chunk, so a page
 * downloads only the code of the sections it has, and only when they are needed (see Island in
 * src/runtime/island.tsx). The pre-render waits for every section (entry.server.tsx), so the
 * HTML is complete whatever is loaded.
 *
 * The loaders are generated from the section folders (src/generated/sections.ts); the mapped type
 * checks them: a section type without a loader, or a loader of a component taking another
 * section's props, is a compile error.
 */
import { createElement, type ReactNode, use } from "react";
import { sectionLoaders } from "@/generated/sections";
import { loadOnce, type Settling } from "@/runtime/chunk-load";
import type { ResolvedSection, SectionProps, SectionType } from "./types";

type SectionComponent<K extends SectionType> = (props: SectionProps<K>) => ReactNode;
export type SectionRegistry = { [K in SectionType]: () => Promise<SectionComponent<K>> };

export const registry: SectionRegistry = sectionLoaders;

const loaders = new Map<SectionType, () => Settling<unknown>>();

/** Fetches a section type's code once (see loadOnce: a loaded section renders at once); a failed fetch can be tried again. */
export function loadSection(type: SectionType): Settling<unknown> {
  let load = loaders.get(type);
  if (!load) {
    load = loadOnce<unknown>(registry[type]);
    loaders.set(type, load);
  }
  return load();
}

/** Fetches the code of these section types (before a client-side navigation shows a page that has them). */
export function preloadSections(types: Iterable<SectionType>): Promise<unknown[]> {
  return Promise.all([...new Set(types)].map(loadSection));
}

function renderTyped<K extends SectionType>(type: K, props: SectionProps<K>) {
  // What registry[type] resolved to, which the mapped type says is a SectionComponent<K>.
  const component = use(loadSection(type)) as SectionComponent<K>;
  // createElement rather than JSX: JSX cannot check props against a component picked by a generic key, createElement can.
  return createElement(component, props);
}

/** Renders a section; suspends (inside the page's per-section <Suspense>) until its code is there. */
export function SectionView({ resolved }: { resolved: ResolvedSection }) {
  return renderTyped(resolved.section.type, resolved);
}
