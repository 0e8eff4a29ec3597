// The map on the canvas: squares coloured by terrain, reach shaded by cost band, thin walls,
// the hovered and the drawn path, tokens, the keyboard cursor. The colour and band choice and
// the grid geometry are pure (tests/js/drawing.test.mjs); draw() and resize() paint the
// page's state on the #map canvas.
import { state, systemMeta, mover, bandActions } from "./state.js";
import { legend, footprint, mapSize, creatureAt } from "./scene.js";
import { tokenLabels } from "./play.js";
import { numText } from "./labels.js";
import { drawTrail, drawPreview, drawWaypoints } from "./overlay.js";
import { drawPeek } from "./every.js";

// Colours per terrain flag; a square with several flags shows the first one here.
export const FLAG_STYLE = [
  ["wall", "#3b3a36"],
  ["pit", "#151515"],
  ["obstacle", "#8a6a43"],
  ["difficult", "#b9a07a"],
  ["hazardous", "#d46a4a"],
  ["poor_visibility", "#6f7c9a"],
];
export const OPEN = "#f3efe4";
export const TERRAIN_TEST = "#c5cfae"; // dh2e terrain that asks for an Agility test (mud, smoke ...)
export const NARROW = "#d9d2c0"; // a narrow or low square: passable by squeezing (SCENE.md width_ft)
export const SIDE_COLOURS = ["#1f5fa8", "#b3261e", "#6b3fa0", "#1e7b34", "#b36b00", "#00707a"];
export const BAND = ["rgba(46,160,67,0.45)", "rgba(230,180,20,0.45)", "rgba(230,110,20,0.40)"];
const HOVER_PATH = "rgba(31,95,168,0.85)";
// The squares a squeezed mover fills (RULES 1.5, seed 004 line 157), dashed.
const SQUEEZED = "#ffd23f";
const DRAWN_PATH = "rgba(120,40,160,0.9)";

// ---------- pure: colours, bands, geometry ----------

/** The colour of a square with legend flags `flags`. */
export function squareColour(flags) {
  for (const [f, c] of FLAG_STYLE) if (flags.includes(f)) return c;
  if (flags.includes("impassable")) return "#151515";
  if (flags.some((f) => f.startsWith("terrain:"))) return TERRAIN_TEST;
  if (flags.some((f) => f.startsWith("width:") || f.startsWith("height:"))) return NARROW;
  return OPEN;
}

/** The shade of cost band `band` (0 one move, 1 two, 2 and beyond a run). */
export function bandColour(band) {
  return BAND[Math.min(band, 2)];
}

/** Square "x,y" -> [band index from 0, cost]: the library's cost band (1 one move, 2 two, 3 a
 *  run), the smallest over `actions` of the reach answers `reach` ({action: answer}), each
 *  with the cost that answer gives. */
export function bandOf(reach, actions) {
  const out = new Map();
  if (!reach) return out;
  for (const a of actions) {
    const r = reach[a];
    if (!r) continue;
    for (const s of r.squares) {
      const k = s.at[0] + "," + s.at[1];
      const band = (s.band || 1) - 1;
      const prev = out.get(k);
      if (!prev || band < prev[0]) out.set(k, [band, s.cost]);
    }
  }
  return out;
}

/** A side's token colour: by the order sides first appear among `creatures`. */
export function sideColour(creatures, side) {
  const sides = [...new Set(creatures.map((c) => c.side))];
  return SIDE_COLOURS[Math.max(0, sides.indexOf(side)) % SIDE_COLOURS.length];
}

/** A thin wall's stroke: colour by its door (open, closed, none) and dashes for an open door. */
export function wallStroke(wall, cell) {
  const colour = wall.door === "open" ? "#2e8b57" : wall.door === "closed" ? "#8b4513" : "#111";
  return { colour, width: Math.max(3, cell / 8), dash: wall.door === "open" ? [cell / 4, cell / 6] : [] };
}

/** Pixels a square for a `w` by `h` map in a `width` px wide box and a `height` px high window:
 *  10-48 px, as large as fits. */
