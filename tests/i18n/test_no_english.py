"""Issue 14's "done when": a Russian or Chinese GM runs every documented command, errs and
reads the help without meeting English beyond option names.

Every console example of the English user docs (README.md, docs/*.md, docs/systems/*.md: the
examples tests/test_docs.py runs, read by its own extraction) is run again with ``--lang ru``
and ``--lang zh``, in process; so is every hostile command line of tests/cli/test_hostile.py
(a bad creature, terrain, speed, square, scene file, system, an oversized request ... on
every command), every command's ``--help``, and every hostile request of
tests/api/test_hostile.py with ``Accept-Language: ru`` / ``zh``. What they print is scanned
for Latin-script words. What may stay Latin is the short, explicit list `SPANS` (each with
its reason, from docs/i18n.md "What stays English, and why"), the names the run itself
carries (`names`: what was typed, creature, system, sample and table ids), and the ids of a
closed vocabulary only as ``word (id)``. `--json` runs are left out: JSON is a contract and
stays English.

A second check reads Russian counts: a number before a unit, day, hour, round, square or
creature takes the form the number asks for (1 фут, 2 фута, 5 футов; 21 день, 25 дней).
"""

from __future__ import annotations

import functools
import json
import os
import re
import shlex
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import test_docs
from helpers.cli import run_main

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("ru", "zh")

# ------------------------------------------------------------------ what may stay Latin


@dataclass(frozen=True, slots=True)
class Allowed:
    """A span of text that may stay Latin in ru / zh output, and why."""

    pattern: str
    reason: str
    langs: tuple[str, ...] = LANGS


def _command_paths() -> str:
    """A pattern of every command path: ``footfall fly check``, ``(fly check)``."""
    import typer.main

    from footfall.cli import app

    paths: list[str] = []

    def walk(command: Any, path: list[str]) -> None:
        if path:
            paths.append(" ".join(path))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*path, name])

    walk(typer.main.get_command(app), [])
    words = "|".join(sorted(map(re.escape, paths), key=len, reverse=True))
    return rf"\bfootfall (?:{words})\b|\((?:{words})\)"


COMMAND_PATHS = _command_paths()
COMMAND_NAMES = sorted({w for w in re.findall(r"[a-z][\w-]*", COMMAND_PATHS) if w != "footfall"})


def _snake_ids() -> str:
    """A pattern of the vocabularies' ids spelled with underscores (light_horse, deep_snow)."""
    data = tomllib.loads((ROOT / "src/footfall/i18n/values.toml").read_text("utf-8"))
    ids = {key.rsplit(".", 1)[1] for key in data if key.startswith("value.")}
    return "|".join(sorted((re.escape(i) for i in ids if "_" in i), key=len, reverse=True))


SNAKE_IDS = _snake_ids()

