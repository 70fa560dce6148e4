/**
 * The page builder and its canvas as a production bundle, with the site's section registry, served
 * under /studio-assets/: by the studio (`npm run studio` builds it into dist-studio/; no dev server is
 * ever exposed) and by the dev server under `npm run edit` (builder/server/builder-bundle.ts).
 */
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here("./builder/app"),
  base: "/studio-assets/",
  publicDir: here("./builder/app/public"),
  plugins: [tailwindcss()],
  resolve: { alias: [{ find: "@", replacement: here("./src") }] },
  build: {
    outDir: here("./dist-studio"),
    emptyOutDir: true,
    // The builder's page preloads the canvas's scripts, named from it (builder/server/builder-page.ts).
    manifest: true,
    rolldownOptions: {
      input: {
        index: here("./builder/app/index.html"),
        canvas: here("./builder/app/canvas.html"),
        // The studio's sign-in pages load it by this name (studio/html.ts): it is served without a hash, revalidated.
        passkeys: here("./builder/app/studio/passkeys.ts"),
      },
      // The sections' code (with the modules it draws in) in one file, not one per section: the builder opens with two
      // dozen files fewer, queued behind each other on a browser's six connections to the studio (docs/performance.md).
      output: {
        entryFileNames: (chunk) => (chunk.name === "passkeys" ? "passkeys.js" : "assets/[name]-[hash].js"),
        codeSplitting: { groups: [{ name: "sections", test: /[\\/]src[\\/]sections[\\/][^\\/]+[\\/]/ }] },
      },
    },
  },
});