export function cellSize(w, h, width, height) {
  const avail = Math.max(200, width - 10);
  const availH = Math.max(240, height - 170);
  return Math.max(10, Math.min(48, Math.floor(Math.min(avail / w, availH / h))));
}

/** The square under canvas point (px, py), or null off a `w` by `h` map. */
export function squareAt(px, py, cell, w, h) {
  const x = Math.floor(px / cell), y = Math.floor(py / cell);
  if (x < 0 || y < 0 || x >= w || y >= h) return null;
  return [x, y];
}

/** The grid point (a squares' corner) nearest canvas point (px, py). */
export function cornerAt(px, py, cell) {
  return [Math.round(px / cell), Math.round(py / cell)];
}

/** A fraction string ("7/2", "3", "-0.5") as a number, or null. */
export function fractionOf(v) {
  const m = /^\s*(-?[\d.]+)(?:\s*\/\s*([\d.]+))?\s*$/.exec(String(v));
  if (!m) return null;
  const n = Number(m[1]), d = m[2] === undefined ? 1 : Number(m[2]);
  return Number.isFinite(n) && d ? n / d : null;
}

/** Where the background picture lies, in squares [x, y, width, height]: the whole `w` by `h`
 *  map unless the import recorded its corner and size (x-import.background_origin, .extent; as
 *  the server's picture places it). */
export function backgroundPlacement(scene, w, h) {
  const info = scene["x-import"] || {};
  const pair = (v) => (Array.isArray(v) && v.length === 2 && v.map(fractionOf).every((x) => x !== null) ? v.map(fractionOf) : null);
  const o = pair(info.background_origin) || [0, 0], e = pair(info.extent) || [w, h];
  return [o[0], o[1], e[0], e[1]];
}

/** A token's label: the id's first letters (more for a token of several squares). */
export function tokenLabel(c, n) {
  return c.id.slice(0, n > 1 ? 6 : 3);
}

/** The label's font size: `px` shrunk (to 7 at least) when its width `wide` exceeds `room`. */
export function fitFont(px, room, wide) {
  return wide > room ? Math.max(7, Math.floor((px * room) / wide)) : px;
}

// ---------- the canvas ----------

function canvas() {
  return document.getElementById("map");
}

/** Size the canvas to the scene and the space (squares of 10-48 px), then draw. */
export function resize() {
  if (!state.scene) return;
  const [w, h] = mapSize(state.scene);
  const cv = canvas(), ctx = cv.getContext("2d");
  state.cell = cellSize(w, h, document.getElementById("drop").clientWidth, window.innerHeight);
  const dpr = window.devicePixelRatio || 1;
  cv.width = w * state.cell * dpr;
  cv.height = h * state.cell * dpr;
  cv.style.width = w * state.cell + "px";
  cv.style.height = h * state.cell + "px";
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  draw();
}

/** Draw the page's state on the map. */
export function draw() {
  if (!state.scene) return;
  const cv = canvas(), ctx = cv.getContext("2d");
  const s = state.cell, [w, h] = mapSize(state.scene);
  ctx.clearRect(0, 0, w * s, h * s);
  drawSquares(ctx, s);
  drawBands(ctx, s);
  drawPeek(ctx, s, state); // the reach of the token under the pointer (every.js)
  drawGrid(ctx, s, w, h);
  drawWalls(ctx, s);
  const m = mover(state);
  drawTrail(ctx, s);
  if (!state.drag && state.hover && state.hover.response.found && m) drawPath(ctx, state.hover.response.path, HOVER_PATH, false);
  if (state.draft.length && m) drawDraft(ctx, s, m);
  if (state.hover && state.hover.response.found) drawSqueezed(ctx, s, squeezedSpaces(state.hover.response));
  if (state.draft.length && state.check) drawSqueezed(ctx, s, squeezedSpaces(state.check));
  drawTokens(ctx, s);
  drawWaypoints(ctx, s);
  if (state.drag && state.drag.to) drawPreview(ctx, s, footprint(systemMeta(state), state.drag.creature));
  else if (state.hover && m) drawPreview(ctx, s, 0);
  if (document.activeElement === cv) {
    ctx.strokeStyle = "#000";
    ctx.lineWidth = 2;
    ctx.setLineDash([4, 3]);
    ctx.strokeRect(state.cursor[0] * s + 1, state.cursor[1] * s + 1, s - 2, s - 2);
    ctx.setLineDash([]);
  }
}