#: Spans removed before the words are read, each with its reason (docs/i18n.md, "What stays
#: English, and why", unless said otherwise). Order matters: earlier spans go first.
SPANS: tuple[Allowed, ...] = (
    Allowed(r"(?<![\w-])--?[A-Za-z][\w-]*", "option names (`--speed`, `-o`) stay as they are"),
    Allowed(r"\bhttps?://\S+", "a URL"),
    Allowed(r"'[^'\n]*(?:'|…)|\"[^\"\n]*\"", "a value the user typed or a file holds, quoted"),
    Allowed(
        r"(?<=получено )(?:true|false|null|nan|inf)\b|(?<=得到)(?:true|false|null|nan|inf)\b",
        "a value the file or request held, in the file's own spelling: JSON's true, false and "
        "null (footfall.errors.quote), nan and inf as TOML writes them (JSON's NaN, Infinity)",
    ),
    Allowed(
        r"^[\w.\[\]]+(?=:)", "the API's field path an error starts with: the request's spelling"
    ),
    Allowed(
        r"\b(?:true|false)\b(?= или | или\b|或)|(?<=или )\b(?:true|false)\b|(?<=或)(?:true|false)",
        "JSON's true and false, what a request sends",
    ),
    Allowed(r"\b(?:en|ru|zh)\b", "the language codes --lang and lang take"),
    Allowed(r"(?<=\s\d)e\b", "a book's edition in its name (Dark Heresy 2e)"),
    Allowed(
        r"\{[\w-]+\}|(?<=\] )\[[a-z_]+\]",
        "an argument's name in a usage line ({SCENE}, [scene]), as Typer shows it",
    ),
    Allowed(
        r"[\w./~-]*\.(?:json|txt|toml|md|png|webp|jpg|dd2vtt|uvtt|sqlite3|db|py)\b",
        "file names (a seed's, a scene's, RULES.md cited as a source)",
    ),
    Allowed(
        r"\bdocs/[\w/.-]*", "a guide's path in a --help (docs/ru/scenes.md), cut where it wraps"
    ),
    Allowed(r"(?m)(?:Пример|例如)[:：]\s*footfall .*$", "an example command in a --help, as typed"),
    Allowed(r"(?<![\w.])\.(?:dd2vtt|uvtt|df2vtt|json|toml|txt|png)\b", "a file name's extension"),
    Allowed(r"\b\d{3}_[0-9a-f]+\b", "a seed file's name (000_709853d3f24b4f08.txt), wrapped"),
    Allowed(r"\b\w+(?:\[\d+\]|\.[a-z_]\w*)+", "a file's or request's field path (grid.type)"),
    Allowed(
        rf"\b(?!(?:{SNAKE_IDS})\b)[a-z]+(?:_[a-z0-9]+)+\b(?!=)",
        "a file's key (line_of_sight), kept as spelled; not a vocabulary's id (light_horse, "
        "deep_snow), which a sentence gives as `word (id)`",
    ),
    Allowed(
        r"\)\.[a-z_]\w*", "a field path's tail after the creature it names (('valeros').speed)"
    ),
    Allowed(
        r"\((?:известны|已知)[:：][^()]*(?:\([^()]*\)[^()]*)*\)",
        "a list of valid values: names stay as typed, a vocabulary's are `word (id)` "
        '(docs/i18n.md, "Valid values in errors"; tests/i18n/test_valid_words.py)',
    ),
    Allowed(
        r"\b[a-z_]+=[^\s,()]+(?:,[a-z_]+=[^\s,()]+)*",
        "an example of what to type (name=ИМЯ,con=МОД, run_straight=on)",
    ),
    Allowed(
        r"\b(?:FT|ALT|AB|ID|SCENE|X[01]?|Y[01]?|H|F|M|T|N)\b",
        "a metavar, as --help shows it (X,Y,ALT, --mover ID)",
    ),
    Allowed(r"\b(?:id|ID)\b", "the scene file's `id` key, what --mover and --target take"),
    Allowed(r"scheme://host\[:port\]", "a URL's syntax, as --cors-origin takes it"),
    Allowed(r"\(move: none\)", "a Foundry wall's own key and value, as the file spells it"),
    Allowed(
        r"\b(?:Universal VTT|Foundry|uvtt|foundry|VTT|JSON|UTF-8|PNG|WebP|JPEG|IP|HTTP|URL|"
        r"API|CPU|SQLite|postgresql|data URL|Ctrl\+C|numba|pip)\b",
        "program and format names",
    ),
    Allowed(COMMAND_PATHS, "a command's name (footfall travel, (fly check)), like an option"),
    Allowed(r"\bfootfall\b", "the program's name"),
    Allowed(r"\b\d*x\d+\b|\b[xy](?= \d)", "a size AxB, a multiplier (бег x3), an axis (x 0..3)"),
    Allowed(r"\bd\d+\b|\b\d*d\d+(?:[+-]\d+)?\b", "dice notation (d20, 2d6)"),
    Allowed(
        r"(?<=\d )(?:NE|NW|SE|SW|N|E|S|W)(?=\))",
        "a facing's compass letter inside a flight position, (0,-2,20 E): the notation --steps "
        "and --to use; in a sentence a facing is its word, «восток (E)»",
    ),
    Allowed(
        r"(?<![\w-])(?:[fb]\d*|[lrud]\d*)(?![\w-])",
        "the flight steps' notation (f, r90, d5), as --steps takes it",
    ),
    Allowed(
        r"(?<![\w-])[A-Za-z](?:-[A-Za-z])?(?![\w-])",
        "one letter: a creature's glyph on a map and its legend (a-z, A-Z), a name (A, B)",
    ),
    Allowed(
        r"(?m)^[^\sА-я\u4e00-\u9fff]*[.^*#%_~][^\sА-я\u4e00-\u9fff]*$",
        "a map's row of glyphs (a flight reach map: ........ll...*****)",
    ),
    Allowed(r"\b(?:DC|AC|AB)\b", "seed 004 writes DC, AC and AB in Latin", ("zh",)),
    Allowed(r"(?<![A-Za-z])MiB\b", "a memory unit, written MiB in Chinese technical text", ("zh",)),
    Allowed(r"\b(?:mi|km|ft)\b", "the units a --leg is written in, where a message says which"),
)


