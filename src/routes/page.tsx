import { isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/page";
import { pageDataAt } from "@/content/site.server";
import { PageView } from "@/page/PageView";
import { metaFromLoader } from "@/content/page-meta";
import { preloadPageSections, withSectionCode } from "@/sections/preload";

// Runs at build time (pre-render) and in dev; the page's content reaches the
// browser in its own HTML and .data file, not in the shared JS bundle. So do
// its head tags: they are computed here, and the browser only reads them.
// The page is found by the route's own parameter (the home page has none), never by the request's
// address: that is the data file's address (/about-us.data) when React Router passes requests through.
export async function loader({ params }: Route.LoaderArgs) {
  return withSectionCode(await pageDataAt(params.page ? `/${params.page}` : "/"));
}

// A client-side navigation shows the page once its data and its sections' code are both there.
// An address that is no page (no data file: a stale link) goes home, as the server answers it.
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await preloadPageSections(serverLoader, request.url);
  } catch (error) {
    if (isRouteErrorResponse(error) && error.status === 404) throw redirect("/");
    throw error;
  }
}

// Title, description, canonical, link-preview tags and JSON-LD, in the pre-rendered HTML.
export const meta: Route.MetaFunction = metaFromLoader;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PageView page={loaderData} />;
}
