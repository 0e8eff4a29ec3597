// The document's side of the page: finding an element, the page's words in its language, and
// the status line (who wrote it, so that an answer clears only its own kind's message).
import { state } from "./state.js";
import { translate, documentLang, relanguage } from "./labels.js";

/** The element with id `id`. */
export const $ = (id) => document.getElementById(id);

/** Translate `key` into the page's language. */
export function tr(key, values) {
  return translate(state.lang, key, values);
}

/** Show `message` on the status line, written by `source` ("reach", "file" ...): an answer
 *  may clear only its own kind's message, never one the user has not read yet from something
 *  else (e.g. "Opened saved.json", or a file's error, shown while a reach answer is on its way).
 *  The line keeps the language it was said in (its `lang` attribute) until the next one;
 *  when the language is switched (`restatus`), `again` asks the server again (a question that
 *  changes nothing, or a refused change sent again pinned to the version it was refused at),
 *  and `make` makes a page-made line again in the new language (a refusal the page words). */
export function status(message, isError, source, again, make) {
  const el = $("status");
  el.textContent = message || "";
  el.classList.toggle("error", !!isError);
  el.dataset.source = message ? source || "" : "";
  el.lang = documentLang(state.lang);
  state.said = null;
  state.shown = message ? { message, lang: state.lang, again: again || null, make: make || null, isError: !!isError, source: source || "", said: false } : null;
}

/** Show a page message (not a server's): said again in the new language when it is switched. */
export function say(key, values, source) {
  status(tr(key, values), false, source);
  state.said = { key, values, source };
  if (state.shown) state.shown.said = true;
}

/** Show a line the page makes with `make()` (in the page's language), made again in the new
 *  language when it is switched: a refusal the page words (a token placed on a wall). */
export function refuse(make, source, again) {
  status(make(), true, source, again, make);
}

/** Say the status line again in the page's (new) language: a page message from its key, a
 *  refusal asked again or made again (labels.js `relanguage`). */
export function restatus() {
  const shown = state.shown;
  const how = relanguage(shown, state.lang);
  if (how === "say") say(state.said.key, state.said.values, state.said.source);
  else if (how === "ask") shown.again();
  else if (how === "make") status(shown.make(), shown.isError, shown.source, shown.again, shown.make);
}

/** Clear the status line if `source` wrote it. */
export function clearStatus(source) {
  if ($("status").dataset.source === source) status("");
}
