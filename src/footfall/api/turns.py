"""``/api/encounters``: encounters with initiative, moves checked against the turn (TURN.md).

TURN.md's table: create (201), list, get, move (422 with ``violations`` when the rules refuse
it), undo, end-turn (each 409 when the body names a stale ``version``), delete (204); and two
additions (docs/contracts/EXTENSIONS.md): ``GET .../reach``, what the active creature may still
reach this turn, and ``POST .../order``, the initiative order changed during play (409 too).
Encounters live in the server's `footfall.turns.store.EncounterStore` (``app.state.
encounters``; ``footfall serve --database PATH``, default the user's data folder): the only
state the server has, shared by all its workers. No request value becomes a file path.
"""

from __future__ import annotations

import os
import pathlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import Response
from fastapi.routing import APIRoute
from pydantic import Field
from starlette.exceptions import HTTPException
from starlette.types import Receive, Scope, Send

from footfall.api.context import Context, Ctx
from footfall.api.errors import ErrorBody, error_body, request_lang
from footfall.api.responses import JSON
from footfall.api.schema import SCENE_DOC, LangQuery, Pair, RequestModel, SceneJson
from footfall.api.schema import lang as parse_lang
from footfall.api.work import answer
from footfall.errors import InputError, Param
from footfall.i18n import Lang
from footfall.limits import SERVER_LIMITS, Limits

if TYPE_CHECKING:  # the turns (and the grid engine, numpy) load on the first request
    from footfall.turns import Encounter
    from footfall.turns.store import DATABASE_ENV
    from footfall.turns.store_pg import AnyStore

__all__ = [
    "DATABASE_ENV", "FIELDS", "EncounterBody", "MoveBody", "OrderBody", "VersionBody", "router",
    "share_database", "store_of",
    "use_database",
]  # fmt: skip

#: Library parameters these requests name otherwise (`footfall.api.errors`).
FIELDS = {"squares": "path"}


class _SharedPath(APIRoute):
    """A route whose 405 lists every method of its path (``GET`` and ``POST`` of
    ``/api/encounters`` are two routes; Starlette's ``Allow`` would name only the first)."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer a method this path has no route for with 405 and the path's methods."""
        if self.methods and scope["method"] not in self.methods:
            methods = {
                m for r in router.routes if isinstance(r, APIRoute) and r.path == self.path
                for m in r.methods or ()
            }  # fmt: skip
            raise HTTPException(405, headers={"Allow": ", ".join(sorted(methods))})
        await super().handle(scope, receive, send)


router = APIRouter(tags=["encounters"], route_class=_SharedPath)

_ID = Annotated[str, Path(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]
_ID_DOC = "Creature ids of the scene, in the order they take their turns."


class EncounterBody(RequestModel):
    """``POST /api/encounters``: a scene (or a sample's name), the order of play, a title."""

    scene: SceneJson | None = Field(None, description=SCENE_DOC)
    sample: str | None = Field(
        None, max_length=100, description="A sample scene's name, instead of 'scene'."
    )
    order: list[Annotated[str, Field(max_length=200)]] | None = Field(
        None,
        max_length=SERVER_LIMITS.creatures,
        description=_ID_DOC + " Default: the scene's.",
        # stated, enforced by the library's lines (error.turns.order-empty, order-twice)
        json_schema_extra={"minItems": 1, "uniqueItems": True},
    )
    title: str | None = Field(
        None, max_length=SERVER_LIMITS.encounter_title, description="The encounter's title."
    )


class VersionBody(RequestModel):
    """A change of an encounter names the version it was made against (409 when stale)."""

    version: int = Field(ge=1, le=2**53, description="The encounter's version the change is for.")


class MoveBody(VersionBody):
    """``move``: the action and the squares entered after the mover's current square."""

    action: str = Field(max_length=40, description="Action id (the system's actions).")
    path: list[Pair] = Field(
        max_length=SERVER_LIMITS.path_squares,
        description="Squares entered after the current square, [[x, y], ...].",
    )
    distance: int | None = Field(
        None, ge=0, le=10_000, description="Granted distance N (a Draw Steel shift)."
    )


class OrderBody(VersionBody):
    """``order``: the initiative order from now on (the same creatures, each once)."""

    order: list[Annotated[str, Field(max_length=200)]] = Field(
        max_length=SERVER_LIMITS.creatures,
        description=_ID_DOC,
        json_schema_extra={"uniqueItems": True},  # the library: error.turns.order-twice
    )


class IllegalBody(ErrorBody):
    """A refused move: the one line, and every violation as ``check`` gives them (a malformed
    request, also 422, has none)."""

    violations: list[dict[str, Any]] | None = Field(
        None, description="Each broken rule: step, rule, message (as check's answer)."
    )


_RESPONSES: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorBody, "description": "Unknown encounter."},
    409: {"model": ErrorBody, "description": "Stale version: another change came first."},
}


