/** A part of a dialog that scrolls on its own: named, and one Tab stop, so that it can be scrolled by keyboard (WCAG 2.1.1). */
import type { ReactNode } from "react";

export function Scrolls({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above; a region without anything focusable in it is otherwise out of reach.
    <section tabIndex={0} aria-label={label} className={`overflow-auto focus-visible:outline-2 focus-visible:outline-blue-600 ${className}`}>
      {children}
    </section>
  );
}
