"""The records every table shares: names in three languages, sources, interpretation switches.

>>> Source("RULES.md", "1.2 Tactical grid cost")
Source(document='RULES.md', table='1.2 Tactical grid cost')
>>> str(Source("RULES.md", "1.2 Tactical grid cost"))
'RULES.md: 1.2 Tactical grid cost'
"""

# Annotations stay evaluated (no `from __future__ import annotations`): the reader reads them
# with `typing.get_type_hints`, which would otherwise compile each one again at first load.

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from footfall.rules.reader import Fault, Rows, Spec
from footfall.rules.vocabulary import SwitchTopic, SwitchWhen

if TYPE_CHECKING:  # the rules need no catalog: importing them does not load footfall.i18n
    from footfall.i18n import Lang

__all__ = ["Choice", "Interpretation", "Names", "Source"]


@dataclass(frozen=True, slots=True)
class Names:
    """A term's name in English, Russian and Chinese (seed words where the seeds have them)."""

    en: str
    ru: str
    zh: str

    def get(self, lang: "Lang") -> str:
        """Return the name in `lang`.

        >>> Names("hustle", "Спешка", "急行").get("zh")
        '急行'
        """
        if lang == "en":
            return self.en
        if lang == "ru":
            return self.ru
        if lang == "zh":
            return self.zh
        raise KeyError(lang)


@dataclass(frozen=True, slots=True)
class Source:
    """Where a rule comes from: a document (seed file, RULES.md, a book) and a table title."""

    document: str
    table: str

    def __str__(self) -> str:
        """Return ``document: table``."""
        return f"{self.document}: {self.table}"


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice of an interpretation switch, with its one-line meaning."""

    id: str
    doc: str


@dataclass(frozen=True, slots=True)
class Interpretation:
    """An interpretation switch of RULES.md: its choices (two or more), default and source.

    A data file writes ``[interpretations.<id>]`` with ``default``, ``source``, a table of
    ``choices`` (choice id = its one-line meaning), the ``topic`` whose answers it changes
    and, where it changes them only if the question has something, ``when``.
    """

    id: str
    default: str
    choices: tuple[Choice, ...] = field(metadata=Spec(rows=Rows(scalar=True)))
    source: Source
    topic: SwitchTopic
    """The questions whose answers the switch changes (the page shows it only beside them)."""
    when: SwitchWhen | None = None
    """What a question of its topic must have for the switch to change its answer; None:
    every answer of the topic."""

    def __post_init__(self) -> None:
        """Refuse a switch of fewer than two choices, or a default that is none of them."""
        if len(self.choices) < 2:
            raise Fault("error.rules.two-choices", key="choices", value=list(self.choice_ids))
        if self.default not in self.choice_ids:
            raise Fault(
                "error.rules.one-of", key="default", value=self.default, valid=self.choice_ids
            )

    @property
    def choice_ids(self) -> tuple[str, ...]:
        """The ids of the choices, in data-file order."""
        return tuple(c.id for c in self.choices)
