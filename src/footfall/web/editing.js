// Editing the scene on the map: the tools (select and drag a token, paint terrain, thin walls,
// add and remove creatures, draw a path to check), the palette, the keyboard on the map, and
// the creature form. The edits themselves are scene.js's; this module reads the pointer and
// the keys and shows the result.
import { state, stale, systemMeta, mover, selected, selectCreature } from "./state.js";
import {
  legend, creatureAt, mapSize, paint, wallNear, wallAtSquare, wallPoint, addCreature,
  removeCreature as removeFromScene, eraseAt, creatureFields, applyCreatureFields,
} from "./scene.js";
import { legendName, sizeName, sideName, armorName, maneuverabilityName } from "./labels.js";
import { $, tr, say, clearStatus } from "./page.js";
import { draw, squareColour, squareAt, cornerAt } from "./drawing.js";
import { changed, fillMovers, refreshCheck, refreshHover, showHover } from "./panel.js";
import { startDrag, dragOver, drop, nudge, toggleWaypoint, clearWaypoints } from "./moves.js";
import { tokenTitle } from "./drawing.js";
import { inEncounter } from "./turns.js";

const EDITS = new Set(["paint", "wall", "creature", "erase"]);
const TOOL_KEYS = { s: "select", p: "paint", w: "wall", c: "creature", x: "erase", d: "path" };
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// ---------- tools and palette ----------

/** Use `tool` ("select", "paint", "wall", "creature", "erase", "path"); a half-drawn wall goes. */
export function selectTool(tool) {
  state.tool = tool;
  for (const r of document.querySelectorAll("input[name=tool]")) r.checked = r.value === tool;
  state.wallStart = null;
  $("map").style.cursor = tool === "select" ? "pointer" : "crosshair";
}

/** The tool a key selects (S, P, W, C, X, D), or undefined. */
export function toolOfKey(key) {
  return TOOL_KEYS[key.toLowerCase()];
}

/** One button per legend character (default legend plus the scene's own), named and tinted. */
export function buildPalette() {
  const box = $("palette");
  box.innerHTML = "";
  if (!state.meta) return;
  const sm = systemMeta(state), terrains = sm && sm.terrains;
  for (const [ch, flags] of Object.entries(legend(state.meta, state.scene))) {
    const b = document.createElement("button");
    b.type = "button";
    b.setAttribute("role", "radio");
    b.dataset.char = ch;
    b.setAttribute("aria-checked", String(ch === state.paintChar));
    const chip = document.createElement("span");
    chip.className = "chip";
    chip.style.background = squareColour(flags);
    const name = legendName(tr, flags, terrains);
    b.append(chip, document.createTextNode(" " + ch + " " + name));
    b.title = name;
    b.addEventListener("click", () => choosePaint(ch));
    box.append(b);
  }
}

function choosePaint(ch) {
  state.paintChar = ch;
  selectTool("paint");
  buildPalette();
}

// ---------- what the tools do ----------

function selectToken(c) {
  selectCreature(state, c.id);
  $("mover").value = c.id;
  fillCreatureForm();
  changed();
}

/** Remove creature `id` (the form's Remove button, the erase tool, Delete). */
export function removeCreature(id) {
  removeFromScene(state, id);
  afterRemoval();
}

function afterRemoval() {
  fillMovers();
  fillCreatureForm();
  changed();
}

function takeWallPoint(p) {
  const what = wallPoint(state, p);
  if (what === "start") { say("wall_start", { x: p[0], y: p[1] }, "wall"); draw(); return; }
  if (what === "dropped") { draw(); return; }
  clearStatus("wall");
  changed();
}

function erase(x, y, wall) {
  const what = eraseAt(state, systemMeta(state), x, y, wall);
  if (what === "creature") afterRemoval();
  else if (what === "wall") changed();
}

function step(c, to) {
  nudge(c, to);
}

