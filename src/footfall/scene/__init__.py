"""Battle maps with creatures on them: the scene model of SCENE.md, its JSON and text io.

Coordinates are ``(x, y)``: x the column (0 = left), y the row (0 = top). Numpy arrays built
from a scene are indexed ``[y, x]``. Grid points (for thin walls) are in square units, point
(0, 0) being the top-left corner of square (0, 0).

The package by concern:

- `footfall.scene.model`: the frozen records (`Scene`, `Creature`, `Fly`, `Wall`,
  `LegendEntry`) and the closed vocabularies (`Flag`, `Door`; sizes, armor, load and
  maneuverability are `footfall.rules`' enums), the default legend;
- `footfall.scene.vocabulary`: what each system lets a scene say (sizes and spaces, flight
  classes, terrain names, speed rules), read from its data file;
- `footfall.scene.values`: exact reading of JSON values, and `Where` a bad one sits;
- `footfall.scene.document`: the JSON form (SCENE.md), read (`parse_scene`) and written
  (`scene_to_json`), and `validate` for scenes built in code;
- `footfall.scene.validation`: where creatures may stand (on the map, on open squares, alone);
- `footfall.scene.text_map`: the plain-text map format (docs/scenes.md), read and written;
- `footfall.scene.files`: scene files and texts (JSON or text map), through
  `footfall.untrusted`;
- `footfall.scene.layers`: numpy views of the map (terrain index, masks, clearances);
- `footfall.scene.walls`: thin-wall geometry (`thin_wall_exits`, exact and fast);
- `footfall.scene.samples`: the sample scenes shipped with footfall.

Readers take ``limits`` (`footfall.limits.Limits`, keyword): the HTTP API passes its
stricter record. Errors are catalog entries ``error.scene.*`` (``i18n/errors_scene.toml``)
naming JSON keys and text-map lines.

>>> scene = parse_scene({"footfall": 1, "system": "pf1e", "map": [".^"]})
>>> scene.legend["^"].flags == {Flag.DIFFICULT}
True
"""

from __future__ import annotations

from footfall.scene.document import (
    dump_scene,
    parse_scene,
    scene_json_text,
    scene_to_json,
    validate,
)
from footfall.scene.files import TEXT_EXTENSIONS, load_scene, parse_scene_text
from footfall.scene.model import (
    DEFAULT_LEGEND,
    FORMAT_VERSION,
    Creature,
    CreatureSize,
    Door,
    Flag,
    Fly,
    LegendEntry,
    Point,
    Scene,
    Side,
    Wall,
    creature,
    occupied_squares,
)
from footfall.scene.samples import list_samples, load_sample
from footfall.scene.text_map import parse_text_map, scene_to_text
from footfall.scene.vocabulary import footprint, size_table

__all__ = [
    "DEFAULT_LEGEND",
    "FORMAT_VERSION",
    "TEXT_EXTENSIONS",
    "Creature",
    "CreatureSize",
    "Door",
    "Flag",
    "Fly",
    "LegendEntry",
    "Point",
    "Scene",
    "Side",
    "Wall",
    "creature",
    "dump_scene",
    "footprint",
    "list_samples",
    "load_sample",
    "load_scene",
    "occupied_squares",
    "parse_scene",
    "parse_scene_text",
    "parse_text_map",
    "scene_json_text",
    "scene_to_json",
    "scene_to_text",
    "size_table",
    "validate",
]
