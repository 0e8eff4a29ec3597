// Playing a round: an encounter (TURN.md) kept by the server at /api/encounters. The initiative
// list (reordered by buttons or by dragging a name, before the start and during play), the round
// and whose turn it is, the turn's budget as it
// shrinks, undo and redo (buttons, Ctrl+Z / Ctrl+Y), end turn. Every change names the version it
// was made on; a stale one (another tab moved first) reloads the encounter and says so. The
// encounter's id rides in the address (?encounter=ID): a reload or a second tab opens the same.
import { state, ask, isCurrent, job, systemMeta } from "./state.js";
import {
  postEncounter, getEncounter, postEncounterMove, postEncounterUndo, postEndTurn, encounterRequest,
  postEncounterOrder,
} from "./api.js";
import { withTurn as judged } from "./turnreach.js";
import { budgetLine, moveAction, lastMove, afterUndo, reorder, moveTo } from "./play.js";
import { listText, unitWord, reaskable } from "./labels.js";
import { $, tr, say, status } from "./page.js";
import { resize } from "./drawing.js";
import { fillMovers, refresh } from "./panel.js";
import { fillCreatureForm } from "./editing.js";
import { snapBack } from "./moves.js";
import { showScene, openSample } from "./files.js";

/** Whether the page is playing an encounter (not only editing a scene). */
export function inEncounter() {
  return !!state.encounter;
}

/** Ask whether the server keeps encounters (GET /api/encounters); show the turn box either way. */
export async function probeEncounters() {
  try {
    await encounterRequest(state.lang, "GET", "");
    state.encounterServer = true;
  } catch (e) {
    state.encounterServer = !(e.status === 404 || e.status === 405 || e.status === 501);
  }
  showTurn();
}

/** The initiative order before the start: the scene's creatures, as the GM reordered them. */
function setupOrder() {
  const ids = state.scene ? state.scene.creatures.map((c) => c.id) : [];
  const kept = (state.order || []).filter((id) => ids.includes(id));
  state.order = kept.concat(ids.filter((id) => !kept.includes(id)));
  return state.order;
}

/** Start an encounter of the scene on the page, in the order shown. */
export async function startEncounter() {
  await job(state, async () => {
    try {
      const enc = await postEncounter(state.lang, state.scene, setupOrder(), state.sceneName);
      keepBackground(enc);
      openEncounter(enc);
      say("encounter_started", { round: enc.round, active: enc.active }, "turn");
    } catch (e) {
      if (e.status === 404 || e.status === 405) { state.encounterServer = false; showTurn(); }
      status(e.status === 404 || e.status === 405 ? tr("no_encounter_server") : e.message, true, "turn");
    }
  });
}

/** The page opened at its bare address: play the server's default sample as an encounter,
 *  the last one kept of it if there is one (so every visit plays on), else a new one. */
export async function playSample(name) {
  const kept = await encounterRequest(state.lang, "GET", "");
  const mine = kept.filter((e) => e.title === name);
  if (mine.length) { await loadEncounter(mine[mine.length - 1].id); return; }
  await openSample(name);
  await startEncounter();
}

/** Open encounter `id` from the server (the address's ?encounter=). */
export async function loadEncounter(id, said) {
  const seq = ask(state, "encounter");
  await job(state, async () => {
    try {
      const enc = await getEncounter(state.lang, id);
      if (!isCurrent(state, "encounter", seq)) return;
      keepBackground(enc);
      openEncounter(enc);
      if (said) say(said, { version: enc.version }, "turn");
    } catch (e) {
      if (isCurrent(state, "encounter", seq)) status(e.status === 404 && !state.encounterServer ? tr("no_encounter_server") : e.message, true, "turn", () => loadEncounter(id, said));
    }
  });
}

// The page's picture of the map stays with the encounter (the server keeps no picture).
function keepBackground(enc) {
  const bg = state.scene && state.scene.background;
  if (bg && !enc.scene.background) enc.scene.background = bg;
}

/** Put encounter `enc` on the page: its scene, the active creature as the mover, the turn box. */
export function openEncounter(enc) {
  const first = !state.encounter || state.encounter.id !== enc.id;
  state.encounter = enc;
  if (first) {
    showScene(enc.scene, enc.title || state.sceneName);
    state.redo = [];
    const url = new URL(window.location.href);
    url.searchParams.set("encounter", enc.id);
    window.history.replaceState(null, "", url);
  } else {
    state.scene = enc.scene;
  }
  state.moverId = enc.active;
  state.selectedId = enc.active;
  state.waypoints = [];
  state.hover = null;
  fillMovers();
  fillCreatureForm();
  showTurn();
  resize();
  refresh();
}

