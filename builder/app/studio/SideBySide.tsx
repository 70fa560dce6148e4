/**
 * A review's page before and after, rendered side by side: the live version and the latest draft,
 * each in a canvas of its own (the builder's, read-only here), at a desktop's width scaled to fit.
 * For a file that is not a page (settings, a collection), or a page not live yet, it says so.
 */
import { useEffect, useMemo, useState } from "react";
import { api, type EditorState } from "../api-client";
import { Canvas } from "../canvas/Canvas";
import { previewPage } from "../canvas/local";
import type { CanvasPage } from "../canvas/protocol";
import type { Doc, Json } from "../state/types";

const none = () => {};

/** The page `value` as the canvas shows it (no check from the server: the builder's own rendering). */
function pageOf(path: string, value: Json, site: EditorState, side: string): CanvasPage | null {
  const file = site.files.find((f) => f.path === path);
  if (file?.kind !== "page" || !file.route) return null;
  const sections = (value as { sections?: unknown[] } | null)?.sections ?? [];
  const ids = sections.map((_, i) => `${side}-${i}`);
  const doc: Doc = { path, kind: "page", hash: "", saved: value, value, ids, savedIds: ids };
  return previewPage({ doc, file, site, checked: null, route: file.route, say: (p) => p.detail ?? p.message });
}

function Side({ label, page, site }: { label: string; page: CanvasPage | null; site: EditorState }) {
  return (
    <figure className="flex h-[60vh] min-w-0 flex-col">
      <figcaption className="mb-1 text-sm font-semibold">{label}</figcaption>
      {page ? (
        <Canvas
          page={page}
          settings={site.settings}
          viewport={1280}
          selected={null}
          moves={0}
          behind={false}
          reveal={0}
          frameTitle={`${label}: the page`}
          onSelect={none}
          onCommand={none}
          onLeave={none}
          onDrop={none}
          onPicture={none}
        />
      ) : (
        <p className="text-sm text-slate-700">Not live yet: this page is new.</p>
      )}
    </figure>
  );
}

export function SideBySide({ path, site }: { path: string; site: EditorState }) {
  const [values, setValues] = useState<{ live: Json | null; draft: Json } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stale = false;
    (async () => {
      const versions = await api.history(path);
      const live = versions.find((v) => v.live);
      const draft = versions.find((v) => v.draft);
      if (!draft) throw new Error("No draft of this file to compare.");
      const read = async (commit: string) => JSON.parse((await api.version(path, commit)).text) as Json;
      const [before, after] = await Promise.all([live ? read(live.commit) : null, read(draft.commit)]);
      if (!stale) setValues({ live: before, draft: after });
    })().catch((err: Error) => !stale && setError(err.message));
    return () => {
      stale = true;
    };
  }, [path]);
  const pages = useMemo(
    () => values && { live: values.live === null ? null : pageOf(path, values.live, site, "live"), draft: pageOf(path, values.draft, site, "draft") },
    [values, path, site],
  );
  if (error) return <p className="text-sm text-red-800">{error}</p>;
  if (!pages) return <p className="text-sm">Loading both versions…</p>;
  if (!pages.draft) return <p className="text-sm">Only a page can be shown side by side: the changes are listed in words above.</p>;
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <Side label="Live now" page={pages.live} site={site} />
      <Side label="After this change" page={pages.draft} site={site} />
    </div>
  );
}
