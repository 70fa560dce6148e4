// @vitest-environment jsdom
/**
 * What the builder's Canvas sends its iframe: a section shown as typed (preview()) is not put back by a
 * page drawn before that keystroke (a check's answer arriving while the builder draws a step behind),
 * and the page that includes the keystroke is not sent again. The iframe is real (jsdom's); its page is
 * replaced by a recorder of what it receives, the boundary the canvas route sits behind.
 */
import { act, render } from "@testing-library/react";
import { createRef } from "react";
import { afterEach, beforeAll, expect, it } from "vitest";
import { Canvas, type CanvasProps } from "../../../builder/app/canvas/Canvas";
import type { CanvasHandle } from "../../../builder/app/canvas/types";
import type { CanvasPage, CanvasSlot, CanvasWindow, ToCanvas } from "../../../builder/app/canvas/protocol";

beforeAll(() => {
  // jsdom has no layout: the canvas measures its box with a ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const hero = (headline: string, extra: Record<string, unknown> = {}) =>
  ({ ok: true, section: { type: "hero", headline }, data: { headline, ...extra } }) as unknown as CanvasSlot;

const pageWith = (slot: CanvasSlot): CanvasPage => ({
  path: "/",
  draft: false,
  pageProblems: [],
  siteProblems: [],
  images: {},
  order: ["e1", "e2"],
  slots: { e1: slot, e2: { ok: false, type: "stats-band", problems: ["Value: Required."] } },
});

const none = () => {};
const props = (page: CanvasPage, behind: boolean): CanvasProps => ({
  page,
  settings: null,
  viewport: 1280,
  selected: null,
  moves: 0,
  behind,
  reveal: 0,
  onSelect: none,
  onCommand: none,
  onLeave: none,
  onDrop: none,
  onPicture: none,
});

let unmount: (() => void) | null = null;
afterEach(() => unmount?.());

/** The Canvas with a listening iframe page: what it received, in order. */
function mount(page: CanvasPage) {
  const ref = createRef<CanvasHandle>();
  const view = render(<Canvas ref={ref} {...props(page, false)} />);
  unmount = view.unmount;
  const frame = view.container.querySelector("iframe") as HTMLIFrameElement;
  const inside = frame.contentWindow as CanvasWindow;
  const received: ToCanvas[] = [];
  inside.siteCanvas = { receive: (message) => void received.push(structuredClone(message)) };
  act(() => {
    dispatchEvent(new MessageEvent("message", { data: { source: "site-canvas", type: "ready" }, origin: location.origin, source: inside }));
  });
  const rerender = (next: CanvasPage, behind: boolean) => act(() => view.rerender(<Canvas ref={ref} {...props(next, behind)} />));
  return { ref, received, rerender };
}

const heroSent = (messages: ToCanvas[]) =>
  messages.flatMap((m) => (m.type === "page" && m.slots.e1 ? [(m.slots.e1 as unknown as { data: { headline: string } }).data.headline] : []));

it("a page drawn before a keystroke does not put the text before it back; the page with it is not sent again", () => {
  const { ref, received, rerender } = mount(pageWith(hero("Software that ships")));
  expect(heroSent(received)).toEqual(["Software that ships"]);

  received.length = 0;
  act(() => ref.current?.preview("e1", hero("Software that ships ")));
  expect(received).toEqual([{ source: "site-editor", type: "slot", id: "e1", slot: hero("Software that ships ") }]);

  // The server's answer for the text before the keystroke, drawn while the builder is a step behind.
  received.length = 0;
  rerender(pageWith(hero("Software that ships", { normalised: true })), true);
  expect(heroSent(received)).toEqual([]);

  // The builder draws the keystroke: the canvas shows it already.
  rerender(pageWith(hero("Software that ships ")), false);
  expect(heroSent(received)).toEqual([]);

  // An undo (drawn at once, not behind) is sent.
  rerender(pageWith(hero("Software that ships")), false);
  expect(heroSent(received)).toEqual(["Software that ships"]);
});

it("a canvas loaded again while the builder is behind gets every section, the typed one included", () => {
  const { ref, received, rerender } = mount(pageWith(hero("Software")));
  act(() => ref.current?.preview("e1", hero("Software ")));
  rerender(pageWith(hero("Software", { normalised: true })), true);
  received.length = 0;
  const frame = document.querySelector("iframe") as HTMLIFrameElement;
  act(() => {
    dispatchEvent(new MessageEvent("message", { data: { source: "site-canvas", type: "ready" }, origin: location.origin, source: frame.contentWindow }));
  });
  const pages = received.filter((m) => m.type === "page");
  expect(pages).toHaveLength(1);
  expect(Object.keys(pages[0]?.type === "page" ? pages[0].slots : {})).toEqual(["e1", "e2"]);
});
