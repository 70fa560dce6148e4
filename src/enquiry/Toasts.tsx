/** react-hot-toast's Toaster with the SPEC s8/s9 look and limits. */
import { useEffect } from "react";
import { toast, Toaster, useToasterStore, type DefaultToastOptions } from "react-hot-toast";

/** SPEC s9: success 2000 ms, error 4000 ms, loading until replaced, blank 4000 ms; dark background, white text. */
export const TOAST_OPTIONS: DefaultToastOptions = {
  style: { background: "#1e293b", color: "#ffffff" },
  success: { duration: 2000 },
  error: { duration: 4000 },
  loading: { duration: Infinity },
  blank: { duration: 4000 },
};

/** SPEC s9: at most 20 toasts shown. */
export const MAX_VISIBLE_TOASTS = 20;

/** Dismisses the oldest visible toasts beyond the limit (the newest come first in the store). */
function useToastLimit(limit: number) {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(limit)
      .forEach((t) => {
        toast.dismiss(t.id);
      });
  }, [toasts, limit]);
}

export default function Toasts() {
  useToastLimit(MAX_VISIBLE_TOASTS);
  return <Toaster position="top-center" toastOptions={TOAST_OPTIONS} />;
}
