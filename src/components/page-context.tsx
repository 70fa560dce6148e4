import { createContext, useContext } from "react";
import { useRouteLoaderData } from "react-router";
import type { Service, SiteSettings } from "@/generated/content";
import type { CollectionName, Collections } from "@/content/load";
import type { PageData, RootData } from "@/content/site.server";

export const PageContext = createContext<PageData | null>(null);

function usePage(): PageData {
  const page = useContext(PageContext);
  if (!page) throw new Error("Section rendered outside a page");
  return page;
}

/** The entries of a collection that this page's sections show (picked by the route loader). */
export function useCollection<K extends CollectionName>(name: K): Collections[K] {
  const list = usePage().collections[name];
  if (!list) throw new Error(`The page data has no "${name}" collection: add it to NEEDS in src/content/site.server.ts`);
  return list;
}

/** The service of a service page. */
export function useCurrentService(): Service {
  const service = usePage().service;
  if (!service) throw new Error("This section only works on service pages (templates/service.json)");
  return service;
}

export function useCurrentPath(): string {
  return usePage().path;
}

export function useSettings(): SiteSettings {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("Root data missing");
  return data.settings;
}
