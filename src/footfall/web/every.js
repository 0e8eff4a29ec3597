// Every creature's reach at once (issue 15, item 3): one POST /api/reach/all per action asked
// (the band actions: one move, two, a run) gives every token's reach on the scene as it stands,
// kept until the scene or the question changes. Selecting a token takes its reach from there
// (no request), and resting the pointer on another token outlines where that one could go.
// In an encounter the mover's reach is still asked alone (the turn's remaining reach, turns.js);
// the other tokens' outlines come from here. The record and its readers are pure
// (tests/js/every.test.mjs); `everyReaches` asks, through api.js.
import { bandActions, job, mover, systemMeta } from "./state.js";
import { postReachAll } from "./api.js";
import { creatureAt, withoutBackground } from "./scene.js";

/** The body of /api/reach/all for `action`: the scene (no background picture), the switches
 *  and a granted distance; no mover and no flight (each creature's own default). */
export function everyBody(st, action) {
  const q = { scene: withoutBackground(st.scene), action, interpretations: st.interp };
  if (st.distance) q.distance = st.distance;
  return q;
}

/** What the answers for `actions` depend on (a string): the language (their words) and the
 *  bodies. Any edit of the scene, a switch, the action or the distance changes it. */
export function everyKey(st, actions) {
  return JSON.stringify([st.lang, actions.map((a) => everyBody(st, a))]);
}

/** Read one /api/reach/all answer per action into the page's record: `reaches` by creature id
 *  ({action: reach answer}), `refused` by id ({action: message}). */
export function collect(key, actions, answers) {
  const reaches = {}, refused = {};
  actions.forEach((a, i) => {
    for (const [id, r] of Object.entries(answers[i].reaches || {})) (reaches[id] = reaches[id] || {})[a] = r;
    for (const [id, e] of Object.entries(answers[i].refused || {})) (refused[id] = refused[id] || {})[a] = e.message;
  });
  return { key, actions: actions.slice(), reaches, refused };
}

/** Creature `id`'s answers for `actions` from record `every` ({action: answer}) when the record
 *  answers question `key`; null when it does not. A creature refused throws the server's
 *  message, as /api/reach for it would. */
export function reachOf(every, key, id, actions) {
  if (!every || every.key !== key) return null;
  const why = every.refused[id];
  if (why) throw new Error(why[actions.find((a) => why[a]) || actions[0]]);
  const mine = every.reaches[id];
  if (!mine || !actions.every((a) => mine[a])) return null;
  return Object.fromEntries(actions.map((a) => [a, mine[a]]));
}

/** Whether the mover's reach may come from every creature's: not in an encounter (the turn's
 *  remaining reach is asked there) and no flight chosen on the page for it (every creature
 *  moves by its own default in /api/reach/all). */
export function sharable(st) {
  return !st.encounter && !(st.moverId in st.flyOverride);
}

/** The token under the pointer other than the mover, or null. */
export function peeked(st) {
  const sq = st.hoverSquare;
  if (!sq || !st.scene || st.drag) return null;
  const c = creatureAt(st.scene, systemMeta(st), sq[0], sq[1]);
  return c && c.id !== st.moverId ? c : null;
}

/** The squares to outline for the token under the pointer (`peeked`): its reach for the
 *  selected action from record `every`, if it answers the page's question; [] otherwise. */
export function peekSquares(st, every) {
  const c = peeked(st), actions = bandActions(st);
  if (!c || !every || every.key !== everyKey(st, actions)) return [];
  const r = (every.reaches[c.id] || {})[st.action];
  return r ? r.squares.map((q) => q.at) : [];
}

// ---------- asking ----------

let asked = null; // {key, answer: Promise of the record}: the question in flight

/** The mover's reach for `actions` ({action: answer}) from every creature's, asked once per
 *  scene and question (one request per action, all tokens at once). Null when the mover's
 *  reach is to be asked alone (`sharable`): the record then comes meanwhile, for the other
 *  tokens. A record that arrives late is kept only while the page asks the same question; a
 *  failed request throws its message. */
export async function everyReaches(st, actions) {
  const key = everyKey(st, actions);
  const pending = ensure(st, actions, key);
  if (!sharable(st) || !mover(st)) return null;
  if (pending) await pending;
  return reachOf(st.every, key, st.moverId, actions);
}

// Ask for the record of question `key` unless it is on the page or on its way; its promise.
function ensure(st, actions, key) {
  if (st.every && st.every.key === key) return null;
  if (!asked || asked.key !== key) {
    const lang = st.lang, bodies = actions.map((a) => everyBody(st, a));
    const answer = Promise.all(bodies.map((b) => postReachAll(lang, b))).then((got) => {
      const every = collect(key, actions, got);
      if (st.scene && everyKey(st, actions) === key) st.every = every;
      return every;
    });
    asked = { key, answer };
    // Counted as work in flight (the page is not idle); a failure drops the question.
    job(st, () => answer.catch(() => { if (asked && asked.key === key) asked = null; }));
  }
  return asked.answer;
}

/** Outline, on the canvas, where the token under the pointer could go (a thin dashed frame
 *  per square: the mover's shading stays readable under it). */
export function drawPeek(ctx, s, st) {
  const squares = peekSquares(st, st.every);
  if (!squares.length) return;
  ctx.strokeStyle = "rgba(40,40,160,0.65)";
  ctx.lineWidth = 1;
  ctx.setLineDash([3, 2]);
  for (const [x, y] of squares) ctx.strokeRect(x * s + 2.5, y * s + 2.5, s - 5, s - 5);
  ctx.setLineDash([]);
}
