"""Where every endpoint computes its answer: the one place that decides where work runs.

An endpoint parses its request (FastAPI does, on the event loop), then hands a *query* to
`answer`: a module-level function of the request's model and the server's
`footfall.api.context.Context` that returns the answer's JSON (or bytes). Queries never touch
the request or the response, so they may run anywhere. Issue 10 (item 2): the event loop never
computes.

- Every query runs in a worker thread (`THREADS` of them), never on the event loop: the loop keeps
  answering ``/api/health`` and reading other requests while a 500 x 500 scene with 5,000
  walls is searched. The search kernel releases the GIL (``numba nogil``), so threads of one
  process search in parallel; ``footfall serve --workers N`` runs N processes besides.
- A query's JSON answer (a dict or a list) is written to bytes in the same thread (`JSON`):
  a 60-ft reach over a 500 x 500 map is 9 MB of JSON, seconds of encoding that would
  otherwise run on the loop (FastAPI encodes a returned value there).
- Each query has a wall-time budget, `Limits.query_seconds` (the waiting for a thread
  included): past it the answer is `Busy`, a 503 with one line, at once. A Python thread
  cannot be stopped: the computation, bounded by the work limits, ends in the background and
  its answer is dropped; the worker stays healthy.

`answer_on_loop` is kept as a name for `answer` (its callers once ran on the loop).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import anyio

from footfall.api.responses import JSON
from footfall.errors import FootfallError
from footfall.limits import SERVER_LIMITS

__all__ = ["Busy", "answer", "answer_on_loop"]

P = ParamSpec("P")
T = TypeVar("T")


class Busy(FootfallError):
    """A query over its wall-time budget (`Limits.query_seconds`): 503, one line."""


def _seconds(args: tuple[object, ...]) -> float:
    """Return the budget of a query given these arguments: its `Context`'s, else the server's."""
    from footfall.api.context import Context

    for arg in args:
        if isinstance(arg, Context):
            return arg.limits.query_seconds
    return SERVER_LIMITS.query_seconds


def _computed(query: Callable[[], T]) -> T | JSON:
    """Run `query`; a JSON answer comes back as its response, already written to bytes."""
    result = query()
    if isinstance(result, (dict, list)):
        return JSON(result)
    return result


async def answer(query: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Any:
    """Return ``query(*args, **kwargs)`` computed in a worker thread within its budget: a
    `JSON` response when the answer is a dict or a list, else the answer (a picture's bytes).

    Raises `Busy` when the budget runs out first.
    """
    seconds = _seconds(args)
    call = functools.partial(_computed, functools.partial(query, *args, **kwargs))
    with anyio.move_on_after(seconds) as timer:
        return await asyncio.get_running_loop().run_in_executor(_pool(), call)
    assert timer.cancelled_caught
    raise Busy("error.api.query-seconds", seconds=seconds)


#: The threads queries run in, at most: AnyIO's default (its thread limiter's 40 tokens).
THREADS = 40
_threads: list[concurrent.futures.ThreadPoolExecutor] = []


def _pool() -> concurrent.futures.ThreadPoolExecutor:
    """Return this process's pool of query threads (made on the first query).

    The event loop's own hand-over to a pool (``run_in_executor``) costs half the CPU of
    AnyIO's ``to_thread`` (0.06 ms a query, not 0.12 ms, docs/benchmarks-api.md). A query
    past its budget is abandoned as before: its thread finishes, its answer is dropped.
    """
    if not _threads:
        _threads.append(
            concurrent.futures.ThreadPoolExecutor(THREADS, thread_name_prefix="footfall-query")
        )
    return _threads[0]


#: The tactical endpoints' name for `answer` (they ran on the loop before issue 10).
answer_on_loop = answer
