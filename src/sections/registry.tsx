/**
 * Section type -> component. The mapped type makes this map complete and
 * exact: a section type without a component, or a component taking another
 * section's props, is a compile error.
 */
import { createElement, type ReactNode } from "react";
import type { Section } from "@/generated/content";
import type { SectionMap, SectionType } from "./types";
import { CallToAction } from "./call-to-action/CallToAction";
import { Contact } from "./contact/Contact";
import { ContactInfo } from "./contact-info/ContactInfo";
import { FeatureList } from "./feature-list/FeatureList";
import { Hero } from "./hero/Hero";
import { IndustriesGrid } from "./industries-grid/IndustriesGrid";
import { LogoCarousel } from "./logo-carousel/LogoCarousel";
import { Message } from "./message/Message";
import { OfferingsGrid } from "./offerings-grid/OfferingsGrid";
import { PageBanner } from "./page-banner/PageBanner";
import { Portfolio } from "./portfolio/Portfolio";
import { ProcessSteps } from "./process-steps/ProcessSteps";
import { ServiceDetail } from "./service-detail/ServiceDetail";
import { ServiceExplorer } from "./service-explorer/ServiceExplorer";
import { ServicesCarousel } from "./services-carousel/ServicesCarousel";
import { ServicesGrid } from "./services-grid/ServicesGrid";
import { StatsBand } from "./stats-band/StatsBand";
import { TestimonialsCarousel } from "./testimonials-carousel/TestimonialsCarousel";
import { TextBlock } from "./text-block/TextBlock";

export type SectionRegistry = { [K in SectionType]: (props: { section: SectionMap[K] }) => ReactNode };

export const registry: SectionRegistry = {
  "call-to-action": CallToAction,
  contact: Contact,
  "contact-info": ContactInfo,
  "feature-list": FeatureList,
  hero: Hero,
  "industries-grid": IndustriesGrid,
  "logo-carousel": LogoCarousel,
  message: Message,
  "offerings-grid": OfferingsGrid,
  "page-banner": PageBanner,
  portfolio: Portfolio,
  "process-steps": ProcessSteps,
  "service-detail": ServiceDetail,
  "service-explorer": ServiceExplorer,
  "services-carousel": ServicesCarousel,
  "services-grid": ServicesGrid,
  "stats-band": StatsBand,
  "testimonials-carousel": TestimonialsCarousel,
  "text-block": TextBlock,
};

function renderTyped<K extends SectionType>(type: K, section: SectionMap[K]) {
  // createElement rather than JSX: JSX cannot check props against a component
  // picked by a generic key, createElement can (no cast needed).
  return createElement(registry[type], { section });
}

export function SectionView({ section }: { section: Section }) {
  return renderTyped(section.type, section);
}
