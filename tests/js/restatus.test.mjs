// page.js `status`, `refuse`, `restatus`: after a language switch a refusal is said again in the
// new language - a page-made one made again, a server's refusal (of a question or of a change
// pinned to its version) asked again - and nothing is sent twice that a second try could change.
import test from "node:test";
import assert from "node:assert/strict";

const el = { textContent: "", dataset: {}, lang: "", classList: { toggle() {} } };
globalThis.document = { getElementById: () => el };
const { state } = await import("../../src/footfall/web/state.js");
const { status, refuse, restatus, say, tr } = await import("../../src/footfall/web/page.js");

test("a refusal the page words is made again in the new language", () => {
  state.lang = "ru";
  refuse(() => tr("not_image", { name: "a.txt" }), "import");
  const russian = el.textContent;
  state.lang = "zh";
  restatus();
  assert.notEqual(el.textContent, russian);
  assert.equal(el.textContent, tr("not_image", { name: "a.txt" }));
  assert.equal(el.lang, "zh-Hans");
  state.lang = "en";
  restatus(); // still made from its maker after the first switch
  assert.equal(el.textContent, tr("not_image", { name: "a.txt" }));
});

test("a server's refusal is asked again, once per switch, and not when the language is the same", () => {
  let asked = 0;
  state.lang = "ru";
  const again = () => { asked++; status("отказ " + state.lang, true, "turn", again); };
  status("отказ ru", true, "turn", again);
  restatus();
  assert.equal(asked, 0, "same language: nothing asked");
  state.lang = "zh";
  restatus();
  assert.equal(asked, 1);
  assert.equal(el.textContent, "отказ zh");
});

test("a refusal with nothing to say it again with stays as said", () => {
  state.lang = "ru";
  status("сеть недоступна", true, "turn");
  state.lang = "en";
  restatus();
  assert.equal(el.textContent, "сеть недоступна");
});

test("a page message is said again from its key", () => {
  state.lang = "ru";
  say("undone", {}, "turn");
  state.lang = "zh";
  restatus();
  assert.equal(el.textContent, tr("undone", {}));
});
