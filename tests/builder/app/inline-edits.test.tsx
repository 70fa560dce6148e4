// @vitest-environment jsdom
/**
 * The builder's side of editing in place (useInlineEdits), with the real reducer: texts ended one after
 * another before the builder draws again (Tab to the next text, then a key there, on a busy machine) all
 * reach the file and the canvas.
 */
import { act, renderHook } from "@testing-library/react";
import { useReducer } from "react";
import { expect, test } from "vitest";
import type { BuilderWindow } from "../../../builder/app/canvas/protocol";
import { useInlineEdits } from "../../../builder/app/canvas/useInlineEdits";
import { reducer } from "../../../builder/app/state/reducer";
import type { Json } from "../../../builder/app/state/types";
import { hero, opened, page, quotes, stats } from "../state/actions/fixture";

test("a text kept by Tab, then the next one ended before the builder draws again: the file and the canvas keep both", () => {
  const start = opened(page([{ ...hero, subline: "Sub" }, stats, quotes]));
  const shown: Json[] = [];
  const typed = (_id: string, section: Json) => shown.push(section);
  const canvas = { current: null };
  const { result } = renderHook(() => {
    const [state, dispatch] = useReducer(reducer, start);
    useInlineEdits({ doc: state.doc, site: null, dispatch, typed, canvas, problems: [] });
    return state;
  });
  const inline = (window as BuilderWindow).siteBuilder?.inline;
  const id = start.doc?.ids[0] ?? "";
  // One act: React draws once, after all three, as a busy builder may.
  act(() => {
    inline?.input(id, "/headline", "Welcome!");
    inline?.end(id, "/headline", "Welcome!");
    inline?.end(id, "/subline", "Sub");
  });
  expect(result.current.doc?.value).toEqual(page([{ ...hero, headline: "Welcome!", subline: "Sub" }, stats, quotes]));
  expect(shown.at(-1)).toEqual({ ...hero, headline: "Welcome!", subline: "Sub" });
});
