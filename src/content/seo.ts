/**
 * What search engines and link previews read about a page: title,
 * description, canonical address, Open Graph and Twitter tags, robots, and
 * JSON-LD. Built from the page's data and the site settings by the route
 * loaders at build time (withHeadTags in site.server.ts); the routes' `meta`
 * exports only read the result, so none of this code reaches the browser.
 */
import type { MetaDescriptor } from "react-router";
import { ERROR_META } from "./page-meta.ts";
import type { Service, SiteSettings } from "@/generated/content";

/** The link-preview picture (public/media/share.png, made by scripts/make-share-image.ts). */
export const SHARE_IMAGE = { src: "/media/share.png", width: 1200, height: 630, type: "image/png" } as const;

/** Limits of the SEO validation rules (src/content/seo-rules.ts); the page schema uses the same numbers. */
export const TITLE_LENGTH = { min: 10, max: 60 } as const;
export const DESCRIPTION_LENGTH = { min: 50, max: 160 } as const;

/** What a route knows about its page. */
export interface PageSeo {
  path: string;
  title: string;
  description: string;
  /** Kept out of search engines and the sitemap (e.g. /thank-you). */
  noindex?: boolean;
  /** On service pages: the service shown. */
  service?: Service;
}

/** Absolute address of a path on the live site: "/" -> "https://example.com/". */
export const absoluteUrl = (settings: Pick<SiteSettings, "siteUrl">, path: string) => `${settings.siteUrl}${path}`;

const DAY_URL = (day: string) => `https://schema.org/${day}`;

/** The company as schema.org sees it: a professional service with an address, hours and profiles. */
export function organizationJsonLd(settings: SiteSettings) {
  const { address } = settings;
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": `${settings.siteUrl}/#organization`,
    name: settings.companyName,
    ...(settings.tagline ? { description: settings.tagline } : {}),
    url: absoluteUrl(settings, "/"),
    logo: absoluteUrl(settings, settings.logo.src),
    image: absoluteUrl(settings, SHARE_IMAGE.src),
    telephone: settings.phone.dial,
    email: settings.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: `${address.street}, ${address.locality}`,
      addressLocality: address.city,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    sameAs: [settings.social.linkedin, settings.social.instagram, settings.social.facebook],
    openingHoursSpecification: settings.openingHours.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: h.days.map(DAY_URL),
      opens: h.opens,
      closes: h.closes,
    })),
  };
}

export function serviceJsonLd(settings: SiteSettings, service: Service, path: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.name,
    serviceType: service.name,
    description: service.smallDescription,
    url: absoluteUrl(settings, path),
    image: absoluteUrl(settings, service.image.src),
    provider: { "@id": `${settings.siteUrl}/#organization` },
    areaServed: { "@type": "City", name: settings.address.city },
  };
}

/** Home > Services > the service, as the banner's breadcrumb shows it. */
export function breadcrumbJsonLd(settings: SiteSettings, trail: { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, i) => ({ "@type": "ListItem", position: i + 1, name: step.name, item: absoluteUrl(settings, step.path) })),
  };
}

/**
 * Every head tag of a page. React Router renders "script:ld+json" as
 * <script type="application/ld+json"> with JSON.stringify output whose <, >
 * and & are escaped as \u003c etc.: data, never executed, safe for any text.
 */
export function pageMeta(page: PageSeo | undefined, settings: SiteSettings | undefined): MetaDescriptor[] {
  if (!page) return ERROR_META;
  const tags: MetaDescriptor[] = [{ title: page.title }, { name: "description", content: page.description }];
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  if (!settings) return tags;
  const url = absoluteUrl(settings, page.path);
  const image = absoluteUrl(settings, SHARE_IMAGE.src);
  const imageAlt = `${settings.companyName}: ${settings.tagline ?? settings.companyName}`;
  tags.push(
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: settings.companyName },
    { property: "og:locale", content: "en_IN" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: SHARE_IMAGE.type },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    { "script:ld+json": organizationJsonLd(settings) },
  );
  if (page.service) {
    tags.push(
      { "script:ld+json": serviceJsonLd(settings, page.service, page.path) },
      {
        "script:ld+json": breadcrumbJsonLd(settings, [
          { name: "Home", path: "/" },
          { name: "Services", path: "/services" },
          { name: page.service.name, path: page.path },
        ]),
      },
    );
  }
  return tags;
}
