import { useEffect, type RefObject } from "react";

/**
 * Starts a muted background video once the page has loaded, never before:
 * the poster <img> underneath is the page's largest paint, and the video's
 * bytes must not compete with it or delay the `load` event. Hydration itself
 * starts after `load` (src/deploy/html.ts), so an effect is late enough; the
 * check covers client-side navigation and dev. Nothing plays for people who
 * ask for reduced motion.
 */
export function usePlayAfterLoad(ref: RefObject<HTMLVideoElement | null>) {
  useEffect(() => {
    const video = ref.current;
    if (!video || typeof window.matchMedia !== "function" || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const play = () => void video.play().catch(() => {});
    if (document.readyState === "complete") {
      play();
      return;
    }
    window.addEventListener("load", play, { once: true });
    return () => window.removeEventListener("load", play);
  }, [ref]);
}
