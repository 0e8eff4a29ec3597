// What the map shows for the rest of a turn (docs/turns.md, "On the page"): in an encounter the
// active creature's shading is what it may still reach this turn (GET /api/encounters/{id}/reach,
// the turn so far counted), not a fresh turn's; a path under the pointer or the dragged token is
// judged with the turn's moves so far; and the hovered path waits for the reach of the state as
// it is now (after a move the old reach would name the wrong band). Also: the words of a page
// message that are said again in the page's language when it is switched.
import { mover, isCurrent, systemMeta } from "./state.js";
import { postReach, reachBody, encounterRequest, postCheck, movementQuery } from "./api.js";
import { moveAction, trail, judgedByTurn } from "./play.js";

/** Whether the reach shown must count the turn: the mover is an encounter's active creature. */
export function countsTurn(st) {
  return !!st.encounter && st.moverId === st.encounter.active;
}

/** The path of GET /api/encounters/{id}/reach for `actions` (and a granted `distance`). */
export function turnReachPath(id, actions, distance) {
  const q = actions.map((a) => "action=" + encodeURIComponent(a));
  if (distance) q.push("distance=" + encodeURIComponent(String(distance)));
  return "/" + encodeURIComponent(id) + "/reach" + (q.length ? "?" + q.join("&") : "");
}

/** The reach answers for `actions` as the page shades them: {reach: {action: answer}, count}.
 *  In an encounter, for its active creature: one request for the rest of the turn, whose
 *  `count` is the server's (each square once over the actions); else one /api/reach per
 *  action, `count` null (the page counts the union). `ask` replaces the requests in tests. */
export async function reachAnswers(st, actions, ask) {
  const get = ask || { encounter: encounterRequest, reach: postReach };
  if (countsTurn(st)) {
    const got = await get.encounter(st.lang, "GET", turnReachPath(st.encounter.id, actions, st.distance));
    return { reach: got.reach, count: got.count, version: got.version };
  }
  const results = await Promise.all(actions.map((a) => get.reach(st.lang, reachBody(st, a))));
  const reach = {};
  actions.forEach((a, i) => { reach[a] = results[i]; });
  return { reach, count: null, version: null };
}

// ---------- the reach of the state as it is now ----------

const waiting = new Set();

/** The reach answer of question `seq` is on the page (or failed): hover may read it. */
export function reachLanded(st, seq) {
  st.reachSeq = seq;
  for (const wake of [...waiting]) wake();
}

/** Whether the reach on the page answers the state as it is now: no change since it was asked
 *  made it stale (a move, an undo, another mover: `refresh` marks the reach stale at once). */
export function reachIsCurrent(st) {
  return st.reachSeq === st.seq.reach;
}

/** Wait until the reach on the page is current (at most `ms`): the band under the pointer is
 *  then read from the reach of this state, never from the one before a move. */
export function reachReady(st, ms = 5000) {
  if (reachIsCurrent(st) || !mover(st)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok) => { waiting.delete(wake); clearTimeout(timer); resolve(ok); };
    const wake = () => { if (reachIsCurrent(st) || !mover(st)) done(true); };
    const timer = setTimeout(() => done(false), ms);
    waiting.add(wake);
  });
}

// ---------- a path judged with the turn so far ----------

/** In an encounter, a path answer for the active creature judged against the turn so far (the
 *  diagonal count, what the budget has left): /api/check of the turn's whole path, from where
 *  the turn started, under the action the move would be recorded with. Otherwise `res`. */
export async function withTurn(st, res, check) {
  const enc = st.encounter;
  if (!enc || !res || !res.found || st.moverId !== enc.active || !enc.turn.moves.length) return res;
  const soFar = trail(enc.turn), start = soFar[0];
  const q = movementQuery(st);
  q.scene = Object.assign({}, q.scene, {
    creatures: q.scene.creatures.map((c) => (c.id === enc.active ? Object.assign({}, c, { at: start.slice() }) : c)),
  });
  q.action = moveAction(enc.turn.can, res.cost, res.action) || res.action;
  q.path = soFar.slice(1).concat(res.path.slice(1));
  const paid = enc.turn.moves.reduce((sum, m) => sum + m.cost, 0);
  return judgedByTurn(res, await (check || postCheck)(st.lang, q), soFar.length - 1, paid);
}

/** Whether an answer `got` of question `seq` may still be shown: its question is the newest
 *  of `kind`, and (in an encounter) it answers no version older than the page's encounter. */
export function stillShown(st, kind, seq, got) {
  if (!isCurrent(st, kind, seq)) return false;
  const v = got && got.version;
  return !(typeof v === "number" && st.encounter && v < st.encounter.version);
}

// ---------- words said again in the page's language ----------

/** A value of a page message worked out when the message is shown, so that a message said
 *  again after a language switch names units and actions in the new language. */
export function word(fn) {
  return { toString: fn };
}

/** The name of action `id` in the page's language (the system's menu, from /api/meta). */
export function actionLabel(st, id) {
  const sm = systemMeta(st), a = sm && sm.actions.find((x) => x.id === id);
  return (a && a.label) || id;
}
