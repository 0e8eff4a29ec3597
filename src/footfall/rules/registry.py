"""The shipped game systems: their ids and `load_system`, the one place that names them.

Every other module decides by a system's data (`System.family`, its tables, its actions),
never by its id; a custom game's data file is read with `footfall.rules.parse_system`.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from footfall.errors import Param, unknown
from footfall.rules.system import System, parse_system

__all__ = ["SYSTEM_IDS", "load_system"]

#: The systems footfall ships, in the order they are listed to users; each is
#: ``footfall/systems/<id>.toml``.
SYSTEM_IDS: tuple[str, ...] = ("pf1e", "dnd35", "dh2e", "drawsteel")


@cache
def load_system(system_id: str) -> System:
    """Return the validated rules of the shipped system `system_id` (read once, then cached).

    An unknown id raises `InputError` naming the shipped ones.

    >>> load_system("dnd35").family
    <Family.D20: 'd20'>
    """
    if system_id not in SYSTEM_IDS:
        raise unknown("system", system_id, SYSTEM_IDS, param=Param("system"))
    file = f"{system_id}.toml"
    text = resources.files("footfall.systems").joinpath(file).read_text(encoding="utf-8")
    return parse_system(text, f"systems/{file}", expected_id=system_id)
