import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from "react";
import type { KeenSliderInstance, KeenSliderOptions } from "keen-slider";
import { media, useReducedMotion } from "@/runtime/motion";
import { NEAR_VIEWPORT, whenNear } from "@/runtime/viewport";
import { carouselCss, maxPerView, type CarouselSettings } from "./carousel-settings";

export { LOGO_CAROUSEL, SERVICES_CAROUSEL, TESTIMONIALS_CAROUSEL } from "./carousel-settings";

const linear = (t: number) => t;

export function Carousel({
  settings,
  label,
  slides,
}: {
  settings: CarouselSettings;
  label: string;
  slides: { key: string; content: ReactNode; duplicate?: boolean }[];
}) {
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const hold = useRef({ hover: false, focus: false, user: false, reduced });
  hold.current.reduced = reduced;
  hold.current.user = paused;
  const auto = settings.autoScroll;

  /** Whether the move under way is the automatic scroll (hover, focus and Pause stop that one only). */
  const autoMoving = useRef(false);
  const advance = (slider: KeenSliderInstance) => {
    autoMoving.current = false;
    const h = hold.current;
    if (!auto || h.hover || h.focus || h.user || h.reduced) return;
    autoMoving.current = true;
    slider.moveToIdx(slider.track.details.abs + auto.slides, true, { duration: auto.duration, easing: linear });
  };

  // keen-slider is fetched once the carousel nears the viewport, not with the page: the slides are
  // already laid out by CSS (carouselCss), so the page looks the same before it arrives. A page drawn
  // whole (the builder's canvas) starts only the carousels in view.
  const sliderRef = useRef<HTMLDivElement>(null);
  const instance = useRef<KeenSliderInstance | null>(null);
  /** Arrow taps made before keen-slider arrived (a tap replayed on hydration, say): taken once it has. */
  const queued = useRef(0);
  /** Starts keen-slider now (the focus or a tap came before the carousel was near the viewport). */
  const startNow = useRef<(() => void) | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one slider per mount; its settings are module constants and `advance` reads only refs and those settings.
  useEffect(() => {
    const container = sliderRef.current;
    // keen-slider's breakpoints need matchMedia; without it the CSS layout stays, still and readable.
    if (!container || !media("all")) return;
    let cancelled = false;
    const options: KeenSliderOptions = {
      loop: true,
      drag: true,
      slides: { perView: settings.perView, spacing: settings.spacing },
      breakpoints: Object.fromEntries(settings.breakpoints.map(([min, n]) => [`(min-width: ${min}px)`, { slides: { perView: n, spacing: settings.spacing } }])),
    };
    let started = false;
    let stopWatching = () => {};
    const start = () => {
      if (started) return;
      started = true;
      stopWatching();
      void import("keen-slider").then(({ default: KeenSlider }) => {
        if (cancelled) return;
        instance.current = new KeenSlider(container, options, [
          (slider) => {
            slider.on("created", () => {
              container.dataset.ready = "";
              if (queued.current === 0) advance(slider);
              else slider.moveToIdx(slider.track.details.abs + queued.current, true);
              queued.current = 0;
            });
            slider.on("updated", advance);
            slider.on("animationEnded", advance);
            // A drag stops the automatic scroll; the snap after it is the visitor's move.
            slider.on("dragStarted", () => (autoMoving.current = false));
          },
        ]);
      });
    };
    startNow.current = start;
    stopWatching = whenNear(container, NEAR_VIEWPORT, start);
    return () => {
      cancelled = true;
      startNow.current = null;
      stopWatching();
      instance.current?.destroy();
      instance.current = null;
    };
  }, []);

  // A move the visitor asked for (an arrow) runs to its end: pointing at or focusing the carousel,
  // as clicking an arrow does, stops only the automatic scroll.
  const stop = () => {
    if (autoMoving.current) instance.current?.animator.stop();
    autoMoving.current = false;
  };
  const restart = () => instance.current && advance(instance.current);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `stop` and `restart` read only refs; the effect is about `reduced` and `paused`.
  useEffect(() => {
    if (reduced || paused) stop();
    else restart();
  }, [reduced, paused]);

  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    startNow.current?.();
    hold.current.focus = true;
    stop();
    // Focus moved into a slide out of view (Tab through the cards): bring that slide in.
    const slide = (e.target as HTMLElement).closest<HTMLElement>(".keen-slider__slide");
    const slider = instance.current;
    if (slide && slider) {
      slider.container.scrollLeft = 0;
      const index = Number(slide.dataset.index);
      const visible = slider.track.details.slides[index]?.portion ?? 0;
      if (visible < 0.99) slider.moveToIdx(index);
    }
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
    hold.current.focus = false;
    restart();
  };

  // One slide from where the slider is going, not from where it is: a second click during a
  // move's animation counts from the slide the first click chose (keen-slider's own prev/next
  // count from the slide nearest the current position, so Next then Previous went one too far).
  const step = (by: number) => {
    const slider = instance.current;
    autoMoving.current = false;
    if (!slider) {
      queued.current += by;
      startNow.current?.();
      return;
    }
    slider.moveToIdx((slider.animator.targetIdx ?? slider.track.details.abs) + by, true);
  };

  const count = slides.filter((s) => !s.duplicate).length;
  return (
    <section
      className="relative"
      aria-roledescription="carousel"
      aria-label={`${label}: slides`}
      onMouseEnter={() => {
        hold.current.hover = true;
        stop();
      }}
      onMouseLeave={() => {
        hold.current.hover = false;
        restart();
      }}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {/* React hoists it into the head (one per carousel kind): a style element is not allowed in the body. */}
      <style href={`carousel-${settings.name}`} precedence="carousel">
        {carouselCss(settings)}
      </style>
      <div ref={sliderRef} className="keen-slider" data-carousel={settings.name}>
        {slides.map((slide, i) => (
          <div
            key={slide.key}
            data-index={i}
            className="keen-slider__slide"
            {...(slide.duplicate
              ? { "aria-hidden": true, inert: true }
              : { role: "group", "aria-roledescription": "slide", "aria-label": `${i + 1} of ${count}` })}
            // Where keen-slider will put the slide once it starts (it moves slides with transforms, not margins).
            style={{ transform: `translate3d(${i * settings.spacing}px, 0px, 0)` }}
          >
            {slide.content}
          </div>
        ))}
      </div>
      {auto && (
        <div className="mt-6 flex justify-center motion-reduce:hidden">
          <button
            type="button"
            className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            aria-pressed={paused}
            onClick={() => setPaused((p) => !p)}
          >
            <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" fill="currentColor">
              {paused ? <path d="M2 1l9 5-9 5z" /> : <path d="M2 1h3v10H2zM7 1h3v10H7z" />}
            </svg>
            {paused ? "Play" : "Pause"}
            <span className="sr-only"> automatic scrolling</span>
          </button>
        </div>
      )}
      {settings.arrows && (
        <div className="mt-6 flex justify-center gap-3">
          <ArrowButton label="Previous" onClick={() => step(-1)} direction="left" />
          <ArrowButton label="Next" onClick={() => step(1)} direction="right" />
        </div>
      )}
    </section>
  );
}

function ArrowButton({ label, onClick, direction }: { label: string; onClick: () => void; direction: "left" | "right" }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="grid h-11 w-11 place-items-center rounded-full bg-white text-navy shadow ring-1 ring-slate-300 transition hover:bg-brand hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
    >
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={direction === "left" ? "M15 18l-6-6 6-6" : "M9 18l6-6-6-6"} />
      </svg>
    </button>
  );
}

/** Repeats a short list so a looping carousel always has more slides than fit in view; repeats are hidden from assistive tech. */
export function fillForLoop<T>(items: T[], settings: CarouselSettings): { item: T; duplicate: boolean; n: number }[] {
  const needed = maxPerView(settings) * 2;
  const out: { item: T; duplicate: boolean; n: number }[] = [];
  for (let n = 0; out.length < Math.max(needed, items.length); n++) {
    for (const item of items) out.push({ item, duplicate: n > 0, n });
  }
  return out;
}
