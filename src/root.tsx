import { pageAddress } from "@/lib/page-address";
import { createElement, memo, Suspense, use, useEffect } from "react";
import { Links, Meta, Outlet, Scripts, isRouteErrorResponse, useLocation, useNavigate, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import inlineCss from "./app.css?inline";
import { rootData, type RootData } from "@/content/site.server";
import type { SiteSettings } from "@/generated/content";
import { Header } from "@/components/Header";
import { Island } from "@/runtime/island";
import { ImagesContext } from "@/components/image-facts";
import { KEEP_SCROLL, useScrollOnNavigate, useSmoothAnchors } from "@/runtime/smooth-scroll";
import { ToastHost } from "@/enquiry/toast-host";
import { isChunkLoadError, loadChunk, loadOnce } from "@/runtime/chunk-load";
import { CONTENT_CHANGED, CONTENT_GENERATION_PATH, type ContentChanged } from "@/content/dev-events";

export const links: Route.LinksFunction = () => [
  // In dev the stylesheet is a file (Vite updates it in place); a built page carries it inline (Layout).
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader() {
  return rootData();
}

// Settings do not change between pages: never re-fetch them on navigation.
export const shouldRevalidate = () => false;

/** The pre-render of a production build (not dev, not the browser). */
const prerender = import.meta.env.SSR && !import.meta.env.DEV;

/** The page builder's screens (dev only) are an application, not pages of the site: no header, footer or chat button (its canvas draws them itself, with the settings as edited). */
const EDITOR_PATH = /^\/__edit(\/|$)/;

export function Layout({ children }: { children: React.ReactNode }) {
  const loaded = useRouteLoaderData<RootData>("root");
  const editor = EDITOR_PATH.test(useLocation().pathname);
  const data = editor ? undefined : loaded;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The first frame waits until the parser reaches the footer, that is until all of <main> is
            parsed: a browser that has half a page would paint the hero with its text missing, then move it. */}
        {prerender && <link rel="expect" href="#site-footer" blocking="render" />}
        <Meta />
        <Links />
        {import.meta.env.DEV && data?.contentGeneration !== undefined && <meta name="site-content-generation" content={String(data.contentGeneration)} />}
        {/* The site's CSS, inlined: no request before the first paint. The browser keeps this element when React takes over. */}
        {prerender && <style>{inlineCss}</style>}
      </head>
      <body>
        {!editor && (
          <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-3">
            Skip to content
          </a>
        )}
        <ImagesContext value={data?.images ?? {}}>
          {data?.settings && <Header settings={data.settings} />}
          {editor ? children : <main id="main">{children}</main>}
          {data?.settings && <SiteEnd settings={data.settings} />}
        </ImagesContext>
        <Scripts />
      </body>
    </html>
  );
}

// Not React.lazy: once an island's code has arrived (woken by a navigation, say), use() reads it
// at once (see loadOnce), so the island renders without suspending and React hydrates it in place.
const footerCode = loadOnce(() => import("@/components/Footer").then((m) => m.Footer));
const chatCode = loadOnce(() => import("@/components/FloatingChat").then((m) => m.FloatingChat));
type Settings = { settings: SiteSettings };
const Footer = (props: Settings) => createElement(use(footerCode()), props);
const FloatingChat = (props: Settings) => createElement(use(chatCode()), props);

/**
 * The footer and the chat button take over their pre-rendered HTML only when
 * needed (see Island): the footer as it nears the viewport, the chat button
 * (a plain link) when pointed at, touched or focused. Memoised: settings do
 * not change, and an island still waiting must not be re-rendered for nothing.
 */
const SiteEnd = memo(function SiteEnd({ settings }: Settings) {
  return (
    <>
      <Suspense fallback={null}>
        <Island id="footer" find={() => document.getElementById("site-footer")} load={() => loadChunk("Footer", footerCode)}>
          <Footer settings={settings} />
        </Island>
      </Suspense>
      <Suspense fallback={null}>
        <Island id="chat" find={() => document.querySelector('[data-testid="chat-button"]')} near={false} load={() => loadChunk("FloatingChat", chatCode)}>
          <FloatingChat settings={settings} />
        </Island>
      </Suspense>
    </>
  );
});

/**
 * A trailing slash is removed (the server does it with a 301; this covers static hosts). Same page,
 * so the visitor stays where they are: a visitor who scrolled before hydration is not sent to the top.
 */
function useNoTrailingSlash() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (pathname.length > 1 && pathname.endsWith("/")) navigate(pathname.replace(/\/+$/, "") + search + hash, { replace: true, state: KEEP_SCROLL });
  }, [pathname, search, hash, navigate]);
}

// In `npm run dev`: a page reloads when a file it depends on changes (its own page file, or any
// other content file), to show the change or the error cards where it went wrong (the page builder,
// which holds edits, decides for itself). Registered as the module loads, not in an effect: a save
// made while the page is still hydrating counts too. In the browser only: the server's module runner has
// its own import.meta.hot.
if (import.meta.hot && !import.meta.env.SSR) {
  import.meta.hot.on(CONTENT_CHANGED, (data?: Partial<ContentChanged>) => {
    if (location.pathname.startsWith("/__edit")) return;
    const here = pageAddress(location.pathname);
    if (!data?.routes || data.routes.includes(here)) location.reload();
  });
  // A save announced while this page was loading (its HTML made, this listener or the dev server's
  // connection not yet there) was missed: the page asks which check the server is at, now and once
  // connected, and reloads if it was made from an older one.
  const made = document.querySelector<HTMLMetaElement>('meta[name="site-content-generation"]')?.content;
  const catchUp = () =>
    void fetch(CONTENT_GENERATION_PATH, { cache: "no-store" })
      .then((r) => r.json() as Promise<{ generation: number }>)
      .then(({ generation }) => {
        if (generation > Number(made)) location.reload();
      })
      .catch(() => {});
  if (made !== undefined && !location.pathname.startsWith("/__edit")) {
    catchUp();
    import.meta.hot.on("vite:ws:connect", catchUp);
  }
}

/**
 * What tests and tools may rely on instead of React Router's globals: <html data-hydrated> once
 * the app has taken over the page, and a "site:navigate" event (its detail a path) that navigates
 * in the page as a link would.
 */
function useSiteHooks() {
  const navigate = useNavigate();
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    const go = (event: Event) => void navigate((event as CustomEvent<string>).detail);
    addEventListener("site:navigate", go);
    return () => removeEventListener("site:navigate", go);
  }, [navigate]);
}

export default function App() {
  useSiteHooks();
  useNoTrailingSlash();
  useSmoothAnchors();
  useScrollOnNavigate();
  return (
    <>
      <Outlet />
      <ToastHost />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}${typeof error.data === "string" && error.data ? `: ${error.data}` : ""}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div className="mx-auto max-w-4xl px-4 pt-28 pb-16">
      <h1 className="text-3xl font-bold text-navy">Unexpected Application Error!</h1>
      <pre className="mt-4 overflow-x-auto rounded-lg bg-slate-100 p-4 text-sm whitespace-pre-wrap text-red-800">{text}</pre>
      {isChunkLoadError(error) && (
        // A part of the site could not be downloaded (the page already reloaded once): let people try again.
        <button type="button" onClick={() => location.reload()} className="mt-4 rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark">
          Retry
        </button>
      )}
    </div>
  );
}
