// The page's state and its transitions: which scene, mover, action and tool; the answers on
// screen; and the numbers that keep late answers out. Pure: no document, no fetch
// (tests/js/state.test.mjs); the page's one record is `state` (window.footfall.state).

/** A fresh page state (the page uses `state`; tests make their own). */
export function createState() {
  return {
    lang: "en",
    meta: null,
    samples: [],
    scene: null,
    sceneName: "scene",
    moverId: null,
    selectedId: null,
    action: null,
    distance: null,
    bands: true,
    interp: {},
    tool: "select",
    paintChar: "^",
    wallStart: null,
    cursor: [0, 0],
    reach: null, // {action: response}
    every: null, // every creature's reach, by the question it answers (every.js)
    hover: null, // {to, response}
    hoverSquare: null,
    draft: [], // squares after the start, for check
    check: null,
    cell: 32,
    background: null, // {src, img} of the scene's imported background picture
    drag: null,
    painting: false,
    // Answers that may arrive late: each kind of question has a number, bumped at once by a
    // newer question or by any change that makes the pending answer stale; an answer is used
    // only while its number is current (a slow answer never overwrites a newer state).
    seq: { reach: 0, hover: 0, check: 0, scene: 0, meta: 0, travel: 0, drag: 0, encounter: 0 },
    said: null, // {key, values, source} of the page message on the status line
    busy: 0, // questions in flight and debounced calls not yet run (window.footfall.idle())
    flyOverride: {}, // mover id -> flying chosen on the page
    tracing: null, // the last square of a path being dragged
    waypoints: [], // squares the mover's path must pass through (Ctrl+click, V)
    dragPath: null, // {to, response}: the path answer for the dragged token's square
    dropping: false,
    encounter: null, // the TURN.md encounter being played, or null (editing a scene)
    redo: [], // moves taken back by undo, the last first out: [{action, path}]
    encounterServer: null, // true / false once the page knows whether /api/encounters answers
    warnings: [], // the last import's warnings
  };
}

/** The page's state. */
export const state = createState();

// ---------- late answers ----------

/** Number a new question of `kind`; its answer is used only while `isCurrent`. */
export function ask(st, kind) {
  return ++st.seq[kind];
}

/** Whether question `n` of `kind` is still the newest (nothing made its answer stale). */
export function isCurrent(st, kind, n) {
  return n === st.seq[kind];
}

/** Make the answers of `kinds` on their way stale at once. */
export function stale(st, ...kinds) {
  for (const k of kinds) st.seq[k]++;
}

/** Run `fn`, counted as work in flight while it runs (`idle` is false meanwhile). */
export async function job(st, fn) {
  st.busy++;
  try { return await fn(); } finally { st.busy--; }
}

/** Whether no question is in flight or waiting for its debounce. */
export function idle(st) {
  return st.busy === 0;
}

/** Call `fn` once calls stop for `ms`; `kinds` are the answers a call makes stale at once
 *  (not only when `fn` finally runs). A call waiting counts as busy. */
export function debounce(st, fn, ms, ...kinds) {
  let t = null;
  return (...a) => {
    stale(st, ...kinds);
    if (t === null) st.busy++;
    clearTimeout(t);
    t = setTimeout(() => { t = null; st.busy--; fn(...a); }, ms);
  };
}

// ---------- what the state points at ----------

/** The /api/meta entry of system `id` (default: the scene's system), or null. */
export function systemMeta(st, id) {
  return (st.meta && st.meta.systems.find((s) => s.id === (id || (st.scene && st.scene.system)))) || null;
}

/** The creature that moves (the mover), or null. */
export function mover(st) {
  return ((st.scene && st.scene.creatures) || []).find((c) => c.id === st.moverId) || null;
}

/** The selected creature (the one the form edits), or undefined. */
export function selected(st) {
  return st.scene ? st.scene.creatures.find((c) => c.id === st.selectedId) : undefined;
}

/** The actions to ask `reach` for: the system's band actions (one move, two, a run) when
 *  bands are shaded and the selected action is one of them, else the selected action. */
export function bandActions(st) {
  const sm = systemMeta(st);
  if (!sm) return [];
  if (st.bands && sm.band_actions && sm.band_actions.includes(st.action)) return sm.band_actions;
  return [st.action];
}

/** Whether action `id` of system entry `sm` takes a granted distance (Draw Steel's shift). */
export function takesDistance(sm, id) {
  return !!(sm.actions.find((a) => a.id === id) || {}).distance;
}

/** The action to select in `sm`: `prev` if the system has it, else its default. */
export function chooseAction(sm, prev) {
  return sm.actions.some((a) => a.id === prev) ? prev : sm.default_action;
}

/** The interpretation switches of `sm`: each the `current` choice where it is valid, else the
 *  default. */
export function chooseInterpretations(sm, current) {
  const next = {};
  for (const it of sm.interpretations) {
    next[it.name] = current[it.name] && it.choices.includes(current[it.name]) ? current[it.name] : it.default;
  }
  return next;
}

// ---------- transitions ----------

/** Put `scene` (named `name`) on the page: a drawn path, its check, the hovered path and a
 *  half-drawn wall go; the mover stays if the scene has it, else the server's default mover
 *  (for its default scene), else the first creature; it is also selected. */
export function openScene(st, scene, name) {
  st.scene = scene;
  st.scene.creatures = st.scene.creatures || [];
  st.scene.walls = st.scene.walls || [];
  st.sceneName = name || "scene";
  st.draft = [];
  st.check = null;
  st.hover = null;
  st.wallStart = null;
  st.waypoints = [];
  const cs = st.scene.creatures;
  const keep = cs.find((c) => c.id === st.moverId);
  const preferred = name === st.meta.default_scene ? st.meta.default_mover : null;
  st.moverId = keep ? keep.id : (cs.find((c) => c.id === preferred) || cs[0] || {}).id || null;
  st.selectedId = st.moverId;
  st.cursor = [0, 0];
}

/** Select creature `id`, which becomes the mover; a drawn path goes. */
export function selectCreature(st, id) {
  if (st.moverId !== id) st.waypoints = [];
  st.selectedId = id;
  st.moverId = id;
  st.draft = [];
}
