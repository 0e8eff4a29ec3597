// The movement panel: the mover, action and interpretation menus, and the three questions the
// page asks about the scene (reach, the path under the pointer, the drawn path's check), each
// numbered so a late answer is dropped (docs/page.md, "Answers that arrive late").
import { state, ask, isCurrent, job, debounce, systemMeta, mover, bandActions, takesDistance, chooseAction, chooseInterpretations } from "./state.js";
import { postPath, postCheck, pathBody, checkBody } from "./api.js";
import { reachAnswers, reachLanded, reachReady, stillShown, withTurn } from "./turnreach.js";
import { stepLine, pathHeading, checkHeading, answerNotes, moverOption, choiceOption, unitWord, switchName, switchHelp, bandShares } from "./labels.js";
import { actionForSquare, bandCounts, previewLine, provocations } from "./play.js";
import { bandOf } from "./drawing.js";
import { shownSwitches } from "./switches.js";
import { $, tr, status, clearStatus } from "./page.js";
import { draw } from "./drawing.js";
import { everyReaches } from "./every.js";

/** The action a path to `sq` is asked with: the band under it (one move, two, a run) when bands
 *  are shaded, else the selected action. */
export function squareAction(sq) {
  return actionForSquare(state.reach, bandActions(state), sq);
}

// ---------- menus ----------

/** Fill the mover menu from the scene's creatures. */
export function fillMovers() {
  const sel = $("mover");
  sel.innerHTML = "";
  for (const c of state.scene.creatures) sel.add(new Option(moverOption(c, tr), c.id));
  if (state.moverId) sel.value = state.moverId;
}

/** Fill the action menu with the system's actions (names in the page's language); keep the
 *  selected action if the system has it. */
export function fillActions() {
  const sm = systemMeta(state);
  const sel = $("action");
  sel.innerHTML = "";
  if (!sm) return;
  for (const a of sm.actions) sel.add(new Option(a.label || a.id, a.id));
  state.action = chooseAction(sm, state.action);
  sel.value = state.action;
  $("distance-l").hidden = !takesDistance(sm, state.action);
}

/** The action menu changed: the granted distance applies only to an action that takes one. */
export function actionChosen(action) {
  state.action = action;
  $("distance-l").hidden = !takesDistance(systemMeta(state), state.action);
  state.distance = $("distance-l").hidden ? null : Number($("distance").value) || null;
  changed();
}

/** One menu per RULES.md switch of the system that the map's answers read (topic tactical),
 *  default marked with "*"; a choice asks again. Which of them are shown follows the scene
 *  (showSwitches). */
export function buildInterpretations() {
  const sm = systemMeta(state), box = $("interp");
  box.innerHTML = "";
  if (!sm) { showSwitches(); return; }
  state.interp = chooseInterpretations(sm, state.interp);
  for (const it of sm.interpretations) {
    if ((it.topic || "tactical") !== "tactical") continue;  // the planner's, a chase's ...: not the map's
    const lab = document.createElement("label");
    lab.dataset.name = it.name;
    const span = document.createElement("span");
    span.textContent = switchName(tr, it);  // in words; the id stays in data-name and the tooltip
    const help = switchHelp(tr, it);
    lab.title = help ? help + " (" + it.name + ")" : it.name;
    const sel = document.createElement("select");
    sel.dataset.name = it.name;
    for (const c of it.choices) sel.add(new Option(choiceOption(c, it, tr), c));
    sel.value = state.interp[it.name];
    sel.addEventListener("change", () => { state.interp[it.name] = sel.value; refresh(); });
    const line = document.createElement("small");
    line.className = "switch-help";
    line.textContent = help;  // the one-line explanation, on the page (not only the tooltip)
    lab.append(span, sel, line);
    box.append(lab);
  }
  showSwitches();
}

/** Show only the switches that change the answers on the map: the actions asked (a run's
 *  run_straight), the scene's creatures (a tiny one, two sides); the box goes when none does.
 *  Hidden switches keep their choice. */
export function showSwitches() {
  const sm = systemMeta(state);
  const view = { topic: "tactical", actions: bandActions(state), creatures: state.scene ? state.scene.creatures : [] };
  const shown = new Set(shownSwitches(sm, view).map((it) => it.name));
  for (const lab of $("interp").children) lab.hidden = !shown.has(lab.dataset.name);
  $("interp-box").hidden = shown.size === 0;
}

// The "Move by flight" box: shown for a mover with a fly speed, ticked as the answer says.
function fillFlying(answer) {
  const m = mover(state);
  $("flying-l").hidden = !(m && m.fly);
  if (answer && typeof answer.flying === "boolean") $("flying").checked = answer.flying;
}

// The count is of the squares shaded: every band when bands are shaded (each square once), with
// each band's share; the selected action's own count rides on data-action-count.
function showCount(n, own) {
  $("reach-count").textContent = n === null ? "—" : String(n);
  $("reach-count").dataset.count = n === null ? "" : String(n);
  $("reach-count").dataset.actionCount = own === undefined ? "" : String(own);
  const shares = n === null ? [] : bandCounts(bandOf(state.reach, bandActions(state)));
  $("reach-bands").textContent = shares.length > 1 ? bandShares(tr, shares) : "";
}

// ---------- reach ----------

