/**
 * The three carousels of SPEC s9. Slides per view apply from a minimum viewport width
 * ("2 from 769px" is `[769, 2]`); the same numbers drive keen-slider and the CSS that
 * lays the slides out before it starts, so nothing moves when it does.
 */
export interface CarouselSettings {
  name: string;
  perView: number;
  breakpoints: [minWidth: number, perView: number][];
  spacing: number;
  /** Continuous linear scrolling: `slides` slides every `duration` ms. */
  autoScroll?: { slides: number; duration: number };
  arrows?: boolean;
}

export const TESTIMONIALS_CAROUSEL: CarouselSettings = {
  name: "testimonials",
  perView: 1,
  breakpoints: [
    [769, 2],
    [1024, 3],
    [1550, 4],
  ],
  spacing: 30,
  autoScroll: { slides: 5, duration: 25_000 },
};

export const SERVICES_CAROUSEL: CarouselSettings = {
  name: "services",
  perView: 1,
  breakpoints: [
    [600, 2],
    [1000, 3],
  ],
  spacing: 10,
  arrows: true,
};

export const LOGO_CAROUSEL: CarouselSettings = {
  name: "logos",
  perView: 2,
  breakpoints: [
    [450, 3],
    [768, 4],
    [1024, 5],
  ],
  spacing: 30,
  autoScroll: { slides: 5, duration: 10_000 },
};

export function maxPerView(settings: CarouselSettings): number {
  return Math.max(settings.perView, ...settings.breakpoints.map(([, n]) => n));
}

/** Slide widths before keen-slider starts (and without JavaScript), the same as keen-slider computes. */
export function carouselCss({ name, perView, breakpoints, spacing }: CarouselSettings): string {
  const rule = (n: number) => {
    const width = `calc((100% - ${(n - 1) * spacing}px) / ${n})`;
    return `[data-carousel="${name}"]>.keen-slider__slide{min-width:${width};max-width:${width}}`;
  };
  return [rule(perView), ...breakpoints.map(([min, n]) => `@media (min-width:${min}px){${rule(n)}}`)].join("");
}
