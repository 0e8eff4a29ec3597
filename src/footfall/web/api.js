// Every question the page asks footfall's JSON API (/api/..., docs/api.md): the URL and body of
// each and how an answer is read. The only module that calls fetch. The body builders and
// the answer reader are pure (tests/js/api.test.mjs); `lang` rides on every request.
import { withoutBackground } from "./scene.js";

/** The URL of `path` under the API, relative to the page; a GET carries the language. */
export function apiUrl(lang, method, path) {
  const sep = path.includes("?") ? "&" : "?";
  return "api/" + path + (method === "GET" ? sep + "lang=" + lang : "");
}

/** fetch's options for a request: a body is JSON, with the language first. */
export function requestInit(lang, method, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(Object.assign({ lang }, body));
  }
  return init;
}

/** The message of a failed answer: the API's `error`, else the HTTP status. */
export function errorOf(res, data) {
  return (data && data.error) || String(res.status);
}

/** Read a JSON answer (a Response, or anything with ok, status, statusText and json()); throw
 *  an Error with the API's message when it is not ok. */
export async function readAnswer(res) {
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: res.status + " " + res.statusText }; }
  if (!res.ok) throw new Error(errorOf(res, data));
  return data;
}

/** Ask the API: `method` on `path` with `body` (none for a GET), in language `lang`. */
export async function request(lang, method, path, body) {
  return readAnswer(await fetch(apiUrl(lang, method, path), requestInit(lang, method, body)));
}

// ---------- the questions ----------

export const getMeta = (lang) => request(lang, "GET", "meta");
export const getSamples = (lang) => request(lang, "GET", "scenes");
export const getSample = (lang, name) => request(lang, "GET", "scenes/" + encodeURIComponent(name));
export const postReach = (lang, body) => request(lang, "POST", "reach", body);
export const postReachAll = (lang, body) => request(lang, "POST", "reach/all", body);
export const postPath = (lang, body) => request(lang, "POST", "path", body);
export const postCheck = (lang, body) => request(lang, "POST", "check", body);
export const postImport = (lang, body) => request(lang, "POST", "import", body);
export const postValidate = (lang, body) => request(lang, "POST", "scenes/validate", body);
export const postTravel = (lang, body) => request(lang, "POST", "travel", body);

// ---------- encounters (TURN.md) ----------

/** Ask an encounter endpoint; a refused answer's status (404, 409, 422) and body ride on the
 *  Error (`status`, `data`), so the page can tell a stale version from a broken rule. */
export async function encounterRequest(lang, method, path, body) {
  // TURN.md's bodies hold only their own keys (the server refuses others): the language rides
  // in the address, for every method.
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch("api/encounters" + path + (path.includes("?") ? "&" : "?") + "lang=" + lang, init);
  if (res.status === 204) return null;
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: res.status + " " + res.statusText }; }
  if (!res.ok) {
    const err = new Error(errorOf(res, data));
    err.status = res.status;
    err.data = data;
    throw err;
  }
  return data;
}

/** POST /api/encounters: a new encounter of `scene` in initiative `order`. */
export const postEncounter = (lang, scene, order, title) => encounterRequest(lang, "POST", "", encounterBody(scene, order, title));
export const getEncounter = (lang, id) => encounterRequest(lang, "GET", "/" + encodeURIComponent(id));
export const postEncounterMove = (lang, id, version, action, path) =>
  encounterRequest(lang, "POST", "/" + encodeURIComponent(id) + "/move", { version, action, path });
export const postEncounterUndo = (lang, id, version) => encounterRequest(lang, "POST", "/" + encodeURIComponent(id) + "/undo", { version });
export const postEndTurn = (lang, id, version) => encounterRequest(lang, "POST", "/" + encodeURIComponent(id) + "/end-turn", { version });
export const postEncounterOrder = (lang, id, version, order) => encounterRequest(lang, "POST", "/" + encodeURIComponent(id) + "/order", { version, order });

/** The body of POST /api/encounters: the scene (without its background picture, which may be
 *  megabytes; the page keeps it), the order, a title. */
export function encounterBody(scene, order, title) {
  const body = { scene: withoutBackground(scene), order: order.slice() };
  if (title) body.title = title;
  return body;
}

/** Ask /api/render for the PNG of a scene: a Blob. */
export async function postRender(lang, body) {
  const res = await fetch(apiUrl(lang, "POST", "render"), requestInit(lang, "POST", body));
  if (!res.ok) await readAnswer(res); // throws the API's message
  return res.blob();
}

// ---------- request bodies (docs/api.md) ----------

/** What every movement question says: the scene (no background picture), the mover, the
 *  switches, a granted distance, and flight only when the user chose it on the page
 *  (otherwise the library's default, aloft or no land speed, which reach reports). */
export function movementQuery(st) {
  const q = { scene: withoutBackground(st.scene), mover: st.moverId, interpretations: st.interp };
  if (st.distance) q.distance = st.distance;
  if (st.moverId in st.flyOverride) q.flying = st.flyOverride[st.moverId];
  return q;
}

/** /api/reach for `action`. */
export function reachBody(st, action) {
  return Object.assign(movementQuery(st), { action });
}

/** /api/path to square `to` with `action` (default: the selected one), through the mover's
 *  waypoints (`via`) if it has any. */
export function pathBody(st, to, action) {
  const q = Object.assign(movementQuery(st), { action: action || st.action, to });
  if (st.waypoints && st.waypoints.length) q.via = st.waypoints.map((p) => p.slice());
  return q;
}

/** /api/check of the drawn path. */
export function checkBody(st) {
  return Object.assign(movementQuery(st), { action: st.action, path: st.draft.slice() });
}

/** /api/render of the scene; with a mover (`hasMover`), its reach and the hovered path. */
export function renderBody(st, hasMover) {
  const body = { scene: st.scene, interpretations: st.interp };
  if (hasMover) {
    // The scene keeps its background picture here (movementQuery's copy has none).
    Object.assign(body, movementQuery(st), { action: st.action, scene: st.scene });
    if (st.hover && st.hover.to) body.to = st.hover.to;
  }
  return body;
}

/** /api/import of a map file's JSON `data` (Universal VTT, Foundry) for `system`. */
export function importBody(data, system, name) {
  return { data, system, name };
}

/** /api/scenes/validate of a scene file's JSON `data`: the embedded picture (megabytes) is
 *  not sent; `background` is what to put back on the answer's scene (or undefined). */
export function validateBody(data) {
  const plain = Object.assign({}, data);
  delete plain.background;
  return { body: { scene: plain }, background: typeof data.background === "string" ? data.background : undefined };
}

/** /api/travel from the planner's fields `f` (numbers as typed; blank is 0): dh2e asks by
 *  Agility and Toughness Bonus, the d20 systems by speed, forced march and Con modifier. */
export function travelBody(f) {
  const body = {
    system: f.system,
    legs: f.legs.split("\n").map((l) => l.trim()).filter(Boolean),
    hustle: Number(f.hustle || 0),
  };
  if (f.system === "dh2e") {
    body.agility_bonus = Number(f.agility_bonus || 0);
    body.toughness_bonus = Number(f.toughness_bonus || 0);
  } else {
    body.speed = Number(f.speed || 0);
    body.forced_march = Number(f.forced_march || 0);
    body.con_mod = Number(f.con_mod || 0);
  }
  const mount = f.mount.trim();
  if (mount) body.mount = mount;
  // the planner's switches on screen (forced_march_dc with hours of forced march)
  if (f.interpretations && Object.keys(f.interpretations).length) body.interpretations = f.interpretations;
  return body;
}
