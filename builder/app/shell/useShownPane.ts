/** The panel shown in a narrow window, where one shows at a time (editor.css); focusing into another shows it (panes.ts). */
import { useEffect, useRef, useState } from "react";
import { type Pane, paneOf, SHOW_PANE } from "./panes";

export function useShownPane() {
  // The shell's element: its data-show attribute says which panel the styles show.
  const shell = useRef<HTMLDivElement>(null);
  const [pane, setPane] = useState<Pane>("page");
  useEffect(() => {
    const show = (event: Event) => {
      const wanted = paneOf(event.target as Element);
      if (!wanted || !shell.current) return;
      // At once, so that the focus that follows finds the element shown; React draws the switch to match.
      shell.current.dataset.show = wanted;
      setPane(wanted);
    };
    document.addEventListener(SHOW_PANE, show);
    return () => document.removeEventListener(SHOW_PANE, show);
  }, []);
  return { shell, pane, setPane };
}
