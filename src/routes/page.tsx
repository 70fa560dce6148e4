import type { Route } from "./+types/page";
import { pageData } from "@/content/site.server";
import { PageView } from "@/components/PageView";
import { pageMeta } from "@/content/seo";

// Runs at build time (pre-render) and in dev; the page's content reaches the
// browser in its own HTML and .data file, not in the shared JS bundle.
export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/(.)\/+$/, "$1");
  return pageData(path);
}

// Title, description, canonical, link-preview tags and JSON-LD, in the pre-rendered HTML.
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData, matches[0]?.loaderData?.settings);

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PageView page={loaderData} />;
}
