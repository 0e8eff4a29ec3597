// api.js: the requests the page sends (URL, options, bodies) and how answers are read.
import test from "node:test";
import assert from "node:assert/strict";
import { createState, openScene } from "../../src/footfall/web/state.js";
import {
  apiUrl, requestInit, errorOf, readAnswer, request, postRender, getSample, movementQuery,
  reachBody, pathBody, checkBody, renderBody, importBody, validateBody, travelBody,
  encounterBody, postEncounter, postEncounterMove, postEncounterUndo, postEndTurn, getEncounter,
} from "../../src/footfall/web/api.js";
import { META, pfScene } from "./meta.mjs";

function pageWith(scene) {
  const st = createState();
  st.meta = META;
  openScene(st, scene, "test");
  st.action = "move";
  st.interp = { hampered_diagonal: "multiply" };
  return st;
}

/** A fetch answer as the browser gives it. */
function answer(status, body, statusText = "") {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    json: async () => (typeof body === "string" ? JSON.parse(body) : body),
    blob: async () => ({ png: body }),
  };
}

/** Run `fn` with fetch answering `res`; return the calls made. */
async function withFetch(res, fn) {
  const calls = [];
  const saved = globalThis.fetch;
  globalThis.fetch = async (url, init) => { calls.push({ url, init }); return res; };
  try { await fn(); } finally { globalThis.fetch = saved; }
  return calls;
}

test("apiUrl: under api/, a GET carries the language", () => {
  assert.equal(apiUrl("ru", "GET", "meta"), "api/meta?lang=ru");
  assert.equal(apiUrl("zh", "GET", "tables/pf1e?x=1"), "api/tables/pf1e?x=1&lang=zh");
  assert.equal(apiUrl("ru", "POST", "reach"), "api/reach");
});

test("requestInit: a JSON body with the language first; a GET has none", () => {
  assert.deepEqual(requestInit("en", "GET"), { method: "GET", headers: {} });
  const init = requestInit("ru", "POST", { mover: "ogre" });
  assert.deepEqual(init.headers, { "Content-Type": "application/json" });
  assert.equal(init.body, '{"lang":"ru","mover":"ogre"}');
});

test("readAnswer returns the JSON, or throws the API's message", async () => {
  assert.deepEqual(await readAnswer(answer(200, { squares: [] })), { squares: [] });
  await assert.rejects(readAnswer(answer(422, { error: "unknown mover 'x'" })), { message: "unknown mover 'x'" });
  await assert.rejects(readAnswer(answer(502, "<html>", "Bad Gateway")), { message: "502 Bad Gateway" });
  await assert.rejects(readAnswer(answer(500, {})), { message: "500" });
  assert.equal(errorOf({ status: 404 }, null), "404");
});

test("request and the named questions fetch the API's URL", async () => {
  let got;
  const calls = await withFetch(answer(200, { map: ["."] }), async () => { got = await getSample("ru", "goblin ambush"); });
  assert.deepEqual(got, { map: ["."] });
  assert.deepEqual(calls, [{ url: "api/scenes/goblin%20ambush?lang=ru", init: { method: "GET", headers: {} } }]);
  const posted = await withFetch(answer(200, {}), () => request("en", "POST", "check", { path: [] }));
  assert.equal(posted[0].init.body, '{"lang":"en","path":[]}');
});

test("postRender returns the picture, or throws the API's message", async () => {
  let blob;
  const calls = await withFetch(answer(200, "PNG"), async () => { blob = await postRender("zh", { scene: {} }); });
  assert.equal(calls[0].url, "api/render");
  assert.equal(calls[0].init.body, '{"lang":"zh","scene":{}}');
  assert.deepEqual(blob, { png: "PNG" });
  await withFetch(answer(413, { error: "too large" }), () =>
    assert.rejects(postRender("en", { scene: {} }), { message: "too large" }));
});

test("movementQuery: the scene without its picture, the switches, distance and flight when chosen", () => {
  const st = pageWith({ ...pfScene(), background: "data:image/png;base64,AAAA" });
  const q = movementQuery(st);
  assert.deepEqual(Object.keys(q), ["scene", "mover", "interpretations"]);
  assert.ok(!("background" in q.scene));
  assert.equal(q.mover, "valeros");
  assert.deepEqual(q.interpretations, { hampered_diagonal: "multiply" });
  st.distance = 3;
  st.flyOverride.valeros = false;
  st.flyOverride.ogre = true;
  const more = movementQuery(st);
  assert.equal(more.distance, 3);
  assert.equal(more.flying, false); // the mover's choice only
});

test("reach, path and check bodies", () => {
  const st = pageWith(pfScene());
  assert.equal(reachBody(st, "run").action, "run");
  assert.deepEqual(pathBody(st, [4, 3]).to, [4, 3]);
  assert.equal(pathBody(st, [4, 3]).action, "move");
  st.draft = [[1, 0], [2, 0]];
  const body = checkBody(st);
  assert.deepEqual(body.path, [[1, 0], [2, 0]]);
  st.draft.push([3, 0]);
  assert.equal(body.path.length, 2); // a copy: the path as it was asked
});

