// scene.js: the scene's edits (paint, walls, tokens, the creature form) and files.
import test from "node:test";
import assert from "node:assert/strict";
import { createState, openScene } from "../../src/footfall/web/state.js";
import {
  legend, footprint, creatureAt, mapSize, paint, wallNear, wallAtSquare, wallPoint, newId,
  addCreature, removeCreature, moveCreature, eraseAt, creatureFields, applyCreatureFields,
  parseMapSize, blankScene, withoutBackground, fileKind, sceneNameOf, savedName, savedText,
} from "../../src/footfall/web/scene.js";
import { META, PF1E, DH2E, pfScene } from "./meta.mjs";

function pageWith(scene) {
  const st = createState();
  st.meta = META;
  openScene(st, scene, "test");
  return st;
}

test("legend: the default legend plus the scene's own, with clearance and dh2e terrain flags", () => {
  const scene = {
    legend: {
      "^": ["difficult", "poor_visibility"],
      n: { flags: [], width_ft: 2.5 },
      l: { height_ft: 4 },
      m: { terrain: "mud", flags: ["difficult"] },
      X: { impassable: true },
    },
  };
  const lg = legend(META, scene);
  assert.deepEqual(lg["."], []);
  assert.deepEqual(lg["#"], ["wall"]);
  assert.deepEqual(lg["^"], ["difficult", "poor_visibility"]); // the scene's own wins
  assert.deepEqual(lg.n, ["width:2.5"]);
  assert.deepEqual(lg.l, ["height:4"]);
  assert.deepEqual(lg.m, ["difficult", "terrain:mud"]);
  assert.deepEqual(lg.X, ["impassable"]);
  assert.deepEqual(META.legend["^"], ["difficult"]); // not changed
  assert.deepEqual(Object.keys(legend(null, null)), []);
});

test("footprint and creatureAt cover a large creature's squares, the topmost first", () => {
  const scene = pfScene();
  assert.equal(footprint(PF1E, scene.creatures[1]), 2);
  assert.equal(footprint(PF1E, { size: "unknown" }), 1);
  assert.equal(footprint(null, scene.creatures[1]), 1);
  assert.equal(creatureAt(scene, PF1E, 4, 3).id, "ogre");
  assert.equal(creatureAt(scene, PF1E, 5, 3), null);
  assert.equal(creatureAt(scene, PF1E, 0, 0).id, "valeros");
  scene.creatures.push({ id: "rat", at: [3, 2], size: "small", side: "foes" });
  assert.equal(creatureAt(scene, PF1E, 3, 2).id, "rat"); // drawn last, on top
  assert.deepEqual(mapSize(scene), [6, 4]);
});

test("paint changes one square, and says when it already was that", () => {
  const scene = pfScene();
  assert.ok(paint(scene, 1, 0, "^"));
  assert.equal(scene.map[0], ".^....");
  assert.ok(!paint(scene, 1, 0, "^"));
});

test("wallNear finds the nearest wall within reach; the keyboard erases from a square", () => {
  const walls = [{ from: [4, 0], to: [4, 2] }, { from: [0, 3], to: [3, 3] }];
  assert.equal(wallNear(walls, 4.1, 1, 0.3), 0);
  assert.equal(wallNear(walls, 4.5, 1, 0.3), -1);
  assert.equal(wallNear(walls, 2, 3.2, 0.3), 1);
  assert.equal(wallNear([{ from: [1, 1], to: [1, 1] }], 1.1, 1, 0.3), 0); // a zero-length wall
  assert.equal(wallAtSquare(walls, 3, 0), 0); // the wall on the square's east edge
  assert.equal(wallAtSquare(walls, 4, 1), 0); // ... and its west edge
  assert.equal(wallAtSquare(walls, 1, 2), 1); // on the south edge
  assert.equal(wallAtSquare(walls, 1, 1), -1);
});

test("wallPoint: a first point starts a wall, a second ends it, the same point drops it", () => {
  const st = pageWith(pfScene());
  assert.equal(wallPoint(st, [1, 1]), "start");
  assert.deepEqual(st.wallStart, [1, 1]);
  assert.equal(wallPoint(st, [1, 1]), "dropped");
  assert.equal(st.wallStart, null);
  assert.equal(st.scene.walls.length, 1);
  wallPoint(st, [1, 1]);
  assert.equal(wallPoint(st, [1, 3]), "added");
  assert.deepEqual(st.scene.walls[1], { from: [1, 1], to: [1, 3] });
});

test("newId counts from the creatures and skips ids taken", () => {
  assert.equal(newId([]), "c1");
  assert.equal(newId([{ id: "a" }, { id: "b" }]), "c3");
  assert.equal(newId([{ id: "c2" }, { id: "c3" }]), "c4");
});

test("addCreature uses the system's defaults; a dh2e creature has an Agility Bonus", () => {
  const st = pageWith(pfScene());
  const c = addCreature(st, PF1E, [5, 0]);
  assert.deepEqual(c, { id: "c3", at: [5, 0], size: "medium", side: "party", speed: 30 });
  assert.equal(st.selectedId, "c3");
  assert.equal(st.moverId, "valeros"); // the mover stays
  const dh = pageWith({ footfall: 1, system: "dh2e", map: ["...."] });
  const d = addCreature(dh, DH2E, [1, 0]);
  assert.deepEqual(d, { id: "c1", at: [1, 0], size: "medium", side: "party", agility_bonus: 3 });
  assert.equal(dh.moverId, "c1"); // the first creature moves
});

