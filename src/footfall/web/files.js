// Opening and saving scenes: a sample from the server, a file opened or dropped (a footfall
// scene, validated by the server; any other map imported by it), a new empty scene, the scene
// saved as JSON (made in the browser) and the server's picture of it (PNG).
import { state, ask, isCurrent, stale, job, openScene, mover } from "./state.js";
import { getSample, postImport, postValidate, postRender, importBody, validateBody, renderBody } from "./api.js";
import { fileKind, sceneNameOf, savedName, savedText, parseMapSize, blankScene } from "./scene.js";
import { $, tr, status, say } from "./page.js";
import { resize } from "./drawing.js";
import { fillActions, fillMovers, buildInterpretations, refresh } from "./panel.js";
import { fillCreatureKinds, fillCreatureForm, buildPalette } from "./editing.js";
import { showImport } from "./imports.js";
import { showTurn, leaveEncounter, inEncounter } from "./turns.js";

/** Put `scene` (named `name`) on the page: the menus, the form and the palette follow it. */
export function setScene(scene, name, warnings) {
  if (inEncounter()) leaveEncounter(); // a new scene is edited; the encounter stays on the server
  state.order = null;
  showScene(scene, name, warnings);
}

/** Show `scene` with its menus, form and palette (an encounter's scene too). */
export function showScene(scene, name, warnings) {
  openScene(state, scene, name);
  $("system").value = scene.system;
  fillActions();
  fillCreatureKinds();
  buildInterpretations();
  fillMovers();
  fillCreatureForm();
  buildPalette();
  showImport(warnings || []);
  showTurn();
  resize();
  refresh();
}

/** Open the server's sample scene `name` (unless another scene was asked for meanwhile). */
export async function openSample(name) {
  const seq = ask(state, "scene");
  await job(state, async () => {
    try {
      const scene = await getSample(state.lang, name);
      if (!isCurrent(state, "scene", seq)) return; // another scene was asked for meanwhile
      setScene(scene, name);
      $("sample").value = name;
      say("loaded", { name }, "scene");
    } catch (e) {
      if (isCurrent(state, "scene", seq)) status(e.message, true, "scene", () => openSample(name));
    }
  });
}

/** Open a file chosen or dropped: a footfall scene, or a map the server imports. A file
 *  opened after another one, or after a sample was picked, wins; an earlier one still being
 *  read or imported is dropped when it arrives. */
export async function openFile(file) {
  const seq = ask(state, "scene");
  await job(state, async () => {
    try {
      // A map file carries its picture: the import limit, not the (smaller) question limit.
      const limit = (state.meta && state.meta.limits.import_bytes) || 2e7;
      if (file.size > limit) throw new Error(tr("file_too_large", { name: file.name, limit }));
      const text = await file.text();
      let data;
      try { data = JSON.parse(text); } catch (e) { throw new Error(tr("file_not_json", { name: file.name })); }
      const kind = fileKind(data);
      if (kind === null) throw new Error(tr("file_not_json", { name: file.name }));
      let scene, warnings = [];
      if (kind === "import") {
        // Not a footfall scene: let the server import it (Universal VTT / Foundry), if it can;
        // every warning it gives is shown under the map.
        const answer = await postImport(state.lang, importBody(data, $("system").value, file.name));
        scene = answer.scene;
        warnings = answer.warnings || [];
      } else {
        // Validate through the server, so a bad file says why at once; an embedded picture
        // (megabytes) is not sent, only put back.
        const sent = validateBody(data);
        scene = (await postValidate(state.lang, sent.body)).scene;
        if (sent.background !== undefined) scene.background = sent.background;
      }
      if (!isCurrent(state, "scene", seq)) return;
      setScene(scene, sceneNameOf(file.name), warnings);
      say("loaded", { name: file.name }, "scene");
    } catch (e) {
      if (isCurrent(state, "scene", seq)) status(e.message, true, "file", () => openFile(file));
    }
  });
}

/** Ask for a size and open an empty scene of the selected system. */
export function newScene() {
  const answer = window.prompt(tr("new_scene"), "20x15");
  if (!answer) return;
  const size = parseMapSize(answer);
  if (!size) return;
  stale(state, "scene"); // a sample or file still on its way must not replace the new scene
  setScene(blankScene($("system").value, size[0], size[1]), "scene");
}

function download(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  say("saved", { name }, "file");
}

/** Download the edited scene as JSON (the server writes nothing). */
export function saveScene() {
  download(new Blob([savedText(state.scene)], { type: "application/json" }), savedName(state.sceneName));
}

/** Download the server's drawing of the scene (reach bands, the hovered path, a legend). */
export async function savePicture() {
  await job(state, async () => {
    try {
      const blob = await postRender(state.lang, renderBody(state, mover(state) !== null));
      download(blob, (state.sceneName || "scene") + ".png");
    } catch (e) {
      status(e.message, true, "file");
    }
  });
}
