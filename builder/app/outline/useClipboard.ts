/**
 * Copy and paste of sections, between pages and files and to and from a text editor: Ctrl/Cmd+C and
 * Ctrl/Cmd+V in the builder and in the canvas (the browser's copy and paste events, which carry the
 * system clipboard), the toolbar's Copy, and a Paste button that uses the builder's own clipboard.
 * A paste goes after the selected section once the site's own checks pass for what was pasted.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { api, isAbort } from "../api-client";
import type { EditorProblem, EditorState } from "../api-client";
import { typeTitle } from "../../shared/labels";
import type { BuilderWindow } from "../canvas/protocol";
import { clipboardText, kindIn, sectionsIn, twiceOnPage } from "./clipboard";
import type { Tone } from "../shell/types";
import { listOf, newId, withList } from "../state/list";
import type { Action, Doc, Json, JsonObject } from "../state/types";
import { problemParts } from "../shell/words";

/** Where typing or selecting text is the browser's own business: copy and paste are left to it there. */
const TEXT = "input, textarea, select, [contenteditable]:not([contenteditable=false])";
const inText = (target: EventTarget | null) => target instanceof Element && Boolean(target.closest(TEXT));

/** The entry whose outline row has the keyboard focus, if any. */
const focusedEntry = () => document.activeElement?.closest<HTMLElement>("[data-outline-item]")?.dataset.outlineItem ?? null;

const sectionsHere = (d: Doc | null): d is Doc => d?.kind === "page" || d?.kind === "template";

export interface Clip {
  sections: JsonObject[];
  /** "Hero", or "3 sections". */
  name: string;
}

/** The site's shared sections by name, with their kinds: a placed one is copied and pasted as a placement. */
const sharedKinds = (site: EditorState | null) => new Map((site?.shared ?? []).map((s) => [s.name, kindIn(s.section ?? {}, new Map()) ?? ""] as const));

/** What a copy or paste is called: "Contact", "Testimonials carousel (shared "testimonials")", "3 sections". */
function nameOf(sections: readonly JsonObject[], shared: ReadonlyMap<string, string>): string {
  const [first] = sections;
  if (sections.length !== 1 || !first) return `${sections.length} sections`;
  const kind = kindIn(first, shared);
  const title = kind ? typeTitle(kind) : "Section";
  return typeof first.shared === "string" ? `${title} (shared "${first.shared}")` : title;
}

