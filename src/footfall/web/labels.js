// The page's words: a catalog key in one language, a terrain flag named, a cost, a path step,
// a journey's total written out. Pure: values in, strings out (tests/js/labels.test.mjs).
// Numbers are written as the API gives them, with the decimal comma in Russian (numText); a
// count agrees with its noun (plural, as footfall.i18n.plural); units come from the catalog.
import { I18N } from "./i18n.js";

/** The language to use for `asked` (a `?lang=` value): one of the catalog's, else English. */
export function pickLang(asked) {
  return asked && Object.hasOwn(I18N, asked) ? asked : "en";
}

/**
 * The page's first language: the URL's `lang` when the catalog has it, else the first of the
 * browser's languages (`navigator.languages`, "ru-RU", "zh-CN") the catalog has, else English.
 */
export function browserLang(asked, languages) {
  if (asked && Object.hasOwn(I18N, asked)) return asked;
  for (const tag of languages || []) {
    const code = String(tag).split("-")[0].toLowerCase();
    if (Object.hasOwn(I18N, code)) return code;
  }
  return "en";
}

/** The document's `lang` attribute for a page language (Chinese labels are Simplified). */
export function documentLang(lang) {
  return lang === "zh" ? "zh-Hans" : lang;
}

/**
 * What the status line needs when the page's language becomes `lang` (`shown` as page.js
 * `status` keeps it: the message, the language it was said in, `said` for a page message,
 * `again` for a server's refusal, `make` for a line the page made): "none" (nothing shown, or
 * already in `lang`), "say" (a page message, said again from its key), "ask" (a server's
 * refusal asked again, so it comes back in `lang` with its fields: a question that changes
 * nothing, or a refused change sent again pinned to the version it was refused at, which the
 * server refuses the same way), "make" (a refusal the page words itself, made again), "keep"
 * (nothing to say it again with: a network failure, a stale or failed change; it stays in the
 * language it was said in until the next answer).
 */
export function relanguage(shown, lang) {
  if (!shown || !shown.message || shown.lang === lang) return "none";
  if (shown.said) return "say";
  if (shown.again) return "ask";
  return shown.make ? "make" : "keep";
}

/**
 * Whether a refused change may be sent again to say its refusal in another language: only a
 * refusal the server gives again the same way for the same request at the same version, the
 * rules' refusal (422) or a bad value (400), and an unknown encounter (404). Never a stale
 * version (409: the page reads the encounter again), a limit, a server failure or a network
 * error, which a second try could turn into a change.
 */
export function reaskable(err) {
  return !!err && (err.status === 400 || err.status === 404 || err.status === 422);
}

/** Translate `key` into `lang` (English, else the key itself, when missing), filling its
 *  placeholders from `values` as footfall.i18n's catalog does (docs/i18n.md): `{name}` the
 *  value (a number, or a number's text, in the language's way: `numText`; a function is
 *  called); `{count:plural:one|few|many}` the form agreeing with value `count` (`plural`; no
 *  count: the last form); `{unit:agree:count}` value `unit` (a function, a unit's word:
 *  `unitWord`) called with value `count`, so the unit agrees with that count. */
export function translate(lang, key, values) {
  const table = Object.hasOwn(I18N, lang) ? I18N[lang] : I18N.en;
  const s = Object.hasOwn(table, key) ? table[key] : Object.hasOwn(I18N.en, key) ? I18N.en[key] : key;
  const has = (k) => !!values && Object.hasOwn(values, k);
  return s.replace(/\{(\w+)(?::plural:([^{}]*)|:agree:(\w+))?\}/g, (all, name, forms, count) => {
    if (forms !== undefined) {
      const list = forms.split("|");
      return has(name) ? plural(lang, values[name], list) : list[list.length - 1];
    }
    if (!has(name)) return all;
    const v = values[name];
    if (typeof v === "function") return String(count !== undefined ? v(has(count) ? values[count] : undefined) : v());
    return numText(lang, v);
  });
}

/** A value as `lang` writes it: a number, or a number's text ("2.5"), with the decimal comma
 *  in Russian ("2,5"); anything else as it is (footfall.units.localize_decimal). */
export function numText(lang, v) {
  const text = String(v);
  if (lang !== "ru" || !(typeof v === "number" || /^[+-]?\d+\.\d+$/.test(text))) return text;
  return text.replace(".", ",");
}

