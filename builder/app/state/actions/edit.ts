/**
 * A form changed a value: one entry of the list (whole, or one value in it at a JSON Pointer), the file's
 * own fields, or the whole file. Typing in one field is one step.
 */
import { splitPointer, withValueAt } from "@/lib/json-pointer";
import { hasDoc, record } from "../history";
import { listKey, listOf, withList } from "../list";
import type { Action, Json, JsonObject, State } from "../types";

export function edit(state: State, action: Extract<Action, { type: "edit" }>): State {
  if (!hasDoc(state)) return state;
  const { doc } = state;
  const { target } = action;
  let value: Json;
  if ("entry" in target) {
    const index = doc.ids.indexOf(target.entry);
    if (index < 0) return state;
    value = withList(
      doc,
      // At a pointer: set in the entry as it is now, so edits made one after another before a redraw all count.
      listOf(doc).map((entry, i) =>
        i !== index ? entry : target.pointer ? (withValueAt(entry, splitPointer(target.pointer), action.value) as Json) : action.value,
      ),
    );
  } else if ("fields" in target) {
    const key = listKey(doc.kind);
    const own = (doc.value ?? {}) as JsonObject;
    value = key ? { ...(action.value as JsonObject), [key]: own[key] ?? [] } : action.value;
  } else value = action.value;
  return record(state, { value }, { gather: { key: action.key, at: action.at ?? Date.now() } });
}
