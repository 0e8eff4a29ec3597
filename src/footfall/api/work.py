"""Where every endpoint computes its answer: the one place that decides where work runs.

An endpoint parses its request (FastAPI does, on the event loop), then hands a *query* to
`answer` or `answer_on_loop`: a module-level function of the request's model and the server's
`footfall.api.context.Context` that returns the answer's JSON (or bytes). Queries never touch
the request or the response, so they may run anywhere:

- `answer` runs the query in Starlette's thread pool, as FastAPI runs a plain ``def``
  endpoint (scene validation, import, render, flight, journeys, rates, tables, meta);
- `answer_on_loop` runs it on the event loop: the tactical queries (``reach``, ``path``,
  ``check``), whose bounded searches take about a millisecond, less than a hop to a worker
  thread and a fight for the GIL with the loop thread (docs/benchmarks-api.md).

Issue 10 (never freeze the loop, a wall-time budget per request) changes these two functions
only: run every query off the loop, and wrap it in the budget (``anyio.fail_after``, a 503
with one line when it runs out); the endpoints stay as they are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypeVar

from starlette.concurrency import run_in_threadpool

__all__ = ["answer", "answer_on_loop"]

P = ParamSpec("P")
T = TypeVar("T")


async def answer(query: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Return ``query(*args, **kwargs)``, computed in the thread pool (off the event loop)."""
    return await run_in_threadpool(query, *args, **kwargs)


async def answer_on_loop(query: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Return ``query(*args, **kwargs)``, computed on the event loop (a query of about 1 ms)."""
    return query(*args, **kwargs)
