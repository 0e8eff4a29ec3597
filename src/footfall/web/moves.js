// Moving a token on the map: while it is dragged, the cheapest legal path to the square under
// the pointer (through the waypoints) with its cost, band and provocations; on drop, the move is
// made (and, in an encounter, recorded by the server) or the token snaps back and the page names
// the rule it broke. Waypoints are set by Ctrl+click or the V key. docs/page.md, "Moving a token".
import { state, ask, isCurrent, job, debounce, stale, systemMeta, mover } from "./state.js";
import { postPath, pathBody } from "./api.js";
import { moveCreature } from "./scene.js";
import { placementProblem, refusalLine } from "./play.js";
import { unitWord } from "./labels.js";
import { $, tr, say, status, refuse, clearStatus } from "./page.js";
import { draw } from "./drawing.js";
import { changed, squareAction, showMoveLine } from "./panel.js";
import { inEncounter, recordMove, withTurn } from "./turns.js";
import { word, actionLabel } from "./turnreach.js";

const same = (a, b) => !!a && !!b && a[0] === b[0] && b[1] === a[1];

/** Start dragging creature `c`, grabbed at offset `grab` from its top-left square. */
export function startDrag(c, grab, free) {
  state.drag = { creature: c, grab, to: null, free: !!free };
  state.dragPath = null;
}

/** The pointer is over square `sq` while dragging: the token's new top-left square follows, and
 *  the path there is asked once the pointer rests (debounced; a newer square makes the answer on
 *  its way stale at once). */
export function dragOver(sq) {
  const d = state.drag;
  if (!d || !sq) return;
  const to = [sq[0] - d.grab[0], sq[1] - d.grab[1]];
  if (same(d.to, to)) return;
  d.to = to;
  state.dragPath = null;
  draw();
  if (!d.free) askDragPath();
}

const askDragPath = debounce(state, () => {
  const d = state.drag;
  if (!d || !d.to) return;
  const to = d.to.slice(), seq = ask(state, "drag");
  job(state, () => pathTo(to, seq));
}, 50, "drag");

// Ask the path to `to` for the dragged token; kept only while question `seq` is current.
async function pathTo(to, seq) {
  let res;
  try {
    res = await postPath(state.lang, pathBody(state, to, squareAction(to)));
    if (inEncounter()) res = await withTurn(res); // judged with the turn's moves so far
  } catch (e) {
    res = { error: e.message, to };
  }
  if (!isCurrent(state, "drag", seq)) return null;
  state.dragPath = { to, response: res };
  if (state.drag || !state.dropping) showMoveLine(res, (mover(state) || {}).id || "");
  draw();
  return res;
}

/** The drag ended: make the move, or snap the token back naming the rule it broke. */
export async function drop() {
  const d = state.drag;
  state.drag = null;
  if (!d || !d.to || same(d.to, d.creature.at)) { state.dragPath = null; draw(); return; }
  if (d.free) { place(d.creature, d.to); return; }
  state.dropping = true;
  await job(state, async () => {
    try {
      let res = state.dragPath && same(state.dragPath.to, d.to) ? state.dragPath.response : null;
      if (!res) res = await pathTo(d.to, ask(state, "drag"));
      if (!res) return; // overtaken by a newer drag
      if (res.error || !res.found) { snapBack(d.creature, res, reaskPath(d.creature, pathBody(state, d.to, squareAction(d.to)))); return; }
      if (inEncounter()) await recordMove(d.creature, res);
      else {
        moveCreature(state, systemMeta(state), d.creature, d.to);
        state.waypoints = [];
        clearStatus("move");
        // Unit and action are named when shown: after a language switch, in the new language.
        const unit = res.unit, action = res.action;
        say("moved", { mover: d.creature.id, to: "(" + d.to.join(",") + ")", cost: res.cost, unit: unitWord(tr, unit), action: word(() => actionLabel(state, action)) }, "move");
        changed();
      }
    } finally {
      state.dropping = false;
      state.dragPath = null;
      draw();
    }
  });
}

/** The token stays where it was; the status line names the broken rule. */
export function snapBack(c, res, again) {
  const line = () => refusalLine(tr, c.id, typeof res === "function" ? res() : res);
  status(line(), true, "move", again, line);
  $("map").dataset.snapped = c.id;
  draw();
}

/** A refused drop's path question (`body`), asked again in the page's new language: it changes
 *  nothing, so the refusal comes back worded anew with its fields (page.js `restatus`). */
function reaskPath(c, body) {
  return () => job(state, async () => {
    let res;
    try {
      res = await postPath(state.lang, body);
      if (inEncounter()) res = await withTurn(res);
    } catch (e) {
      res = { error: e.message };
    }
    if (res.error || !res.found) snapBack(c, res, reaskPath(c, body));
  });
}

// Put a token down without a move (Alt+drag, Shift+arrows: setting up the map), refused on a
// wall, a pit, another creature or off the map, so the scene stays one the server accepts.
function place(c, to) {
  if (inEncounter()) { say("edit_in_encounter", {}, "move"); draw(); return; }
  const why = placementProblem(state.meta, systemMeta(state), state.scene, c, to);
  if (why) { refuse(() => tr("cannot_place", { mover: c.id, to: "(" + to.join(",") + ")", why: tr("place_" + why.replace("-", "_")) }), "move"); draw(); return; }
  if (moveCreature(state, systemMeta(state), c, to)) { clearStatus("move"); changed(); }
}

/** Shift+arrow: put the selected token one square over (a placement, checked as Alt+drag). */
export function nudge(c, to) {
  place(c, to);
}

/** Add square `sq` as a waypoint of the mover's path (or take it off if it is one already). */
export function toggleWaypoint(sq) {
  if (!mover(state)) return;
  const i = state.waypoints.findIndex((p) => same(p, sq));
  if (i >= 0) state.waypoints.splice(i, 1); else state.waypoints.push(sq.slice());
  say("waypoints", { n: state.waypoints.length }, "move");
  stale(state, "hover", "drag");
  state.dragPath = null;
  if (state.drag) askDragPath();
  draw();
}

/** Forget the waypoints (Esc, a new mover, a move made). */
export function clearWaypoints() {
  state.waypoints = [];
  state.dragPath = null;
}
