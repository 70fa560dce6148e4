import { expect, test } from "vitest";
import { initialState } from "../../../../builder/app/state/reducer";
import { opened, run, sections } from "./fixture";

test("duplicate: a copy after the entry, selected", () => {
  const start = opened();
  const state = run(start, { type: "duplicate", id: start.doc!.ids[1]!, newId: "copy" });
  expect(sections(state)).toEqual(["hero", "stats-band", "stats-band", "testimonials-carousel"]);
  expect(state.selected).toBe("copy");
});

test("duplicate: a collection entry's copy gets an id of its own", () => {
  const start = run(initialState, {
    type: "open",
    doc: {
      path: "site-config/collections/services.json",
      kind: "collection",
      hash: "h",
      saved: {
        items: [
          { id: "web", name: "Web" },
          { id: "web-copy", name: "x" },
        ],
      },
    },
  });
  const state = run(start, { type: "duplicate", id: start.doc!.ids[0]!, newId: "c" });
  expect((state.doc!.value as { items: { id: string }[] }).items.map((i) => i.id)).toEqual(["web", "web-copy-2", "web-copy"]);
});
