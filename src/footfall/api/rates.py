"""``/api/rates`` and ``/api/tables``: movement rates, and a system's data tables."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query

from footfall.api.schema import SYSTEM_ENUM, LangQuery, lang, words_of
from footfall.api.work import answer
from footfall.limits import SERVER_LIMITS

__all__ = ["router"]

router = APIRouter(tags=["rates"])

SystemPath = Annotated[str, Path(max_length=40, json_schema_extra=SYSTEM_ENUM)]


def rates_answer(
    system: str,
    speed: int | None,
    agility_bonus: int | None,
    armor: str,
    load: str,
    metric: bool,
    language: str,
    base_speed: int | None = None,
) -> dict[str, Any]:
    """Answer ``GET /api/rates/{system}`` (``footfall rates SYSTEM --json``)."""
    from footfall.rates import rates  # on the first request, not at start-up

    lang(language)
    result = rates(
        system, speed=speed, agility_bonus=agility_bonus, armor=armor, load=load, metric=metric,
        base_speed=base_speed,
    )  # fmt: skip
    return result.to_json()


def tables_answer(system: str, language: str) -> dict[str, Any]:
    """Answer ``GET /api/tables/{system}``: the tables' ids, titles and sources."""
    from footfall.rules import load_system
    from footfall.tables import table_ids, table_view

    chosen = lang(language)
    rules = load_system(system)
    views = [table_view(rules, table_id) for table_id in table_ids(rules)]
    return {
        "system": rules.id,
        "tables": [
            {
                "table": v.id,
                "title": v.names.get(chosen),
                "source": {"document": v.source.document, "table": v.source.table},
            }
            for v in views
        ],
    }


def table_answer(system: str, table: str, language: str) -> dict[str, Any]:
    """Answer ``GET /api/tables/{system}/{table}``: one table, translated."""
    from footfall.rules import load_system
    from footfall.tables import table_view

    chosen = lang(language)
    return table_view(load_system(system), table).to_json(chosen)


@router.get("/api/rates/{system}")
async def rates_(
    system: SystemPath,
    speed: Annotated[int | None, Query(ge=0, le=SERVER_LIMITS.d20_speed)] = None,
    agility_bonus: Annotated[int | None, Query(ge=0, le=SERVER_LIMITS.bonus)] = None,
    armor: Annotated[str, Query(json_schema_extra=words_of("footfall.rules:Armor"))] = "none",
    load: Annotated[str, Query(json_schema_extra=words_of("footfall.rules:Load"))] = "light",
    metric: bool = False,
    lang: LangQuery = "en",
    base_speed: Annotated[
        int | None,
        Query(
            ge=0,
            le=SERVER_LIMITS.d20_speed,
            description="pf1e/dnd35 speed before armor and load (ft); not with speed.",
        ),
    ] = None,
) -> Any:
    """Rates per round, minute, hour and day (``footfall rates SYSTEM --json``); `speed` is
    the speed after armor and load, `base_speed` the speed before (armor or load slows it)."""
    return await answer(
        rates_answer, system, speed, agility_bonus, armor, load, metric, lang, base_speed
    )


@router.get("/api/tables/{system}")
async def tables_list(system: SystemPath, lang: LangQuery = "en") -> Any:
    """List the data tables of a system, with their titles and sources."""
    return await answer(tables_answer, system, lang)


@router.get("/api/tables/{system}/{table}")
async def tables_get(
    system: SystemPath, table: Annotated[str, Path(max_length=80)], lang: LangQuery = "en"
) -> Any:
    """One data table (``footfall tables SYSTEM TABLE --json``), translated."""
    return await answer(table_answer, system, table, lang)