// Use the tool at square `sq`: from the pointer (`ev`: a wall takes the nearest grid point,
// erase the nearest wall) or from the keyboard (ev null: the square's top-left corner, a wall
// on the square's edges).
function useTool(sq, ev) {
  const [x, y] = sq;
  // In an encounter the server holds the scene: an edit here would be lost with its next answer.
  if (inEncounter() && EDITS.has(state.tool)) { say("edit_in_encounter", {}, "move"); return; }
  const c = creatureAt(state.scene, systemMeta(state), x, y);
  switch (state.tool) {
    case "select": if (c) selectToken(c); break;
    case "paint": if (paint(state.scene, x, y, state.paintChar)) changed(); break;
    case "wall": takeWallPoint(ev ? cornerAt(...canvasPoint(ev), state.cell) : [x, y]); break;
    case "creature": if (c) selectToken(c); else addNew([x, y]); break;
    case "erase": erase(x, y, ev ? wallUnderPointer(ev) : wallAtSquare(state.scene.walls, x, y)); break;
    case "path": {
      if (!mover(state)) break;
      state.draft.push([x, y]);
      refreshCheck();
      draw();
      break;
    }
  }
}

function addNew(at) {
  addCreature(state, systemMeta(state), at);
  fillMovers();
  fillCreatureForm();
  changed();
}

// ---------- the pointer ----------

function canvasPoint(ev) {
  const r = $("map").getBoundingClientRect();
  return [ev.clientX - r.left, ev.clientY - r.top];
}

// The wall within 0.3 squares of the pointer, or -1.
function wallUnderPointer(ev) {
  const [px, py] = canvasPoint(ev);
  return wallNear(state.scene.walls, px / state.cell, py / state.cell, 0.3);
}

function squareOf(ev) {
  const [w, h] = mapSize(state.scene);
  return squareAt(...canvasPoint(ev), state.cell, w, h);
}

/** Listen to the pointer and the keys on the map. */
export function bindMap() {
  const canvas = $("map");
  canvas.addEventListener("pointerdown", (ev) => {
    if (!state.scene) return;
    const sq = squareOf(ev);
    if (!sq) return;
    canvas.focus({ preventScroll: true });
    state.cursor = sq;
    const c = creatureAt(state.scene, systemMeta(state), sq[0], sq[1]);
    if (state.tool === "select" && (ev.ctrlKey || ev.metaKey)) { toggleWaypoint(sq); return; }
    if (state.tool === "select" && c) {
      selectToken(c);
      // Alt+drag puts the token down without a move (setting up the map).
      startDrag(c, [sq[0] - c.at[0], sq[1] - c.at[1]], ev.altKey);
      canvas.setPointerCapture(ev.pointerId);
      return;
    }
    if (state.tool === "paint" && !inEncounter()) { state.painting = true; canvas.setPointerCapture(ev.pointerId); }
    if (state.tool === "path") { state.tracing = sq; canvas.setPointerCapture(ev.pointerId); }
    useTool(sq, ev);
  });
  canvas.addEventListener("pointermove", (ev) => {
    if (!state.scene) return;
    const sq = squareOf(ev);
    canvas.title = tokenTitle(sq);
    if (state.drag) { if (sq) state.pointerSquare = sq; dragOver(sq); return; }
    if (state.painting && sq) { if (paint(state.scene, sq[0], sq[1], state.paintChar)) draw(); return; }
    if (state.tracing && sq && (sq[0] !== state.tracing[0] || sq[1] !== state.tracing[1])) {
      // Dragging a path: each new square the pointer enters is the next step.
      state.tracing = sq;
      state.draft.push(sq);
      refreshCheck();
      draw();
      return;
    }
    if (!sq) return;
    if (!state.hoverSquare || state.hoverSquare[0] !== sq[0] || state.hoverSquare[1] !== sq[1]) {
      state.hoverSquare = sq;
      refreshHover();
    }
  });
  const end = () => {
    if (state.drag) drop();
    if (state.painting) { state.painting = false; changed(); }
    state.tracing = null;
  };
  canvas.addEventListener("pointerup", end);
  canvas.addEventListener("pointercancel", end);
  canvas.addEventListener("pointerleave", () => {
    if (state.drag || state.painting || state.tracing) return;
    stale(state, "hover"); // a path still on its way is for a square the pointer has left
    state.hoverSquare = null;
    state.hover = null;
    showHover(null);
    draw();
  });
  canvas.addEventListener("focus", draw);
  canvas.addEventListener("blur", draw);
  canvas.addEventListener("keydown", onKey);
  document.addEventListener("keydown", (ev) => {
    if (ev.target !== document.body) return;
    const tool = toolOfKey(ev.key);
    if (tool) selectTool(tool);
  });
}

