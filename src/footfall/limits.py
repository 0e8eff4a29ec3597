"""Every bound footfall puts on its input and its work, in one record.

`Limits` holds the size, work and value bounds that the library, the CLI and the HTTP API
enforce; `LIMITS` is the library's (and the CLI's) default. A front-end that serves others
passes a tighter record (``footfall serve`` uses `Limits.server`, `SERVER_LIMITS`), and each
bound is checked before the work it limits, from cheap facts (a file's size, a count, a header).

Three kinds of field:

- sizes of what footfall reads (bytes, squares, walls, creatures, steps);
- work a query may ask for (search states, odds checks, region rasterising);
- bounds of values, far past anything printed in a rule book, so that a typo (a speed of
  10^20) is refused with one line instead of overflowing a cost or a display float. Each
  names its source where the bound comes from a rule.

Refusing: a size or work bound raises `footfall.errors.LimitError` (HTTP 413); a value bound
raises `footfall.errors.InputError` (HTTP 400).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

__all__ = ["LIMITS", "SERVER_FIELDS", "SERVER_LIMITS", "Limits"]

_FT_PER_SQUARE = 5


@dataclass(frozen=True, slots=True, kw_only=True)
class Limits:
    """Bounds on input and work; see the module docstring. Every field is a plain number."""

    # ---------------------------------------------------------------- scenes (SCENE.md)
    squares: int = 4_000_000
    """Largest map, in squares (width x height); larger raises `LimitError`."""
    walls: int = 100_000
    """Most thin walls one scene may hold."""
    creatures: int = 10_000
    """Most creatures one scene may hold."""
    speed: int = 100_000
    """Largest speed, Agility or Toughness Bonus a creature may have (far past any printed
    one): larger values raise `LimitError` instead of overflowing the search's costs."""
    height_ft: int = 100_000
    """Highest altitude or ceiling, in ft."""
    digits: int = 4300
    """Most digits in one number of a scene: Python's own limit for reading an int from text
    (``sys.get_int_max_str_digits``); a longer one is refused before it is converted."""
    min_square: Fraction = Fraction(1, 100)
    """Smallest side of a grid square (``square``), in the system's unit: a 1-inch square."""
    max_square: int = 1000
    """Largest side of a grid square: a 1000-ft overland square."""
    square_denominator: int = 1000
    """Largest denominator of ``square`` (three decimal places, thirds, sevenths...)."""
    id_chars: int = 100
    """Longest creature id or side, in characters; an id is also printable, with no control
    character or line break (docs/scenes.md, "Identifiers"). A 100,000-character
    id took 8 s to draw in a picture's legend."""

    # ---------------------------------------------------------------- files
    scene_bytes: int = 64 * 1024 * 1024
    """Largest scene file read: a 4,000,000-square map with walls fits well under it."""
    journey_bytes: int = 16 * 1024 * 1024
    """Largest journey file read: a thousand legs are under 100 KB."""
    map_bytes: int = 32 * 1024 * 1024
    """Largest overland map file read: `cells` one-character cells are 4 MB of text."""
    import_bytes: int = 200 * 1024 * 1024
    """Largest map export read (a Universal VTT file carries its image in base64)."""
    path_quote: int = 240
    """Longest file path an error line quotes whole (a hostile long path is shortened)."""

    # ---------------------------------------------------------------- overland routes
    cells: int = 4_000_000
    """Largest overland map searched, in cells."""
    cell_size: int = 1000
    """Largest cell side, in the map's unit (past it, hours overflow a display float)."""

    # ---------------------------------------------------------------- imports and pictures
    import_squares: int = 1_000_000
    """Largest imported map, in squares (1000 x 1000)."""
    import_walls: int = 100_000
    """Most wall segments one imported map may produce."""
    region_work: int = 200_000_000
    """Most work the Foundry regions of one scene may take (about 10 s under load)."""
    pixels: int = 40_000_000
    """Largest picture drawn, width x height in pixels."""

    # ---------------------------------------------------------------- forced movement
    forced_work: int = 150_000
    """Most straight-line steps (push, pull) or states (slide) one listing of a forced
    movement's outcomes may try (a few seconds in Python); a given path is always played."""

    # ---------------------------------------------------------------- flight (dnd35)
    flight_work: int = 400_000
    """Most search states expanded for one flight query in Python."""
    flight_compiled_work: int = 4_000_000
    """Most search states the compiled flight kernel expands for one query (~20 bytes each)."""
    flight_budget_ft: int = 240
    """Longest flight searched, ft (twice a 120-ft fly speed)."""
    flight_steps: int = 1000
    """Longest flight path checked, in steps."""
    since_ft: int = 10_000
    """Largest distance flown since the last turn or dive a flyer's state may start with."""
    fall_alt_ft: int = 100_000
    """Highest altitude a stall is worked out from (about 330 rounds of falling)."""
    min_reflex: int = -20
    """Lowest Reflex save bonus taken (far past any creature's)."""
    max_reflex: int = 100
    """Highest Reflex save bonus taken."""
    stall_rounds: int = 1_000
    """Most rounds "the odds of recovering within N rounds" is asked for."""

    # ---------------------------------------------------------------- journeys, odds, chases
    current_mph: int = 100
    """Fastest river current, mi/h: the seeds' usual current is 3 (seed 000 note **, seed 004
    note 2); the fastest rivers run under 10, 100 leaves room for magic."""
    min_con_mod: int = -10
    """Lowest Constitution modifier: (score - 10) / 2 rounded down (PF Core Rulebook, 3.5
    Player's Handbook, "Ability Modifiers"): a score of 1 gives -5; -10 leaves room for drain."""
    max_con_mod: int = 30
    """Highest Constitution modifier: a score of 70, past any creature printed, gives +30."""
    min_modifier: int = -10
    """Lowest chase check modifier (Dexterity or Constitution), as `min_con_mod`."""
    max_modifier: int = 30
    """Highest chase check modifier, as `max_con_mod`."""
    trip_hours: int = 200_000
    """Longest trip planned hour by hour (overland, or a local walk in minutes), in hours."""
    odds_days: int = 365
    """Longest run of the same exertion whose odds are computed, in days (a year)."""
    party: int = 20
    """Most members of a party whose odds are computed one by one."""
    odds_checks: int = 256
    """Most checks (forced-march hours, dh2e Toughness tests) whose joint odds are computed."""
    seed: int = 2**63 - 1
    """Largest seed of a reproducible roll: the largest signed 64-bit integer."""

    token_digits: int = 100
    """Most digits of one number in a typed path (a coordinate, a flight step): no map is
    4,000,000 squares wide, so a longer number is refused before `int` reads it."""

    # ---------------------------------------------------------------- rates
    bonus: int = 30
    """Largest Agility or Toughness Bonus: a characteristic of 100 (bonus 10) plus +20 of
    unnatural characteristics; the seed table stops at AB 10 (seed 001)."""
    d20_speed: int = 100_000
    """Largest pf1e / dnd35 speed in ft, as `speed` (10000 mi/h overland)."""

    # ---------------------------------------------------------------- encounters (TURN.md)
    encounter_moves: int = 200
    """Most moves one turn of an encounter may hold (a drag of 200 pieces is far past play)."""
    encounter_log: int = 1000
    """Most finished turns an encounter's log keeps; older turns are dropped from it."""
    encounter_title: int = 200
    """Longest encounter title, in characters."""
    encounters: int = 10_000
    """Most encounters one store holds; creating one more is refused."""
    encounter_connections: int = 4
    """Most connections one process keeps to a PostgreSQL encounter store (its pool): a
    change waits for a free one, at most `encounter_wait_seconds`."""
    encounter_wait_seconds: float = 30.0
    """Longest a change waits for a free connection of the PostgreSQL store's pool."""
    # ---------------------------------------------------------------- the HTTP server
    # Read by `footfall.api` only (docs/api.md, "Limits"); `Limits.server` is its record.
    body_bytes: int = 2_000_000
    """Largest request body the server accepts (413 beyond); `import_bytes` for the two
    endpoints that carry a picture (``/api/import``, ``/api/render``)."""
    map_side: int = 500
    """Largest map width or height in squares the server takes (scenes, overland maps, imports,
    terrain overlays)."""
    path_squares: int = 2_000
    """Most squares in a path to check, or waypoints of a path, in one request."""
    path_work: int = 5_000_000
    """Most squares a ``/api/path`` request may search: its legs (waypoints + 1) times the
    map's squares, checked before searching (each leg is one search, up to the whole map:
    about 60 ms on a 500x500 map, so 20 legs there, 2000 waypoints on a 50x49 map)."""
    legs: int = 200
    """Most legs of a journey in one request."""
    leg_distance: int = 10_000
    """Longest leg of a journey in one request, in miles or km."""
    flight_ends: int = 100_000
    """Most ends (square, altitude, facing) a ``/api/flight/reach`` answer may list: a free
    turner's search lists 8 facings a place, and writing 200,000 ends takes longer than the
    search (about 14 MB of JSON)."""
    scene_cache: int = 32
    """Parsed scenes the server keeps for reuse (a page asks many questions of one scene);
    0 = none. Not a bound on a request. Their bytes are bounded too (`footfall.bytecache`)."""
    json_depth: int = 64
    """Deepest nesting of a request's JSON (a scene is 5 deep); deeper is a 413 before any
    model reads it."""
    picture_pixels: int = 178_956_970
    """Largest background picture a ``/api/render`` scene carries, width x height in pixels,
    read from the picture's header before it is decoded (a 13000x13000 picture of 877 KB
    decoded to 1.4 GB). The library's bound is Pillow's own (twice ``MAX_IMAGE_PIXELS``); the
    server's 40,000,000."""
    pixels_in_flight: int = 400_000_000
    """Most picture pixels one process decodes at once, over all its threads (the server's
    requests: 80,000,000, about 320 MB); a request waits up to `query_seconds` for room, then
    is refused. One picture alone is always let through."""
    query_seconds: int = 20
    """Wall time one query may take, waiting for a compute thread included: past it the answer
    is a 503 at once; the computation (bounded by the work limits) ends in the background and
    its answer is dropped."""
    header_seconds: int = 10
    """Time a client has to send a request's headers, from the connection's opening (or the end
    of the previous request); past it the connection is closed."""
    body_seconds: int = 60
    """Time a client has to send a request's body once its headers are in; past it, a 408 and
    the connection closed."""
    body_chunks: int = 1_000
    """Pieces (chunks, or reads of a trickled body) a request's body may arrive in freely; past
    them its pieces must average `body_piece_bytes`, else a 413 and the connection closed: each
    piece costs the event loop a parser step, whatever its size."""
    body_piece_bytes: int = 512
    """Least average size of a body's pieces past `body_chunks` of them (a TCP segment is 536
    to 1460 bytes however slow the link; a flood of one-byte chunks averages 1)."""
    keep_alive_seconds: int = 5
    """Time an idle kept-alive connection stays open between requests."""
    header_bytes: int = 65_536
    """Largest request line and headers, in bytes (431 beyond)."""
    requests: int = 64
    """Requests one worker process works on at once; more are answered 503 at once."""
    shutdown_seconds: int = 30
    """On SIGTERM or Ctrl+C, time the requests in progress have to finish."""

    @classmethod
    def server(cls, **bounds: int) -> Limits:
        """Return the HTTP server's record (`SERVER_LIMITS`), with `bounds` replaced.

        The server shares the library's fields where it bounds the same thing, tighter:

        - `creatures` 500 and `walls` 5,000 a scene;
        - `import_bytes` 20,000,000: the body of ``/api/import`` and ``/api/render`` (a map
          export and its picture, in base64);
        - `flight_work` 1,100,000 states a flight search may expand, whichever engine runs
          it (about a second compiled, docs/api.md "Limits"), so `flight_compiled_work` is
          the same bound;
        - an import's `import_squares` 250,000 (`map_side` squared) and `import_walls` 5,000
          (`walls`), checked from the file's header and counts before any rasterising, and
          `region_work` 20,000,000 (about a second).

        >>> Limits.server().walls, Limits.server(walls=10).walls, LIMITS.walls
        (5000, 10, 100000)
        """
        return replace(SERVER_LIMITS, **bounds)  # type: ignore[arg-type]

    @property
    def steel_speed(self) -> int:
        """Largest Draw Steel speed in squares: `d20_speed` in 5-ft squares (Draw Steel
        Heroes, "Movement": a square is 5 feet)."""
        return self.d20_speed // _FT_PER_SQUARE

    def tighter(self, **bounds: int) -> Limits:
        """Return a copy with some bounds replaced (a server's stricter record)."""
        return replace(self, **bounds)  # type: ignore[arg-type]


#: The library's and the CLI's bounds.
LIMITS = Limits()

#: The HTTP server's bounds (``footfall serve``, `footfall.api.create_app`'s default).
SERVER_LIMITS = Limits(
    creatures=500,
    walls=5_000,
    import_bytes=20_000_000,
    import_squares=250_000,
    import_walls=5_000,
    region_work=20_000_000,
    picture_pixels=40_000_000,
    pixels_in_flight=80_000_000,
    flight_work=1_100_000,
    flight_compiled_work=1_100_000,
)

#: The bounds the server holds a request to, in the order ``GET /api/limits`` lists them.
SERVER_FIELDS = (
    "body_bytes",
    "import_bytes",
    "map_side",
    "creatures",
    "walls",
    "path_squares",
    "path_work",
    "legs",
    "leg_distance",
    "flight_work",
    "flight_ends",
    "json_depth",
    "id_chars",
    "picture_pixels",
    "pixels_in_flight",
    "query_seconds",
    "header_seconds",
    "body_seconds",
    "body_chunks",
    "body_piece_bytes",
    "keep_alive_seconds",
    "header_bytes",
    "requests",
    "shutdown_seconds",
    "scene_cache",
)
