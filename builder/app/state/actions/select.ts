/** Selects an entry (or the page's own fields, or nothing); ends the gathering of typing. */
import type { Action, State } from "../types";

export const select = (state: State, action: Extract<Action, { type: "select" }>): State => ({ ...state, selected: action.id, last: null });

export const seal = (state: State): State => (state.last ? { ...state, last: null } : state);
