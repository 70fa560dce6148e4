import type { Route } from "./+types/service";
import { servicePageData } from "@/content/site.server";
import { PageView, pageMeta } from "@/components/PageView";

export function loader({ params }: Route.LoaderArgs) {
  return servicePageData(params.slug);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData);

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  return <PageView page={loaderData} />;
}
