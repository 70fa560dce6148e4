/**
 * A new picture asks for its alt text: whoever puts it in (the picture field's upload or library, a
 * file dropped on a section in the canvas) names the picture field, and that field, once drawn,
 * puts the cursor in its alt text with a prompt (ImageField).
 */
import { useSyncExternalStore } from "react";

let asked: string | null = null;
const listeners = new Set<() => void>();
const tell = () => {
  for (const listener of listeners) listener();
};

/** Asks the picture field with this element id (its fieldset's, "field_image") for its alt text. */
export function askForAlt(fieldId: string) {
  asked = fieldId;
  tell();
}

/** The field took the request: it is not asked again when drawn again. */
export function altAsked(fieldId: string) {
  if (asked !== fieldId) return;
  asked = null;
  tell();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Whether the picture field `fieldId` is asked for its alt text now. */
export const useAltAsked = (fieldId: string) => useSyncExternalStore(subscribe, () => asked === fieldId);
