import type { Route } from "./+types/service";
import { servicePageData } from "@/content/site.server";
import { PageView } from "@/page/PageView";
import { metaFromLoader } from "@/content/page-meta";
import { preloadPageSections, withSectionCode } from "@/sections/preload";

// Runs at build time (pre-render) and in dev, head tags included (see page.tsx).
export async function loader({ params }: Route.LoaderArgs) {
  return withSectionCode(await servicePageData(params.slug));
}

export function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return preloadPageSections(serverLoader, request.url);
}

// Title, description, canonical, link-preview tags and JSON-LD, in the pre-rendered HTML.
export const meta: Route.MetaFunction = metaFromLoader;

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  return <PageView page={loaderData} />;
}
