// play.js: the band a square stands for, placing a token, provocations, token labels, missing
// speeds, the turn's budget in words, the action a move is recorded under, trail, undo/redo.
import test from "node:test";
import assert from "node:assert/strict";
import {
  actionForSquare, bandCounts, placementProblem, provocations, previewLine, refusalLine,
  tokenLabels, missingSpeeds, giveDefaultSpeeds, budgetLine, moveAction, trail, afterUndo,
  lastMove, reorder, judgedByTurn,
} from "../../src/footfall/web/play.js";
import { translate } from "../../src/footfall/web/labels.js";
import { bandOf } from "../../src/footfall/web/drawing.js";
import { META, PF1E, DH2E, pfScene } from "./meta.mjs";

const tr = (k, v) => translate("en", k, v);
const REACH = {
  move: { squares: [{ at: [1, 0], cost: 5, band: 1 }] },
  "double-move": { squares: [{ at: [1, 0], cost: 5, band: 1 }, { at: [3, 0], cost: 40, band: 2 }] },
  run: { squares: [{ at: [3, 0], cost: 40, band: 3 }, { at: [9, 0], cost: 120, band: 3 }] },
};
const BANDS = ["move", "double-move", "run"];

test("actionForSquare: the smallest band action holding the square, else the widest", () => {
  assert.equal(actionForSquare(REACH, BANDS, [1, 0]), "move");
  assert.equal(actionForSquare(REACH, BANDS, [3, 0]), "double-move"); // a yellow square
  assert.equal(actionForSquare(REACH, BANDS, [9, 0]), "run");
  assert.equal(actionForSquare(REACH, BANDS, [5, 5]), "run"); // out of reach: the run says why
  assert.equal(actionForSquare(null, ["charge"], [1, 0]), "charge");
  assert.equal(actionForSquare(REACH, [], [1, 0]), null);
});

test("bandCounts: the shaded squares per band; their sum is the count shown", () => {
  const bands = bandOf(REACH, BANDS);
  assert.deepEqual(bandCounts(bands), [[0, 1], [1, 1], [2, 1]]);
  assert.equal(bandCounts(bands).reduce((n, [, k]) => n + k, 0), bands.size);
});

test("placementProblem: off the map, on a wall, pit or impassable square, on another creature", () => {
  const scene = pfScene();
  scene.map[3] = "._....";
  const [valeros, ogre] = scene.creatures;
  const meta = { ...META, legend: { ...META.legend, _: ["pit"] } };
  assert.equal(placementProblem(meta, PF1E, scene, valeros, [0, 1]), null);
  assert.equal(placementProblem(meta, PF1E, scene, valeros, [2, 1]), "blocked"); // the wall square
  assert.equal(placementProblem(meta, PF1E, scene, valeros, [1, 3]), "blocked"); // the pit
  assert.equal(placementProblem(meta, PF1E, scene, valeros, [4, 3]), "occupied"); // the ogre's 2x2
  assert.equal(placementProblem(meta, PF1E, scene, ogre, [5, 0]), "off-map"); // 2 wide at x 5 of 6
  assert.equal(placementProblem(meta, PF1E, scene, valeros, [-1, 0]), "off-map");
  ogre.helpless = true; // a helpless creature's square may be shared
  assert.equal(placementProblem(meta, PF1E, scene, valeros, [4, 3]), null);
});

test("provocations: each at the square left at its step, with who strikes", () => {
  const res = { path: [[0, 0], [1, 0], [2, 0]], provokes: [{ step: 2, by: "ogre", kind: "attack-of-opportunity", message: "m" }] };
  assert.deepEqual(provocations(res), [{ at: [1, 0], by: "ogre", kind: "attack-of-opportunity", message: "m" }]);
  assert.deepEqual(provocations({ found: false }), []);
  assert.deepEqual(provocations(null), []);
});

