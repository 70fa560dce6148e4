/**
 * The 1200x630 link-preview picture (Open Graph and Twitter cards), public/media/share.png: the
 * company name, tagline and address from the settings (read through the content layer, checked as
 * the build checks them), drawn as an SVG in the site's palette with the logo mark, written as PNG
 * by sharp (link previews do not show SVG). Re-run after changing the name or tagline:
 *
 *   npx tsx scripts/make-share-image.ts [out.png]      (default public/media/share.png)
 */
import { join, resolve } from "node:path";
import sharp from "sharp";
import { contentRoot } from "../src/content/routes.ts";
import { formatProblem } from "../src/content/problems.ts";
import { loadSite } from "../src/content/site.ts";

// The project folder (or SITE_ROOT, as for npm run validate).
const ROOT = contentRoot();
const { settings, problems } = loadSite(ROOT);
if (!settings) {
  console.error("site-config/settings.json has errors, so there is no name or tagline to draw:");
  for (const p of problems.filter((p) => p.severity === "error" && p.file.endsWith("settings.json"))) console.error(`  ${formatProblem(p)}`);
  process.exit(1);
}
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Greedy word wrap to at most `max` characters per line. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

const tagline = wrap(settings.tagline ?? "", 38).slice(0, 3);
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#1e3a8a"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <circle cx="1040" cy="520" r="260" fill="#2563eb" opacity="0.25"/>
  <circle cx="1110" cy="120" r="120" fill="#38bdf8" opacity="0.18"/>
  <g transform="translate(80 80) scale(2.5)">
    <rect x="0" y="0" width="64" height="64" rx="14" fill="#fff"/>
    <path d="M48 26.2A17 17 0 1 1 36.5 15.6" fill="none" stroke="#0f172a" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="43.6" cy="19.6" r="5.5" fill="#f59e0b"/><circle cx="32" cy="32" r="6" fill="#38bdf8"/>
  </g>
  <text x="80" y="340" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="68" fill="#fff">${esc(settings.companyName)}</text>
  ${tagline.map((l, i) => `<text x="80" y="${410 + i * 52}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="40" fill="#cbd5e1">${esc(l)}</text>`).join("\n  ")}
  <rect x="80" y="560" width="120" height="8" rx="4" fill="#f59e0b"/>
  <text x="230" y="570" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="28" fill="#38bdf8">${esc(settings.siteUrl.replace(/^https:\/\//, ""))}</text>
</svg>`;

const target = resolve(process.argv[2] ?? join(ROOT, "public", "media", "share.png"));
await sharp(Buffer.from(svg)).png().toFile(target);
console.log(`wrote ${target}`);
