/**
 * What the builder sends the canvas for a page (builder/app/canvas/page-message.ts) and what the
 * canvas page makes of each message (builder/app/canvas/view.ts): only what changed is sent, a
 * new load of the canvas gets everything, and a page drawn behind the typing keeps the typed section.
 */
import { expect, it } from "vitest";
import { pageMessage, type Sent } from "../../../builder/app/canvas/page-message";
import type { CanvasPage, CanvasSlot, ToCanvas } from "../../../builder/app/canvas/protocol";
import { EMPTY_VIEW, update } from "../../../builder/app/canvas/view";

const hero = (headline: string) => ({ ok: true, section: { type: "hero", headline }, data: { headline } }) as unknown as CanvasSlot;
const stats = { ok: false, type: "stats-band", problems: ["Value: Required."] } as CanvasSlot;
const pageOf = (headline: string, order = ["e1", "e2"]): CanvasPage => ({
  path: "/",
  draft: false,
  pageProblems: [],
  siteProblems: [],
  images: {},
  order,
  slots: { e1: hero(headline), e2: stats },
});
const drawn = (page: CanvasPage, behind = false) => ({ page, settings: null, selected: null, order: page.order, behind });
const EMPTY: Sent = { ready: 0, slots: new Map() };

it("the first message has every section; the same page again sends nothing; a changed section is sent alone", () => {
  const first = pageMessage(drawn(pageOf("A")), EMPTY, 1, new Map());
  expect(Object.keys(first.message?.slots ?? {})).toEqual(["e1", "e2"]);
  expect(pageMessage(drawn(pageOf("A")), first.sent, 1, new Map()).message).toBeNull();
  const next = pageMessage(drawn(pageOf("B")), first.sent, 1, new Map());
  expect(Object.keys(next.message?.slots ?? {})).toEqual(["e1"]);
  expect(next.message?.images).toBeUndefined();
});

it("a new load of the canvas gets the whole page again", () => {
  const first = pageMessage(drawn(pageOf("A")), EMPTY, 1, new Map());
  expect(Object.keys(pageMessage(drawn(pageOf("A")), first.sent, 2, new Map()).message?.slots ?? {})).toEqual(["e1", "e2"]);
});

it("a page drawn behind the typing keeps the section shown as typed, until a page drawn with it arrives", () => {
  const first = pageMessage(drawn(pageOf("A")), EMPTY, 1, new Map());
  const previewed = new Map([["e1", hero("AB")]]);
  const behind = pageMessage(drawn(pageOf("A"), true), first.sent, 1, previewed);
  expect(behind.message).toBeNull();
  expect(previewed.has("e1")).toBe(true);
  // Caught up: the typed text equals the page's, nothing to send, and the section is settled.
  const caught = pageMessage(drawn(pageOf("AB")), behind.sent, 1, previewed);
  expect(caught.message).toBeNull();
  expect(previewed.size).toBe(0);
});

it("the canvas page's view: a page message fills it, an order of the same sections moves them, a slot message leaves it to the typed section", () => {
  const { message } = pageMessage(drawn(pageOf("A")), EMPTY, 1, new Map());
  const view = update(EMPTY_VIEW, { source: "site-editor", ...message! } as ToCanvas);
  expect(view.order).toEqual(["e1", "e2"]);
  // The moved section is selected with it (the move selects it): one drawing for both.
  expect(update(view, { source: "site-editor", type: "order", order: ["e2", "e1"], selected: "e1" })).toMatchObject({ order: ["e2", "e1"], selected: "e1" });
  // An order naming a section the view does not have waits for the page that has it.
  expect(update(view, { source: "site-editor", type: "order", order: ["e2", "e3"], selected: "e1" })).toBe(view);
  expect(update(view, { source: "site-editor", type: "slot", id: "e1", slot: hero("Z") })).toBe(view);
  // A later page message with only e1 changed keeps e2 from before.
  const later = update(view, { source: "site-editor", type: "page", meta: message!.meta, order: ["e1", "e2"], slots: { e1: hero("B") }, selected: "e1" });
  expect(later.slots.get("e2")).toBe(stats);
  expect(later.selected).toBe("e1");
});
