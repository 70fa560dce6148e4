import { useRouteLoaderData } from "react-router";
import type { SiteSettings } from "@/generated/content";
import type { RootData } from "@/content/site.server";

/** The site settings (phone, e-mail, opening hours...), from the root route's data. */
export function useSettings(): SiteSettings {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("Root data missing");
  return data.settings;
}
