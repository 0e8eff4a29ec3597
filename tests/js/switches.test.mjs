// switches.js: only the switches that change the answers on screen are shown (issue 14).
import test from "node:test";
import assert from "node:assert/strict";
import { shownSwitches, switchApplies } from "../../src/footfall/web/switches.js";

// A /api/meta entry shaped like the server's dnd35 (systems/dnd35.toml's topics and whens).
const DND35 = {
  id: "dnd35",
  tiny_sizes: ["fine", "diminutive", "tiny"],
  actions: [
    { id: "move", switches: [] },
    { id: "double-move", switches: [] },
    { id: "run", switches: ["run_straight"] },
    { id: "charge", switches: [] },
  ],
  interpretations: [
    { name: "hampered_diagonal", topic: "tactical", when: null },
    { name: "run_straight", topic: "tactical", when: "action" },
    { name: "tiny_end", topic: "tactical", when: "tiny-creature" },
    { name: "squeeze_past", topic: "tactical", when: "two-sides" },
    { name: "forced_march_dc", topic: "travel", when: "forced-march" },
    { name: "chase_tie", topic: "chase", when: null },
    { name: "flight_turn_credit", topic: "flight", when: null },
  ],
};

const names = (sm, view) => shownSwitches(sm, view).map((it) => it.name);
const fighter = { id: "fighter", size: "medium", side: "party" };
const ogre = { id: "ogre", size: "large", side: "foes" };
const pixie = { id: "pixie", size: "tiny", side: "party" };

test("a lone fighter moving shows only the switch every map answer reads", () => {
  assert.deepEqual(names(DND35, { topic: "tactical", actions: ["move"], creatures: [fighter] }), ["hampered_diagonal"]);
});

test("run_straight is shown only while a run is asked (the selected action or a shaded band)", () => {
  assert.deepEqual(names(DND35, { topic: "tactical", actions: ["charge"], creatures: [fighter] }), ["hampered_diagonal"]);
  assert.deepEqual(names(DND35, { topic: "tactical", actions: ["move", "double-move", "run"], creatures: [fighter] }), ["hampered_diagonal", "run_straight"]);
});

test("tiny_end is shown only with a fine, diminutive or tiny creature in the scene", () => {
  assert.ok(!names(DND35, { topic: "tactical", actions: ["move"], creatures: [fighter, { ...fighter, size: "small" }] }).includes("tiny_end"));
  assert.ok(names(DND35, { topic: "tactical", actions: ["move"], creatures: [fighter, pixie] }).includes("tiny_end"));
  // a system whose sizes have none tiny (Draw Steel) never shows it
  assert.ok(!switchApplies({ ...DND35, tiny_sizes: [] }, DND35.interpretations[2], { creatures: [pixie] }));
});

test("squeeze_past is shown only when the scene has creatures of two sides", () => {
  assert.ok(!names(DND35, { topic: "tactical", actions: ["move"], creatures: [fighter, pixie] }).includes("squeeze_past"));
  assert.deepEqual(names(DND35, { topic: "tactical", actions: ["run"], creatures: [fighter, ogre, pixie] }),
    ["hampered_diagonal", "run_straight", "tiny_end", "squeeze_past"]);
});

test("the map never shows the planner's, a chase's or flight's switches; the planner shows its own with forced march", () => {
  const all = { topic: "tactical", actions: ["run"], creatures: [fighter, ogre, pixie], forcedMarch: 4 };
  for (const n of ["forced_march_dc", "chase_tie", "flight_turn_credit"]) assert.ok(!names(DND35, all).includes(n), n);
  assert.deepEqual(names(DND35, { topic: "travel", forcedMarch: 0 }), []);
  assert.deepEqual(names(DND35, { topic: "travel", forcedMarch: "2" }), ["forced_march_dc"]);
});

test("a switch without a topic is a map switch; a condition the page does not know keeps it shown", () => {
  const old = { actions: [], interpretations: [{ name: "diagonal" }, { name: "later", topic: "tactical", when: "full-moon" }] };
  assert.deepEqual(names(old, { topic: "tactical", actions: [], creatures: [] }), ["diagonal", "later"]);
  assert.deepEqual(shownSwitches(null, { topic: "tactical" }), []);
});
