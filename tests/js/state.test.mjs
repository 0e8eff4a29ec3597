// state.js: the page's state transitions and the numbers that keep late answers out.
import test from "node:test";
import assert from "node:assert/strict";
import {
  createState, state, ask, isCurrent, stale, job, idle, debounce, systemMeta, mover, selected,
  bandActions, takesDistance, chooseAction, chooseInterpretations, openScene, selectCreature,
} from "../../src/footfall/web/state.js";
import { META, PF1E, DH2E, DRAWSTEEL, pfScene } from "./meta.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function pageWith(scene) {
  const st = createState();
  st.meta = META;
  if (scene) openScene(st, scene, "test");
  return st;
}

test("createState makes independent records; the page has one", () => {
  const a = createState(), b = createState();
  a.seq.reach++;
  a.draft.push([1, 1]);
  assert.equal(b.seq.reach, 0);
  assert.deepEqual(b.draft, []);
  assert.equal(state.lang, "en");
  assert.deepEqual(Object.keys(state.seq).sort(), ["check", "drag", "encounter", "hover", "meta", "reach", "scene", "travel"]);
});

test("an answer is used only while its question is the newest of its kind", () => {
  const st = createState();
  const first = ask(st, "reach");
  assert.ok(isCurrent(st, "reach", first));
  const second = ask(st, "reach");
  assert.ok(!isCurrent(st, "reach", first));
  assert.ok(isCurrent(st, "reach", second));
  stale(st, "reach", "hover"); // an edit: the answer on its way is stale at once
  assert.ok(!isCurrent(st, "reach", second));
  assert.equal(st.seq.hover, 1);
  assert.equal(st.seq.check, 0); // other kinds untouched
});

test("job counts work in flight, also when it fails", async () => {
  const st = createState();
  assert.ok(idle(st));
  let seen = null;
  const value = await job(st, async () => { seen = st.busy; return 7; });
  assert.equal(value, 7);
  assert.equal(seen, 1);
  assert.ok(idle(st));
  await assert.rejects(job(st, async () => { throw new Error("no"); }), /no/);
  assert.ok(idle(st));
});

test("debounce: stale at once on every call, busy while waiting, runs once with the last arguments", async () => {
  const st = createState();
  const calls = [];
  const later = debounce(st, (...a) => calls.push(a), 15, "reach", "check");
  later(1);
  later(2);
  later(3);
  assert.equal(st.seq.reach, 3); // each call bumps the number, before the call is made
  assert.equal(st.seq.check, 3);
  assert.equal(st.busy, 1); // one pending call, however many times it was asked
  assert.ok(!idle(st));
  await sleep(40);
  assert.deepEqual(calls, [[3]]);
  assert.ok(idle(st));
});

test("systemMeta and mover follow the scene", () => {
  const st = pageWith(pfScene());
  assert.equal(systemMeta(st), PF1E);
  assert.equal(systemMeta(st, "dh2e"), DH2E);
  assert.equal(systemMeta(st, "nope"), null);
  assert.equal(mover(st).id, "valeros");
  st.moverId = "nobody";
  assert.equal(mover(st), null);
  assert.equal(systemMeta(createState()), null);
  assert.equal(mover(createState()), null);
});

test("bandActions asks each band action only when bands are shaded and the action is one", () => {
  const st = pageWith(pfScene());
  st.action = "move";
  assert.deepEqual(bandActions(st), ["move", "double-move", "run"]);
  st.action = "5-foot-step";
  assert.deepEqual(bandActions(st), ["5-foot-step"]);
  st.action = "run";
  st.bands = false;
  assert.deepEqual(bandActions(st), ["run"]);
  assert.deepEqual(bandActions(createState()), []);
});

test("actions: a distance for Draw Steel's shift; the action kept or the default", () => {
  assert.ok(takesDistance(DRAWSTEEL, "shift"));
  assert.ok(!takesDistance(DRAWSTEEL, "advance"));
  assert.ok(!takesDistance(DRAWSTEEL, "nope"));
  assert.equal(chooseAction(PF1E, "run"), "run");
  assert.equal(chooseAction(DH2E, "run"), "full-move"); // not a dh2e action row here
  assert.equal(chooseAction(PF1E, null), "move");
});

test("chooseInterpretations keeps a valid choice, else the default, and drops other systems' switches", () => {
  assert.deepEqual(chooseInterpretations(PF1E, {}), { hampered_diagonal: "as-diagonals" });
  assert.deepEqual(chooseInterpretations(PF1E, { hampered_diagonal: "multiply", diagonal: "euclidean" }), { hampered_diagonal: "multiply" });
  assert.deepEqual(chooseInterpretations(PF1E, { hampered_diagonal: "bogus" }), { hampered_diagonal: "as-diagonals" });
  assert.deepEqual(chooseInterpretations(DRAWSTEEL, { hampered_diagonal: "multiply" }), {});
});

test("openScene resets the drawn path and keeps the mover if the scene has it", () => {
  const st = pageWith(pfScene());
  assert.equal(st.moverId, "valeros"); // the first creature
  assert.equal(st.selectedId, "valeros");
  st.moverId = "ogre";
  st.draft = [[1, 1]];
  st.check = { legal: true };
  st.hover = { to: [1, 1] };
  st.wallStart = [2, 2];
  st.cursor = [4, 4];
  openScene(st, pfScene(), "again");
  assert.equal(st.moverId, "ogre");
  assert.equal(st.selectedId, "ogre");
  assert.deepEqual([st.draft, st.check, st.hover, st.wallStart, st.cursor], [[], null, null, null, [0, 0]]);
  assert.equal(st.sceneName, "again");
});

test("openScene: the server's default mover in its default scene; no creature, no mover", () => {
  const st = createState();
  st.meta = META;
  openScene(st, pfScene(), "goblin-ambush");
  assert.equal(st.moverId, "ogre");
  const other = createState();
  other.meta = META;
  openScene(other, pfScene(), "elsewhere");
  assert.equal(other.moverId, "valeros");
  const empty = { footfall: 1, system: "pf1e", map: ["..."] };
  openScene(other, empty);
  assert.equal(other.moverId, null);
  assert.equal(other.sceneName, "scene");
  assert.deepEqual([empty.creatures, empty.walls], [[], []]); // filled in
});

test("selectCreature makes it the mover and drops the drawn path", () => {
  const st = pageWith(pfScene());
  st.draft = [[1, 0]];
  selectCreature(st, "ogre");
  assert.equal(st.moverId, "ogre");
  assert.equal(selected(st).id, "ogre");
  assert.deepEqual(st.draft, []);
  assert.equal(selected(createState()), undefined);
});
