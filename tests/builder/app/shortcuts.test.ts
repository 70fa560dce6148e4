/** The builder's shortcut table: what each key does, and where a key belongs to the field or the dialog instead. */
import { describe, expect, it } from "vitest";
import { commandFor, type Pressed } from "../../../builder/app/shell/shortcuts";

const press = (key: string, extra: Partial<Pressed> = {}): Pressed => ({
  key,
  ctrl: false,
  meta: false,
  alt: false,
  shift: false,
  inText: false,
  ownsAltArrows: false,
  inDialog: false,
  ...extra,
});

describe("commandFor", () => {
  it("Ctrl or Cmd with S, Z, Shift+Z, Y and D, anywhere but D in a dialog", () => {
    for (const mod of [{ ctrl: true }, { meta: true }]) {
      expect(commandFor(press("s", { ...mod, inText: true }))).toBe("save");
      expect(commandFor(press("z", mod))).toBe("undo");
      expect(commandFor(press("Z", { ...mod, shift: true }))).toBe("redo");
      expect(commandFor(press("y", { ...mod, inText: true }))).toBe("redo");
      expect(commandFor(press("d", mod))).toBe("duplicate");
      expect(commandFor(press("d", { ...mod, inDialog: true }))).toBeNull();
      expect(commandFor(press("s", { ...mod, inDialog: true }))).toBe("save");
    }
    expect(commandFor(press("s", { ctrl: true, alt: true }))).toBeNull();
  });

  it("Delete, Backspace and ? only outside text fields and dialogs", () => {
    expect(commandFor(press("Delete"))).toBe("delete");
    expect(commandFor(press("Backspace"))).toBe("delete");
    expect(commandFor(press("?", { shift: true }))).toBe("help");
    expect(commandFor(press("Backspace", { inText: true }))).toBeNull();
    expect(commandFor(press("?", { inText: true }))).toBeNull();
    expect(commandFor(press("Delete", { inDialog: true }))).toBeNull();
    expect(commandFor(press("Delete", { ctrl: true }))).toBeNull();
    expect(commandFor(press("a"))).toBeNull();
  });

  it("Alt+Up and Alt+Down move, except where a drop-down list or an outline row takes them", () => {
    expect(commandFor(press("ArrowUp", { alt: true }))).toBe("move-up");
    expect(commandFor(press("ArrowDown", { alt: true, inText: true }))).toBe("move-down");
    expect(commandFor(press("ArrowDown", { alt: true, ownsAltArrows: true }))).toBeNull();
    expect(commandFor(press("ArrowDown"))).toBeNull();
  });
});