// ---------- the keyboard on the map ----------

function onKey(ev) {
  if (!state.scene) return;
  const [w, h] = mapSize(state.scene);
  if (ev.key in ARROWS) {
    ev.preventDefault();
    const [dx, dy] = ARROWS[ev.key];
    const sel = selected(state);
    if (ev.shiftKey && sel) { step(sel, [sel.at[0] + dx, sel.at[1] + dy]); state.cursor = [sel.at[0], sel.at[1]]; }
    else state.cursor = [Math.max(0, Math.min(w - 1, state.cursor[0] + dx)), Math.max(0, Math.min(h - 1, state.cursor[1] + dy))];
    state.hoverSquare = state.cursor.slice();
    refreshHover();
    draw();
    return;
  }
  // A waypoint: the dragged token's square while dragging, else the cursor's.
  if (ev.key === "v" || ev.key === "V" || (ev.key === " " && state.drag)) {
    ev.preventDefault();
    toggleWaypoint(state.drag && state.drag.to ? state.drag.to : state.cursor);
    return;
  }
  if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); useTool(state.cursor, null); return; }
  if (ev.key === "Escape") { state.draft = []; state.wallStart = null; clearWaypoints(); refreshCheck(); refreshHover(); return; }
  if (ev.key === "Delete" || ev.key === "Backspace") {
    ev.preventDefault();
    const [x, y] = state.cursor;
    erase(x, y, wallAtSquare(state.scene.walls, x, y));
    return;
  }
  const tool = toolOfKey(ev.key);
  if (tool) { selectTool(tool); return; }
  const idx = "1234567890".indexOf(ev.key);
  if (idx >= 0) {
    const chars = Object.keys(legend(state.meta, state.scene));
    if (chars[idx] !== undefined) choosePaint(chars[idx]);
  }
}

// ---------- the creature form ----------

/** The form's size menu and speed field for the scene's system (Agility Bonus in dh2e). */
export function fillCreatureKinds() {
  const sm = systemMeta(state);
  if (!sm) return;
  const sizes = $("c-size");
  sizes.innerHTML = "";
  for (const s of Object.keys(sm.sizes)) sizes.add(new Option(sizeName(tr, s), s));
  // The fixed menus' values stay ids; their labels are words in the page's language.
  // (An option without a value attribute takes its text as value: pin the id first.)
  for (const o of $("c-armor").options) {
    o.value = o.value;
    o.textContent = armorName(tr, o.value);
  }
  for (const o of $("c-man").options) {
    o.value = o.value;
    if (o.value) o.textContent = maneuverabilityName(tr, o.value);
  }
  for (const o of $("sides").options) o.label = sideName(tr, o.value);
  const isDh = sm.speed_field === "agility_bonus";
  $("c-speed-l").hidden = isDh;
  $("c-ab-l").hidden = !isDh;
}

/** Show the selected creature in the form (disabled when none is selected). */
export function fillCreatureForm() {
  const c = state.scene && state.scene.creatures.find((k) => k.id === state.selectedId);
  $("creature-fields").disabled = !c;
  $("creature-none").hidden = !!c;
  if (!c) return;
  const f = creatureFields(c);
  $("c-id").value = f.id;
  $("c-size").value = f.size;
  $("c-side").value = f.side;
  $("c-speed").value = f.speed;
  $("c-ab").value = f.agility_bonus;
  $("c-armor").value = f.armor;
  $("c-helpless").checked = f.helpless;
  $("c-fly").value = f.fly;
  $("c-man").value = f.maneuverability;
}

/** Apply the form to the selected creature (its submit). */
export function applyCreatureForm(ev) {
  ev.preventDefault();
  const fields = {
    id: $("c-id").value,
    size: $("c-size").value,
    side: $("c-side").value,
    speed: $("c-speed").value,
    agility_bonus: $("c-ab").value,
    armor: $("c-armor").value,
    helpless: $("c-helpless").checked,
    fly: $("c-fly").value,
    maneuverability: $("c-man").value,
  };
  if (!applyCreatureFields(state, systemMeta(state), fields)) return;
  fillMovers();
  changed();
}
