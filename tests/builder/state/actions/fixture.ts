/** A page open in the builder's reducer, for the action tests. */
import { initialState, reducer } from "../../../../builder/app/state/reducer";
import type { Action, Json, State } from "../../../../builder/app/state/types";

export const hero = { type: "hero", headline: "Welcome" };
export const stats = { type: "stats-band" };
export const quotes = { type: "testimonials-carousel", heading: "people say about us" };
export const page = (sections: Json[] = [hero, stats, quotes]): Json => ({ title: "Home page title", sections });

export const run = (state: State, ...actions: Action[]) => actions.reduce(reducer, state);

/** home.json open, as read from disk with hash "h1". */
export const opened = (value: Json = page(), selectIndex?: number | null) =>
  run(initialState, { type: "open", doc: { path: "site-config/pages/home.json", kind: "page", hash: "h1", saved: value }, selectIndex });

export const sections = (state: State) => ((state.doc?.value as { sections?: Json[] } | undefined)?.sections ?? []).map((s) => (s as { type: string }).type);
