/**
 * The builder's page as the studio and the dev server serve it: the built index.html with the answers
 * the builder asks for first (the site, the open file, the studio's status) as JSON it reads instead of
 * asking (../app/api-client.ts), and the canvas's scripts preloaded (the sections' code is one file both
 * load: vite.studio.config.ts). Opening then waits on no second round trip to the server.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The id of the element the builder reads its first answers from (builder/app/api-client.ts). */
export const FIRST_ANSWERS_ID = "editor-first";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

type Ask = (path: string) => Promise<{ status: number; body: string }>;

interface FirstFile {
  path: string;
  kind: string;
  route?: string;
}

/** JSON inside <script>: nothing in it can end the element or open a comment. */
const inScript = (json: string) => json.replace(/</g, "\\u003c");

export function builderPage(assets: string, base = "/studio-assets/") {
  const html = readFileSync(join(assets, "index.html"), "utf8");
  const end = html.lastIndexOf("</body>");
  if (end < 0) throw new Error(`${join(assets, "index.html")} has no </body>.`);
  const manifestFile = join(assets, ".vite", "manifest.json");
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {};
  // What the builder's own page loads already needs no preload.
  const loaded = new Set<string>();
  const chunks = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file) || loaded.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) chunks(imported, into);
  };
  const builderEntry = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith("index.html"));
  if (builderEntry) chunks(builderEntry, loaded);
  const canvas = new Set<string>();
  const canvasEntry = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith("canvas.html"));
  if (canvasEntry) chunks(canvasEntry, canvas);
  const canvasCss = canvasEntry ? (manifest[canvasEntry]?.css ?? []) : [];

  // Modules, not prefetches: measured, the canvas is ready sooner when they arrive parsed (docs/performance.md).
  const modulepreload = (files: Iterable<string>) => [...files].map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`).join("");
  const head = html.indexOf("</head>");
  const start =
    head < 0
      ? html.slice(0, end)
      : `${html.slice(0, head)}${canvasCss.map((file) => `<link rel="preload" as="style" crossorigin href="${base}${file}">`).join("")}${modulepreload(canvas)}${html.slice(head, end)}`;

  /** The page with the first answers in it (made before any of it is sent: the studio's one thread then serves the scripts unhindered). */
  return async (wanted: string | undefined, ask: Ask): Promise<string> => {
    const answers: Record<string, unknown> = {};
    try {
      const state = await ask("/state");
      if (state.status === 200) {
        answers["/state"] = JSON.parse(state.body);
        // The file the builder opens first: the one in the address, else the home page (Editor.tsx).
        const files = (answers["/state"] as { files: FirstFile[] }).files;
        const first = files.find((f) => f.path === wanted) ?? files.find((f) => f.kind === "page" && f.route === "/") ?? files[0];
        const path = first && `/file?path=${encodeURIComponent(first.path)}`;
        const [file, studio] = await Promise.all([path ? ask(path) : null, ask("/studio")]);
        if (path && file?.status === 200) answers[path] = JSON.parse(file.body);
        if (studio.status === 200) answers["/studio"] = JSON.parse(studio.body);
      }
    } catch {
      // Anything not answered here, the builder asks for as usual.
    }
    return `${start}<script type="application/json" id="${FIRST_ANSWERS_ID}">${inScript(JSON.stringify(answers))}</script>${html.slice(end)}`;
  };
}
