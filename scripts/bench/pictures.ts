/**
 * Pictures like the ones editors drop in, made with sharp (nothing downloaded, nothing committed):
 * a photo (a city at dusk: gradients, buildings, film grain) and an app screenshot (flat panels,
 * text lines, a chart). The images bench and the picture tests use them.
 */
import sharp from "sharp";

/** A JPEG photo, `width` x `height`, with grain, so that it weighs what a camera's photo of that size does. */
export async function makePhoto(width: number, height: number, grain = 21): Promise<Buffer> {
  const towers = Array.from({ length: 40 }, (_, i) => {
    const w = Math.round((width / 50) * (1 + ((i * 13) % 50) / 80));
    const h = Math.round(height * (0.22 + ((i * 211) % 900) / 2667));
    return `<rect x="${Math.round((i * width) / 40 + ((i * 37) % 60))}" y="${height - h}" width="${w}" height="${h}" fill="#1b1b2a" opacity="0.85"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e3a5f"/><stop offset="0.55" stop-color="#e9a45b"/><stop offset="1" stop-color="#3b2a1e"/></linearGradient>
<radialGradient id="sun" cx="0.7" cy="0.45" r="0.35"><stop offset="0" stop-color="#fff3c4" stop-opacity="0.9"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient></defs>
<rect width="100%" height="100%" fill="url(#sky)"/><rect width="100%" height="100%" fill="url(#sun)"/>${towers}</svg>`;
  const scene = await sharp(Buffer.from(svg)).png().toBuffer();
  const noise = await sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: grain } } })
    .blur(0.9)
    .png()
    .toBuffer();
  return sharp(scene)
    .composite([{ input: noise, blend: "overlay" }])
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/** A PNG screenshot of a web app, `width` x `height`; `seed` varies its colours and layout. */
export async function makeScreenshot(width: number, height: number, seed: number): Promise<Buffer> {
  const hue = (seed * 67) % 360;
  const u = width / 100;
  const lines = Array.from(
    { length: 12 },
    (_, i) =>
      `<rect x="${28 * u}" y="${(22 + i * 5) * u * 0.66}" width="${(30 + ((i * seed * 17) % 40)) * u}" height="${1.4 * u}" rx="${0.7 * u}" fill="#cbd5e1"/>`,
  ).join("");
  const bars = Array.from({ length: 10 }, (_, i) => {
    const h = (8 + ((i * 29 + seed * 11) % 22)) * u;
    return `<rect x="${(28 + i * 6) * u}" y="${height - 6 * u - h}" width="${4 * u}" height="${h}" fill="hsl(${hue} 70% 50%)"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 45%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 30%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="#f8fafc"/><rect width="${22 * u}" height="100%" fill="url(#g)"/>
<rect x="${22 * u}" width="${78 * u}" height="${7 * u}" fill="#ffffff"/>${lines}${bars}
<circle cx="${84 * u}" cy="${30 * u}" r="${10 * u}" fill="none" stroke="hsl(${hue} 70% 50%)" stroke-width="${3 * u}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
