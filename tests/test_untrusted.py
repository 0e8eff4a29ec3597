"""footfall.untrusted: the one reader of users' files and JSON, bounded before it reads."""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path

import pytest

from footfall.errors import InputError, LimitError
from footfall.untrusted import exact_decimal, parse_json, read_bytes, read_text


def test_read_text_drops_a_byte_order_mark(tmp_path: Path) -> None:
    """A file saved with a BOM (Windows Notepad) reads as the same text without it."""
    file = tmp_path / "a.txt"
    file.write_bytes(b"\xef\xbb\xbfhello")
    assert read_text(file, "map file", 100) == "hello"


def test_size_is_checked_before_reading(tmp_path: Path) -> None:
    """A file over the limit is refused from its size, naming the limit."""
    file = tmp_path / "big.json"
    file.write_bytes(b"x" * 101)
    with pytest.raises(LimitError, match="101 bytes, over the limit of 100"):
        read_bytes(file, "journey file", 100)


def test_devices_pipes_and_folders_are_refused(tmp_path: Path) -> None:
    """/dev/zero says its size is 0 and reads forever: refused before a byte is read."""
    with pytest.raises(InputError, match="not a regular file"):
        read_bytes("/dev/zero", "scene file", 100)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="not a regular file"):
        read_bytes(fifo, "scene file", 100)
    with pytest.raises(InputError, match="Is a directory"):
        read_bytes(tmp_path, "scene file", 100)


def test_not_utf8_names_the_byte(tmp_path: Path) -> None:
    """Text that is not UTF-8 is refused naming the first bad byte."""
    file = tmp_path / "latin.txt"
    file.write_bytes(b"ab\xff")
    with pytest.raises(InputError, match=r"not UTF-8 text \(byte 2\)"):
        read_text(file, "map file", 100)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000, "nested too deeply"),
        ("[" + "9" * 5000 + "]", "a number of more than"),
        ('{"a": }', "not valid JSON: Expecting value"),
    ],
)
def test_bad_json_is_one_line(text: str, words: str) -> None:
    """Deep nesting, 5000-digit integers and bad syntax are each one line naming the file."""
    with pytest.raises(InputError, match=words) as caught:
        parse_json(text, "doc")
    assert str(caught.value).startswith("doc: ") and "\n" not in str(caught.value)


def test_exact_decimals_and_their_exponent_bound() -> None:
    """Decimals read exactly; an exponent of ten million digits is refused at once."""
    assert parse_json('{"a": 0.1}', "doc", parse_float=exact_decimal) == {"a": Fraction(1, 10)}
    with pytest.raises(InputError, match="exponent over 4300"):  # never builds 10**10000000
        parse_json('{"a": 1e10000000}', "doc", parse_float=exact_decimal)