test("removeCreature passes the mover on and drops the selection", () => {
  const st = pageWith(pfScene());
  removeCreature(st, "valeros");
  assert.deepEqual(st.scene.creatures.map((c) => c.id), ["ogre"]);
  assert.equal(st.moverId, "ogre");
  assert.equal(st.selectedId, null);
  removeCreature(st, "ogre");
  assert.equal(st.moverId, null);
});

test("moveCreature keeps a token on the map and drops the drawn path", () => {
  const st = pageWith(pfScene());
  const ogre = st.scene.creatures[1];
  st.draft = [[1, 0]];
  assert.ok(moveCreature(st, PF1E, ogre, [9, 9]));
  assert.deepEqual(ogre.at, [4, 2]); // a large token: two squares from the edge
  assert.deepEqual(st.draft, []);
  assert.ok(!moveCreature(st, PF1E, ogre, [5, 3])); // clamped to where it is
  assert.ok(moveCreature(st, PF1E, ogre, [-1, 0]));
  assert.deepEqual(ogre.at, [0, 0]);
});

test("eraseAt takes the creature first, else the wall given", () => {
  const st = pageWith(pfScene());
  assert.equal(eraseAt(st, PF1E, 3, 2, 0), "creature");
  assert.equal(st.scene.walls.length, 1);
  assert.equal(eraseAt(st, PF1E, 3, 2, 0), "wall");
  assert.deepEqual(st.scene.walls, []);
  assert.equal(eraseAt(st, PF1E, 3, 2, -1), null);
});

test("the creature form: fields shown, and applied", () => {
  const st = pageWith(pfScene());
  const valeros = st.scene.creatures[0];
  const f = creatureFields(valeros);
  assert.deepEqual(f, { id: "valeros", size: "medium", side: "party", speed: 30, agility_bonus: "", armor: "none", helpless: false, fly: "", maneuverability: "" });
  const edit = { ...f, id: " hero ", speed: "20", armor: "medium", helpless: true, fly: "60", side: "  " };
  assert.ok(applyCreatureFields(st, PF1E, edit));
  assert.deepEqual(valeros, { id: "hero", at: [0, 0], size: "medium", side: "party", speed: 20, armor: "medium", helpless: true, fly: { speed: 60, maneuverability: "average" } });
  assert.equal(st.moverId, "hero");
  assert.equal(st.selectedId, "hero");
  // A taken id is not applied; blanks remove speed, armor, helpless and flight.
  applyCreatureFields(st, PF1E, { ...creatureFields(valeros), id: "ogre", speed: "", armor: "none", helpless: false, fly: "0" });
  assert.deepEqual(valeros, { id: "hero", at: [0, 0], size: "medium", side: "party" });
  st.selectedId = null;
  assert.ok(!applyCreatureFields(st, PF1E, f));
});

test("the creature form in dh2e edits the Agility Bonus, not a speed", () => {
  const st = pageWith({ footfall: 1, system: "dh2e", map: ["...."], creatures: [{ id: "a", at: [0, 0], size: "medium", side: "party", agility_bonus: 3 }] });
  const a = st.scene.creatures[0];
  applyCreatureFields(st, DH2E, { ...creatureFields(a), agility_bonus: "4", speed: "30", fly: "6", maneuverability: "good" });
  assert.deepEqual(a, { id: "a", at: [0, 0], size: "medium", side: "party", agility_bonus: 4, fly: { speed: 6, maneuverability: "good" } });
});

test("a new scene: its size read, an empty map", () => {
  assert.deepEqual(parseMapSize("20x15"), [20, 15]);
  assert.deepEqual(parseMapSize(" 7 × 3 "), [7, 3]);
  assert.deepEqual(parseMapSize("4,5"), [4, 5]);
  assert.deepEqual(parseMapSize("9999x0"), [500, 1]);
  assert.equal(parseMapSize("big"), null);
  assert.deepEqual(blankScene("dh2e", 3, 2), { footfall: 1, system: "dh2e", map: ["...", "..."], walls: [], creatures: [] });
});

test("questions leave the background picture out, without copying a scene that has none", () => {
  const plain = pfScene();
  assert.equal(withoutBackground(plain), plain);
  const pictured = { ...pfScene(), background: "data:image/png;base64,AAAA" };
  const sent = withoutBackground(pictured);
  assert.ok(!("background" in sent));
  assert.equal(pictured.background, "data:image/png;base64,AAAA");
  assert.equal(sent.map, pictured.map);
});

test("an opened file: a footfall scene, a map to import, or not a scene at all", () => {
  assert.equal(fileKind(pfScene()), "scene");
  assert.equal(fileKind({ format: 0.3, resolution: {} }), "import");
  assert.equal(fileKind({ footfall: 1 }), "import"); // no map: the server says what it is
  for (const bad of [null, [], 3, "x"]) assert.equal(fileKind(bad), null);
  assert.equal(sceneNameOf("cave.dd2vtt"), "cave");
  assert.equal(sceneNameOf("my.scene.json"), "my.scene");
  assert.equal(sceneNameOf("plain"), "plain");
});

test("a saved scene: its name and text", () => {
  assert.equal(savedName("cave"), "cave.json");
  assert.equal(savedName("cave.json"), "cave.json");
  assert.equal(savedName(""), "scene.json");
  const text = savedText({ footfall: 1, map: ["."] });
  assert.equal(text, '{\n "footfall": 1,\n "map": [\n  "."\n ]\n}\n');
  assert.deepEqual(JSON.parse(text), { footfall: 1, map: ["."] });
});