def store_of(request: Request) -> AnyStore:
    """Return the server's encounter store (made on first use from the command line's path)."""
    store: AnyStore | None = getattr(request.app.state, "encounters", None)
    if store is None:
        from footfall.turns.store_pg import open_store

        ctx: Context = request.app.state.footfall
        store = open_store(limits=ctx.limits)
        request.app.state.encounters = store
    return store


Store = Annotated["AnyStore", Depends(store_of)]


def __getattr__(name: str) -> Any:
    """Give `DATABASE_ENV` (`footfall.turns.store`'s) when asked for, not at start-up (PEP 562)."""
    if name == "DATABASE_ENV":
        from footfall.turns.store import DATABASE_ENV

        return DATABASE_ENV
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def share_database(database: str | pathlib.Path | None, limits: Limits) -> AnyStore:
    """Open the encounter store `database` (None: `DATABASE_ENV`, else the default) now, so a
    bad file is one line before the server starts, and name it in `DATABASE_ENV`, where the
    worker processes started later find it (`store_of`)."""
    from footfall.turns.store import DATABASE_ENV
    from footfall.turns.store_pg import PostgresStore, open_store

    store = open_store(database, limits=limits)
    store.list()
    os.environ[DATABASE_ENV] = store.url if isinstance(store, PostgresStore) else str(store.path)
    return store


def use_database(app: Any, database: str | pathlib.Path | None) -> AnyStore:
    """Keep `app`'s encounters in `database` (`share_database`)."""
    store = share_database(database, app.state.footfall.limits)
    app.state.encounters = store
    return store


# ------------------------------------------------------------------------------ queries


def _create(body: EncounterBody, ctx: Context, store: AnyStore) -> dict[str, Any]:
    from footfall.turns import encounter_to_json, new_encounter

    if (body.scene is None) == (body.sample is None):
        raise InputError("error.turns.scene-or-sample", param=Param("scene"))
    data = body.scene if body.scene is not None else ctx.catalog.get(body.sample or "")
    scene = ctx.parse(data)
    made = store.create(
        lambda eid: new_encounter(
            scene, body.order, title=body.title, encounter_id=eid, limits=ctx.limits
        )
    )
    return encounter_to_json(made, limits=ctx.limits)


def _change(
    store: AnyStore,
    ctx: Context,
    eid: str,
    version: int,
    change: Callable[[Encounter], Encounter],
) -> dict[str, Any]:
    from footfall.turns import encounter_to_json

    return encounter_to_json(store.update(eid, version, change), limits=ctx.limits)


def _refused(exc: InputError, request: Request) -> JSON:
    """Answer a refused change: 404 unknown, 409 stale, 422 illegal move (with violations),
    in the request's language (its ``?lang=``, else Accept-Language: docs/i18n.md)."""
    from footfall.turns import IllegalMove, StaleVersion, UnknownEncounter

    body: dict[str, Any] = error_body(exc, FIELDS, request_lang(request))
    if isinstance(exc, UnknownEncounter):
        return JSON(body, status_code=404)
    if isinstance(exc, StaleVersion):
        body["version"] = exc.current
        return JSON(body, status_code=409)
    assert isinstance(exc, IllegalMove)
    body["violations"] = exc.violations_json()
    return JSON(body, status_code=422)


def _refusals() -> tuple[type[InputError], ...]:
    """The errors of a refused change (`_refused` answers them)."""
    from footfall.turns import IllegalMove, StaleVersion, UnknownEncounter

    return (UnknownEncounter, StaleVersion, IllegalMove)


# ------------------------------------------------------------------------------ endpoints


@router.post("/api/encounters", status_code=201, responses=_RESPONSES)
async def create_encounter(body: EncounterBody, ctx: Ctx, store: Store) -> Any:
    """Start an encounter on a scene (or a sample): round 1, the first of the order active."""
    response = await answer(_create, body, ctx, store)
    response.status_code = 201
    return response


@router.get("/api/encounters")
async def list_encounters(store: Store) -> Any:
    """Every stored encounter: id, title, system, round, active creature, version."""
    return await answer(store.list)


