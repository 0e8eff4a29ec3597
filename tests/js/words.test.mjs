// labels.js names the values the page offers (sizes, sides, armor, maneuverability), the sample
// scenes and the interpretation switches in words, each switch with a one-line explanation
// (issue 14 item 4); what the catalog has no words for stays as typed.
import test from "node:test";
import assert from "node:assert/strict";
import {
  translate, keyPart, sizeName, sideName, armorName, maneuverabilityName, sampleName, switchName,
  switchHelp, choiceName, sampleOption, moverOption, choiceOption,
} from "../../src/footfall/web/labels.js";

const translator = (lang) => (key, values) => translate(lang, key, values);
const en = translator("en"), ru = translator("ru"), zh = translator("zh");
const TINY = { name: "tiny_end", default: "share", choices: ["share", "forbid"], description: "share: ...; forbid: ..." };

test("keyPart turns an id into a catalog key's tail", () => {
  assert.equal(keyPart("as-diagonals"), "as_diagonals");
  assert.equal(keyPart("1T"), "1t");
  assert.equal(keyPart("pf1e-ogre-bridge"), "pf1e_ogre_bridge");
});

test("sizes in the systems' own words (seed 000 ru, seed 004 zh)", () => {
  assert.equal(sizeName(ru, "medium"), "средний");
  assert.equal(sizeName(zh, "tiny"), "超小型");
  assert.equal(sizeName(zh, "colossal"), "超巨型");
  assert.equal(sizeName(ru, "1M"), "1M (средний)");
  assert.equal(sizeName(ru, "3"), "3"); // a Draw Steel size of 3 squares has no other name
});

test("sides, armor and maneuverability in words; an unknown side stays as typed", () => {
  assert.equal(sideName(ru, "party"), "отряд");
  assert.equal(sideName(zh, "foes"), "敌人");
  assert.equal(sideName(ru, "guards"), "guards");
  assert.equal(armorName(ru, "heavy"), "тяжелый доспех");
  assert.equal(armorName(en, "none"), "no armor");
  assert.equal(maneuverabilityName(zh, "average"), "普通"); // seed 004 表:机动性
  assert.equal(maneuverabilityName(ru, "clumsy"), "неуклюжая");
});

test("sample scenes by their titles in the language; a server's own scene keeps its title", () => {
  assert.equal(sampleName(ru, { name: "pf1e-ogre-bridge", title: "Ogre on the bridge" }), "Огр на мосту");
  assert.equal(sampleName(zh, { name: "dnd35-canyon-squeeze" }), "峡谷窄道");
  assert.equal(sampleName(ru, { name: "my-cave", title: "My cave" }), "My cave");
  assert.equal(sampleName(ru, { name: "my-cave" }), "my-cave");
  assert.equal(sampleOption({ name: "drawsteel-burning-hall", title: "The burning hall", system: "drawsteel" }, zh), "燃烧的大厅 — drawsteel");
});

test("a switch in words with its one-line explanation, its choices in words", () => {
  assert.equal(switchName(en, TINY), "Tiny creatures in occupied squares");
  assert.equal(switchName(ru, TINY), "Крошечные существа в занятых клетках");
  for (const tr of [en, ru, zh]) {
    const help = switchHelp(tr, TINY);
    assert.ok(help && !help.includes("\n") && help !== TINY.description, help);
  }
  assert.equal(choiceName(zh, TINY, "forbid"), "不能停在那里");
  assert.equal(choiceOption("share", TINY, ru), "может закончить там *");
  assert.equal(choiceOption("forbid", TINY, ru), "не может закончить там");
  assert.equal(choiceName(ru, { name: "hampered_diagonal" }, "as-diagonals"), "как несколько диагоналей");
});

test("a switch the catalog does not know keeps its id and the server's description", () => {
  const it = { name: "new_switch", default: "a", choices: ["a", "b"], description: "a: one; b: other" };
  assert.equal(switchName(ru, it), "new_switch");
  assert.equal(switchHelp(ru, it), "a: one; b: other");
  assert.equal(choiceOption("a", it, ru), "a *");
});

test("menu entries without a translator stay as typed; with one, the side in words", () => {
  assert.equal(moverOption({ id: "ogre", side: "foes" }), "ogre (foes)");
  assert.equal(moverOption({ id: "ogre", side: "foes" }, ru), "ogre (враги)");
  assert.equal(choiceOption("multiply", { default: "multiply" }), "multiply *");
});

test("band counts and lists joined in the language: Chinese takes seed 004's 、", async () => {
  const { bandShares, listText } = await import("../../src/footfall/web/labels.js");
  const shares = [[0, 5], [1, 3], [2, 2]];
  assert.equal(bandShares(en, shares), "(one move 5, two moves 3, a run 2)");
  assert.equal(bandShares(ru, shares), "(одно перемещение 5, два перемещения 3, бег 2)");
  assert.equal(bandShares(zh, shares), "(一次移动 5、两次移动 3、奔跑 2)");
  assert.equal(listText(zh, ["goblin", "ogre"]), "goblin、ogre");
  assert.equal(listText(ru, ["goblin", "ogre"]), "goblin, ogre");
});
