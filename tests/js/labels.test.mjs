// labels.js: the page's words (catalog look-up, flag names, cost and step lines) per language.
import test from "node:test";
import assert from "node:assert/strict";
import {
  pickLang, documentLang, translate, unitLabel, flagName, legendName, stepLine,
  pathHeading, checkHeading, answerNotes, travelTotal, systemOption, sampleOption, moverOption,
  choiceOption, relanguage, reaskable,
} from "../../src/footfall/web/labels.js";

// The pure functions take a translator for one language, as the page passes its own.
const translator = (lang) => (key, values) => translate(lang, key, values);
const en = translator("en"), ru = translator("ru"), zh = translator("zh");

test("pickLang keeps a catalog language and falls back to English", () => {
  assert.equal(pickLang("ru"), "ru");
  assert.equal(pickLang("zh"), "zh");
  assert.equal(pickLang("de"), "en");
  assert.equal(pickLang(null), "en");
  assert.equal(pickLang("constructor"), "en"); // not a language, though every object has one
});

test("documentLang names Simplified Chinese", () => {
  assert.equal(documentLang("zh"), "zh-Hans");
  assert.equal(documentLang("ru"), "ru");
});

test("translate fills placeholders and falls back to English, then to the key", () => {
  assert.equal(translate("ru", "difficult"), "пересеченная местность");
  assert.equal(translate("zh", "difficult"), "困难地形");
  assert.equal(translate("en", "loaded", { name: "cave.json" }), "Opened cave.json.");
  assert.equal(translate("ru", "wall_start", { x: 3, y: 0 }), "Стена начинается в 3,0: щёлкните её конец.");
  assert.equal(translate("xx", "legal"), "Legal");
  assert.equal(translate("en", "no-such-key"), "no-such-key");
  assert.equal(translate("en", "toString"), "toString"); // not the prototype's function
});

test("unitLabel names each unit in the language", () => {
  assert.equal(unitLabel(en, "ft"), "ft");
  assert.equal(unitLabel(ru, "squares"), "клеток");
  assert.equal(unitLabel(zh, "km"), "公里");
});

test("flagName names terrain flags, narrow and low squares and dh2e terrains", () => {
  assert.equal(flagName(en, "difficult"), "difficult terrain");
  assert.equal(flagName(en, "width:2.5"), "narrow (2.5 ft wide)");
  assert.equal(flagName(ru, "height:4"), "низкое место (4 фт в высоту)");
  assert.equal(flagName(en, "terrain:smoke", { smoke: "smoke or fog" }), "smoke or fog");
  assert.equal(flagName(en, "terrain:mud", {}), "mud"); // unnamed: its id
});

test("legendName joins flags and calls no flag open ground", () => {
  assert.equal(legendName(en, []), "open ground");
  assert.equal(legendName(zh, []), "开阔地");
  assert.equal(legendName(en, ["difficult", "poor_visibility"]), "difficult terrain + poor visibility");
});

test("stepLine writes a step of a path's breakdown", () => {
  assert.equal(stepLine({ at: [3, 4], cost: 10, total: 15, why: ["diagonal 2nd"] }), "(3,4) +10 = 15 — diagonal 2nd");
  assert.equal(stepLine({ to: [1, 0], step_cost: 5 }), "(1,0) +5");
  assert.equal(stepLine({ cost: 5, notes: [{ label: "difficult x2" }, { rule: "squeeze" }] }), "(?) +5 — difficult x2; squeeze");
});

test("pathHeading: no question, an error, no path, a path", () => {
  assert.deepEqual(pathHeading(en, null), { text: "—", cost: "" });
  assert.deepEqual(pathHeading(en, { error: "boom" }), { text: "boom", cost: "" });
  assert.deepEqual(pathHeading(en, { found: false }), { text: "No path", cost: "" });
  assert.deepEqual(pathHeading(ru, { found: false, reason: "стена" }), { text: "Пути нет: стена", cost: "" });
  assert.deepEqual(pathHeading(en, { found: true, to: [6, 3], cost: 20, unit: "ft" }), { text: "(6,3) cost 20 ft", cost: "20" });
  assert.deepEqual(pathHeading(zh, { found: true, to: [1, 1], cost: 2, unit: "squares" }), { text: "(1,1) 花费 2 格", cost: "2" });
});

