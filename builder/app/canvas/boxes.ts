/** Where an element of the canvas's page is, in page coordinates (what the overlay's absolute boxes use). */
export type Box = { top: number; left: number; width: number; height: number };

export const boxOf = (element: HTMLElement): Box => {
  const r = element.getBoundingClientRect();
  return { top: r.top + scrollY, left: r.left + scrollX, width: r.width, height: r.height };
};
