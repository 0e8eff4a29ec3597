// The page starts in the browser's language (issue 14, item 2): the URL's lang, else the first
// of navigator.languages the catalog has, else English.
import test from "node:test";
import assert from "node:assert/strict";
import { browserLang } from "../../src/footfall/web/labels.js";

test("browserLang prefers the URL's language", () => {
  assert.equal(browserLang("zh", ["ru-RU"]), "zh");
});

test("browserLang takes the first browser language the catalog has", () => {
  assert.equal(browserLang(null, ["de-DE", "ru-RU", "en"]), "ru");
  assert.equal(browserLang("fr", ["zh-CN", "zh"]), "zh");
});

test("browserLang falls back to English", () => {
  assert.equal(browserLang(null, ["de", "fr-FR"]), "en");
  assert.equal(browserLang(null, undefined), "en");
});
