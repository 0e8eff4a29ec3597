"""A bounded schemathesis run with every check: no 5xx, no undocumented answer, no schema-valid
request refused but for a rule the schema cannot state (its code listed in ``x-refusals``).

The schema states every rule JSON Schema can (issue 10, item 5: `footfall.api.schema`, the
scene's `footfall.api.scene_schema`); what it cannot is listed per operation in
`footfall.api.refusals.REFUSALS`, written into the document's 400 and 413 answers. schemathesis
is told of those answers through its configuration, built here from the document itself: an
operation that lists refusals for a status may answer a schema-valid request with it, and
`refusal_is_listed` then checks that the answer's code is one it lists.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, seed, settings
from schemathesis.config import SchemathesisConfig
from schemathesis.config._checks import (
    NEGATIVE_DATA_REJECTION_EXPECTED_STATUSES,
    POSITIVE_DATA_ACCEPTANCE_EXPECTED_STATUSES,
)

from footfall.api import Limits, create_app
from footfall.api.refusals import is_listed, refusals_of

# A small flight-search cap keeps generated 3-D flights quick; every other limit is the default.
APP = create_app(limits=Limits.server(flight_work=2_000))
DOCUMENT: dict[str, Any] = APP.openapi()


def _config(document: dict[str, Any], coverage: bool = False) -> SchemathesisConfig:
    """schemathesis's settings from `document`: each operation's listed refusals accepted.

    Schema-invalid requests may also be refused with 413 (a bound the schema states, such as
    a creature's speed, is a limit of the server: docs/api.md "Limits").
    """
    operations = []
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            statuses = [
                status
                for status, answer in operation.get("responses", {}).items()
                if answer.get("x-refusals")
            ]
            if statuses:
                accepted = POSITIVE_DATA_ACCEPTANCE_EXPECTED_STATUSES + statuses
                operations.append(
                    {
                        "include-name": f"{method.upper()} {path}",
                        "checks": {"positive_data_acceptance": {"expected-statuses": accepted}},
                    }
                )
    rejected = [*NEGATIVE_DATA_REJECTION_EXPECTED_STATUSES, "413"]
    return SchemathesisConfig.from_dict(
        {
            "checks": {"negative_data_rejection": {"expected-statuses": rejected}},
            "phases": {"coverage": {"enabled": coverage}},
            # the default 10 s read timeout cut the coverage phase's largest scenes on a loaded
            # machine (load 20 on 2 cores); the server's own budget answers 503 after 20 s
            "request-timeout": 60,
            "operations": operations,
        }
    )


schema = schemathesis.openapi.from_asgi("/openapi.json", APP, config=_config(DOCUMENT))
#: The long run adds schemathesis's coverage phase (every bound's edge: 500-row maps, 5,000
#: walls): minutes on these machines.
long_schema = schemathesis.openapi.from_asgi(
    "/openapi.json", APP, config=_config(DOCUMENT, coverage=True)
)


def refusal_is_listed(ctx: Any, response: Any, case: schemathesis.Case) -> bool | None:
    """A schema-valid request answered 400 or 413 carries a code its operation lists."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return None
    if response.status_code not in (400, 413):
        return None
    listed = refusals_of(DOCUMENT, case.method, case.path, response.status_code)
    body = response.json()
    code, field = body.get("code"), body.get("field")
    assert is_listed(listed, code, field), (
        f"{case.method} {case.path}: a schema-valid request refused with {response.status_code}"
        f" {code} ({field}), not a listed refusal: {body.get('error')}"
    )
    return None


def _run(case: schemathesis.Case) -> None:
    case.call_and_validate(additional_checks=[refusal_is_listed])


@schema.parametrize()
@settings(max_examples=10, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_schema(case: schemathesis.Case) -> None:
    """Every operation answers generated input as its schema says: every check, none excluded."""
    _run(case)


#: ``FOOTFALL_SCHEMA_SEED=N``: the long run draws its examples at random from seed N
#: (``derandomize`` off); unset, it draws the same examples every run.
_SEED = os.environ.get("FOOTFALL_SCHEMA_SEED")
_seeded: Callable[[Any], Any] = seed(int(_SEED)) if _SEED else (lambda test: test)


@pytest.mark.slow
@long_schema.parametrize()
@_seeded
@settings(
    max_examples=150,
    deadline=None,
    derandomize=_SEED is None,
    suppress_health_check=list(HealthCheck),
)
def test_api_conforms_to_its_schema_long(case: schemathesis.Case) -> None:
    """The same run with 150 examples an operation and the coverage phase (slow: 6.5 min of
    CPU, 37 min on a 2-core machine at load 12-26 with ``-n 2``; ``FOOTFALL_SCHEMA_SEED``).

    Passed with seeds 1 and 2 (32 operations each, 31.5 min apiece run side by side at load
    8-10, 2 December; docs/benchmarks-api.md "Memory and the long schemathesis run")."""
    _run(case)


def test_every_refusal_is_documented() -> None:
    """Each listed refusal is written in its answer's description, for readers of /docs."""
    for methods in DOCUMENT["paths"].values():
        for operation in methods.values():
            for answer in operation.get("responses", {}).values():
                for code in answer.get("x-refusals", ()):
                    assert code in answer["description"]
