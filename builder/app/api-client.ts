/** The editor's calls to its endpoints (builder/server/vite-plugin.ts), with the header they require; each can be cancelled. */
import type {
  ActivityList,
  PreviewLink,
  CheckResult,
  ScheduledPublish,
  ContentState,
  EditorState,
  FileChange,
  FileData,
  JsonValue,
  SaveAnswer,
  StudioStatus,
  Uploaded,
  Version,
} from "../shared/types";
import type { Enquiry, FollowUp, InboxList, InboxQuery, PersonsEnquiries } from "../shared/inbox";

// The API's types are the server's own (builder/shared/types.ts): the app takes them from here.
export type * from "../shared/types";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** What the server wrote into the builder's page for its first questions (builder/server/builder-page.ts): each answer used once. */
const firstAnswers: Map<string, unknown> = (() => {
  const element = typeof document === "undefined" ? null : document.getElementById("editor-first");
  try {
    return new Map(Object.entries(JSON.parse(element?.textContent ?? "{}") as Record<string, unknown>));
  } catch {
    return new Map();
  }
})();

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  if (!init?.method && firstAnswers.has(path)) {
    const answer = firstAnswers.get(path) as T;
    firstAnswers.delete(path);
    return answer;
  }
  const res = await fetch(`/__edit/api${path}`, { ...init, headers: { "x-site-editor": "1", ...init?.headers } });
  const type = res.headers.get("content-type") ?? "";
  // The editor's own errors are JSON; anything else (a proxy's page, say) is said as its status.
  const data = (type.includes("json") ? await res.json() : {}) as T & { error?: string };
  if (!res.ok) throw new ApiError(res.status, data.error ?? `The editor's server answered ${res.status} ${res.statusText}.`, data);
  return data;
}

const post = <T>(path: string, body: unknown, signal?: AbortSignal) =>
  call<T>(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal });

export const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";

export const api = {
  state: (signal?: AbortSignal) => call<EditorState>("/state", { signal }),
  content: (signal?: AbortSignal) => call<ContentState>("/content", { signal }),
  file: (path: string, signal?: AbortSignal) => call<FileData>(`/file?path=${encodeURIComponent(path)}`, { signal }),
  check: (path: string, value: JsonValue, preview: string | undefined, signal?: AbortSignal) => post<CheckResult>("/check", { path, value, preview }, signal),
  save: (path: string, value: JsonValue, hash: string) => post<SaveAnswer>("/save", { path, value, hash }),
  links: (route: string) => call<{ file: string; path: string; href: string }[]>(`/links?route=${encodeURIComponent(route)}`),
  createPage: (slug: string, from?: string, template?: string) => post<{ path: string; route: string }>("/pages", { action: "create", slug, from, template }),
  renamePage: (slug: string, to: string, fixLinks: boolean) =>
    post<{ renamed: boolean; links: { file: string; path: string; href: string }[]; path?: string }>("/pages", { action: "rename", slug, to, fixLinks }),
  deletePage: (slug: string) => post<{ deleted: boolean; links: { file: string; path: string; href: string }[] }>("/pages", { action: "delete", slug }),
  /** `section` stored as the shared section `name` (site-config/shared/<name>.json). */
  share: (name: string, section: JsonValue) => post<{ path: string; name: string }>("/shared", { name, section }),
  upload: (file: File) =>
    call<Uploaded>("/upload", {
      method: "POST",
      headers: { "x-file-name": encodeURIComponent(file.name), "Content-Type": "application/octet-stream" },
      body: file,
    }),
  changes: (signal?: AbortSignal) => call<{ available: boolean; files: FileChange[] }>("/changes", { signal }),
  discard: (path: string) => post<{ path: string }>("/discard", { path }),
  studio: (signal?: AbortSignal) => call<StudioStatus>("/studio", { signal }),
  presence: (path: string) => post<unknown>("/studio/presence", { path }),
  /** `files`: those to publish (the rest stays waiting); everything when left out. */
  publish: (choices: Record<string, Record<string, "mine" | "theirs">>, files?: string[]) =>
    post<{ started: boolean; id: string }>("/studio/publish", files ? { choices, files } : { choices }),
  activity: ({ who, path }: { who?: string; path?: string }) =>
    call<ActivityList>(`/studio/activity?${new URLSearchParams({ ...(who ? { who } : {}), ...(path ? { path } : {}) })}`),
  /** A publish of `files` (everything waiting then, when left out) at `wall`, a date and time on the site's clocks. */
  schedule: (wall: string, files?: string[]) => post<ScheduledPublish>("/studio/schedules", files ? { wall, files } : { wall }),
  moveSchedule: (id: string, wall: string) => post<ScheduledPublish>(`/studio/schedules/${encodeURIComponent(id)}`, { wall }),
  cancelSchedule: (id: string) => post<{ cancelled: boolean }>(`/studio/schedules/${encodeURIComponent(id)}/cancel`, {}),
  askReview: (path: string, note: string) => post<{ id: string }>("/studio/reviews", { path, note }),
  returnReview: (id: string, comment: string) => post<{ returned: boolean }>(`/studio/reviews/${encodeURIComponent(id)}/return`, { comment }),
  previews: () => call<{ previews: PreviewLink[] }>("/studio/previews"),
  /** A preview link of `files` (everything waiting, when left out), valid for `days`: the link, shown once. */
  makePreview: (files: string[] | undefined, days: number) =>
    post<{ preview: PreviewLink; link: string }>("/studio/previews", files ? { files, days } : { days }),
  revokePreview: (id: string) => post<{ revoked: boolean }>(`/studio/previews/${encodeURIComponent(id)}/revoke`, {}),
  history: (path: string) => call<Version[]>(`/studio/history?path=${encodeURIComponent(path)}`),
  version: (path: string, commit: string) => call<{ text: string }>(`/studio/version?path=${encodeURIComponent(path)}&commit=${commit}`),
  restore: (path: string, commit: string) => post<{ restored: boolean }>("/studio/restore", { path, commit }),
  enquiries: (query: InboxQuery, signal?: AbortSignal) => {
    const search = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== "")).toString();
    return call<InboxList>(`/enquiries${search ? `?${search}` : ""}`, { signal });
  },
  enquiry: (id: string, signal?: AbortSignal) => call<Enquiry>(`/enquiries/${encodeURIComponent(id)}`, { signal }),
  followUp: (id: string, change: { status?: FollowUp; assignee?: string | null; note?: string }) =>
    post<Enquiry>(`/enquiries/${encodeURIComponent(id)}`, change),
  sendAgain: (id: string) => post<{ resent: boolean }>(`/enquiries/${encodeURIComponent(id)}/resend`, {}),
  personsEnquiries: (email: string) => call<PersonsEnquiries>(`/enquiries/person?email=${encodeURIComponent(email)}`),
  erase: (email: string, count: number) => post<{ deleted: number }>("/enquiries/erase", { email, count }),
};

/** Where an export downloads from (a link: the browser saves the file, with the session's cookie). */
export const exportUrl = (format: "csv" | "json", email?: string) =>
  `/__edit/api/enquiries/export?format=${format}${email ? `&email=${encodeURIComponent(email)}` : ""}`;
