/** The builder's reducer as the Editor uses it: every action of ./reducer.ts, with two counts beside the state. */
import { initialState, reducer } from "./reducer";
import type { Action, State } from "./types";

/** The builder's state with two counts: the changes other than typing and moves, and the moves. */
export type Counted = State & { revision: number; moves: number };

/**
 * The reducer, counting the changes other than typing and moves: the form is told of each (an undo back to a value it
 * was last given must still put that value back in it, though its drawing skipped the keystrokes in between); a move
 * leaves the selected entry's value as it was. Moves are counted apart: the canvas shows a move before it is drawn.
 */
export function countingChanges(state: Counted, action: Action): Counted {
  const next = reducer(state, action);
  if (next === state) return state;
  const typedOrMoved = action.type === "edit" || action.type === "move";
  return { ...next, revision: typedOrMoved ? state.revision : state.revision + 1, moves: state.moves + (action.type === "move" ? 1 : 0) };
}

export const initialCounted: Counted = { ...initialState, revision: 0, moves: 0 };
