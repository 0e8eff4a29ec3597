"""The translated guides (docs/ru/*.md, docs/zh/*.md) say what the English ones say, in words.

What is compared with the English guide of the same name (docs/<lang>/X.md with docs/X.md):

- the headings: the same levels in the same order (the words are translated);
- the fenced blocks: as many, in the same order, with the same info strings;
- the commands (`$ ...` lines, and the bare `footfall ...` lines of a command list): the same
  words as the English ones, up to an added `--lang <lang>` (so that the example answers in the
  guide's language: tests/test_docs.py runs it and checks the shown output) and up to the
  `# comment` after them, which is translated;
- `python`, `toml`, `sh` and `bash` blocks: the same code line by line; only what follows a
  `#` comment mark may differ (it is translated);
- `json` blocks: the same JSON (keys, numbers, booleans, order and elisions alike), except that
  a string value may be the translation of the English one (an error line or a label as the
  API answers in the language): then it contains the language's script. JSON that the docs
  shorten beyond parsing is compared as text;
- `text` and bare blocks that are not commands (outputs shown, maps): free, since an output in
  the guide's language differs; the ones that run are checked by tests/test_docs.py.

And of the prose: every paragraph, list item, table row and heading holds the language's
script (Cyrillic for ru, CJK for zh), unless it holds nothing but code, links, numbers and the
names in NAMES (no untranslated English paragraph). Links inside docs/<lang> (and README.<lang>.md)
point to the translation where one exists, and their `#anchors` name a heading of the target.
docs/<lang>/README.md, the index, links every translated guide and, for each guide not yet
translated, the English one. Every `$ footfall ...` line of a translated guide carries
`--lang` and is run by tests/test_docs.py (whose DOCS lists docs/ru and docs/zh); a translated
system page names the same tables, actions and switch defaults as the English one.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGUAGES = ("ru", "zh")
#: the script a translated paragraph must hold, by language
SCRIPTS = {
    "ru": re.compile(r"[А-Яа-яЁё]"),
    "zh": re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]"),
}
#: words that stay as they are in every language: names of games, programs, formats, people
NAMES = frozenset(
    re.findall(
        r"\S+",
        """
        footfall pathfinder rpg d dark heresy draw steel dungeons dragons core rulebook api
        http https json toml png webp svg csv cli url gm numba python pip typer fastapi
        uvicorn foundry vtt universal dungeondraft dd2vtt chromium git gcc ok id ids en ru zh
        unicode utf bom crlf cr lf linux macos windows docker systemd nginx caddy mypy ruff
        pytest hypothesis node js es vs x
        """,
    )
)
#: the developer documents, left in English (the index says so)
DEVELOPER = ("architecture", "benchmarks", "decisions", "dependencies", "i18n")


def translated(lang: str) -> list[Path]:
    """Every translated guide of `lang` but its index, in name order."""
    folder = DOCS / lang
    return sorted(p for p in folder.rglob("*.md") if p != folder / "README.md")


def english(path: Path, lang: str) -> Path:
    """The English guide a translated one translates (docs/ru/x.md -> docs/x.md)."""
    return DOCS / path.relative_to(DOCS / lang)


def guides() -> list[Path]:
    """Every English guide a translation may exist for (docs/*.md and docs/systems/*.md)."""
    return sorted([*DOCS.glob("*.md"), *(DOCS / "systems").glob("*.md")])


PAIRS = [
    pytest.param(lang, path, id=path.relative_to(ROOT).as_posix())
    for lang in LANGUAGES
    for path in translated(lang)
]


# --- reading a guide ---------------------------------------------------------------------------


def split(path: Path) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """The lines outside fenced blocks (a block leaves one empty line) and the blocks."""
    prose: list[str] = []
    blocks: list[tuple[str, list[str]]] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        opening = re.match(r"^```(\S*)\s*$", lines[index])
        if opening is None:
            prose.append(lines[index])
            index += 1
            continue
        end = index + 1
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        blocks.append((opening.group(1), lines[index + 1 : end]))
        prose.append("")
        index = end + 1
    return prose, blocks


def headings(prose: list[str]) -> list[str]:
    """The headings of a guide, in order."""
    return [line for line in prose if re.match(r"^#{1,6} ", line)]


def units(prose: list[str]) -> Iterator[str]:
    """Every paragraph, list item, table row and heading of a guide's prose."""
    current: list[str] = []

    def close() -> Iterator[str]:
        if current:
            yield " ".join(current)
            current.clear()

    for line in prose:
        stripped = line.strip()
        if not stripped:
            yield from close()
        elif stripped.startswith("#") or stripped.startswith("|"):
            yield from close()
            if not re.match(r"^\|[\s|:-]+\|$", stripped):
                yield stripped
        elif re.match(r"^([-*+]|\d+\.) ", stripped):
            yield from close()
            current.append(stripped)
        else:
            current.append(stripped)
    yield from close()


def words(unit: str) -> str:
    """A unit's words, without its code, link targets, addresses and markup."""
    text = re.sub(r"`[^`]*`", " ", unit)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"<[^>]*>", " ", text)
    text = re.sub(r"[\w./-]+\.(?:md|py|toml|json|txt|js|mjs|png)\b", " ", text)  # file names
    return re.sub(r"https?://\S+", " ", text)


def english_left(unit: str, lang: str) -> bool:
    """Tell whether a unit is English left untranslated (no script, words beyond NAMES)."""
    text = words(unit)
    if SCRIPTS[lang].search(text):
        return False
    found = {word.lower() for word in re.findall(r"\b[^\W\d_]+", text)}
    return bool(found - NAMES)


COMMENT = re.compile(r"(^|\s)#(?!\d).*$")


def command_tokens(line: str) -> list[str] | str:
    """A command line's words without its comment (the raw line when it does not parse)."""
    try:
        return shlex.split(line, comments=True)
    except ValueError:
        return line.strip()


def drop_lang(tokens: list[str] | str, lang: str, english: list[str] | str) -> list[str] | str:
    """The tokens without the `--lang <lang>` the translation added (none if English has it)."""
    if isinstance(tokens, str) or isinstance(english, str) or "--lang" in english:
        return tokens
    for at in range(len(tokens) - 1):
        if tokens[at : at + 2] == ["--lang", lang]:
            return tokens[:at] + tokens[at + 2 :]
    return tokens


def commands(lines: list[str]) -> list[str]:
    """The command lines of a block: `$ ...` lines, else a bare list of `footfall ...` lines."""
    dollar = [line[2:] for line in lines if line.startswith("$ ")]
    if dollar:
        return dollar
    bare = [line.strip() for line in lines if line.strip()]
    if bare and all(line.startswith("footfall ") or line.startswith("#") for line in bare):
        return [line for line in bare if line.startswith("footfall ")]
    return []


def code_lines(lines: list[str]) -> list[str]:
    """A code block's lines without their comments (a comment alone leaves an empty line)."""
    return [COMMENT.sub("", line).rstrip() for line in lines]


def json_value(lines: list[str]) -> object:
    """A json block as a value, or its text when the docs shorten it beyond parsing."""
    text = "\n".join(lines)
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def json_same(ours: object, theirs: object, lang: str) -> bool:
    """Tell whether a translated json value is the English one (strings maybe translated)."""
    if isinstance(theirs, dict):
        return (
            isinstance(ours, dict)
            and list(ours) == list(theirs)
            and all(json_same(ours[key], theirs[key], lang) for key in theirs)
        )
    if isinstance(theirs, list):
        return (
            isinstance(ours, list)
            and len(ours) == len(theirs)
            and all(json_same(a, b, lang) for a, b in zip(ours, theirs, strict=True))
        )
    if isinstance(theirs, str) and isinstance(ours, str) and ours != theirs:
        return bool(SCRIPTS[lang].search(ours))
    return type(ours) is type(theirs) and ours == theirs


# --- the tests -----------------------------------------------------------------------------------


def test_translations_are_found() -> None:
    """The Russian guides are found (a test over no file would pass for nothing)."""
    assert len(translated("ru")) >= 1
    assert all(lang in SCRIPTS for lang in LANGUAGES)


@pytest.mark.parametrize(("lang", "path"), PAIRS)
def test_translation_has_an_english_original(lang: str, path: Path) -> None:
    """Every docs/<lang>/X.md translates a docs/X.md of the same name."""
    assert english(path, lang).exists(), f"{path}: no {english(path, lang)}"


@pytest.mark.parametrize(("lang", "path"), PAIRS)
def test_same_headings(lang: str, path: Path) -> None:
    """A translation has the English guide's headings: the same levels in the same order."""
    ours = [h.split(" ")[0] for h in headings(split(path)[0])]
    theirs = [h.split(" ")[0] for h in headings(split(english(path, lang))[0])]
    assert ours == theirs


@pytest.mark.parametrize(("lang", "path"), PAIRS)
def test_same_blocks(lang: str, path: Path) -> None:
    """A translation has the English guide's fenced blocks: the same info strings in order,
    the same commands (up to an added --lang and the comments), the same code and JSON."""
    ours, theirs = split(path)[1], split(english(path, lang))[1]
    assert [info for info, _ in ours] == [info for info, _ in theirs]
    for number, ((info, mine), (_, original)) in enumerate(zip(ours, theirs, strict=True), 1):
        where = f"{path.relative_to(ROOT)}: block {number} ({info or 'bare'})"
        if info in ("python", "toml", "sh", "bash"):
            assert code_lines(mine) == code_lines(original), where
        elif info == "json":
            mine_value, original_value = json_value(mine), json_value(original)
            assert json_same(mine_value, original_value, lang), where
        else:
            left, right = commands(mine), commands(original)
            assert len(left) == len(right), f"{where}: {left} != {right}"
            for a, b in zip(left, right, strict=True):
                english_tokens = command_tokens(b)
                ours_tokens = drop_lang(command_tokens(a), lang, english_tokens)
                assert ours_tokens == english_tokens, f"{where}:\n{a}\n{b}"


@pytest.mark.parametrize(
    ("lang", "path"),
    [
        pytest.param(lang, path, id=path.relative_to(ROOT).as_posix())
        for lang in LANGUAGES
        for path in (
            *translated(lang),
            DOCS / lang / "README.md",
            ROOT / f"README.{lang}.md",
        )
    ],
)
def test_prose_is_translated(lang: str, path: Path) -> None:
    """Every paragraph, list item, table row and heading of a translated guide, index and
    README holds the language's script, unless it is only code, links, numbers and names (no
    English paragraph left untranslated)."""
    left = [unit for unit in units(split(path)[0]) if english_left(unit, lang)]
    assert left == []


def slug(heading: str) -> str:
    """GitHub's anchor of a heading (`## Ошибки и их устранение` -> `ошибки-и-их-устранение`)."""
    text = re.sub(r"^#+ ", "", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def links(path: Path) -> Iterator[tuple[Path, str]]:
    """Yield (the resolved file, the anchor) of every relative link outside code."""
    text = "\n".join(split(path)[0])
    text = re.sub(r"`[^`]*`", "", text)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        yield (path.parent.joinpath(file).resolve() if file else path), anchor


def translated_docs(lang: str) -> list[Path]:
    """The translated guides, the index and the translated README of `lang`."""
    readme = ROOT / f"README.{lang}.md"
    index = DOCS / lang / "README.md"
    return [*translated(lang), *([index] if index.exists() else []), readme]


LINKED = [
    pytest.param(lang, path, id=path.relative_to(ROOT).as_posix())
    for lang in LANGUAGES
    for path in translated_docs(lang)
    if lang == "ru" or translated(lang)
]


@pytest.mark.parametrize(("lang", "path"), LINKED)
def test_links_point_to_translations(lang: str, path: Path) -> None:
    """A translated document links the translation of a guide where one exists, not the English
    one, and each `#anchor` it names is a heading of the target."""
    wrong = []
    for target, anchor in links(path):
        if target.suffix != ".md" or not target.is_relative_to(DOCS):
            continue
        if not target.is_relative_to(DOCS / lang):
            counterpart = DOCS / lang / target.relative_to(DOCS)
            if counterpart.exists():
                wrong.append(f"{target.relative_to(ROOT)} (translated: {counterpart.name})")
        if anchor and target.exists():
            anchors = {slug(h) for h in headings(split(target)[0])}
            if anchor not in anchors:
                wrong.append(f"{target.relative_to(ROOT)}#{anchor}: no such heading")
    assert wrong == []


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang == "ru" or translated(lang)])
def test_index_lists_every_guide(lang: str) -> None:
    """docs/<lang>/README.md links every translated guide, and the English one of every guide
    not translated yet (the developer documents among them)."""
    index = DOCS / lang / "README.md"
    assert index.exists()
    linked = {target for target, _ in links(index)}
    missing = []
    for guide in guides():
        counterpart = DOCS / lang / guide.relative_to(DOCS)
        wanted = counterpart if counterpart.exists() else guide
        if wanted.resolve() not in linked:
            missing.append(wanted.relative_to(ROOT).as_posix())
    assert missing == []
    assert all(any(d in guide.name for guide in guides()) for d in DEVELOPER)


def table_codes(path: Path) -> list[tuple[str, list[str]]]:
    """Each table row of a guide: its first cell and the `code` spans of the row, in order."""
    rows = []
    for unit in units(split(path)[0]):
        if unit.startswith("|"):
            cells = [cell.strip() for cell in unit.strip("|").split(" | ")]
            rows.append((cells[0], re.findall(r"`([^`]+)`", unit)))
    return rows


SYSTEM_PAGES = [
    pytest.param(lang, path, id=path.relative_to(ROOT).as_posix())
    for lang in LANGUAGES
    for path in translated(lang)
    if path.parent.name == "systems"
]


@pytest.mark.parametrize(("lang", "path"), SYSTEM_PAGES)
def test_system_page_names_the_same_tables(lang: str, path: Path) -> None:
    """A translated system page lists the English page's tables, in order, each row naming the
    same ids (tables, actions, switches and their defaults: tests/test_docs.py pins the English
    page's against the data files)."""
    ours = [(first, codes) for first, codes in table_codes(path) if first.startswith("`")]
    theirs = [(f, codes) for f, codes in table_codes(english(path, lang)) if f.startswith("`")]
    assert ours == theirs


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translated_examples_are_run(lang: str) -> None:
    """Every `$ footfall ...` line of a translated guide and of README.<lang>.md is one
    tests/test_docs.py runs, and answers in the document's language (`--lang <lang>`)."""
    import test_docs

    run = {(e.doc, c.line) for e in test_docs.EXAMPLES for c in e.commands}
    missing, english_only = [], []
    for path in (*translated(lang), ROOT / f"README.{lang}.md"):
        doc = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if line.startswith("$ footfall ") and not line.startswith("$ footfall serve"):
                if (doc, number) not in run:
                    missing.append(f"{doc}:{number}")
                if "--lang" not in line:
                    english_only.append(f"{doc}:{number}")
    assert missing == []
    assert english_only == []


# --- the checks themselves can fail ---------------------------------------------------------------


def test_english_paragraphs_are_caught() -> None:
    """An English sentence is caught; code, names, links and a translated one are not."""
    assert english_left("The speed is given in feet.", "ru")
    assert english_left("- **Port in use**: see `footfall serve`", "ru")
    assert not english_left("Скорость в футах: `--speed 30`.", "ru")
    assert not english_left("| `pf1e` | Pathfinder RPG 1e | [x](../x.md) |", "ru")
    assert not english_left("`footfall rates pf1e --speed 30`", "zh")
    assert not english_left("## Draw Steel (RULES.md 3)", "ru")
    assert english_left("Скорость", "zh") and not english_left("速度", "zh")


def test_commands_compare_up_to_lang() -> None:
    """A command equals the English one with --lang ru added, and not with another change."""
    english_tokens = command_tokens("footfall rates pf1e --speed 30  # the walk")
    assert (
        drop_lang(
            command_tokens("footfall rates pf1e --speed 30 --lang ru  # шаг"), "ru", english_tokens
        )
        == english_tokens
    )
    assert (
        drop_lang(command_tokens("footfall rates pf1e --speed 40 --lang ru"), "ru", english_tokens)
        != english_tokens
    )
    assert (
        drop_lang(command_tokens("footfall rates pf1e --speed 30 --lang zh"), "ru", english_tokens)
        != english_tokens
    )


def test_json_compares_up_to_translated_strings() -> None:
    """A JSON string may be translated (then it is in the script); nothing else may change."""
    english_value = {"error": "unknown terrain 'x'", "code": "error.unknown", "n": 1}
    assert json_same(
        {"error": "неизвестная местность 'x'", "code": "error.unknown", "n": 1}, english_value, "ru"
    )
    assert not json_same(
        {"error": "unknown terrain 'y'", "code": "error.unknown", "n": 1}, english_value, "ru"
    )
    assert not json_same(
        {"error": "неизвестная", "code": "error.unknown", "n": 2}, english_value, "ru"
    )


def test_slugs_are_githubs() -> None:
    """Anchors are GitHub's: lower case, punctuation dropped, spaces as hyphens."""
    assert slug("## Ошибки и их устранение") == "ошибки-и-их-устранение"
    assert slug("### The `--json` answer (v1)") == "the---json-answer-v1"
