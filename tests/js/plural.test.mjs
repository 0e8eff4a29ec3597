// labels.js plural, numText and translate's plural placeholders (issue 14 item 5): a count agrees
// with its noun wherever the page puts a number before a noun, as footfall.i18n.plural does
// (tests/test_i18n.py), and a fraction is written with the decimal comma in Russian.
import test from "node:test";
import assert from "node:assert/strict";
import { plural, numText, translate, unitLabel, amount, pathHeading, checkHeading, stepLine } from "../../src/footfall/web/labels.js";
import { budgetLine, previewLine } from "../../src/footfall/web/play.js";
import { dayRows, oddsChart } from "../../src/footfall/web/travel.js";
import { I18N } from "../../src/footfall/web/i18n.js";

const translator = (lang) => (key, values) => translate(lang, key, values);
const en = translator("en"), ru = translator("ru"), zh = translator("zh");
const RU = ["клетка", "клетки", "клеток"];
const COUNTS = [1, 2, 5, 11, 21, 22, 25, 1.5];

test("plural: Russian one|few|many by the CLDR rule, a fraction the few form", () => {
  assert.deepEqual(COUNTS.map((n) => plural("ru", n, RU)),
    ["клетка", "клетки", "клеток", "клеток", "клетка", "клетки", "клеток", "клетки"]);
  assert.deepEqual([0, 4, 12, 14, 101, 111, 112, 122].map((n) => plural("ru", n, RU)),
    ["клеток", "клетки", "клеток", "клеток", "клетка", "клеток", "клеток", "клетки"]);
  // As footfall.i18n.plural: a number's text as shown ("2,5", "30"), a negative, a word().
  assert.equal(plural("ru", "2,5", RU), "клетки");
  assert.equal(plural("ru", "30", RU), "клеток");
  assert.equal(plural("ru", -21, RU), "клетка");
  assert.equal(plural("ru", 4.0, RU), "клетки"); // a whole float is its integer
  assert.equal(plural("ru", { toString: () => "1" }, RU), "клетка");
});

test("plural: English one|other (a fraction or 0 is other), Chinese one form", () => {
  assert.deepEqual(COUNTS.map((n) => plural("en", n, ["square", "squares"])),
    ["square", "squares", "squares", "squares", "squares", "squares", "squares", "squares"]);
  assert.equal(plural("en", 0, ["square", "squares"]), "squares");
  assert.equal(plural("en", -1, ["square", "squares"]), "square");
  assert.deepEqual(COUNTS.map((n) => plural("zh", n, ["格"])), COUNTS.map(() => "格"));
});

test("plural: the wrong number of forms is an error naming what it needs", () => {
  assert.throws(() => plural("ru", 1, ["клетка", "клеток"]), /Russian plural needs 3 forms \(one\|few\|many\), got 2/);
  assert.throws(() => plural("en", 1, ["square"]), /English plural needs 2 forms \(one\|other\), got 1/);
});

test("unit words agree with their count: 1 клетка / 2 клетки / 5 клеток, 1 миля / 2 мили / 5 миль", () => {
  const forms = (tr, unit) => COUNTS.map((n) => amount(tr, n, unit));
  assert.deepEqual(forms(ru, "squares"),
    ["1 клетка", "2 клетки", "5 клеток", "11 клеток", "21 клетка", "22 клетки", "25 клеток", "1,5 клетки"]);
  assert.deepEqual(forms(ru, "mi"),
    ["1 миля", "2 мили", "5 миль", "11 миль", "21 миля", "22 мили", "25 миль", "1,5 мили"]);
  assert.deepEqual(forms(en, "squares"),
    ["1 square", "2 squares", "5 squares", "11 squares", "21 squares", "22 squares", "25 squares", "1.5 squares"]);
  // Abbreviations stay as they are; Chinese has no plural.
  assert.deepEqual(forms(ru, "ft"), ["1 фт", "2 фт", "5 фт", "11 фт", "21 фт", "22 фт", "25 фт", "1,5 фт"]);
  assert.deepEqual([amount(en, 1, "ft"), amount(en, 1, "mi"), amount(ru, 2.5, "m")], ["1 ft", "1 mi", "2,5 м"]);
  assert.deepEqual([amount(zh, 1, "squares"), amount(zh, 5, "squares"), amount(zh, 1.5, "m")], ["1 格", "5 格", "1.5 米"]);
  // Without a count, a unit's name is its plural (a column head, "клеток").
  assert.equal(unitLabel(ru, "squares"), "клеток");
  assert.equal(unitLabel(ru, "squares", 1), "клетка");
  assert.equal(unitLabel(en, "squares", 1), "square");
});

