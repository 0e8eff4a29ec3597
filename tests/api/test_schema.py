"""A bounded schemathesis run: generated requests never get a 5xx or an undocumented answer."""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance

from footfall.api import Limits, create_app

# A small flight-search cap keeps generated 3-D flights quick; every other limit is the default.
schema = schemathesis.openapi.from_asgi(
    "/openapi.json", create_app(limits=Limits.server(flight_work=2_000))
)


@schema.parametrize()
@settings(
    max_examples=10,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_api_conforms_to_its_schema(case: schemathesis.Case) -> None:
    """Every operation answers generated input with a documented status and JSON, never a 5xx.

    The schema gives types; whether a scene, an id or a speed makes sense is the library's call
    (a 400 with the CLI's line), so "schema-valid input must be accepted" is not checked.
    """
    case.call_and_validate(excluded_checks=[positive_data_acceptance])
