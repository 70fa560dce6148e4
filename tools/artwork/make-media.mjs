#!/usr/bin/env node
// make-media.mjs: generates every illustration, icon, logo and the hero video
// used by the site, in one flat style and one palette. Plain Node ESM, no
// dependencies, deterministic output (same input -> same files).
//
// Usage (from the repository root):
//   node tools/artwork/make-media.mjs            # write all SVGs under public/
//   node tools/artwork/make-media.mjs --video    # also render hero.webm, hero.mp4 and
//                                          # hero-poster.webp (needs ffmpeg with
//                                          # libvpx-vp9, libx264 and libwebp)
//   node tools/artwork/make-media.mjs --only=services   # one group: services, icons,
//        industries, process, offerings, partners, portfolio, about, map, brand
//   node tools/artwork/make-media.mjs --only=none --video   # only the video (~1 min)
//   node tools/artwork/make-media.mjs --only=none --poster  # only hero-poster.webp (1920x1080)
//
// Output: public/media/{services,industries,process,offerings,partners,portfolio}/*.svg,
// public/media/{logo,about-team,about-alliances,about-intro,map-pune}.svg,
// public/favicon.svg and, with --video, public/media/hero.{webm,mp4} and
// public/media/hero-poster.webp. FFMPEG env var overrides the ffmpeg path.

import { mkdirSync, writeFileSync, rmSync, mkdtempSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PUB = join(ROOT, "public");
const args = process.argv.slice(2);
const ONLY = (args.find((a) => a.startsWith("--only=")) || "").slice(7);

// ---------------------------------------------------------------- palette
const C = {
  navy: "#0f172a",
  blue: "#2563eb",
  sky: "#38bdf8",
  teal: "#14b8a6",
  amber: "#f59e0b",
  slate: "#f1f5f9",
  white: "#fff",
};
const { navy, blue, sky, teal, amber, slate, white } = C;

// ---------------------------------------------------------------- svg helpers
const f = (n) => (typeof n !== "number" ? n : Math.abs(n) < 10 ? String(Math.round(n * 100) / 100) : String(Math.round(n * 10) / 10));
const at = (o) =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => ` ${k}="${f(v)}"`)
    .join("");
const el = (t, a, inner) => (inner == null ? `<${t}${at(a)}/>` : `<${t}${at(a)}>${inner}</${t}>`);
const pts = (p) => p.map(([x, y]) => `${f(x)},${f(y)}`).join(" ");
const R = (x, y, w, h, rx, fill, a = {}) => el("rect", { x, y, width: w, height: h, rx: rx || undefined, fill, ...a });
const O = (cx, cy, r, fill, a = {}) => el("circle", { cx, cy, r, fill, ...a });
const E = (cx, cy, rx, ry, fill, a = {}) => el("ellipse", { cx, cy, rx, ry, fill, ...a });
const P = (d, fill, a = {}) => el("path", { d, fill, ...a });
const SP = (d, stroke, w, a = {}) => el("path", { d, fill: "none", stroke, "stroke-width": w, "stroke-linecap": "round", "stroke-linejoin": "round", ...a });
const L = (x1, y1, x2, y2, stroke, w, a = {}) => el("line", { x1, y1, x2, y2, stroke, "stroke-width": w, "stroke-linecap": "round", ...a });
const PL = (p, stroke, w, a = {}) =>
  el("polyline", { points: pts(p), fill: "none", stroke, "stroke-width": w, "stroke-linecap": "round", "stroke-linejoin": "round", ...a });