// A count as a whole number, or null for a fraction (footfall.i18n._whole): a number, or a
// number's text as shown ("2,5", "30"), or a word() whose text is one.
function whole(count) {
  if (typeof count === "boolean") return Number(count);
  if (typeof count === "number") return Number.isInteger(count) ? count : null;
  if (typeof count === "bigint") return Number(count);
  const text = String(count).trim().replace(/[\u00a0 ]/g, "");
  return /^[+-]?\d+(?:_\d+)*$/.test(text) ? Number(text.replace(/_/g, "")) : null;
}

/**
 * The form of a noun that agrees with `count` in `lang` (without the number), as
 * footfall.i18n.plural: `forms` en one|other; ru one|few|many (1 клетка, 2 клетки, 5 клеток,
 * 21 клетка, 11 клеток; a fraction takes the few form: 1,5 клетки); zh one form (no plural).
 * CLDR plural rules. The wrong number of forms for ru or en is an error.
 */
export function plural(lang, count, forms) {
  const n0 = whole(count);
  if (lang === "ru") {
    if (forms.length !== 3) throw new Error(`Russian plural needs 3 forms (one|few|many), got ${forms.length}`);
    if (n0 === null) return forms[1];
    const n = Math.abs(n0);
    if (n % 10 === 1 && n % 100 !== 11) return forms[0];
    if (n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14)) return forms[1];
    return forms[2];
  }
  if (lang === "en") {
    if (forms.length !== 2) throw new Error(`English plural needs 2 forms (one|other), got ${forms.length}`);
    return n0 !== null && Math.abs(n0) === 1 ? forms[0] : forms[1];
  }
  return forms[0];
}

/** Items joined as a list in `tr`'s language: ", " (Chinese: 、, seed 004's list comma). */
export function listText(tr, items) {
  return items.join(tr("list_sep"));
}

/** Each shaded band's count, "(one move 5, two moves 3)"; Chinese "(一次移动 5、两次移动 3)".
 *  `shares` is play.js `bandCounts`: [band index from 0, squares] (2 and beyond: a run). */
export function bandShares(tr, shares) {
  const items = shares.map(([b, k]) => tr("band_share", { band: tr("band" + (Math.min(b, 2) + 1)), n: k }));
  return tr("band_shares", { list: listText(tr, items) });
}

/** The unit's name ("ft", "squares" ...) in `tr`'s language, agreeing with `n` when given
 *  (1 клетка, 2 клетки, 5 клеток; an abbreviation, фт, stays as it is); without `n`, the
 *  plural ("клеток"). */
export function unitLabel(tr, unit, n) {
  return tr("unit_" + unit, n === undefined ? undefined : { n });
}

/** The unit `unit` as a value of a catalog text's `{unit:agree:count}`: its word for the count. */
export function unitWord(tr, unit) {
  return (n) => unitLabel(tr, unit, n);
}

/** A number and its unit in `tr`'s language: "1 клетка", "2,5 м", "30 ft". */
export function amount(tr, n, unit) {
  return tr("amount", { n, unit: unitWord(tr, unit) });
}

/** Name one flag of a legend entry: a terrain flag, "width:FT" / "height:FT" (a narrow or low
 *  square) or "terrain:ID" (a dh2e terrain, named by the system's `terrains`). */
export function flagName(tr, flag, terrains) {
  if (flag.startsWith("width:")) return tr("narrow", { ft: flag.slice(6) });
  if (flag.startsWith("height:")) return tr("low", { ft: flag.slice(7) });
  if (!flag.startsWith("terrain:")) return tr(flag);
  const id = flag.slice(8);
  return (terrains && terrains[id]) || id;
}

/** Name a legend entry (its flags joined by " + "; no flag is open ground). */
export function legendName(tr, flags, terrains) {
  return flags.length ? flags.map((f) => flagName(tr, f, terrains)).join(" + ") : tr("open_ground");
}

/** One line of a path's breakdown: "(x,y) +cost = total — notes" (numbers in `lang`'s way). */
export function stepLine(s, lang) {
  const at = s.at || s.to || s.square;
  const notes = [].concat(s.why || [], s.notes || [], s.reasons || []).map((n) => (typeof n === "string" ? n : n.label || n.message || n.rule || JSON.stringify(n)));
  const cost = s.cost !== undefined ? s.cost : s.step_cost;
  const num = (v) => numText(lang || "en", v);
  return "(" + (at ? at.join(",") : "?") + ") +" + num(cost) + (s.total !== undefined ? " = " + num(s.total) : "") + (notes.length ? " — " + notes.join("; ") : "");
}

