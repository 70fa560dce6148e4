/**
 * Where pictures go on a page (a slot) and which files a picture in a slot is offered as: the
 * widths encoded for it and the `sizes` the browser chooses by. The component names the slot; an
 * author only names the file. Runs in the browser and at build time (no Node here).
 */

/** What the build knows about a picture file in public/ (src/images/facts.ts reads it). */
export interface ImageFacts {
  /** Width and height in pixels, upright (a photo's EXIF rotation applied). */
  width: number;
  height: number;
  /** Turned into AVIF and WebP copies (JPEG, PNG, WebP, AVIF, GIF without animation); otherwise served as it is. */
  raster: boolean;
  /** A hash of the file's bytes: part of its copies' names, so a changed file gets new names. */
  hash: string;
}

/** A slot as wide as part of the viewport: `sizes` says how wide, `widths` are the copies made. */
interface FluidSlot {
  label: string;
  sizes: string;
  widths: readonly number[];
}

/** A slot of fixed height (logos, icons): the width follows the picture's shape; copies at 1x and 2x. */
interface FixedSlot {
  label: string;
  height: number;
  /** The widest it is shown, whatever its shape. */
  maxWidth: number;
}

/**
 * A background that covers a box of known height (object-fit: cover): on a narrow screen the box is
 * taller than the picture's shape and the picture is shown wider than the screen, so it wants
 * max(100vw, box height x its shape). Said exactly, the browser never treats it as enlarged.
 */
interface CoverSlot {
  label: string;
  /** The box's height: a share of the viewport's, or pixels. */
  boxHeight: { vh: number } | { px: number };
  widths: readonly number[];
  /** Seen through a dark overlay (the hero's and banners' posters): phones held upright get lighter copies, which it hides. */
  backdrop: true;
}

export type Slot = FluidSlot | FixedSlot | CoverSlot;

// Content width: the container is 1280 px less 2 x 32 px of padding from 1024 px up (max-w-7xl, lg:px-8).
export const SLOTS = {
  /** The hero's poster: one screen tall, the whole width. */
  hero: { label: "full-screen background", boxHeight: { vh: 100 }, widths: [640, 828, 1080, 1280, 1600, 1920], backdrop: true },
  /** A page banner's poster: 22rem tall, the whole width. */
  banner: { label: "banner background", boxHeight: { px: 352 }, widths: [640, 828, 1080, 1280, 1600, 1920], backdrop: true },
  /** Full-bleed behind content: the map behind the contact card. */
  full: { label: "full-width background", sizes: "100vw", widths: [640, 828, 1080, 1280, 1600, 1920] },
  /** Half the content width from 1024 px, the whole width below (text-block, feature-list, process steps). */
  half: { label: "picture beside text", sizes: "(min-width: 1280px) 608px, (min-width: 1024px) 48vw, 100vw", widths: [400, 640, 828, 1200] },
  /** A card in a grid of 3 from 1024 px, 2 from 640 px (portfolio, service cards). */
  card: {
    label: "card in a 3-column grid",
    sizes: "(min-width: 1280px) 400px, (min-width: 1024px) 32vw, (min-width: 640px) 48vw, 100vw",
    widths: [320, 480, 640, 800],
  },
  /** A card in a grid of 4 from 1024 px, 2 from 640 px (industries). */
  quarter: {
    label: "card in a 4-column grid",
    sizes: "(min-width: 1280px) 296px, (min-width: 1024px) 24vw, (min-width: 640px) 48vw, 100vw",
    widths: [320, 480, 640, 800],
  },
  /** The 18rem column beside a service's text from 1024 px, the whole width below. */
  aside: { label: "picture beside a service's text", sizes: "(min-width: 1024px) 288px, 100vw", widths: [320, 576, 800] },
  /** Half of the service explorer's panel from 768 px. */
  panel: { label: "picture in the service explorer", sizes: "(min-width: 1024px) 420px, (min-width: 768px) 45vw, 100vw", widths: [320, 480, 640, 800] },
  /** A partner's logo, 56 px high. */
  logo: { label: "partner logo", height: 56, maxWidth: 240 },
  /** An icon, 48 px square. */
  icon: { label: "icon", height: 48, maxWidth: 48 },
  /** A person's photo beside a testimonial, 44 px round. */
  avatar: { label: "testimonial photo", height: 44, maxWidth: 44 },
  /** The company's logo in the header and footer, 36 px square. */
  mark: { label: "company logo", height: 36, maxWidth: 36 },
} as const satisfies Record<string, Slot>;

export type SlotName = keyof typeof SLOTS;

export const isSlotName = (name: string): name is SlotName => Object.hasOwn(SLOTS, name);

/** Where the copies are served from: under /assets/, so cached for a year (their names change with the file). */
export const IMAGE_DIR = "/assets/img/";

export type ImageFormat = "avif" | "webp";