@functools.cache
def vocabulary_ids() -> frozenset[str]:
    """The ids of every closed vocabulary (values.toml) and of every system's data: allowed
    only as ``word (id)`` or in a table's id column, never bare in a sentence."""
    data = tomllib.loads((ROOT / "src/footfall/i18n/values.toml").read_text("utf-8"))
    ids = {key.rsplit(".", 1)[1] for key in data if key.startswith("value.")}
    from enum import StrEnum

    from footfall import chase
    from footfall.rules import vocabulary

    enums = [*vars(vocabulary).values(), *vars(chase).values()]
    for enum in enums:  # every closed vocabulary of the rules' data and of a chase
        if isinstance(enum, type) and issubclass(enum, StrEnum) and enum is not StrEnum:
            ids.update(str(v) for v in enum)
    return frozenset(ids)


@functools.cache
def shipped_names() -> frozenset[str]:
    """Names that stay as written in every language (docs/i18n.md, "Lists of names"): the
    systems' ids and the books' names, sample scenes and their creatures, table ids."""
    from footfall.rules import SYSTEM_IDS, load_system
    from footfall.scene.samples import list_samples, load_sample
    from footfall.tables import table_ids

    names: set[str] = set()
    for system_id in SYSTEM_IDS:
        system = load_system(system_id)
        names.add(system_id)
        names.update(re.findall(r"[A-Za-z&][\w&]*", f"{system.names.ru} {system.names.zh}"))
        names.update(table_ids(system))
    names.update(p.stem for p in (ROOT / "src/footfall/maps").glob("*.txt"))  # route maps
    for sample in list_samples():
        names.add(sample)
        names.update(c.id for c in load_sample(sample).creatures)
    return frozenset(names)


def typed_words(argv: list[str]) -> set[str]:
    """The words of the command line: a value the user typed stays as typed (a creature's
    id, a --title, a party member's name, a --leg's terrain)."""
    return {w for arg in argv if not arg.startswith("--") for w in LATIN.findall(arg)}


LATIN = re.compile(r"[A-Za-z][A-Za-z0-9&'’]*(?:-[A-Za-z0-9]+)*")
#: a closed vocabulary's id shown as ``word (id)`` or ``word(id)`` (docs/i18n.md, "Valid
#: values in errors"): the id stands in brackets right after its word
BRACKETED_ID = re.compile(r"(?<=[^\s(])\s?\(([\w-]+)\)")
#: a violation's code, in square brackets before its reason (`✗ [budget] шаг 3: ...`) or
#: in the flight check's code column: the API's `code`, an id like an option name
CODES = re.compile(r"\[([a-z][a-z-]*)\]|(?<=  )([a-z]+(?:-[a-z]+)+)(?=  )")


def english_left(
    text: str, lang: str, allowed: frozenset[str] = frozenset(), table: bool = False
) -> list[str]:
    """Return the Latin words of `text` that nothing allows (`SPANS`, names, ids
    in brackets, `allowed`); `table`: a `footfall tables` table, whose id column lists the
    ids to type, or a --help, which names the values an option takes as typed (each
    possibly cut where the terminal wraps it)."""
    ids = vocabulary_ids()
    text = BRACKETED_ID.sub(lambda m: " " if m[1] in ids or m[1] in allowed else m[0], text)
    text = CODES.sub(lambda m: " " if (m[1] or m[2]) in violation_codes() else m[0], text)
    for span in SPANS:
        if lang in span.langs:
            text = re.sub(span.pattern, " ", text, flags=re.ASCII)
    names = shipped_names() | allowed
    left = []
    for word in LATIN.findall(text):
        if word in names or word.lower() in names:
            continue
        if table and any(word in i for i in ids | names):
            continue
        left.append(word)
    return left