/** The hovered path's heading: `{text, cost}` (cost "" unless a path was found). `res` is a
 *  /api/path answer, `{error}` for a failed question, or null for no question. */
export function pathHeading(tr, res) {
  if (!res) return { text: "—", cost: "" };
  if (res.error) return { text: res.error, cost: "" };
  if (!res.found) return { text: tr("no_path") + (res.reason ? ": " + res.reason : ""), cost: "" };
  return { text: "(" + res.to.join(",") + ") " + tr("cost") + " " + amount(tr, res.cost, res.unit), cost: String(res.cost) };
}

/** A checked path's verdict: "Legal — cost 30 ft". */
export function checkHeading(tr, res) {
  return (res.legal ? tr("legal") : tr("illegal")) + " — " + tr("cost") + " " + amount(tr, res.cost, res.unit);
}

/** The notes an answer carries besides its steps: what it provokes, the terrain test it needs. */
export function answerNotes(res) {
  const out = (res.provokes || []).map((p) => "⚔ " + p.message);
  if (res.test) out.push("🎲 " + res.test.message);
  return out;
}

/** A journey's total line (with the day and hour fatigue sets in, if it does). */
export function travelTotal(tr, res) {
  let text = tr("total", { distance: res.total.distance, unit: unitWord(tr, res.unit), hours: res.total.hours, days: res.total.days });
  if (res.fatigued_from) text += " " + tr("fatigued", res.fatigued_from);
  return text;
}

/** An id as the tail of a catalog key: "as-diagonals" -> "as_diagonals", "1T" -> "1t". */
export function keyPart(id) {
  return String(id).toLowerCase().replace(/[^a-z0-9]+/g, "_");
}

// The catalog's words for `key`, or `fallback` when the catalog has no such key (an id the
// page has no words for, a sample of the server's own, a system's new switch).
function wordsOr(tr, key, fallback) {
  const s = tr(key);
  return s === key ? fallback : s;
}

/** A value the user picks, in words: a size ("medium", "1M"), a side ("party"), an armor
 *  ("heavy"), a maneuverability ("good"); a value without words stays as it is ("2", "guards"). */
export function sizeName(tr, size) {
  return wordsOr(tr, "size_" + keyPart(size), String(size));
}
export function sideName(tr, side) {
  return wordsOr(tr, "side_" + keyPart(side), String(side));
}
export function armorName(tr, armor) {
  return wordsOr(tr, "armor_" + keyPart(armor), String(armor));
}
export function maneuverabilityName(tr, m) {
  return wordsOr(tr, "man_" + keyPart(m), String(m));
}

/** A sample scene's title in the language (`s` as /api/scenes lists it: name, title, system);
 *  a scene the catalog does not know keeps its own title. */
export function sampleName(tr, s) {
  return wordsOr(tr, "sample_" + keyPart(s.name), s.title || s.name);
}

/** An interpretation switch (an /api/meta `interpretations` entry) in words, its one-line
 *  explanation of what it changes, and one of its choices in words; a switch the catalog does
 *  not know keeps its id and the server's description. */
export function switchName(tr, it) {
  return wordsOr(tr, "sw_" + keyPart(it.name), it.name);
}
export function switchHelp(tr, it) {
  return wordsOr(tr, "sw_" + keyPart(it.name) + "_help", it.description || "");
}
export function choiceName(tr, it, choice) {
  return wordsOr(tr, "ch_" + keyPart(it.name) + "_" + keyPart(choice), choice);
}

/** Menu entries: a system, a sample scene, a mover, an interpretation's choice (the default
 *  marked "*"). Given the page's translator `tr`, the values are in words; without, as typed. */
export function systemOption(s) {
  return s.name + " (" + s.id + ")";
}
export function sampleOption(s, tr) {
  return (tr ? sampleName(tr, s) : s.title || s.name) + " — " + s.system;
}
export function moverOption(c, tr) {
  return c.id + " (" + (tr ? sideName(tr, c.side) : c.side) + ")";
}
export function choiceOption(choice, interpretation, tr) {
  return (tr ? choiceName(tr, interpretation, choice) : choice) + (choice === interpretation.default ? " *" : "");
}
