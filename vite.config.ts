import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { contentRoot } from "./src/content/routes-config.ts";
import { siteContent } from "./src/content/vite-plugin.ts";

// SITE_ROOT points the dev server and the build at another copy of
// site-config/ (with its schemas/ and public/): the editor-task tests use it.
const root = contentRoot();

export default defineConfig({
  plugins: [siteContent({ root }), tailwindcss(), reactRouter()],
  publicDir: join(root, "public"),
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
});
