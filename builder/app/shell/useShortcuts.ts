/**
 * The builder's keyboard shortcuts in its own window (the canvas relays the same keys): the table is
 * ../shortcuts.ts. A key a part of the builder has already handled (an outline row's Alt+Down) is
 * left alone.
 */
import { useEffect, useRef } from "react";
import { type Command, commandFor, pressedOf } from "./shortcuts";

export function useShortcuts(run: (command: Command) => void) {
  const current = useRef(run);
  current.current = run;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const command = commandFor(pressedOf(event));
      if (!command) return;
      event.preventDefault();
      current.current(command);
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);
}