@router.get("/api/encounters/{encounter_id}", responses=_RESPONSES)
async def get_encounter(request: Request, encounter_id: _ID, ctx: Ctx, store: Store) -> Any:
    """The encounter (TURN.md), with what each action still allows this turn."""
    try:
        from footfall.turns import encounter_to_json

        found = await answer(store.get, encounter_id)
        return await answer(encounter_to_json, found, limits=ctx.limits)
    except _refusals() as exc:
        return _refused(exc, request)


def _reach(
    encounter: Encounter,
    actions: list[str] | None,
    distance: int | None,
    ctx: Context,
    chosen: Lang,
) -> dict[str, Any]:
    """The rest of the turn's reach under each of `actions` (default: what the turn allows)."""
    from footfall.turns.reach import turn_reach_json

    return turn_reach_json(encounter, actions, distance=distance, limits=ctx.limits, lang=chosen)


@router.get("/api/encounters/{encounter_id}/reach", responses=_RESPONSES)
async def reach_encounter(
    request: Request,
    encounter_id: _ID,
    ctx: Ctx,
    store: Store,
    action: Annotated[
        list[Annotated[str, Field(max_length=40)]] | None,
        Query(
            max_length=20,
            description="Actions to answer for (default: what the turn "
            "allows); repeat the parameter for several.",
        ),
    ] = None,
    distance: Annotated[
        int | None, Query(ge=0, le=10_000, description="Granted distance N (a shift).")
    ] = None,
    lang: LangQuery = "en",
) -> Any:
    """Where the active creature may still move this turn, the turn so far counted: for each
    action, ``reach``'s shape of the squares a move is accepted for (docs/turns.md)."""
    chosen = parse_lang(lang)
    try:
        found = await answer(store.get, encounter_id)
        return await answer(_reach, found, action, distance, ctx, chosen)
    except _refusals() as exc:
        return _refused(exc, request)


@router.post(
    "/api/encounters/{encounter_id}/move",
    responses={
        **_RESPONSES,
        422: {"model": IllegalBody, "description": "The rules refuse the move, or malformed."},
    },
)
async def move_encounter(
    request: Request, encounter_id: _ID, body: MoveBody, ctx: Ctx, store: Store
) -> Any:
    """Move the active creature: checked with the turn's movement so far (TURN.md)."""
    from footfall.turns import move

    squares = [(p[0], p[1]) for p in body.path]

    def change(e: Encounter) -> Encounter:
        return move(e, body.action, squares, distance=body.distance, limits=ctx.limits)

    try:
        return await answer(_change, store, ctx, encounter_id, body.version, change)
    except _refusals() as exc:
        return _refused(exc, request)


@router.post("/api/encounters/{encounter_id}/undo", responses=_RESPONSES)
async def undo_encounter(
    request: Request, encounter_id: _ID, body: VersionBody, ctx: Ctx, store: Store
) -> Any:
    """Take back the last move of the turn."""
    from footfall.turns import undo

    try:
        return await answer(_change, store, ctx, encounter_id, body.version, undo)
    except _refusals() as exc:
        return _refused(exc, request)


@router.post("/api/encounters/{encounter_id}/end-turn", responses=_RESPONSES)
async def end_turn_encounter(
    request: Request, encounter_id: _ID, body: VersionBody, ctx: Ctx, store: Store
) -> Any:
    """End the active creature's turn: the next in the order (and the round on) is active."""
    from footfall.turns import end_turn

    def change(e: Encounter) -> Encounter:
        return end_turn(e, limits=ctx.limits)

    try:
        return await answer(_change, store, ctx, encounter_id, body.version, change)
    except _refusals() as exc:
        return _refused(exc, request)


@router.post("/api/encounters/{encounter_id}/order", responses=_RESPONSES)
async def order_encounter(
    request: Request, encounter_id: _ID, body: OrderBody, ctx: Ctx, store: Store
) -> Any:
    """Change the initiative order during play: the active creature keeps its turn, the next
    turn is the creature after it in the new order; recorded with the turn (its log entry)."""

    def change(e: Encounter) -> Encounter:
        from footfall.turns import reorder

        return reorder(e, body.order)

    try:
        return await answer(_change, store, ctx, encounter_id, body.version, change)
    except _refusals() as exc:
        return _refused(exc, request)


@router.delete(
    "/api/encounters/{encounter_id}", status_code=204, responses=_RESPONSES,
    response_class=Response,
)  # fmt: skip
async def delete_encounter(request: Request, encounter_id: _ID, store: Store) -> Response:
    """Delete the encounter."""
    from footfall.turns import UnknownEncounter

    try:
        await answer(store.delete, encounter_id)
    except UnknownEncounter as exc:
        return _refused(exc, request)
    return Response(status_code=204)
