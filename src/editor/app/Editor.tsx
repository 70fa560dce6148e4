/**
 * The page builder: the site's files on the left (pages, the service template, collections,
 * settings) with the open file's outline; the canvas in the middle, rendering the page with the
 * unsaved edits by the site's own components; the selected thing's form on the right. Every change
 * is checked by the editor's server with the site's own checks (the same as `npm run validate`),
 * and the canvas shows what the site would render. Nothing is written until Save.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from "react";
import type { PageData } from "@/content/site.server";
import type { SiteSettings } from "@/generated/content";
import { Canvas, VIEWPORTS, type Viewport } from "./Canvas";
import { ChangesDialog } from "./ChangesDialog";
import { Library, type LibraryEntry } from "./Library";
import { Outline, type OutlineItem } from "./Outline";
import { PageDialog, type PageAction } from "./PageDialog";
import { Properties } from "./Properties";
import { api, ApiError, type EditorFile, type EditorProblem, type EditorState, type Schema } from "./api-client";
import { initialState, isDirty, listKey, listOf, newId, reducer, withList, type Json, type JsonObject } from "./store";

/** The page-level fields (title, description, status...) as one pseudo-entry of the outline. */
const PAGE_FIELDS = "@page";

type State = EditorState & { library: LibraryEntry[] };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** What an entry is called in the outline: its own heading or name, else its kind (or `fallback` for no entry). */
function labelOf(entry: Json | undefined, fallback: string): string {
  if (!isObject(entry)) return fallback;
  for (const key of ["headline", "title", "heading", "name", "label", "id"]) {
    const v = entry[key];
    if (typeof v === "string" && v.trim()) return v.length > 48 ? `${v.slice(0, 47)}…` : v;
  }
  return fallback;
}

const typeTitle = (type: string) => type.charAt(0).toUpperCase() + type.slice(1).replace(/-/g, " ");

const fileFromUrl = () => (typeof location === "undefined" ? null : new URL(location.href).searchParams.get("file"));

function setFileInUrl(path: string) {
  const url = new URL(location.href);
  url.searchParams.set("file", path);
  history.replaceState(history.state, "", url);
}

/** Problems whose pointer is `base` or under it. */
const under = (problems: readonly EditorProblem[], base: string) => problems.filter((p) => p.pointer === base || p.pointer.startsWith(`${base}/`));