function drawSquares(ctx, s) {
  const rows = state.scene.map, lg = legend(state.meta, state.scene);
  const [w, h] = mapSize(state.scene);
  const bg = backgroundImage();
  if (bg) {
    const [bx, by, bw, bh] = backgroundPlacement(state.scene, w, h);
    ctx.drawImage(bg, bx * s, by * s, bw * s, bh * s);
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const flags = lg[rows[y][x]] || [];
      if (bg && !flags.length) continue; // open ground: let the map's picture show
      ctx.globalAlpha = bg ? 0.6 : 1;
      ctx.fillStyle = squareColour(flags);
      ctx.fillRect(x * s, y * s, s, s);
      ctx.globalAlpha = 1;
      if (flags.includes("difficult") && s >= 12) {
        ctx.strokeStyle = "rgba(90,60,20,0.5)";
        ctx.beginPath();
        ctx.moveTo(x * s + 2, y * s + s - 2); ctx.lineTo(x * s + s - 2, y * s + 2);
        ctx.moveTo(x * s + 2, y * s + s / 2); ctx.lineTo(x * s + s / 2, y * s + 2);
        ctx.stroke();
      }
    }
  }
}

function drawBands(ctx, s) {
  ctx.font = Math.max(8, Math.floor(s * 0.3)) + "px system-ui, sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (const [k, [band, cost]] of bandOf(state.reach, bandActions(state))) {
    const [x, y] = k.split(",").map(Number);
    ctx.fillStyle = bandColour(band);
    ctx.fillRect(x * s, y * s, s, s);
    if (s >= 24) { ctx.fillStyle = "rgba(0,0,0,0.7)"; ctx.fillText(numText(state.lang, cost), x * s + s / 2, y * s + s * 0.78); }
  }
}

function drawGrid(ctx, s, w, h) {
  ctx.strokeStyle = "rgba(0,0,0,0.15)";
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = 0; x <= w; x++) { ctx.moveTo(x * s + 0.5, 0); ctx.lineTo(x * s + 0.5, h * s); }
  for (let y = 0; y <= h; y++) { ctx.moveTo(0, y * s + 0.5); ctx.lineTo(w * s, y * s + 0.5); }
  ctx.stroke();
}

