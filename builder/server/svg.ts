/**
 * Uploaded SVGs, cleaned before they are stored: an SVG is a document that can carry scripts, and
 * opened by its address it runs them with the site's origin. DOMPurify (under jsdom) removes
 * scripts, event handlers, javascript: URLs and foreign objects; then every reference that could
 * fetch something from elsewhere (a link, an image, a style's url()) is removed too, so the
 * picture draws only from itself. Loaded on the first SVG upload only.
 */

const SVG_NS = "http://www.w3.org/2000/svg";
const LINK_ATTRIBUTES = new Set(["href", "xlink:href"]);
/** Pictures embedded in the file itself: drawn, never fetched. */
const EMBEDDED_PICTURE = ["data:image/png;", "data:image/jpeg;", "data:image/gif;", "data:image/webp;", "data:image/avif;"];
/** CSS functions that fetch whatever they are given (a string or a url()). */
const FETCHING_FUNCTIONS = ["image(", "image-set(", "cross-fade(", "element(", "src("];

/** A link that stays inside the file ("#gradient"), or a picture embedded in it. */
function isInnerReference(value: string): boolean {
  const v = value.trim().toLowerCase();
  return v.startsWith("#") || EMBEDDED_PICTURE.some((prefix) => v.startsWith(prefix));
}

/**
 * CSS that references nothing outside the file: each url() points into it ("url(#g)"), no
 * @import, no function that fetches, and no escape (which could spell any of them).
 */
export function isSelfContainedCss(css: string): boolean {
  const text = css.toLowerCase();
  if (text.includes("\\") || text.includes("@import") || FETCHING_FUNCTIONS.some((f) => text.includes(f))) return false;
  for (let at = text.indexOf("url("); at >= 0; at = text.indexOf("url(", at + 4)) {
    let i = at + 4;
    while (i < text.length && " \t\n\r\f'\"".includes(text[i] ?? "")) i++;
    if (text[i] !== "#") return false;
  }
  return true;
}

/** The SVG without anything that can run or fetch, as XML; undefined if nothing drawable is left. */
export async function cleanSvg(svg: string): Promise<string | undefined> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import("jsdom"), import("dompurify")]);
  const { window } = new JSDOM("");
  try {
    const purify = createDOMPurify(window);
    const fragment = purify.sanitize(svg, {
      USE_PROFILES: { svg: true, svgFilters: true },
      // <use> is left out by default for what it can point at; here it may point only inside the file (below).
      ADD_TAGS: ["use"],
      RETURN_DOM_FRAGMENT: true,
    });
    const root = [...fragment.children].find((el) => el.localName === "svg" && el.namespaceURI === SVG_NS);
    if (!root) return undefined;
    for (const el of [root, ...root.querySelectorAll("*")]) {
      if (el.localName === "style" && !isSelfContainedCss(el.textContent ?? "")) {
        el.remove();
        continue;
      }
      for (const attr of [...el.attributes]) {
        // Styles, and presentation attributes that take a url() (fill, filter, mask, clip-path...).
        const css = attr.name === "style" || attr.value.toLowerCase().includes("url(");
        const outward = LINK_ATTRIBUTES.has(attr.name) ? !isInnerReference(attr.value) : css && !isSelfContainedCss(attr.value);
        if (outward) el.removeAttributeNS(attr.namespaceURI, attr.localName);
      }
    }
    return `${new window.XMLSerializer().serializeToString(root)}\n`;
  } finally {
    window.close();
  }
}
