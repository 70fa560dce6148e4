/**
 * The page builder's endpoints (builder/server/vite-plugin.ts) in a real Vite dev server over a copy of
 * the content, without React Router: what `npm run edit` answers under /__edit/api and for files
 * of public/, started in a second or two. Run as a script (`tsx tests/helpers/editor-server.ts
 * <root>`), it prints `EDITOR_URL=<url>` once it listens, for tests that kill it.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { EDITOR_HEADER, editorEndpoints } from "../../builder/server/vite-plugin.ts";

export interface EditorServer {
  url: string;
  server: ViteDevServer;
  close(): Promise<void>;
}

export async function startEditorServer(root: string): Promise<EditorServer> {
  const server = await createServer({
    configFile: false,
    root,
    publicDir: join(root, "public"),
    appType: "custom",
    logLevel: "silent",
    plugins: [editorEndpoints({ root })],
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { port: 0, host: "127.0.0.1", hmr: false },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0]?.replace(/\/$/, "");
  if (!url) throw new Error("The editor's test server has no address.");
  return { url, server, close: () => server.close() };
}

/** The content copy as a Git repository with one commit, as a project is (the builder's Changes and Discard read Git). */
export function commitAll(root: string): void {
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Editor tests", "-c", "user.email=editor-tests@example.com", ...args], { cwd: root, stdio: "ignore" });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "The content as the test starts from it");
}

/** A request as the builder's page makes it (its header; JSON when `body` is not a Buffer). */
export async function editorCall(
  url: string,
  path: string,
  { method = "GET", body, headers = {} }: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; json: Record<string, unknown>; text: string }> {
  const isBytes = Buffer.isBuffer(body);
  const res = await fetch(`${url}/__edit/api${path}`, {
    method,
    headers: { [EDITOR_HEADER]: "1", ...(body !== undefined && !isBytes ? { "Content-Type": "application/json" } : {}), ...headers },
    body: body === undefined ? undefined : isBytes ? new Uint8Array(body) : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = {};
  }
  return { status: res.status, headers: res.headers, json, text };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const root = process.argv[2];
  if (!root) throw new Error("Usage: tsx tests/helpers/editor-server.ts <content root>");
  const { url } = await startEditorServer(root);
  console.log(`EDITOR_URL=${url}`);
}