/** One copy of a picture: which file, how wide, which format, and whether for a backdrop (lower quality). */
export interface Variant {
  hash: string;
  width: number;
  format: ImageFormat;
  backdrop?: boolean;
}

const RASTER = /\.(jpe?g|png|webp|avif|gif)$/i;

/** Whether a file is a picture format the pipeline can encode (GIFs are checked for animation first). */
export const isRasterPath = (src: string) => RASTER.test(src);

/** `/media/team-photo.jpg` at 640 px in AVIF -> `/assets/img/team-photo.1a2b3c4d5e.640.avif` (a backdrop's: `…1a2b3c4d5e-b.640.avif`). */
export function variantUrl(src: string, { hash, width, format, backdrop }: Variant): string {
  const stem = (src.split("/").at(-1) ?? "image").replace(/\.[^.]+$/, "").replace(/[^A-Za-z0-9_-]+/g, "-");
  return `${IMAGE_DIR}${stem}.${hash}${backdrop ? "-b" : ""}.${width}.${format}`;
}

/** The copy a URL made by variantUrl names, or undefined for any other URL. */
export function variantOf(url: string): Variant | undefined {
  if (!url.startsWith(IMAGE_DIR)) return undefined;
  const parts = url.slice(IMAGE_DIR.length).split(".");
  const [format, width, tag] = [parts.at(-1), Number(parts.at(-2)), parts.at(-3)];
  if (parts.length < 4 || (format !== "avif" && format !== "webp") || !Number.isInteger(width) || width <= 0 || !tag) return undefined;
  const backdrop = tag.endsWith("-b");
  const hash = backdrop ? tag.slice(0, -2) : tag;
  return hash ? { hash, width, format, ...(backdrop && { backdrop }) } : undefined;
}

/** The widths a slot wants, at most the picture's own (never enlarged), and the picture's own when it is smaller than the largest wanted. */
export function widthsFor(facts: Pick<ImageFacts, "width" | "height">, slot: SlotName): number[] {
  const wanted = slotWidths(facts, slot);
  const fits = wanted.filter((w) => w <= facts.width);
  if (fits.length < wanted.length) fits.push(facts.width);
  return [...new Set(fits)];
}

/** The widths a slot wants for a picture of this shape (fixed-height slots: 1x and 2x). */
export function slotWidths(facts: Pick<ImageFacts, "width" | "height">, slot: SlotName): number[] {
  const s: Slot = SLOTS[slot];
  if (!("height" in s)) return [...s.widths];
  const shown = shownWidth(facts, s);
  return [shown, shown * 2];
}

const shownWidth = (facts: Pick<ImageFacts, "width" | "height">, s: FixedSlot) => Math.min(s.maxWidth, Math.round((s.height * facts.width) / facts.height));

export function sizesFor(facts: Pick<ImageFacts, "width" | "height">, slot: SlotName): string {
  const s: Slot = SLOTS[slot];
  if ("sizes" in s) return s.sizes;
  if ("height" in s) return `${shownWidth(facts, s)}px`;
  const ratio = facts.width / facts.height;
  return "vh" in s.boxHeight ? `max(100vw, ${+(s.boxHeight.vh * ratio).toFixed(1)}vh)` : `max(100vw, ${Math.round(s.boxHeight.px * ratio)}px)`;
}

/** Phones held upright: a backdrop's lighter copies are for them (a small screen keeps enough detail per pixel for them). */
export const PHONE_MEDIA = "(max-width: 600px) and (max-aspect-ratio: 2/3)";
/** Every other screen. */
export const NOT_PHONE_MEDIA = "(min-width: 601px), (min-aspect-ratio: 2/3)";

/** One format's srcset of each format, and a middle-sized copy for a preload's or an old browser's src. */
export interface SourceSet {
  avif: string;
  webp: string;
  fallback: string;
  fallbackAvif: string;
}

export interface PictureSources extends SourceSet {
  sizes: string;
  /**
   * A backdrop's copies for phones held upright (PHONE_MEDIA), at a lower quality that its overlay hides.
   * Only there: on a large screen a picture this light would count as too plain to be its largest paint.
   */
  phone?: SourceSet;
}

/** The srcset of each format for a raster picture in a slot. */
export function pictureSources(src: string, facts: ImageFacts, slot: SlotName): PictureSources {
  const widths = widthsFor(facts, slot);
  const middle = widths[Math.floor((widths.length - 1) / 2)] ?? facts.width;
  const sets = (backdrop: boolean): SourceSet => {
    const url = (width: number, format: ImageFormat) => variantUrl(src, { hash: facts.hash, width, format, backdrop });
    const set = (format: ImageFormat) => widths.map((width) => `${url(width, format)} ${width}w`).join(", ");
    return { avif: set("avif"), webp: set("webp"), fallback: url(middle, "webp"), fallbackAvif: url(middle, "avif") };
  };
  const s: Slot = SLOTS[slot];
  return { sizes: sizesFor(facts, slot), ...sets(false), ...("backdrop" in s && { phone: sets(true) }) };
}
