// footfall battle-map page: the main module. Plain ES modules, no build step, no network beyond
// this server's /api. The page holds no rule logic: it edits a scene (SCENE.md JSON), asks the
// API, and draws. This module wires the others (docs/page.md, "How the page is built"): the
// header's menus and files, the language, the movement panel's controls, and the start.
import { state, ask, isCurrent, job, idle, debounce, selectCreature } from "./state.js";
import { getMeta, getSamples } from "./api.js";
import { browserLang, documentLang, systemOption, sampleOption } from "./labels.js";
import { $, tr, status, say, restatus } from "./page.js";
import { draw, resize } from "./drawing.js";
import { fillActions, fillMovers, actionChosen, buildInterpretations, refresh, refreshCheck, changed } from "./panel.js";
import { bindMap, buildPalette, selectTool, fillCreatureKinds, fillCreatureForm, applyCreatureForm, removeCreature } from "./editing.js";
import { openSample, openFile, newScene, saveScene, savePicture } from "./files.js";
import { travelFields, planTravel, planShown } from "./travel.js";
import { probeEncounters, loadEncounter, startEncounter, playSample, undo, redo, endTurn, leaveEncounter, onTurnKey, recheck, showTurn } from "./turns.js";
import { bindImports, showLacks } from "./imports.js";

// ---------- labels and language ----------

function applyLabels() {
  document.documentElement.lang = documentLang(state.lang);
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = tr(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-title]")) el.title = tr(el.dataset.i18nTitle);
  for (const el of document.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", tr(el.dataset.i18nLabel));
  $("api-docs").href = `docs?lang=${state.lang}`; // the API docs in the page's language
  buildPalette();
}

// Switch the page's language: its labels at once, then the systems' menus (names of actions,
// terrains) from the server in that language, and every answer on screen asked again.
async function setLang(lang) {
  state.lang = lang;
  $("lang").value = lang;
  const url = new URL(window.location.href);
  url.searchParams.set("lang", lang);
  window.history.replaceState(null, "", url); // a reload keeps the language
  applyLabels();
  restatus(); // a page message said again, a refused question asked again in the new language
  await job(state, async () => {
    if (!(await loadMeta())) return; // a newer language was picked meanwhile
    fillSystemSelects();
    if (state.scene) fillMovers();  // sides in words
    fillActions();
    fillCreatureKinds();
    buildInterpretations();
    buildPalette();
    fillCreatureForm();
    showTurn();
    if (state.said) say(state.said.key, state.said.values, state.said.source); // action names
    showLacks();
    refresh();
    if (planShown()) planTravel();
  });
}

// ---------- meta and samples ----------

// Load the systems' menus in the page's language; false when a newer call overtook this one.
async function loadMeta() {
  const seq = ask(state, "meta");
  const meta = await getMeta(state.lang);
  if (!isCurrent(state, "meta", seq)) return false;
  state.meta = meta;
  return true;
}

function fillSystemSelects() {
  const sel = $("system"), cur = sel.value || (state.scene && state.scene.system);
  sel.innerHTML = "";
  for (const s of state.meta.systems) sel.add(new Option(systemOption(s), s.id));
  if (cur) sel.value = cur;
  const sm = $("sample"), curS = sm.value;
  sm.innerHTML = "";
  for (const s of state.samples) sm.add(new Option(sampleOption(s, tr), s.name));
  if (curS) sm.value = curS;
  const ts = $("t-system"), curT = ts.value; // the planner's systems: their words and ids
  const travel = [...ts.options].map((o) => o.value);
  ts.innerHTML = "";
  for (const s of state.meta.systems) if (travel.includes(s.id)) ts.add(new Option(systemOption(s), s.id));
  ts.value = curT;
  travelFields(); // the planner's switches, from the menus just loaded
}

// ---------- controls ----------

function bind() {
  $("lang").addEventListener("change", (e) => setLang(e.target.value));
  $("system").addEventListener("change", (e) => {
    const s = state.samples.find((k) => k.system === e.target.value);
    if (s) openSample(s.name).catch((err) => status(err.message, true));
  });
  $("sample").addEventListener("change", (e) => openSample(e.target.value).catch((err) => status(err.message, true)));
  $("open-btn").addEventListener("click", () => $("file").click());
  $("file").addEventListener("change", (e) => { if (e.target.files[0]) openFile(e.target.files[0]); e.target.value = ""; });
  $("save-btn").addEventListener("click", saveScene);
  $("new-btn").addEventListener("click", newScene);
  $("png-btn").addEventListener("click", savePicture);
  const drop = $("drop");
  drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("dragover"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("dragover"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("dragover");
    const f = e.dataTransfer.files[0];
    if (f) openFile(f);
  });
  for (const r of document.querySelectorAll("input[name=tool]")) r.addEventListener("change", () => selectTool(r.value));
  $("mover").addEventListener("change", (e) => { selectCreature(state, e.target.value); fillCreatureForm(); changed(); });
  $("action").addEventListener("change", (e) => actionChosen(e.target.value));
  $("distance").addEventListener("change", (e) => { state.distance = Number(e.target.value) || null; changed(); });
  $("bands").addEventListener("change", (e) => { state.bands = e.target.checked; changed(); });
  $("flying").addEventListener("change", (e) => { state.flyOverride[state.moverId] = e.target.checked; changed(); });
  $("clear-path").addEventListener("click", () => { state.draft = []; refreshCheck(); });
  $("creature-form").addEventListener("submit", applyCreatureForm);
  $("c-remove").addEventListener("click", () => { if (state.selectedId) removeCreature(state.selectedId); });
  $("travel-form").addEventListener("submit", planTravel);
  $("t-system").addEventListener("change", travelFields);
  $("t-forced").addEventListener("input", travelFields);
  bindMap();
  bindImports();
  $("turn-start").addEventListener("click", startEncounter);
  $("undo-btn").addEventListener("click", undo);
  $("redo-btn").addEventListener("click", redo);
  $("end-turn").addEventListener("click", endTurn);
  $("leave-btn").addEventListener("click", leaveEncounter);
  document.addEventListener("keydown", onTurnKey);
  document.addEventListener("visibilitychange", recheck);
  window.addEventListener("resize", debounce(state, resize, 100));
}

// ---------- start ----------

async function start() {
  const params = new URLSearchParams(window.location.search);
  state.lang = browserLang(params.get("lang"), navigator.languages);
  $("lang").value = state.lang;
  bind();
  applyLabels();
  travelFields();
  try {
    // The language may be switched while the menus load: then load them again in it.
    while (!(await loadMeta()));
    state.samples = await getSamples(state.lang);
    fillSystemSelects();
    applyLabels();
    const name = params.get("scene") || state.meta.default_scene || (state.samples[0] || {}).name;
    await probeEncounters();
    if (params.get("encounter")) await loadEncounter(params.get("encounter"));
    else if (name && !params.get("scene") && state.encounterServer) await playSample(name);
    else if (name) {
      await openSample(name);
      // ?play=1: play the sample as a new encounter (its address then names the encounter).
      if (params.get("play") && state.encounterServer) await startEncounter();
    }
    document.body.dataset.ready = "true";
  } catch (e) {
    status(e.message, true);
    document.body.dataset.ready = "error";
  }
}

// For tests and the curious: idle() is true when no question is in flight or pending.
window.footfall = { state, refresh, draw, idle: () => idle(state) };
start();
