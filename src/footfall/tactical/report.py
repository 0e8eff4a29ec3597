"""The JSON pieces the three views share: head, messages, notes, breakdown, provocations.

Every answer explains itself (ARCHITECTURE.md): a refusal names its rule id and a sentence in
the user's language, a cost comes with its breakdown. The family of the policy explains a
step's price (`RuleFamily.explain`); this module words it (`footfall.i18n`).
"""

from __future__ import annotations

from typing import Any

from footfall.i18n import Lang, catalog, t
from footfall.tactical.family import TerrainTest
from footfall.tactical.marks import squeezed_space
from footfall.tactical.policy import Policy
from footfall.tactical.provocations import Provocation
from footfall.tactical.walk import Walk

__all__ = [
    "breakdown_json",
    "budget_shown",
    "head_json",
    "message",
    "notes_json",
    "provokes_json",
    "step_message",
    "terrain_test_json",
    "unit_word",
]


def budget_shown(policy: Policy) -> int | float:
    """Return the action's budget for display (a minimum move: its one square)."""
    return policy.display(1 if policy.one_step and policy.budget > 0 else max(policy.budget, 0))


def unit_word(policy: Policy, lang: Lang) -> str:
    """Return the policy's display unit in `lang` (ft, m, squares)."""
    return t(f"common.unit.{policy.unit}", lang)


def message(rule: str, lang: Lang, policy: Policy, **values: object) -> str:
    """Return the sentence of `rule` (``tactical.rule.<id>``) for this policy's move."""
    values.setdefault("unit", unit_word(policy, lang))
    values.setdefault("budget", budget_shown(policy))
    values.setdefault("speed", policy.speed_cap if policy.speed_cap is not None else "")
    values.setdefault("least", policy.display(policy.min_cost))
    return t(f"tactical.rule.{rule}", lang, **values)


def step_message(rule: str, lang: Lang, policy: Policy, **values: object) -> str:
    """Return `message`, prefixed with its step (``step 3: ...``)."""
    text = message(rule, lang, policy, **values)
    return t("tactical.step", lang, step=values["step"], message=text)


def notes_json(policy: Policy, lang: Lang) -> list[dict[str, Any]]:
    """Return the policy's notes, then what the action itself reminds (full round, no AoO...).

    An action's reminder is the catalog's ``tactical.note.action.<family>.<action>``.
    """
    notes = [
        {"note": key.rsplit(".", 1)[1], "message": t(key, lang, **v)} for key, v in policy.notes
    ]
    key = f"tactical.note.action.{policy.family.family.value}.{policy.action.name}"
    if key in catalog():
        notes.append({"note": policy.action.name, "message": t(key, lang)})
    return notes


def breakdown_json(policy: Policy, walked: Walk, lang: Lang) -> list[dict[str, Any]]:
    """Return the per-step breakdown of a priced path: cost, total, why, penalties."""
    out = []
    explain = policy.family.explain
    last = len(walked.steps)
    for step in walked.steps:
        why, penalties = explain(policy, step, step.step == last)
        entry: dict[str, Any] = {
            "step": step.step,
            "at": list(step.at),
            "cost": policy.display(step.cost),
            "total": policy.display(step.total),
            "why": [
                {"rule": str(rule), "label": t(key, lang, **values)} for rule, key, values in why
            ],
        }
        if penalties is not None:
            entry["penalties"] = penalties
        occupies = squeezed_space(step.at, policy.side, step.notes)
        if occupies is not None:
            entry["occupies"] = [list(square) for square in occupies]
        out.append(entry)
    return out


def provokes_json(found: list[Provocation], lang: Lang) -> list[dict[str, Any]]:
    """Return the provoked attacks, each with its sentence."""
    return [
        {
            "step": p.step,
            "by": p.by,
            "kind": p.kind,
            "reason": p.reason,
            "message": t(
                "tactical.step",
                lang,
                step=p.step,
                message=t(f"tactical.provoke.{p.kind}.{p.reason}", lang, by=p.by),
            ),
        }
        for p in found
    ]


def terrain_test_json(test: TerrainTest | None, lang: Lang) -> dict[str, Any] | None:
    """Return the hardest terrain test of a path with its sentence, or None."""
    if test is None:
        return None
    return {
        "terrain": test.terrain,
        "difficulty": test.difficulty.value,
        "modifier": test.modifier,
        "step": test.step,
        "message": t(
            "tactical.test",
            lang,
            difficulty=test.difficulty_names.get(lang),
            modifier=f"{test.modifier:+d}",
            terrain=test.names.get(lang),
        ),
    }


def head_json(policy: Policy, lang: Lang = "en") -> dict[str, Any]:
    """Return the keys every answer starts with: system, mover, action, budget, unit."""
    names = {a.id.value: a.names.get(lang) for a in policy.system.actions}
    return {
        "system": policy.system.id,
        "mover": policy.mover.id,
        "action": policy.action.name,
        "action_name": names.get(policy.action.name, policy.action.name),
        "budget": budget_shown(policy),
        "unit": policy.unit.value,
    }
