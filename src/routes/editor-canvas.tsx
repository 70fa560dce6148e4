/**
 * /__edit/canvas: the page builder's canvas (dev only, see src/routes.ts). The page the editor
 * sends, rendered by the site's own PageView and section registry, inside the site's layout; the
 * iframe that shows it has the width of a phone, a tablet or a desktop, so the site's media queries
 * apply. Clicking a section selects it in the editor; links do not leave the canvas.
 */
import { useEffect, useLayoutEffect, useState } from "react";
import "@/editor/app/no-overlay.css";
import type { MetaFunction } from "react-router";
import type { PageData } from "@/content/site.server";
import type { SiteSettings } from "@/generated/content";
import { SettingsOverride } from "@/components/page-context";
import { PageView } from "@/components/PageView";
import { isToCanvas, type FromCanvas, type Unsourced } from "@/editor/app/canvas-protocol";

export const meta: MetaFunction = () => [{ title: "Canvas (page builder)" }, { name: "robots", content: "noindex" }];

const tell = (message: Unsourced<FromCanvas>) => parent.postMessage({ source: "site-canvas", ...message }, location.origin);

/** The page's sections in <main>, in order (an error card counts as its section). */
const sectionElements = () => [...document.querySelectorAll<HTMLElement>("main > [data-section]")];

export default function EditorCanvas() {
  const [page, setPage] = useState<PageData | null>(null);
  const [settings, setSettings] = useState<SiteSettings | null>(null);
  const [selected, setSelected] = useState<{ index: number | null; reveal: boolean }>({ index: null, reveal: false });
  // PageView puts a card of the page's own problems before the first section.
  const offset = page && page.pageProblems.length > 0 ? 1 : 0;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.source !== parent || !isToCanvas(event.data)) return;
      const message = event.data;
      if (message.type === "page") {
        setPage(message.page);
        setSettings(message.settings);
        setSelected((s) => (s.index === message.selected ? s : { index: message.selected, reveal: false }));
      } else setSelected({ index: message.index, reveal: message.reveal });
    };
    addEventListener("message", onMessage);
    tell({ type: "ready" });
    return () => removeEventListener("message", onMessage);
  }, []);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target) return;
      // The canvas shows one page: its links are content to edit, not a way out.
      if (target.closest("a[href]")) event.preventDefault();
      const section = target.closest("main > [data-section]");
      const index = section ? sectionElements().indexOf(section as HTMLElement) - offset : -1;
      if (index >= 0) tell({ type: "select", index });
    };
    const onKey = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase();
      if ((event.ctrlKey || event.metaKey) && (key === "s" || key === "z" || key === "y")) {
        event.preventDefault();
        tell({ type: "key", key, shift: event.shiftKey });
      }
    };
    document.addEventListener("click", onClick, true);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("keydown", onKey);
    };
  }, [offset]);

  // The selected section is outlined, and shown when it was chosen in the editor.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `page` is watched because a new page renders new section elements to outline.
  useLayoutEffect(() => {
    sectionElements().forEach((element, i) => {
      const on = selected.index !== null && i === selected.index + offset;
      element.style.outline = on ? "3px solid #2563eb" : "";
      element.style.outlineOffset = on ? "-3px" : "";
      if (on && selected.reveal) element.scrollIntoView({ block: "start" });
    });
  }, [page, selected, offset]);

  if (!page) return <p className="p-8 text-slate-700">Waiting for the editor…</p>;
  return (
    <SettingsOverride value={settings}>
      <PageView page={page} />
    </SettingsOverride>
  );
}
