// Which interpretation switches the page shows: only those that change the answers on screen
// (issue 14). Each switch of /api/meta names its `topic` (tactical, travel, flight, chase,
// forced) and, where it changes the answers only if the question has something, `when`
// (systems/*.toml; docs/i18n.md, "Switches shown"). Pure: tests/js/switches.test.mjs.

/** The topic a switch changes; a switch without one (an older server) is a map switch. */
function topicOf(it) {
  return it.topic || "tactical";
}

/** Whether switch `it` of system entry `sm` changes the answers of `view` (see shownSwitches).
 *  A condition the page does not know keeps the switch shown: never hide one that may matter. */
export function switchApplies(sm, it, view) {
  const creatures = view.creatures || [];
  switch (it.when) {
    case undefined:
    case null:
      return true;
    case "action": // run_straight: only under an action that names it (a run)
      return (view.actions || []).some((id) => ((sm.actions.find((a) => a.id === id) || {}).switches || []).includes(it.name));
    case "tiny-creature": // tiny_end: only a fine, diminutive or tiny creature ends in another's space
      return creatures.some((c) => (sm.tiny_sizes || []).includes(c.size));
    case "two-sides": // squeeze_past: only with an enemy to pass
      return new Set(creatures.map((c) => c.side)).size >= 2;
    case "forced-march": // forced_march_dc: only a plan with hours of forced march
      return Number(view.forcedMarch || 0) > 0;
    default:
      return true;
  }
}

/** The switches of `sm` that change the answers of `view`, in the data's order. `view`:
 *  `topic` the panel on screen ("tactical": the map's reach, paths and checks; "travel": the
 *  planner), `actions` the action ids asked, `creatures` the scene's, `forcedMarch` the hours
 *  of forced march planned. */
export function shownSwitches(sm, view) {
  if (!sm) return [];
  return sm.interpretations.filter((it) => topicOf(it) === view.topic && switchApplies(sm, it, view));
}
