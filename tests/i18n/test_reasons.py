"""Other programs' reasons in the user's language (issue 14; docs/i18n.md "Usage errors and
system reasons"): tomllib's, sqlite3's and psycopg's English rendered from the catalogs
(errors_parsers.toml, errors_db.toml); a reason the catalogs lack stays as given."""

from __future__ import annotations

import inspect
import re
import sqlite3
import tomllib
from pathlib import Path

import pytest

from footfall.cli import main
from footfall.i18n import catalog
from footfall.i18n.reasons import reason_text, toml_reason


def _footfall(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[object, str]:
    """Run ``footfall ARGS`` as the console script does; return its exit code and stderr."""
    import sys

    monkeypatch.setattr(sys, "argv", ["footfall", *args])
    with pytest.raises(SystemExit) as done:
        main()
    return done.value.code, capsys.readouterr().err.strip()


#: Latin words a rendered reason may keep: what the library filled in and names.
KEPT = {"TCP", "IP", "SSL", "Errno", "footfall", "TOML", "PGSQL"}


def _english(text: str) -> set[str]:
    """The Latin words of `text` outside quotes that are not kept names."""
    bare = re.sub(r"'[^']*'|\"[^\"]*\"", "", text)
    return {w for w in re.findall(r"[A-Za-z]{3,}", bare) if w not in KEPT}


def _tomllib_messages() -> list[str]:
    """Every message tomllib's parser raises (each ``suffixed_err`` call in its source), an
    f-string's fields filled with a sample value."""
    from tomllib import _parser

    source = inspect.getsource(_parser)
    found = re.findall(r'suffixed_err\(\s*src,\s*\w+,\s*(f?)"((?:[^"\\]|\\.)*)"', source)
    messages = []
    for is_f, text in found:
        text = text.encode().decode("unicode_escape")
        messages.append(re.sub(r"\{[^{}]*\}", "'x'", text) if is_f else text)
    return sorted(set(messages))


def test_tomllib_source_is_read() -> None:
    """The scan finds tomllib's messages (a changed source would make the next test vacuous)."""
    messages = _tomllib_messages()
    assert len(messages) >= 20 and "Invalid statement" in messages and "Unclosed array" in messages


@pytest.mark.parametrize("message", _tomllib_messages())
@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_every_tomllib_message_is_translated(message: str, lang: str) -> None:
    """Each message of tomllib's source, with either place, is rendered without English."""
    for place in (" (at line 3, column 7)", " (at end of document)"):
        said = toml_reason(lang, message + place)  # type: ignore[arg-type]
        assert said != message + place and not _english(said), said


@pytest.mark.parametrize(
    ("document", "ru", "zh"),
    [
        ("a = 1\nb = [1, 2", "незакрытый массив (в конце документа)", "未闭合的数组(在文档末尾)"),
        ("a 1", "в паре ключ/значение после ключа ожидается '=' (строка 1, столбец 3)",
         "键/值对中的键之后应为'='(第1行第3列)"),
        ("a = 1\na = 2", "нельзя перезаписать значение (в конце документа)",
         "不能覆盖已有的值(在文档末尾)"),
        ('a = "x', "незакрытая строка (в конце документа)", "未结束的字符串(在文档末尾)"),
        ("a = \x01", "недопустимое значение (строка 1, столбец 5)", "无效的值(第1行第5列)"),
    ],
)  # fmt: skip
def test_real_toml_mistakes_are_translated(document: str, ru: str, zh: str) -> None:
    """What tomllib says of a malformed file, in Russian and Chinese, the place included."""
    with pytest.raises(tomllib.TOMLDecodeError) as exc:
        tomllib.loads(document)
    assert reason_text("ru", str(exc.value)) == ru
    assert reason_text("zh", str(exc.value)) == zh


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ru", "файл путешествия '{path}': незакрытый массив (в конце документа)"),
        ("zh", "旅程文件 '{path}':未闭合的数组(在文档末尾)"),
    ],
)
def test_a_malformed_journey_file_is_said_in_the_language(
    tmp_path: Path,
    lang: str,
    words: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """footfall travel --journey of bad TOML: the file's kind and tomllib's reason in the
    language, exit 2."""
    path = tmp_path / "trip.toml"
    path.write_text('system = "pf1e"\nlegs = [1, 2\n', encoding="utf-8")
    code, line = _footfall(
        ["travel", "pf1e", "--journey", str(path), "--lang", lang], monkeypatch, capsys
    )
    assert code == 2 and line.endswith(words.format(path=path)), line


def test_a_reason_not_in_the_catalog_stays_as_given() -> None:
    """An unknown message (a newer tomllib's, a driver's) is kept whole, place and all."""
    for reason in ("Brand new complaint (at line 1, column 1)", "connection failed: odd"):
        assert toml_reason("ru", reason) in (reason, reason)
    assert reason_text("ru", "Brand new complaint (at line 1, column 1)") == (
        "Brand new complaint (at line 1, column 1)"
    )
    assert reason_text("ru", "connection failed: odd") == "сбой подключения: odd"


def _locked_reason(path: Path) -> str:
    """sqlite3's own reason when another connection holds the write lock."""
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        other = sqlite3.connect(path, timeout=0, isolation_level=None)
        with pytest.raises(sqlite3.OperationalError) as exc:
            other.execute("BEGIN IMMEDIATE")
        other.close()
        return str(exc.value)
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_sqlite_reasons_are_translated(tmp_path: Path) -> None:
    """SQLite's result texts (a locked file, a file that is no database ...) in ru and zh."""
    locked = _locked_reason(tmp_path / "e.db")
    assert locked == "database is locked"
    assert reason_text("ru", locked) == "база данных заблокирована"
    assert reason_text("zh", locked) == "数据库已被锁定"
    for key, texts in catalog().items():
        if key.startswith("error.db.sqlite."):
            assert reason_text("ru", texts["en"]) == texts["ru"]
            assert not _english(texts["ru"]) and not _english(texts["zh"]), key


@pytest.mark.parametrize(
    ("lang", "prefix", "frame", "reason"),
    [
        ("ru", "footfall: ошибка: ", "не удаётся открыть базу столкновений",
         "файл не является базой данных"),
        ("zh", "footfall: 错误: ", "无法打开遭遇数据库", "文件不是数据库"),
    ],
)  # fmt: skip
def test_a_file_that_is_no_database_is_said_in_the_language(
    tmp_path: Path,
    lang: str,
    prefix: str,
    frame: str,
    reason: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """footfall encounter list --database on a text file: SQLite's reason in the language."""
    path = tmp_path / "notes.db"
    path.write_bytes(b"these are my notes, not a database\n" * 200)
    args = ["encounter", "list", "--database", str(path), "--lang", lang]
    code, line = _footfall(args, monkeypatch, capsys)
    assert code == 2 and line.startswith(prefix) and frame in line and line.endswith(reason), line


def test_psycopg_connection_failures_are_translated() -> None:
    """libpq's composed failure (frame, server, the system's reason, the hint) in ru and zh."""
    refused = (
        'connection failed: connection to server at "127.0.0.1", port 1 failed: Connection '
        "refused\n\tIs the server running on that host and accepting TCP/IP connections?"
    )
    assert reason_text("ru", refused) == (
        'сбой подключения: не удалось подключиться к серверу "127.0.0.1", порт 1: в соединении '
        "отказано. Сервер действительно работает на этом узле и принимает TCP-соединения?"
    )
    assert reason_text("zh", refused) == (
        '连接出错:连接到服务器"127.0.0.1"端口1失败:拒绝连接。服务器是否在该主机上运行并接受TCP/IP连接?'
    )
    for reason in (
        "failed to resolve host 'db.invalid': [Errno -2] Name or service not known",
        'connection failed: connection to server at "10.0.0.1", port 5432 failed: FATAL:  '
        'password authentication failed for user "gm"',
        'connection failed: connection to server at "10.0.0.1", port 5432 failed: FATAL:  '
        'database "footfall" does not exist',
        'connection is bad: invalid integer value "x" for connection option "port"',
        "connection timeout expired",
        "couldn't get a connection after 30.00 sec",
    ):
        for lang in ("ru", "zh"):
            said = reason_text(lang, reason)  # type: ignore[arg-type]
            assert said != reason and not _english(said), said


def test_a_real_psycopg_failure_is_said_in_the_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """footfall encounter list --database postgresql://...:1 (nothing listens): psycopg's
    English reason is rendered in Russian, inside the translated frame, exit 2."""
    pytest.importorskip("psycopg")
    url = "postgresql://gm:secret@127.0.0.1:1/footfall"
    code, line = _footfall(
        ["encounter", "list", "--database", url, "--lang", "ru"], monkeypatch, capsys
    )
    assert code == 2 and line.startswith("footfall: ошибка: ") and "отказано" in line, line
    assert not _english(line.split(": ", 1)[1].replace("footfall", "")), line


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "ru",
            "файл путешествия: день 1: неизвестный ключ 'hustel' (известны: hustle, forced_march)",
        ),
        ("zh", "旅程文件: 第1天有未知的键'hustel'(已知:hustle、forced_march)"),
    ],
)
def test_a_journey_files_day_is_named_in_the_language(
    tmp_path: Path,
    lang: str,
    words: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A bad key of a journey file's day: the file's kind and its day in the language."""
    path = tmp_path / "days.toml"
    path.write_text('legs = ["24 mi plains road"]\n[[days]]\nhustel = 1\n', encoding="utf-8")
    args = ["travel", "pf1e", "--speed", "30", "--journey", str(path), "--lang", lang]
    code, line = _footfall(args, monkeypatch, capsys)
    assert code == 2 and line.endswith(words), line
