"""``footfall forced``: Draw Steel push, pull and slide on the command line."""

from __future__ import annotations

from helpers.cli import cli_json, invoke


def test_push_into_a_thin_wall() -> None:
    """The burning hall: the goblin beside a thin wall pushed 3 takes 2 + 3 (Heroes)."""
    data = cli_json("forced", "drawsteel-burning-hall", "--target", "goblin", "--kind", "push",
                    "--distance", "3", "--source", "shadow", "--path", "10,2 11,2")  # fmt: skip
    outcome = data["outcomes"][0]
    assert outcome["end"] == [9, 2] and outcome["damage"] == 5
    assert outcome["collision"]["material"] == "stone"


def test_table_lists_outcomes() -> None:
    """Without --json: a header and one row per outcome."""
    result = invoke(["forced", "drawsteel-burning-hall", "--target", "rat", "--kind", "slide",
                     "--distance", "1"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "slide rat: up to 1 squares" in result.stdout and "ends at" in result.stdout


def test_source_square_and_errors() -> None:
    """--source takes a square X,Y; a push without one fails in one line, exit 2."""
    ok = cli_json("forced", "drawsteel-burning-hall", "--target", "goblin", "--kind", "push",
                  "--distance", "1", "--source", "3,2")  # fmt: skip
    assert ok["origin"] == [3, 2] and ok["source"] is None
    bad = invoke(["forced", "drawsteel-burning-hall", "--target", "goblin", "--kind", "push",
                  "--distance", "1"])  # fmt: skip
    assert bad.exit_code == 2 and "needs --source" in bad.stderr
    assert "Traceback" not in bad.output