export function useClipboard({
  doc,
  selected,
  site,
  dispatch,
  announce,
}: {
  /** The file as it is now (not as last drawn). */
  doc: Doc | null;
  selected: string | null;
  site: EditorState | null;
  dispatch(action: Action): void;
  announce(text: string, tone?: Tone): void;
}) {
  const [clip, setClip] = useState<Clip | null>(null);
  const now = useRef({ doc, selected, site });
  now.current = { doc, selected, site };
  const pasting = useRef<AbortController | null>(null);

  /** The section `id` (else the focused outline row's, else the selected one) as clipboard text; null when there is none. */
  const copy = useCallback(
    (id: string | null): string | null => {
      const { doc, selected } = now.current;
      if (!sectionsHere(doc)) return null;
      const entry = id ?? focusedEntry() ?? selected;
      const index = entry ? doc.ids.indexOf(entry) : -1;
      const section = listOf(doc)[index] as JsonObject | undefined;
      if (!section) {
        announce("Select a section first (in the outline or the canvas), then copy it.");
        return null;
      }
      const sections = [structuredClone(section)];
      const name = nameOf(sections, sharedKinds(now.current.site));
      setClip({ sections, name });
      announce(`${name} copied. Paste it after a section of any page with Ctrl+V, or into a page file in a text editor.`, "ok");
      return clipboardText(sections);
    },
    [announce],
  );

  /** Pasted text (or the builder's own clipboard): after the selected section, once the site's checks pass for it. */
  const paste = useCallback(
    async (text: string) => {
      const { doc, selected, site } = now.current;
      const file = site?.files.find((f) => f.path === doc?.path);
      if (!site || !file || !sectionsHere(doc)) {
        announce("Sections can be pasted into a page or the service template: open one first.", "error");
        return;
      }
      const shared = sharedKinds(site);
      const found = sectionsIn(text, new Set(Object.keys(site.schemas.sections)), shared);
      if ("problem" in found) return announce(found.problem, "error");
      const list = listOf(doc);
      const twice = twiceOnPage(list, found.sections, site.schemas.sections, shared);
      if (twice) return announce(twice, "error");
      const after = selected ? doc.ids.indexOf(selected) : -1;
      const at = after >= 0 ? after + 1 : list.length;
      const name = nameOf(found.sections, shared);
      const candidate = [...list.slice(0, at), ...found.sections, ...list.slice(at)];
      pasting.current?.abort();
      const controller = new AbortController();
      pasting.current = controller;
      announce(`Checking the ${name} section before pasting it…`);
      let problems: EditorProblem[];
      try {
        problems = (await api.check(doc.path, withList(doc, candidate), undefined, controller.signal)).problems;
      } catch (err) {
        if (!isAbort(err)) announce(`Could not check the pasted section, so it was not pasted: ${(err as Error).message}`, "error");
        return;
      }
      // The file may have changed while the check ran (another file opened, an edit): paste into it as it is now.
      const { doc: current } = now.current;
      if (current?.path !== doc.path || current.value !== doc.value) {
        announce("The page changed while the pasted section was checked: nothing was pasted. Paste again.", "error");
        return;
      }
      const inPasted = (p: EditorProblem) => {
        const k = Number(p.pointer.split("/")[2]);
        return p.severity === "error" && p.file === doc.path && p.pointer.startsWith("/sections/") && k >= at && k < at + found.sections.length;
      };
      const wrong = problems.find(inPasted);
      if (wrong) {
        const value = withList(doc, candidate) as Json;
        const { entry, field } = problemParts(wrong, file, value, site.schemas);
        const where = [entry.replace(/^Section \d+ /, ""), field].filter(Boolean).join(" › ");
        announce(`Not pasted: on this page, ${where}: ${wrong.detail ?? wrong.message}`, "error");
        return;
      }
      const [first, ...more] = found.sections;
      if (!first) return;
      dispatch({ type: "insert", index: at, entry: first, id: newId(), more: more.map((entry) => ({ entry, id: newId() })) });
      const count = found.sections.length;
      announce(`${name} pasted at position ${at + 1} of ${list.length + count}. Ctrl+Z takes it out again.`, "ok");
    },
    [announce, dispatch],
  );

  const pasteClip = useCallback(() => {
    if (clip) void paste(clipboardText(clip.sections));
  }, [clip, paste]);

  useClipboardEvents(copy, paste);

  useEffect(() => () => pasting.current?.abort(), []);

  return { clip, copy, pasteClip };
}

/**
 * Ctrl+C and Ctrl+V in the builder's own window (outside text fields and selected text), and the canvas's (BuilderWindow):
 * `copy` gives the text to copy, `paste` takes the text pasted.
 */
function useClipboardEvents(copy: (id: string | null) => string | null, paste: (text: string) => Promise<void>) {
  useEffect(() => {
    const onCopy = (event: ClipboardEvent) => {
      if (inText(event.target) || !getSelection()?.isCollapsed || !event.clipboardData) return;
      const text = copy(null);
      if (!text) return;
      event.clipboardData.setData("text/plain", text);
      event.preventDefault();
    };
    const onPaste = (event: ClipboardEvent) => {
      const text = event.clipboardData?.getData("text/plain");
      if (inText(event.target) || !text) return;
      event.preventDefault();
      void paste(text);
    };
    document.addEventListener("copy", onCopy);
    document.addEventListener("paste", onPaste);
    const builder = window as BuilderWindow;
    builder.siteBuilder = { ...builder.siteBuilder, copy, paste: (text) => void paste(text) };
    return () => {
      document.removeEventListener("copy", onCopy);
      document.removeEventListener("paste", onPaste);
      if (builder.siteBuilder) builder.siteBuilder = { ...builder.siteBuilder, copy: undefined, paste: undefined };
    };
  }, [copy, paste]);
}