@functools.cache
def violation_codes() -> frozenset[str]:
    """The violation codes of the tactical and flight checks (their enums' values)."""
    from footfall.rules import RuleId

    return frozenset(str(c) for c in RuleId)


# ------------------------------------------------------------------ Russian counts

#: A noun's forms after a bare count (nominative: 1 фут, 2 фута, 5 футов, 1,5 фута) and after
#: a preposition that takes the genitive (до 1 фута, до 2 футов); CLDR's ru rules.
NOUNS: dict[str, tuple[tuple[str, str, str], tuple[str, str]]] = {
    "фут": (("фут", "фута", "футов"), ("фута", "футов")),
    "миля": (("миля", "мили", "миль"), ("мили", "миль")),
    "километр": (("километр", "километра", "километров"), ("километра", "километров")),
    "метр": (("метр", "метра", "метров"), ("метра", "метров")),
    "день": (("день", "дня", "дней"), ("дня", "дней")),
    "час": (("час", "часа", "часов"), ("часа", "часов")),
    "минута": (("минута", "минуты", "минут"), ("минуты", "минут")),
    "раунд": (("раунд", "раунда", "раундов"), ("раунда", "раундов")),
    "ход": (("ход", "хода", "ходов"), ("хода", "ходов")),
    "клетка": (("клетка", "клетки", "клеток"), ("клетки", "клеток")),
    "существо": (("существо", "существа", "существ"), ("существа", "существ")),
    "шаг": (("шаг", "шага", "шагов"), ("шага", "шагов")),
    "точка": (("точка", "точки", "точек"), ("точки", "точек")),
    "стена": (("стена", "стены", "стен"), ("стены", "стен")),
}
#: prepositions and comparatives after which a count takes the genitive
GENITIVE = frozenset(
    {
        "до",
        "из",
        "от",
        "около",
        "больше",
        "меньше",
        "более",
        "менее",
        "свыше",
        "без",
        "кроме",
        "вместо",
        "у",
        "после",
        "для",
        "дальше",
        "длиннее",
        "сверх",
        "ниже",
        "выше",
        "дольше",
    }
)
#: prepositions after which a count takes another case (accusative, dative, instrumental,
#: prepositional): not read here
OTHER_CASES = frozenset(
    {
        "в",
        "во",
        "на",
        "по",
        "за",
        "к",
        "ко",
        "с",
        "со",
        "о",
        "об",
        "при",
        "через",
        "про",
        "под",
        "над",
        "перед",
        "между",
        "кратна",
        "кратно",
        "кратной",
        "равна",
        "равно",
        "равной",
    }
)
_FORMS = {form: lemma for lemma, (nom, gen) in NOUNS.items() for form in (*nom, *gen)}
COUNT = re.compile(
    r"(?<![\w,.x-])(\S+ )?(\d+(?:,\d+)?) ("
    + "|".join(sorted(_FORMS, key=len, reverse=True))
    + r")(?![а-яё])"
)


def _category(number: str) -> int:
    """0 one, 1 few (and a fraction: 1,5 мили), 2 many (CLDR ru)."""
    if "," in number:
        return 1
    n = int(number)
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def wrong_counts(text: str) -> list[str]:
    """Russian counts whose noun does not agree: '24 миль' (nominative), 'до 1 клеток'."""
    wrong = []
    for match in COUNT.finditer(text):
        before, number, noun = match[1], match[2], match[3]
        nominative, genitive = NOUNS[_FORMS[noun]]
        word = (before or "").strip().lower()
        word = word.rstrip(":,")
        if word in GENITIVE:
            want = genitive[0 if _category(number) == 0 or "," in number else 1]
        elif word in OTHER_CASES:
            continue  # в, на, по, к ...: the phrase's case (docs/i18n.md, agree-in / -to)
        else:
            want = nominative[_category(number)]
        if noun != want:
            wrong.append(f"{match[0].strip()} (want {number} {want})")
    return wrong


