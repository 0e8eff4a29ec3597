"""Read and write a flight path: the step notation and the 3-D squares notation.

Steps (spaces or commas between them; numbers are optional)::

    f / forward [N]     N squares forward, level (default 1)
    b / back [N]        N squares backward, facing unchanged
    bc / bd [FT]        one square backward, climbing / descending FT ft (default 5)
    c / climb [FT]      one square forward, climbing FT ft (default 5)
    d / dive [FT]       one square forward, descending FT ft (default 5)
    up [FT] / down [FT] straight up or down FT ft (default 5)
    l / left [DEG]      turn left DEG degrees (45, 90, 135, 180; default 45)
    r / right [DEG]     turn right; what the turn rate does not cover is turned in place
    pl / pr [DEG]       turn left / right entirely in place (急转弯)
    h / hover           stay in place (盘旋)

3-D squares are ``X,Y,ALT`` (ALT in ft) after the start, each a neighbour of the previous
one (or the same square higher or lower): moving in another direction than the facing is a
turn toward it and a step forward; moving straight back is backward flight when the class
can fly backward, else a 180° turn.

`parse_steps` and `parse_squares` read them (each step numbered by the token or square it
came from, so a verdict can point at it); `format_steps` writes steps back, as ``fly path``
shows the flight it found.
"""

from __future__ import annotations

import re

from footfall.errors import InputError, LimitError, Param
from footfall.flight.model import DELTAS, FlightState, Flyer, Step, StepKind
from footfall.limits import LIMITS, Limits

__all__ = ["format_steps", "parse_squares", "parse_steps"]

#: One step token (compiled by `re` on the first parse: ``fly reach`` reads no steps).
_TOKEN = r"^(forward|back|climb|dive|up|down|left|right|hover|pl|pr|bc|bd|f|b|c|d|l|r|h)(\d+)?$"
_ALIASES = {
    "forward": "f",
    "back": "b",
    "climb": "c",
    "dive": "d",
    "left": "l",
    "right": "r",
    "hover": "h",
}
#: The step words, short first, as the unknown-step message lists them.
_WORDS = ("f", "b", "c", "d", "bc", "bd", "up", "down", "l", "r", "pl", "pr", "h")
#: Where the steps and the squares come from (the CLI's --steps and --path, the API's fields).
_STEPS, _SQUARES = Param("steps"), Param("path")


def _short(token: str) -> str:
    """Return `token` quoted and cut to 20 characters for a one-line message."""
    return repr(token if len(token) <= 20 else token[:17] + "...")


def _tokens(text: str) -> list[str]:
    return [tok for tok in re.split(r"[\s,;]+", text.strip()) if tok]


def _feet(token: str, value: int) -> int:
    if value <= 0 or value % 5:
        raise InputError("error.flight.step-height", param=_STEPS, value=token)
    return value


