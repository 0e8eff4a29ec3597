"""Read a party on foot and check what its members roll against.

A party's members march together at the pace of the slowest; each makes its own checks:
pf1e / dnd35 a forced-march Constitution check per extra hour (seed 000 «Марш-бросок», seed
004 强行军), dh2e a Toughness test after its own Toughness Bonus hours of hustle (seed 001
«Спешка»). A Constitution modifier is (score - 10) / 2 rounded down (pf1e Core Rulebook,
dnd35 Player's Handbook, "Ability Modifiers"); its bounds are `footfall.limits.Limits`'
``min_con_mod`` / ``max_con_mod``.

>>> member = parse_member("name=Valeros,con=+2,speed=20")
>>> member.name, member.con_mod, member.speed
('Valeros', 2, 20)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from footfall.errors import InputError, LimitError, Param, quote
from footfall.limits import LIMITS, Limits
from footfall.rules import System

if TYPE_CHECKING:  # the traveller holds its party: only the annotations name it here
    from footfall.travel.mover import Mover
    from footfall.travel.traveller import Traveller

__all__ = [
    "TOUGHNESS",
    "Member",
    "check_con_mod",
    "check_heresy_members",
    "check_members",
    "check_party",
    "parse_member",
    "parse_party",
]

#: The library parameter a party is given in (the CLI's ``--member``, the API's ``party``).
_PARTY = Param("party")
#: Range of a Toughness characteristic (DH2e Core Rulebook, "Characteristics": 0-100); the
#: API's schema states it (`footfall.api.journeys`).
TOUGHNESS = (0, 100)
_TOUGHNESS = TOUGHNESS


@dataclass(frozen=True, slots=True)
class Member:
    """One member of a party on foot: a name and what its own checks roll against.

    pf1e / dnd35: `con_mod`, for the forced-march Constitution checks each character makes
    (seed 000 «Марш-бросок», seed 004 强行军). dh2e: `toughness` (the characteristic) and
    `toughness_bonus` (by default its tens digit), for the Toughness tests of a hustle (seed
    001 «Спешка»: each member tests after its own TB hours). A party has odds per member
    and for "anyone in the party". A member may also give its `speed` (ft; dh2e:
    `agility_bonus`): the slowest of the party, members and ``speed`` alike, sets the pace.
    """

    name: str
    con_mod: int = 0
    toughness: int | None = None
    toughness_bonus: int | None = None
    speed: int | None = None
    agility_bonus: int | None = None

    @property
    def tb(self) -> int:
        """Return the dh2e Toughness Bonus: the given one, else the tens of `toughness`."""
        if self.toughness_bonus is not None:
            return self.toughness_bonus
        return (self.toughness or 0) // 10

    def to_json(self, *, heresy: bool) -> dict[str, object]:
        """Return what this member's checks roll against (Con, or dh2e Toughness), and speed.

        `heresy`: the system tests Toughness (dh2e), not Constitution.
        """
        if heresy:
            out: dict[str, object] = {"toughness": self.toughness, "toughness_bonus": self.tb}
            if self.agility_bonus is not None:
                out["agility_bonus"] = self.agility_bonus
            return out
        speed = {"speed": self.speed} if self.speed is not None else {}
        return {"con_mod": self.con_mod, **speed}


def check_con_mod(value: int, *, member: str | None = None, limits: Limits = LIMITS) -> int:
    """Return `value` if it is a Constitution modifier within `limits`, else raise.

    The error names the parameter (``con_mod``; a party `member`'s ``con``), the value and
    the bounds, e.g. ``con_mod 999999999 is out of range (-10..30)``.
    """
    low, high = limits.min_con_mod, limits.max_con_mod
    if low <= value <= high:
        return value
    if member is None:
        raise InputError(
            "error.travel.con-mod-range", param=Param("con_mod"), value=value, low=low, high=high
        )
    raise InputError(
        "error.travel.member-con-range",
        param=_PARTY,
        member=quote(member),
        value=value,
        low=low,
        high=high,
    )


#: The keys of a member given as text (``name=Valeros,con=+2``) and their long spellings.
_TEXT_KEYS = ("name", "con", "toughness", "tb", "speed", "ab")
_TEXT_ALIASES = {"con_mod": "con", "toughness_bonus": "tb", "agility_bonus": "ab"}


def parse_member(text: str, n: int = 1) -> Member:
    """Parse ``"name=Valeros,con=+2"`` (one member of ``party``, the CLI's ``--member``).

    dh2e members give ``toughness=42`` and optionally ``tb=4``; any member may give its
    ``speed`` (ft; dh2e ``ab``, its Agility Bonus). `n` numbers the member and names it
    ``member N`` when the text gives no name; ``con_mod``, ``toughness_bonus`` and
    ``agility_bonus`` are accepted for ``con``, ``tb`` and ``ab``.
    """
    fields: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, value = part.partition("=")
        key = key.strip().lower()
        key = _TEXT_ALIASES.get(key, key)
        if not sep:
            raise InputError("error.travel.member-format", param=_PARTY, value=text)
        if key not in _TEXT_KEYS:
            raise InputError("error.travel.member-key", param=_PARTY, value=key, valid=_TEXT_KEYS)
        if key in fields:
            raise InputError("error.travel.member-twice", param=_PARTY, value=text, key=key)
        fields[key] = value.strip()
    numbers: dict[str, int | None] = {}
    for key in _TEXT_KEYS[1:]:
        raw = fields.get(key)
        try:
            numbers[key] = None if raw is None else int(raw)
        except ValueError:
            raise InputError(
                "error.travel.member-number", param=_PARTY, value=text, key=key, raw=quote(raw)
            ) from None
    return Member(
        name=fields.get("name") or f"member {n}",
        con_mod=numbers["con"] or 0,
        toughness=numbers["toughness"],
        toughness_bonus=numbers["tb"],
        speed=numbers["speed"],
        agility_bonus=numbers["ab"],
    )


#: The keys of a journey file's party member table.
_MEMBER_KEYS = ("name", "con_mod", "toughness", "toughness_bonus", "speed", "agility_bonus")


def parse_party(raw: object) -> tuple[Member, ...]:
    """Read a journey file's ``party``: tables with `name` and `con_mod` (or dh2e Toughness)."""
    if not isinstance(raw, list) or not raw:
        raise InputError("error.travel.file-party", param=_PARTY)
    members = []
    for i, item in enumerate(raw, 1):
        if not isinstance(item, dict):
            raise InputError("error.travel.file-member", param=_PARTY, member=i)
        for key, value in item.items():
            if key not in _MEMBER_KEYS:
                raise InputError(
                    "error.travel.file-member-key",
                    param=_PARTY,
                    member=i,
                    value=key,
                    valid=_MEMBER_KEYS,
                )
            if key != "name" and (isinstance(value, bool) or not isinstance(value, int)):
                raise InputError(
                    "error.travel.file-member-number", param=_PARTY, member=i, key=key, value=value
                )
        name = item.get("name", f"member {i}")
        if not isinstance(name, str):
            raise InputError("error.travel.file-member-name", param=_PARTY, member=i, value=name)
        members.append(
            Member(
                name=name,
                con_mod=item.get("con_mod", 0),
                toughness=item.get("toughness"),
                toughness_bonus=item.get("toughness_bonus"),
                speed=item.get("speed"),
                agility_bonus=item.get("agility_bonus"),
            )
        )
    return tuple(members)


def check_party(system: System, who: Traveller, mover: Mover, *, limits: Limits = LIMITS) -> None:
    """Refuse a party where per-member checks mean nothing, or a malformed one."""
    party = who.party
    if not party:
        return
    if mover.animal or mover.water:
        raise InputError("error.travel.party-not-on-foot", param=_PARTY, who=mover.label)
    if system.heresy is not None:
        if who.toughness is not None or who.toughness_bonus is not None:
            raise InputError(
                "error.travel.party-toughness",
                param=_PARTY,
                toughness=Param("toughness"),
                toughness_bonus=Param("toughness_bonus"),
            )
        check_heresy_members(party, limits=limits)
    check_members(party, who.con_mod, heresy=system.heresy is not None, limits=limits)


def check_heresy_members(party: Sequence[Member], *, limits: Limits = LIMITS) -> None:
    """Refuse a dh2e member without a Toughness 0-100 or with a Bonus out of range."""
    low, high = _TOUGHNESS
    for m in party:
        name = quote(m.name)
        if m.con_mod:
            raise InputError("error.travel.heresy-member-con", param=_PARTY, member=name)
        if m.toughness is None:
            raise InputError("error.travel.heresy-member-toughness", param=_PARTY, member=name)
        if not low <= m.toughness <= high:
            raise InputError(
                "error.travel.member-toughness-range",
                param=_PARTY,
                member=name,
                value=m.toughness,
                low=low,
                high=high,
            )
        if not 1 <= m.tb <= limits.bonus:
            raise InputError(
                "error.travel.member-tb-range",
                param=_PARTY,
                member=name,
                value=m.tb,
                low=1,
                high=limits.bonus,
            )


def check_members(
    party: Sequence[Member], con_mod: int, *, heresy: bool = False, limits: Limits = LIMITS
) -> None:
    """Refuse a party beside a lone `con_mod`, too large a party, or empty / repeated names."""
    if con_mod:
        raise InputError("error.travel.party-con-mod", param=Param("con_mod"), value=con_mod)
    if len(party) > limits.party:
        raise LimitError(
            "error.travel.party-size", param=_PARTY, count=len(party), limit=limits.party
        )
    names = [m.name for m in party]
    for m in party:
        if not m.name.strip():
            raise InputError("error.travel.member-name-empty", param=_PARTY)
        check_con_mod(m.con_mod, member=m.name, limits=limits)
        if names.count(m.name) > 1:
            raise InputError("error.travel.member-name-twice", param=_PARTY, value=m.name)
        if not heresy and (m.toughness is not None or m.toughness_bonus is not None):
            raise InputError("error.travel.member-toughness", param=_PARTY, member=quote(m.name))