# ------------------------------------------------------------------ the runs


def _run(argv: list[str]) -> tuple[int, str]:
    """Run ``footfall ARGV`` in process as the console script does: (exit status, output)."""
    status, out, err = run_main(["footfall", *argv])
    return status, out + err


def in_language(argv: list[str], lang: str) -> list[str]:
    """`argv` asked in `lang`: a --lang it has made `lang`, else ``--lang lang`` added before a
    ``>`` (version takes none: FOOTFALL_LANG, set by the caller, chooses for it)."""
    argv = list(argv)
    if "--lang" in argv:
        argv[argv.index("--lang") + 1] = lang
        return argv
    at = argv.index(">") if ">" in argv else len(argv)
    return argv if argv[1:2] == ["version"] else [*argv[:at], "--lang", lang, *argv[at:]]


def english_docs() -> list[test_docs.Example]:
    """The English user docs' examples (the translated guides run in their own tests)."""
    translated = ("README.ru.md", "README.zh.md", "docs/ru/", "docs/zh/")
    return [e for e in test_docs.EXAMPLES if not e.doc.startswith(translated)]


def doc_runs(lang: str, directory: Path) -> Iterator[tuple[str, list[str], str]]:
    """Run every non-JSON command of the English docs in `lang`: (where, argv, output)."""
    for example in english_docs():
        typed = [w for c in example.commands for w in shlex.split(c.text, comments=True)]
        here = directory / example.id.replace("/", "_").replace(":", "_")
        here.mkdir()
        os.chdir(here)
        test_docs.write_example_files(here)
        for key, (steps, edit) in test_docs.PREPARE.items():
            if example.commands[0].text.startswith(key):
                for step in steps:
                    test_docs.run(step, here)
                if edit is not None:
                    edit(here)
        for command in example.commands:
            if command.text.startswith("cat "):
                name = shlex.split(command.text)[1]
                (here / name).write_text((command.shown or "") + "\n", encoding="utf-8")
                continue
            argv = shlex.split(command.text, comments=True)
            if "--json" in argv:
                continue  # JSON is a contract: it stays English
            asked = in_language(argv, lang)
            _, output = test_docs.run(shlex.join(asked).replace("'>'", ">"), here)
            yield f"{example.doc}:{command.line}", [*asked, "#", *typed], output


def check_runs(runs: Iterator[tuple[str, list[str], str]], lang: str) -> list[str]:
    """Every run's English left (and, in Russian, its counts that disagree)."""
    found = []
    for where, typed, output in runs:
        argv = typed[: typed.index("#")] if "#" in typed else typed
        table = argv[1:2] == ["tables"] or "--help" in argv
        left = english_left(output, lang, frozenset(typed_words(typed)), table=table)
        if left:
            found.append(f"{where}: {shlex.join(argv)}: {sorted(set(left))}")
        if lang == "ru":
            found += [f"{where}: {shlex.join(argv)}: {w}" for w in wrong_counts(output)]
    return found