test("previewLine and refusalLine: the cost and action, or why not with the rule", () => {
  const ok = { found: true, to: [12, 0], cost: 55, unit: "ft", action: "double-move", action_name: "double move" };
  assert.equal(previewLine(tr, "valeros", ok, "ft"), "valeros → (12,0): 55 ft, double move");
  const no = { found: false, to: [10, 3], reason: "[10, 3] is impassable", rule: "impassable" };
  assert.equal(previewLine(tr, "valeros", no, "ft"), "valeros → (10,3): no legal path: [10, 3] is impassable [impassable]");
  assert.equal(refusalLine(tr, "valeros", no), "valeros stays where it was: [10, 3] is impassable [impassable]");
  const refused = { violations: [{ step: 3, rule: "budget", message: "step 3: over budget" }] };
  assert.equal(refusalLine(tr, "kyra", refused), "kyra stays where it was: step 3: over budget [budget]");
  assert.equal(refusalLine(tr, "kyra", { error: "it is valeros's turn" }), "kyra stays where it was: it is valeros's turn");
  assert.equal(previewLine(tr, "x", null, "ft"), "");
});

test("tokenLabels: distinct, the shared start kept by the token it names", () => {
  const cs = ["goblin", "goblin-archer", "goblin-shaman", "valeros", "ogre", "go"].map((id) => ({ id }));
  const labels = tokenLabels(cs, () => 1);
  assert.equal(labels.get("goblin"), "gob");
  assert.equal(labels.get("goblin-archer"), "gar");
  assert.equal(labels.get("goblin-shaman"), "gsh");
  assert.equal(labels.get("valeros"), "val");
  assert.equal(labels.get("go"), "go");
  assert.equal(new Set(labels.values()).size, cs.length);
  const twins = tokenLabels([{ id: "Bandit 1" }, { id: "Bandit 2" }, { id: "Bandit" }], () => 1);
  assert.deepEqual([...twins.values()], ["B1", "B2", "Ban"]);
  const same = tokenLabels([{ id: "abc-x1" }, { id: "abc-x2" }, { id: "axx" }], () => 1);
  assert.deepEqual([...same.values()], ["a1", "a2", "axx"]); // the tails after "abc-x"
  const clash = tokenLabels([{ id: "ab1" }, { id: "ab1x" }, { id: "a1" }], () => 1);
  assert.deepEqual([...clash.values()], ["ab1", "ax", "a1"]);
  const numbered = tokenLabels([{ id: "ab-1" }, { id: "ab-2" }, { id: "a1" }], () => 1);
  assert.deepEqual([...numbered.values()], ["a1", "a2", "a12"]); // a1 taken: numbered
  assert.equal(tokenLabels([{ id: "giant-eagle" }], () => 2).get("giant-eagle"), "giant-");
});

test("missingSpeeds and giveDefaultSpeeds: by the system's speed field", () => {
  const scene = { creatures: [{ id: "a", speed: 30 }, { id: "b" }, { id: "c", agility_bonus: 3 }] };
  assert.deepEqual(missingSpeeds(PF1E, scene).map((c) => c.id), ["b", "c"]);
  assert.deepEqual(missingSpeeds(DH2E, scene).map((c) => c.id), ["a", "b"]);
  const none = missingSpeeds(PF1E, scene);
  assert.equal(giveDefaultSpeeds(PF1E, none), 2);
  assert.deepEqual(scene.creatures.map((c) => c.speed), [30, 30, 30]);
  const dh = [{ id: "d" }];
  giveDefaultSpeeds(DH2E, dh);
  assert.equal(dh[0].agility_bonus, 3);
});

test("budgetLine: spent of the whole, then what each action still allows", () => {
  const turn = { spent: { move: 20 }, can: [{ action: "move", left: 10 }, { action: "double-move", left: 40 }] };
  const names = { move: "move action", "double-move": "double move" };
  assert.equal(budgetLine(tr, turn, "ft", names, { move: 30 }), "move action 20 of 30 ft; move action: 10 ft left; double move: 40 ft left");
  assert.equal(budgetLine(tr, { spent: { run: 5 }, can: [] }, "ft", {}, {}), "run 5 ft spent");
  assert.equal(budgetLine(tr, { spent: {}, can: [] }, "ft", {}, {}), "nothing left to move this turn");
  assert.equal(budgetLine(tr, null, "ft", {}, {}), "");
});

