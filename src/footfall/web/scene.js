// The scene being edited (SCENE.md JSON) and its edits: the legend, painting a square, thin
// walls, tokens, the creature form's fields, a new or opened scene. Pure: a scene (or the
// page state) in, changed in place or a value out; no document (tests/js/scene.test.mjs).

/** Each legend character -> its flags: the server's default legend plus the scene's own. A
 *  dh2e terrain (Agility-test table) rides along as "terrain:NAME", a narrow or low square
 *  (its clearance, for squeezing) as "width:FT" / "height:FT", so they can be named and
 *  coloured and the palette does not call them open ground. */
export function legend(meta, scene) {
  const base = Object.assign({}, (meta && meta.legend) || {});
  const own = (scene && scene.legend) || {};
  for (const [ch, v] of Object.entries(own)) {
    base[ch] = Array.isArray(v) ? v : (v.flags || []).concat(
      v.impassable ? ["impassable"] : [],
      v.terrain ? ["terrain:" + v.terrain] : [],
      v.width_ft !== undefined ? ["width:" + v.width_ft] : [],
      v.height_ft !== undefined ? ["height:" + v.height_ft] : [],
    );
  }
  return base;
}

/** The squares a side of creature `c` covers, by its size in system entry `sm` (1 if unknown). */
export function footprint(sm, c) {
  return (sm && sm.sizes && sm.sizes[c.size]) || 1;
}

/** The creature covering square (x, y), the last drawn (topmost) first, or null. */
export function creatureAt(scene, sm, x, y) {
  const cs = (scene && scene.creatures) || [];
  for (let i = cs.length - 1; i >= 0; i--) {
    const c = cs[i], n = footprint(sm, c);
    if (x >= c.at[0] && x < c.at[0] + n && y >= c.at[1] && y < c.at[1] + n) return c;
  }
  return null;
}

/** The map's size in squares: [width, height]. */
export function mapSize(scene) {
  return [scene.map[0].length, scene.map.length];
}

/** Paint square (x, y) with legend character `ch`; false if it already was. */
export function paint(scene, x, y, ch) {
  const row = scene.map[y];
  if (row[x] === ch) return false;
  scene.map[y] = row.slice(0, x) + ch + row.slice(x + 1);
  return true;
}

/** Index of the wall nearest grid point (px, py) within `reach` squares, or -1. The keyboard
 *  erases from the cursor square's centre: a wall on one of its edges is 0.5 away. */
export function wallNear(walls, px, py, reach) {
  let best = -1, bestD = reach;
  walls.forEach((wl, i) => {
    const [ax, ay] = wl.from, [bx, by] = wl.to;
    const dx = bx - ax, dy = by - ay, len = dx * dx + dy * dy || 1;
    const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len));
    const d = Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
    if (d < bestD) { bestD = d; best = i; }
  });
  return best;
}

/** The wall the keyboard erases at square (x, y): one on its edges or across it, or -1. */
export function wallAtSquare(walls, x, y) {
  return wallNear(walls, x + 0.5, y + 0.5, 0.5001);
}

/** Take grid point `p` for the wall being drawn: the first point starts it ("start"); the
 *  second ends it ("added", the wall pushed) or, on the same point, drops it ("dropped"). */
export function wallPoint(st, p) {
  if (!st.wallStart) {
    st.wallStart = p;
    return "start";
  }
  const a = st.wallStart;
  st.wallStart = null;
  if (a[0] === p[0] && a[1] === p[1]) return "dropped";
  st.scene.walls.push({ from: a, to: p });
  return "added";
}

/** A creature id not taken yet: "c" + a number from the count of creatures plus one. */
export function newId(creatures) {
  const ids = new Set(creatures.map((c) => c.id));
  let i = creatures.length + 1;
  while (ids.has("c" + i)) i++;
  return "c" + i;
}

/** Add a creature of system entry `sm`'s defaults at square `at`; it is selected, and is the
 *  mover if there was none. Return it. */
export function addCreature(st, sm, at) {
  const c = { id: newId(st.scene.creatures), at, size: sm.default_size, side: "party" };
  if (sm.speed_field === "agility_bonus") c.agility_bonus = 3; else c.speed = sm.default_speed;
  st.scene.creatures.push(c);
  st.selectedId = c.id;
  if (!st.moverId) st.moverId = c.id;
  return c;
}

