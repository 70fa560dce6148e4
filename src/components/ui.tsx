import { useEffect, useRef, useState, type ReactNode } from "react";
import { preload } from "react-dom";
import type { BackgroundVideo, Image, Link, Tone } from "@/generated/content";
import { NOT_PHONE_MEDIA, PHONE_MEDIA, pictureSources, type SlotName, type SourceSet } from "@/images/slots";
import { useImageFacts } from "./image-facts";
import { afterLoad, useReducedMotion } from "@/runtime/motion";
import { revealBelowFold } from "@/runtime/reveal";
import { SmartLink } from "./links";

export { isInternal, SmartLink } from "./links";

const TONES: Record<Tone, string> = {
  light: "bg-white text-slate-800",
  muted: "bg-slate-100 text-slate-800",
  dark: "bg-navy text-white",
};

/** Outer shell every section uses: <section data-section="type"> with the tone's background. */
export function SectionShell({
  type,
  tone = "light",
  labelledBy,
  className = "",
  children,
}: {
  type: string;
  tone?: Tone;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section ref={revealBelowFold} data-section={type} aria-labelledby={labelledBy} className={`${TONES[tone]} py-16 md:py-24 ${className}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}

/** The small pill label above a heading ("Let's connect"). */
export function Kicker({ children, tone = "light" }: { children: ReactNode; tone?: Tone }) {
  return (
    <p
      className={`mb-3 inline-block rounded-full px-3 py-1 text-xs font-bold uppercase tracking-widest ${tone === "dark" ? "bg-white/10 text-sky" : "bg-brand/10 text-brand"}`}
    >
      {children}
    </p>
  );
}

export function SectionHeading({
  id,
  kicker,
  heading,
  intro,
  tone = "light",
  center = true,
  capitalize = false,
}: {
  id: string;
  kicker?: string;
  heading: string;
  intro?: string;
  tone?: Tone;
  center?: boolean;
  /** Title Case for headings written in lower case ("people say about us"). */
  capitalize?: boolean;
}) {
  return (
    <div className={`mb-10 ${center ? "mx-auto max-w-3xl text-center" : ""}`}>
      {kicker && <Kicker tone={tone}>{kicker}</Kicker>}
      <h2 id={id} className={`text-3xl font-bold tracking-tight text-balance md:text-4xl ${capitalize ? "capitalize" : ""}`}>
        {heading}
      </h2>
      {intro && <p className={`mt-4 text-lg ${tone === "dark" ? "text-slate-300" : "text-slate-600"}`}>{intro}</p>}
    </div>
  );
}

const BUTTON = {
  primary: "bg-brand text-white hover:bg-brand-dark",
  light: "bg-white text-navy hover:bg-slate-100",
};

export function ButtonLink({ link, variant = "primary" }: { link: Link; variant?: keyof typeof BUTTON }) {
  return (
    <SmartLink
      href={link.href}
      className={`inline-flex items-center gap-2 rounded-full px-6 py-3 font-semibold shadow-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky ${BUTTON[variant]}`}
    >
      {link.label}
      <span aria-hidden="true">→</span>
    </SmartLink>
  );
}

/**
 * A picture from content, in the slot where the component puts it (src/images/slots.ts). A photo
 * (JPEG, PNG, WebP...) is offered as AVIF and WebP copies at the slot's widths, for the browser
 * to pick by `sizes`; an SVG is sent as it is. Width and height come from the file, so the box has
 * the picture's shape before it arrives. The <picture> makes no box of its own (display: contents):
 * the <img> lays out as it would alone.
 */
export function Picture({
  image,
  slot,
  className,
  eager = false,
  highPriority = false,
}: {
  image: Image;
  slot: SlotName;
  className?: string;
  eager?: boolean;
  /** The page's largest picture above the fold: fetched first, preloaded from the page's <head>. */
  highPriority?: boolean;
}) {
  const facts = useImageFacts(image.src);
  const sources = facts?.raster ? pictureSources(image.src, facts, slot) : undefined;
  if (highPriority) {
    // In <head>, before anything else is fetched. Only the AVIF copies: the browser that preloads them picks them below too.
    const preloadSet = (set: SourceSet, media?: string) =>
      preload(set.fallbackAvif, { as: "image", type: "image/avif", imageSrcSet: set.avif, imageSizes: sources?.sizes, fetchPriority: "high", media });
    if (sources?.phone) {
      preloadSet(sources.phone, PHONE_MEDIA);
      preloadSet(sources, NOT_PHONE_MEDIA);
    } else if (sources) preloadSet(sources);
    else preload(image.src, { as: "image", fetchPriority: "high" });
  }
  const alt = image.decorative ? "" : image.alt;
  // The focal point stays in view where the picture is cropped to fill its place (object-fit: cover).
  const focus = image.focus ? { objectPosition: `${image.focus.x}% ${image.focus.y}%` } : undefined;
  const img = {
    width: facts?.width,
    height: facts?.height,
    loading: eager || highPriority ? ("eager" as const) : ("lazy" as const),
    // The page's largest picture is decoded in time for the frame that shows it; the others off the main path.
    decoding: highPriority ? undefined : ("async" as const),
    fetchPriority: highPriority ? ("high" as const) : undefined,
    className,
    style: focus,
  };
  if (!sources) return <img src={image.src} alt={alt} {...img} />;
  return (
    <picture className="contents">
      {sources.phone && <source media={PHONE_MEDIA} type="image/avif" srcSet={sources.phone.avif} sizes={sources.sizes} />}
      {sources.phone && <source media={PHONE_MEDIA} type="image/webp" srcSet={sources.phone.webp} sizes={sources.sizes} />}
      <source type="image/avif" srcSet={sources.avif} sizes={sources.sizes} />
      <img src={sources.fallback} srcSet={sources.webp} sizes={sources.sizes} alt={alt} {...img} />
    </picture>
  );
}

/**
 * Poster image with a looping, muted background video over it.
 * The poster is the page's largest paint (a real <img>, eager, high priority). Its box is inset by
 * 1 px: Chrome ignores an image that covers the whole viewport as a "background" for LCP, and the
 * hero is exactly one viewport tall. The video's box is inset by 2 px, strictly smaller than the
 * poster's, so it never becomes a larger LCP candidate; it is fetched and started only after the
 * page's load event, and never under prefers-reduced-motion. Without a video, the photo alone.
 */
export function VideoBackdrop({ video, slot }: { video: BackgroundVideo; slot: "hero" | "banner" }) {
  const ref = useRef<HTMLVideoElement>(null);
  const reduced = useReducedMotion();
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (reduced) {
      element.pause();
      setPlaying(false);
      return;
    }
    return afterLoad(() => {
      element.preload = "auto";
      element.play().catch(() => setPlaying(false));
    });
  }, [reduced]);
  return (
    <div className="absolute inset-0 -z-10 overflow-hidden bg-navy" aria-hidden="true">
      <Picture
        image={{ ...video.poster, decorative: true }}
        slot={slot}
        highPriority
        className="absolute inset-px h-[calc(100%-2px)] w-[calc(100%-2px)] object-cover"
      />
      {(video.webm || video.mp4) && (
        <video
          ref={ref}
          data-playing={playing ? "" : undefined}
          className={`absolute inset-[2px] h-[calc(100%-4px)] w-[calc(100%-4px)] object-cover transition-opacity duration-700 ${playing ? "opacity-100" : "opacity-0"}`}
          muted
          loop
          playsInline
          preload="none"
          tabIndex={-1}
          onPlaying={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        >
          {video.webm && <source src={video.webm} type="video/webm" />}
          {video.mp4 && <source src={video.mp4} type="video/mp4" />}
        </video>
      )}
      <div className="absolute inset-0 bg-gradient-to-b from-navy/80 via-navy/65 to-navy/85" />
    </div>
  );
}

export function Breadcrumb({ trail, current }: { trail: Link[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center justify-center gap-2 text-sm text-slate-200">
        {trail.map((step) => (
          <li key={step.href} className="flex items-center gap-2">
            <SmartLink href={step.href} className="underline-offset-4 hover:underline">
              {step.label}
            </SmartLink>
            <span aria-hidden="true">›</span>
          </li>
        ))}
        <li aria-current="page" className="font-semibold text-white">
          {current}
        </li>
      </ol>
    </nav>
  );
}