test("renderBody: the scene alone, or with the mover's question and the hovered square", () => {
  const st = pageWith({ ...pfScene(), background: "data:image/png;base64,AAAA" });
  const bare = renderBody(st, false);
  assert.deepEqual(Object.keys(bare), ["scene", "interpretations"]);
  assert.equal(bare.scene.background, "data:image/png;base64,AAAA");
  st.hover = { to: [5, 3], response: {} };
  const full = renderBody(st, true);
  assert.deepEqual(Object.keys(full), ["scene", "interpretations", "mover", "action", "to"]);
  assert.equal(full.mover, "valeros");
  assert.deepEqual(full.to, [5, 3]);
  // The picture is drawn with the mover too (it was dropped with a mover: issue 13, item 5).
  assert.equal(full.scene.background, "data:image/png;base64,AAAA");
});

test("import and validate bodies: a scene file's picture is put back, not sent", () => {
  assert.deepEqual(importBody({ format: 0.3 }, "pf1e", "cave.dd2vtt"), { data: { format: 0.3 }, system: "pf1e", name: "cave.dd2vtt" });
  const data = { ...pfScene(), background: "data:image/png;base64,AAAA" };
  const sent = validateBody(data);
  assert.ok(!("background" in sent.body.scene));
  assert.equal(sent.background, "data:image/png;base64,AAAA");
  assert.equal(data.background, "data:image/png;base64,AAAA");
  assert.equal(validateBody(pfScene()).background, undefined);
  assert.equal(validateBody({ ...pfScene(), background: 7 }).background, undefined);
});

test("travelBody: d20 speed, forced march and Con; dh2e bonuses; legs one a line; blanks are 0", () => {
  const form = {
    system: "pf1e", legs: " 24 mi forest trackless\n\n30 mi plains road \n", hustle: "2",
    speed: "30", forced_march: "", con_mod: "-1", agility_bonus: "4", toughness_bonus: "3", mount: "  ",
  };
  assert.deepEqual(travelBody(form), {
    system: "pf1e", legs: ["24 mi forest trackless", "30 mi plains road"], hustle: 2,
    speed: 30, forced_march: 0, con_mod: -1,
  });
  assert.deepEqual(travelBody({ ...form, system: "dh2e", hustle: "", mount: " horse " }), {
    system: "dh2e", legs: ["24 mi forest trackless", "30 mi plains road"], hustle: 0,
    agility_bonus: 4, toughness_bonus: 3, mount: "horse",
  });
});

test("pathBody: the action asked (default the selected one) and the waypoints as via", () => {
  const st = pageWith(pfScene());
  assert.equal(pathBody(st, [2, 0]).action, "move");
  assert.equal(pathBody(st, [2, 0], "run").action, "run");
  assert.ok(!("via" in pathBody(st, [2, 0])));
  st.waypoints = [[1, 1]];
  const body = pathBody(st, [2, 0]);
  assert.deepEqual(body.via, [[1, 1]]);
  st.waypoints[0][0] = 5;
  assert.deepEqual(body.via, [[1, 1]]); // a copy: the waypoints as they were asked
});

test("encounter requests: TURN.md's paths and bodies; a refusal carries its status and body", async () => {
  const scene = { ...pfScene(), background: "data:image/png;base64,AAAA" };
  const body = encounterBody(scene, ["ogre", "valeros"], "bridge");
  assert.deepEqual(Object.keys(body), ["scene", "order", "title"]);
  assert.ok(!("background" in body.scene));
  let calls = await withFetch(answer(201, { id: "e-1" }), () => postEncounter("en", scene, ["ogre"], ""));
  assert.equal(calls[0].url, "api/encounters?lang=en");
  assert.deepEqual(JSON.parse(calls[0].init.body).order, ["ogre"]);
  calls = await withFetch(answer(200, {}), () => postEncounterMove("en", "e 1", 4, "move", [[1, 0]]));
  assert.equal(calls[0].url, "api/encounters/e%201/move?lang=en");
  // only TURN.md's keys in the body (the server refuses others); the language in the address
  assert.deepEqual(JSON.parse(calls[0].init.body), { version: 4, action: "move", path: [[1, 0]] });
  calls = await withFetch(answer(200, {}), () => postEncounterUndo("en", "e-1", 5));
  assert.equal(calls[0].url, "api/encounters/e-1/undo?lang=en");
  calls = await withFetch(answer(200, {}), () => postEndTurn("en", "e-1", 5));
  assert.equal(calls[0].url, "api/encounters/e-1/end-turn?lang=en");
  calls = await withFetch(answer(200, {}), () => getEncounter("ru", "e-1"));
  assert.equal(calls[0].url, "api/encounters/e-1?lang=ru");
  const refused = { error: "step 2: corner", violations: [{ step: 2, rule: "corner", message: "step 2: corner" }] };
  await withFetch(answer(422, refused), async () => {
    await assert.rejects(postEncounterMove("en", "e-1", 4, "move", [[1, 1]]), (e) => e.status === 422 && e.data.violations[0].rule === "corner");
  });
  await withFetch(answer(409, { error: "stale" }), async () => {
    await assert.rejects(postEndTurn("en", "e-1", 3), (e) => e.status === 409 && e.message === "stale");
  });
});
