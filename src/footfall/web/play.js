// Playing on the map, the pure part (tests/js/play.test.mjs): which action a square's band
// stands for, where a token may be put down, what a path provokes and where, token labels that
// tell tokens apart, a turn's budget in words, the encounter's trail and its redo stack.
// Values in, values out: no document, no fetch.
import { footprint, legend, mapSize } from "./scene.js";

/** The action to ask a path with for square `sq`: the first of `actions` (the band actions,
 *  smallest first) whose reach answer in `reach` holds the square, else the last (widest) one,
 *  so that a square out of reach is told by how far the widest action falls short. */
export function actionForSquare(reach, actions, sq) {
  if (!actions.length) return null;
  if (reach) {
    for (const a of actions) {
      const r = reach[a];
      if (r && r.squares.some((s) => s.at[0] === sq[0] && s.at[1] === sq[1])) return a;
    }
  }
  return actions[actions.length - 1];
}

/** The number of squares shaded: each square once, over every answer in `bands` (bandOf's map). */
export function shadedCount(bands) {
  return bands.size;
}

/** How many squares each band holds, smallest band first: [[band index, count], ...]. */
export function bandCounts(bands) {
  const n = new Map();
  for (const [band] of bands.values()) n.set(band, (n.get(band) || 0) + 1);
  return [...n.entries()].sort((a, b) => a[0] - b[0]);
}

/** Why creature `c` may not be put down at `to` without a move (placing on the map, not
 *  moving): "off-map", "blocked" (a wall, pit or impassable square under it), "occupied" (another
 *  creature there), or null when it may. `sm` is the system's /api/meta entry. */
export function placementProblem(meta, sm, scene, c, to) {
  const n = footprint(sm, c), [w, h] = mapSize(scene), lg = legend(meta, scene);
  if (to[0] < 0 || to[1] < 0 || to[0] + n > w || to[1] + n > h) return "off-map";
  for (let y = to[1]; y < to[1] + n; y++) {
    for (let x = to[0]; x < to[0] + n; x++) {
      const flags = lg[scene.map[y][x]] || [];
      if (flags.some((f) => f === "wall" || f === "pit" || f === "impassable")) return "blocked";
    }
  }
  for (const o of scene.creatures) {
    if (o === c || o.id === c.id || o.helpless) continue;
    const m = footprint(sm, o);
    if (to[0] < o.at[0] + m && o.at[0] < to[0] + n && to[1] < o.at[1] + m && o.at[1] < to[1] + n) return "occupied";
  }
  return null;
}

/** What a path answer (path or check) provokes, each with the square it happens at (the square
 *  left at that step: path[step - 1]) and who strikes: [{at, by, kind, message}]. */
export function provocations(res) {
  if (!res || !res.path) return [];
  return (res.provokes || []).map((p) => ({
    at: res.path[Math.max(0, Math.min(res.path.length - 1, (p.step || 1) - 1))],
    by: p.by,
    kind: p.kind,
    message: p.message,
  }));
}

/** One line for a path answer while a token is dragged or the pointer rests: "valeros → (12,0):
 *  55 ft, double move" or why there is no path; `tr` translates, `unit` is the unit's name. */
export function previewLine(tr, moverId, res, unit) {
  if (!res) return "";
  if (res.error) return res.error;
  const to = "(" + res.to.join(",") + ")";
  if (!res.found) return tr("preview_none", { mover: moverId, to, reason: res.reason || "" }) + (res.rule ? " [" + res.rule + "]" : "");
  const line = tr("preview", { mover: moverId, to, cost: res.cost, unit, action: res.action_name || res.action });
  return res.turn_cost === undefined ? line : line + " " + tr("turn_total", { cost: res.turn_cost, unit });
}

/** The rule a refused drop broke, in one line: the path answer's reason and rule, or the first
 *  violation of a refused encounter move. */
export function refusalLine(tr, moverId, res) {
  if (res && res.violations && res.violations.length) {
    const v = res.violations[0];
    return tr("refused", { mover: moverId, why: v.message + " [" + v.rule + "]" });
  }
  const why = res && res.reason ? res.reason + (res.rule ? " [" + res.rule + "]" : "") : (res && res.error) || "";
  return tr("refused", { mover: moverId, why });
}

/** Token labels that tell tokens apart: id -> label. A token's label is the id's first letters
 *  (3, or 6 for a token of several squares); among tokens whose labels would be the same, one
 *  whose id is the shared start keeps it, the others take the id's first letter and the first
 *  letters of what sets each apart (goblin, goblin-archer: "gob", "gar"), then a number if even
 *  that repeats. `sizes` maps a creature to its footprint. */
export function tokenLabels(creatures, sizes) {
  const base = new Map();
  for (const c of creatures) base.set(c.id, c.id.slice(0, (sizes(c) > 1 ? 6 : 3)));
  const groups = new Map();
  for (const c of creatures) {
    const l = base.get(c.id);
    if (!groups.has(l)) groups.set(l, []);
    groups.get(l).push(c.id);
  }
  const out = new Map(base);
  for (const ids of groups.values()) {
    if (ids.length < 2) continue;
    const shared = commonPrefix(ids);
    for (const id of ids) {
      const tail = id.slice(shared.length).replace(/^[-_. ]+/, "");
      if (tail) out.set(id, id.slice(0, 1) + tail.slice(0, 2));
    }
  }
  const seen = new Map();
  for (const c of creatures) {
    const l = out.get(c.id), k = (seen.get(l) || 0) + 1;
    seen.set(l, k);
    if (k > 1) out.set(c.id, l + k);
  }
  return out;
}

