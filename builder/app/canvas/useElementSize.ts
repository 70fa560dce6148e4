/** The size of an element, kept up to date as it changes (a ResizeObserver): the canvas fits the page to its box by it. */
import { type RefObject, useEffect, useState } from "react";

export function useElementSize(element: RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const observed = element.current;
    if (!observed) return;
    const observer = new ResizeObserver(([entry]) => entry && setSize({ width: entry.contentRect.width, height: entry.contentRect.height }));
    observer.observe(observed);
    return () => observer.disconnect();
  }, [element]);
  return size;
}
