/**
 * Under `npm run edit`, the builder is built again when the site's code changes (builder/server/
 * builder-bundle.ts): the canvas is loaded again to draw the page with the new sections, and the
 * editor is told that the builder's own new code needs a reload of the page (edits are kept as drafts).
 */
import { type RefObject, useEffect } from "react";
import type { CanvasHandle } from "./types";
import { subscribe } from "../shell/changes-feed";

export function useCodeWatch(canvas: RefObject<CanvasHandle | null>, announce: (text: string) => void, studio: boolean | null): void {
  useEffect(() => {
    if (studio !== false) return;
    return subscribe((event) => {
      if (event !== "code") return;
      canvas.current?.reload();
      announce("The site's code changed: the preview now draws the page with it. Reload this page for changes to the builder itself.");
    });
  }, [canvas, announce, studio]);
}