test("no unit word of the catalog is one fixed form where its language has a plural", () => {
  // ru one|few|many, en one|other, as a {n:plural:...} placeholder; else an abbreviation that never
  // changes (фт, м, км; ft, mi, km), or Chinese (no plural).
  const ABBREVIATIONS = { en: ["ft", "m", "mi", "km"], ru: ["фт", "м", "км"] };
  const FORMS = { en: 2, ru: 3 };
  for (const lang of ["en", "ru"]) {
    const units = Object.entries(I18N[lang]).filter(([k]) => k.startsWith("unit_"));
    assert.ok(units.length >= 5, lang);
    for (const [key, text] of units) {
      if (ABBREVIATIONS[lang].includes(text)) continue;
      const m = /^\{n:plural:([^{}]+)\}$/.exec(text);
      assert.ok(m, `${lang}.${key} = ${JSON.stringify(text)}: a fixed form, not {n:plural:...}`);
      assert.equal(m[1].split("|").length, FORMS[lang], `${lang}.${key}`);
    }
  }
  assert.ok(!Object.values(I18N.ru).includes("клеток") && !Object.values(I18N.ru).includes("миль"));
});

test("every count placeholder of the catalog has its language's forms, every unit its count", () => {
  const FORMS = { en: 2, ru: 3, zh: 1 };
  for (const [lang, table] of Object.entries(I18N)) {
    for (const [key, text] of Object.entries(table)) {
      for (const [, forms] of text.matchAll(/\{\w+:plural:([^{}]*)\}/g)) {
        assert.equal(forms.split("|").length, FORMS[lang], `${lang}.${key}: ${text}`);
      }
      for (const [ph] of text.matchAll(/\{[^{}]*\}/g)) {
        assert.match(ph, /^\{\w+(?::plural:[^{}]*|:agree:\w+)?\}$/, `${lang}.${key}: ${text}`);
      }
      for (const [, count] of text.matchAll(/\{\w+:agree:(\w+)\}/g)) {
        assert.ok(text.includes("{" + count + "}"), `${lang}.${key}: agrees with {${count}}, not in ${text}`);
      }
      // A unit placed after a number names the count it agrees with ({unit:agree:cost}).
      assert.ok(!text.includes("{unit}"), `${lang}.${key}: {unit} without its count: ${text}`);
    }
  }
});

test("messages: counts agree with their nouns in ru and en", () => {
  const values = (n) => ({ name: "x.json", limit: n });
  assert.equal(ru("file_too_large", values(1)), "x.json: больше предела в 1 байт");
  assert.equal(ru("file_too_large", values(2)), "x.json: больше предела в 2 байта");
  assert.equal(ru("file_too_large", values(1048576)), "x.json: больше предела в 1048576 байт");
  assert.equal(en("file_too_large", values(1)), "x.json: larger than the limit of 1 byte");
  const ids = "a";
  assert.equal(ru("no_speed", { n: 1, ids }), "У 1 фишки нет скорости: a.");
  assert.equal(ru("no_speed", { n: 21, ids }), "У 21 фишки нет скорости: a.");
  assert.equal(ru("no_speed", { n: 2, ids }), "У 2 фишек нет скорости: a.");
  assert.equal(en("no_speed", { n: 1, ids }), "1 token has no speed: a.");
  assert.equal(en("no_speed", { n: 3, ids }), "3 tokens have no speed: a.");
  assert.equal(zh("no_speed", { n: 1, ids }), "1 个标记没有速度:a。");
  const sq = (tr) => (n) => unitLabel(tr, "squares", n);
  assert.equal(ru("give_speed", { speed: 5, unit: sq(ru) }), "Дать им скорость 5 клеток (по умолчанию для системы)");
  assert.equal(ru("speeds_given", { n: 1, speed: 1, unit: sq(ru) }).split(";")[0], "У 1 фишки теперь скорость 1 клетка");
  assert.equal(en("speeds_given", { n: 1, speed: 1, unit: sq(en) }).split(";")[0], "1 token now has speed 1 square");
  assert.equal(ru("move_recorded", { mover: "fury", cost: 1, unit: sq(ru) }), "fury: перемещение — 1 клетка.");
  assert.equal(ru("moved", { mover: "fury", to: "(3,5)", cost: 2, unit: sq(ru), action: "перемещение" }),
    "fury перемещается в (3,5): 2 клетки (перемещение).");
  assert.equal(en("moved", { mover: "fury", to: "(3,5)", cost: 1, unit: sq(en), action: "move" }), "fury moved to (3,5): 1 square (move).");
  assert.equal(en("total", { distance: 1, unit: (n) => unitLabel(en, "mi", n), hours: 1, days: 1 }), "Total: 1 mi in 1 h (1 day)");
});