function commonPrefix(ids) {
  let p = ids[0];
  for (const id of ids) while (!id.startsWith(p)) p = p.slice(0, -1);
  return p;
}

/** The creatures of `scene` that have no speed for system `sm` (no `speed`, or no
 *  `agility_bonus` where the system counts by it). */
export function missingSpeeds(sm, scene) {
  const field = (sm && sm.speed_field) || "speed";
  return ((scene && scene.creatures) || []).filter((c) => c[field] === undefined || c[field] === null);
}

/** Give each creature in `creatures` the system's default speed (Agility Bonus 3 in dh2e, as a
 *  new creature gets); return how many were given one. */
export function giveDefaultSpeeds(sm, creatures) {
  for (const c of creatures) {
    if (sm.speed_field === "agility_bonus") c.agility_bonus = 3; else c.speed = sm.default_speed;
  }
  return creatures.length;
}

// ---------- the turn (TURN.md) ----------

/** The turn's budget in words: what each action has spent and still allows, e.g. "move 10 of
 *  30 ft; double move: 50 ft left". `budgets` maps an action to its whole allowance (from the
 *  path answers seen), `names` an action id to its label. */
export function budgetLine(tr, turn, unit, names, budgets) {
  if (!turn) return "";
  const name = (a) => (names && names[a]) || a;
  const parts = [];
  for (const [a, spent] of Object.entries(turn.spent || {})) {
    const whole = budgets && budgets[a];
    parts.push(whole ? tr("spent_of", { action: name(a), spent, whole, unit }) : tr("spent", { action: name(a), spent, unit }));
  }
  const left = (turn.can || []).map((c) =>
    c.left === null || c.left === undefined // a granted distance (a shift N): the effect says how far
      ? tr("left_granted", { action: name(c.action) })
      : tr("left", { action: name(c.action), left: c.left, unit }));
  if (!parts.length && !left.length) return tr("turn_done");
  return parts.concat(left).join("; ");
}

/** The action to record a move under: the first of the turn's `can` entries (smallest first)
 *  that still allows `cost`, preferring `wanted` (the band action the square lies in) when it
 *  does; null when none does. */
export function moveAction(can, cost, wanted) {
  const ok = (can || []).filter((c) => c.left >= cost);
  if (!ok.length) return null;
  const w = ok.find((c) => c.action === wanted);
  return (w || ok[0]).action;
}

/** The squares the turn's moves went through, joined: the trail to draw (each move's path starts
 *  where the previous one ended). */
export function trail(turn) {
  const out = [];
  for (const m of (turn && turn.moves) || []) {
    for (const p of m.path) {
      const last = out[out.length - 1];
      if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
    }
  }
  return out;
}

/** The redo stack after an answer: an undo pushes the move it took back (`undone`), a new move
 *  empties it, a redo pops it. */
export function afterUndo(redo, undone) {
  return undone ? redo.concat([undone]) : redo;
}

/** The move an undo takes back: the turn's last move (action and the squares entered after its
 *  start, the body a redo sends again), or null. */
export function lastMove(turn) {
  const ms = (turn && turn.moves) || [];
  if (!ms.length) return null;
  const m = ms[ms.length - 1];
  return { action: m.action, path: m.path.slice(1) };
}

/** The initiative order after moving `id` by `delta` places (-1 up, +1 down). */
export function reorder(order, id, delta) {
  const i = order.indexOf(id), j = i + delta;
  if (i < 0 || j < 0 || j >= order.length) return order.slice();
  const out = order.slice();
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

/** The initiative order after putting `id` at place `index` (the place of the name it was
 *  dropped on: the names between shift by one). */
export function moveTo(order, id, index) {
  const i = order.indexOf(id);
  if (i < 0 || index < 0 || index >= order.length) return order.slice();
  const out = order.filter((o) => o !== id);
  out.splice(index, 0, id);
  return out;
}

/** The path answer `res` (from the token's square) judged as part of the whole turn: `check`
 *  is /api/check's answer for the turn's path so far (`before` squares entered) plus `res`'s
 *  steps. Illegal: a path answer that is not found, with the first violation as its reason;
 *  legal: `res` with the turn's provocations of the new steps (renumbered onto its path), the
 *  whole turn's cost as `turn_cost` and, given `paid` (the turn's moves' cost so far), the
 *  move's own `cost` as the turn counts it (a diagonal may cost 10 ft after the first). */
export function judgedByTurn(res, check, before, paid) {
  if (!check.legal) {
    const v = check.violations[0] || {};
    return { found: false, to: res.to, unit: res.unit, action: res.action, reason: v.message, rule: v.rule };
  }
  const provokes = (check.provokes || []).filter((p) => p.step > before).map((p) => Object.assign({}, p, { step: p.step - before }));
  const more = { provokes, turn_cost: check.cost, action: check.action || res.action, action_name: check.action_name || res.action_name };
  // What the move adds to the turn's movement (the shading's number), when the cost so far is known.
  if (typeof paid === "number") more.cost = Math.round((check.cost - paid) * 1000) / 1000;
  return Object.assign({}, res, more);
}
