/** The page builder's reducer: each action in its own module (./actions/), each with its own test (tests/builder/). */
import { disk, keepMine, mergeDisk, takeDisk } from "./actions/disk";
import { duplicate } from "./actions/duplicate";
import { edit } from "./actions/edit";
import { insert } from "./actions/insert";
import { move } from "./actions/move";
import { open } from "./actions/open";
import { remove } from "./actions/remove";
import { restore } from "./actions/restore";
import { revert } from "./actions/revert";
import { merged, saved } from "./actions/saved";
import { seal, select } from "./actions/select";
import { redo, undo } from "./actions/undo";
import type { Action, State } from "./types";

export const initialState: State = { doc: null, selected: null, past: [], future: [], last: null, conflict: null };

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "open":
      return open(state, action);
    case "edit":
      return edit(state, action);
    case "insert":
      return insert(state, action);
    case "move":
      return move(state, action);
    case "duplicate":
      return duplicate(state, action);
    case "remove":
      return remove(state, action);
    case "select":
      return select(state, action);
    case "seal":
      return seal(state);
    case "undo":
      return undo(state);
    case "redo":
      return redo(state);
    case "saved":
      return saved(state, action);
    case "merged":
      return merged(state, action);
    case "disk":
      return disk(state, action);
    case "keep-mine":
      return keepMine(state);
    case "take-disk":
      return takeDisk(state);
    case "merge":
      return mergeDisk(state);
    case "restore":
      return restore(state, action);
    case "revert":
      return revert(state);
  }
}
