// What the map shows over the scene while playing: the dragged token's path in its band's colour
// with its cost, the squares where it provokes and who strikes, the waypoints, and the turn's
// trail. Drawn by drawing.js's draw(); reads the page's state.
import { state, systemMeta, bandActions } from "./state.js";
import { footprint } from "./scene.js";
import { provocations, trail } from "./play.js";
import { drawPath } from "./drawing.js";
import { amount } from "./labels.js";
import { tr } from "./page.js";

const BAND_LINE = ["rgba(30,130,50,0.95)", "rgba(190,140,0,0.95)", "rgba(210,90,10,0.95)"];
const REFUSED = "#b3261e";
const TRAIL = "rgba(40,40,40,0.75)";

/** The colour of a path answer's line: its action's band (one move, two, a run). */
export function bandLine(actions, action) {
  const i = Math.max(0, actions.indexOf(action));
  return BAND_LINE[Math.min(i, 2)];
}

/** The dragged token's path (n: its squares a side) or, n = 0, the path under the pointer: the
 *  line in the band's colour, the cost by the target, and each provocation marked. */
export function drawPreview(ctx, s, n) {
  const res = n ? state.dragPath && state.dragPath.response : state.hover && state.hover.response;
  if (n) {
    const to = state.drag.to, ok = res && res.found;
    ctx.strokeStyle = !res ? "#ffd23f" : ok ? bandLine(bandActions(state), res.action) : REFUSED;
    ctx.lineWidth = 3;
    ctx.setLineDash(ok || !res ? [] : [6, 4]);
    ctx.strokeRect(to[0] * s, to[1] * s, n * s, n * s);
    ctx.setLineDash([]);
    if (!res) return;
    if (ok) drawPath(ctx, res.path, bandLine(bandActions(state), res.action), true);
    label(ctx, s, to, n, ok ? amount(tr, res.cost, res.unit) : "✕", ok ? "#1d1d1b" : REFUSED);
  }
  if (res && res.found) drawProvocations(ctx, s, res);
}

function label(ctx, s, to, n, text, colour) {
  ctx.font = "bold " + Math.max(10, Math.floor(s * 0.34)) + "px system-ui, sans-serif";
  // Above the token, or below it on the top row.
  const x = (to[0] + n / 2) * s, y = to[1] > 0 ? to[1] * s - 2 : (to[1] + n) * s + s * 0.4, w = ctx.measureText(text).width + 8;
  ctx.fillStyle = "rgba(255,255,255,0.9)";
  ctx.fillRect(x - w / 2, y - s * 0.4, w, s * 0.4);
  ctx.fillStyle = colour;
  ctx.textAlign = "center";
  ctx.textBaseline = "bottom";
  ctx.fillText(text, x, y);
  ctx.textBaseline = "middle";
}

// Where the path provokes: a red ring on the square left, a line from the creature that strikes.
function drawProvocations(ctx, s, res) {
  const sm = systemMeta(state);
  for (const p of provocations(res)) {
    const x = (p.at[0] + 0.5) * s, y = (p.at[1] + 0.5) * s;
    const by = state.scene.creatures.find((c) => c.id === p.by);
    if (by) {
      const n = footprint(sm, by);
      ctx.strokeStyle = "rgba(179,38,30,0.8)";
      ctx.lineWidth = 2;
      ctx.setLineDash([4, 3]);
      ctx.beginPath();
      ctx.moveTo((by.at[0] + n / 2) * s, (by.at[1] + n / 2) * s);
      ctx.lineTo(x, y);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.strokeStyle = REFUSED;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.arc(x, y, s * 0.42, 0, 7);
    ctx.stroke();
    ctx.fillStyle = REFUSED;
    ctx.font = "bold " + Math.max(9, Math.floor(s * 0.4)) + "px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.fillText("⚔", x, y);
  }
}

/** The waypoints, numbered in order. */
export function drawWaypoints(ctx, s) {
  state.waypoints.forEach((p, i) => {
    const x = (p[0] + 0.5) * s, y = (p[1] + 0.5) * s, r = s * 0.3;
    ctx.fillStyle = "rgba(31,95,168,0.9)";
    ctx.beginPath();
    ctx.moveTo(x, y - r); ctx.lineTo(x + r, y); ctx.lineTo(x, y + r); ctx.lineTo(x - r, y);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = "#fff";
    ctx.font = "bold " + Math.max(8, Math.floor(s * 0.3)) + "px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.fillText(String(i + 1), x, y);
  });
}

/** The turn's trail: the squares its moves went through, dashed. */
export function drawTrail(ctx, s) {
  const enc = state.encounter;
  if (!enc) return;
  const pts = trail(enc.turn);
  if (pts.length < 2) return;
  ctx.setLineDash([s / 5, s / 7]);
  drawPath(ctx, pts, TRAIL, true);
  ctx.setLineDash([]);
}
