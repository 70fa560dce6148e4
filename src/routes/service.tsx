import type { Route } from "./+types/service";
import { servicePageData } from "@/content/site.server";
import { PageView } from "@/components/PageView";
import { pageMeta } from "@/content/seo";

export function loader({ params }: Route.LoaderArgs) {
  return servicePageData(params.slug);
}

// Title, description, canonical, link-preview tags and JSON-LD, in the pre-rendered HTML.
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData, matches[0]?.loaderData?.settings);

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  return <PageView page={loaderData} />;
}