function drawWalls(ctx, s) {
  for (const wl of state.scene.walls) {
    const st = wallStroke(wl, s);
    ctx.strokeStyle = st.colour;
    ctx.lineWidth = st.width;
    ctx.setLineDash(st.dash);
    ctx.beginPath();
    ctx.moveTo(wl.from[0] * s, wl.from[1] * s);
    ctx.lineTo(wl.to[0] * s, wl.to[1] * s);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  if (state.wallStart) {
    ctx.fillStyle = "#111";
    ctx.beginPath();
    ctx.arc(state.wallStart[0] * s, state.wallStart[1] * s, Math.max(3, s / 7), 0, 7);
    ctx.fill();
  }
}

/** The spaces a squeezed mover fills along a path or check answer (RULES 1.5): the
 *  `occupies` squares of each breakdown step that has them, as lists of [x, y]. */
export function squeezedSpaces(answer) {
  if (!answer || !Array.isArray(answer.breakdown)) return [];
  return answer.breakdown.filter((b) => Array.isArray(b.occupies)).map((b) => b.occupies);
}

function drawSqueezed(ctx, s, spaces) {
  if (!spaces.length) return;
  ctx.strokeStyle = SQUEEZED;
  ctx.lineWidth = 2;
  ctx.setLineDash([4, 3]);
  for (const space of spaces) for (const [x, y] of space) ctx.strokeRect(x * s + 3, y * s + 3, s - 6, s - 6);
  ctx.setLineDash([]);
}

// The path being drawn for a check, from the mover; the squares of its violations in red.
function drawDraft(ctx, s, m) {
  drawPath(ctx, [[m.at[0], m.at[1]]].concat(state.draft), DRAWN_PATH, true);
  if (!state.check) return;
  for (const v of state.check.violations) {
    const p = state.draft[v.step - 1];
    if (!p) continue;
    ctx.strokeStyle = "#b3261e";
    ctx.lineWidth = 3;
    ctx.strokeRect(p[0] * s + 2, p[1] * s + 2, s - 4, s - 4);
  }
}

/** The full name of the token under square `sq` (the canvas's tooltip), or "". */
export function tokenTitle(sq) {
  if (!sq || !state.scene) return "";
  const c = creatureAt(state.scene, systemMeta(state), sq[0], sq[1]);
  const name = c && (c.name || c["x-name"]);
  return c ? c.id + (name && name !== c.id ? " — " + name : "") + " (" + c.side + ")" : "";
}

function drawTokens(ctx, s) {
  const sm = systemMeta(state), creatures = state.scene.creatures;
  const labels = tokenLabels(creatures, (c) => footprint(sm, c));
  for (const c of creatures) {
    const n = footprint(sm, c);
    const cx = (c.at[0] + n / 2) * s, cy = (c.at[1] + n / 2) * s, r = (n * s) / 2 - 3;
    ctx.globalAlpha = c.helpless ? 0.45 : 1;
    ctx.fillStyle = sideColour(creatures, c.side);
    ctx.beginPath();
    ctx.arc(cx, cy, Math.max(4, r), 0, 7);
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.lineWidth = c.id === state.moverId ? 4 : 2;
    ctx.strokeStyle = c.id === state.selectedId ? "#ffd23f" : "#fff";
    ctx.stroke();
    if (c.fly) { ctx.strokeStyle = "#fff"; ctx.setLineDash([3, 3]); ctx.beginPath(); ctx.arc(cx, cy, Math.max(2, r - 5), 0, 7); ctx.stroke(); ctx.setLineDash([]); }
    ctx.fillStyle = "#fff";
    // The id's first letters, as large as fits inside the token.
    const label = labels.get(c.id) || tokenLabel(c, n);
    let px = Math.max(9, Math.floor(s * 0.32 * Math.min(n, 2)));
    ctx.font = "bold " + px + "px system-ui, sans-serif";
    const room = Math.max(8, 2 * r - 6), wide = ctx.measureText(label).width;
    if (wide > room) {
      px = fitFont(px, room, wide);
      ctx.font = "bold " + px + "px system-ui, sans-serif";
    }
    ctx.fillText(label, cx, cy);
  }
}

// Only embedded pictures (data: URLs from an import): the page never fetches elsewhere.
function backgroundImage() {
  const src = state.scene.background;
  if (!src || !src.startsWith("data:image/")) return null;
  if (!state.background || state.background.src !== src) {
    const img = new Image();
    img.onload = () => draw();
    img.src = src;
    state.background = { src, img };
  }
  return state.background.img.complete && state.background.img.naturalWidth ? state.background.img : null;
}

/** Draw a path through `points` (squares) in `colour`, with a dot on each square if `dots`. */
export function drawPath(ctx, points, colour, dots) {
  const s = state.cell;
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(2, s / 9);
  ctx.beginPath();
  points.forEach((p, i) => {
    const x = (p[0] + 0.5) * s, y = (p[1] + 0.5) * s;
    if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
  });
  ctx.stroke();
  if (dots) {
    ctx.fillStyle = colour;
    for (const p of points.slice(1)) { ctx.beginPath(); ctx.arc((p[0] + 0.5) * s, (p[1] + 0.5) * s, Math.max(2, s / 8), 0, 7); ctx.fill(); }
  }
}