/** Ask where the mover can go (for each band action when bands are shaded). */
export async function refreshReach() {
  const seq = ask(state, "reach");
  fillFlying();
  // Not the status line: "Place a creature" must not wipe "Opened cave.dd2vtt".
  $("reach-note").textContent = state.scene && !mover(state) ? tr("no_mover") : "";
  if (!state.scene || !mover(state)) {
    state.reach = null;
    showCount(null);
    clearStatus("reach");
    draw();
    return;
  }
  // The question as it stands now: the answer is read with these actions, not with
  // whatever state.action has become by the time it arrives.
  const action = state.action, actions = bandActions(state);
  await job(state, async () => {
    try {
      // Every token's reach at once (every.js) outside an encounter; in one, the active
      // creature's rest of the turn (turnreach.js), another creature's own fresh reach.
      const shared = await everyReaches(state, actions);
      const got = shared
        ? { reach: Object.fromEntries(actions.map((a) => [a, shared[a]])), count: null, version: null }
        : await reachAnswers(state, actions);
      if (!stillShown(state, "reach", seq, got)) return;
      state.reach = got.reach;
      const mine = state.reach[action];
      fillFlying(mine);
      showCount(got.count === null ? bandOf(state.reach, actions).size : got.count, mine.squares.length);
      clearStatus("reach");
      reachLanded(state, seq);
    } catch (e) {
      if (!isCurrent(state, "reach", seq)) return;
      state.reach = null;
      showCount(null);
      status(e.message, true, "reach");
      reachLanded(state, seq);
    }
    draw();
  });
}

// ---------- the path under the pointer ----------

/** Ask for the cheapest path to the hovered square (debounced: a pointer crossing squares asks
 *  once it rests; each call makes the path on its way stale at once). */
export const refreshHover = debounce(state, function () {
  const sq = state.hoverSquare;
  const seq = ask(state, "hover");
  const m = mover(state);
  if (!sq || !m || (m.at[0] === sq[0] && m.at[1] === sq[1])) { state.hover = null; showHover(null); draw(); return; }
  job(state, async () => {
    try {
      await reachReady(state); // the band under the pointer: the reach of the state as it is now
      if (!isCurrent(state, "hover", seq)) return;
      const res = await withTurn(state, await postPath(state.lang, pathBody(state, sq, squareAction(sq))));
      if (!isCurrent(state, "hover", seq)) return;
      state.hover = { to: sq, response: res };
      showHover(res);
    } catch (e) {
      if (!isCurrent(state, "hover", seq)) return;
      state.hover = null;
      showHover({ error: e.message });
    }
    draw();
  });
}, 60, "hover");

/** Show a path answer (null: none; {error}: a failed question) with its steps and notes. */
export function showHover(res) {
  const out = $("hover-cost"), list = $("hover-steps");
  list.innerHTML = "";
  const head = pathHeading(tr, res);
  out.textContent = head.text;
  out.dataset.cost = head.cost;
  showMoveLine(res, m());
  if (!res || res.error || !res.found) return;
  // What the path provokes first, where it is seen, then the steps.
  showNotes(res, list);
  (res.breakdown || res.steps || []).forEach((s) => {
    const li = document.createElement("li");
    li.textContent = stepLine(s, state.lang);
    list.append(li);
  });
}

const m = () => (mover(state) || {}).id || "";

/** The visible line under the map: the path under the pointer (or the dragged token's) with its
 *  cost and action, and each provocation on a line of its own (never at the foot of a scroll
 *  box). `res` is a path answer, {error}, or null to clear. */
export function showMoveLine(res, moverId) {
  const line = $("move-line"), prov = $("provokes");
  const unit = res && res.unit ? unitWord(tr, res.unit) : "";
  line.textContent = previewLine(tr, moverId, res, unit);
  line.dataset.found = res && !res.error ? String(!!res.found) : "";
  prov.innerHTML = "";
  for (const p of provocations(res)) {
    const li = document.createElement("li");
    li.dataset.by = p.by || "";
    li.textContent = "⚔ " + p.message;
    prov.append(li);
  }
}

// What the path provokes (attacks of opportunity, free strikes) and the hardest terrain test
// it needs (dh2e), as the library words them.
function showNotes(res, list) {
  for (const note of answerNotes(res)) {
    const li = document.createElement("li");
    li.className = "note";
    li.textContent = note;
    list.append(li);
  }
}

// ---------- the drawn path ----------

/** Check the drawn path: legal or not, its cost, each violated rule with its message. */
export async function refreshCheck() {
  const seq = ask(state, "check");
  const box = $("check-result"), list = $("violations");
  if (!state.draft.length || !mover(state)) {
    state.check = null;
    box.textContent = "";
    box.dataset.legal = "";
    list.innerHTML = "";
    draw();
    return;
  }
  const body = checkBody(state);
  await job(state, async () => {
    try {
      const res = await postCheck(state.lang, body);
      if (!isCurrent(state, "check", seq)) return;
      state.check = res;
      box.dataset.legal = String(res.legal);
      box.textContent = checkHeading(tr, res);
      list.innerHTML = "";
      for (const v of res.violations) {
        const li = document.createElement("li");
        li.dataset.rule = v.rule;
        li.dataset.step = String(v.step);
        const code = document.createElement("code");
        code.textContent = v.rule;
        li.append(code, document.createTextNode(" " + v.message));
        list.append(li);
      }
      showNotes(res, list);
    } catch (e) {
      if (!isCurrent(state, "check", seq)) return;
      state.check = null;
      box.dataset.legal = "";
      box.textContent = e.message;
      list.innerHTML = "";
    }
    draw();
  });
}

// ---------- after an edit ----------

/** Every answer on screen is stale at once; ask again once edits pause. */
export const refresh = debounce(state, function () {
  showSwitches();
  refreshReach();
  refreshCheck();
  if (state.hoverSquare) refreshHover();
}, 30, "reach", "check", "hover");

/** The scene changed: drop the hovered path, draw, and ask again. */
export function changed() {
  state.hover = null;
  draw();
  refresh();
}
