/**
 * Where toasts appear. The host sits in the root layout (so a toast survives
 * the move to /thank-you) but loads react-hot-toast's Toaster only once
 * something is about to show a toast (the enquiry form, when it is sent):
 * toasts created a moment before it mounts are in react-hot-toast's store
 * and show as soon as it does. Pages nobody writes from carry none of it.
 */
import { lazy, Suspense, useEffect, useState } from "react";

const Toasts = lazy(() => import("./Toasts"));

let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the Toaster (once); call it before showing a toast. */
export function showToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const l of listeners) l();
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
