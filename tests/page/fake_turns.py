"""A stand-in for TURN.md's ``/api/encounters`` endpoints, for the page's browser tests.

The page is written against TURN.md's HTTP contract; the real endpoints are another branch's
(turns-core). This router keeps encounters in memory with TURN.md's shapes and version check
(409 for a stale version), and judges a move as TURN.md says: the turn's whole path so far
plus the new steps, asked of the server's own ``/api/check`` under the move's action; the
turn's ``can`` is what each band action (move, double move, run) still allows. It is a test
double of the contract's shape, not of the action economy (no standard action, no 5-foot
step): the browser tests use it only for what the page does with the answers. Its handlers
are plain functions (run in the server's thread pool), so each may ask the same server's
/api/check while it answers.
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

import httpx
from fastapi import APIRouter, Body
from fastapi.responses import JSONResponse, Response

BAND_ACTIONS = ("move", "double-move", "run")


def fake_encounters(base: list[str]) -> APIRouter:
    """The router; `base` holds the server's address once it is known (for its /api/check)."""
    router = APIRouter()
    store: dict[str, dict[str, Any]] = {}
    ids = itertools.count(1)

    def check(enc: dict[str, Any], action: str, path: list[list[int]]) -> dict[str, Any]:
        # The turn's whole path is checked from where the turn started.
        scene = copy.deepcopy(enc["scene"])
        moves = enc["turn"]["moves"]
        for c in scene["creatures"]:
            if c["id"] == enc["active"] and moves:
                c["at"] = list(moves[0]["path"][0])
        body = {"scene": scene, "mover": enc["active"], "action": action, "path": path}
        answer: dict[str, Any] = httpx.post(base[0] + "/api/check", json=body).json()
        return answer

    def turn_path(enc: dict[str, Any]) -> list[list[int]]:
        out: list[list[int]] = []
        for m in enc["turn"]["moves"]:
            out.extend(m["path"][1:])
        return out

    def fresh_turn(enc: dict[str, Any]) -> None:
        enc["turn"] = {"mover": enc["active"], "moves": [], "spent": {}, "can": []}
        enc["turn"]["can"] = can(enc, [])

    def budget(enc: dict[str, Any], action: str) -> int:
        body = {"scene": enc["scene"], "mover": enc["active"], "action": action}
        whole: int = httpx.post(base[0] + "/api/reach", json=body).json()["budget"]
        return whole

    def can(enc: dict[str, Any], path: list[list[int]]) -> list[dict[str, Any]]:
        out = []
        for a in BAND_ACTIONS:
            if not path:
                out.append({"action": a, "left": budget(enc, a)})
                continue
            res = check(enc, a, path)
            if res["legal"] and res["budget"] > res["cost"]:
                out.append({"action": a, "left": res["budget"] - res["cost"]})
        return out

    def extra(body: dict[str, Any], allowed: set[str]) -> JSONResponse | None:
        # As the real endpoints (RequestModel: unknown keys are an error).
        if set(body) - allowed:
            return JSONResponse({"error": f"unknown keys {sorted(set(body) - allowed)}"}, 422)
        return None

    def stale(enc: dict[str, Any], body: dict[str, Any]) -> JSONResponse | None:
        bad = extra(body, {"version", "action", "path", "distance"})
        if bad:
            return bad
        if body.get("version") != enc["version"]:
            msg = f"stale version {body.get('version')}: the encounter is at {enc['version']}"
            return JSONResponse({"error": msg, "version": enc["version"]}, status_code=409)
        return None

    def place(enc: dict[str, Any], at: list[int]) -> None:
        for c in enc["scene"]["creatures"]:
            if c["id"] == enc["active"]:
                c["at"] = list(at)

    @router.post("/api/encounters", status_code=201)
    def create(body: dict[str, Any] = Body(...)) -> Any:
        bad = extra(body, {"scene", "sample", "order", "title"})
        if bad:
            return bad
        scene = copy.deepcopy(body["scene"])
        order = body.get("order") or [c["id"] for c in scene["creatures"]]
        enc: dict[str, Any] = {
            "footfall_encounter": 1,
            "id": f"e-{next(ids)}",
            "title": body.get("title") or "encounter",
            "version": 1,
            "scene": scene,
            "order": order,
            "round": 1,
            "active": order[0],
            "log": [],
        }
        fresh_turn(enc)
        store[enc["id"]] = enc
        return JSONResponse(enc, status_code=201)

    @router.get("/api/encounters")
    def listing() -> Any:
        keys = ("id", "title", "round", "active", "version")
        return [{k: e[k] for k in keys} | {"system": e["scene"]["system"]} for e in store.values()]

    @router.get("/api/encounters/{eid}")
    def read(eid: str) -> Any:
        if eid not in store:
            return JSONResponse({"error": f"no encounter {eid}"}, status_code=404)
        return store[eid]

    @router.post("/api/encounters/{eid}/move")
    def move(eid: str, body: dict[str, Any] = Body(...)) -> Any:
        enc = store[eid]
        refused = stale(enc, body)
        if refused:
            return refused
        whole = turn_path(enc) + [list(p) for p in body["path"]]
        res = check(enc, body["action"], whole)
        if not res["legal"]:
            return JSONResponse(
                {"error": res["violations"][0]["message"], "violations": res["violations"]},
                status_code=422,
            )
        before = sum(m["cost"] for m in enc["turn"]["moves"])
        start = next(c["at"] for c in enc["scene"]["creatures"] if c["id"] == enc["active"])
        step = {
            "action": body["action"],
            "path": [start] + [list(p) for p in body["path"]],
            "cost": res["cost"] - before,
            "provokes": res["provokes"],
        }
        enc["turn"]["moves"].append(step)
        enc["turn"]["spent"] = {body["action"]: res["cost"]}
        enc["turn"]["can"] = can(enc, whole)
        place(enc, whole[-1])
        enc["version"] += 1
        return enc

    @router.post("/api/encounters/{eid}/undo")
    def undo(eid: str, body: dict[str, Any] = Body(...)) -> Any:
        enc = store[eid]
        refused = stale(enc, body)
        if refused:
            return refused
        moves = enc["turn"]["moves"]
        if moves:
            last = moves.pop()
            place(enc, last["path"][0])
            whole = turn_path(enc)
            total = sum(m["cost"] for m in moves)
            enc["turn"]["spent"] = {moves[-1]["action"]: total} if moves else {}
            enc["turn"]["can"] = can(enc, whole)
        enc["version"] += 1
        return enc

    @router.post("/api/encounters/{eid}/end-turn")
    def end_turn(eid: str, body: dict[str, Any] = Body(...)) -> Any:
        enc = store[eid]
        refused = stale(enc, body)
        if refused:
            return refused
        enc["log"].append(
            {"round": enc["round"], "mover": enc["active"], "moves": enc["turn"]["moves"]}
        )
        i = enc["order"].index(enc["active"]) + 1
        if i >= len(enc["order"]):
            i, enc["round"] = 0, enc["round"] + 1
        enc["active"] = enc["order"][i]
        fresh_turn(enc)
        enc["version"] += 1
        return enc

    @router.delete("/api/encounters/{eid}")
    def delete(eid: str) -> Response:
        store.pop(eid, None)
        return Response(status_code=204)

    return router
