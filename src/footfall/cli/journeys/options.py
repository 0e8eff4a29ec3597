"""What the journey commands share: their flags, whole-number options, rolls and seeds.

The library names a parameter by its keyword (``con_mod``, ``legs``); these commands spell it
as their flag (``--con-mod``, ``--leg``): `FLAGS` lists the flags that are not ``--`` and the
name with dashes, and `footfall.cli.main` renders every error with them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from footfall.cli import flag_spelling
from footfall.errors import InputError, Noun, Param

__all__ = ["FLAGS", "check_roll", "flags", "spell", "whole"]

#: The flags of library parameters whose flag is not ``--`` and the name with dashes.
FLAGS = {
    "legs": "--leg",
    "party": "--member",
    "day_paces": "--day",
    "start": "--from",
    "goal": "--to",
}

#: How these commands spell a library parameter: ``Param("legs")`` -> ``--leg``.
spell = flag_spelling(FLAGS)


def flags(names: Iterable[str]) -> str:
    """Return the flags of the library parameters `names`, listed with commas."""
    return ", ".join(spell(Param(name)) for name in names)


def whole(param: str) -> Callable[[str], int]:
    """Return a Typer parser of whole numbers that names `param`'s flag and the bad value."""

    def parse(value: str) -> int:
        try:
            return int(value)
        except ValueError:  # also past Python's 4300-digit limit: quoted short
            raise InputError("error.travel.whole-number", param=Param(param), value=value) from None

    return parse


def check_roll(roll: bool, seed: int | None, what: str) -> None:
    """Refuse ``--roll`` without ``--seed``, a seed out of range, and a seed without a roll.

    `what` names what the seed reproduces (``rolls``, ``roll``).
    """
    from footfall.dice import check_seed

    if seed is not None:
        check_seed(seed)
    if roll and seed is None:
        raise InputError(
            "error.travel.roll-seed", param=Param("roll"), seed=Param("seed"), what=Noun(what)
        )
    if seed is not None and not roll:
        raise InputError(
            "error.travel.seed-roll", param=Param("seed"), value=seed, roll=Param("roll")
        )
