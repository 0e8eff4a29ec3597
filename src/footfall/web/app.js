// footfall battle-map page. Plain JS, no build step, no network beyond this server's /api.
// The page holds no rule logic: it edits a scene (SCENE.md JSON), asks the API, and draws.
"use strict";
(function () {
  const I18N = window.FOOTFALL_I18N;
  const $ = (id) => document.getElementById(id);
  const canvas = $("map");
  const ctx = canvas.getContext("2d");

  // Colours per terrain flag; a square with several flags shows the first one here.
  const FLAG_STYLE = [
    ["wall", "#3b3a36"],
    ["pit", "#151515"],
    ["obstacle", "#8a6a43"],
    ["difficult", "#b9a07a"],
    ["hazardous", "#d46a4a"],
    ["poor_visibility", "#6f7c9a"],
  ];
  const OPEN = "#f3efe4";
  const TERRAIN_TEST = "#c5cfae"; // dh2e terrain that asks for an Agility test (mud, smoke ...)
  const NARROW = "#d9d2c0"; // a narrow or low square: passable by squeezing (SCENE.md width_ft)
  const SIDE_COLOURS = ["#1f5fa8", "#b3261e", "#6b3fa0", "#1e7b34", "#b36b00", "#00707a"];
  const BAND = ["rgba(46,160,67,0.45)", "rgba(230,180,20,0.45)", "rgba(230,110,20,0.40)"];

  const state = {
    lang: "en",
    meta: null,
    samples: [],
    scene: null,
    sceneName: "scene",
    moverId: null,
    selectedId: null,
    action: null,
    distance: null,
    bands: true,
    interp: {},
    tool: "select",
    paintChar: "^",
    wallStart: null,
    cursor: [0, 0],
    reach: null, // {action: response}
    hover: null, // {to, response}
    hoverSquare: null,
    draft: [], // squares after the start, for check
    check: null,
    cell: 32,
    background: null, // {src, img} of the scene's imported background picture
    drag: null,
    painting: false,
    // Answers that may arrive late: each kind of question has a number, bumped at once by a
    // newer question or by any change that makes the pending answer stale; an answer is used
    // only while its number is current (a slow answer never overwrites a newer state).
    seq: { reach: 0, hover: 0, check: 0, scene: 0, meta: 0, travel: 0 },
    said: null, // {key, values, source} of the page message on the status line
    busy: 0, // questions in flight and debounced calls not yet run (window.footfall.idle())
    flyOverride: {}, // mover id -> flying chosen on the page
    tracing: null, // the last square of a path being dragged
  };

  // ---------- small helpers ----------
  function tr(key, values) {
    const table = I18N[state.lang] || I18N.en;
    let s = key in table ? table[key] : (I18N.en[key] ?? key);
    if (values) for (const [k, v] of Object.entries(values)) s = s.split("{" + k + "}").join(String(v));
    return s;
  }
  // The status line says who wrote it (`source`): an answer may clear only its own kind's
  // message, never one the user has not read yet from something else (e.g. "Opened
  // saved.json", or a file's error, shown while a reach answer is still on its way).
  function status(message, isError, source) {
    const el = $("status");
    el.textContent = message || "";
    el.classList.toggle("error", !!isError);
    el.dataset.source = message ? source || "" : "";
    state.said = null;
  }
  // A page message (not a server's): said again in the new language when it is switched.
  function say(key, values, source) {
    status(tr(key, values), false, source);
    state.said = { key, values, source };
  }
  function clearStatus(source) {
    if ($("status").dataset.source === source) status("");
  }
  // Count work in flight (window.footfall.idle() is true when nothing is pending).
  async function job(fn) {
    state.busy++;
    try { return await fn(); } finally { state.busy--; }
  }
  async function api(method, path, body) {
    const sep = path.includes("?") ? "&" : "?";
    const url = "api/" + path + (method === "GET" ? sep + "lang=" + state.lang : "");
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(Object.assign({ lang: state.lang }, body));
    }
    const res = await fetch(url, init);
    let data = null;
    try { data = await res.json(); } catch (e) { data = { error: res.status + " " + res.statusText }; }
    if (!res.ok) throw new Error((data && data.error) || String(res.status));
    return data;
  }
  function systemMeta(id) {
    return (state.meta && state.meta.systems.find((s) => s.id === (id || (state.scene && state.scene.system)))) || null;
  }
  function legend() {
    const base = Object.assign({}, (state.meta && state.meta.legend) || {});
    const own = (state.scene && state.scene.legend) || {};
    // Each character -> its flags; a dh2e terrain (Agility-test table) rides along as
    // "terrain:NAME", so it can be named and coloured.
    for (const [ch, v] of Object.entries(own)) {
      // A narrow or low square (its clearance, for squeezing) rides along as "width:FT" /
      // "height:FT", so the palette does not call it open ground.
      base[ch] = Array.isArray(v) ? v : (v.flags || []).concat(
        v.impassable ? ["impassable"] : [],
        v.terrain ? ["terrain:" + v.terrain] : [],
        v.width_ft !== undefined ? ["width:" + v.width_ft] : [],
        v.height_ft !== undefined ? ["height:" + v.height_ft] : [],
      );
    }
    return base;
  }
  function footprint(c) {
    const sm = systemMeta();
    return (sm && sm.sizes && sm.sizes[c.size]) || 1;
  }
  function creatureAt(x, y) {
    const cs = (state.scene && state.scene.creatures) || [];
    for (let i = cs.length - 1; i >= 0; i--) {
      const c = cs[i], n = footprint(c);
      if (x >= c.at[0] && x < c.at[0] + n && y >= c.at[1] && y < c.at[1] + n) return c;
    }
    return null;
  }
  function mover() {
    return ((state.scene && state.scene.creatures) || []).find((c) => c.id === state.moverId) || null;
  }
  function unitLabel(unit) { return tr("unit_" + unit); }
  function sideColour(side) {
    const sides = [...new Set(((state.scene && state.scene.creatures) || []).map((c) => c.side))];
    return SIDE_COLOURS[Math.max(0, sides.indexOf(side)) % SIDE_COLOURS.length];
  }
  // Call `fn` once calls stop for `ms`; `kinds` are the answers a call makes stale at once.
  function debounce(fn, ms, ...kinds) {
    let t = null;
    return (...a) => {
      for (const k of kinds) state.seq[k]++;
      if (t === null) state.busy++;
      clearTimeout(t);
      t = setTimeout(() => { t = null; state.busy--; fn(...a); }, ms);
    };
  }

  // ---------- labels and language ----------
  function applyLabels() {
    document.documentElement.lang = state.lang === "zh" ? "zh-Hans" : state.lang;
    for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = tr(el.dataset.i18n);
    buildPalette();
  }
  async function setLang(lang) {
    state.lang = lang;
    $("lang").value = lang;
    const url = new URL(window.location.href);
    url.searchParams.set("lang", lang);
    window.history.replaceState(null, "", url); // a reload keeps the language
    applyLabels();
    if (state.said) say(state.said.key, state.said.values, state.said.source);
    await job(async () => {
      if (!(await loadMeta())) return; // a newer language was picked meanwhile
      fillSystemSelects();
      fillActions();
      buildInterpretations();
      buildPalette();
      fillCreatureForm();
      refresh();
      if ($("t-days").tBodies[0].rows.length) planTravel();
    });
  }

  // ---------- meta, samples, scene loading ----------
  // Load the systems' menus in the page's language; false when a newer call overtook this one.
  async function loadMeta() {
    const seq = ++state.seq.meta;
    const meta = await api("GET", "meta");
    if (seq !== state.seq.meta) return false;
    state.meta = meta;
    return true;
  }
  async function loadSamples() {
    const data = await api("GET", "scenes");
    state.samples = data;
  }
  function fillSystemSelects() {
    const sel = $("system"), cur = sel.value || (state.scene && state.scene.system);
    sel.innerHTML = "";
    for (const s of state.meta.systems) sel.add(new Option(s.name + " (" + s.id + ")", s.id));
    if (cur) sel.value = cur;
    const sm = $("sample"), curS = sm.value;
    sm.innerHTML = "";
    for (const s of state.samples) sm.add(new Option((s.title || s.name) + " — " + s.system, s.name));
    if (curS) sm.value = curS;
  }
  async function openSample(name) {
    const seq = ++state.seq.scene;
    await job(async () => {
      try {
        const scene = await api("GET", "scenes/" + encodeURIComponent(name));
        if (seq !== state.seq.scene) return; // another scene was asked for meanwhile
        setScene(scene, name);
        $("sample").value = name;
        say("loaded", { name }, "scene");
      } catch (e) {
        if (seq === state.seq.scene) status(e.message, true, "scene");
      }
    });
  }
  function setScene(scene, name) {
    state.scene = scene;
    state.scene.creatures = state.scene.creatures || [];
    state.scene.walls = state.scene.walls || [];
    state.sceneName = name || "scene";
    state.draft = [];
    state.check = null;
    state.hover = null;
    state.wallStart = null;
    const cs = state.scene.creatures;
    const keep = cs.find((c) => c.id === state.moverId);
    const preferred = name === state.meta.default_scene ? state.meta.default_mover : null;
    state.moverId = keep ? keep.id : (cs.find((c) => c.id === preferred) || cs[0] || {}).id || null;
    state.selectedId = state.moverId;
    $("system").value = scene.system;
    state.cursor = [0, 0];
    fillActions();
    buildInterpretations();
    fillMovers();
    fillCreatureForm();
    buildPalette();
    resize();
    refresh();
  }
  function fillMovers() {
    const sel = $("mover");
    sel.innerHTML = "";
    for (const c of state.scene.creatures) sel.add(new Option(c.id + " (" + c.side + ")", c.id));
    if (state.moverId) sel.value = state.moverId;
  }
  function fillActions() {
    const sm = systemMeta();
    const sel = $("action");
    const prev = state.action;
    sel.innerHTML = "";
    if (!sm) return;
    for (const a of sm.actions) sel.add(new Option(a.label || a.id, a.id));
    const ids = sm.actions.map((a) => a.id);
    state.action = ids.includes(prev) ? prev : sm.default_action;
    sel.value = state.action;
    const needs = (sm.actions.find((a) => a.id === state.action) || {}).distance;
    $("distance-l").hidden = !needs;
    const sizes = $("c-size");
    sizes.innerHTML = "";
    for (const s of Object.keys(sm.sizes)) sizes.add(new Option(s, s));
    const isDh = sm.speed_field === "agility_bonus";
    $("c-speed-l").hidden = isDh;
    $("c-ab-l").hidden = !isDh;
  }
  function buildInterpretations() {
    const sm = systemMeta(), box = $("interp");
    box.innerHTML = "";
    if (!sm) return;
    const next = {};
    for (const it of sm.interpretations) {
      const lab = document.createElement("label");
      const span = document.createElement("span");
      span.textContent = it.name;
      if (it.description) lab.title = it.description;
      const sel = document.createElement("select");
      sel.dataset.name = it.name;
      for (const c of it.choices) sel.add(new Option(c + (c === it.default ? " *" : ""), c));
      sel.value = state.interp[it.name] && it.choices.includes(state.interp[it.name]) ? state.interp[it.name] : it.default;
      next[it.name] = sel.value;
      sel.addEventListener("change", () => { state.interp[it.name] = sel.value; refresh(); });
      lab.append(span, sel);
      box.append(lab);
    }
    state.interp = next;
  }
  function buildPalette() {
    const box = $("palette");
    box.innerHTML = "";
    if (!state.meta) return;
    for (const [ch, flags] of Object.entries(legend())) {
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("role", "radio");
      b.dataset.char = ch;
      b.setAttribute("aria-checked", String(ch === state.paintChar));
      const chip = document.createElement("span");
      chip.className = "chip";
      chip.style.background = squareColour(flags);
      const name = flags.length ? flags.map(flagName).join(" + ") : tr("open_ground");
      b.append(chip, document.createTextNode(" " + ch + " " + name));
      b.title = name;
      b.addEventListener("click", () => { state.paintChar = ch; selectTool("paint"); buildPalette(); });
      box.append(b);
    }
  }

  // ---------- queries ----------
  function queryScene() {
    // Questions never need the background picture (it may be megabytes): leave it out.
    if (!state.scene.background) return state.scene;
    const copy = Object.assign({}, state.scene);
    delete copy.background;
    return copy;
  }
  function baseQuery() {
    const q = { scene: queryScene(), mover: state.moverId, interpretations: state.interp };
    if (state.distance) q.distance = state.distance;
    // Flight only when the user says so; otherwise the library's default (aloft or no land
    // speed), which the reach answer reports and the checkbox then shows.
    if (state.moverId in state.flyOverride) q.flying = state.flyOverride[state.moverId];
    return q;
  }
  function fillFlying(answer) {
    const m = mover();
    $("flying-l").hidden = !(m && m.fly);
    if (answer && typeof answer.flying === "boolean") $("flying").checked = answer.flying;
  }
  function bandActions() {
    const sm = systemMeta();
    if (!sm) return [];
    if (state.bands && sm.band_actions && sm.band_actions.includes(state.action)) return sm.band_actions;
    return [state.action];
  }
  function showCount(n) {
    $("reach-count").textContent = n === null ? "—" : String(n);
    $("reach-count").dataset.count = n === null ? "" : String(n);
  }
  async function refreshReach() {
    const seq = ++state.seq.reach;
    fillFlying();
    // Not the status line: "Place a creature" must not wipe "Opened cave.dd2vtt".
    $("reach-note").textContent = state.scene && !mover() ? tr("no_mover") : "";
    if (!state.scene || !mover()) {
      state.reach = null;
      showCount(null);
      clearStatus("reach");
      draw();
      return;
    }
    // The question as it stands now: the answer is read with these actions, not with
    // whatever state.action has become by the time it arrives.
    const action = state.action, actions = bandActions();
    await job(async () => {
      try {
        const results = await Promise.all(actions.map((a) => api("POST", "reach", Object.assign(baseQuery(), { action: a }))));
        if (seq !== state.seq.reach) return;
        state.reach = {};
        actions.forEach((a, i) => { state.reach[a] = results[i]; });
        const mine = state.reach[action];
        fillFlying(mine);
        showCount(mine.squares.length);
        clearStatus("reach");
      } catch (e) {
        if (seq !== state.seq.reach) return;
        state.reach = null;
        showCount(null);
        status(e.message, true, "reach");
      }
      draw();
    });
  }
  const refreshHover = debounce(function () {
    const sq = state.hoverSquare;
    const seq = ++state.seq.hover;
    const m = mover();
    if (!sq || !m || (m.at[0] === sq[0] && m.at[1] === sq[1])) { state.hover = null; showHover(null); draw(); return; }
    const q = Object.assign(baseQuery(), { action: state.action, to: sq });
    job(async () => {
      try {
        const res = await api("POST", "path", q);
        if (seq !== state.seq.hover) return;
        state.hover = { to: sq, response: res };
        showHover(res);
      } catch (e) {
        if (seq !== state.seq.hover) return;
        state.hover = null;
        showHover({ error: e.message });
      }
      draw();
    });
  }, 60, "hover");
  function stepLine(s) {
    const at = s.at || s.to || s.square;
    const notes = [].concat(s.why || [], s.notes || [], s.reasons || []).map((n) => (typeof n === "string" ? n : n.label || n.message || n.rule || JSON.stringify(n)));
    const cost = s.cost !== undefined ? s.cost : s.step_cost;
    return "(" + (at ? at.join(",") : "?") + ") +" + cost + (s.total !== undefined ? " = " + s.total : "") + (notes.length ? " — " + notes.join("; ") : "");
  }
  function showHover(res) {
    const out = $("hover-cost"), list = $("hover-steps");
    list.innerHTML = "";
    if (!res) { out.textContent = "—"; out.dataset.cost = ""; return; }
    if (res.error) { out.textContent = res.error; out.dataset.cost = ""; return; }
    if (!res.found) {
      out.textContent = tr("no_path") + (res.reason ? ": " + res.reason : "");
      out.dataset.cost = "";
      return;
    }
    out.textContent = "(" + res.to.join(",") + ") " + tr("cost") + " " + res.cost + " " + unitLabel(res.unit);
    out.dataset.cost = String(res.cost);
    (res.breakdown || res.steps || []).forEach((s) => {
      const li = document.createElement("li");
      li.textContent = stepLine(s);
      list.append(li);
    });
    extras(res, list);
  }
  function extras(res, list) {
    // What the path provokes (attacks of opportunity, free strikes) and the hardest terrain
    // test it needs (dh2e), as the library words them.
    for (const p of res.provokes || []) {
      const li = document.createElement("li");
      li.className = "note";
      li.textContent = "⚔ " + p.message;
      list.append(li);
    }
    if (res.test) {
      const li = document.createElement("li");
      li.className = "note";
      li.textContent = "🎲 " + res.test.message;
      list.append(li);
    }
  }
  async function refreshCheck() {
    const seq = ++state.seq.check;
    const box = $("check-result"), list = $("violations");
    if (!state.draft.length || !mover()) {
      state.check = null;
      box.textContent = "";
      box.dataset.legal = "";
      list.innerHTML = "";
      draw();
      return;
    }
    const q = Object.assign(baseQuery(), { action: state.action, path: state.draft.slice() });
    await job(async () => {
      try {
        const res = await api("POST", "check", q);
        if (seq !== state.seq.check) return;
        state.check = res;
        box.dataset.legal = String(res.legal);
        box.textContent = (res.legal ? tr("legal") : tr("illegal")) + " — " + tr("cost") + " " + res.cost + " " + unitLabel(res.unit);
        list.innerHTML = "";
        for (const v of res.violations) {
          const li = document.createElement("li");
          li.dataset.rule = v.rule;
          li.dataset.step = String(v.step);
          const code = document.createElement("code");
          code.textContent = v.rule;
          li.append(code, document.createTextNode(" " + v.message));
          list.append(li);
        }
        extras(res, list);
      } catch (e) {
        if (seq !== state.seq.check) return;
        state.check = null;
        box.dataset.legal = "";
        box.textContent = e.message;
        list.innerHTML = "";
      }
      draw();
    });
  }
  // After an edit: every answer on screen is stale at once; ask again once edits pause.
  const refresh = debounce(function () {
    refreshReach();
    refreshCheck();
    if (state.hoverSquare) refreshHover();
  }, 30, "reach", "check", "hover");

  // ---------- drawing ----------
  function squareColour(flags) {
    for (const [f, c] of FLAG_STYLE) if (flags.includes(f)) return c;
    if (flags.includes("impassable")) return "#151515";
    if (flags.some((f) => f.startsWith("terrain:"))) return TERRAIN_TEST;
    if (flags.some((f) => f.startsWith("width:") || f.startsWith("height:"))) return NARROW;
    return OPEN;
  }
  function flagName(flag) {
    if (flag.startsWith("width:")) return tr("narrow", { ft: flag.slice(6) });
    if (flag.startsWith("height:")) return tr("low", { ft: flag.slice(7) });
    if (!flag.startsWith("terrain:")) return tr(flag);
    const id = flag.slice(8), sm = systemMeta();
    return (sm && sm.terrains && sm.terrains[id]) || id;
  }
  function resize() {
    if (!state.scene) return;
    const w = state.scene.map[0].length, h = state.scene.map.length;
    const wrap = $("drop");
    const avail = Math.max(200, wrap.clientWidth - 10);
    const availH = Math.max(240, window.innerHeight - 170);
    state.cell = Math.max(10, Math.min(48, Math.floor(Math.min(avail / w, availH / h))));
    const dpr = window.devicePixelRatio || 1;
    canvas.width = w * state.cell * dpr;
    canvas.height = h * state.cell * dpr;
    canvas.style.width = w * state.cell + "px";
    canvas.style.height = h * state.cell + "px";
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    draw();
  }
  function bandOf() {
    // Square -> [band index from 0, cost]: the library's cost band (1 one move, 2 two, 3 a
    // run), the smallest over the actions asked, each with the cost of the selected action.
    const out = new Map();
    if (!state.reach) return out;
    for (const a of bandActions()) {
      const r = state.reach[a];
      if (!r) continue;
      for (const s of r.squares) {
        const k = s.at[0] + "," + s.at[1];
        const band = (s.band || 1) - 1;
        const prev = out.get(k);
        if (!prev || band < prev[0]) out.set(k, [band, s.cost]);
      }
    }
    return out;
  }
  function draw() {
    if (!state.scene) return;
    const s = state.cell, rows = state.scene.map, lg = legend();
    const w = rows[0].length, h = rows.length;
    ctx.clearRect(0, 0, w * s, h * s);
    const bg = backgroundImage();
    if (bg) ctx.drawImage(bg, 0, 0, w * s, h * s);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const flags = lg[rows[y][x]] || [];
        if (bg && !flags.length) continue; // open ground: let the map's picture show
        ctx.globalAlpha = bg ? 0.6 : 1;
        ctx.fillStyle = squareColour(flags);
        ctx.fillRect(x * s, y * s, s, s);
        ctx.globalAlpha = 1;
        if (flags.includes("difficult") && s >= 12) {
          ctx.strokeStyle = "rgba(90,60,20,0.5)";
          ctx.beginPath();
          ctx.moveTo(x * s + 2, y * s + s - 2); ctx.lineTo(x * s + s - 2, y * s + 2);
          ctx.moveTo(x * s + 2, y * s + s / 2); ctx.lineTo(x * s + s / 2, y * s + 2);
          ctx.stroke();
        }
      }
    }
    // reach bands
    const bands = bandOf();
    ctx.font = Math.max(8, Math.floor(s * 0.3)) + "px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    for (const [k, [band, cost]] of bands) {
      const [x, y] = k.split(",").map(Number);
      ctx.fillStyle = BAND[Math.min(band, 2)];
      ctx.fillRect(x * s, y * s, s, s);
      if (s >= 24) { ctx.fillStyle = "rgba(0,0,0,0.7)"; ctx.fillText(String(cost), x * s + s / 2, y * s + s * 0.78); }
    }
    // grid
    ctx.strokeStyle = "rgba(0,0,0,0.15)";
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = 0; x <= w; x++) { ctx.moveTo(x * s + 0.5, 0); ctx.lineTo(x * s + 0.5, h * s); }
    for (let y = 0; y <= h; y++) { ctx.moveTo(0, y * s + 0.5); ctx.lineTo(w * s, y * s + 0.5); }
    ctx.stroke();
    // thin walls
    for (const wl of state.scene.walls) {
      ctx.strokeStyle = wl.door === "open" ? "#2e8b57" : wl.door === "closed" ? "#8b4513" : "#111";
      ctx.lineWidth = Math.max(3, s / 8);
      ctx.setLineDash(wl.door === "open" ? [s / 4, s / 6] : []);
      ctx.beginPath();
      ctx.moveTo(wl.from[0] * s, wl.from[1] * s);
      ctx.lineTo(wl.to[0] * s, wl.to[1] * s);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    if (state.wallStart) {
      ctx.fillStyle = "#111";
      ctx.beginPath();
      ctx.arc(state.wallStart[0] * s, state.wallStart[1] * s, Math.max(3, s / 7), 0, 7);
      ctx.fill();
    }
    // hover path
    const m = mover();
    if (state.hover && state.hover.response.found && m) drawPath(state.hover.response.path, "rgba(31,95,168,0.85)", false);
    // drawn path with violations
    if (state.draft.length && m) {
      const pts = [[m.at[0], m.at[1]]].concat(state.draft);
      drawPath(pts, "rgba(120,40,160,0.9)", true);
      if (state.check) {
        for (const v of state.check.violations) {
          const p = state.draft[v.step - 1];
          if (!p) continue;
          ctx.strokeStyle = "#b3261e";
          ctx.lineWidth = 3;
          ctx.strokeRect(p[0] * s + 2, p[1] * s + 2, s - 4, s - 4);
        }
      }
    }
    // creatures
    for (const c of state.scene.creatures) {
      const n = footprint(c);
      const cx = (c.at[0] + n / 2) * s, cy = (c.at[1] + n / 2) * s, r = (n * s) / 2 - 3;
      ctx.globalAlpha = c.helpless ? 0.45 : 1;
      ctx.fillStyle = sideColour(c.side);
      ctx.beginPath();
      ctx.arc(cx, cy, Math.max(4, r), 0, 7);
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.lineWidth = c.id === state.moverId ? 4 : 2;
      ctx.strokeStyle = c.id === state.selectedId ? "#ffd23f" : "#fff";
      ctx.stroke();
      if (c.fly) { ctx.strokeStyle = "#fff"; ctx.setLineDash([3, 3]); ctx.beginPath(); ctx.arc(cx, cy, Math.max(2, r - 5), 0, 7); ctx.stroke(); ctx.setLineDash([]); }
      ctx.fillStyle = "#fff";
      // The id's first letters, as large as fits inside the token.
      const label = c.id.slice(0, n > 1 ? 6 : 3);
      let px = Math.max(9, Math.floor(s * 0.32 * Math.min(n, 2)));
      ctx.font = "bold " + px + "px system-ui, sans-serif";
      const room = Math.max(8, 2 * r - 6), wide = ctx.measureText(label).width;
      if (wide > room) {
        px = Math.max(7, Math.floor((px * room) / wide));
        ctx.font = "bold " + px + "px system-ui, sans-serif";
      }
      ctx.fillText(label, cx, cy);
    }
    // drag ghost
    if (state.drag && state.drag.to) {
      const c = state.drag.creature, n = footprint(c);
      ctx.strokeStyle = "#ffd23f";
      ctx.lineWidth = 3;
      ctx.strokeRect(state.drag.to[0] * s, state.drag.to[1] * s, n * s, n * s);
    }
    // keyboard cursor
    if (document.activeElement === canvas) {
      ctx.strokeStyle = "#000";
      ctx.lineWidth = 2;
      ctx.setLineDash([4, 3]);
      ctx.strokeRect(state.cursor[0] * s + 1, state.cursor[1] * s + 1, s - 2, s - 2);
      ctx.setLineDash([]);
    }
  }
  function backgroundImage() {
    // Only embedded pictures (data: URLs from an import): the page never fetches elsewhere.
    const src = state.scene.background;
    if (!src || !src.startsWith("data:image/")) return null;
    if (!state.background || state.background.src !== src) {
      const img = new Image();
      img.onload = () => draw();
      img.src = src;
      state.background = { src, img };
    }
    return state.background.img.complete && state.background.img.naturalWidth ? state.background.img : null;
  }
  function drawPath(points, colour, dots) {
    const s = state.cell;
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(2, s / 9);
    ctx.beginPath();
    points.forEach((p, i) => {
      const x = (p[0] + 0.5) * s, y = (p[1] + 0.5) * s;
      if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
    });
    ctx.stroke();
    if (dots) {
      ctx.fillStyle = colour;
      for (const p of points.slice(1)) { ctx.beginPath(); ctx.arc((p[0] + 0.5) * s, (p[1] + 0.5) * s, Math.max(2, s / 8), 0, 7); ctx.fill(); }
    }
  }

  // ---------- editing ----------
  function paint(x, y) {
    const row = state.scene.map[y];
    if (row[x] === state.paintChar) return false;
    state.scene.map[y] = row.slice(0, x) + state.paintChar + row.slice(x + 1);
    return true;
  }
  function gridPoint(ev) {
    const r = canvas.getBoundingClientRect();
    return [Math.round((ev.clientX - r.left) / state.cell), Math.round((ev.clientY - r.top) / state.cell)];
  }
  function squareOf(ev) {
    const r = canvas.getBoundingClientRect();
    const x = Math.floor((ev.clientX - r.left) / state.cell), y = Math.floor((ev.clientY - r.top) / state.cell);
    const w = state.scene.map[0].length, h = state.scene.map.length;
    if (x < 0 || y < 0 || x >= w || y >= h) return null;
    return [x, y];
  }
  function wallPoint(p) {
    if (!state.wallStart) {
      state.wallStart = p;
      say("wall_start", { x: p[0], y: p[1] }, "wall");
      draw();
      return;
    }
    const a = state.wallStart;
    state.wallStart = null;
    if (a[0] === p[0] && a[1] === p[1]) { draw(); return; }
    state.scene.walls.push({ from: a, to: p });
    clearStatus("wall");
    changed();
  }
  function nearWall(ev) {
    const r = canvas.getBoundingClientRect();
    return wallNear((ev.clientX - r.left) / state.cell, (ev.clientY - r.top) / state.cell, 0.3);
  }
  // Index of the wall nearest grid point (px, py) within `reach` squares, or -1. The keyboard
  // erases from the cursor square's centre: a wall on one of its edges is 0.5 away.
  function wallNear(px, py, reach) {
    let best = -1, bestD = reach;
    state.scene.walls.forEach((wl, i) => {
      const [ax, ay] = wl.from, [bx, by] = wl.to;
      const dx = bx - ax, dy = by - ay, len = dx * dx + dy * dy || 1;
      const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len));
      const d = Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
      if (d < bestD) { bestD = d; best = i; }
    });
    return best;
  }
  function newId() {
    const ids = new Set(state.scene.creatures.map((c) => c.id));
    let i = state.scene.creatures.length + 1;
    while (ids.has("c" + i)) i++;
    return "c" + i;
  }
  function addCreature(x, y) {
    const sm = systemMeta();
    const c = { id: newId(), at: [x, y], size: sm.default_size, side: "party" };
    if (sm.speed_field === "agility_bonus") c.agility_bonus = 3; else c.speed = sm.default_speed;
    state.scene.creatures.push(c);
    state.selectedId = c.id;
    if (!state.moverId) state.moverId = c.id;
    fillMovers();
    fillCreatureForm();
    changed();
  }
  function removeCreature(id) {
    state.scene.creatures = state.scene.creatures.filter((c) => c.id !== id);
    if (state.moverId === id) state.moverId = (state.scene.creatures[0] || {}).id || null;
    if (state.selectedId === id) state.selectedId = null;
    fillMovers();
    fillCreatureForm();
    changed();
  }
  function selectCreature(c) {
    state.selectedId = c.id;
    state.moverId = c.id;
    $("mover").value = c.id;
    fillCreatureForm();
    state.draft = [];
    changed();
  }
  function moveCreature(c, to) {
    const n = footprint(c), w = state.scene.map[0].length, h = state.scene.map.length;
    const x = Math.max(0, Math.min(w - n, to[0])), y = Math.max(0, Math.min(h - n, to[1]));
    if (c.at[0] === x && c.at[1] === y) return;
    c.at = [x, y];
    state.draft = [];
    changed();
  }
  function useTool(sq, ev) {
    const [x, y] = sq;
    const c = creatureAt(x, y);
    switch (state.tool) {
      case "select": if (c) selectCreature(c); break;
      case "paint": if (paint(x, y)) changed(); break;
      case "wall": wallPoint(ev ? gridPoint(ev) : [x, y]); break;
      case "creature": if (c) selectCreature(c); else addCreature(x, y); break;
      case "erase": {
        const wi = ev ? nearWall(ev) : wallNear(x + 0.5, y + 0.5, 0.5001);
        if (c) removeCreature(c.id);
        else if (wi >= 0) { state.scene.walls.splice(wi, 1); changed(); }
        break;
      }
      case "path": {
        const m = mover();
        if (!m) break;
        state.draft.push([x, y]);
        refreshCheck();
        draw();
        break;
      }
    }
  }
  function changed() {
    state.hover = null;
    draw();
    refresh();
  }
  function selectTool(tool) {
    state.tool = tool;
    for (const r of document.querySelectorAll("input[name=tool]")) r.checked = r.value === tool;
    state.wallStart = null;
    canvas.style.cursor = tool === "select" ? "pointer" : "crosshair";
  }
  function fillCreatureForm() {
    const c = state.scene && state.scene.creatures.find((k) => k.id === state.selectedId);
    $("creature-fields").disabled = !c;
    $("creature-none").hidden = !!c;
    if (!c) return;
    $("c-id").value = c.id;
    $("c-size").value = c.size;
    $("c-side").value = c.side;
    $("c-speed").value = c.speed ?? "";
    $("c-ab").value = c.agility_bonus ?? "";
    $("c-armor").value = c.armor || "none";
    $("c-helpless").checked = !!c.helpless;
    $("c-fly").value = c.fly ? c.fly.speed : "";
    $("c-man").value = c.fly ? c.fly.maneuverability : "";
  }
  function applyCreatureForm(ev) {
    ev.preventDefault();
    const c = state.scene.creatures.find((k) => k.id === state.selectedId);
    if (!c) return;
    const id = $("c-id").value.trim();
    if (id && id !== c.id && !state.scene.creatures.some((k) => k.id === id)) {
      if (state.moverId === c.id) state.moverId = id;
      c.id = id;
      state.selectedId = id;
    }
    c.size = $("c-size").value;
    c.side = $("c-side").value.trim() || "party";
    const sm = systemMeta();
    if (sm.speed_field === "agility_bonus") {
      const ab = $("c-ab").value;
      if (ab !== "") c.agility_bonus = Number(ab); else delete c.agility_bonus;
    } else {
      const sp = $("c-speed").value;
      if (sp !== "") c.speed = Number(sp); else delete c.speed;
    }
    const armor = $("c-armor").value;
    if (armor !== "none") c.armor = armor; else delete c.armor;
    if ($("c-helpless").checked) c.helpless = true; else delete c.helpless;
    const fly = $("c-fly").value, man = $("c-man").value;
    if (fly !== "" && Number(fly) > 0) c.fly = { speed: Number(fly), maneuverability: man || "average" }; else delete c.fly;
    fillMovers();
    changed();
  }

  // ---------- files ----------
  function saveScene() {
    const blob = new Blob([JSON.stringify(state.scene, null, 1) + "\n"], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = (state.sceneName || "scene").replace(/\.json$/, "") + ".json";
    document.body.append(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    say("saved", { name: a.download }, "file");
  }
  async function savePicture() {
    // The server draws the picture (footfall render); the browser saves it.
    await job(async () => {
      try {
        const body = { lang: state.lang, scene: state.scene, interpretations: state.interp };
        if (mover()) {
          Object.assign(body, baseQuery(), { action: state.action });
          if (state.hover && state.hover.to) body.to = state.hover.to;
        }
        const res = await fetch("api/render", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(((await res.json()) || {}).error || String(res.status));
        const a = document.createElement("a");
        a.href = URL.createObjectURL(await res.blob());
        a.download = (state.sceneName || "scene") + ".png";
        document.body.append(a);
        a.click();
        setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
        say("saved", { name: a.download }, "file");
      } catch (e) {
        status(e.message, true, "file");
      }
    });
  }
  async function openFile(file) {
    // A file opened (or dropped) after another one, or after a sample was picked, wins; an
    // earlier one still being read or imported is dropped when it arrives.
    const seq = ++state.seq.scene;
    await job(async () => {
      try {
        // A map file carries its picture: the import limit, not the (smaller) question limit.
        const limit = (state.meta && state.meta.limits.import_bytes) || 2e7;
        if (file.size > limit) throw new Error(tr("file_too_large", { name: file.name, limit }));
        const text = await file.text();
        let data;
        try { data = JSON.parse(text); } catch (e) { throw new Error(tr("file_not_json", { name: file.name })); }
        if (data === null || typeof data !== "object" || Array.isArray(data)) throw new Error(tr("file_not_json", { name: file.name }));
        let scene;
        if (!("footfall" in data) || !("map" in data)) {
          // Not a footfall scene: let the server import it (Universal VTT / Foundry), if it can.
          scene = (await api("POST", "import", { data, system: $("system").value, name: file.name })).scene;
        } else {
          // Validate through the server, so a bad file says why at once; an embedded picture
          // (megabytes) is not sent, only put back.
          const plain = Object.assign({}, data);
          delete plain.background;
          scene = (await api("POST", "scenes/validate", { scene: plain })).scene;
          if (typeof data.background === "string") scene.background = data.background;
        }
        if (seq !== state.seq.scene) return;
        setScene(scene, file.name.replace(/\.[^.]+$/, ""));
        say("loaded", { name: file.name }, "scene");
      } catch (e) {
        if (seq === state.seq.scene) status(e.message, true, "file");
      }
    });
  }
  function newScene() {
    const answer = window.prompt(tr("new_scene"), "20x15");
    if (!answer) return;
    const m = /^\s*(\d+)\s*[x×, ]\s*(\d+)\s*$/.exec(answer);
    if (!m) return;
    const w = Math.min(500, Math.max(1, Number(m[1]))), h = Math.min(500, Math.max(1, Number(m[2])));
    const sys = $("system").value;
    state.seq.scene++; // a sample or file still on its way must not replace the new scene
    setScene({ footfall: 1, system: sys, map: Array.from({ length: h }, () => ".".repeat(w)), walls: [], creatures: [] }, "scene");
  }

  // ---------- travel ----------
  function travelFields() {
    const sys = $("t-system").value, dh = sys === "dh2e";
    $("t-speed-l").hidden = dh;
    $("t-ab-l").hidden = !dh;
    $("t-tb-l").hidden = !dh;
    $("t-fm-l").hidden = dh;
    $("t-con-l").hidden = dh;
  }
  async function planTravel(ev) {
    if (ev) ev.preventDefault();
    const sys = $("t-system").value;
    const body = {
      system: sys,
      legs: $("t-legs").value.split("\n").map((l) => l.trim()).filter(Boolean),
      hustle: Number($("t-hustle").value || 0),
    };
    if (sys === "dh2e") {
      body.agility_bonus = Number($("t-ab").value || 0);
      body.toughness_bonus = Number($("t-tb").value || 0);
    } else {
      body.speed = Number($("t-speed").value || 0);
      body.forced_march = Number($("t-forced").value || 0);
      body.con_mod = Number($("t-con").value || 0);
    }
    const mount = $("t-mount").value.trim();
    if (mount) body.mount = mount;
    const seq = ++state.seq.travel;
    await job(async () => {
      try {
        const res = await api("POST", "travel", body);
        if (seq !== state.seq.travel) return; // a newer plan (or language) was asked for
        showTravel(res);
        clearStatus("travel");
      } catch (e) {
        if (seq !== state.seq.travel) return;
        status(e.message, true, "travel");
        $("t-total").textContent = e.message;
      }
    });
  }
  function showTravel(res) {
    const table = $("t-days");
    table.tHead.innerHTML = "";
    const hr = table.tHead.insertRow();
    for (const k of ["day", "hours", "dist", "hustle_h", "forced_h"]) {
      const th = document.createElement("th");
      th.textContent = tr(k);
      hr.append(th);
    }
    const body = table.tBodies[0];
    body.innerHTML = "";
    for (const d of res.days) {
      const row = body.insertRow();
      for (const v of [d.day, d.hours, d.distance, d.hustle_hours ?? 0, d.forced_march_hours ?? 0]) row.insertCell().textContent = String(v);
    }
    let text = tr("total", { distance: res.total.distance, unit: unitLabel(res.unit), hours: res.total.hours, days: res.total.days });
    if (res.fatigued_from) text += " " + tr("fatigued", res.fatigued_from);
    $("t-total").textContent = text;
    drawOdds(res);
  }
  function drawOdds(res) {
    // Bars: chance of failing each forced-march hour (or of fatigue, dh2e); line: cumulative hustle damage.
    const svg = $("t-chart"), W = 360, H = 160, pad = 24;
    const ns = "http://www.w3.org/2000/svg";
    svg.innerHTML = "";
    const el = (name, attrs, text) => {
      const e = document.createElementNS(ns, name);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
      if (text !== undefined) e.textContent = text;
      svg.append(e);
      return e;
    };
    const bars = (res.forced_march || []).map((f) => ({ label: f.day + ":" + f.hour, p: Number(f.p_fail) }))
      .concat((res.hustle || []).filter((h) => h.p_fatigue !== undefined).map((h) => ({ label: h.day + ":" + h.hour, p: Number(h.p_fatigue) })));
    const dmg = (res.hustle || []).filter((h) => h.total !== undefined);
    if (!bars.length && !dmg.length) { el("text", { x: 8, y: 20, "font-size": 11 }, tr("chart_none")); return; }
    el("line", { x1: pad, y1: H - pad, x2: W - 6, y2: H - pad, stroke: "#888" });
    el("line", { x1: pad, y1: 8, x2: pad, y2: H - pad, stroke: "#888" });
    el("text", { x: 2, y: 14, "font-size": 9 }, "1");
    el("text", { x: 2, y: H - pad, "font-size": 9 }, "0");
    const n = Math.max(bars.length, dmg.length), bw = (W - pad - 10) / n;
    bars.forEach((b, i) => {
      const h = (H - pad - 10) * b.p;
      const r = el("rect", { x: pad + i * bw + 1, y: H - pad - h, width: Math.max(1, bw - 2), height: h, fill: "#b3261e", opacity: 0.7 });
      const t = document.createElementNS(ns, "title");
      t.textContent = b.label + ": " + (100 * b.p).toFixed(1) + "%";
      r.append(t);
    });
    if (dmg.length) {
      const max = Math.max(...dmg.map((d) => d.total), 1);
      const pts = dmg.map((d, i) => (pad + (i + 0.5) * bw) + "," + (H - pad - (H - pad - 10) * d.total / max)).join(" ");
      el("polyline", { points: pts, fill: "none", stroke: "#1f5fa8", "stroke-width": 2 });
      el("text", { x: W - 6, y: 14, "font-size": 9, "text-anchor": "end", fill: "#1f5fa8" }, tr("chart_dmg") + " ≤ " + max);
    }
    if (bars.length) el("text", { x: pad + 4, y: H - 6, "font-size": 9, fill: "#b3261e" }, tr("chart_p"));
  }

  // ---------- events ----------
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
    $("mover").addEventListener("change", (e) => { state.moverId = e.target.value; state.selectedId = e.target.value; fillCreatureForm(); state.draft = []; changed(); });
    $("action").addEventListener("change", (e) => {
      state.action = e.target.value;
      const sm = systemMeta();
      $("distance-l").hidden = !(sm.actions.find((a) => a.id === state.action) || {}).distance;
      state.distance = $("distance-l").hidden ? null : Number($("distance").value) || null;
      changed();
    });
    $("distance").addEventListener("change", (e) => { state.distance = Number(e.target.value) || null; changed(); });
    $("bands").addEventListener("change", (e) => { state.bands = e.target.checked; changed(); });
    $("flying").addEventListener("change", (e) => { state.flyOverride[state.moverId] = e.target.checked; changed(); });
    $("clear-path").addEventListener("click", () => { state.draft = []; refreshCheck(); });
    $("creature-form").addEventListener("submit", applyCreatureForm);
    $("c-remove").addEventListener("click", () => { if (state.selectedId) removeCreature(state.selectedId); });
    $("travel-form").addEventListener("submit", planTravel);
    $("t-system").addEventListener("change", travelFields);

    canvas.addEventListener("pointerdown", (ev) => {
      if (!state.scene) return;
      const sq = squareOf(ev);
      if (!sq) return;
      canvas.focus({ preventScroll: true });
      state.cursor = sq;
      const c = creatureAt(sq[0], sq[1]);
      if (state.tool === "select" && c) {
        selectCreature(c);
        state.drag = { creature: c, grab: [sq[0] - c.at[0], sq[1] - c.at[1]], to: null };
        canvas.setPointerCapture(ev.pointerId);
        return;
      }
      if (state.tool === "paint") { state.painting = true; canvas.setPointerCapture(ev.pointerId); }
      if (state.tool === "path") { state.tracing = sq; canvas.setPointerCapture(ev.pointerId); }
      useTool(sq, ev);
    });
    canvas.addEventListener("pointermove", (ev) => {
      if (!state.scene) return;
      const sq = squareOf(ev);
      if (state.drag) {
        if (sq) state.drag.to = [sq[0] - state.drag.grab[0], sq[1] - state.drag.grab[1]];
        draw();
        return;
      }
      if (state.painting && sq) { if (paint(sq[0], sq[1])) draw(); return; }
      if (state.tracing && sq && (sq[0] !== state.tracing[0] || sq[1] !== state.tracing[1])) {
        // Dragging a path: each new square the pointer enters is the next step.
        state.tracing = sq;
        state.draft.push(sq);
        refreshCheck();
        draw();
        return;
      }
      if (!sq) return;
      if (!state.hoverSquare || state.hoverSquare[0] !== sq[0] || state.hoverSquare[1] !== sq[1]) {
        state.hoverSquare = sq;
        refreshHover();
      }
    });
    const end = () => {
      if (state.drag) {
        const d = state.drag;
        state.drag = null;
        if (d.to) moveCreature(d.creature, d.to); else draw();
      }
      if (state.painting) { state.painting = false; changed(); }
      state.tracing = null;
    };
    canvas.addEventListener("pointerup", end);
    canvas.addEventListener("pointercancel", end);
    canvas.addEventListener("pointerleave", () => {
      if (state.drag || state.painting || state.tracing) return;
      state.seq.hover++; // a path still on its way is for a square the pointer has left
      state.hoverSquare = null;
      state.hover = null;
      showHover(null);
      draw();
    });
    canvas.addEventListener("focus", draw);
    canvas.addEventListener("blur", draw);
    canvas.addEventListener("keydown", onKey);
    document.addEventListener("keydown", (ev) => {
      if (ev.target !== document.body) return;
      const tool = { s: "select", p: "paint", w: "wall", c: "creature", x: "erase", d: "path" }[ev.key.toLowerCase()];
      if (tool) selectTool(tool);
    });
    window.addEventListener("resize", debounce(resize, 100));
  }
  function onKey(ev) {
    if (!state.scene) return;
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const w = state.scene.map[0].length, h = state.scene.map.length;
    if (ev.key in dirs) {
      ev.preventDefault();
      const [dx, dy] = dirs[ev.key];
      const sel = state.scene.creatures.find((c) => c.id === state.selectedId);
      if (ev.shiftKey && sel) { moveCreature(sel, [sel.at[0] + dx, sel.at[1] + dy]); state.cursor = [sel.at[0], sel.at[1]]; }
      else state.cursor = [Math.max(0, Math.min(w - 1, state.cursor[0] + dx)), Math.max(0, Math.min(h - 1, state.cursor[1] + dy))];
      state.hoverSquare = state.cursor.slice();
      refreshHover();
      draw();
      return;
    }
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); useTool(state.cursor, null); return; }
    if (ev.key === "Escape") { state.draft = []; state.wallStart = null; refreshCheck(); return; }
    if (ev.key === "Delete" || ev.key === "Backspace") {
      ev.preventDefault();
      const [x, y] = state.cursor;
      const c = creatureAt(x, y), wi = wallNear(x + 0.5, y + 0.5, 0.5001);
      if (c) removeCreature(c.id);
      else if (wi >= 0) { state.scene.walls.splice(wi, 1); changed(); }
      return;
    }
    const tool = { s: "select", p: "paint", w: "wall", c: "creature", x: "erase", d: "path" }[ev.key.toLowerCase()];
    if (tool) { selectTool(tool); return; }
    const idx = "1234567890".indexOf(ev.key);
    if (idx >= 0) {
      const chars = Object.keys(legend());
      if (chars[idx] !== undefined) { state.paintChar = chars[idx]; selectTool("paint"); buildPalette(); }
    }
  }

  // ---------- start ----------
  async function start() {
    const params = new URLSearchParams(window.location.search);
    const lang = params.get("lang");
    state.lang = lang && I18N[lang] ? lang : "en";
    $("lang").value = state.lang;
    bind();
    applyLabels();
    travelFields();
    try {
      // The language may be switched while the menus load: then load them again in it.
      while (!(await loadMeta()));
      await loadSamples();
      fillSystemSelects();
      applyLabels();
      const name = params.get("scene") || state.meta.default_scene || (state.samples[0] || {}).name;
      if (name) await openSample(name);
      document.body.dataset.ready = "true";
    } catch (e) {
      status(e.message, true);
      document.body.dataset.ready = "error";
    }
  }
  // For tests and the curious: idle() is true when no question is in flight or pending.
  window.footfall = { state, refresh, draw, idle: () => state.busy === 0 };
  start();
})();
