import type { MetaDescriptor } from "react-router";

/** The head of a page that failed to load (React Router's error page). */
export const ERROR_META: MetaDescriptor[] = [{ title: "Unexpected Application Error!" }];

/**
 * A route's `meta`: the head tags its loader computed at build time (see
 * pageMeta in seo.ts), so the browser bundle carries no SEO code.
 */
export const metaFromLoader = ({ loaderData }: { loaderData?: { meta: MetaDescriptor[] } }): MetaDescriptor[] => loaderData?.meta ?? ERROR_META;
