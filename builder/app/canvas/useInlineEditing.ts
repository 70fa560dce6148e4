/**
 * Texts edited in place in the canvas: the selected section's texts that can be (outlined), and the
 * one being edited, started at a point, from the toolbar, or by Tab from the one before.
 */
import { useLayoutEffect, useState } from "react";
import type { InlineField } from "./inline";
import { type Box, boxOf } from "./boxes";
import { textElement } from "./InlineEditor";
import { setInlineSection } from "./intake";
import type { BuilderWindow } from "./protocol";

/** A text of the selected section that can be edited in place, and where the page shows it. */
export type Target = { field: InlineField; element: HTMLElement; box: Box };

const inlineApi = () => (parent as BuilderWindow).siteBuilder?.inline;

export function useInlineEditing(
  sections: { id: string; element: HTMLElement; name: string }[],
  selected: string | null,
  boxes: Box[],
  /** An edit starts (the toolbar no longer takes the focus back). */
  onStart: () => void,
  /** An edit ended from the keyboard: the focus goes back to section `index`. */
  focusSection: (index: number) => void,
) {
  // The selected section's texts that can be edited in place (outlined), found again whenever the boxes are measured again.
  const [targets, setTargets] = useState<Target[]>([]);
  const [editing, setEditing] = useState<{ id: string; field: InlineField; element: HTMLElement; label: string } | null>(null);
  const selectedIndex = sections.findIndex((s) => s.id === selected);
  const selectedSection = sections[selectedIndex];
  useLayoutEffect(() => {
    if (!selectedSection || boxes.length === 0) return setTargets((t) => (t.length === 0 ? t : []));
    const fields = inlineApi()?.fields(selectedSection.id) ?? [];
    setTargets(
      fields.flatMap((field) => {
        const element = textElement(selectedSection.element, field.value);
        return element ? [{ field, element, box: boxOf(element) }] : [];
      }),
    );
  }, [selectedSection, boxes]);

  /** Starts editing a text of section `index` in place: the one at `point`, else the first (or the last, going back). */
  const startInline = (index: number, point: { x: number; y: number } | null, from?: { pointer: string; by: 1 | -1 }) => {
    const section = sections[index];
    if (!section) return false;
    const fields = inlineApi()?.fields(section.id) ?? [];
    const shown = (field: InlineField | undefined) => {
      const element = field && textElement(section.element, field.value);
      return field && element ? { field, element } : undefined;
    };
    const found = fields.flatMap((field) => shown(field) ?? []);
    let target = point
      ? found.find(({ element }) => {
          const r = element.getBoundingClientRect();
          return point.x >= r.left && point.x <= r.right && point.y >= r.top && point.y <= r.bottom;
        })
      : found[0];
    if (from) {
      // In the order of the fields (the text just kept may not read as the builder last drew it).
      target = undefined;
      for (let k = fields.findIndex((f) => f.pointer === from.pointer) + from.by; !target && k >= 0 && k < fields.length; k += from.by)
        target = shown(fields[k]);
    }
    if (!target) return false;
    onStart();
    setInlineSection(section.id);
    setEditing({ id: section.id, ...target, label: `${target.field.label}, section ${index + 1} (${section.name}), edited in place` });
    return true;
  };

  const endInline = (value: string, how: "keep" | "undo" | "next" | "previous") => {
    const now = editing;
    if (!now) return;
    inlineApi()?.end(now.id, now.field.pointer, value);
    setInlineSection(null);
    setEditing(null);
    const index = sections.findIndex((s) => s.id === now.id);
    if (how === "next" || how === "previous") {
      // The text as it is now: the section was drawn again with it.
      if (startInlineAfterDraw(index, now.field.pointer, how === "next" ? 1 : -1)) return;
    }
    if (how !== "keep" || document.activeElement === document.body) focusSection(index);
  };
  const startInlineAfterDraw = (index: number, pointer: string, by: 1 | -1) => startInline(index, null, { pointer, by });

  const input = (value: string) => editing && inlineApi()?.input(editing.id, editing.field.pointer, value);
  return { targets, editing, startInline, endInline, input };
}