/** Answer a change refused as stale (409): the encounter is read again and the page says so.
 *  Any other refusal is shown; `again` (a refusal the server repeats for the same request at
 *  the same version: labels.js `reaskable`) sends it again when the language is switched, so
 *  the refusal is said in the new language with its fields. */
async function onRefused(e, c, again) {
  if (e.status === 409) { await loadEncounter(state.encounter.id, "stale"); return true; }
  if (e.status === 422) { snapBack(c || { id: state.encounter.active }, e.data || { error: e.message }, again); return true; }
  status(e.message, true, "turn", again);
  return false;
}

/** Send a change: `send(lang)` posts it (pinned to the version it was made at), `done(next)`
 *  shows the answer. Refused, the refusal is shown; when the language is switched the very
 *  same request is sent again (same version, same body: the server refuses it the same way,
 *  now in the new language), unless the refusal is one a second try could change. */
async function change(send, done, c) {
  try {
    const next = await send(state.lang);
    keepBackground(next);
    done(next);
  } catch (e) {
    const again = reaskable(e) ? () => job(state, () => change(send, done, c)) : null;
    await onRefused(e, c, again);
  }
}

/** In an encounter, a path answer for the active creature judged against the turn so far
 *  (turnreach.js); otherwise `res`. */
export function withTurn(res) {
  return judged(state, res);
}

/** Record the move of creature `c` along path answer `res` (the squares entered after its
 *  square), under the action the turn still allows for its cost; or snap back. */
export async function recordMove(c, res) {
  const enc = state.encounter;
  if (c.id !== enc.active) { snapBack(c, () => ({ error: tr("not_turn", { mover: c.id, active: enc.active }) })); return; }
  const action = moveAction(enc.turn.can, res.cost, res.action) || res.action;
  const { id, version } = enc, path = res.path.slice(1);
  await change((lang) => postEncounterMove(lang, id, version, action, path), (next) => {
    state.redo = [];
    openEncounter(next);
    // The unit is named when the message is shown: after a language switch, in the new one.
    say("move_recorded", { mover: c.id, cost: res.cost, unit: unitWord(tr, res.unit) }, "turn");
  }, c);
}

/** Take back the turn's last move (Ctrl+Z); it can be made again (redo). */
export async function undo() {
  const enc = state.encounter, taken = enc && lastMove(enc.turn);
  if (!taken) return;
  const { id, version } = enc;
  await job(state, () => change((lang) => postEncounterUndo(lang, id, version), (next) => {
    state.redo = afterUndo(state.redo, taken);
    openEncounter(next);
    say("undone", {}, "turn");
  }));
}

/** Make the last move taken back again (Ctrl+Y). */
export async function redo() {
  const enc = state.encounter;
  if (!enc || !state.redo.length) return;
  const m = state.redo[state.redo.length - 1];
  const { id, version } = enc;
  await job(state, () => change((lang) => postEncounterMove(lang, id, version, m.action, m.path), (next) => {
    state.redo = state.redo.slice(0, -1);
    const keep = state.redo;
    openEncounter(next);
    state.redo = keep;
    showTurn();
    say("redone", {}, "turn");
  }));
}

/** End the turn: the next creature in the order acts (the round moves on after the last). */
export async function endTurn() {
  const enc = state.encounter;
  if (!enc) return;
  const { id, version } = enc;
  await job(state, () => change((lang) => postEndTurn(lang, id, version), (next) => {
    state.redo = [];
    openEncounter(next);
    say("turn_of", { round: next.round, active: next.active }, "turn");
  }));
}

/** Leave the encounter (the server keeps it; its address opens it again) and edit the scene. */
export function leaveEncounter() {
  state.encounter = null;
  state.redo = [];
  const url = new URL(window.location.href);
  url.searchParams.delete("encounter");
  window.history.replaceState(null, "", url);
  showTurn();
  refresh();
}

