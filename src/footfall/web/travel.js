// The travel planner below the map: the form -> /api/travel -> the day-by-day log, the total
// (and when fatigue sets in) and an SVG chart of the odds. Which fields a system asks for,
// the log's rows and the chart's shapes are pure (tests/js/travel.test.mjs).
import { state, ask, isCurrent, job } from "./state.js";
import { postTravel, travelBody } from "./api.js";
import { travelTotal, switchName, switchHelp, choiceOption, numText } from "./labels.js";
import { shownSwitches } from "./switches.js";
import { $, tr, status, clearStatus } from "./page.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 360, H = 160, PAD = 24;

// ---------- pure ----------

/** The planner's fields hidden for `system`: dh2e asks for Agility and Toughness Bonus, the
 *  d20 systems for the slowest speed, forced-march hours and a Con modifier. */
export function hiddenFields(system) {
  const dh = system === "dh2e";
  return { speed: dh, agility_bonus: !dh, toughness_bonus: !dh, forced_march: dh, con_mod: dh };
}

/** The log's head (catalog keys) and its rows, one a day (numbers in `lang`'s way: 30,5). */
export const DAY_COLUMNS = ["day", "hours", "dist", "hustle_h", "forced_h"];
export function dayRows(res, lang) {
  return res.days.map((d) => [d.day, d.hours, d.distance, d.hustle_hours ?? 0, d.forced_march_hours ?? 0].map((v) => numText(lang || "en", v)));
}

/** The odds chart as SVG shapes `{name, attrs, text?, title?}`: bars for the chance of failing
 *  each forced-march hour (or of fatigue, dh2e), a line for the cumulative hustle damage; a
 *  single line of text when there are neither. */
export function oddsChart(tr, res) {
  const bars = (res.forced_march || []).map((f) => ({ label: f.day + ":" + f.hour, p: Number(f.p_fail) }))
    .concat((res.hustle || []).filter((h) => h.p_fatigue !== undefined).map((h) => ({ label: h.day + ":" + h.hour, p: Number(h.p_fatigue) })));
  const dmg = (res.hustle || []).filter((h) => h.total !== undefined);
  if (!bars.length && !dmg.length) return [{ name: "text", attrs: { x: 8, y: 20, "font-size": 11 }, text: tr("chart_none") }];
  const out = [
    { name: "line", attrs: { x1: PAD, y1: H - PAD, x2: W - 6, y2: H - PAD, stroke: "#888" } },
    { name: "line", attrs: { x1: PAD, y1: 8, x2: PAD, y2: H - PAD, stroke: "#888" } },
    { name: "text", attrs: { x: 2, y: 14, "font-size": 9 }, text: "1" },
    { name: "text", attrs: { x: 2, y: H - PAD, "font-size": 9 }, text: "0" },
  ];
  const n = Math.max(bars.length, dmg.length), bw = (W - PAD - 10) / n;
  bars.forEach((b, i) => {
    const h = (H - PAD - 10) * b.p;
    out.push({
      name: "rect",
      attrs: { x: PAD + i * bw + 1, y: H - PAD - h, width: Math.max(1, bw - 2), height: h, fill: "#b3261e", opacity: 0.7 },
      title: b.label + ": " + tr("percent", { p: (100 * b.p).toFixed(1) }),
    });
  });
  if (dmg.length) {
    const max = Math.max(...dmg.map((d) => d.total), 1);
    const pts = dmg.map((d, i) => (PAD + (i + 0.5) * bw) + "," + (H - PAD - (H - PAD - 10) * d.total / max)).join(" ");
    out.push({ name: "polyline", attrs: { points: pts, fill: "none", stroke: "#1f5fa8", "stroke-width": 2 } });
    out.push({ name: "text", attrs: { x: W - 6, y: 14, "font-size": 9, "text-anchor": "end", fill: "#1f5fa8" }, text: tr("chart_dmg") + " ≤ " + max });
  }
  if (bars.length) out.push({ name: "text", attrs: { x: PAD + 4, y: H - 6, "font-size": 9, fill: "#b3261e" }, text: tr("chart_p") });
  return out;
}

// ---------- the panel ----------

