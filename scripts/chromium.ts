/** Debian's Chromium, as the browser tests, the benches and the screenshots start it (no browser download on this machine). */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
