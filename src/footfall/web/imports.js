// After a map is imported (Universal VTT, Foundry): every warning the import gave, shown under
// the map; tokens without a speed named, with one button to give them the system's default
// (the GM confirms it, and may edit each in the creature form); a Foundry scene's picture,
// which its export only names, attached from a file the GM picks.
import { state, systemMeta } from "./state.js";
import { missingSpeeds, giveDefaultSpeeds } from "./play.js";
import { listText, unitWord } from "./labels.js";
import { $, tr, say, status, refuse } from "./page.js";
import { draw } from "./drawing.js";
import { changed } from "./panel.js";
import { fillCreatureForm } from "./editing.js";

/** Show what an import said (`warnings`, the API's lines) and what the scene still lacks. */
export function showImport(warnings) {
  state.warnings = warnings || [];
  const list = $("import-warnings");
  list.innerHTML = "";
  if (state.warnings.length) {
    const head = document.createElement("li");
    head.className = "head";
    head.textContent = tr("import_says");
    list.append(head);
  }
  for (const w of state.warnings) {
    const li = document.createElement("li");
    li.textContent = "⚠ " + w;
    list.append(li);
  }
  showLacks();
}

/** The scene's tokens without a speed and its missing picture (after any scene is opened). */
export function showLacks() {
  const sm = systemMeta(state), scene = state.scene;
  const none = sm ? missingSpeeds(sm, scene) : [];
  $("speeds-box").hidden = !none.length;
  if (none.length) {
    const unit = sm.speed_field === "agility_bonus" ? "AB" : unitWord(tr, sm.unit);
    const speed = sm.speed_field === "agility_bonus" ? 3 : sm.default_speed;
    $("speeds-text").textContent = tr("no_speed", { n: none.length, ids: listText(tr, none.map((c) => c.id)) });
    $("speeds-btn").textContent = tr("give_speed", { speed, unit });
    $("speeds-btn").dataset.speed = String(speed);
  }
  const src = pictureName(scene);
  $("bg-box").hidden = !src;
  if (src) $("bg-text").textContent = tr("bg_missing", { src });
  $("import-box").hidden = !state.warnings.length && !none.length && !src;
}

/** The picture a scene names but does not carry (a Foundry export's background path), or "". */
export function pictureName(scene) {
  if (!scene || (scene.background && scene.background.startsWith("data:image/"))) return "";
  const info = scene["x-import"] || {};
  return info.background_src || (scene.background && !scene.background.startsWith("data:") ? scene.background : "") || "";
}

/** The GM confirmed: every token without a speed takes the system's default. */
export function giveSpeeds() {
  const sm = systemMeta(state);
  const none = missingSpeeds(sm, state.scene);
  const n = giveDefaultSpeeds(sm, none);
  const speed = $("speeds-btn").dataset.speed;
  say("speeds_given", { n, speed, unit: sm.speed_field === "agility_bonus" ? "AB" : unitWord(tr, sm.unit) }, "import");
  fillCreatureForm();
  showLacks();
  changed();
}

/** Attach picture file `file` as the scene's background (a data: URL; the page fetches nothing). */
export async function attachPicture(file) {
  if (!file.type.startsWith("image/")) { refuse(() => tr("not_image", { name: file.name }), "import"); return; }
  const url = await new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result);
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
  state.scene.background = url;
  say("bg_attached", { name: file.name }, "import");
  showLacks();
  draw();
}

/** Bind the import box's buttons. */
export function bindImports() {
  $("speeds-btn").addEventListener("click", giveSpeeds);
  $("bg-btn").addEventListener("click", () => $("bg-file").click());
  $("bg-file").addEventListener("change", (e) => { if (e.target.files[0]) attachPicture(e.target.files[0]); e.target.value = ""; });
}
