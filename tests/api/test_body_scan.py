"""The strict body's scans (footfall.api.body): fast on a common scene, never wrong.

`whole_numbers` rewrites a body only when a number may be written with a point or an
exponent; `check_json` looks for a 4301-digit run only in a body holding that many digits.
The shortcuts must never skip a body that needs the work.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from footfall.api.body import _whole, check_json, whole_numbers
from footfall.errors import InputError

#: JSON values with whole and fractional floats, strings that look like numbers, nesting.
VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.integers(-999, 999).map(float)
    | st.sampled_from(["pf1e", "a 1.0 b", "1e5", "-2.5", "x9.", ""])
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=12,
)
SEPARATORS = st.tuples(st.sampled_from([",", ", ", " ,\n"]), st.sampled_from([":", ": ", "\t:"]))


@given(VALUES, SEPARATORS)
def test_whole_numbers_agrees_with_a_full_rewrite(
    value: object, separators: tuple[str, str]
) -> None:
    """Whatever the spacing, `whole_numbers` reads as the full parse-and-rewrite would."""
    text = json.dumps(value, separators=separators).encode()
    full = json.loads(text, parse_float=_whole)
    assert repr(json.loads(whole_numbers(text))) == repr(full)


def test_a_pf1e_scene_is_handed_on_as_it_came() -> None:
    """``pf1e`` (a digit before an ``e``) is no number: the body is not parsed again."""
    body = b'{"scene": {"footfall": 1, "system": "pf1e", "map": ["..", ".."]}, "mover": "a"}'
    assert whole_numbers(body) is body


def test_a_long_run_of_digits_is_still_found() -> None:
    """4,301 digits in a body: the 400 naming Python's limit, the digit count's shortcut aside."""
    body = b'{"n": ' + b"7" * 4301 + b"}"
    with pytest.raises(InputError, match="more than 4300 digits"):
        check_json(body, 64)