/** Remove creature `id`; the mover passes to the first creature left, the selection goes. */
export function removeCreature(st, id) {
  st.scene.creatures = st.scene.creatures.filter((c) => c.id !== id);
  if (st.moverId === id) st.moverId = (st.scene.creatures[0] || {}).id || null;
  if (st.selectedId === id) st.selectedId = null;
}

/** Move creature `c` to `to`, kept on the map; a drawn path goes. False if it did not move. */
export function moveCreature(st, sm, c, to) {
  const n = footprint(sm, c), [w, h] = mapSize(st.scene);
  const x = Math.max(0, Math.min(w - n, to[0])), y = Math.max(0, Math.min(h - n, to[1]));
  if (c.at[0] === x && c.at[1] === y) return false;
  c.at = [x, y];
  st.draft = [];
  return true;
}

/** Remove what the erase tool takes at square (x, y): the creature there ("creature"), else
 *  wall `wall`, an index or -1 for none ("wall"); null if nothing was there. */
export function eraseAt(st, sm, x, y, wall) {
  const c = creatureAt(st.scene, sm, x, y);
  if (c) { removeCreature(st, c.id); return "creature"; }
  if (wall >= 0) { st.scene.walls.splice(wall, 1); return "wall"; }
  return null;
}

/** The creature form's fields for creature `c` (the form's inputs hold strings). */
export function creatureFields(c) {
  return {
    id: c.id,
    size: c.size,
    side: c.side,
    speed: c.speed ?? "",
    agility_bonus: c.agility_bonus ?? "",
    armor: c.armor || "none",
    helpless: !!c.helpless,
    fly: c.fly ? c.fly.speed : "",
    maneuverability: c.fly ? c.fly.maneuverability : "",
  };
}

/** Apply the creature form's fields `f` to the selected creature (a new id only if free and
 *  not blank; an empty number removes the field; dh2e-like systems keep an Agility Bonus
 *  instead of a speed). False if no creature is selected. */
export function applyCreatureFields(st, sm, f) {
  const c = st.scene.creatures.find((k) => k.id === st.selectedId);
  if (!c) return false;
  const id = f.id.trim();
  if (id && id !== c.id && !st.scene.creatures.some((k) => k.id === id)) {
    if (st.moverId === c.id) st.moverId = id;
    c.id = id;
    st.selectedId = id;
  }
  c.size = f.size;
  c.side = f.side.trim() || "party";
  if (sm.speed_field === "agility_bonus") {
    if (f.agility_bonus !== "") c.agility_bonus = Number(f.agility_bonus); else delete c.agility_bonus;
  } else {
    if (f.speed !== "") c.speed = Number(f.speed); else delete c.speed;
  }
  if (f.armor !== "none") c.armor = f.armor; else delete c.armor;
  if (f.helpless) c.helpless = true; else delete c.helpless;
  if (f.fly !== "" && Number(f.fly) > 0) c.fly = { speed: Number(f.fly), maneuverability: f.maneuverability || "average" }; else delete c.fly;
  return true;
}

// ---------- new, opened and saved scenes ----------

/** Read a new scene's size ("20x15", "20 x 15", "20,15", "20×15"): [w, h] within 1-500, or null. */
export function parseMapSize(answer) {
  const m = /^\s*(\d+)\s*[x×, ]\s*(\d+)\s*$/.exec(answer);
  if (!m) return null;
  return [Math.min(500, Math.max(1, Number(m[1]))), Math.min(500, Math.max(1, Number(m[2])))];
}

/** An empty scene of `system`, `w` by `h` squares of open ground. */
export function blankScene(system, w, h) {
  return { footfall: 1, system, map: Array.from({ length: h }, () => ".".repeat(w)), walls: [], creatures: [] };
}

/** The scene without its background picture (questions never need it; it may be megabytes). */
export function withoutBackground(scene) {
  if (!scene.background) return scene;
  const copy = Object.assign({}, scene);
  delete copy.background;
  return copy;
}

/** What an opened file's parsed JSON is: "scene" (a footfall scene), "import" (anything else
 *  the server may import: Universal VTT, Foundry) or null (not a JSON object). */
export function fileKind(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return null;
  return "footfall" in data && "map" in data ? "scene" : "import";
}

/** The scene name of an opened file (its name without the extension). */
export function sceneNameOf(fileName) {
  return fileName.replace(/\.[^.]+$/, "");
}

/** The file name a scene is saved under, and its text. */
export function savedName(sceneName) {
  return (sceneName || "scene").replace(/\.json$/, "") + ".json";
}
export function savedText(scene) {
  return JSON.stringify(scene, null, 1) + "\n";
}
