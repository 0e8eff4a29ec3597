// Small /api/meta entries shaped like the server's (GET /api/meta), for the page's tests.

export const PF1E = {
  id: "pf1e",
  name: "Pathfinder RPG 1e",
  unit: "ft",
  speed_field: "speed",
  default_size: "medium",
  default_speed: 30,
  sizes: { small: 1, medium: 1, large: 2, huge: 3 },
  terrains: {},
  actions: [
    { id: "move", label: "move", distance: false },
    { id: "double-move", label: "double move", distance: false },
    { id: "run", label: "run", distance: false },
    { id: "5-foot-step", label: "5-foot step", distance: false },
  ],
  default_action: "move",
  band_actions: ["move", "double-move", "run"],
  interpretations: [
    { name: "hampered_diagonal", default: "as-diagonals", choices: ["as-diagonals", "multiply"] },
  ],
};

export const DH2E = {
  id: "dh2e",
  name: "Dark Heresy 2e",
  unit: "m",
  speed_field: "agility_bonus",
  default_size: "medium",
  default_speed: 0,
  sizes: { medium: 1, large: 2 },
  terrains: { smoke: "smoke or fog", mud: "mud" },
  actions: [
    { id: "half-move", label: "half move", distance: false },
    { id: "full-move", label: "full move", distance: false },
  ],
  default_action: "full-move",
  band_actions: ["half-move", "full-move", "run"],
  interpretations: [
    { name: "diagonal", default: "equidistant", choices: ["equidistant", "alternating", "euclidean"] },
  ],
};

export const DRAWSTEEL = {
  id: "drawsteel",
  name: "Draw Steel",
  unit: "squares",
  speed_field: "speed",
  default_size: "1M",
  default_speed: 5,
  sizes: { "1M": 1, 2: 2 },
  terrains: {},
  actions: [
    { id: "advance", label: "advance", distance: false },
    { id: "shift", label: "shift", distance: true },
  ],
  default_action: "advance",
  band_actions: [],
  interpretations: [],
};

export const META = {
  limits: { import_bytes: 20000000 },
  default_scene: "goblin-ambush",
  default_mover: "ogre",
  legend: { ".": [], "#": ["wall"], "^": ["difficult"], o: ["obstacle"] },
  systems: [PF1E, DH2E, DRAWSTEEL],
};

/** A fresh small pf1e scene: a 6 x 4 map, a wall square, valeros (medium) and an ogre (large). */
export function pfScene() {
  return {
    footfall: 1,
    system: "pf1e",
    map: ["......", "..#...", "......", "......"],
    walls: [{ from: [4, 0], to: [4, 2] }],
    creatures: [
      { id: "valeros", at: [0, 0], size: "medium", side: "party", speed: 30 },
      { id: "ogre", at: [3, 2], size: "large", side: "foes", speed: 40 },
    ],
  };
}
