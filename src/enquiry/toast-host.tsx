/**
 * Where toasts appear. The host sits in the root layout (so a toast survives
 * the move to /thank-you) but loads react-hot-toast's Toaster only once
 * something asks for toasts — the enquiry form does when it loads — so
 * pages without the form carry none of its code.
 */
import { lazy, Suspense, useEffect, useState } from "react";

const Toasts = lazy(() => import("./Toasts"));

let wanted = false;
const listeners = new Set<() => void>();

function requestToaster() {
  if (wanted) return;
  wanted = true;
  for (const l of listeners) l();
}

/** Called by components that show toasts: mounts the Toaster. */
export function useToaster(): void {
  useEffect(requestToaster, []);
}

export function ToastHost() {
  const [on, setOn] = useState(wanted);
  useEffect(() => {
    if (wanted) setOn(true);
    const listener = () => setOn(true);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return on ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
