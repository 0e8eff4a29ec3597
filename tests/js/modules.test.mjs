// The page's files as a whole: flat ES modules the server can serve, all loaded by index.html,
// each small, every label they use in the catalog, nothing fetched from elsewhere.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { I18N } from "../../src/footfall/web/i18n.js";

const WEB = fileURLToPath(new URL("../../src/footfall/web/", import.meta.url));
const read = (name) => readFileSync(WEB + name, "utf8");
const MODULES = readdirSync(WEB).filter((n) => n.endsWith(".js")).sort();
const HTML = read("index.html");

function importsOf(name) {
  return [...read(name).matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gms)].map((m) => m[1]);
}

test("the modules are flat .js files imported by relative paths, none missing, none unused", () => {
  assert.ok(MODULES.includes("app.js") && MODULES.length >= 8, MODULES.join(" "));
  const seen = new Set(["app.js"]), todo = ["app.js"];
  while (todo.length) {
    for (const spec of importsOf(todo.pop())) {
      assert.match(spec, /^\.\/[a-z0-9_-]+\.js$/, spec); // served at /<name>: no folders
      const name = spec.slice(2);
      assert.ok(MODULES.includes(name), spec + " is not in web/");
      if (!seen.has(name)) { seen.add(name); todo.push(name); }
    }
  }
  assert.deepEqual([...seen].sort(), MODULES); // every module is reached from app.js
});

test("index.html loads app.js as a module and preloads every other module", () => {
  assert.match(HTML, /<script type="module" src="app\.js"><\/script>/);
  assert.doesNotMatch(HTML, /<script(?![^>]*type="module")[^>]*src=/); // no classic scripts
  for (const name of MODULES.filter((n) => n !== "app.js")) {
    assert.ok(HTML.includes(`<link rel="modulepreload" href="${name}">`), name);
  }
});

test("no module is over 400 lines", () => {
  for (const name of MODULES) {
    const lines = read(name).split("\n").length - 1;
    assert.ok(lines <= 400, `${name}: ${lines} lines`);
  }
});

test("every module but app.js imports without a document (the pure parts run here)", async () => {
  assert.equal(typeof globalThis.document, "undefined");
  for (const name of MODULES.filter((n) => n !== "app.js")) await import(WEB + name);
});

test("only api.js calls fetch, and nothing names another server", () => {
  for (const name of MODULES) {
    const text = read(name);
    if (name !== "api.js") assert.doesNotMatch(text, /\bfetch\(/, name);
    const urls = new Set(text.match(/https?:\/\/[^\s"')]+/g) || []);
    urls.delete("http://www.w3.org/2000/svg"); // the SVG namespace's name, never fetched
    assert.deepEqual([...urls], [], name);
  }
  assert.deepEqual(HTML.match(/https?:\/\//g), null);
});

test("every language has every label, none empty", () => {
  assert.deepEqual(Object.keys(I18N).sort(), ["en", "ru", "zh"]);
  const keys = Object.keys(I18N.en).sort();
  for (const lang of ["ru", "zh"]) {
    assert.deepEqual(Object.keys(I18N[lang]).sort(), keys, lang);
    for (const k of keys) assert.ok(I18N[lang][k].trim(), `${lang}.${k}`);
  }
});

test("every label the page uses is in the catalog", () => {
  const used = new Set([...HTML.matchAll(/data-i18n="([^"]+)"/g)].map((m) => m[1]));
  for (const name of MODULES) {
    for (const m of read(name).matchAll(/\b(?:tr|say)\("([a-z_0-9]+)"\s*[,)]/g)) used.add(m[1]);
  }
  for (const k of ["day", "hours", "dist", "hustle_h", "forced_h"]) used.add(k); // travel's DAY_COLUMNS
  for (const u of ["ft", "m", "squares", "mi", "km"]) used.add("unit_" + u); // unitLabel
  for (const f of ["wall", "difficult", "obstacle", "poor_visibility", "pit", "hazardous", "impassable"]) used.add(f); // flagName
  assert.ok(used.size > 60, String(used.size));
  const missing = [...used].filter((k) => !Object.hasOwn(I18N.en, k));
  assert.deepEqual(missing, []);
});
