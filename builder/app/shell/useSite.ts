/** The site as the builder knows it (files, routes, schemas, collections, pictures): read at start, again after a change on disk. */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ContentState, Uploaded } from "../api-client";
import { api, isAbort, type EditorState } from "../api-client";

export function useSite() {
  const [site, setSite] = useState<EditorState | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const current = useRef<AbortController | null>(null);
  // The newest change of the site this builder has (the server counts them): an event about it, or an older one, is old news.
  const generation = useRef(-1);

  /** Reads the site again; a newer call cancels an older one still waiting. */
  const refresh = useCallback(async (): Promise<EditorState | null> => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    try {
      const next = await api.state(controller.signal);
      generation.current = Math.max(generation.current, next.generation);
      setSite(next);
      setFailure(null);
      return next;
    } catch (err) {
      if (isAbort(err)) return null;
      setFailure((err as Error).message);
      return null;
    }
  }, []);

  useEffect(() => {
    void refresh();
    return () => current.current?.abort();
  }, [refresh]);

  /** The content a save answered with: the site as it is after it, without asking again. */
  const applyContent = useCallback((content: ContentState) => {
    if (content.generation < generation.current) return;
    generation.current = content.generation;
    setSite((s) => (s ? { ...s, ...content } : s));
  }, []);

  /** After a change of content files only: what they change (files, routes, problems), not the whole site again. */
  const refreshContent = useCallback(async () => {
    try {
      applyContent(await api.content());
    } catch {
      await refresh();
    }
  }, [applyContent, refresh]);

  /** A picture uploaded a moment ago: in the pickers, and shown as the site shows it. */
  const addPicture = useCallback(({ src, size, images }: Uploaded) => {
    setSite((s) =>
      s ? { ...s, media: [...new Set([...s.media, src])].sort(), images: { ...s.images, ...images }, mediaBytes: { ...s.mediaBytes, [src]: size } } : s,
    );
  }, []);

  return { site, failure, refresh, refreshContent, applyContent, addPicture, generation };
}
