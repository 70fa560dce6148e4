#!/usr/bin/env node
// make-share-image.mjs: the 1200x630 link-preview picture (Open Graph and
// Twitter cards), public/media/share.png. Reads the company name and tagline
// from site-config/settings.json, draws an SVG in the site's palette with the
// logo mark, and converts it to PNG with ffmpeg (librsvg): link previews do
// not show SVG. Re-run after changing the name or tagline:
//
//   node scripts/make-share-image.mjs        (FFMPEG env var overrides /usr/bin/ffmpeg)

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const settings = JSON.parse(readFileSync(join(ROOT, "site-config", "settings.json"), "utf8"));
const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Greedy word wrap to at most `max` characters per line. */
function wrap(text, max) {
  const lines = [];
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

const dir = mkdtempSync(join(tmpdir(), "share-"));
const src = join(dir, "share.svg");
writeFileSync(src, svg);
const out = join(ROOT, "public", "media", "share.png");
const ff = process.env.FFMPEG || "/usr/bin/ffmpeg";
const r = spawnSync(ff, ["-y", "-loglevel", "error", "-i", src, "-frames:v", "1", "-pix_fmt", "rgb24", out], { stdio: "inherit" });
rmSync(dir, { recursive: true, force: true });
if (r.status !== 0) throw new Error("ffmpeg could not convert the SVG (it needs librsvg)");
console.log(`wrote ${out}`);
