/** The editor's calls to its endpoints (src/editor/vite-plugin.ts), with the header they require. */
import type { EditorFile, EditorProblem } from "../api";
import type { JsonValue } from "@/content/json-source";
import type { Collections } from "@/content/collections";
import type { SiteSettings } from "@/generated/content";
import type { PageData } from "@/content/site.server";

export type { EditorFile, EditorProblem, JsonValue };

export interface EditorState {
  files: EditorFile[];
  routes: string[];
  media: string[];
  schemas: { sections: Record<string, Schema>; documents: Record<string, Schema> };
  collections: Collections | null;
  settings: SiteSettings | null;
  problems: EditorProblem[];
}

export type Schema = { [key: string]: unknown };

export interface FileData {
  path: string;
  text: string;
  hash: string;
  value: JsonValue;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`/__edit/api${path}`, { ...init, headers: { "x-site-editor": "1", ...init?.headers } });
  const data = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new ApiError(res.status, data.error ?? `The editor's server answered ${res.status}.`, data);
  return data;
}

const post = <T>(path: string, body: unknown) => call<T>(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

export const api = {
  state: () => call<EditorState>("/state"),
  file: (path: string) => call<FileData>(`/file?path=${encodeURIComponent(path)}`),
  check: (path: string, value: JsonValue, preview?: string) =>
    post<{ text: string; problems: EditorProblem[]; errors: boolean; page: PageData | null; settings: SiteSettings | null; routes: string[] }>("/check", {
      path,
      value,
      preview,
    }),
  save: (path: string, value: JsonValue, hash: string) => post<FileData & { problems: EditorProblem[] }>("/save", { path, value, hash }),
  links: (route: string) => call<{ file: string; path: string; href: string }[]>(`/links?route=${encodeURIComponent(route)}`),
  createPage: (slug: string, from?: string) => post<{ path: string; route: string }>("/pages", { action: "create", slug, from }),
  renamePage: (slug: string, to: string, fixLinks: boolean) =>
    post<{ renamed: boolean; links: { file: string; path: string; href: string }[]; path?: string }>("/pages", { action: "rename", slug, to, fixLinks }),
  deletePage: (slug: string) => post<{ deleted: boolean; links: { file: string; path: string; href: string }[] }>("/pages", { action: "delete", slug }),
  upload: (file: File) =>
    call<{ src: string }>("/upload", {
      method: "POST",
      headers: { "x-file-name": encodeURIComponent(file.name), "Content-Type": "application/octet-stream" },
      body: file,
    }),
  changes: () => call<{ available: boolean; files: { path: string; status: string; diff: string }[] }>("/changes"),
  discard: (path: string) => post<{ path: string }>("/discard", { path }),
};
