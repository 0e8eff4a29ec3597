// drawing.js: colours by terrain and band, the band shown for each square, map geometry.
import test from "node:test";
import assert from "node:assert/strict";
import {
  FLAG_STYLE, OPEN, TERRAIN_TEST, NARROW, SIDE_COLOURS, BAND, squareColour, bandColour, bandOf,
  sideColour, wallStroke, cellSize, squareAt, cornerAt, tokenLabel, fitFont, fractionOf,
  backgroundPlacement,
} from "../../src/footfall/web/drawing.js";

test("squareColour: the first flag of the style list wins; then impassable, terrain, clearance", () => {
  const colour = Object.fromEntries(FLAG_STYLE);
  assert.equal(squareColour([]), OPEN);
  assert.equal(squareColour(["difficult"]), colour.difficult);
  assert.equal(squareColour(["poor_visibility", "difficult"]), colour.difficult);
  assert.equal(squareColour(["difficult", "wall"]), colour.wall);
  assert.equal(squareColour(["impassable"]), "#151515");
  assert.equal(squareColour(["terrain:mud"]), TERRAIN_TEST);
  assert.equal(squareColour(["width:2.5"]), NARROW);
  assert.equal(squareColour(["height:4", "terrain:smoke"]), TERRAIN_TEST);
  assert.equal(squareColour(["hazardous", "width:2.5"]), colour.hazardous);
});

test("bandColour: one move, two, and a run for every band beyond", () => {
  assert.equal(bandColour(0), BAND[0]);
  assert.equal(bandColour(1), BAND[1]);
  assert.equal(bandColour(2), BAND[2]);
  assert.equal(bandColour(5), BAND[2]);
});

test("bandOf: each square's smallest band over the actions asked, with that answer's cost", () => {
  const reach = {
    move: { squares: [{ at: [1, 0], cost: 5, band: 1 }, { at: [2, 0], cost: 10, band: 1 }] },
    "double-move": { squares: [{ at: [1, 0], cost: 5, band: 1 }, { at: [3, 0], cost: 40, band: 2 }] },
    run: { squares: [{ at: [3, 0], cost: 40, band: 3 }, { at: [9, 0], cost: 120, band: 3 }, { at: [4, 0], cost: 45 }] },
  };
  const bands = bandOf(reach, ["move", "double-move", "run"]);
  assert.deepEqual([...bands], [["1,0", [0, 5]], ["2,0", [0, 10]], ["3,0", [1, 40]], ["9,0", [2, 120]], ["4,0", [0, 45]]]);
  assert.deepEqual([...bandOf(reach, ["run"])].map(([k]) => k), ["3,0", "9,0", "4,0"]);
  assert.equal(bandOf(reach, ["charge"]).size, 0); // no answer for it (yet)
  assert.equal(bandOf(null, ["move"]).size, 0);
});

test("sideColour: by the order sides appear, cycling; an unknown side takes the first", () => {
  const cs = [{ side: "party" }, { side: "foes" }, { side: "party" }, { side: "beasts" }];
  assert.equal(sideColour(cs, "party"), SIDE_COLOURS[0]);
  assert.equal(sideColour(cs, "foes"), SIDE_COLOURS[1]);
  assert.equal(sideColour(cs, "beasts"), SIDE_COLOURS[2]);
  assert.equal(sideColour(cs, "nobody"), SIDE_COLOURS[0]);
  const many = Array.from({ length: 8 }, (_, i) => ({ side: "s" + i }));
  assert.equal(sideColour(many, "s6"), SIDE_COLOURS[0]);
});

test("wallStroke: doors open (dashed) and closed, plain walls", () => {
  assert.deepEqual(wallStroke({}, 32), { colour: "#111", width: 4, dash: [] });
  assert.deepEqual(wallStroke({ door: "closed" }, 16), { colour: "#8b4513", width: 3, dash: [] });
  assert.deepEqual(wallStroke({ door: "open" }, 48), { colour: "#2e8b57", width: 6, dash: [12, 8] });
});

test("cellSize: 10 to 48 px a square, as large as the space allows", () => {
  assert.equal(cellSize(12, 8, 800, 800), 48);
  assert.equal(cellSize(20, 15, 650, 800), 32);
  assert.equal(cellSize(100, 100, 1000, 800), 10);
  assert.equal(cellSize(10, 10, 0, 0), 20); // at least 200 x 240 px of room
});

test("squareAt and cornerAt turn canvas points into squares and grid points", () => {
  assert.deepEqual(squareAt(0, 0, 32, 6, 4), [0, 0]);
  assert.deepEqual(squareAt(95.9, 40, 32, 6, 4), [2, 1]);
  assert.equal(squareAt(-1, 5, 32, 6, 4), null);
  assert.equal(squareAt(192, 5, 32, 6, 4), null); // just past the east edge
  assert.deepEqual(cornerAt(47, 49, 32), [1, 2]);
  assert.deepEqual(cornerAt(15, 17, 32), [0, 1]);
});

test("token labels: the id's first letters, the font shrunk to fit", () => {
  assert.equal(tokenLabel({ id: "valeros" }, 1), "val");
  assert.equal(tokenLabel({ id: "ogre-chief" }, 2), "ogre-c");
  assert.equal(fitFont(12, 30, 20), 12);
  assert.equal(fitFont(12, 20, 40), 7); // never below 7 px
  assert.equal(fitFont(20, 30, 40), 15);
});

test("backgroundPlacement: the whole map, or where the import recorded the picture", () => {
  assert.deepEqual(backgroundPlacement({}, 20, 10), [0, 0, 20, 10]);
  const foundry = { "x-import": { background_origin: ["-1/2", "0"], extent: ["41/2", "10"] } };
  assert.deepEqual(backgroundPlacement(foundry, 20, 10), [-0.5, 0, 20.5, 10]);
  assert.deepEqual(backgroundPlacement({ "x-import": { extent: ["x", "1"] } }, 4, 3), [0, 0, 4, 3]);
  assert.equal(fractionOf("7/2"), 3.5);
  assert.equal(fractionOf("3"), 3);
  assert.equal(fractionOf("1/0"), null);
  assert.equal(fractionOf("abc"), null);
});
