import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { contentRoot } from "./src/content/routes.ts";
import { siteContent } from "./src/content/vite-plugin.ts";
import { pagePipelineStart } from "./src/deploy/vite-plugin.ts";
import { editorEndpoints } from "./builder/server/vite-plugin.ts";
import { pictureCopies } from "./src/images/vite-plugin.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The libraries every page needs to hydrate. They go into one "vendor" chunk:
 * one request instead of five, and one cache entry that survives content and
 * component changes. Only these: a library used by a lazy chunk (the enquiry
 * form's validator, say) must stay in that chunk, off the initial requests.
 */
const VENDOR = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

/**
 * The enquiry form's libraries, in two chunks besides the form's own: each is
 * evaluated in its own task (src/enquiry/LazyEnquiryForm.tsx), so that none of
 * the three keeps the main thread long. @rjsf/utils and what it uses; then
 * @rjsf/core and the validator.
 */
const FORM_UTILS =
  /[\\/]node_modules[\\/](@rjsf[\\/]utils|fast-uri|@x0k[\\/]json-schema-merge|fast-equals|jsonpointer|react-is)[\\/]|[\\/]src[\\/]enquiry[\\/]steps[\\/]form-utils\.ts$/;
const FORM_CORE = /[\\/]node_modules[\\/]@rjsf[\\/](core|validator-ajv8)[\\/]|[\\/]src[\\/]enquiry[\\/]steps[\\/]form-core\.ts$/;

/**
 * Our own code that every page runs to hydrate, in one "app" chunk instead of
 * many small ones (one request; gzip compresses the same code better in one
 * file): the folders src/runtime/ (islands, scrolling, chunk loading) and
 * src/page/ (the page view), whole, plus the root layout, the header and the
 * shared UI, the section registry and the two page routes. The route modules
 * and the entry stay files of their own (React Router loads them by name) that
 * re-export from it. Other code stays in a chunk of its own, loaded when needed.
 */
const APP =
  /[\\/]src[\\/]((runtime|page)[\\/][^\\/]+|root\.tsx|entry\.client\.tsx|routes[\\/](page|service)\.tsx|components[\\/](links|Header|ui|image-facts)\.tsx|sections[\\/](registry|preload)\.tsx?|generated[\\/]sections\.ts|content[\\/]page-meta\.ts|enquiry[\\/]toast-host\.tsx)$/;

// SITE_ROOT points the dev server and the build at another copy of
// site-config/ (with its schemas/ and public/): the editor-task tests use it.
const root = contentRoot();

/**
 * The enquiry form renders no markdown: in the browser bundle of a build, markdown-to-jsx (a third of
 * the form's code) gives way to a component that renders text as text (src/enquiry/plain-markdown.tsx).
 * A plugin, not an alias: aliases are shared by the client and server environments.
 */
const plainMarkdown = (): Plugin => ({
  name: "site-plain-markdown",
  apply: "build",
  enforce: "pre",
  resolveId(source) {
    if (source === "markdown-to-jsx/react" && this.environment.config.consumer === "client") return here("./src/enquiry/plain-markdown.tsx");
  },
});

export default defineConfig({
  // The page builder's endpoints exist only in the dev server (apply: "serve").
  // In dev, the picture copies are encoded on request (pictureCopies); a build writes them all.
  // A build finishes each page while the next is pre-rendered (pagePipelineStart).
  plugins: [
    plainMarkdown(),
    siteContent({ root }),
    editorEndpoints({ root }),
    pictureCopies({ root }),
    pagePipelineStart({ root }),
    tailwindcss(),
    reactRouter(),
  ],
  publicDir: join(root, "public"),
  resolve: {
    alias: [{ find: "@", replacement: here("./src") }],
  },
  // Libraries imported only by on-demand chunks (sections, the enquiry form): pre-bundled when the
  // dev server starts, not discovered on the first visit (which would re-bundle and reload mid-page).
  optimizeDeps: {
    include: [
      "keen-slider",
      "aos",
      "react-hot-toast",
      "@rjsf/core",
      "@rjsf/utils",
      "@rjsf/validator-ajv8",
      "@rjsf/validator-ajv8/lib/createPrecompiledValidator.js",
      "ajv",
      "ajv-formats",
      "jsonc-parser",
    ],
    // Server-only packages the dependency scan reaches through route loaders (which never run in the
    // browser): left out, so the scan finds nothing new after the first page and never reloads it.
    exclude: ["sharp", "fastest-levenshtein"],
  },
  // The browser's bundle: chunks by what a page needs (the server's bundle, which pre-renders, is left as Vite makes it).
  environments: {
    client: {
      build: {
        modulePreload: false,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "vendor", test: VENDOR },
                { name: "app", test: APP },
                { name: "form-utils", test: FORM_UTILS },
                { name: "form-core", test: FORM_CORE },
              ],
            },
          },
        },
      },
    },
  },
});