def _step(token: str, word: str, arg: int | None, limits: Limits) -> list[Step]:
    """Return the steps of one token: its `word` (aliases resolved) and its number `arg`."""
    if word in ("f", "b"):
        count = 1 if arg is None else arg
        if count < 1:
            raise InputError("error.flight.step-squares", param=_STEPS, value=token)
        if count > limits.flight_steps:
            raise LimitError(
                "error.flight.step-too-many", param=_STEPS, value=token, most=limits.flight_steps
            )
        return [Step(StepKind.FORWARD if word == "f" else StepKind.BACKWARD)] * count
    if word in ("c", "d", "bc", "bd", "up", "down"):
        dz = _feet(token, 5 if arg is None else arg)
        sign = 1 if word in ("c", "bc", "up") else -1
        kind = {"c": StepKind.FORWARD, "d": StepKind.FORWARD, "bc": StepKind.BACKWARD}.get(
            word, StepKind.BACKWARD if word == "bd" else StepKind.VERTICAL
        )
        return [Step(kind, dz=sign * dz)]
    if word in ("l", "r", "pl", "pr"):
        degrees = 45 if arg is None else arg
        if degrees % 45 or not 45 <= degrees <= 180:
            raise InputError("error.flight.step-turn", param=_STEPS, value=token)
        sign = -1 if word in ("l", "pl") else 1
        kind = StepKind.PIVOT if word in ("pl", "pr") else StepKind.TURN
        return [Step(kind, turn=sign * degrees // 45)]
    if arg is not None:
        raise InputError("error.flight.step-hover", param=_STEPS, value=token)
    return [Step(StepKind.HOVER)]


def parse_steps(text: str, *, limits: Limits = LIMITS) -> list[tuple[int, Step]]:
    """Parse a step list (module docstring) into ``(token number from 1, Step)`` pairs.

    A path of more than `limits.flight_steps` steps raises `LimitError`.

    >>> [s.kind.value for _, s in parse_steps("f2 r90 d10")]
    ['forward', 'forward', 'turn', 'forward']
    """
    out: list[tuple[int, Step]] = []
    tokens = _tokens(text)
    if not tokens:
        raise InputError("error.flight.steps-empty", param=_STEPS)
    for number, token in enumerate(tokens, start=1):
        match = re.match(_TOKEN, token.lower())
        if match is None:
            raise InputError(
                "error.flight.step-unknown",
                param=_STEPS,
                value=token,
                valid=(*_WORDS, *_ALIASES),
            )
        word = _ALIASES.get(match.group(1), match.group(1))
        digits = match.group(2)
        if digits is not None and len(digits) > limits.token_digits:
            raise InputError(
                "error.flight.step-digits",
                param=_STEPS,
                value=token,
                shown=_short(token),
                digits=len(digits),
                most=limits.flight_steps,
            )
        arg = int(digits) if digits is not None else None
        out.extend((number, step) for step in _step(token, word, arg, limits))
        if len(out) > limits.flight_steps:
            raise LimitError("error.flight.path-too-long", param=_STEPS, most=limits.flight_steps)
    return out


def _square(token: str) -> tuple[int, int, int]:
    """Return the ``X,Y,ALT`` of one 3-D square token."""
    parts = token.split(",")
    if any(len(p.strip()) > LIMITS.token_digits for p in parts):
        raise InputError(
            "error.flight.square-digits", param=_SQUARES, value=token, shown=_short(token)
        )
    try:
        nx, ny, nalt = (int(p) for p in parts)
    except ValueError:
        raise InputError(
            "error.flight.square-syntax", param=_SQUARES, value=token, shown=_short(token)
        ) from None
    if nalt % 5:
        raise InputError("error.flight.square-alt", param=_SQUARES, value=token)
    return nx, ny, nalt


def parse_squares(
    text: str, flyer: Flyer, start: FlightState, *, limits: Limits = LIMITS
) -> list[tuple[int, Step]]:
    """Parse ``X,Y,ALT`` squares after the start into steps (module docstring).

    Raises `InputError` when a square is not a neighbour of the previous one, `LimitError`
    past `limits.flight_steps` squares.
    """
    tokens = [tok for tok in re.split(r"\s+|;", text.strip()) if tok]
    if not tokens:
        raise InputError("error.flight.squares-empty", param=_SQUARES)
    if len(tokens) > limits.flight_steps:
        raise LimitError("error.flight.squares-too-many", param=_SQUARES, most=limits.flight_steps)
    out: list[tuple[int, Step]] = []
    x, y, alt, facing = start.x, start.y, start.alt, start.facing
    for number, token in enumerate(tokens, start=1):
        nx, ny, nalt = _square(token)
        dx, dy, dz = nx - x, ny - y, nalt - alt
        if max(abs(dx), abs(dy)) > 1:
            raise InputError(
                "error.flight.square-not-next", param=_SQUARES, value=token, x=x, y=y, alt=alt
            )
        if dx == 0 and dy == 0:
            kind = StepKind.HOVER if dz == 0 else StepKind.VERTICAL
            out.append((number, Step(kind, dz=dz)))
        else:
            direction = DELTAS.index((dx, dy))
            rel = (direction - facing) % 8
            if rel == 4 and flyer.row.fly_backward:
                out.append((number, Step(StepKind.BACKWARD, dz=dz)))
            else:
                if rel:
                    out.append((number, Step(StepKind.TURN, turn=rel if rel <= 4 else rel - 8)))
                    facing = direction
                out.append((number, Step(StepKind.FORWARD, dz=dz)))
        x, y, alt = nx, ny, nalt
    return out


def _level_word(letter: str, words: list[str]) -> None:
    """Append a level square forward (``f``) or backward (``b``), merging runs (``f3``)."""
    if words and words[-1][0] == letter and (words[-1][1:].isdigit() or words[-1] == letter):
        words[-1] = f"{letter}{int(words[-1][1:] or 1) + 1}"
    else:
        words.append(letter)


def format_steps(steps: tuple[Step, ...] | list[Step]) -> str:
    """Write `steps` in the step notation that `parse_steps` reads (``f2 r90 d10``).

    >>> format_steps([s for _, s in parse_steps("f f r90 d10 up5 b2")])
    'f2 r90 d10 up5 b2'
    """
    words: list[str] = []
    for step in steps:
        kind = step.kind
        if step.dz == 0 and kind in (StepKind.FORWARD, StepKind.BACKWARD):
            _level_word("f" if kind is StepKind.FORWARD else "b", words)
        elif kind is StepKind.FORWARD:
            words.append(f"c{step.dz}" if step.dz > 0 else f"d{-step.dz}")
        elif kind is StepKind.BACKWARD:
            words.append(f"bc{step.dz}" if step.dz > 0 else f"bd{-step.dz}")
        elif kind is StepKind.VERTICAL:
            words.append(f"up{step.dz}" if step.dz > 0 else f"down{-step.dz}")
        elif kind in (StepKind.TURN, StepKind.PIVOT):
            side = "r" if step.turn > 0 else "l"
            prefix = "p" if kind is StepKind.PIVOT else ""
            words.append(f"{prefix}{side}{45 * abs(step.turn)}")
        else:
            words.append("h")
    return " ".join(words)
