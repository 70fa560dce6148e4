import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { siteContent } from "./src/content/vite-plugin.ts";

export default defineConfig({
  plugins: [siteContent({ root: process.cwd() }), tailwindcss(), reactRouter()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
});