test("checkHeading says legal or illegal with the cost", () => {
  assert.equal(checkHeading(en, { legal: true, cost: 15, unit: "ft" }), "Legal — cost 15 ft");
  assert.equal(checkHeading(ru, { legal: false, cost: 3, unit: "m" }), "Недопустимо — стоимость 3 м");
});

test("answerNotes lists what a path provokes and its terrain test", () => {
  assert.deepEqual(answerNotes({}), []);
  assert.deepEqual(answerNotes({ provokes: [{ message: "ogre: attack of opportunity" }], test: { message: "Agility test +0" } }),
    ["⚔ ogre: attack of opportunity", "🎲 Agility test +0"]);
});

test("travelTotal writes the total and when fatigue sets in", () => {
  const res = { unit: "mi", total: { distance: 54, hours: 20, days: 2.5 } };
  assert.equal(travelTotal(en, res), "Total: 54 mi in 20 h (2.5 days)");
  assert.equal(travelTotal(en, { ...res, fatigued_from: { day: 1, hour: 9 } }),
    "Total: 54 mi in 20 h (2.5 days) Fatigued from day 1, hour 9: no run, no charge, −2 Str and Dex.");
  assert.equal(travelTotal(ru, res), "Итого: 54 мили за 20 ч (2,5 дн.)"); // 54 agrees: мили; a decimal comma
  assert.equal(travelTotal(ru, { unit: "mi", total: { distance: 21, hours: 8, days: 1 } }), "Итого: 21 миля за 8 ч (1 дн.)");
  assert.equal(travelTotal(en, { unit: "mi", total: { distance: 21, hours: 8, days: 1 } }), "Total: 21 mi in 8 h (1 day)");
});

test("menu entries", () => {
  assert.equal(systemOption({ id: "pf1e", name: "Pathfinder RPG 1e" }), "Pathfinder RPG 1e (pf1e)");
  assert.equal(sampleOption({ name: "cave", system: "dh2e" }), "cave — dh2e");
  assert.equal(sampleOption({ name: "cave", title: "The cave", system: "dh2e" }), "The cave — dh2e");
  assert.equal(moverOption({ id: "ogre", side: "foes" }), "ogre (foes)");
  const it = { default: "multiply" };
  assert.equal(choiceOption("multiply", it), "multiply *");
  assert.equal(choiceOption("as-diagonals", it), "as-diagonals");
});

test("relanguage: a message is said again in the new language, a refused question asked again, a refused change kept", () => {
  assert.equal(relanguage(null, "en"), "none");
  assert.equal(relanguage({ message: "", lang: "ru" }, "en"), "none");
  assert.equal(relanguage({ message: "x", lang: "ru", said: true }, "ru"), "none"); // already in it
  assert.equal(relanguage({ message: "Открыто", lang: "ru", said: true, again: null }, "en"), "say");
  const again = () => {};
  assert.equal(relanguage({ message: "сцена: неизвестное значение", lang: "ru", said: false, again }, "zh"), "ask");
  assert.equal(relanguage({ message: "ход отклонён", lang: "ru", said: false, again: null }, "en"), "keep");
  // a refused change the server repeats for the same request at the same version: sent again
  assert.equal(relanguage({ message: "valeros: ход отклонён", lang: "ru", said: false, again, make: () => "x" }, "zh"), "ask");
  // a refusal the page words itself (a token on a wall, a bad file): made again
  assert.equal(relanguage({ message: "нельзя поставить", lang: "ru", said: false, again: null, make: () => "x" }, "en"), "make");
});

test("reaskable: only a refusal repeated for the same request at the same version is sent again", () => {
  for (const status of [400, 404, 422]) assert.equal(reaskable({ status }), true, String(status));
  for (const status of [409, 413, 429, 500, 503, undefined]) assert.equal(reaskable({ status }), false, String(status));
  assert.equal(reaskable(null), false);
});