const PG = (p, fill, a = {}) => el("polygon", { points: pts(p), fill, ...a });
const G = (a, ...k) => el("g", a, k.join(""));
const T = (x, y, s, fill, txt, a = {}) => el("text", { x, y, "font-family": "system-ui,sans-serif", "font-size": s, fill, ...a }, txt);
const op = (o) => ({ opacity: o });
const svg = (w, h, body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>\n`;

// deterministic pseudo-random numbers
function prng(seed) {
  let s = 0;
  for (const ch of String(seed)) s = (s * 31 + ch.charCodeAt(0)) >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------- components
const shadow = (x, y, w, h, rx, dy = 12) => R(x, y + dy, w, h, rx, navy, op(0.08));
const card = (x, y, w, h, rx = 18, fill = white) => shadow(x, y, w, h, rx) + R(x, y, w, h, rx, fill);
const bar = (x, y, w, h = 12, fill = navy, o = 0.14) => R(x, y, w, h, h / 2, fill, o === 1 ? {} : op(o));
const dots3 = (x, y, r = 6, gap = 20) => O(x, y, r, amber) + O(x + gap, y, r, teal) + O(x + gap * 2, y, r, sky);
function browser(x, y, w, h, head = navy) {
  return card(x, y, w, h, 16) + P(`M${x} ${y + 16}a16 16 0 0 1 16-16h${w - 32}a16 16 0 0 1 16 16v22h${-w}z`, head) + dots3(x + 22, y + 19);
}
function phone(x, y, w, h, body = navy, screen = white) {
  return shadow(x, y, w, h, 30) + R(x, y, w, h, 30, body) + R(x + 10, y + 10, w - 20, h - 20, 22, screen) + R(x + w / 2 - 28, y + 16, 56, 10, 5, body);
}
function gearPath(cx, cy, r, teeth) {
  const p = [];
  const n = teeth * 4;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 - Math.PI / 2 + Math.PI / n;
    const rr = i % 4 < 2 ? r : r * 0.8;
    p.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  return `M${pts(p).replace(/ /g, "L")}Z`;
}
const gear = (cx, cy, r, teeth, fill, hole = slate) => P(gearPath(cx, cy, r, teeth), fill) + O(cx, cy, r * 0.32, hole);
function cube(cx, cy, s, top, left, right) {
  const k = s * 0.866;
  return (
    PG(
      [
        [cx, cy - s],
        [cx + k, cy - s / 2],
        [cx, cy],
        [cx - k, cy - s / 2],
      ],
      top,
    ) +
    PG(
      [
        [cx - k, cy - s / 2],
        [cx, cy],
        [cx, cy + s],
        [cx - k, cy + s / 2],
      ],
      left,
    ) +
    PG(
      [
        [cx, cy],
        [cx + k, cy - s / 2],
        [cx + k, cy + s / 2],
        [cx, cy + s],
      ],
      right,
    )
  );
}
function cylinder(cx, top, rx, ry, h, body, lid, bands = []) {
  return (
    E(cx, top + h, rx, ry, body) +
    R(cx - rx, top, rx * 2, h, 0, body) +
    bands.map((y) => SP(`M${cx - rx} ${top + y}A${rx} ${ry} 0 0 0 ${cx + rx} ${top + y}`, lid, 6, op(0.6))).join("") +
    E(cx, top, rx, ry, lid)
  );
}
// person: x centre, y = centre of head, s = scale
const person = (x, y, s, shirt, head = navy) =>
  P(
    `M${x - 44 * s} ${y + 118 * s}V${y + 82 * s}Q${x - 44 * s} ${y + 36 * s} ${x} ${y + 36 * s}Q${x + 44 * s} ${y + 36 * s} ${x + 44 * s} ${y + 82 * s}V${y + 118 * s}Z`,
    shirt,
  ) + O(x, y, 24 * s, head);
const pin = (x, y, s, fill, inner = white) =>
  P(
    `M${x} ${y}C${x - 8 * s} ${y - 18 * s} ${x - 30 * s} ${y - 34 * s} ${x - 30 * s} ${y - 56 * s}A${30 * s} ${30 * s} 0 1 1 ${x + 30 * s} ${y - 56 * s}C${x + 30 * s} ${y - 34 * s} ${x + 8 * s} ${y - 18 * s} ${x} ${y}Z`,
    fill,
  ) + O(x, y - 56 * s, 11 * s, inner);
const star = (cx, cy, r, fill, a = {}) =>
  PG(
    Array.from({ length: 10 }, (_, i) => {
      const ang = -Math.PI / 2 + (i * Math.PI) / 5;
      const rr = i % 2 ? r * 0.45 : r;
      return [cx + rr * Math.cos(ang), cy + rr * Math.sin(ang)];
    }),
    fill,
    a,
  );
const check = (x, y, s, stroke, w = 8) =>
  PL(
    [
      [x - 10 * s, y],
      [x - 3 * s, y + 8 * s],
      [x + 12 * s, y - 9 * s],
    ],
    stroke,
    w,
  );
const arcStroke = (cx, cy, r, a0, a1, stroke, w, a = {}) => {
  const p = (a) => [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  const [x0, y0] = p(a0);
  const [x1, y1] = p(a1);
  return SP(`M${f(x0)} ${f(y0)}A${r} ${r} 0 ${a1 - a0 > Math.PI ? 1 : 0} 1 ${f(x1)} ${f(y1)}`, stroke, w, a);
};

// shared backdrop for 800x600 scenes
function backdrop(seed, disc = sky) {
  const rnd = prng(seed);
  const spots = [
    [86, 86],
    [714, 86],
    [86, 514],
    [714, 514],
    [70, 300],
    [730, 300],
  ];
  for (let i = spots.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [spots[i], spots[j]] = [spots[j], spots[i]];
  }
  let o = R(0, 0, 800, 600, 0, slate) + O(400, 290, 236, disc, op(0.13));
  const [a, b, c, d] = spots;
  let g = "";
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) g += O(a[0] - 27 + i * 18, a[1] - 27 + j * 18, 3.5);
  o += G({ fill: blue, opacity: 0.3 }, g);
  o += O(b[0], b[1], 16, "none", { stroke: amber, "stroke-width": 6 });
  o += G({ fill: teal, transform: `rotate(${Math.round(rnd() * 40)} ${c[0]} ${c[1]})` }, R(c[0] - 15, c[1] - 4, 30, 8, 4), R(c[0] - 4, c[1] - 15, 8, 30, 4));
  o += O(d[0], d[1], 9, sky);
  o += E(400, 512, 262, 20, navy, op(0.07));
  return o;
}
const scene = (seed, body, disc) => svg(800, 600, backdrop(seed, disc) + body);

// ---------------------------------------------------------------- service scenes (800x600)
const SERVICES = {
  "artificial-intelligence"() {
    let o = G(
      { fill: "none", stroke: navy, "stroke-width": 4, "stroke-linecap": "round", "stroke-linejoin": "round", opacity: 0.25 },
      P("M222 190H178L150 162"),
      P("M222 390H178L150 418"),
      P("M578 190H622L650 162"),
      P("M578 390H622L650 418"),
      P("M350 112V80"),
      P("M450 468V500"),
    );
    o += O(150, 162, 10, teal) + O(150, 418, 10, amber) + O(650, 162, 10, amber) + O(650, 418, 10, teal) + O(350, 74, 8, sky) + O(450, 506, 8, sky);
    for (const x of [300, 350, 400, 450, 500]) o += R(x - 7, 110, 14, 34, 5, sky) + R(x - 7, 436, 14, 34, 5, sky);
    for (const y of [190, 240, 290, 340, 390]) o += R(220, y - 7, 34, 14, 5, sky) + R(546, y - 7, 34, 14, 5, sky);
    o += shadow(250, 140, 300, 300, 36) + R(250, 140, 300, 300, 36, navy) + R(280, 170, 240, 240, 24, blue);
    const l1 = [220, 290, 360].map((y) => [320, y]);
    const l2 = [208, 262, 318, 372].map((y) => [400, y]);
    const l3 = [250, 330].map((y) => [480, y]);
    let ln = "";
    for (const a of l1) for (const b of l2) ln += L(a[0], a[1], b[0], b[1], white, 3);
    for (const b of l2) for (const c of l3) ln += L(b[0], b[1], c[0], c[1], white, 3);
    o += G(op(0.35), ln);
    o += l1.map(([x, y]) => O(x, y, 13, sky)).join("") + l2.map(([x, y]) => O(x, y, 13, white)).join("") + l3.map(([x, y]) => O(x, y, 14, amber)).join("");
    return o;
  },
  "app-development"() {
    let o = G(
      { transform: "rotate(-12 300 320)" },
      phone(200, 150, 170, 330, teal),
      R(226, 200, 56, 56, 14, blue, op(0.8)),
      R(290, 200, 56, 56, 14, amber),
      R(226, 266, 56, 56, 14, sky),
      R(290, 266, 56, 56, 14, navy, op(0.8)),
      bar(226, 340, 120, 12),
      bar(226, 362, 84, 12),
    );
    o += phone(340, 100, 200, 390);
    o += R(362, 132, 156, 74, 14, blue) + O(392, 169, 16, white, op(0.9)) + bar(420, 156, 78, 10, white, 0.9) + bar(420, 174, 54, 10, white, 0.5);
    [
      [sky, 226],
      [teal, 290],
      [amber, 354],
    ].forEach(([c, y]) => {
      o += R(362, y, 156, 52, 12, slate) + O(388, y + 26, 13, c) + bar(410, y + 15, 88, 9) + bar(410, y + 31, 56, 8, navy, 0.08);
    });
    o += R(362, 426, 156, 34, 12, slate) + [392, 440, 488].map((x, i) => O(x, 443, 7, i ? navy : blue, op(i ? 0.25 : 1))).join("");
    o += card(520, 168, 170, 70, 16) + O(556, 203, 18, amber) + bar(584, 190, 86, 10) + bar(584, 208, 56, 9, navy, 0.08);
    o += card(560, 330, 110, 96, 16) + star(592, 366, 14, amber) + star(632, 366, 14, amber) + bar(580, 394, 70, 10, teal, 0.8);
    return o;
  },
  "web-development"() {
    let o = browser(170, 110, 460, 330);
    o += bar(202, 186, 176, 20, navy, 0.9) + bar(202, 218, 150, 12) + bar(202, 240, 120, 12) + R(202, 268, 108, 36, 18, amber);
    o +=
      R(412, 176, 188, 130, 14, sky) +
      O(560, 206, 16, amber) +
      PG(
        [
          [412, 306],
          [472, 232],
          [532, 306],
        ],
        teal,
      ) +
      PG(
        [
          [486, 306],
          [540, 250],
          [600, 306],
        ],
        blue,
      );
    o += [202, 342, 482].map((x, i) => R(x, 334, 118, 80, 12, slate) + R(x + 16, 350, 28, 28, 8, [blue, teal, amber][i]) + bar(x + 16, 390, 80, 9)).join("");
    o +=
      O(612, 446, 56, blue) +
      G(
        { fill: "none", stroke: white, "stroke-width": 9, "stroke-linecap": "round", "stroke-linejoin": "round" },
        P("M592 428l-18 18 18 18"),
        P("M632 428l18 18-18 18"),
        P("M620 424l-16 44"),
      );
    return o;
  },
  uiux() {
    let o = card(190, 110, 340, 370, 18);
    o += R(216, 136, 288, 130, 12, slate) + G({ stroke: navy, "stroke-width": 3, opacity: 0.15 }, L(216, 136, 504, 266), L(504, 136, 216, 266));
    o +=
      bar(216, 288, 200, 18, navy, 0.85) +
      bar(216, 318, 260, 11) +
      bar(216, 338, 230, 11) +
      R(216, 370, 120, 40, 20, blue) +
      R(350, 370, 120, 40, 20, "none", { stroke: blue, "stroke-width": 4 });
    o += card(560, 130, 92, 270, 18) + [blue, sky, teal, amber].map((c, i) => O(606, 172 + i * 62, 22, c)).join("");
    o += SP("M150 470C250 350 420 560 640 440", navy, 5, op(0.7)) + L(150, 470, 230, 400, navy, 3, op(0.4)) + L(640, 440, 700, 400, navy, 3, op(0.4));
    o +=
      R(140, 460, 20, 20, 4, white, { stroke: blue, "stroke-width": 4 }) +
      R(630, 430, 20, 20, 4, white, { stroke: blue, "stroke-width": 4 }) +
      O(230, 400, 8, amber) +
      O(700, 400, 8, amber);
    o += P("M440 196l0 76 20-18 14 30 14-6-14-30 26-2z", navy, { stroke: white, "stroke-width": 4, "stroke-linejoin": "round" });
    return o;
  },
  "ml-solutions"() {
    let o = card(160, 100, 440, 340, 20);
    o += PL(
      [
        [196, 130],
        [196, 404],
        [570, 404],
      ],
      navy,
      4,
      op(0.3),
    );
    const rnd = prng("ml");
    for (let i = 0; i < 16; i++) o += O(222 + rnd() * 140, 240 + rnd() * 140, 9, blue);
    for (let i = 0; i < 16; i++) o += O(390 + rnd() * 160, 140 + rnd() * 130, 9, amber);
    o += SP("M210 160C330 200 300 330 560 386", teal, 8) + SP("M220 150C340 190 310 320 570 376", teal, 4, { opacity: 0.3, "stroke-dasharray": "4 12" });
    const plate = (cx, cy, top) =>
      PG(
        [
          [cx - 62, cy],
          [cx, cy + 36],
          [cx, cy + 50],
          [cx - 62, cy + 14],
        ],
        blue,
      ) +
      PG(
        [
          [cx, cy + 36],
          [cx + 62, cy],
          [cx + 62, cy + 14],
          [cx, cy + 50],
        ],
        navy,
      ) +
      PG(
        [
          [cx, cy - 36],
          [cx + 62, cy],
          [cx, cy + 36],
          [cx - 62, cy],
        ],
        top,
      );
    o += plate(650, 430, blue) + plate(650, 376, teal) + plate(650, 322, sky) + O(650, 322, 10, white, op(0.8));
    return o;
  },
  "custom-software"() {
    let o = shadow(160, 110, 390, 320, 18) + R(160, 110, 390, 320, 18, navy) + dots3(186, 136) + R(160, 158, 390, 2, 0, white, op(0.1));
    const rnd = prng("code");
    const cols = [sky, teal, amber, white, white, sky];
    for (let i = 0; i < 10; i++) {
      const y = 184 + i * 24;
      const ind = [0, 1, 2, 2, 1, 2, 3, 2, 1, 0][i] * 22;
      let x = 220 + ind;
      o += R(184, y, 14, 8, 4, white, op(0.2));
      const n = 1 + Math.floor(rnd() * 3);
      for (let k = 0; k < n; k++) {
        const w = 28 + rnd() * 70;
        const c = cols[Math.floor(rnd() * cols.length)];
        o += R(x, y, w, 9, 4.5, c, op(c === white ? 0.45 : 0.9));
        x += w + 10;
        if (x > 500) break;
      }
    }
    o += gear(590, 410, 82, 10, blue) + gear(676, 300, 50, 8, amber) + gear(560, 250, 34, 7, teal);
    return o;
  },
  "data-analytics"() {
    let o = card(150, 96, 480, 344, 20);
    [
      [blue, 120],
      [teal, 96],
      [amber, 140],
    ].forEach(([c, w], i) => {
      const x = 176 + i * 148;
      o += R(x, 122, 132, 66, 12, slate) + bar(x + 16, 138, 60, 10) + R(x + 16, 158, w * 0.8, 14, 7, c);
    });
    o += PL(
      [
        [176, 410],
        [404, 410],
      ],
      navy,
      3,
      op(0.2),
    );
    [110, 160, 90, 190, 140, 176].forEach((h, i) => {
      o += R(186 + i * 36, 404 - h, 24, h, 6, i % 2 ? sky : blue);
    });
    o +=
      PL(
        [
          [198, 284],
          [234, 254],
          [270, 290],
          [306, 226],
          [342, 250],
          [378, 216],
        ],
        amber,
        6,
      ) + O(378, 216, 9, amber);
    const C2 = 2 * Math.PI * 62;
    o +=
      O(520, 312, 62, "none", { stroke: blue, "stroke-width": 26 }) +
      O(520, 312, 62, "none", { stroke: teal, "stroke-width": 26, "stroke-dasharray": `${f(C2 * 0.32)} ${f(C2)}`, transform: "rotate(-90 520 312)" }) +
      O(520, 312, 62, "none", {
        stroke: amber,
        "stroke-width": 26,
        "stroke-dasharray": `0 ${f(C2 * 0.32)} ${f(C2 * 0.22)} ${f(C2)}`,
        transform: "rotate(-90 520 312)",
      });
    o += O(640, 420, 52, white, op(0.55)) + O(640, 420, 52, "none", { stroke: navy, "stroke-width": 14 }) + L(678, 458, 716, 496, navy, 22);
    return o;
  },
  "iot-development"() {
    let o = G(
      { stroke: navy, "stroke-width": 4, "stroke-dasharray": "2 14", "stroke-linecap": "round", opacity: 0.35 },
      L(400, 300, 240, 170),
      L(400, 300, 560, 170),
      L(400, 300, 240, 430),
      L(400, 300, 560, 430),
    );
    const tile = (x, y) => shadow(x - 62, y - 62, 124, 124, 62, 10) + O(x, y, 62, white);
    o += tile(240, 170) + O(240, 160, 30, amber) + R(226, 186, 28, 22, 6, navy) + L(232, 198, 248, 198, white, 3, op(0.5));
    o +=
      tile(560, 170) +
      O(560, 170, 36, "none", { stroke: teal, "stroke-width": 10 }) +
      O(560, 170, 36, "none", { stroke: slate, "stroke-width": 10, "stroke-dasharray": "50 400", transform: "rotate(20 560 170)" }) +
      L(560, 170, 574, 150, navy, 6) +
      O(560, 170, 6, navy);
    o +=
      tile(240, 430) +
      R(200, 410, 66, 42, 10, navy) +
      O(233, 431, 13, sky) +
      O(233, 431, 5, navy) +
      PG(
        [
          [266, 420],
          [286, 410],
          [286, 452],
          [266, 442],
        ],
        blue,
      );
    o +=
      tile(560, 430) +
      R(540, 384, 40, 92, 12, blue, op(0.5)) +
      R(530, 402, 60, 56, 16, navy) +
      R(538, 410, 44, 40, 10, sky) +
      PL(
        [
          [546, 432],
          [554, 432],
          [560, 420],
          [566, 440],
          [574, 430],
        ],
        white,
        3,
      );
    o += O(400, 300, 84, blue, op(0.2)) + O(400, 300, 66, blue);
    o += arcStroke(400, 318, 48, -2.4, -0.74, white, 9) + arcStroke(400, 318, 30, -2.4, -0.74, white, 9) + O(400, 318, 8, white);
    return o;
  },
  rpa() {
    let o =
      SP("M400 170A150 150 0 1 1 260 360", teal, 6, { "stroke-dasharray": "14 14", opacity: 0.6 }) +
      PG(
        [
          [250, 348],
          [276, 352],
          [262, 376],
        ],
        teal,
      );
    for (let i = 2; i >= 0; i--) {
      const x = 150 + i * 14;
      const y = 210 - i * 14;
      o +=
        card(x, y, 104, 136, 12) +
        bar(x + 16, y + 26, 56, 10, blue, 0.7) +
        bar(x + 16, y + 48, 70, 8) +
        bar(x + 16, y + 66, 64, 8) +
        bar(x + 16, y + 84, 44, 8);
    }
    o += G(
      { fill: sky },
      PG([
        [292, 292],
        [308, 280],
        [308, 304],
      ]),
      PG([
        [498, 292],
        [482, 280],
        [482, 304],
      ]),
    );
    o += L(400, 190, 400, 226, navy, 6) + O(400, 182, 14, amber);
    o +=
      shadow(326, 224, 148, 118, 30) +
      R(326, 224, 148, 118, 30, blue) +
      R(346, 248, 108, 62, 20, navy) +
      O(376, 279, 12, sky) +
      O(424, 279, 12, sky) +
      R(380, 320, 40, 8, 4, white, op(0.6));
    o += R(312, 266, 14, 36, 7, navy) + R(474, 266, 14, 36, 7, navy);
    o += R(344, 352, 112, 84, 22, navy) + O(400, 394, 16, amber) + R(360, 436, 24, 30, 8, navy) + R(416, 436, 24, 30, 8, navy);
    o +=
      card(520, 190, 130, 170, 14) +
      [0, 1, 2]
        .map(
          (i) => R(540, 214 + i * 46, 28, 28, 8, i < 2 ? teal : slate) + (i < 2 ? check(554, 228 + i * 46, 0.8, white, 5) : "") + bar(580, 224 + i * 46, 52, 9),
        )
        .join("");
    return o;
  },
  "ar-vr"() {
    let o = G(
      { fill: "none", stroke: teal, "stroke-width": 5, "stroke-linejoin": "round" },
      PG(
        [
          [400, 90],
          [456, 120],
          [400, 150],
          [344, 120],
        ],
        "none",
      ),
      P("M344 120v62l56 30 56-30v-62M400 150v62"),
    );
    o +=
      O(206, 170, 28, amber) +
      PG(
        [
          [610, 140],
          [650, 206],
          [570, 206],
        ],
        sky,
      ) +
      R(600, 250, 44, 44, 8, blue, { transform: "rotate(20 622 272)" }) +
      O(170, 300, 12, teal);
    o += SP("M232 318C190 318 182 380 214 420", navy, 22) + SP("M568 318C610 318 618 380 586 420", navy, 22);
    o += shadow(222, 250, 356, 180, 70) + R(222, 250, 356, 180, 70, navy) + R(244, 268, 312, 144, 56, blue);
    o +=
      R(264, 288, 118, 104, 44, sky, op(0.85)) +
      R(418, 288, 118, 104, 44, sky, op(0.85)) +
      P("M382 350q18-26 36 0", "none", { stroke: navy, "stroke-width": 14 });
    o += R(284, 304, 40, 14, 7, white, op(0.7)) + R(438, 304, 40, 14, 7, white, op(0.7)) + R(350, 230, 100, 24, 10, navy);
    o +=
      PL(
        [
          [250, 470],
          [310, 470],
        ],
        sky,
        6,
      ) +
      PL(
        [
          [330, 470],
          [470, 470],
        ],
        teal,
        6,
        op(0.6),
      ) +
      PL(
        [
          [490, 470],
          [550, 470],
        ],
        amber,
        6,
      );
    return o;
  },
  "game-development"() {
    let o = "";
    [
      [170, 150],
      [202, 150],
      [234, 150],
      [202, 118],
    ].forEach(([x, y]) => {
      o += R(x, y, 30, 30, 4, teal);
    });
    o += star(600, 140, 36, amber) + O(660, 220, 18, amber) + O(660, 220, 9, white, op(0.5)) + O(140, 260, 14, amber) + O(180, 236, 14, amber, op(0.7));
    for (const [x, y] of [
      [560, 210],
      [592, 210],
      [592, 178],
    ])
      o += R(x, y, 28, 28, 4, sky);
    const pad = "M260 250Q260 214 300 214H500Q540 214 546 250L580 382Q592 440 544 446Q512 450 492 414L476 386H324L308 414Q288 450 256 446Q208 440 220 382Z";
    o += P(pad, navy, { transform: "translate(0 12)", opacity: 0.08 }) + P(pad, navy);
    o += R(296, 272, 24, 72, 6, sky) + R(272, 296, 72, 24, 6, sky);
    o += O(500, 270, 14, amber) + O(530, 300, 14, teal) + O(470, 300, 14, sky) + O(500, 330, 14, white);
    o += R(370, 262, 24, 12, 6, white, op(0.4)) + R(406, 262, 24, 12, 6, white, op(0.4)) + O(356, 368, 22, blue) + O(444, 368, 22, blue);
    return o;
  },
  "robotic-automation"() {
    let o = gear(210, 170, 56, 10, sky) + gear(290, 118, 32, 8, teal);
    o += R(430, 434, 290, 34, 17, navy) + [452, 500, 548, 596, 644, 692].map((x) => O(x, 451, 8, slate, op(0.5))).join("");
    o += R(600, 372, 60, 60, 8, amber) + R(612, 398, 36, 6, 3, navy, op(0.25)) + R(460, 374, 58, 58, 8, teal) + R(470, 400, 38, 6, 3, navy, op(0.25));
    o += R(210, 452, 180, 34, 10, navy) + R(262, 398, 76, 60, 14, blue);
    o += L(300, 392, 360, 244, blue, 46) + O(300, 394, 28, navy) + O(300, 394, 10, sky);
    o += L(360, 244, 488, 250, sky, 36) + O(360, 244, 26, navy) + O(360, 244, 9, sky);
    o += O(488, 250, 19, navy) + R(478, 250, 20, 58, 6, navy) + P("M460 304h56v12l-10 34h-10l6-30h-28l6 30h-10l-10-34z", amber);
    return o;
  },
  blockchain() {
    let o = "";
    const link = (x, y, rot) =>
      G(
        { transform: `rotate(${rot} ${x} ${y})`, fill: "none", "stroke-width": 9 },
        R(x - 42, y - 14, 52, 28, 14, undefined, { stroke: navy }),
        R(x - 10, y - 14, 52, 28, 14, undefined, { stroke: amber }),
      );
    const cubes = [
      [200, 320, sky],
      [400, 244, white],
      [600, 320, amber],
    ];
    o += cubes.map(([cx, cy, top], i) => cube(cx, cy, 82, top, i === 1 ? teal : blue, navy)).join("");
    for (const [cx, cy] of cubes)
      o +=
        G(
          { stroke: white, "stroke-width": 6, "stroke-linecap": "round", opacity: 0.5 },
          L(cx + 16, cy + 14, cx + 54, cy - 6),
          L(cx + 16, cy + 32, cx + 42, cy + 18),
        ) + O(cx - 36, cy + 26, 8, white, op(0.55));
    o += link(300, 290, -20) + link(500, 290, 20);
    return o;
  },
  chatbots() {
    let o =
      O(204, 196, 46, teal) +
      R(180, 184, 48, 28, 12, navy) +
      O(194, 198, 5, sky) +
      O(214, 198, 5, sky) +
      L(204, 150, 204, 136, navy, 5) +
      O(204, 132, 7, amber);
    o += shadow(268, 136, 300, 112, 26) + P("M294 136h248a26 26 0 0 1 26 26v60a26 26 0 0 1-26 26H294l-26 14v-74a26 26 0 0 1 26-26z", white);
    o += bar(296, 166, 220, 14, navy, 0.8) + bar(296, 192, 246, 12) + bar(296, 214, 160, 12);
    o += O(628, 334, 38, amber) + O(628, 322, 13, navy) + P("M606 356q22-24 44 0", navy);
    o += shadow(292, 284, 280, 96, 26) + P("M318 284h228a26 26 0 0 1 26 26v30l18 20-18 0a26 26 0 0 1-26 20H318a26 26 0 0 1-26-26v-44a26 26 0 0 1 26-26z", blue);
    o += bar(320, 312, 200, 13, white, 0.9) + bar(320, 338, 140, 12, white, 0.5);
    o += shadow(268, 412, 150, 64, 26) + R(268, 412, 150, 64, 26, white) + O(310, 444, 8, sky) + O(343, 444, 8, sky, op(0.7)) + O(376, 444, 8, sky, op(0.4));
    return o;
  },
  devOps() {
    const left = "M400 300C350 208 176 196 170 300C176 404 350 392 400 300";
    const right = "M400 300C450 208 624 196 630 300C624 404 450 392 400 300";
    let o = SP(left, blue, 44) + SP(right, teal, 44) + SP("M400 300C384 272 372 254 356 240", blue, 44, { "stroke-linecap": "butt" });
    o += G({ fill: "none", stroke: white, "stroke-width": 3, "stroke-dasharray": "10 14", opacity: 0.6 }, P(left), P(right));
    o +=
      PG(
        [
          [276, 222],
          [300, 236],
          [276, 250],
        ],
        amber,
      ) +
      PG(
        [
          [524, 378],
          [500, 364],
          [524, 350],
        ],
        amber,
      );
    const node = (x, y, c) => shadow(x - 32, y - 32, 64, 64, 32, 8) + O(x, y, 32, white) + O(x, y, 13, c);
    o += node(210, 300, amber) + node(590, 300, blue) + node(400, 300, navy);
    o += [0, 1, 2, 3, 4]
      .map((i) => R(226 + i * 72, 456, 56, 34, 10, i < 4 ? navy : amber, op(i < 4 ? 0.85 : 1)) + (i < 4 ? check(254 + i * 72, 471, 0.6, teal, 5) : ""))
      .join("");
    return o;
  },
  "computer-vision-solutions"() {
    let o = shadow(150, 106, 450, 320, 20) + R(150, 106, 450, 320, 20, navy);
    o += G(
      { fill: "none", stroke: white, "stroke-width": 5, "stroke-linecap": "round", opacity: 0.5 },
      P("M172 156v-26h26M578 156v-26h-26M172 376v26h26M578 376v26h-26"),
    );
    o += R(150, 360, 450, 66, 0, blue, op(0.25)) + R(150, 404, 450, 22, 0, navy) + R(150, 410, 450, 16, 0, blue, op(0.25));
    o +=
      P("M214 352v-26q0-12 12-16l20-24q8-10 22-10h60q14 0 22 10l22 24q14 4 14 16v26z", sky) +
      O(248, 354, 16, navy) +
      O(342, 354, 16, navy) +
      P("M260 286h30v24h-46z", white, op(0.5)) +
      P("M300 286h28l16 24h-44z", white, op(0.5));
    o += O(436, 232, 20, teal) + P("M408 356v-70q0-22 28-22 28 0 28 22v70z", teal);
    o += R(500, 300, 62, 54, 6, amber);
    const box = (x, y, w, h, c) => R(x, y, w, h, 6, "none", { stroke: c, "stroke-width": 5 }) + R(x - 2.5, y - 20, 46, 20, 4, c);
    o += box(200, 262, 192, 108, amber) + box(396, 196, 80, 174, sky) + box(488, 282, 86, 88, teal);
    o += shadow(576, 400, 108, 108, 54) + O(630, 454, 54, blue) + O(630, 454, 34, navy) + O(630, 454, 18, sky) + O(620, 444, 6, white);
    return o;
  },
  nlp() {
    let o = [8, 26, 46, 70, 40, 86, 56, 30, 60, 20].map((h, i) => R(150 + i * 14, 300 - h / 2, 8, h, 4, i % 3 ? blue : sky)).join("");
    o += SP("M300 300H330", navy, 4, { "stroke-dasharray": "2 10", opacity: 0.4 });
    o +=
      shadow(336, 130, 320, 230, 30) +
      P("M366 130h260a30 30 0 0 1 30 30v170a30 30 0 0 1-30 30H420l-44 38v-38h-10a30 30 0 0 1-30-30V160a30 30 0 0 1 30-30z", white);
    const rows = [
      [
        [60, 0],
        [92, teal],
        [50, 0],
      ],
      [
        [76, 0],
        [44, 0],
        [86, amber],
      ],
      [
        [100, blue],
        [64, 0],
        [40, 0],
      ],
      [
        [54, 0],
        [120, 0],
      ],
    ];
    rows.forEach((row, r) => {
      let x = 366;
      row.forEach(([w, c]) => {
        o += c ? R(x - 4, 164 + r * 44, w + 8, 28, 8, c, op(0.25)) + R(x, 172 + r * 44, w, 12, 6, c) : bar(x, 172 + r * 44, w, 12, navy, 0.18);
        x += w + 16;
      });
    });
    o +=
      shadow(470, 398, 190, 76, 22) +
      R(470, 398, 190, 76, 22, blue) +
      bar(496, 420, 80, 12, white, 0.9) +
      bar(496, 442, 120, 10, white, 0.5) +
      O(626, 426, 12, amber);
    o +=
      PL(
        [
          [440, 438],
          [458, 438],
        ],
        navy,
        4,
        op(0.4),
      ) +
      PG(
        [
          [456, 430],
          [466, 438],
          [456, 446],
        ],
        navy,
        op(0.4),
      );
    return o;
  },
  "data-science"() {
    let o = card(280, 100, 360, 350, 20);
    o += R(300, 122, 6, 74, 3, blue) + bar(318, 128, 110, 11, blue, 0.6) + bar(318, 150, 190, 11) + bar(338, 172, 150, 11);
    o +=
      R(300, 212, 6, 104, 3, teal) +
      PL(
        [
          [318, 304],
          [612, 304],
        ],
        navy,
        3,
        op(0.2),
      );
    [20, 38, 62, 84, 90, 70, 48, 28, 14].forEach((h, i) => {
      o += R(326 + i * 30, 302 - h, 24, h, 5, i === 4 ? blue : sky);
    });
    o += R(300, 332, 6, 100, 3, amber);
    const rnd = prng("ds");
    for (let i = 0; i < 18; i++) {
      const x = 330 + i * 15 + rnd() * 10;
      o += O(x, 420 - (x - 330) * 0.28 - rnd() * 36, 5, navy, op(0.45));
    }
    o += L(324, 424, 612, 344, amber, 5);
    o += P("M200 250h60v10h-6v64l60 112q8 18-12 18H158q-20 0-12-18l60-112v-64h-6z", white, { stroke: navy, "stroke-width": 6, "stroke-linejoin": "round" });
    o +=
      P("M175 380h110l28 52q4 10-8 10H155q-12 0-8-10z", teal) +
      O(210, 410, 9, white, op(0.6)) +
      O(246, 396, 6, white, op(0.6)) +
      O(232, 352, 8, teal, op(0.6)) +
      O(244, 318, 6, teal, op(0.4));
    return o;
  },
  "big-data-solutions"() {
    let o = "";
    const rnd = prng("bd");
    [
      [180, sky],
      [250, teal],
      [320, amber],
    ].forEach(([y, c], k) => {
      o += SP(`M120 ${y}C220 ${y} 220 ${220 + k * 40} 300 ${240 + k * 40}`, c, 6, op(0.35));
      for (let i = 0; i < 5; i++) {
        const t = i / 5 + rnd() * 0.06;
        const x = 120 + t * 180;
        const yy = y + (240 + k * 40 - y) * (3 * t * t - 2 * t * t * t);
        o += O(x, yy, 7 + (i % 2) * 3, c);
      }
    });
    o += cylinder(400, 170, 100, 30, 260, blue, sky, [90, 175]);
    o += SP("M500 280C540 280 540 230 580 230", navy, 5, op(0.3)) + SP("M500 360C540 360 540 390 580 390", navy, 5, op(0.3));
    o += cylinder(620, 190, 46, 15, 84, teal, sky, [42]) + cylinder(620, 352, 46, 15, 84, navy, blue, [42]);
    return o;
  },
  "cloud-services"() {
    let o = G(
      { stroke: blue, "stroke-width": 5, "stroke-dasharray": "4 12", "stroke-linecap": "round" },
      L(290, 296, 250, 380),
      L(400, 300, 400, 380),
      L(510, 296, 550, 380),
    );
    const cl = G({}, O(318, 232, 62, white), O(404, 188, 88, white), O(494, 226, 66, white), R(256, 220, 300, 82, 41, white));
    o +=
      G({ transform: "translate(0 12)", opacity: 0.08 }, O(318, 232, 62, navy), O(404, 188, 88, navy), O(494, 226, 66, navy), R(256, 220, 300, 82, 41, navy)) +
      cl;
    o +=
      L(400, 250, 400, 172, blue, 16) +
      PL(
        [
          [366, 200],
          [400, 164],
          [434, 200],
        ],
        blue,
        16,
      );
    const server = (x) =>
      shadow(x, 380, 140, 110, 16) +
      R(x, 380, 140, 110, 16, navy) +
      [0, 1]
        .map(
          (i) =>
            R(x + 14, 396 + i * 46, 112, 32, 8, white, op(0.1)) + O(x + 32, 412 + i * 46, 6, i ? amber : teal) + bar(x + 50, 407 + i * 46, 60, 10, white, 0.3),
        )
        .join("");
    o += server(180) + server(330) + server(480);
    return o;
  },
  "cyber-security"() {
    let o = O(400, 300, 210, "none", { stroke: sky, "stroke-width": 6, "stroke-dasharray": "24 18", opacity: 0.7 });
    const sh = "M400 100L566 162V290C566 396 488 460 400 494C312 460 234 396 234 290V162Z";
    o += P(sh, navy, { transform: "translate(0 12)", opacity: 0.08 }) + P(sh, blue) + P("M400 100L566 162V290C566 396 488 460 400 494Z", navy, op(0.18));
    o += P("M400 136L532 186V290C532 376 472 428 400 456C328 428 268 376 268 290V186Z", "none", { stroke: white, "stroke-width": 4, opacity: 0.3 });
    o += SP("M360 292V258a40 40 0 0 1 80 0v34", white, 16) + R(340, 284, 120, 96, 16, amber) + O(400, 322, 13, navy) + R(395, 326, 10, 30, 5, navy);
    o += shadow(586, 176, 64, 64, 32, 8) + O(618, 208, 32, teal) + check(618, 208, 1, white, 7);
    o +=
      shadow(146, 360, 64, 64, 32, 8) +
      O(178, 392, 32, white) +
      PG(
        [
          [178, 372],
          [198, 406],
          [158, 406],
        ],
        amber,
      ) +
      R(176, 382, 4, 12, 2, navy) +
      O(178, 400, 2.5, navy);
    return o;
  },
  "it-infrastructures"() {
    let o = "";
    const rack = (x, hh) =>
      shadow(x, 490 - hh, 104, hh, 12) +
      R(x, 490 - hh, 104, hh, 12, navy) +
      G(
        { fill: white, opacity: 0.1 },
        ...Array.from(
          { length: Math.floor((hh - 24) / 48) },
          (_, i) => R(x + 12, 502 - hh + i * 48, 80, 34, 6) + R(x + 42, 515 - hh + i * 48, 38, 8, 4, undefined, op(0.9)),
        ),
      ) +
      Array.from({ length: Math.floor((hh - 24) / 48) }, (_, i) => O(x + 28, 519 - hh + i * 48, 5, [teal, amber, sky][(i + x) % 3])).join("");
    o += rack(170, 320) + rack(290, 280) + rack(410, 320);
    o += SP("M222 170C222 120 600 120 600 260", sky, 6) + SP("M342 210C342 160 620 160 620 260", teal, 6) + SP("M462 170C462 140 640 140 640 260", amber, 6);
    o +=
      shadow(560, 260, 120, 70, 16) +
      R(560, 260, 120, 70, 16, blue) +
      [0, 1, 2, 3].map((i) => O(582 + i * 24, 296, 5, i === 3 ? amber : white, op(i === 3 ? 1 : 0.8))).join("");
    o += L(580, 260, 570, 214, blue, 8) + L(660, 260, 670, 214, blue, 8);
    o += SP("M620 330V420H540", blue, 6, op(0.4)) + card(604, 400, 96, 72, 12) + R(616, 412, 72, 44, 6, sky) + R(636, 476, 32, 10, 4, navy, op(0.3));
    return o;
  },
};

// ---------------------------------------------------------------- icons (64x64)
const icon = (...body) => svg(64, 64, G({ fill: "none", stroke: blue, "stroke-width": 3.5, "stroke-linecap": "round", "stroke-linejoin": "round" }, ...body));
const F = (c, o) => ({ fill: c, stroke: "none", ...(o ? op(o) : {}) });
const ICONS = {
  "artificial-intelligence": () =>
    icon(
      R(16, 16, 32, 32, 6),
      R(25, 25, 14, 14, 3, amber, { stroke: "none" }),
      ...[24, 32, 40].flatMap((v) => [L(v, 8, v, 16), L(v, 48, v, 56), L(8, v, 16, v), L(48, v, 56, v)]),
    ),
  "app-development": () => icon(R(24, 22, 16, 16, 3, sky, F(sky, 0.45)), R(18, 6, 28, 52, 7), L(28, 13, 36, 13), O(32, 49, 3.5, teal, F(teal))),
  "web-development": () =>
    icon(
      R(6, 10, 52, 44, 6),
      L(6, 22, 58, 22),
      O(13, 16, 2, blue, F(blue)),
      O(20, 16, 2, blue, F(blue)),
      G(
        { stroke: amber },
        PL([
          [24, 31],
          [18, 38],
          [24, 45],
        ]),
        PL([
          [40, 31],
          [46, 38],
          [40, 45],
        ]),
        L(35, 29, 29, 47),
      ),
    ),
  uiux: () =>
    icon(
      SP("M8 52C16 30 48 30 56 52", blue, 3.5),
      L(8, 52, 14, 36, navy, 2, op(0.4)),
      L(56, 52, 50, 36, navy, 2, op(0.4)),
      R(4, 48, 8, 8, 2, white),
      R(52, 48, 8, 8, 2, white),
      P("M32 6l9 13-9 15-9-15z", amber, { stroke: "none" }),
      L(32, 20, 32, 28, white, 2.5),
    ),
  "ml-solutions": () =>
    icon(
      PL([
        [8, 8],
        [8, 56],
        [56, 56],
      ]),
      ...[
        [18, 40],
        [23, 47],
        [28, 38],
        [16, 30],
      ].map(([x, y]) => O(x, y, 3, blue, F(blue))),
      ...[
        [40, 18],
        [47, 25],
        [51, 14],
        [38, 28],
      ].map(([x, y]) => O(x, y, 3, amber, F(amber))),
      SP("M14 12C30 22 32 40 56 46", teal, 3.5),
    ),
  "custom-software": () => icon(P(gearPath(32, 32, 24, 8)), O(32, 32, 8, amber, F(amber))),
  "data-analytics": () =>
    icon(
      L(6, 57, 58, 57),
      R(10, 36, 9, 18, 2, sky, F(sky, 0.5)),
      R(27, 26, 9, 28, 2),
      R(44, 32, 9, 22, 2, sky, F(sky, 0.5)),
      PL(
        [
          [8, 24],
          [22, 14],
          [34, 20],
          [56, 6],
        ],
        amber,
      ),
    ),
  "iot-development": () =>
    icon(O(32, 44, 6, teal, F(teal)), arcStroke(32, 44, 16, -2.4, -0.74, blue, 3.5), arcStroke(32, 44, 27, -2.4, -0.74, blue, 3.5), L(32, 50, 32, 58)),
  rpa: () =>
    icon(
      R(12, 20, 40, 30, 8),
      O(24, 35, 4, amber, F(amber)),
      O(40, 35, 4, amber, F(amber)),
      L(32, 20, 32, 12),
      O(32, 9, 3.5, teal, F(teal)),
      L(6, 30, 6, 40),
      L(58, 30, 58, 40),
      L(26, 58, 38, 58),
    ),
  "ar-vr": () =>
    icon(
      R(6, 20, 52, 28, 12),
      R(13, 27, 15, 14, 5, sky, F(sky, 0.5)),
      R(36, 27, 15, 14, 5, sky, F(sky, 0.5)),
      SP("M28 48q4-6 8 0", blue, 3.5),
      L(20, 20, 24, 12, amber),
      L(44, 20, 40, 12, amber),
    ),
  "game-development": () =>
    icon(
      P("M18 18h28q8 0 10 8l4 18q2 10-7 10-5 0-8-6l-3-4H22l-3 4q-3 6-8 6-9 0-7-10l4-18q2-8 10-8z"),
      L(18, 28, 18, 38),
      L(13, 33, 23, 33),
      O(44, 29, 3, amber, F(amber)),
      O(50, 36, 3, teal, F(teal)),
    ),
  "robotic-automation": () =>
    icon(R(10, 48, 26, 8, 3), L(23, 48, 28, 28), L(28, 28, 46, 22), O(28, 28, 5, teal, F(teal)), P("M46 14v16M46 14h9M46 30h9"), O(23, 46, 3, amber, F(amber))),
  blockchain: () =>
    icon(R(6, 8, 18, 18, 4), R(40, 8, 18, 18, 4), R(23, 38, 18, 18, 4, amber, F(amber)), L(24, 17, 40, 17), L(15, 26, 24, 38), L(49, 26, 40, 38)),
  chatbots: () =>
    icon(
      P("M8 8h30a4 4 0 0 1 4 4v14a4 4 0 0 1-4 4H20l-8 7v-7H8a4 4 0 0 1-4-4V12a4 4 0 0 1 4-4z"),
      P("M26 28h30a4 4 0 0 1 4 4v13a4 4 0 0 1-4 4h-3v8l-9-8H26a4 4 0 0 1-4-4V32a4 4 0 0 1 4-4z", teal, { stroke: "none" }),
      ...[33, 41, 49].map((x) => O(x, 39, 2.4, white, F(white))),
    ),
  devOps: () =>
    icon(
      SP("M32 32C25 14 4 14 4 32S25 50 32 32", blue, 4.5),
      SP("M32 32C39 14 60 14 60 32S39 50 32 32", teal, 4.5),
      PG(
        [
          [15, 14],
          [24, 18.5],
          [15, 23],
        ],
        amber,
        { stroke: "none" },
      ),
      PG(
        [
          [49, 41],
          [40, 45.5],
          [49, 50],
        ],
        amber,
        { stroke: "none" },
      ),
    ),
  "computer-vision-solutions": () =>
    icon(
      P("M8 32Q32 10 56 32Q32 54 8 32Z"),
      O(32, 32, 9, blue, F(blue)),
      O(32, 32, 3.5, white, F(white)),
      G({ stroke: amber }, P("M4 14V5h9M60 14V5h-9M4 50v9h9M60 50v9h-9")),
    ),
  nlp: () =>
    icon(
      P("M10 8h44a4 4 0 0 1 4 4v28a4 4 0 0 1-4 4H28l-12 10V44h-6a4 4 0 0 1-4-4V12a4 4 0 0 1 4-4z"),
      L(16, 19, 30, 19),
      R(35, 15.5, 14, 7, 3.5, amber, F(amber)),
      L(16, 32, 22, 32),
      R(27, 28.5, 22, 7, 3.5, teal, F(teal)),
    ),
  "data-science": () =>
    icon(
      P("M17 42h30l6 10q2 5-3 5H14q-5 0-3-5z", teal, F(teal)),
      P("M24 6h16M27 6v16L12 50q-2 7 4 7h32q6 0 4-7L37 22V6"),
      O(30, 32, 2.8, amber, F(amber)),
      O(35, 26, 2, amber, F(amber)),
    ),
  "big-data-solutions": () =>
    icon(
      E(32, 13, 20, 7, sky, F(sky, 0.45)),
      E(32, 13, 20, 7),
      L(12, 13, 12, 51),
      L(52, 13, 52, 51),
      P("M12 51a20 7 0 0 0 40 0M12 26a20 7 0 0 0 40 0M12 38.5a20 7 0 0 0 40 0"),
      O(44, 45, 2.4, amber, F(amber)),
    ),
  "cloud-services": () =>
    icon(
      P("M18 48h30a11 11 0 0 0 1-22 15 15 0 0 0-29-3A12 12 0 0 0 18 48z"),
      G(
        { stroke: amber },
        L(33, 42, 33, 28),
        PL([
          [27, 33],
          [33, 27],
          [39, 33],
        ]),
      ),
    ),
  "cyber-security": () =>
    icon(
      P("M32 6L52 13V30C52 44 43 53 32 58C21 53 12 44 12 30V13Z"),
      PL(
        [
          [23, 32],
          [30, 39],
          [42, 25],
        ],
        teal,
        4,
      ),
    ),
  "it-infrastructures": () =>
    icon(
      R(10, 7, 44, 14, 4),
      R(10, 25, 44, 14, 4),
      R(10, 43, 44, 14, 4),
      O(18, 14, 2.5, teal, F(teal)),
      O(18, 32, 2.5, amber, F(amber)),
      O(18, 50, 2.5, teal, F(teal)),
      L(30, 14, 46, 14),
      L(30, 32, 46, 32),
      L(30, 50, 46, 50),
    ),
};
const OFFER_ICONS = {
  ecommerce: () =>
    icon(
      PL([
        [5, 10],
        [13, 10],
        [20, 40],
        [48, 40],
        [55, 18],
        [16, 18],
      ]),
      L(22, 29, 52, 29, blue, 2, op(0.4)),
      O(24, 50, 4.5, amber, F(amber)),
      O(44, 50, 4.5, amber, F(amber)),
    ),
  "corporate-websites": () =>
    icon(R(6, 10, 52, 44, 6), L(6, 22, 58, 22), R(17, 30, 13, 18, 2, teal, F(teal)), R(34, 26, 13, 22, 2, sky, F(sky, 0.6)), L(14, 49, 50, 49, amber)),
  "web-applications": () =>
    icon(
      R(6, 10, 52, 44, 6),
      L(6, 22, 58, 22),
      L(20, 22, 20, 54),
      R(26, 28, 12, 10, 2, amber, F(amber)),
      R(42, 28, 10, 10, 2, sky, F(sky, 0.7)),
      L(27, 46, 51, 46),
    ),
  "cms-headless": () =>
    icon(P("M32 8L56 20L32 32L8 20Z", sky, { fill: sky, "fill-opacity": 0.4 }), P("M8 32L32 44L56 32"), P("M8 44L32 56L56 44", "none", { stroke: amber })),
  "native-apps": () => icon(R(16, 6, 32, 52, 7), L(28, 13, 36, 13), star(32, 33, 11, amber, { stroke: "none" }), L(27, 50, 37, 50)),
  "cross-platform": () =>
    icon(
      R(5, 12, 22, 40, 5),
      R(37, 12, 22, 40, 5),
      O(16, 45, 2, blue, F(blue)),
      O(48, 45, 2, blue, F(blue)),
      G(
        { stroke: amber, "stroke-width": 3 },
        PL([
          [26, 26],
          [38, 26],
        ]),
        PL([
          [34, 22],
          [38, 26],
          [34, 30],
        ]),
        PL([
          [38, 38],
          [26, 38],
        ]),
        PL([
          [30, 34],
          [26, 38],
          [30, 42],
        ]),
      ),
    ),
  "app-ui-ux": () =>
    icon(
      R(8, 6, 30, 52, 6),
      R(14, 16, 18, 9, 2, sky, F(sky, 0.7)),
      R(14, 29, 18, 9, 2, amber, F(amber)),
      L(14, 44, 26, 44),
      P("M58 22L44 36l-4 9 9-4 14-14z", teal, { fill: teal, stroke: teal, "stroke-width": 2 }),
    ),
  "app-maintenance": () =>
    icon(
      PL([
        [6, 46],
        [18, 34],
        [28, 40],
        [48, 18],
      ]),
      PL([
        [38, 18],
        [48, 18],
        [48, 28],
      ]),
      P(gearPath(46, 47, 12, 7), amber, F(amber)),
      O(46, 47, 4, white, F(white)),
    ),
};

// ---------------------------------------------------------------- industry scenes (800x600)
const INDUSTRIES = {
  healthcare() {
    const heart = "M400 476C230 372 190 228 290 188C344 166 386 198 400 232C414 198 456 166 510 188C610 228 570 372 400 476Z";
    let o =
      P(heart, navy, { transform: "translate(0 12)", opacity: 0.08 }) +
      P(heart, blue) +
      P("M400 232C414 198 456 166 510 188C610 228 570 372 400 476Z", navy, op(0.15));
    o += PL(
      [
        [250, 318],
        [330, 318],
        [352, 276],
        [384, 372],
        [414, 250],
        [440, 334],
        [458, 318],
        [550, 318],
      ],
      white,
      11,
    );
    o += shadow(560, 120, 110, 110, 55, 10) + O(615, 175, 55, teal) + R(603, 145, 24, 60, 6, white) + R(585, 163, 60, 24, 6, white);
    o += G(
      { transform: "rotate(-35 200 400)" },
      shadow(140, 378, 120, 44, 22, 8),
      R(140, 378, 120, 44, 22, white),
      P("M162 378h38v44h-38a22 22 0 0 1 0-44z", amber),
    );
    o += O(640, 400, 12, sky) + O(676, 370, 7, amber);
    return o;
  },
  "ecommerce-retail"() {
    let o = G(
      { transform: "rotate(-22 212 240)" },
      shadow(150, 206, 140, 70, 10, 8),
      P("M150 206h100l40 35-40 35H150z", amber),
      O(254, 241, 9, slate),
      bar(168, 226, 56, 10, white, 0.7),
      bar(168, 246, 38, 10, white, 0.5),
    );
    o += SP("M340 214V176a60 60 0 0 1 120 0v38", navy, 14);
    o += shadow(290, 210, 220, 260, 12) + P("M300 210H500L522 470H278Z", blue) + P("M400 210H500L522 470H400Z", navy, op(0.12));
    o += O(340, 226, 8, navy) + O(460, 226, 8, navy) + O(400, 350, 40, white, op(0.22)) + star(400, 350, 24, white);
    o +=
      PL(
        [
          [480, 320],
          [514, 320],
          [546, 440],
          [668, 440],
        ],
        navy,
        11,
      ) +
      P("M522 348h170l-20 72H540z", teal) +
      G({ stroke: white, "stroke-width": 4, opacity: 0.45 }, L(560, 348, 566, 420), L(604, 348, 606, 420), L(648, 348, 644, 420), L(530, 384, 684, 384));
    o += O(566, 468, 15, navy) + O(650, 468, 15, navy) + O(566, 468, 5, slate) + O(650, 468, 5, slate);
    return o;
  },
  "finance-banking"() {
    let o = "";
    for (let i = 0; i < 5; i++) {
      const y = 440 - i * 18;
      o += E(170, y + 10, 48, 14, amber) + R(122, y, 96, 10, 0, amber) + E(170, y, 48, 14, amber) + E(170, y, 48, 14, white, op(0.3));
    }
    o +=
      shadow(236, 230, 328, 230, 10) +
      PG(
        [
          [232, 232],
          [400, 142],
          [568, 232],
        ],
        navy,
      ) +
      O(400, 200, 20, amber) +
      R(244, 232, 312, 26, 4, blue);
    for (let i = 0; i < 5; i++) o += R(268 + i * 56, 264, 40, 150, 6, white) + R(268 + i * 56, 264, 10, 150, 4, sky, op(0.35));
    o += R(240, 414, 320, 22, 4, blue) + R(220, 436, 360, 26, 6, navy);
    o += [
      [610, 380, 80],
      [646, 330, 130],
      [682, 280, 180],
    ]
      .map(([x, y, h]) => R(x, y, 26, h, 6, teal))
      .join("");
    o +=
      PL(
        [
          [600, 300],
          [650, 250],
          [700, 204],
        ],
        amber,
        8,
      ) +
      PL(
        [
          [680, 202],
          [702, 202],
          [702, 226],
        ],
        amber,
        8,
      );
    return o;
  },
  energy() {
    let o =
      O(200, 160, 44, amber) +
      Array.from({ length: 8 }, (_, i) => {
        const a = (i * Math.PI) / 4;
        return L(200 + 60 * Math.cos(a), 160 + 60 * Math.sin(a), 200 + 78 * Math.cos(a), 160 + 78 * Math.sin(a), amber, 8);
      }).join("");
    o += L(270, 440, 270, 484, navy, 12) + L(226, 486, 314, 486, navy, 10);
    o += P("M206 318h214l-46 124H152z", navy, { transform: "translate(0 10)", opacity: 0.08 }) + P("M206 318h214l-46 124H152z", blue);
    o += G(
      { stroke: white, "stroke-width": 4, opacity: 0.55 },
      L(260, 318, 218, 442),
      L(313, 318, 271, 442),
      L(366, 318, 324, 442),
      L(190, 359, 405, 359),
      L(175, 400, 389, 400),
    );
    o += P("M560 484L574 232h14L602 484z", white) + P("M581 232h7L602 484h-21z", navy, op(0.1));
    for (const r of [0, 120, 240]) o += P("M581 226C593 206 596 158 581 96C570 158 570 206 581 226Z", blue, { transform: `rotate(${r} 581 226)` });
    o += O(581, 226, 14, navy) + O(581, 226, 5, sky);
    o +=
      shadow(400, 150, 96, 96, 48, 10) +
      O(448, 198, 48, navy) +
      PG(
        [
          [456, 164],
          [428, 204],
          [448, 204],
          [438, 234],
          [470, 190],
          [450, 190],
          [462, 164],
        ],
        amber,
      );
    return o;
  },
  "real-estate"() {
    let o = shadow(196, 150, 130, 330, 10) + R(196, 150, 130, 330, 10, blue);
    for (let r = 0; r < 7; r++) for (let c = 0; c < 3; c++) o += R(214 + c * 36, 170 + r * 42, 22, 26, 4, white, op(r * 3 + c === 7 ? 0.9 : 0.35));
    o += shadow(470, 214, 132, 266, 10) + R(470, 214, 132, 266, 10, navy);
    for (let r = 0; r < 5; r++)
      for (let c = 0; c < 3; c++) o += R(488 + c * 36, 236 + r * 44, 22, 28, 4, (r + c) % 3 ? white : amber, op((r + c) % 3 ? 0.18 : 0.9));
    o +=
      shadow(318, 336, 176, 144, 6) +
      R(318, 336, 176, 144, 6, white) +
      PG(
        [
          [296, 344],
          [406, 252],
          [516, 344],
        ],
        teal,
      ) +
      R(384, 400, 44, 80, 6, navy) +
      R(336, 364, 40, 36, 6, sky) +
      R(436, 364, 40, 36, 6, sky);
    o += pin(406, 238, 1.25, amber);
    o += O(160, 446, 30, teal) + R(156, 466, 8, 20, 3, navy) + O(640, 450, 26, teal) + R(636, 468, 8, 18, 3, navy);
    return o;
  },
  manufacturing() {
    let o = O(520, 138, 18, sky, op(0.6)) + O(552, 108, 26, sky, op(0.45)) + O(596, 90, 18, sky, op(0.3));
    o += R(498, 160, 44, 320, 6, blue) + R(498, 180, 44, 14, 0, white, op(0.35));
    o += shadow(160, 250, 370, 230, 4) + P("M160 480V300L240 250V300L320 250V300L400 250V300L480 250V300L530 300V480Z", navy);
    for (let i = 0; i < 4; i++) o += R(184 + i * 80, 340, 48, 40, 6, amber, op(i % 2 ? 0.7 : 1));
    o += R(196, 410, 80, 70, 6, white, op(0.18)) + L(236, 410, 236, 480, navy, 4, op(0.4));
    o += gear(604, 396, 92, 12, teal) + O(604, 396, 18, navy) + gear(676, 250, 40, 8, amber);
    return o;
  },
  "data-analytics-bi"() {
    let o = L(300, 420, 254, 504, navy, 12) + L(500, 420, 546, 504, navy, 12) + L(400, 420, 400, 500, navy, 12);
    o += shadow(190, 120, 420, 300, 16) + R(190, 120, 420, 300, 16, navy) + R(206, 136, 388, 268, 10, white) + R(360, 104, 80, 26, 10, amber);
    o += PL(
      [
        [230, 380],
        [400, 380],
      ],
      navy,
      3,
      op(0.2),
    );
    [70, 120, 92, 170].forEach((h, i) => {
      o += R(244 + i * 38, 376 - h, 26, h, 5, i === 3 ? blue : sky);
    });
    o +=
      PL(
        [
          [236, 236],
          [280, 206],
          [318, 222],
          [384, 166],
        ],
        teal,
        7,
      ) +
      PL(
        [
          [364, 164],
          [386, 164],
          [386, 186],
        ],
        teal,
        7,
      );
    o += O(500, 250, 64, sky) + P("M500 250V186A64 64 0 0 1 560 272Z", blue) + P("M500 250L560 272A64 64 0 0 1 470 307Z", amber);
    o += bar(440, 350, 120, 10) + bar(440, 370, 84, 10);
    return o;
  },
  iot() {
    let o = G(
      { stroke: navy, "stroke-width": 4, "stroke-dasharray": "2 12", fill: "none", "stroke-linecap": "round", opacity: 0.35 },
      P("M196 236C220 260 230 290 246 300"),
      P("M196 400C220 390 230 380 246 376"),
      P("M460 340C500 330 510 320 540 320"),
    );
    o += arcStroke(350, 180, 26, -2.4, -0.74, teal, 8) + arcStroke(350, 180, 50, -2.4, -0.74, teal, 8) + O(350, 180, 8, teal);
    o +=
      shadow(246, 284, 208, 196, 8) +
      R(246, 284, 208, 196, 8, white) +
      R(414, 212, 26, 60, 4, navy) +
      PG(
        [
          [224, 294],
          [350, 196],
          [476, 294],
        ],
        navy,
      );
    o += R(330, 388, 44, 92, 6, blue) + R(272, 320, 48, 44, 6, sky) + R(382, 320, 48, 44, 6, sky);
    o +=
      shadow(140, 180, 60, 60, 30, 8) + O(170, 210, 30, white) + R(164, 190, 12, 30, 6, "none", { stroke: amber, "stroke-width": 4 }) + O(170, 224, 8, amber);
    o += shadow(140, 370, 60, 60, 30, 8) + O(170, 400, 30, white) + R(157, 398, 26, 20, 4, blue) + SP("M162 398v-8a8 8 0 0 1 16 0v8", blue, 4);
    o += phone(544, 190, 128, 250);
    [
      [teal, 1],
      [teal, 1],
      [navy, 0],
    ].forEach(([c, on], i) => {
      o += bar(566, 238 + i * 52, 44, 10) + R(616, 232 + i * 52, 36, 22, 11, c, op(on ? 1 : 0.2)) + O(on ? 641 : 627, 243 + i * 52, 8, white);
    });
    o += R(564, 390, 88, 26, 13, blue);
    return o;
  },
  "logistics-supply-chain"() {
    let o =
      SP("M190 190C300 110 470 260 610 160", navy, 5, { "stroke-dasharray": "2 14", opacity: 0.45 }) + pin(190, 196, 0.9, blue) + pin(612, 164, 0.9, amber);
    o += shadow(170, 290, 270, 160, 12) + R(170, 290, 270, 160, 12, blue) + R(196, 320, 150, 16, 8, white, op(0.4)) + R(196, 348, 96, 12, 6, white, op(0.25));
    o += P("M440 330h96l52 62v58H440z", teal) + P("M462 348h64l36 42H462z", white, op(0.75)) + R(440, 420, 148, 30, 0, navy, op(0.15));
    for (const x of [240, 372, 520]) o += O(x, 458, 30, navy) + O(x, 458, 11, slate);
    o +=
      R(616, 402, 80, 76, 6, amber) +
      R(651, 402, 10, 76, 0, white, op(0.45)) +
      R(628, 344, 60, 58, 6, amber, op(0.85)) +
      R(653, 344, 10, 58, 0, white, op(0.45));
    return o;
  },
  education() {
    let o = "";
    [
      [170, 410, 310, blue],
      [190, 358, 270, teal],
      [160, 306, 300, amber],
    ].forEach(([x, y, w, c]) => {
      o += shadow(x, y, w, 52, 10, 6) + R(x, y, w, 52, 10, c) + R(x + w - 30, y + 9, 20, 34, 4, white, op(0.9)) + R(x + 20, y + 20, 90, 10, 5, white, op(0.35));
    });
    o +=
      P("M258 258v44q62 26 124 0v-44l-62 24z", navy) +
      PG(
        [
          [320, 186],
          [460, 240],
          [320, 294],
          [180, 240],
        ],
        navy,
      ) +
      PG(
        [
          [320, 196],
          [436, 240],
          [320, 284],
          [204, 240],
        ],
        blue,
        op(0.35),
      );
    o += O(320, 240, 9, amber) + SP("M320 240L440 258V318", amber, 6) + R(432, 314, 16, 34, 6, amber);
    o += shadow(520, 300, 150, 104, 10) + R(520, 300, 150, 104, 10, navy) + R(532, 312, 126, 80, 6, sky) + P("M500 404h190l-16 20H516z", blue);
    o += bar(548, 330, 70, 10, white, 0.9) + bar(548, 350, 92, 8, white, 0.6) + bar(548, 366, 56, 8, white, 0.6);
    return o;
  },
  telecom() {
    let o =
      arcStroke(400, 170, 66, -0.75, 0.75, teal, 9) +
      arcStroke(400, 170, 112, -0.7, 0.7, sky, 9) +
      arcStroke(400, 170, 66, Math.PI - 0.75, Math.PI + 0.75, teal, 9) +
      arcStroke(400, 170, 112, Math.PI - 0.7, Math.PI + 0.7, sky, 9);
    o +=
      PL(
        [
          [400, 150],
          [338, 484],
        ],
        navy,
        12,
      ) +
      PL(
        [
          [400, 150],
          [462, 484],
        ],
        navy,
        12,
      );
    o += PL(
      [
        [386, 226],
        [418, 268],
        [374, 312],
        [432, 360],
        [360, 410],
        [446, 460],
      ],
      navy,
      6,
    );
    o += R(370, 170, 16, 56, 5, blue) + R(414, 170, 16, 56, 5, blue) + L(400, 150, 400, 118, navy, 6) + O(400, 110, 12, amber);
    o +=
      phone(560, 320, 104, 184) + [0, 1, 2, 3].map((i) => R(586 + i * 14, 410 - i * 10, 9, 20 + i * 10, 3, i < 3 ? teal : navy, op(i < 3 ? 1 : 0.2))).join("");
    o +=
      R(160, 400, 110, 80, 10, white) +
      PG(
        [
          [150, 404],
          [215, 356],
          [280, 404],
        ],
        blue,
      ) +
      R(200, 438, 30, 42, 4, navy) +
      O(236, 330, 10, teal);
    return o;
  },
  gaming() {
    let o = star(190, 170, 24, sky) + star(640, 150, 18, amber) + star(660, 300, 12, teal) + star(170, 380, 14, amber);
    o += SP("M296 204h-32a34 34 0 0 0 40 58", amber, 14) + SP("M444 204h32a34 34 0 0 1-40 58", amber, 14);
    o +=
      shadow(296, 176, 148, 150, 60) +
      P("M296 176h148v76a74 74 0 0 1-148 0z", amber) +
      P("M370 176h74v76a74 74 0 0 1-74 74z", navy, op(0.1)) +
      star(370, 244, 28, white);
    o += R(356, 320, 28, 52, 4, amber) + R(322, 372, 96, 24, 6, navy) + R(302, 396, 136, 30, 8, navy);
    o += shadow(480, 404, 200, 80, 18) + R(480, 404, 200, 80, 18, navy) + R(480, 404, 200, 20, 10, white, op(0.1));
    o += L(600, 404, 590, 304, navy, 16) + O(588, 290, 34, teal) + O(578, 280, 10, white, op(0.4)) + O(526, 444, 16, amber) + O(636, 444, 14, sky);
    return o;
  },
};

// ---------------------------------------------------------------- process scenes (800x600)
const PROCESS = {
  consultation() {
    let o = person(250, 262, 1.4, blue) + person(550, 262, 1.4, teal);
    o += R(340, 330, 120, 74, 8, blue) + O(400, 366, 8, white, op(0.6)) + R(320, 398, 160, 8, 4, navy);
    o += R(180, 404, 440, 22, 11, navy) + R(220, 426, 16, 70, 4, navy) + R(564, 426, 16, 70, 4, navy);
    o +=
      shadow(130, 100, 190, 86, 22) +
      P("M152 100h146a22 22 0 0 1 22 22v42a22 22 0 0 1-22 22H224l-20 22v-22h-52a22 22 0 0 1-22-22v-42a22 22 0 0 1 22-22z", white) +
      bar(152, 128, 120, 12, navy, 0.7) +
      bar(152, 150, 150, 10);
    o +=
      shadow(480, 90, 190, 86, 22) +
      P("M502 90h146a22 22 0 0 1 22 22v42a22 22 0 0 1-22 22h-52l-20 22v-22h-74a22 22 0 0 1-22-22v-42a22 22 0 0 1 22-22z", amber) +
      O(536, 133, 10, white) +
      O(575, 133, 10, white) +
      O(614, 133, 10, white);
    return o;
  },
  planning() {
    let o = card(160, 90, 480, 290, 18);
    [
      [blue, 3],
      [amber, 2],
      [teal, 2],
    ].forEach(([c, n], k) => {
      const x = 184 + k * 152;
      o += R(x, 112, 128, 14, 7, c);
      for (let i = 0; i < n; i++)
        o +=
          R(x, 142 + i * 74, 128, 60, 10, slate) +
          R(x, 142 + i * 74, 8, 60, 4, c) +
          bar(x + 20, 158 + i * 74, 86, 10) +
          bar(x + 20, 178 + i * 74, 56, 9, navy, 0.08) +
          O(x + 110, 186 + i * 74, 8, c, op(0.6));
    });
    o += L(170, 462, 620, 462, navy, 6, op(0.25)) + L(170, 462, 440, 462, teal, 6);
    o += O(220, 462, 14, teal) + O(330, 462, 14, teal) + O(440, 462, 14, white, { stroke: teal, "stroke-width": 6 }) + O(540, 462, 10, navy, op(0.25));
    o += check(220, 462, 0.5, white, 4) + check(330, 462, 0.5, white, 4);
    o +=
      L(610, 462, 610, 398, navy, 6) +
      PG(
        [
          [610, 398],
          [656, 412],
          [610, 426],
        ],
        amber,
      );
    return o;
  },
  "design-development"() {
    let o = shadow(170, 100, 460, 300, 18) + R(170, 100, 460, 300, 18, navy) + R(186, 116, 428, 252, 10, white);
    o +=
      R(204, 134, 178, 84, 8, sky) +
      O(246, 160, 12, white, op(0.7)) +
      PG(
        [
          [204, 218],
          [260, 172],
          [316, 218],
        ],
        blue,
        op(0.7),
      );
    o += bar(204, 236, 150, 14, navy, 0.8) + bar(204, 260, 178, 10) + bar(204, 278, 130, 10) + R(204, 306, 86, 30, 15, amber);
    o += L(400, 134, 400, 350, navy, 2, op(0.12));
    const rows = [
      [0, sky, 70],
      [1, teal, 110],
      [2, amber, 60],
      [2, navy, 120],
      [1, teal, 90],
      [2, sky, 80],
      [1, amber, 50],
      [0, sky, 60],
    ];
    rows.forEach(([ind, c, w], i) => {
      o += R(420 + ind * 20, 140 + i * 26, w, 10, 5, c, op(c === navy ? 0.25 : 0.9));
    });
    o += R(370, 400, 60, 44, 0, navy) + R(314, 440, 172, 18, 9, navy);
    o += G(
      { transform: "rotate(-38 640 400)" },
      shadow(560, 382, 170, 36, 6, 8),
      R(560, 382, 150, 36, 6, amber),
      R(540, 382, 26, 36, 6, sky),
      PG(
        [
          [710, 382],
          [746, 400],
          [710, 418],
        ],
        white,
      ),
      PG(
        [
          [734, 394],
          [746, 400],
          [734, 406],
        ],
        navy,
      ),
      R(576, 396, 120, 8, 4, white, op(0.35)),
    );
    return o;
  },
  testing() {
    let o = card(190, 116, 280, 370, 18) + R(280, 98, 100, 36, 12, navy);
    for (let i = 0; i < 4; i++) {
      const y = 172 + i * 72;
      const done = i < 3;
      o +=
        R(220, y, 38, 38, 10, done ? teal : slate, done ? {} : { stroke: navy, "stroke-width": 3, "stroke-opacity": 0.2 }) +
        (done ? check(239, y + 19, 0.8, white, 5) : "") +
        bar(276, y + 6, 150, 12, navy, done ? 0.6 : 0.25) +
        bar(276, y + 26, 100, 9);
    }
    o += O(540, 336, 86, white, op(0.7)) + O(540, 336, 86, "none", { stroke: navy, "stroke-width": 18 }) + L(604, 400, 672, 468, navy, 28);
    o += G(
      { stroke: navy, "stroke-width": 5, "stroke-linecap": "round" },
      L(512, 320, 488, 306),
      L(508, 344, 484, 344),
      L(512, 368, 490, 384),
      L(568, 320, 592, 306),
      L(572, 344, 596, 344),
      L(568, 368, 590, 384),
      L(532, 296, 522, 280),
      L(548, 296, 558, 280),
    );
    o +=
      E(540, 348, 30, 38, amber) +
      O(540, 306, 16, navy) +
      L(540, 318, 540, 384, navy, 4, op(0.5)) +
      O(528, 336, 5, navy, op(0.5)) +
      O(552, 362, 5, navy, op(0.5));
    return o;
  },
};

// ---------------------------------------------------------------- about scenes (800x600)
function puzzle(x, y, s, t, fill) {
  // t: which sides carry a tab
  const n = s * 0.13,
    r = s * 0.17,
    cx = x + s / 2,
    cy = y + s / 2;
  let d = `M${x} ${y}`;
  d += t.top ? `H${cx - n}A${r} ${r} 0 1 1 ${cx + n} ${y}` : "";
  d += `H${x + s}`;
  d += t.right ? `V${cy - n}A${r} ${r} 0 1 1 ${x + s} ${cy + n}` : "";
  d += `V${y + s}`;
  d += t.bottom ? `H${cx + n}A${r} ${r} 0 1 1 ${cx - n} ${y + s}` : "";
  d += `H${x}`;
  d += t.left ? `V${cy + n}A${r} ${r} 0 1 1 ${x} ${cy - n}` : "";
  d += "Z";
  return P(d, fill, { stroke: slate, "stroke-width": 8, "stroke-linejoin": "round" });
}
const ABOUT = {
  "about-team"() {
    let o =
      card(250, 80, 300, 150, 14) +
      [50, 80, 64, 100, 84].map((h, i) => R(280 + i * 30, 206 - h, 18, h, 4, i === 3 ? blue : sky)).join("") +
      PL(
        [
          [440, 180],
          [470, 140],
          [494, 156],
          [524, 110],
        ],
        amber,
        6,
      ) +
      O(524, 110, 7, amber);
    o += person(240, 300, 1.25, blue) + person(400, 282, 1.25, teal) + person(560, 300, 1.25, amber);
    for (const x of [240, 400, 560]) o += R(x - 48, 352, 96, 62, 8, navy) + O(x, 383, 7, sky);
    o += R(140, 410, 520, 24, 12, navy) + R(170, 434, 460, 14, 0, navy, op(0.12)) + R(180, 434, 16, 64, 4, navy) + R(604, 434, 16, 64, 4, navy);
    o +=
      R(660, 404, 52, 62, 10, amber) +
      E(672, 370, 16, 36, teal, { transform: "rotate(-25 672 370)" }) +
      E(700, 366, 16, 40, teal, { transform: "rotate(20 700 366)", opacity: 0.8 }) +
      E(686, 350, 14, 40, teal);
    return o;
  },
  "about-alliances"() {
    let o = G(
      { transform: "rotate(-6 400 300)" },
      puzzle(400, 150, 150, {}, teal),
      puzzle(250, 300, 150, {}, sky),
      puzzle(250, 150, 150, { right: 1, bottom: 1 }, blue),
      puzzle(400, 300, 150, { top: 1, left: 1 }, amber),
      star(318, 218, 26, white),
      check(475, 225, 1.6, white, 10),
      O(325, 375, 24, "none", { stroke: white, "stroke-width": 9 }),
      O(325, 375, 6, white),
      P("M478 398C446 378 440 356 452 346C462 338 474 342 478 352C482 342 494 338 504 346C516 356 510 378 478 398Z", white),
    );
    o += star(170, 160, 14, amber) + star(640, 440, 18, teal) + O(640, 150, 10, blue) + O(176, 450, 8, amber);
    return o;
  },
  "about-intro"() {
    let o =
      card(150, 96, 200, 150, 12) +
      R(162, 108, 176, 126, 6, sky, op(0.35)) +
      [
        [172, 40],
        [204, 70],
        [236, 54],
        [268, 90],
        [300, 60],
      ]
        .map(([x, h]) => R(x, 234 - h, 26, h, 2, navy, op(0.18)))
        .join("") +
      L(250, 108, 250, 234, white, 6) +
      L(162, 170, 338, 170, white, 6);
    o +=
      O(620, 150, 38, white) + O(620, 150, 38, "none", { stroke: navy, "stroke-width": 6 }) + L(620, 150, 620, 128, navy, 5) + L(620, 150, 636, 160, amber, 5);
    o += SP("M206 420L226 318L284 290", navy, 8) + P("M272 272l52 10-22 40z", amber) + R(186, 414, 50, 10, 5, navy);
    o += shadow(340, 206, 250, 168, 14) + R(340, 206, 250, 168, 14, navy) + R(352, 218, 226, 144, 8, white);
    o +=
      bar(368, 234, 96, 12, navy, 0.7) +
      R(368, 258, 92, 88, 8, sky) +
      [0, 1, 2].map((i) => R(474, 258 + i * 32, 88, 24, 6, [teal, amber, slate][i], op(i === 2 ? 1 : 0.85))).join("");
    o += R(448, 374, 34, 34, 0, navy) + R(416, 404, 98, 12, 6, navy);
    o +=
      R(612, 366, 46, 54, 10, amber) +
      E(624, 336, 14, 32, teal, { transform: "rotate(-25 624 336)" }) +
      E(648, 332, 14, 34, teal, { transform: "rotate(20 648 332)", opacity: 0.8 }) +
      E(636, 320, 12, 34, teal);
    o += R(540, 390, 34, 30, 6, teal) + SP("M574 398h6a6 6 0 0 1 0 12h-6", teal, 5);
    o += R(130, 420, 560, 20, 10, navy) + R(160, 440, 14, 70, 4, navy) + R(646, 440, 14, 70, 4, navy);
    return o;
  },
};

// ---------------------------------------------------------------- portfolio scenes (800x600)
const tee = (cx, cy, c) => P(`M${cx - 12} ${cy - 26}l-24 11 8 18 11-5v38h34v-38l11 5 8-18-24-11q-5 8-12 8t-12-8z`, c);
const PORTFOLIO = {
  finance() {
    let o =
      browser(130, 90, 540, 390) +
      R(146, 144, 86, 320, 10, navy) +
      [0, 1, 2, 3, 4].map((i) => bar(160, 166 + i * 34, i ? 50 : 58, 10, i ? white : sky, i ? 0.3 : 1)).join("");
    [
      [blue, "+12.4"],
      [teal, "8.1"],
      [amber, "3.6"],
    ].forEach(([c], i) => {
      const x = 248 + i * 136;
      o += R(x, 146, 122, 64, 10, slate) + bar(x + 14, 160, 48, 9) + R(x + 14, 180, 70, 14, 7, c);
    });
    o +=
      R(248, 226, 258, 236, 10, slate) +
      P("M262 430L302 392L340 404L380 344L420 360L460 300L492 284V446H262Z", sky, op(0.35)) +
      PL(
        [
          [262, 430],
          [302, 392],
          [340, 404],
          [380, 344],
          [420, 360],
          [460, 300],
          [492, 284],
        ],
        blue,
        6,
      );
    o +=
      R(520, 226, 134, 236, 10, slate) +
      O(587, 300, 42, "none", { stroke: sky, "stroke-width": 20 }) +
      O(587, 300, 42, "none", { stroke: blue, "stroke-width": 20, "stroke-dasharray": "150 400", transform: "rotate(-90 587 300)" }) +
      O(587, 300, 42, "none", { stroke: amber, "stroke-width": 20, "stroke-dasharray": "0 150 50 400", transform: "rotate(-90 587 300)" });
    o += [0, 1, 2].map((i) => O(542, 380 + i * 26, 6, [blue, amber, sky][i]) + bar(556, 375 + i * 26, 70, 9)).join("");
    return o;
  },
  "healthcare-portal"() {
    let o = browser(130, 90, 540, 390, blue) + bar(160, 150, 150, 16, navy, 0.8) + R(160, 180, 250, 270, 12, slate);
    for (let r = 0; r < 5; r++)
      for (let c = 0; c < 6; c++) {
        const k = r * 6 + c;
        const hi = k === 9 ? teal : k === 17 ? amber : k === 22 ? blue : null;
        o += R(176 + c * 38, 200 + r * 48, 30, 36, 6, hi || white, hi ? {} : op(1));
      }
    for (let i = 0; i < 3; i++) {
      const y = 150 + i * 102;
      o +=
        R(430, y, 220, 88, 12, slate) +
        O(474, y + 44, 24, [teal, sky, amber][i]) +
        O(474, y + 38, 9, navy) +
        P(`M458 ${y + 62}q16-16 32 0`, navy) +
        bar(510, y + 24, 100, 11, navy, 0.7) +
        bar(510, y + 44, 70, 9) +
        R(510, y + 60, 60, 16, 8, blue);
    }
    return o;
  },
  "fashion-store"() {
    let o =
      browser(130, 90, 540, 390) +
      bar(160, 146, 90, 14, navy, 0.8) +
      [0, 1, 2].map((i) => bar(420 + i * 56, 148, 40, 9)).join("") +
      O(620, 152, 14, amber) +
      O(620, 152, 5, white);
    const cols = [
      [sky, blue],
      [amber, navy],
      [teal, white],
      [slate, teal],
      [sky, amber],
      [amber, blue],
    ];
    for (let i = 0; i < 6; i++) {
      const x = 160 + (i % 3) * 166,
        y = 180 + Math.floor(i / 3) * 146;
      o +=
        R(x, y, 146, 98, 10, cols[i][0], op(cols[i][0] === slate ? 1 : 0.35)) +
        tee(x + 73, y + 48, cols[i][1]) +
        bar(x, y + 106, 90, 10, navy, 0.5) +
        bar(x, y + 122, 50, 9, blue, 0.7);
    }
    return o;
  },
  "property-portal"() {
    let o = browser(130, 90, 540, 390, teal);
    for (let i = 0; i < 3; i++) {
      const y = 146 + i * 106;
      o +=
        R(150, y, 230, 92, 12, slate) +
        R(162, y + 12, 84, 68, 8, sky, op(0.5)) +
        PG(
          [
            [174, y + 46],
            [204, y + 22],
            [234, y + 46],
          ],
          navy,
        ) +
        R(180, y + 46, 48, 30, 2, white) +
        bar(260, y + 20, 100, 11, navy, 0.7) +
        bar(260, y + 40, 70, 9) +
        R(260, y + 58, 64, 18, 9, i ? blue : amber);
    }
    o +=
      R(396, 146, 254, 316, 12, slate) +
      G({ stroke: white, "stroke-width": 12, "stroke-linecap": "round" }, L(396, 250, 650, 220), L(500, 146, 540, 462), L(396, 390, 650, 360)) +
      P("M560 160h70v50h-70z", teal, op(0.25)) +
      P("M410 280c40-10 60 30 80 60", sky, { fill: "none", stroke: sky, "stroke-width": 10, opacity: 0.5 });
    o += pin(456, 300, 0.8, blue) + pin(596, 286, 0.8, amber) + pin(560, 420, 0.8, blue);
    return o;
  },
  "learning-platform"() {
    let o =
      browser(130, 90, 540, 390, navy) +
      R(150, 146, 320, 200, 12, navy) +
      O(310, 238, 36, white, op(0.9)) +
      PG(
        [
          [300, 220],
          [330, 238],
          [300, 256],
        ],
        blue,
      );
    o += R(170, 318, 280, 8, 4, white, op(0.25)) + R(170, 318, 170, 8, 4, amber) + O(340, 322, 8, amber);
    o += bar(150, 366, 220, 14, navy, 0.75) + bar(150, 390, 280, 10) + bar(150, 408, 240, 10);
    for (let i = 0; i < 5; i++) {
      const y = 146 + i * 62;
      const done = i < 2;
      o +=
        R(490, y, 160, 50, 10, i === 2 ? blue : slate, i === 2 ? op(0.15) : {}) +
        O(514, y + 25, 12, done ? teal : i === 2 ? blue : white, done ? {} : { stroke: navy, "stroke-width": i === 2 ? 0 : 2, "stroke-opacity": 0.2 }) +
        (done ? check(514, y + 25, 0.45, white, 3) : "") +
        bar(534, y + 14, 96, 9, navy, 0.6) +
        bar(534, y + 30, 60, 8);
    }
    o += R(490, 456, 160, 8, 4, navy, op(0.1)) + R(490, 456, 64, 8, 4, teal);
    return o;
  },
  "logistics-tracker"() {
    let o = browser(130, 90, 540, 390, blue) + R(150, 146, 330, 316, 12, slate);
    o += G(
      { stroke: white, "stroke-width": 12, "stroke-linecap": "round" },
      L(150, 220, 480, 260),
      L(260, 146, 230, 462),
      L(380, 146, 420, 462),
      L(150, 390, 480, 370),
    );
    o +=
      PL(
        [
          [190, 420],
          [236, 380],
          [300, 366],
          [330, 290],
          [400, 254],
          [440, 200],
        ],
        blue,
        7,
        { "stroke-dasharray": "1 0" },
      ) +
      O(190, 420, 10, blue) +
      pin(440, 204, 0.75, amber) +
      O(330, 290, 14, teal) +
      O(330, 290, 24, teal, op(0.25));
    for (let i = 0; i < 4; i++) {
      const y = 166 + i * 74;
      const done = i < 2;
      o +=
        O(516, y + 14, 12, done ? teal : i === 2 ? amber : white, done || i === 2 ? {} : { stroke: navy, "stroke-width": 3, "stroke-opacity": 0.2 }) +
        (i < 3 ? L(516, y + 30, 516, y + 64, navy, 4, op(0.15)) : "") +
        bar(540, y + 4, 100, 10, navy, 0.6) +
        bar(540, y + 20, 64, 9);
    }
    return o;
  },
  "telehealth-app"() {
    let o =
      phone(300, 66, 200, 450) +
      R(314, 80, 172, 316, 20, blue, op(0.18)) +
      person(400, 186, 1.3, teal) +
      R(418, 300, 56, 76, 10, navy) +
      person(446, 322, 0.42, sky, white);
    o += O(350, 446, 20, navy, op(0.12)) + O(400, 446, 22, amber) + R(390, 443, 20, 6, 3, white) + O(450, 446, 20, navy, op(0.12));
    o +=
      card(150, 170, 130, 120, 16) +
      G(
        { transform: "rotate(-35 215 216)" },
        R(185, 204, 60, 24, 12, white, { stroke: blue, "stroke-width": 4 }),
        P("M197 204h18v24h-18a12 12 0 0 1 0-24z", blue),
      ) +
      bar(172, 254, 86, 10) +
      bar(172, 270, 56, 8, teal, 0.8);
    o +=
      card(520, 260, 140, 100, 16) +
      PL(
        [
          [536, 312],
          [566, 312],
          [578, 290],
          [594, 334],
          [608, 300],
          [620, 312],
          [644, 312],
        ],
        teal,
        5,
      ) +
      bar(536, 336, 60, 9);
    return o;
  },
  "food-delivery-app"() {
    let o = phone(300, 66, 200, 450) + R(310, 76, 180, 260, 22, sky, op(0.18)) + R(310, 300, 180, 36, 0, white);
    o += G({ stroke: white, "stroke-width": 10, "stroke-linecap": "round" }, L(310, 160, 490, 190), L(380, 76, 360, 300), L(440, 76, 470, 300));
    o +=
      PL(
        [
          [360, 250],
          [366, 178],
          [452, 190],
          [462, 120],
        ],
        amber,
        5,
        { "stroke-dasharray": "2 10" },
      ) +
      pin(362, 262, 0.6, blue) +
      pin(462, 128, 0.6, amber) +
      O(412, 184, 11, teal) +
      O(412, 184, 20, teal, op(0.25)) +
      R(372, 82, 56, 10, 5, navy);
    o +=
      bar(324, 352, 120, 13, navy, 0.75) + bar(324, 376, 150, 10) + bar(324, 394, 100, 10) + R(324, 430, 152, 40, 20, blue) + bar(364, 445, 72, 10, white, 0.9);
    o +=
      card(150, 190, 124, 124, 16) +
      P("M176 250h72a36 36 0 0 1-72 0z", amber) +
      E(212, 250, 36, 6, navy, op(0.15)) +
      SP("M196 232q6-10 0-20M214 232q6-10 0-20", sky, 4) +
      bar(176, 296, 60, 8);
    o +=
      card(526, 170, 124, 90, 16) +
      O(560, 214, 20, "none", { stroke: teal, "stroke-width": 5 }) +
      PL(
        [
          [560, 202],
          [560, 214],
          [570, 220],
        ],
        teal,
        4,
      ) +
      bar(590, 204, 44, 10, navy, 0.7) +
      bar(590, 222, 30, 8);
    return o;
  },
  "fitness-app"() {
    let o = phone(300, 66, 200, 450);
    [
      [72, teal, 0.8],
      [52, blue, 0.65],
      [32, amber, 0.9],
    ].forEach(([r, c, p]) => {
      const C2 = 2 * Math.PI * r;
      o +=
        O(400, 196, r, "none", { stroke: c, "stroke-width": 14, opacity: 0.18 }) +
        O(400, 196, r, "none", {
          stroke: c,
          "stroke-width": 14,
          "stroke-linecap": "round",
          "stroke-dasharray": `${f(C2 * p)} ${f(C2)}`,
          transform: "rotate(-90 400 196)",
        });
    });
    o +=
      PL(
        [
          [326, 448],
          [474, 448],
        ],
        navy,
        2,
        op(0.15),
      ) + [40, 64, 30, 78, 56, 88, 46].map((h, i) => R(330 + i * 20, 446 - h, 12, h, 6, i === 5 ? teal : sky)).join("");
    o += bar(326, 296, 100, 12, navy, 0.7) + bar(326, 318, 70, 9);
    o +=
      card(520, 200, 130, 150, 20) +
      R(560, 184, 50, 182, 16, navy, op(0.25)) +
      R(548, 222, 74, 106, 20, navy) +
      R(556, 230, 58, 90, 14, blue) +
      PL(
        [
          [564, 282],
          [574, 282],
          [582, 262],
          [592, 298],
          [600, 276],
          [608, 276],
        ],
        white,
        4,
      );
    o +=
      card(150, 320, 128, 96, 16) +
      O(188, 368, 20, amber) +
      PG(
        [
          [183, 356],
          [197, 368],
          [183, 380],
        ],
        white,
      ) +
      bar(216, 356, 44, 10, navy, 0.7) +
      bar(216, 374, 30, 8);
    return o;
  },
  "banking-app"() {
    let o =
      phone(300, 66, 200, 450) +
      R(322, 108, 156, 96, 14, blue) +
      R(338, 124, 30, 22, 5, amber) +
      bar(338, 170, 90, 10, white, 0.8) +
      O(444, 180, 10, sky, op(0.9)) +
      O(458, 180, 10, white, op(0.6));
    o += [0, 1, 2].map((i) => O(352 + i * 48, 238, 18, [teal, amber, sky][i], op(0.9))).join("");
    for (let i = 0; i < 4; i++) {
      const y = 282 + i * 52;
      o +=
        O(338, y + 18, 14, slate) +
        O(338, y + 18, 6, [blue, teal, amber, blue][i]) +
        bar(360, y + 8, 70, 10, navy, 0.6) +
        bar(360, y + 24, 46, 8) +
        bar(440, y + 12, 32, 10, i % 2 ? teal : navy, 0.6);
    }
    o +=
      card(520, 160, 140, 140, 20) +
      O(590, 230, 40, "none", { stroke: sky, "stroke-width": 16 }) +
      O(590, 230, 40, "none", { stroke: blue, "stroke-width": 16, "stroke-dasharray": "120 400", transform: "rotate(-90 590 230)" }) +
      O(590, 230, 40, "none", { stroke: amber, "stroke-width": 16, "stroke-dasharray": "0 120 50 400", transform: "rotate(-90 590 230)" });
    o +=
      card(150, 320, 124, 124, 20) +
      G(
        { fill: "none", stroke: teal, "stroke-width": 5, "stroke-linecap": "round" },
        P("M190 404v-26a22 22 0 0 1 44 0v10"),
        P("M202 410v-32a10 10 0 0 1 20 0v22"),
        P("M212 378v28"),
        P("M180 384a32 32 0 0 1 64-10"),
      );
    return o;
  },
};

// ---------------------------------------------------------------- brand
function logoMark(s = 64) {
  const k = s / 64;
  const a0 = -0.35,
    a1 = a0 + 2 * Math.PI - 0.95;
  return (
    R(0, 0, s, s, 14 * k, navy) +
    arcStroke(32 * k, 32 * k, 17 * k, a0, a1, white, 7 * k) +
    O(32 * k + 17 * k * Math.cos(-0.82), 32 * k + 17 * k * Math.sin(-0.82), 5.5 * k, amber) +
    O(32 * k, 32 * k, 6 * k, sky)
  );
}
const fitWidth = (w) => ({ textLength: w, lengthAdjust: "spacingAndGlyphs" });
const wordmark = (x, name, suffix, accent, size, w, w2) =>
  T(x, 42, size, navy, name, { "font-weight": 700, ...fitWidth(w) }) +
  T(x + 1, 60, 10, accent, suffix, { "font-weight": 600, "letter-spacing": 3, ...fitWidth(w2) });
const PARTNERS = {
  medisphere: () =>
    svg(200, 80, O(38, 40, 24, teal) + R(33, 26, 10, 28, 3, white) + R(24, 35, 28, 10, 3, white) + wordmark(72, "MediSphere", "HEALTH", teal, 20, 116, 58)),
  urbankart: () =>
    svg(
      200,
      80,
      R(14, 16, 48, 48, 12, amber) +
        PL(
          [
            [22, 27],
            [27, 27],
            [32, 45],
            [50, 45],
            [54, 33],
            [29, 33],
          ],
          white,
          4,
        ) +
        O(35, 53, 3.5, white) +
        O(48, 53, 3.5, white) +
        T(74, 48, 24, navy, 'Urban<tspan fill="#f59e0b">Kart</tspan>', { "font-weight": 800, ...fitWidth(112) }),
    ),
  finedge: () =>
    svg(
      200,
      80,
      R(16, 44, 10, 20, 3, sky) +
        R(30, 34, 10, 30, 3, blue) +
        R(44, 22, 10, 42, 3, navy) +
        PG(
          [
            [40, 14],
            [58, 14],
            [58, 20],
          ],
          amber,
        ) +
        wordmark(72, "FinEdge", "CAPITAL", blue, 22, 90, 66),
    ),
  northbridge: () =>
    svg(
      200,
      80,
      SP("M10 52Q36 14 62 52", navy, 5) +
        L(8, 52, 64, 52, blue, 5) +
        G({ stroke: navy, "stroke-width": 2.5 }, L(22, 39, 22, 52), L(36, 33, 36, 52), L(50, 39, 50, 52)) +
        wordmark(72, "Northbridge", "LOGISTICS", blue, 19, 120, 84),
    ),
};

// ---------------------------------------------------------------- map of Baner, Pune (1200x700)
function mapPune() {
  const W = 1200,
    H = 700;
  const rnd = prng("baner");
  let o = R(0, 0, W, H, 0, slate);
  let blocks = "";
  const open = (x, y) => (y > 30 && y < 150) || (x > 790 && x < 1060 && y > 440) || (x < 250 && y > 460 && y < 650);
  for (let y = 14; y < H; y += 70)
    for (let x = 10; x < W; x += 90) {
      const bx = Math.round(x + rnd() * 14),
        by = Math.round(y + rnd() * 10),
        bw = Math.round(52 + rnd() * 18),
        bh = Math.round(36 + rnd() * 12);
      if (rnd() < 0.4 || open(bx, by) || open(bx + bw, by + bh)) continue;
      blocks += `M${bx} ${by}h${bw}v${bh}h${-bw}z`;
    }
  o += P(blocks, white, { stroke: white, "stroke-width": 8, "stroke-linejoin": "round", opacity: 0.75 });
  o +=
    P("M810 560C840 470 970 450 1030 510C1070 560 1060 650 1030 700H820C790 650 790 610 810 560Z", teal, op(0.16)) +
    P("M860 590C880 540 960 530 1000 570C1020 600 1020 660 1010 710H864C850 660 850 620 860 590Z", teal, op(0.14));
  o += P("M60 520C120 470 220 480 240 540C258 600 180 650 110 640C50 630 20 560 60 520Z", teal, op(0.14));
  o += SP("M-20 96C160 40 300 150 480 120S760 30 900 70S1120 140 1220 100", sky, 40, op(0.45));
  const road = (d, w) => SP(d, navy, w + 6, op(0.08)) + SP(d, white, w);
  const minors = [
    "M340 170L360 330",
    "M430 180L440 330",
    "M560 340L580 520",
    "M640 350L620 600",
    "M850 330L890 450",
    "M980 300L1000 180",
    "M300 470H700",
    "M420 560H760",
    "M860 230H1180",
    "M330 250H520",
    "M760 250L780 330",
    "M1080 300L1100 470",
    "M300 600C360 590 420 620 500 610",
  ];
  o += road(minors.join(""), 9);
  o += road("M520 340C530 240 540 160 560 -10", 16) + road("M760 350C770 450 800 560 790 710", 16) + road("M1000 312C1040 420 1080 560 1100 710", 14);
  o += road("M250 336C460 326 640 362 880 322S1100 284 1220 292", 22);
  o +=
    SP("M260 -10C280 200 200 420 280 710", navy, 36, op(0.08)) +
    SP("M260 -10C280 200 200 420 280 710", amber, 28, op(0.85)) +
    SP("M260 -10C280 200 200 420 280 710", white, 2, { "stroke-dasharray": "14 12" });
  const lab = (x, y, s, txt, a = {}) => T(x, y, s, navy, txt, { opacity: 0.6, "font-weight": 600, ...a });
  o +=
    lab(566, 320, 15, "Baner Road", { transform: "rotate(2 566 320)" }) + lab(228, 610, 14, "Mumbai–Bengaluru Highway", { transform: "rotate(-80 228 610)" });
  o += lab(920, 92, 14, "Mula River", { fill: blue, transform: "rotate(8 920 92)" }) + lab(880, 600, 15, "Baner Hill", {});
  o +=
    lab(380, 230, 16, "BALEWADI", { "letter-spacing": 3, opacity: 0.35 }) +
    lab(1040, 250, 16, "AUNDH", { "letter-spacing": 3, opacity: 0.35 }) +
    lab(610, 660, 16, "PASHAN", { "letter-spacing": 3, opacity: 0.35 }) +
    lab(700, 440, 16, "BANER", { "letter-spacing": 3, opacity: 0.35 });
  const px = 690,
    py = 352;
  o += E(px, py, 56, 18, blue, op(0.12)) + E(px, py, 32, 10, blue, op(0.25)) + pin(px, py, 1.3, blue, white) + O(px, py - 73, 6, amber);
  o +=
    shadow(730, 200, 210, 70, 16, 8) +
    R(730, 200, 210, 70, 16, white) +
    O(766, 235, 18, blue) +
    O(766, 235, 7, white) +
    T(796, 230, 17, navy, "Our office", { "font-weight": 700 }) +
    T(796, 252, 14, navy, "Baner, Pune", { opacity: 0.65 });
  return svg(W, H, o);
}

// ---------------------------------------------------------------- hero video
// Soft drifting blobs on navy with a slow network of dots and lines. Every
// motion term has a whole number of cycles per loop, so the last frame leads
// straight back into the first.
const VW = 1280,
  VH = 720,
  FPS = 24,
  SECONDS = 10,
  FRAMES = FPS * SECONDS;
const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
function renderFrame(t, buf) {
  const TAU = Math.PI * 2;
  const base = hex(navy);
  const blobs = [
    { c: hex(blue), a: 0.55, x: 0.28 + 0.1 * Math.sin(TAU * t), y: 0.35 + 0.12 * Math.cos(TAU * t), r: 0.36 },
    { c: hex(teal), a: 0.35, x: 0.72 + 0.1 * Math.cos(TAU * t), y: 0.62 + 0.1 * Math.sin(TAU * 2 * t) * 0.6, r: 0.3 },
    { c: hex(sky), a: 0.3, x: 0.55 + 0.16 * Math.sin(TAU * t + 2), y: 0.25 + 0.08 * Math.cos(TAU * t + 1), r: 0.26 },
    { c: hex(sky), a: 0.14, x: 0.15 + 0.06 * Math.cos(TAU * t + 1), y: 0.85 + 0.05 * Math.sin(TAU * t), r: 0.22 },
  ];
  // blob field on a coarse grid, bilinearly upsampled
  const GW = 161,
    GH = 91;
  const grid = new Float32Array(GW * GH * 3);
  for (let gy = 0; gy < GH; gy++)
    for (let gx = 0; gx < GW; gx++) {
      const u = gx / (GW - 1),
        v = gy / (GH - 1);
      let r = base[0],
        g = base[1],
        b = base[2];
      for (const bl of blobs) {
        const dx = (u - bl.x) * 1.78,
          dy = v - bl.y;
        const w = bl.a * Math.exp(-(dx * dx + dy * dy) / (bl.r * bl.r));
        r += (bl.c[0] - r) * w;
        g += (bl.c[1] - g) * w;
        b += (bl.c[2] - b) * w;
      }
      const k = (gy * GW + gx) * 3;
      grid[k] = r;
      grid[k + 1] = g;
      grid[k + 2] = b;
    }
  const fb = new Float32Array(VW * VH * 3);
  for (let y = 0; y < VH; y++) {
    const gyf = (y / (VH - 1)) * (GH - 1);
    const y0 = Math.min(GH - 2, Math.floor(gyf));
    const fy = gyf - y0;
    for (let x = 0; x < VW; x++) {
      const gxf = (x / (VW - 1)) * (GW - 1);
      const x0 = Math.min(GW - 2, Math.floor(gxf));
      const fx = gxf - x0;
      const k00 = (y0 * GW + x0) * 3,
        k10 = k00 + 3,
        k01 = k00 + GW * 3,
        k11 = k01 + 3;
      const o = (y * VW + x) * 3;
      for (let ch = 0; ch < 3; ch++)
        fb[o + ch] = (grid[k00 + ch] * (1 - fx) + grid[k10 + ch] * fx) * (1 - fy) + (grid[k01 + ch] * (1 - fx) + grid[k11 + ch] * fx) * fy;
    }
  }
  // network
  const rnd = prng("hero-net");
  const nodes = [];
  for (let i = 0; i < 34; i++) {
    const bx = rnd() * VW,
      by = rnd() * VH,
      ax = 30 + rnd() * 50,
      ay = 20 + rnd() * 40,
      p1 = rnd() * TAU,
      p2 = rnd() * TAU,
      kx = rnd() < 0.5 ? 1 : -1,
      ky = rnd() < 0.7 ? 1 : 2;
    nodes.push([bx + ax * Math.sin(TAU * kx * t + p1), by + ay * Math.cos(TAU * ky * t + p2), rnd() < 0.15 ? hex(amber) : rnd() < 0.4 ? hex(teal) : hex(sky)]);
  }
  const blend = (x, y, c, a) => {
    if (x < 0 || y < 0 || x >= VW || y >= VH || a <= 0) return;
    const o = (y * VW + x) * 3;
    fb[o] += (c[0] - fb[o]) * a;
    fb[o + 1] += (c[1] - fb[o + 1]) * a;
    fb[o + 2] += (c[2] - fb[o + 2]) * a;
  };
  const skyc = hex(sky);
  const MAXD = 250;
  for (let i = 0; i < nodes.length; i++)
    for (let j = i + 1; j < nodes.length; j++) {
      const [x1, y1] = nodes[i],
        [x2, y2] = nodes[j];
      const d = Math.hypot(x2 - x1, y2 - y1);
      if (d > MAXD) continue;
      const alpha = 0.42 * (1 - d / MAXD) ** 1.5;
      const steep = Math.abs(y2 - y1) > Math.abs(x2 - x1);
      const [a1, b1, a2, b2] = steep ? [y1, x1, y2, x2] : [x1, y1, x2, y2];
      const lo = Math.min(a1, a2),
        hi = Math.max(a1, a2);
      for (let a = Math.ceil(lo); a <= hi; a++) {
        const bb = b1 + ((b2 - b1) * (a - a1)) / (a2 - a1 || 1);
        const bf = Math.floor(bb);
        const fr = bb - bf;
        if (steep) {
          blend(bf, a, skyc, alpha * (1 - fr));
          blend(bf + 1, a, skyc, alpha * fr);
        } else {
          blend(a, bf, skyc, alpha * (1 - fr));
          blend(a, bf + 1, skyc, alpha * fr);
        }
      }
    }
  for (const [nx, ny, c] of nodes)
    for (let y = Math.floor(ny - 6); y <= ny + 6; y++)
      for (let x = Math.floor(nx - 6); x <= nx + 6; x++) {
        const d = Math.hypot(x - nx, y - ny);
        blend(x, y, c, Math.max(0, Math.min(1, 3.2 - d)) * 0.85 + Math.max(0, 1 - d / 6) * 0.15);
      }
  for (let i = 0; i < fb.length; i++) buf[i] = Math.max(0, Math.min(255, Math.round(fb[i])));
}
async function makeVideo() {
  const ff = process.env.FFMPEG || "/usr/bin/ffmpeg";
  const dir = mkdtempSync(join(tmpdir(), "hero-"));
  const raw = join(dir, "frames.rgb");
  const { openSync, writeSync, closeSync } = await import("node:fs");
  const fd = openSync(raw, "w");
  const buf = Buffer.alloc(VW * VH * 3);
  for (let i = 0; i < FRAMES; i++) {
    renderFrame(i / FRAMES, buf);
    writeSync(fd, buf);
    if (i % 48 === 0) process.stdout.write(`frame ${i}/${FRAMES}\n`);
  }
  closeSync(fd);
  const input = ["-y", "-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", `${VW}x${VH}`, "-r", String(FPS), "-i", raw, "-an"];
  const run = (a) => {
    const r = spawnSync(ff, a, { stdio: "inherit" });
    if (r.status !== 0) throw new Error(`ffmpeg failed: ${a.join(" ")}`);
  };
  const out = (n) => join(PUB, "media", n);
  const vp9 = [
    "-c:v",
    "libvpx-vp9",
    "-pix_fmt",
    "yuv420p",
    "-b:v",
    "140k",
    "-maxrate",
    "240k",
    "-bufsize",
    "520k",
    "-g",
    String(FRAMES),
    "-row-mt",
    "1",
    "-deadline",
    "good",
    "-cpu-used",
    "1",
  ];
  run([...input, ...vp9, "-pass", "1", "-passlogfile", join(dir, "vp9"), "-f", "null", "/dev/null"]);
  run([...input, ...vp9, "-pass", "2", "-passlogfile", join(dir, "vp9"), out("hero.webm")]);
  run([
    ...input,
    "-c:v",
    "libx264",
    "-preset",
    "veryslow",
    "-profile:v",
    "high",
    "-pix_fmt",
    "yuv420p",
    "-crf",
    "31",
    "-maxrate",
    "260k",
    "-bufsize",
    "520k",
    "-g",
    String(FRAMES),
    "-movflags",
    "+faststart",
    out("hero.mp4"),
  ]);
  run([...input, ...POSTER, out("hero-poster.webp")]);
  rmSync(dir, { recursive: true, force: true });
}
// The poster is the first frame at 1920x1080: on a tall phone screen the hero is cropped from it
// without upscaling, so the browser counts the poster (not the video) as the largest paint.
const POSTER = ["-frames:v", "1", "-vf", "scale=1920:1080:flags=lanczos", "-c:v", "libwebp", "-quality", "78", "-compression_level", "6"];
async function makePoster() {
  const ff = process.env.FFMPEG || "/usr/bin/ffmpeg";
  const dir = mkdtempSync(join(tmpdir(), "hero-"));
  const raw = join(dir, "frame.rgb");
  const buf = Buffer.alloc(VW * VH * 3);
  renderFrame(0, buf);
  writeFileSync(raw, buf);
  const r = spawnSync(
    ff,
    [
      "-y",
      "-hide_banner",
      "-loglevel",
      "error",
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "-s",
      `${VW}x${VH}`,
      "-i",
      raw,
      ...POSTER,
      join(PUB, "media", "hero-poster.webp"),
    ],
    { stdio: "inherit" },
  );
  rmSync(dir, { recursive: true, force: true });
  if (r.status !== 0) throw new Error("ffmpeg failed");
}

// ---------------------------------------------------------------- write everything
const written = [];
function put(rel, content) {
  const file = join(PUB, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  const kb = Buffer.byteLength(content) / 1024;
  written.push(rel);
  if (rel.endsWith(".svg") && kb > 6) console.warn(`warning: ${rel} is ${kb.toFixed(1)} KB`);
}
const groups = {
  services: () =>
    Object.entries(SERVICES).forEach(([id, fn]) => {
      put(`media/services/${id}.svg`, scene(id, fn()));
    }),
  icons: () =>
    Object.entries(ICONS).forEach(([id, fn]) => {
      put(`media/services/${id}-icon.svg`, fn());
    }),
  industries: () =>
    Object.entries(INDUSTRIES).forEach(([id, fn]) => {
      put(`media/industries/${id}.svg`, scene(`ind-${id}`, fn(), [teal, sky, blue][id.length % 3]));
    }),
  process: () =>
    Object.entries(PROCESS).forEach(([id, fn]) => {
      put(`media/process/${id}.svg`, scene(`proc-${id}`, fn()));
    }),
  offerings: () =>
    Object.entries(OFFER_ICONS).forEach(([id, fn]) => {
      put(`media/offerings/${id}.svg`, fn());
    }),
  partners: () =>
    Object.entries(PARTNERS).forEach(([id, fn]) => {
      put(`media/partners/${id}.svg`, fn());
    }),
  portfolio: () =>
    Object.entries(PORTFOLIO).forEach(([id, fn], i) => {
      put(`media/portfolio/${id}.svg`, scene(`pf-${id}`, fn(), [sky, teal, blue][i % 3]));
    }),
  about: () =>
    Object.entries(ABOUT).forEach(([id, fn]) => {
      put(`media/${id}.svg`, scene(id, fn()));
    }),
  map: () => put("media/map-pune.svg", mapPune()),
  brand: () => {
    put("media/logo.svg", svg(64, 64, logoMark()));
    put("favicon.svg", svg(64, 64, logoMark()));
  },
};
for (const [name, fn] of Object.entries(groups)) if (!ONLY || ONLY === name) fn();
console.log(`wrote ${written.length} files under public/`);
if (args.includes("--poster") && !args.includes("--video")) await makePoster().then(() => console.log("wrote hero-poster.webp"));
if (args.includes("--video")) await makeVideo().then(() => console.log("wrote hero.webm, hero.mp4, hero-poster.webp"));