test("moveAction: the band action wanted if it still allows the cost, else the first that does", () => {
  const can = [{ action: "move", left: 10 }, { action: "double-move", left: 40 }];
  assert.equal(moveAction(can, 10, "move"), "move");
  assert.equal(moveAction(can, 15, "move"), "double-move");
  assert.equal(moveAction(can, 5, "double-move"), "double-move");
  assert.equal(moveAction(can, 45, "move"), null);
  assert.equal(moveAction(undefined, 5, "move"), null);
});

test("trail, lastMove, afterUndo: the joined squares; undo keeps the move for redo", () => {
  const turn = { moves: [{ action: "move", path: [[0, 0], [1, 0]] }, { action: "move", path: [[1, 0], [2, 1], [3, 1]] }] };
  assert.deepEqual(trail(turn), [[0, 0], [1, 0], [2, 1], [3, 1]]);
  assert.deepEqual(trail(null), []);
  const taken = lastMove(turn);
  assert.deepEqual(taken, { action: "move", path: [[2, 1], [3, 1]] });
  assert.equal(lastMove({ moves: [] }), null);
  const redo = afterUndo([], taken);
  assert.deepEqual(redo, [taken]);
  assert.deepEqual(afterUndo(redo, null), redo);
});

test("reorder: a creature one place earlier or later, never past the ends", () => {
  assert.deepEqual(reorder(["a", "b", "c"], "b", -1), ["b", "a", "c"]);
  assert.deepEqual(reorder(["a", "b", "c"], "b", 1), ["a", "c", "b"]);
  assert.deepEqual(reorder(["a", "b", "c"], "a", -1), ["a", "b", "c"]);
  assert.deepEqual(reorder(["a", "b", "c"], "z", 1), ["a", "b", "c"]);
});

test("judgedByTurn: an illegal whole turn refuses the path; a legal one keeps the new steps' provocations", () => {
  const res = { found: true, to: [3, 0], unit: "ft", cost: 10, action: "move", path: [[1, 0], [2, 0], [3, 0]], provokes: [] };
  const bad = { legal: false, cost: 35, violations: [{ step: 4, rule: "budget", message: "step 4: 35 ft is more than 30 ft" }] };
  assert.deepEqual(judgedByTurn(res, bad, 1), { found: false, to: [3, 0], unit: "ft", action: "move", reason: "step 4: 35 ft is more than 30 ft", rule: "budget" });
  const good = { legal: true, cost: 15, action: "move", provokes: [{ step: 1, by: "ogre", message: "old" }, { step: 3, by: "ogre", message: "new" }] };
  const judged = judgedByTurn(res, good, 1);
  assert.equal(judged.turn_cost, 15);
  assert.deepEqual(judged.provokes.map((p) => [p.step, p.message]), [[2, "new"]]);
  assert.deepEqual(provocations(judged)[0].at, [2, 0]);
  assert.equal(previewLine(tr, "valeros", { ...judged, action_name: "move" }, "ft"), "valeros → (3,0): 10 ft, move (this turn: 15 ft)");
});

test("judgedByTurn: given the turn's cost so far, the move's cost is what it adds to the turn", () => {
  const res = { found: true, to: [2, 1], unit: "ft", cost: 5, action: "move", path: [[1, 0], [2, 1]], provokes: [] };
  const judged = judgedByTurn(res, { legal: true, cost: 15, action: "move", provokes: [] }, 1, 5);
  assert.equal(judged.cost, 10); // the turn's second diagonal costs 10 ft, not a fresh 5
  assert.equal(judgedByTurn(res, { legal: true, cost: 4.5, provokes: [] }, 1, 1.5).cost, 3);
});
