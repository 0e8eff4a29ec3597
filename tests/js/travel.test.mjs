// travel.js: the planner's fields per system, the day-by-day log and the odds chart.
import test from "node:test";
import assert from "node:assert/strict";
import { hiddenFields, DAY_COLUMNS, dayRows, oddsChart } from "../../src/footfall/web/travel.js";
import { translate } from "../../src/footfall/web/labels.js";

const translator = (lang) => (key, values) => translate(lang, key, values);
const en = translator("en");

test("hiddenFields: dh2e asks for its bonuses, the d20 systems for speed, forced march and Con", () => {
  assert.deepEqual(hiddenFields("pf1e"), { speed: false, agility_bonus: true, toughness_bonus: true, forced_march: false, con_mod: false });
  assert.deepEqual(hiddenFields("dnd35"), hiddenFields("pf1e"));
  assert.deepEqual(hiddenFields("dh2e"), { speed: true, agility_bonus: false, toughness_bonus: false, forced_march: true, con_mod: true });
});

test("dayRows: one a day, hustle and forced-march hours 0 when absent", () => {
  assert.deepEqual(DAY_COLUMNS, ["day", "hours", "dist", "hustle_h", "forced_h"]);
  const res = { days: [{ day: 1, hours: 8, distance: 24 }, { day: 2, hours: 10, distance: 30.5, hustle_hours: 1, forced_march_hours: 2 }] };
  assert.deepEqual(dayRows(res), [["1", "8", "24", "0", "0"], ["2", "10", "30.5", "1", "2"]]);
});

test("oddsChart: a line of text when there is nothing to chart", () => {
  assert.deepEqual(oddsChart(en, { forced_march: [], hustle: [] }), [
    { name: "text", attrs: { x: 8, y: 20, "font-size": 11 }, text: "No hustle or forced march: no odds to chart." },
  ]);
  assert.equal(oddsChart(translator("ru"), {})[0].text, "Нет спешки и марш-броска: шансов для графика нет.");
});

test("oddsChart: a bar per forced-march hour (or dh2e fatigue test) with its odds", () => {
  const res = { forced_march: [{ day: 1, hour: 9, p_fail: "0.25" }], hustle: [{ day: 1, hour: 1, p_fatigue: 0.5 }] };
  const shapes = oddsChart(en, res);
  const bars = shapes.filter((s) => s.name === "rect");
  assert.deepEqual(bars.map((b) => b.title), ["1:9: 25.0%", "1:1: 50.0%"]);
  assert.equal(bars[0].attrs.height, (160 - 24 - 10) * 0.25);
  assert.equal(bars[1].attrs.y, 160 - 24 - (160 - 24 - 10) * 0.5);
  assert.equal(bars[0].attrs.width, (360 - 24 - 10) / 2 - 2);
  assert.equal(shapes.filter((s) => s.name === "polyline").length, 0);
  assert.equal(shapes.at(-1).text, "chance of failing each forced-march hour");
});

test("oddsChart: a line for the cumulative hustle damage, scaled to its largest", () => {
  const res = { hustle: [{ day: 1, hour: 1, total: 0 }, { day: 1, hour: 2, total: 4 }] };
  const shapes = oddsChart(en, res);
  const line = shapes.find((s) => s.name === "polyline");
  const bw = (360 - 24 - 10) / 2;
  assert.equal(line.attrs.points, `${24 + 0.5 * bw},136 ${24 + 1.5 * bw},10`);
  assert.equal(shapes.at(-1).text, "hustle damage (cumulative) ≤ 4");
  assert.equal(shapes.filter((s) => s.name === "rect").length, 0);
});
