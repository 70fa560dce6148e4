import { createContext, useContext } from "react";
import { useRouteLoaderData } from "react-router";
import type { SiteSettings } from "@/generated/content";
import type { RootData } from "@/content/site.server";

/** Settings that replace the root route's (the page builder's canvas shows unsaved ones). */
export const SettingsOverride = createContext<SiteSettings | null>(null);

/** The site settings (phone, e-mail, opening hours...), from the root route's data. */
export function useSettings(): SiteSettings {
  const override = useContext(SettingsOverride);
  const data = useRouteLoaderData<RootData>("root");
  if (override) return override;
  // Pages render no section while settings.json has errors (npm run dev shows the errors instead).
  if (!data?.settings) throw new Error("Root data missing");
  return data.settings;
}