@pytest.fixture
def lang_env(lang: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The docs' terminal (80 columns, no colour), the language, a directory to run in."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("FOOTFALL_LANG", lang)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("lang", LANGS)
def test_every_doc_example_is_in_the_language(lang: str, lang_env: Path) -> None:
    """Every console example of the English docs, run with --lang ru / zh, prints no English
    beyond what `SPANS` allows; Russian counts agree with their nouns."""
    assert check_runs(doc_runs(lang, lang_env), lang) == []


def hostile_runs(lang: str, directory: Path) -> Iterator[tuple[str, list[str], str]]:
    """Every bad command line of tests/cli/test_hostile.py (each command's bad creature,
    terrain, speed, square, scene file, system, oversized request ...) in `lang`."""
    from cli.test_hostile import CASES, _args, _write_files

    _write_files(directory)
    os.chdir(directory)
    for case in CASES:
        argv = _args(case.values[0], directory)
        if "--json" in argv or "--lang" in argv:
            continue  # JSON stays English; a case about --lang itself is said in all three
        asked = ["footfall", *in_language(["footfall", *argv], lang)[1:]]
        _, output = _run(asked[1:])
        yield f"cli/test_hostile.py::{case.id}", asked, output


@pytest.mark.parametrize("lang", LANGS)
def test_every_hostile_command_line_is_in_the_language(lang: str, lang_env: Path) -> None:
    """Every bad input on every command, with --lang ru / zh: its one error line holds no
    English beyond `SPANS` and what was typed; Russian counts agree."""
    assert check_runs(hostile_runs(lang, lang_env), lang) == []


def help_runs(lang: str, directory: Path) -> Iterator[tuple[str, list[str], str]]:
    """``footfall ... --help --lang`` of the root, every group and every command."""
    import typer.main

    from footfall.cli import app

    def walk(command: Any, path: list[str]) -> Iterator[list[str]]:
        yield path
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            yield from walk(sub, [*path, name])

    for path in walk(typer.main.get_command(app), []):
        argv = ["footfall", *path, "--help", *([] if path == ["version"] else ["--lang", lang])]
        _, output = _run(argv[1:])
        command = typer.main.get_command(app)
        for name in path:
            command = command.commands[name]  # type: ignore[attr-defined]
        names = [*getattr(command, "commands", {}), *(p.name or "" for p in command.params)]
        names += COMMAND_NAMES  # a command named in another's help (route's legs go to travel)
        yield " ".join(["footfall", *path]), [*argv, "#", *names], output


@pytest.mark.parametrize("lang", LANGS)
def test_every_help_is_in_the_language(
    lang: str, lang_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every command's --help in ru / zh: option names, metavars and ids are all it keeps."""
    from typer import rich_utils

    from footfall.cli.help import _TYPER_WORDS

    for name in _TYPER_WORDS:  # main sets Typer's panel titles: put them back afterwards
        monkeypatch.setattr(rich_utils, name, getattr(rich_utils, name))
    monkeypatch.setenv("COLUMNS", "200")
    assert check_runs(help_runs(lang, lang_env), lang) == []


def api_runs(lang: str, directory: Path | None = None) -> Iterator[tuple[str, list[str], str]]:
    """Every hostile request of tests/api/test_hostile.py, asked with Accept-Language."""
    from fastapi.testclient import TestClient

    from api.test_hostile import CASES
    from footfall.api import create_app

    client = TestClient(create_app())
    for case in CASES:
        method, url, body, raw, _status, _says = case.values
        if "lang=" in url or (isinstance(body, dict) and "lang" in body):
            continue  # a bad lang is refused in the header's language: English here
        content = raw if raw is not None else None if body is None else json.dumps(body).encode()
        headers = {"Accept-Language": lang, "content-type": "application/json"}
        answer = client.request(method, url, content=content, headers=headers)
        line = answer.json().get("error", "") if answer.status_code >= 400 else ""
        sent = json.dumps(body) if body is not None else (raw or b"").decode("utf-8", "replace")
        yield f"api/test_hostile.py::{case.id}", [method, url, "#", url, sent], line


@pytest.mark.parametrize("lang", LANGS)
def test_every_api_refusal_is_in_the_language(lang: str) -> None:
    """Every hostile request, with Accept-Language ru / zh: its "error" line holds no English
    beyond `SPANS` and what the request sent (field paths are its own spelling)."""
    assert check_runs(api_runs(lang), lang) == []


def table_runs(lang: str, directory: Path) -> Iterator[tuple[str, list[str], str]]:
    """``footfall tables SYSTEM TABLE`` for every table of every system, and ``reach`` and
    ``path`` for every creature of every sample scene: the answers the docs show one of."""
    from footfall.rules import SYSTEM_IDS, load_system
    from footfall.scene.samples import list_samples, load_sample
    from footfall.tables import table_ids

    for system_id in SYSTEM_IDS:
        system = load_system(system_id)
        for table in table_ids(system):
            argv = ["footfall", "tables", system_id, table, "--lang", lang]
            yield (
                f"tables {system_id} {table}",
                [*argv, "#", *citations(system, table, lang)],
                (_run(argv[1:])[1]),
            )
    for sample in list_samples():
        for creature in load_sample(sample).creatures:
            for command in (["reach"], ["path", "--to", "0,0"]):
                argv = ["footfall", command[0], sample, "--mover", creature.id, *command[1:]]
                argv += ["--lang", lang]
                yield " ".join(argv[1:4]), argv, _run(argv[1:])[1]


def citations(system: Any, table: str, lang: str) -> list[str]:
    """A table's sources: a seed's or a book's table cited as it is written (docs/i18n.md:
    "a citation is the cited text"), the table's own and its source column's."""
    from footfall.tables import table_view

    view = table_view(system, table)
    cited = [view.source.document, view.source.table]
    columns = [c.id for c in view.columns]
    if "source" in columns:
        cited += [row[columns.index("source")] for row in view.text_rows(lang)]
    return cited


@pytest.mark.parametrize("lang", LANGS)
def test_every_table_and_sample_answer_is_in_the_language(lang: str, lang_env: Path) -> None:
    """Every table of every system and every sample creature's reach and path, in ru / zh:
    no English beyond `SPANS`, the ids of a table's id column and its citations."""
    assert check_runs(table_runs(lang, lang_env), lang) == []


# ------------------------------------------------------------------ the checks can fail


@pytest.mark.parametrize("lang", LANGS)
def test_a_planted_english_line_is_caught(
    lang: str, lang_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An English answer planted in the catalog's ru / zh text is found by the doc run."""
    from footfall.i18n import catalog

    planted = "{system}: speed {speed} ft, armor {armor}, load {load} (run x{run})"
    monkeypatch.setitem(catalog()["rates.title.d20"], lang, planted)
    argv = ["footfall", "rates", "pf1e", "--speed", "30", "--lang", lang]
    found = check_runs(iter([("planted", argv, _run(argv[1:])[1])]), lang)
    assert len(found) == 1 and "'speed'" in found[0] and "'armor'" in found[0], found


def test_the_scanner_keeps_only_what_is_allowed() -> None:
    """Bare English and a bare vocabulary id are caught; `word (id)`, names, option names,
    quoted values, file names and coordinates are not."""
    assert english_left("valeros, перемещение: до 30 фт", "ru") == []
    assert english_left("valeros, move: up to 30 фт", "ru") == ["move", "up", "to"]
    assert english_left("известна: Болото (swamp), Лес (forest)", "ru") == []
    assert english_left("местность swamp непроходима", "ru") == ["swamp"]
    assert english_left("已知:沼泽(swamp)、森林(forest)", "zh") == []
    assert english_left("--speed 'fast' в cellar.json: [3, 4]", "ru") == []
    assert english_left("DC 12", "zh") == [] and english_left("DC 12", "ru") == ["DC"]
    assert english_left("путь: (0,0,20 N) f (0,-1,20 NE)", "ru") == []
    assert english_left("нет line_of_sight", "ru") == []
    assert english_left("у light_horse нет строки", "ru") == ["light", "horse"]
    assert english_left("у Легкая лошадь (light_horse) нет строки", "ru") == []
    assert english_left("направление NE, высота 20 фт", "ru") == ["NE"]
    assert english_left("направление восток (E), высота 20 фт", "ru") == []
    assert english_left("speed: ожидается число, получено true", "ru") == []
    assert english_left("speed: ожидается число, получено True", "ru") == ["True"]
    assert english_left("цель: five-foot-step", "ru") == ["five-foot-step"]
    assert english_left("цель: five-foot-step", "ru", frozenset({"five-foot-step"})) == []


def test_the_russian_count_check_reads_the_forms() -> None:
    """1 фут, 2 фута, 5 футов, 21 день, 1,5 мили, до 1 клетки pass; 24 миль, 1 футов,
    до 2 клетки fail (CLDR ru: one, few, many; the genitive after до)."""
    good = "1 фут, 2 фута, 5 футов, 21 день, 22 дня, 25 дней, 1,5 мили, до 1 клетки, до 5 клеток"
    assert wrong_counts(good) == []
    assert wrong_counts("в 3 милю") == []  # after в the phrase's case: not read
    bad = wrong_counts("24 миль, 1 футов, до 2 клетки, 11 раунд")
    assert bad == [
        "24 миль (want 24 мили)",
        "1 футов (want 1 фут)",
        "до 2 клетки (want 2 клеток)",
        "11 раунд (want 11 раундов)",
    ]