/** Show the fields the selected system asks for, and the switches that change its plan. */
export function travelFields() {
  const hide = hiddenFields($("t-system").value);
  $("t-speed-l").hidden = hide.speed;
  $("t-ab-l").hidden = hide.agility_bonus;
  $("t-tb-l").hidden = hide.toughness_bonus;
  $("t-fm-l").hidden = hide.forced_march;
  $("t-con-l").hidden = hide.con_mod;
  travelSwitches(hide.forced_march ? 0 : $("t-forced").value);
}

// The planner's switch choices (switch -> choice), kept while a menu is hidden; only the
// menus shown are sent.
const chosen = {};

// One menu per switch of topic travel that changes this plan (forced_march_dc: only with
// hours of forced march), in words with its one-line explanation (switches.js).
function travelSwitches(forcedMarch) {
  const box = $("t-interp");
  const sm = state.meta && state.meta.systems.find((s) => s.id === $("t-system").value);
  box.innerHTML = "";
  for (const it of shownSwitches(sm, { topic: "travel", forcedMarch })) {
    const lab = document.createElement("label");
    const span = document.createElement("span");
    span.textContent = switchName(tr, it);
    const sel = document.createElement("select");
    sel.dataset.name = it.name;
    for (const c of it.choices) sel.add(new Option(choiceOption(c, it, tr), c));
    sel.value = it.choices.includes(chosen[it.name]) ? chosen[it.name] : it.default;
    sel.addEventListener("change", () => { chosen[it.name] = sel.value; });
    const line = document.createElement("small");
    line.textContent = switchHelp(tr, it);
    lab.title = line.textContent + " (" + it.name + ")";
    lab.append(span, sel, line);
    box.append(lab);
  }
}

function travelChoices() {
  const out = {};
  for (const sel of $("t-interp").querySelectorAll("select")) out[sel.dataset.name] = sel.value;
  return out;
}

function formFields() {
  return {
    system: $("t-system").value,
    legs: $("t-legs").value,
    hustle: $("t-hustle").value,
    agility_bonus: $("t-ab").value,
    toughness_bonus: $("t-tb").value,
    speed: $("t-speed").value,
    forced_march: $("t-forced").value,
    con_mod: $("t-con").value,
    mount: $("t-mount").value,
    interpretations: travelChoices(),
  };
}

/** Plan the journey in the form (its submit; again after a language switch). */
export async function planTravel(ev) {
  if (ev) ev.preventDefault();
  const body = travelBody(formFields());
  const seq = ask(state, "travel");
  await job(state, async () => {
    try {
      const res = await postTravel(state.lang, body);
      if (!isCurrent(state, "travel", seq)) return; // a newer plan (or language) was asked for
      showTravel(res);
      clearStatus("travel");
    } catch (e) {
      if (!isCurrent(state, "travel", seq)) return;
      status(e.message, true, "travel");
      $("t-total").textContent = e.message;
    }
  });
}

/** Whether a plan is on screen (a language switch plans it again). */
export function planShown() {
  return $("t-days").tBodies[0].rows.length > 0;
}

function showTravel(res) {
  const table = $("t-days");
  table.tHead.innerHTML = "";
  const hr = table.tHead.insertRow();
  for (const k of DAY_COLUMNS) {
    const th = document.createElement("th");
    th.textContent = tr(k);
    hr.append(th);
  }
  const body = table.tBodies[0];
  body.innerHTML = "";
  for (const cells of dayRows(res, state.lang)) {
    const row = body.insertRow();
    for (const v of cells) row.insertCell().textContent = v;
  }
  $("t-total").textContent = travelTotal(tr, res);
  drawOdds(res);
}

function drawOdds(res) {
  const svg = $("t-chart");
  svg.innerHTML = "";
  for (const shape of oddsChart(tr, res)) {
    const e = document.createElementNS(SVG, shape.name);
    for (const [k, v] of Object.entries(shape.attrs)) e.setAttribute(k, String(v));
    if (shape.text !== undefined) e.textContent = shape.text;
    if (shape.title !== undefined) {
      const t = document.createElementNS(SVG, "title");
      t.textContent = shape.title;
      e.append(t);
    }
    svg.append(e);
  }
}