/** Another tab may have played on: read the encounter again when this one comes back. */
export function recheck() {
  if (state.encounter && document.visibilityState === "visible") {
    getEncounter(state.lang, state.encounter.id).then((enc) => {
      if (state.encounter && enc.id === state.encounter.id && enc.version !== state.encounter.version) {
        keepBackground(enc);
        openEncounter(enc);
        say("stale", { version: enc.version }, "turn");
      }
    }).catch(() => {});
  }
}

// ---------- the turn box ----------

function budgets() {
  const out = {};
  for (const [a, r] of Object.entries(state.reach || {})) if (r && r.budget) out[a] = r.budget;
  return out;
}

function actionNames() {
  const sm = systemMeta(state), out = {};
  for (const a of (sm && sm.actions) || []) out[a.id] = a.label || a.id;
  return out;
}

/** Draw the turn box: before the start, the order to reorder and Start; during, the round, the
 *  order with the active creature marked, the budget, and the buttons. */
export function showTurn() {
  const enc = state.encounter, box = $("order");
  $("turn-none").hidden = state.encounterServer !== false;
  $("turn-start").hidden = !!enc;
  $("turn-start").disabled = state.encounterServer === false || !state.scene;
  $("turn-play").hidden = !enc;
  box.innerHTML = "";
  const order = enc ? enc.order : setupOrder();
  order.forEach((id, i) => box.append(orderItem(id, i, order.length, enc)));
  if (!enc) return;
  $("round").textContent = String(enc.round);
  $("active").textContent = enc.active;
  $("turn-version").textContent = String(enc.version);
  const sm = systemMeta(state), unit = sm ? unitWord(tr, sm.unit) : "";
  $("budget").textContent = budgetLine(tr, enc.turn, unit, actionNames(), budgets());
  $("undo-btn").disabled = !lastMove(enc.turn);
  $("redo-btn").disabled = !state.redo.length;
}

function orderItem(id, i, n, enc) {
  const li = document.createElement("li");
  li.dataset.id = id;
  if (enc && enc.active === id) li.className = "active";
  const name = document.createElement("span");
  name.textContent = id;
  li.append(name);
  const order = enc ? enc.order : state.order;
  for (const [delta, text, key] of [[-1, "↑", "move_up"], [1, "↓", "move_down"]]) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.title = tr(key);
    b.setAttribute("aria-label", tr(key) + " " + id);
    b.disabled = (delta < 0 && i === 0) || (delta > 0 && i === n - 1);
    b.addEventListener("click", () => setOrder(reorder(order, id, delta)));
    li.append(b);
  }
  // Drag a name onto another: it takes that place (before the start, and during play).
  li.draggable = true;
  li.addEventListener("dragstart", (ev) => { ev.dataTransfer.setData("text/plain", id); ev.dataTransfer.effectAllowed = "move"; });
  li.addEventListener("dragover", (ev) => { ev.preventDefault(); li.classList.add("over"); });
  li.addEventListener("dragleave", () => li.classList.remove("over"));
  li.addEventListener("drop", (ev) => {
    ev.preventDefault();
    ev.stopPropagation();
    li.classList.remove("over");
    const from = ev.dataTransfer.getData("text/plain");
    if (from && from !== id && order.includes(from)) setOrder(moveTo(order, from, order.indexOf(id)));
  });
  return li;
}

/** Set the initiative order: before the start, the page's own; during play, the server's
 *  (POST /api/encounters/{id}/order, recorded with the turn; a stale version reloads). */
export async function setOrder(order) {
  const enc = state.encounter;
  if (!enc) { state.order = order; showTurn(); return; }
  if (order.join("\n") === enc.order.join("\n")) return;
  await job(state, async () => {
    try {
      const next = await postEncounterOrder(state.lang, enc.id, enc.version, order);
      keepBackground(next);
      openEncounter(next);
      say("order_changed", { order: listText(tr, next.order), active: next.active }, "turn");
    } catch (e) { await onRefused(e); }
  });
}

/** The keys of the turn (anywhere but a text field): Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo. */
export function onTurnKey(ev) {
  if (!state.encounter || !(ev.ctrlKey || ev.metaKey)) return;
  const t = ev.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
  const k = ev.key.toLowerCase();
  if (k === "z" && !ev.shiftKey) { ev.preventDefault(); undo(); }
  else if (k === "y" || (k === "z" && ev.shiftKey)) { ev.preventDefault(); redo(); }
}
