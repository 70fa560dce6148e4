import { useEffect } from "react";
import { useMatches, type MetaDescriptor } from "react-router";
import { ERROR_META } from "@/content/page-meta";

/** The head tags a page's `meta` writes, other than its <title>: the ones a navigation replaces. */
const PAGE_TAGS = 'meta[name]:not([name="viewport"]),meta[property],link[rel="canonical"],script[type="application/ld+json"]';

/** JSON in a <script>, escaped as React Router's <Meta /> writes it in the pre-render. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/[&<>\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** The descriptors the head shows now: the pre-rendered page's, until the first navigation. */
let shown: MetaDescriptor[] | undefined;

/**
 * In the browser, in place of React Router's <Meta /> (700 bytes gzip of the vendor chunk; it renders
 * in the pre-render and in dev, src/root.tsx): after a client-side navigation, the head gets the
 * next page's title, description, canonical, link-preview tags and JSON-LD, which its loader computed
 * at build time (src/content/page-meta.ts). The page as loaded keeps its pre-rendered head.
 */
export function useHeadTags() {
  const matches = useMatches();
  const meta = (matches[matches.length - 1]?.loaderData as { meta?: MetaDescriptor[] } | undefined)?.meta ?? ERROR_META;
  useEffect(() => {
    if (import.meta.env.DEV) return; // <Meta /> does it (src/root.tsx); effects never run in the pre-render
    if (!shown) shown = meta;
    if (meta === shown) return;
    shown = meta;
    for (const el of document.head.querySelectorAll(PAGE_TAGS)) el.remove();
    for (const tag of meta) {
      if ("title" in tag) {
        document.title = String(tag.title);
        continue;
      }
      const { tagName = "meta", "script:ld+json": json, ...attributes } = tag as Record<string, unknown>;
      const el = document.createElement(json ? "script" : String(tagName));
      if (json) {
        el.setAttribute("type", "application/ld+json");
        el.textContent = scriptJson(json);
      } else for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
      document.head.append(el);
    }
  }, [meta]);
}