test("the turn's budget and the drag preview: each unit agrees with its own count", () => {
  const sq = (tr) => (n) => unitLabel(tr, "squares", n);
  const turn = { spent: { move: 1 }, can: [{ action: "move", left: 4 }, { action: "run", left: 21 }] };
  const names = { move: "перемещение", run: "бег" };
  assert.equal(budgetLine(ru, turn, sq(ru), names, { move: 5 }),
    "перемещение: 1 клетка из 5; перемещение, осталось: 4 клетки; бег, осталось: 21 клетка");
  assert.equal(budgetLine(ru, { spent: { run: 2.5 }, can: [] }, sq(ru), names, {}), "бег, потрачено: 2,5 клетки");
  assert.equal(budgetLine(en, turn, sq(en), { move: "move", run: "run" }, { move: 1 }),
    "move 1 of 1 square; move: 4 squares left; run: 21 squares left");
  const res = { found: true, to: [3, 5], cost: 1, turn_cost: 5, action: "move" };
  assert.equal(previewLine(ru, "fury", res, sq(ru)), "fury → (3,5): 1 клетка, move (за ход: 5 клеток)");
  assert.equal(previewLine(en, "fury", res, sq(en)), "fury → (3,5): 1 square, move (this turn: 5 squares)");
});

test("the decimal comma in Russian wherever the page prints a fraction", () => {
  assert.deepEqual([numText("ru", 2.5), numText("ru", "30.5"), numText("ru", 30), numText("ru", "(8,7)")], ["2,5", "30,5", "30", "(8,7)"]);
  assert.deepEqual([numText("en", 2.5), numText("zh", 2.5)], ["2.5", "2.5"]);
  assert.equal(pathHeading(ru, { found: true, to: [1, 2], cost: 7.5, unit: "m" }).text, "(1,2) стоимость 7,5 м");
  assert.equal(checkHeading(ru, { legal: true, cost: 1, unit: "squares" }), "Допустимо — стоимость 1 клетка");
  assert.equal(checkHeading(en, { legal: true, cost: 1, unit: "squares" }), "Legal — cost 1 square");
  assert.equal(stepLine({ at: [1, 1], cost: 1.5, total: 2.5 }, "ru"), "(1,1) +1,5 = 2,5");
  assert.equal(stepLine({ at: [1, 1], cost: 1.5, total: 2.5 }), "(1,1) +1.5 = 2.5");
  assert.equal(translate("ru", "narrow", { ft: "2.5" }), "узкое место (2,5 фт в ширину)");
  const days = { days: [{ day: 2, hours: 10, distance: 30.5, hustle_hours: 1 }] };
  assert.deepEqual(dayRows(days, "ru"), [["2", "10", "30,5", "1", "0"]]);
  const bar = oddsChart(ru, { forced_march: [{ day: 1, hour: 9, p_fail: 0.125 }] }).find((s) => s.name === "rect");
  assert.equal(bar.title, "1:9: 12,5%");
  assert.equal(oddsChart(en, { forced_march: [{ day: 1, hour: 9, p_fail: 0.125 }] }).find((s) => s.name === "rect").title, "1:9: 12.5%");
});
