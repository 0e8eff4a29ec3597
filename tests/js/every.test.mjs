// every.js: every token's reach in one /api/reach/all question per action, read for the mover
// and for the token under the pointer.
import test from "node:test";
import assert from "node:assert/strict";
import { createState, openScene } from "../../src/footfall/web/state.js";
import {
  everyBody, everyKey, collect, reachOf, sharable, peeked, peekSquares, everyReaches,
} from "../../src/footfall/web/every.js";
import { META, pfScene } from "./meta.mjs";

function pageWith(scene) {
  const st = createState();
  st.meta = META;
  openScene(st, scene, "test");
  st.action = "move";
  st.interp = { hampered_diagonal: "multiply" };
  return st;
}

/** A reach answer of `id` for `action`: one square per creature and action, told apart. */
function reach(id, action, at) {
  return { mover: id, action, squares: [{ at, cost: 5, band: 1 }] };
}

/** The /api/reach/all answer of `body`: valeros and the ogre reach, a statue is refused. */
function allAnswer(body) {
  return {
    reaches: { valeros: reach("valeros", body.action, [1, 0]), ogre: reach("ogre", body.action, [5, 3]) },
    refused: { statue: { error: "error.tactical.no-speed", message: "statue has no speed" } },
  };
}

/** Run `fn` with fetch answering /api/reach/all; return the bodies asked. */
async function withFetch(fn) {
  const calls = [];
  const saved = globalThis.fetch;
  globalThis.fetch = async (url, init) => {
    const body = JSON.parse(init.body);
    calls.push({ url, body });
    return { ok: true, status: 200, statusText: "", json: async () => allAnswer(body) };
  };
  try { await fn(); } finally { globalThis.fetch = saved; }
  return calls;
}

test("the body asks every creature: the scene without its picture, switches, distance, no mover", () => {
  const st = pageWith(Object.assign(pfScene(), { background: { image: "data:..." } }));
  st.distance = 2;
  const body = everyBody(st, "run");
  assert.deepEqual(Object.keys(body).sort(), ["action", "distance", "interpretations", "scene"]);
  assert.equal(body.action, "run");
  assert.equal(body.scene.background, undefined);
  assert.equal(st.scene.background.image, "data:...", "the page keeps its picture");
  assert.deepEqual(body.interpretations, { hampered_diagonal: "multiply" });
});

test("the key changes with the scene, a switch, the actions, the distance and the language", () => {
  const st = pageWith(pfScene());
  const key = everyKey(st, ["move"]);
  assert.equal(everyKey(st, ["move"]), key);
  st.moverId = "ogre";
  assert.equal(everyKey(st, ["move"]), key, "selecting another token asks nothing new");
  for (const edit of [
    (s) => { s.scene.creatures[0].at = [1, 1]; },
    (s) => { s.scene.map[0] = "^....."; },
    (s) => { s.interp.hampered_diagonal = "as-diagonals"; },
    (s) => { s.distance = 3; },
    (s) => { s.lang = "ru"; },
  ]) {
    const other = pageWith(pfScene());
    edit(other);
    assert.notEqual(everyKey(other, ["move"]), key);
  }
  assert.notEqual(everyKey(st, ["move", "run"]), key);
});

test("the record gives each creature its answers by action, and a refused one its message", () => {
  const actions = ["move", "run"];
  const every = collect("k", actions, actions.map((action) => allAnswer({ action })));
  const ogre = reachOf(every, "k", "ogre", actions);
  assert.deepEqual(Object.keys(ogre), actions);
  assert.equal(ogre.run.action, "run");
  assert.deepEqual(ogre.move.squares[0].at, [5, 3]);
  assert.equal(reachOf(every, "other question", "ogre", actions), null);
  assert.equal(reachOf(every, "k", "nobody", actions), null);
  assert.equal(reachOf(null, "k", "ogre", actions), null);
  assert.throws(() => reachOf(every, "k", "statue", actions), /statue has no speed/);
});

test("the mover's reach comes from every creature's unless flight is chosen or in an encounter", () => {
  const st = pageWith(pfScene());
  assert.equal(sharable(st), true);
  st.flyOverride.valeros = true;
  assert.equal(sharable(st), false);
  st.moverId = "ogre";
  assert.equal(sharable(st), true);
  st.encounter = { id: "e1" };
  assert.equal(sharable(st), false);
});

test("one request per action gives every token's reach; selecting another asks nothing", async () => {
  const st = pageWith(pfScene());
  const actions = ["move", "double-move", "run"];
  let mine;
  const calls = await withFetch(async () => { mine = await everyReaches(st, actions); });
  assert.deepEqual(calls.map((c) => c.url), ["api/reach/all", "api/reach/all", "api/reach/all"]);
  assert.deepEqual(calls.map((c) => c.body.action), actions);
  assert.ok(calls.every((c) => !("mover" in c.body)));
  assert.equal(mine.move.mover, "valeros");
  st.moverId = "ogre";
  const again = await withFetch(async () => { mine = await everyReaches(st, actions); });
  assert.deepEqual(again, []);
  assert.equal(mine.run.mover, "ogre");
  st.scene.creatures[0].at = [0, 1]; // an edit: asked again
  const edited = await withFetch(async () => { await everyReaches(st, actions); });
  assert.equal(edited.length, 3);
});

test("in an encounter the mover is asked alone, and the record still comes for the others", async () => {
  const st = pageWith(pfScene());
  st.encounter = { id: "e1" };
  let mine = "unset";
  const calls = await withFetch(async () => {
    mine = await everyReaches(st, ["move"]);
    while (st.busy) await new Promise((r) => setTimeout(r, 1));
  });
  assert.equal(mine, null);
  assert.equal(calls.length, 1);
  assert.equal(st.every.reaches.ogre.move.mover, "ogre");
});

test("a late record is dropped when the page asks another question meanwhile", async () => {
  const st = pageWith(pfScene());
  await withFetch(async () => {
    const first = everyReaches(st, ["move"]);
    st.scene.creatures[0].at = [0, 2]; // edited while the answer is on its way
    await first;
  });
  assert.equal(st.every, null);
});

test("a refused mover's reach throws the server's message", async () => {
  const st = pageWith(pfScene());
  st.scene.creatures.push({ id: "statue", at: [5, 0], size: "medium", side: "party" });
  st.moverId = "statue";
  await withFetch(async () => {
    await assert.rejects(everyReaches(st, ["move"]), /statue has no speed/);
  });
});

test("the pointer on another token outlines its reach for the selected action", async () => {
  const st = pageWith(pfScene());
  await withFetch(async () => { await everyReaches(st, ["move", "double-move", "run"]); });
  st.hoverSquare = [4, 3]; // the ogre's 2x2 space at (3, 2)
  assert.equal(peeked(st).id, "ogre");
  assert.deepEqual(peekSquares(st, st.every), [[5, 3]]);
  st.hoverSquare = [0, 0]; // the mover itself: nothing outlined
  assert.equal(peeked(st), null);
  assert.deepEqual(peekSquares(st, st.every), []);
  st.hoverSquare = [4, 3];
  st.scene.map[0] = "^.....";  // the record is stale: nothing outlined
  assert.deepEqual(peekSquares(st, st.every), []);
});
