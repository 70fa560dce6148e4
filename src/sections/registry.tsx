/**
 * Section type -> its component, loaded on demand: each section type is its
 * own chunk, so a page downloads only the code of the sections it has, and
 * only when they are needed (see Island in src/components/island.tsx). The
 * pre-render waits for every section (entry.server.tsx), so the HTML is
 * complete whatever is loaded.
 *
 * The mapped type makes this map complete and exact: a section type without a
 * loader, or a loader of a component taking another section's props, is a
 * compile error.
 */
import { createElement, use, type ReactNode } from "react";
import type { Section } from "@/generated/content";
import { loadOnce } from "@/lib/chunk-load";
import type { SectionMap, SectionType } from "./types";

type SectionComponent<K extends SectionType> = (props: { section: SectionMap[K] }) => ReactNode;
export type SectionRegistry = { [K in SectionType]: () => Promise<SectionComponent<K>> };

export const registry: SectionRegistry = {
  "call-to-action": () => import("./call-to-action/CallToAction").then((m) => m.CallToAction),
  contact: () => import("./contact/Contact").then((m) => m.Contact),
  "contact-info": () => import("./contact-info/ContactInfo").then((m) => m.ContactInfo),
  "feature-list": () => import("./feature-list/FeatureList").then((m) => m.FeatureList),
  hero: () => import("./hero/Hero").then((m) => m.Hero),
  "industries-grid": () => import("./industries-grid/IndustriesGrid").then((m) => m.IndustriesGrid),
  "logo-carousel": () => import("./logo-carousel/LogoCarousel").then((m) => m.LogoCarousel),
  message: () => import("./message/Message").then((m) => m.Message),
  "offerings-grid": () => import("./offerings-grid/OfferingsGrid").then((m) => m.OfferingsGrid),
  "page-banner": () => import("./page-banner/PageBanner").then((m) => m.PageBanner),
  portfolio: () => import("./portfolio/Portfolio").then((m) => m.Portfolio),
  "process-steps": () => import("./process-steps/ProcessSteps").then((m) => m.ProcessSteps),
  "service-detail": () => import("./service-detail/ServiceDetail").then((m) => m.ServiceDetail),
  "service-explorer": () => import("./service-explorer/ServiceExplorer").then((m) => m.ServiceExplorer),
  "services-carousel": () => import("./services-carousel/ServicesCarousel").then((m) => m.ServicesCarousel),
  "services-grid": () => import("./services-grid/ServicesGrid").then((m) => m.ServicesGrid),
  "stats-band": () => import("./stats-band/StatsBand").then((m) => m.StatsBand),
  "testimonials-carousel": () => import("./testimonials-carousel/TestimonialsCarousel").then((m) => m.TestimonialsCarousel),
  "text-block": () => import("./text-block/TextBlock").then((m) => m.TextBlock),
};

const loaders = new Map<SectionType, () => Promise<unknown>>();

/** Fetches a section type's code once (see loadOnce: a loaded section renders at once); a failed fetch can be tried again. */
export function loadSection(type: SectionType): Promise<unknown> {
  let load = loaders.get(type);
  if (!load) loaders.set(type, (load = loadOnce<unknown>(registry[type])));
  return load();
}

/** Fetches the code of these section types (before a client-side navigation shows a page that has them). */
export function preloadSections(types: Iterable<SectionType>): Promise<unknown[]> {
  return Promise.all([...new Set(types)].map(loadSection));
}

function component<K extends SectionType>(type: K): SectionComponent<K> {
  // What registry[type] resolved to, which the mapped type says is a SectionComponent<K>.
  return use(loadSection(type)) as SectionComponent<K>;
}

function renderTyped<K extends SectionType>(type: K, section: SectionMap[K]) {
  // createElement rather than JSX: JSX cannot check props against a component
  // picked by a generic key, createElement can.
  return createElement(component(type), { section });
}

/** Renders a section; suspends (inside the page's per-section <Suspense>) until its code is there. */
export function SectionView({ section }: { section: Section }) {
  return renderTyped(section.type, section);
}
