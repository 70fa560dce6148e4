import type { Page } from "@playwright/test";

/** Resolves once the app has taken over the page: before that, a link click is a full page load, not a client-side navigation. */
export const hydrated = (page: Page, timeout?: number) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined, null, timeout ? { timeout } : undefined);
