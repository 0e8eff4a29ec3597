// turnreach.js: the rest of the turn's reach in an encounter, the hovered path waiting for the
// reach of the state as it is now, and message words said again in a new language.
import test from "node:test";
import assert from "node:assert/strict";
import {
  countsTurn, turnReachPath, reachAnswers, reachLanded, reachIsCurrent, reachReady, stillShown,
  word, actionLabel, withTurn,
} from "../../src/footfall/web/turnreach.js";
import { createState, ask, stale } from "../../src/footfall/web/state.js";
import { moveTo } from "../../src/footfall/web/play.js";
import { translate } from "../../src/footfall/web/labels.js";
import { META, pfScene } from "./meta.mjs";

function playing() {
  const st = createState();
  st.meta = META;
  st.scene = pfScene();
  st.moverId = st.scene.creatures[0].id;
  st.action = "move";
  st.encounter = { id: "e-1", version: 3, active: st.moverId, order: [st.moverId], turn: { moves: [], can: [] } };
  return st;
}

test("the reach counts the turn only for the encounter's active creature", () => {
  const st = playing();
  assert.equal(countsTurn(st), true);
  st.moverId = "someone-else";
  assert.equal(countsTurn(st), false);
  st.encounter = null;
  assert.equal(countsTurn(st), false);
});

test("the rest of the turn is one request naming each action, its count the server's", async () => {
  assert.equal(turnReachPath("e 1", ["move", "double-move"], null), "/e%201/reach?action=move&action=double-move");
  assert.equal(turnReachPath("e", ["shift"], 2), "/e/reach?action=shift&distance=2");
  const st = playing(), asked = [];
  const fake = {
    encounter: async (lang, method, path) => { asked.push([lang, method, path]); return { version: 3, count: 7, reach: { move: { squares: [] } } }; },
    reach: async () => { throw new Error("a fresh reach was asked"); },
  };
  const got = await reachAnswers(st, ["move", "double-move"], fake);
  assert.deepEqual(asked, [["en", "GET", "/e-1/reach?action=move&action=double-move"]]);
  assert.deepEqual(got, { reach: { move: { squares: [] } }, count: 7, version: 3 });
  st.encounter = null; // editing a scene: one fresh /api/reach per action, the page counts
  const fresh = await reachAnswers(st, ["move", "run"], { reach: async (lang, body) => ({ action: body.action }) });
  assert.deepEqual(fresh, { reach: { move: { action: "move" }, run: { action: "run" } }, count: null, version: null });
});

test("hover waits for the reach of the state as it is now, never the one before a move", async () => {
  const st = playing();
  const first = ask(st, "reach");
  reachLanded(st, first);
  assert.equal(reachIsCurrent(st), true);
  assert.equal(await reachReady(st), true); // current: no wait
  stale(st, "reach"); // a move was made: refresh marks the reach on the page stale at once
  assert.equal(reachIsCurrent(st), false);
  let ready = null;
  const waiting = reachReady(st, 2000).then((ok) => { ready = ok; });
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(ready, null); // still the old reach: hover does not read it
  const second = ask(st, "reach");
  reachLanded(st, second - 1); // a late answer of an older question does not wake it for good
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(ready, null);
  reachLanded(st, second);
  await waiting;
  assert.equal(ready, true);
  stale(st, "reach");
  assert.equal(await reachReady(st, 30), false); // no answer: hover goes on after the wait
});

test("an answer for an older encounter version than the page's is not shown", () => {
  const st = playing();
  const seq = ask(st, "reach");
  assert.equal(stillShown(st, "reach", seq, { version: 3 }), true);
  assert.equal(stillShown(st, "reach", seq, { version: 2 }), false);
  assert.equal(stillShown(st, "reach", seq, { version: null }), true);
  ask(st, "reach");
  assert.equal(stillShown(st, "reach", seq, { version: 3 }), false);
});

test("a path is judged with the turn so far: /api/check of the joined path from its start", async () => {
  const st = playing();
  const id = st.moverId;
  st.encounter.turn = { moves: [{ action: "move", path: [[1, 1], [2, 1]], cost: 5 }], can: [{ action: "move", left: 25 }] };
  st.scene.creatures[0].at = [2, 1];
  let asked = null;
  const check = async (lang, q) => { asked = q; return { legal: true, cost: 15, provokes: [], action: "move" }; };
  const res = { found: true, to: [3, 2], path: [[2, 1], [3, 2]], cost: 5, action: "move", unit: "ft" };
  const judged = await withTurn(st, res, check);
  assert.deepEqual(asked.path, [[2, 1], [3, 2]]);
  assert.deepEqual(asked.scene.creatures.find((c) => c.id === id).at, [1, 1]);
  assert.equal(judged.turn_cost, 15);
  assert.equal(judged.cost, 10); // 15 in all less the 5 ft the turn spent
});

test("message words are worked out when shown: a language switch names the unit anew", () => {
  let lang = "en";
  const values = { mover: "valeros", cost: 10, unit: word(() => translate(lang, "unit_ft")) };
  assert.equal(translate(lang, "move_recorded", values), "valeros moved 10 ft.");
  lang = "ru";
  assert.equal(translate(lang, "move_recorded", values), "valeros: перемещение — 10 фт.");
  lang = "zh";
  assert.equal(translate(lang, "move_recorded", values), "valeros 移动了 10 尺。");
});

test("an action's name is the system menu's label in the page's language", () => {
  const st = playing();
  assert.equal(actionLabel(st, "double-move"), "double move");
  assert.equal(actionLabel(st, "no-such"), "no-such");
});

test("a name dropped on another takes its place; the names between shift by one", () => {
  assert.deepEqual(moveTo(["a", "b", "c", "d"], "d", 1), ["a", "d", "b", "c"]);
  assert.deepEqual(moveTo(["a", "b", "c", "d"], "a", 2), ["b", "c", "a", "d"]);
  assert.deepEqual(moveTo(["a", "b"], "z", 0), ["a", "b"]);
});
