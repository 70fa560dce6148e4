/**
 * The builder's three panels (the site's files, the page, the outline and fields). Side by side in
 * a wide window; in a narrow one (a phone, or a window zoomed to 200% and more) one at a time,
 * chosen above them (editor.css): focusing something in a hidden panel shows that panel first, so
 * the focus is never lost to an element nobody can see.
 */
export const PANES = [
  { id: "files", label: "Site files" },
  { id: "page", label: "Preview" },
  { id: "fields", label: "Outline and fields" },
] as const;

export type Pane = (typeof PANES)[number]["id"];

/** Asks the shell to show the panel `element` is in (the event the shell listens for). */
export const SHOW_PANE = "builder-show-pane";

/** The panel an element is in, or null (a dialog, the toolbar). */
export const paneOf = (element: Element | null | undefined): Pane | null => (element?.closest("[data-pane]")?.getAttribute("data-pane") as Pane | null) ?? null;

/** Shows the panel `element` is in, at once (the shell sets its attribute before React draws the switch again). */
export function showPaneOf(element: Element | null | undefined) {
  element?.dispatchEvent(new CustomEvent(SHOW_PANE, { bubbles: true }));
}

/** Focuses `element`, showing its panel first; the focused element is scrolled into view. */
export function focusInPane(element: HTMLElement | null | undefined) {
  if (!element) return;
  showPaneOf(element);
  element.focus();
}
