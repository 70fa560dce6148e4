// @vitest-environment jsdom
/**
 * The boot script (src/deploy/html.ts) run for real in a DOM: it must cut its
 * work into short tasks (one preload link per task, then one shared chunk per
 * task) so that none of it blocks a tap, and still import everything React
 * Router's own module script would, in an order that works.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { bootScript } from "@/deploy/html";

const plan = {
  sideEffects: ["/assets/manifest-abc.js"],
  routes: [
    { id: "root", url: "/assets/root-AAAAAAAA.js" },
    { id: "routes/page", url: "/assets/page-BBBBBBBB.js" },
  ],
  entry: "/assets/entry.client-CCCCCCCC.js",
  preloads: [
    "/assets/manifest-abc.js",
    "/assets/entry.client-CCCCCCCC.js",
    "/assets/rolldown-runtime-DDDDDDDD.js",
    "/assets/vendor-EEEEEEEE.js",
    "/assets/root-AAAAAAAA.js",
    "/assets/app-FFFFFFFF.js",
    "/assets/page-BBBBBBBB.js",
  ],
};

/** Runs the script with `import()` recorded (test code, not shipped: the page runs the script as it is). */
function run() {
  const imported: string[] = [];
  const record = (url: string) => {
    imported.push(url);
    return Promise.resolve({ url });
  };
  const code = bootScript(plan).replace(/\bimport\(/g, "__import(");
  new Function("__import", code)(record);
  return imported;
}

const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute("href"));

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = "";
  delete (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules;
});

describe("the boot script", () => {
  it("adds one preload link per task, then imports the shared chunks one at a time, then the routes, then the entry", async () => {
    vi.useFakeTimers();
    Object.defineProperty(document, "readyState", { value: "complete", configurable: true });
    const imported = run();
    expect(links()).toEqual([]);
    // Timer by timer (the frame after load, then each task the script queues).
    let steps = 0;
    while (links().length === 0 && steps++ < 10) await vi.advanceTimersToNextTimerAsync();
    expect(links()).toEqual(plan.preloads.slice(0, 1));
    await vi.advanceTimersToNextTimerAsync();
    expect(links()).toEqual(plan.preloads.slice(0, 2));
    expect(imported).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(links()).toEqual(plan.preloads);
    // Shared chunks first, each evaluated on its own (dependencies before dependants), then what
    // React Router's module script imports, then the entry that hydrates.
    expect(imported).toEqual([
      "/assets/rolldown-runtime-DDDDDDDD.js",
      "/assets/vendor-EEEEEEEE.js",
      "/assets/app-FFFFFFFF.js",
      "/assets/manifest-abc.js",
      "/assets/root-AAAAAAAA.js",
      "/assets/page-BBBBBBBB.js",
      "/assets/entry.client-CCCCCCCC.js",
    ]);
    expect(Object.keys((window as unknown as { __reactRouterRouteModules: object }).__reactRouterRouteModules)).toEqual(["root", "routes/page"]);
  });
});