export function Editor() {
  const [site, setSite] = useState<State | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [state, dispatch] = useReducer(reducer, initialState);
  const { doc, selected } = state;
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const [preview, setPreview] = useState<{ page: PageData | null; settings: SiteSettings | null }>({ page: null, settings: null });
  const [checking, setChecking] = useState(false);
  const [viewport, setViewport] = useState<Viewport>(1280);
  const [status, setStatus] = useState<{ text: string; tone: "info" | "error" | "ok" }>({ text: "", tone: "info" });
  const [conflict, setConflict] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [changesOpen, setChangesOpen] = useState(false);
  const [pageAction, setPageAction] = useState<PageAction | null>(null);
  const [reveal, setReveal] = useState(0);
  const [media, setMedia] = useState<string[]>([]);
  const announce = useCallback((text: string, tone: "info" | "error" | "ok" = "info") => setStatus({ text, tone }), []);

  const file: EditorFile | undefined = site?.files.find((f) => f.path === doc?.path);
  const key = doc ? listKey(doc.kind) : null;
  const list = doc ? listOf(doc) : [];
  const fileProblems = useMemo(() => problems.filter((p) => p.file === doc?.path), [problems, doc?.path]);
  const errors = fileProblems.filter((p) => p.severity === "error");
  const otherErrors = problems.filter((p) => p.severity === "error" && p.file !== doc?.path);

  const refresh = useCallback(async () => {
    const next = (await api.state()) as State;
    setSite(next);
    setMedia(next.media);
    return next;
  }, []);

  const open = useCallback(
    async (path: string, selectIndex?: number | null) => {
      try {
        const data = await api.file(path);
        const kind = (site ?? (await refresh())).files.find((f) => f.path === path)?.kind ?? "page";
        dispatch({ type: "open", doc: { path, kind, hash: data.hash, saved: data.value }, selectIndex: listKey(kind) ? (selectIndex ?? 0) : null });
        setFileInUrl(path);
        setConflict(null);
        announce(`Opened ${path}.`);
      } catch (err) {
        announce((err as Error).message, "error");
      }
    },
    [site, refresh, announce],
  );

  // Start: the site, then the file in the address (a reload keeps it) or the home page.
  useEffect(() => {
    refresh().then(
      (s) => {
        const wanted = fileFromUrl();
        const first = s.files.find((f) => f.path === wanted) ?? s.files.find((f) => f.kind === "page" && f.route === "/") ?? s.files[0];
        if (first)
          void api.file(first.path).then((data) => {
            dispatch({ type: "open", doc: { path: first.path, kind: first.kind, hash: data.hash, saved: data.value } });
            setFileInUrl(first.path);
          });
      },
      (err: Error) => setFailure(err.message),
    );
  }, [refresh]);

  const entryIndex = selected && doc ? doc.ids.indexOf(selected) : -1;
  const selectedEntry = entryIndex >= 0 ? list[entryIndex] : undefined;

  // Which page the canvas shows: the open page; for the template or the services, a service page; otherwise home.
  const previewRoute = useMemo(() => {
    if (!doc || !site) return "/";
    if (doc.kind === "page") return file?.route ?? "/";
    const services = site.collections?.services ?? [];
    if (file?.name === "services" && isObject(selectedEntry) && typeof selectedEntry.id === "string") return `/services/${selectedEntry.id}`;
    if (doc.kind === "template" || file?.name === "services") return services[0] ? `/services/${services[0].id}` : "/";
    return "/";
  }, [doc, site, file, selectedEntry]);

  // Every change is checked by the site's own rules, and the canvas gets the page as it would render.
  // One request at a time; while one is out, only the latest value waits.
  const queue = useRef<{ busy: boolean; next: { path: string; value: Json; preview: string } | null }>({ busy: false, next: null });
  useEffect(() => {
    if (!doc) return;
    const q = queue.current;
    q.next = { path: doc.path, value: doc.value, preview: previewRoute };
    if (q.busy) return;
    q.busy = true;
    setChecking(true);
    void (async () => {
      while (q.next) {
        const request = q.next;
        q.next = null;
        try {
          const result = await api.check(request.path, request.value, request.preview);
          if (!q.next) {
            setProblems(result.problems);
            setPreview({ page: result.page, settings: result.settings });
          }
        } catch (err) {
          announce(`Could not check the changes: ${(err as Error).message}`, "error");
        }
      }
      q.busy = false;
      setChecking(false);
    })();
  }, [doc?.path, doc?.value, previewRoute, doc, announce]);

  // A shortcut can come before the listener holding the newest closure is attached: save reads the newest edit.
  const latest = useRef(doc);
  latest.current = doc;
  const save = useCallback(async () => {
    const doc = latest.current;
    if (!doc || saving) return;
    // The errors shown are those of the last check; while a newer one runs, the server's own check decides.
    if (errors.length > 0 && !queue.current.busy) {
      announce(
        `Not saved: ${doc.path} has ${errors.length === 1 ? "1 error" : `${errors.length} errors`}. Fix ${errors.length === 1 ? "it" : "them"} first (marked in the outline and under the fields).`,
        "error",
      );
      return;
    }
    setSaving(true);
    try {
      const result = await api.save(doc.path, doc.value, doc.hash);
      dispatch({ type: "saved", hash: result.hash, value: doc.value });
      setProblems(result.problems);
      announce(`Saved ${doc.path}.`, "ok");
      void refresh();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setConflict(err.message);
      announce(err instanceof ApiError && err.status === 409 ? "Not saved: the file changed on disk." : (err as Error).message, "error");
    } finally {
      setSaving(false);
    }
  }, [saving, errors.length, announce, refresh]);

  const undo = useCallback(() => {
    if (state.past.length === 0) return announce("Nothing to undo.");
    dispatch({ type: "undo" });
    announce("Undone.");
  }, [state.past.length, announce]);
  const redo = useCallback(() => {
    if (state.future.length === 0) return announce("Nothing to redo.");
    dispatch({ type: "redo" });
    announce("Redone.");
  }, [state.future.length, announce]);

  const onShortcut = useCallback(
    (key: string, shift: boolean) => {
      if (key === "s") void save();
      else if ((key === "z" && shift) || key === "y") redo();
      else if (key === "z") undo();
    },
    [save, undo, redo],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase();
      if (!(event.ctrlKey || event.metaKey) || !["s", "z", "y"].includes(key)) return;
      event.preventDefault();
      onShortcut(key, event.shiftKey);
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [onShortcut]);

  // Leaving with unsaved changes asks first.
  const dirty = isDirty(doc);
  useEffect(() => {
    if (!dirty) return;
    const onLeave = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener("beforeunload", onLeave);
    return () => removeEventListener("beforeunload", onLeave);
  }, [dirty]);

  // A file changed on disk (by hand, or by git) while open: say so at once, not only at Save.
  useEffect(() => {
    const hot = import.meta.hot;
    if (!hot || !doc) return;
    const onChange = () => {
      void api.file(doc.path).then(
        (data) => {
          if (data.hash !== doc.hash) setConflict(`${doc.path} changed on disk since the editor read it (edited by hand?).`);
          void refresh();
        },
        () => setConflict(`${doc.path} is no longer on disk.`),
      );
    };
    hot.on("site-content:changed", onChange);
    return () => hot.off("site-content:changed", onChange);
  }, [doc, refresh]);

  const confirmLeaveFile = () => !dirty || confirm(`${doc?.path} has unsaved changes. Discard them?`);

  const edit = useCallback(
    (value: Json, editKey: string, ids?: string[], select?: string | null) => dispatch({ type: "edit", value, ids, key: editKey, select }),
    [],
  );

  const moveEntry = (from: number, to: number) => {
    if (!doc || to < 0 || to >= list.length) return;
    const items = [...list];
    const ids = [...doc.ids];
    const [item] = items.splice(from, 1);
    const [id] = ids.splice(from, 1);
    if (item === undefined || id === undefined) return;
    items.splice(to, 0, item);
    ids.splice(to, 0, id);
    edit(withList(doc, items), `move:${Date.now()}`, ids, id);
    announce(`${labelOf(item, "The entry")} moved to position ${to + 1} of ${items.length}.`);
  };

  const uniqueId = (entry: Json): Json => {
    if (!isObject(entry) || typeof entry.id !== "string") return entry;
    const taken = new Set(list.map((e) => (isObject(e) ? e.id : undefined)));
    let id = `${entry.id}-copy`;
    for (let n = 2; taken.has(id); n++) id = `${entry.id}-copy-${n}`;
    return { ...entry, id };
  };

  const insertAt = (index: number, entry: Json, what: string) => {
    if (!doc) return;
    const items = [...list];
    const ids = [...doc.ids];
    const id = newId();
    items.splice(index, 0, entry);
    ids.splice(index, 0, id);
    edit(withList(doc, items), `insert:${id}`, ids, id);
    announce(`${what} added at position ${index + 1} of ${items.length}.`);
  };

  const duplicateEntry = (id: string) => {
    const i = doc?.ids.indexOf(id) ?? -1;
    const entry = list[i];
    if (i < 0 || entry === undefined) return;
    insertAt(i + 1, uniqueId(structuredClone(entry)), `A copy of ${labelOf(entry, "the entry")}`);
  };

  const deleteEntry = (id: string) => {
    if (!doc) return;
    const i = doc.ids.indexOf(id);
    if (i < 0) return;
    const items = list.filter((_, j) => j !== i);
    const ids = doc.ids.filter((_, j) => j !== i);
    edit(withList(doc, items), `delete:${id}`, ids, ids[Math.min(i, ids.length - 1)] ?? null);
    announce(`${labelOf(list[i], "The entry")} deleted. Ctrl+Z brings it back.`);
  };

  const insertSection = (entry: LibraryEntry) => {
    setLibraryOpen(false);
    insertAt(entryIndex >= 0 ? entryIndex + 1 : list.length, structuredClone(entry.example), `${entry.title} section`);
  };

  const addCollectionEntry = () => {
    const schema = site?.schemas.documents[file?.schema ?? ""];
    const snippet = (schema?.defaultSnippets as { body?: Json }[] | undefined)?.[0]?.body;
    insertAt(list.length, uniqueId(structuredClone(snippet ?? {})), "A new entry");
  };

  // The outline: the page's own fields first, then its list.
  const outlineItems: OutlineItem[] = useMemo(() => {
    if (!doc || !key) return [];
    return list.map((entry, i) => {
      const mine = under(fileProblems, `/${key}/${i}`);
      const type = isObject(entry) && typeof entry.type === "string" ? entry.type : undefined;
      return {
        // biome-ignore lint/style/noNonNullAssertion: the store keeps one id per entry of the list.
        id: doc.ids[i]!,
        label: labelOf(entry, type ? typeTitle(type) : `Entry ${i + 1}`),
        detail: type ? typeTitle(type) : (file?.name ?? ""),
        errors: mine.filter((p) => p.severity === "error").length,
        warnings: mine.filter((p) => p.severity === "warning").length,
      };
    });
  }, [doc, key, list, fileProblems, file?.name]);

  // The form on the right: the selected entry's, the page's own fields, or the whole file's.
  const form = useMemo((): { schema: Schema; value: Json; pointer: string; title: string; set(value: Json): Json } | null => {
    if (!doc || !site || !file) return null;
    const documentSchema = site.schemas.documents[file.schema];
    if (!key) return documentSchema ? { schema: documentSchema, value: doc.value, pointer: "", title: file.name, set: (v) => v } : null;
    if (selected === PAGE_FIELDS || entryIndex < 0) {
      if (!documentSchema || !isObject(doc.value)) return null;
      const { [key]: items, ...rest } = doc.value;
      return {
        schema: documentSchema,
        value: rest,
        pointer: "",
        title: doc.kind === "collection" ? `${file.name}: the collection` : "Page settings",
        set: (v) => ({ ...(v as JsonObject), [key]: items ?? [] }),
      };
    }
    const entry = list[entryIndex];
    if (entry === undefined) return null;
    const type = isObject(entry) && typeof entry.type === "string" ? entry.type : undefined;
    const schema = key === "sections" ? (type ? site.schemas.sections[type] : undefined) : documentSchema;
    if (!schema) return null;
    return {
      schema,
      value: entry,
      pointer: `/${key}/${entryIndex}`,
      title: `${labelOf(entry, type ? typeTitle(type) : "Entry")} (${entryIndex + 1} of ${list.length}${type ? `, ${typeTitle(type)}` : ""})`,
      set: (v) =>
        withList(
          doc,
          list.map((e, j) => (j === entryIndex ? v : e)),
        ),
    };
  }, [doc, site, file, key, selected, entryIndex, list]);

  const pickerContext = useMemo(
    () => ({
      routes: site?.routes ?? [],
      media,
      collections: site?.collections ?? null,
      addMedia: (src: string) => setMedia((m) => [...new Set([...m, src])].sort()),
    }),
    [site, media],
  );

  const onFormChange = useCallback(
    (value: Json, field: string) => {
      if (form) edit(form.set(value), `field:${selected}:${field}`);
    },
    [form, selected, edit],
  );
  const onFormBlur = useCallback(() => dispatch({ type: "seal" }), []);

  const onCanvasSelect = (index: number) => {
    const id = doc?.ids[index];
    if (id) {
      dispatch({ type: "select", id });
      announce(`Selected ${outlineItems[index]?.label ?? "the section"}.`);
      document.getElementById("properties-title")?.focus();
    }
  };

  const runPageAction = async (
    action: PageAction,
    fixLinks = false,
  ): Promise<{ links?: { file: string; path: string; href: string }[]; error?: string } | undefined> => {
    try {
      if (action.kind === "create") {
        const created = await api.createPage(action.slug, action.from || undefined);
        // A new page changes the route table: the dev server restarts and this page reloads, onto the new file.
        setFileInUrl(created.path);
        await refresh();
        await open(created.path);
        announce(`Created ${created.route} as a draft (${created.path}).`, "ok");
      } else if (action.kind === "rename") {
        const result = await api.renamePage(action.slug, action.to, fixLinks);
        if (!result.renamed) return { links: result.links };
        if (!result.path) throw new Error("The page was renamed, but the server did not say its new file.");
        setFileInUrl(result.path);
        await refresh();
        await open(result.path);
        announce(`Renamed to /${action.to}${result.links.length ? `; ${result.links.length} links changed` : ""}.`, "ok");
      } else {
        const result = await api.deletePage(action.slug);
        if (!result.deleted) return { links: result.links };
        const home = "site-config/pages/home.json";
        setFileInUrl(home);
        await refresh();
        await open(home);
        announce(`Deleted the page /${action.slug}.`, "ok");
      }
      setPageAction(null);
    } catch (err) {
      return { error: (err as Error).message };
    }
  };

  if (failure) return <Centered>The editor could not start: {failure}</Centered>;
  if (!site || !doc) return <Centered>Opening the editor…</Centered>;

  const pages = site.files.filter((f) => f.kind === "page");
  const others = site.files.filter((f) => f.kind !== "page");
  const slug = file?.kind === "page" ? file.path.replace(/^.*\//, "").replace(/\.json$/, "") : null;

  const fileButton = (f: EditorFile) => (
    <li key={f.path}>
      <button
        type="button"
        aria-current={f.path === doc.path ? "page" : undefined}
        className={`flex w-full items-center justify-between gap-2 rounded px-2 py-1 text-left text-sm ${f.path === doc.path ? "bg-blue-700 font-semibold text-white" : "text-slate-800 hover:bg-slate-200"} focus-visible:outline-2 focus-visible:outline-blue-600`}
        onClick={() => {
          if (f.path !== doc.path && confirmLeaveFile()) void open(f.path);
        }}
      >
        <span className="truncate">{f.kind === "page" ? (f.route ?? f.name) : f.name}</span>
        {f.draft && <span className={`rounded px-1 text-xs ${f.path === doc.path ? "bg-white/20" : "bg-amber-100 text-amber-900"}`}>draft</span>}
      </button>
    </li>
  );

  return (
    <div className="grid h-screen grid-cols-[16rem_minmax(0,1fr)_24rem] grid-rows-[auto_minmax(0,1fr)] bg-slate-50 text-slate-900 2xl:grid-cols-[18rem_minmax(0,1fr)_28rem]">
      <header className="col-span-3 flex flex-wrap items-center gap-2 border-b border-slate-300 bg-white px-3 py-2">
        <h1 className="mr-2 text-base font-bold">Page builder</h1>
        <span className="truncate font-mono text-sm text-slate-700">
          <span className="sr-only">Open file: </span>
          {doc.path}
          {dirty && <span className="ml-1 text-amber-800">(unsaved)</span>}
        </span>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not form fields: a fieldset would bring a legend and form semantics. */}
          <div role="group" aria-label="Canvas width" className="flex rounded-md ring-1 ring-slate-300">
            {VIEWPORTS.map((v) => (
              <button
                key={v.width}
                type="button"
                aria-pressed={viewport === v.width}
                className={`px-2 py-1 text-sm first:rounded-l-md last:rounded-r-md ${viewport === v.width ? "bg-slate-800 text-white" : "bg-white text-slate-800 hover:bg-slate-100"} focus-visible:outline-2 focus-visible:outline-blue-600`}
                onClick={() => setViewport(v.width)}
              >
                {v.label} {v.width}
              </button>
            ))}
          </div>
          <ToolbarButton onClick={undo} disabled={state.past.length === 0} title="Ctrl+Z">
            Undo
          </ToolbarButton>
          <ToolbarButton onClick={redo} disabled={state.future.length === 0} title="Ctrl+Shift+Z">
            Redo
          </ToolbarButton>
          <ToolbarButton onClick={() => setChangesOpen(true)}>Changes</ToolbarButton>
          <a className="rounded-md px-2 py-1 text-sm text-blue-800 underline hover:bg-slate-100" href={previewRoute} target="_blank" rel="noreferrer">
            Open {previewRoute}
          </a>
          <button
            type="button"
            onClick={() => void save()}
            aria-keyshortcuts="Control+S"
            className="rounded-md bg-blue-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-50"
            disabled={saving}
          >
            {saving ? "Saving…" : dirty ? "Save" : "Saved"}
          </button>
        </div>
      </header>

      <nav aria-label="Site files" className="row-start-2 overflow-y-auto border-r border-slate-300 bg-white p-3">
        <div className="mb-1 flex items-center justify-between">
          <h2 className="text-xs font-bold tracking-wider text-slate-600 uppercase">Pages</h2>
          <button
            type="button"
            className="rounded px-2 py-0.5 text-xs font-semibold text-blue-800 ring-1 ring-slate-300 hover:bg-slate-100"
            onClick={() => confirmLeaveFile() && setPageAction({ kind: "create", slug: "", from: "" })}
          >
            New page
          </button>
        </div>
        <ul className="mb-3 space-y-0.5">{pages.map(fileButton)}</ul>
        <h2 className="mb-1 text-xs font-bold tracking-wider text-slate-600 uppercase">Template, collections, settings</h2>
        <ul className="space-y-0.5">{others.map(fileButton)}</ul>
      </nav>

      <main className="row-start-2 flex min-w-0 flex-col">
        <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-1.5 text-sm">
          <span
            role="status"
            aria-live="polite"
            className={status.tone === "error" ? "font-semibold text-red-800" : status.tone === "ok" ? "text-green-800" : "text-slate-700"}
          >
            {status.text}
          </span>
          <span className="ml-auto text-xs text-slate-600" aria-live="off">
            {checking ? "Checking…" : errors.length > 0 ? `${errors.length} ${errors.length === 1 ? "error" : "errors"} in this file` : "No errors"}
            {otherErrors.length > 0 && ` · ${otherErrors.length} in other files`}
          </span>
        </div>
        {conflict && (
          <div role="alert" className="flex flex-wrap items-center gap-2 border-b border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <span>{conflict} Nothing was saved, and your edits are still here.</span>
            <button
              type="button"
              className="rounded bg-amber-800 px-2 py-0.5 font-semibold text-white hover:bg-amber-900"
              onClick={() => void open(doc.path, entryIndex >= 0 ? entryIndex : null)}
            >
              Reload from disk (drops your edits)
            </button>
            <button type="button" className="rounded px-2 py-0.5 ring-1 ring-amber-700 hover:bg-amber-100" onClick={() => setConflict(null)}>
              Keep editing
            </button>
          </div>
        )}
        <Canvas
          page={preview.page}
          settings={preview.settings}
          viewport={viewport}
          selected={entryIndex >= 0 && key === "sections" && doc.kind !== "collection" ? entryIndex : null}
          reveal={reveal}
          onSelect={onCanvasSelect}
          onKey={onShortcut}
        />
        {(fileProblems.length > 0 || otherErrors.length > 0) && <ProblemList problems={[...fileProblems, ...otherErrors]} />}
      </main>

      <aside aria-label="Outline and properties" className="row-start-2 flex min-h-0 flex-col overflow-y-auto border-l border-slate-300 bg-white">
        {key && (
          <div className="border-b border-slate-200 p-3">
            <div className="mb-2 flex flex-wrap gap-2">
              {slug && (
                <>
                  <SmallButton onClick={() => confirmLeaveFile() && setPageAction({ kind: "create", slug: `${slug}-copy`, from: slug })}>
                    Duplicate page
                  </SmallButton>
                  {slug !== "home" && <SmallButton onClick={() => confirmLeaveFile() && setPageAction({ kind: "rename", slug, to: slug })}>Rename</SmallButton>}
                  {slug !== "home" && <SmallButton onClick={() => confirmLeaveFile() && setPageAction({ kind: "delete", slug })}>Delete page</SmallButton>}
                </>
              )}
            </div>
            <button
              type="button"
              aria-current={selected === PAGE_FIELDS ? "true" : undefined}
              className={`mb-1 w-full rounded px-2 py-1 text-left text-sm ${selected === PAGE_FIELDS ? "bg-blue-50 font-semibold ring-1 ring-blue-700" : "hover:bg-slate-100"}`}
              onClick={() => dispatch({ type: "select", id: PAGE_FIELDS })}
            >
              {doc.kind === "collection" ? "About this collection" : "Page settings (title, description, status)"}
              {under(fileProblems, "").some((p) => !p.pointer.startsWith(`/${key}/`) && p.severity === "error") && (
                <span className="ml-1 font-semibold text-red-700">· errors</span>
              )}
            </button>
            <Outline
              title={key === "sections" ? "Sections" : "Entries"}
              items={outlineItems}
              selected={selected}
              onSelect={(id) => {
                dispatch({ type: "select", id });
                setReveal((n) => n + 1);
              }}
              onMove={moveEntry}
              onDuplicate={duplicateEntry}
              onDelete={deleteEntry}
            />
            <div className="mt-2">
              {key === "sections" ? (
                <button
                  type="button"
                  className="w-full rounded-md border border-dashed border-slate-400 px-2 py-1.5 text-sm font-semibold text-blue-800 hover:bg-slate-50"
                  onClick={() => setLibraryOpen(true)}
                >
                  {entryIndex >= 0 ? `Add a section after section ${entryIndex + 1}…` : "Add a section at the end…"}
                </button>
              ) : (
                <button
                  type="button"
                  className="w-full rounded-md border border-dashed border-slate-400 px-2 py-1.5 text-sm font-semibold text-blue-800 hover:bg-slate-50"
                  onClick={addCollectionEntry}
                >
                  Add an entry
                </button>
              )}
            </div>
          </div>
        )}
        <section aria-labelledby="properties-title" className="p-3">
          <h2 id="properties-title" tabIndex={-1} className="mb-3 text-sm font-bold text-slate-900 focus:outline-none">
            {form ? form.title : "Nothing selected"}
          </h2>
          {form ? (
            <Properties
              key={`${doc.path}:${selected ?? ""}`}
              schema={form.schema}
              value={form.value}
              pointer={form.pointer}
              problems={fileProblems}
              context={pickerContext}
              onChange={onFormChange}
              onBlur={onFormBlur}
              idPrefix="field"
            />
          ) : (
            <p className="text-sm text-slate-600">Select a section in the outline or the canvas.</p>
          )}
        </section>
      </aside>

      <Library open={libraryOpen} entries={site.library} onClose={() => setLibraryOpen(false)} onInsert={insertSection} />
      <ChangesDialog
        open={changesOpen}
        onClose={() => setChangesOpen(false)}
        onDiscarded={(path) => {
          void refresh();
          if (path === doc.path) void open(doc.path, entryIndex >= 0 ? entryIndex : null);
        }}
      />
      {pageAction && <PageDialog action={pageAction} pages={pages} onCancel={() => setPageAction(null)} onRun={runPageAction} />}
    </div>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="grid h-screen place-items-center p-8 text-slate-800">{children}</div>;
}

function ToolbarButton({ children, ...props }: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className="rounded-md px-2 py-1 text-sm text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-40"
      {...props}
    >
      {children}
    </button>
  );
}

function SmallButton({ children, onClick }: { children: ReactNode; onClick(): void }) {
  return (
    <button
      type="button"
      className="rounded px-2 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function ProblemList({ problems }: { problems: EditorProblem[] }) {
  return (
    <details open className="max-h-48 overflow-y-auto border-t border-slate-300 bg-white px-3 py-2 text-xs">
      <summary className="cursor-pointer font-semibold text-slate-800">
        Problems ({problems.length}), as <code>npm run validate</code> prints them
      </summary>
      <ul className="mt-1 space-y-1 font-mono">
        {problems.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same message can appear twice; the list is replaced as a whole on each check.
          <li key={i} className={p.severity === "error" ? "text-red-800" : "text-amber-900"}>
            {p.text}
          </li>
        ))}
      </ul>
    </details>
  );
}
