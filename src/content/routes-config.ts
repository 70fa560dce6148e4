/**
 * Route list for react-router.config.ts and src/routes.ts, read straight from
 * the file layout of site-config/ (page files and service ids) without full
 * validation: the content plugin validates before anything is built, and a
 * route list must still come out of broken content so the dev server starts
 * and can show what is wrong.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pagePath, servicePath } from "./load.ts";

export function pageSlugs(root: string): string[] {
  const dir = join(root, "site-config", "pages");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^[a-z0-9]+(-[a-z0-9]+)*\.json$/.test(f))
    .map((f) => f.slice(0, -".json".length))
    .sort((a, b) => (a === "home" ? -1 : b === "home" ? 1 : a.localeCompare(b)));
}

export function serviceIds(root: string): string[] {
  try {
    const data: unknown = JSON.parse(readFileSync(join(root, "site-config", "collections", "services.json"), "utf8"));
    if (data && typeof data === "object" && "items" in data && Array.isArray(data.items)) {
      return data.items.flatMap((item: unknown) =>
        item && typeof item === "object" && "id" in item && typeof item.id === "string" ? [item.id] : [],
      );
    }
  } catch {
    // Reported by validation with file:line:column; no service routes until fixed.
  }
  return [];
}

export function routePaths(root: string): string[] {
  return [...pageSlugs(root).map(pagePath), ...serviceIds(root).map(servicePath)];
}
