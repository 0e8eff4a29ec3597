"""Run the `footfall ...` examples of README.md and docs/**/*.md and assert what they show.

The convention (README.md, "Development"): in a fenced block, a line `$ footfall ...`
is a command and the lines after it, up to the next `$` line or the end of the block, are what
it prints (stdout, then stderr, as a terminal 80 columns wide shows them). A line that is
only `...` stands for any number of lines; `...` inside a line for any text. The output of a
`--json` command is compared as JSON: `[...]` is any value, `...` among an object's keys any
further keys, `...` at the end of a list any further items. A `$` line with no output after it
must succeed (exit 0) and print something. A fenced block of bare `footfall ...` lines (a list
of commands, `# comments` allowed) must run the same way (`footfall serve`, which runs until
stopped, is left to tests/cli/test_serve.py); a block that names placeholders
(`[SCENE]`, `FILE`, `--mover ID`) is a synopsis and is not run. An example whose output starts
with `footfall: error:` must exit 2. `$ cat NAME` followed by lines writes the file NAME.

Each block runs in its own directory holding the example files the docs describe (the
Universal VTT cellar and the Foundry bridge of docs/maps.md, trip.toml of docs/travel.md).
"""

from __future__ import annotations

import base64
import contextlib
import functools
import io
import json
import re
import shlex
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from helpers.cli import run_main

ROOT = Path(__file__).resolve().parent.parent
DOCS = (
    ROOT / "README.md",
    ROOT / "README.ru.md",  # the translated READMEs: their examples run with --lang ru / zh
    ROOT / "README.zh.md",
    *sorted((ROOT / "docs").glob("*.md")),
    *sorted((ROOT / "docs" / "systems").glob("*.md")),
    # the translated guides (tests/test_translated_docs.py): their examples add --lang ru / zh
    *sorted((ROOT / "docs" / "ru").rglob("*.md")),
    *sorted((ROOT / "docs" / "zh").rglob("*.md")),
)
#: fenced blocks in these languages are data or programs, never command examples
NOT_COMMANDS = frozenset({"python", "json", "toml", "sh", "bash", "text"})
#: a token that marks a synopsis line (`footfall fly check [SCENE] --mover ID ...`)
PLACEHOLDER = re.compile(r"^(\[|\(|[A-Z][A-Z0-9_,]*[A-Z0-9]$|\.\.\.$)|\|")
ANY = "\0any"  # `[...]` in expected JSON: any value
MORE = "\0more"  # `...` among an object's keys: any further keys
REST = "\0rest"  # `...` at the end of a list: any further items

#: The error line's prefix in en, ru and zh (docs/errors.md): such a line exits 2.
ERROR_PREFIXES = ("footfall: error:", "footfall: ошибка:", "footfall: 错误:")


@dataclass(frozen=True, slots=True)
class Command:
    """One command of an example: its text, the output shown (None: none shown), its line."""

    text: str
    shown: str | None
    line: int


@dataclass(frozen=True, slots=True)
class Example:
    """A fenced block of commands, run in order in one directory."""

    doc: str
    line: int
    commands: tuple[Command, ...]

    @property
    def id(self) -> str:
        """Name the example by its document and first line (`docs/travel.md:33`)."""
        return f"{self.doc}:{self.line}"


def fenced_blocks(path: Path) -> Iterator[tuple[str, int, list[str]]]:
    """Yield (language, first line number, lines) of every fenced block of a Markdown file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        opening = re.match(r"^```(\S*)\s*$", lines[index])
        if opening is None:
            index += 1
            continue
        end = index + 1
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        yield opening.group(1), index + 2, lines[index + 1 : end]
        index = end + 1


def is_synopsis(line: str) -> bool:
    """Tell whether a bare command line names placeholders instead of values."""
    try:
        tokens = shlex.split(line, comments=True)
    except ValueError:
        return True
    return any(PLACEHOLDER.search(token) for token in tokens[1:])


def parse_block(doc: str, first: int, lines: list[str]) -> Example | None:
    """Read one fenced block as an example, or None when it holds no runnable command."""
    commands: list[Command] = []
    if any(line.startswith("$ ") for line in lines):
        current: tuple[str, int] | None = None
        output: list[str] = []

        def close() -> None:
            if current is not None:
                text = "\n".join(output).rstrip("\n")
                commands.append(Command(current[0], text if text.strip() else None, current[1]))

        for offset, line in enumerate(lines):
            if line.startswith("$ "):
                close()
                current, output = (line[2:].strip(), first + offset), []
            elif current is not None:
                output.append(line.rstrip())
        close()
    else:
        bare = [(line.strip(), first + n) for n, line in enumerate(lines) if line.strip()]
        if not bare or not all(text.startswith("footfall ") for text, _ in bare):
            return None
        if any(is_synopsis(text) for text, _ in bare):
            return None
        commands = [Command(text, None, number) for text, number in bare]
    # `serve` runs until stopped: it is tested in tests/cli/test_serve.py, not here
    runnable = [
        c
        for c in commands
        if c.text.startswith(("footfall ", "cat ")) and not c.text.startswith("footfall serve")
    ]
    if not any(c.text.startswith("footfall ") for c in runnable):
        return None
    return Example(doc, first, tuple(runnable))


def collect() -> list[Example]:
    """Every command example of the README and the docs, in document order."""
    examples = []
    for path in DOCS:
        doc = path.relative_to(ROOT).as_posix()
        for language, first, lines in fenced_blocks(path):
            if language in NOT_COMMANDS:
                continue
            example = parse_block(doc, first, lines)
            if example is not None:
                examples.append(example)
    return examples


# --- the example files the docs describe --------------------------------------------------


def doc_block(doc: str, language: str, marker: str) -> str:
    """Return the one fenced block of `doc` in `language` that contains `marker`."""
    found = [
        "\n".join(lines)
        for lang, _, lines in fenced_blocks(ROOT / doc)
        if lang == language and marker in "\n".join(lines)
    ]
    assert len(found) == 1, f"{doc}: {len(found)} {language} blocks contain {marker!r}"
    return found[0]


def png(width: int, height: int) -> bytes:
    """Return a plain PNG picture of the given size."""
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (120, 110, 90)).save(buffer, "PNG")
    return buffer.getvalue()


def cellar() -> dict[str, Any]:
    """docs/maps.md's `cellar.dd2vtt`, with a real picture for its shortened base64 one."""
    data: dict[str, Any] = json.loads(doc_block("docs/maps.md", "json", '"line_of_sight"'))
    size, ppg = data["resolution"]["map_size"], data["resolution"]["pixels_per_grid"]
    data["image"] = base64.b64encode(png(size["x"] * ppg, size["y"] * ppg)).decode()
    return data


def write_example_files(directory: Path) -> None:
    """Write the files the docs' commands read into `directory`."""
    uvtt = cellar()
    (directory / "cellar.dd2vtt").write_text(json.dumps(uvtt), encoding="utf-8")
    foundry = json.loads(doc_block("docs/maps.md", "json", '"grid": {"type": 1'))
    (directory / "fvtt-Scene-bridge.json").write_text(json.dumps(foundry), encoding="utf-8")
    buffer = io.BytesIO()
    Image.new("RGB", (foundry["width"], foundry["height"]), (90, 110, 120)).save(buffer, "WEBP")
    (directory / "bridge.webp").write_bytes(buffer.getvalue())
    trip = doc_block("docs/travel.md", "toml", "# trip.toml")
    (directory / "trip.toml").write_text(trip + "\n", encoding="utf-8")
    # the three malformed files of docs/maps.md's error examples, as their messages describe
    broken = {**uvtt, "line_of_sight": [[{"x": 4, "y": 0}]]}
    (directory / "broken.dd2vtt").write_text(json.dumps(broken), encoding="utf-8")
    huge = {**uvtt, "resolution": {**uvtt["resolution"], "map_size": {"x": 1001, "y": 1000}}}
    (directory / "huge.dd2vtt").write_text(json.dumps(huge), encoding="utf-8")
    hexes = {**foundry, "grid": {**foundry["grid"], "type": 2}}
    (directory / "hex.json").write_text(json.dumps(hexes), encoding="utf-8")
    (directory / "cellar-terrain.txt").write_text(cellar_terrain(), encoding="utf-8")


def add_cellar_creatures(directory: Path) -> None:
    """Add Valeros at (1, 1) and a rat to cellar.json, as docs/maps.md's text says."""
    path = directory / "cellar.json"
    scene = json.loads(path.read_text(encoding="utf-8"))
    scene["creatures"] = [
        {"id": "valeros", "at": [1, 1], "size": "medium", "side": "party", "speed": 30},
        {"id": "rat", "at": [6, 1], "size": "tiny", "side": "vermin", "speed": 15},
    ]
    path.write_text(json.dumps(scene), encoding="utf-8")


CELLAR_IMPORT = (
    "footfall import cellar.dd2vtt --system pf1e --terrain cellar-terrain.txt -o cellar.json"
)

#: what a block needs done first, as a reader of the doc has done it in the text before it
PREPARE: dict[str, tuple[tuple[str, ...], Callable[[Path], None] | None]] = {
    "footfall render cellar.json --mover valeros --at 1,1": ((CELLAR_IMPORT,), None),
    "footfall render cellar.json --mover valeros --to 3,4": (
        (CELLAR_IMPORT,),
        add_cellar_creatures,
    ),
    "footfall render bridge.json": (
        (
            "footfall import fvtt-Scene-bridge.json --system pf1e "
            "--background bridge.webp -o bridge.json",
        ),
        None,
    ),
}


def cellar_terrain() -> str:
    """docs/maps.md's terrain overlay, as its `$ cat cellar-terrain.txt` shows it."""
    for example in EXAMPLES:
        for command in example.commands:
            if command.text == "cat cellar-terrain.txt" and command.shown is not None:
                return command.shown + "\n"
    raise AssertionError("docs/maps.md no longer shows cellar-terrain.txt")


# --- running a command ----------------------------------------------------------------------


def run(command: str, directory: Path) -> tuple[int, str]:
    """Run one `footfall ...` line as the program does: (exit status, stdout then stderr)."""
    argv = shlex.split(command, comments=True)
    target: Path | None = None
    if ">" in argv:
        at = argv.index(">")
        target, argv = directory / argv[at + 1], argv[:at]
    status, out, err = run_main(argv)
    if target is not None:
        target.write_text(out, encoding="utf-8")
        return status, err
    return status, out + err


# --- comparing ------------------------------------------------------------------------------


def text_pattern(shown: str) -> re.Pattern[str]:
    """Build the regular expression a shown output stands for (`...` elisions)."""
    parts = []
    for line in shown.split("\n"):
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            pieces = [re.escape(piece) for piece in line.split("...")]
            parts.append("[^\n]*?".join(pieces) + r"[ \t]*\n")
    return re.compile("".join(parts) + r"\Z")


def json_pattern(shown: str) -> Any:
    """Parse shown JSON with `[...]`, `...` elisions into a pattern for `json_matches`."""
    text = shown.strip()
    opened = text.startswith("...")  # keys elided before: the outer object is left open
    if opened:
        text = "{" + text
    text = text.replace("[...]", json.dumps(ANY))
    text = re.sub(r",\s*\.\.\.\s*\]", lambda _: f", {json.dumps(REST)}]", text)
    text = re.sub(r"\.\.\.(?=\s*[,}])", lambda _: f"{json.dumps(MORE)}: 0", text)
    text = re.sub(r"\.\.\.(?=\s*\")", lambda _: f"{json.dumps(MORE)}: 0,", text)
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        if not opened:
            raise
        return json.loads(text + "}")


def json_matches(pattern: Any, actual: Any) -> bool:
    """Tell whether `actual` has every value `pattern` shows (with its elisions)."""
    if pattern == ANY:
        return True
    if isinstance(pattern, dict):
        if not isinstance(actual, dict):
            return False
        keys = set(pattern) - {MORE}
        if MORE not in pattern and keys != set(actual):
            return False
        return all(key in actual and json_matches(pattern[key], actual[key]) for key in keys)
    if isinstance(pattern, list):
        if not isinstance(actual, list):
            return False
        if pattern and pattern[-1] == REST:
            pattern = pattern[:-1]
            actual = actual[: len(pattern)]
        return len(pattern) == len(actual) and all(map(json_matches, pattern, actual))
    if isinstance(pattern, bool) or isinstance(actual, bool):
        return pattern is actual
    return bool(pattern == actual)


def check(command: Command, status: int, output: str) -> None:
    """Assert that one command's run gave what its doc shows."""
    where = f"line {command.line}: $ {command.text}"
    if command.shown is None:
        assert status == 0, f"{where}\nexit {status}\n{output}"
        assert output.strip() or ">" in command.text, f"{where}\nprinted nothing"
        return
    expected_status = 2 if command.shown.startswith(ERROR_PREFIXES) else 0
    assert status == expected_status, f"{where}\nexit {status}\n{output}"
    if "--json" in shlex.split(command.text, comments=True):
        pattern = json_pattern(command.shown)
        actual = json.loads(output)
        assert json_matches(pattern, actual), (
            f"{where}\nshown:\n{command.shown}\nprinted:\n{output}"
        )
        return
    printed = "\n".join(line.rstrip() for line in output.rstrip("\n").split("\n")) + "\n"
    assert text_pattern(command.shown).match(printed), (
        f"{where}\nshown:\n{command.shown}\nprinted:\n{printed}"
    )


# --- the tests ------------------------------------------------------------------------------

EXAMPLES = collect()
#: examples of docs owned by others whose output changed, by document and first command;
#: each names the exact difference (reported to the doc's owner)
KNOWN: dict[tuple[str, str], str] = {}


def known(example: Example) -> str | None:
    """Return why an example is skipped, or None when it runs."""
    return KNOWN.get((example.doc, example.commands[0].text))


def table_examples() -> list[Example]:
    """The README's "What footfall answers" table: each command cell, as a command to run."""
    examples = []
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        match = re.match(r"^\|[^|]*\|\s*`(footfall [^`]+)`", line)
        if match:
            examples.append(Example("README.md", number, (Command(match[1], None, number),)))
    return examples


def run_example(example: Example, directory: Path) -> None:
    """Run every command of an example in `directory`, checking each output."""
    write_example_files(directory)
    for key, (steps, edit) in PREPARE.items():
        if example.commands[0].text.startswith(key):
            for step in steps:
                status, output = run(step, directory)
                assert status == 0, f"preparing {example.id}: {step}\n{output}"
            if edit is not None:
                edit(directory)
    for command in example.commands:
        if command.text.startswith("cat "):
            name = shlex.split(command.text)[1]
            (directory / name).write_text((command.shown or "") + "\n", encoding="utf-8")
            continue
        status, output = run(command.text, directory)
        check(command, status, output)


@pytest.mark.parametrize(
    "example",
    [
        pytest.param(
            e,
            id=e.id,
            marks=[pytest.mark.skip(reason=f"{e.id}: {known(e)}")] if known(e) else [],
        )
        for e in [*EXAMPLES, *table_examples()]
    ],
)
def test_doc_example(example: Example, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The example's commands print what the doc shows (or succeed, when it shows nothing)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")
    run_example(example, tmp_path)


def test_docs_are_checked_against_this_checkout() -> None:
    """The footfall the examples run is this checkout's (not another clone's editable install)."""
    import footfall

    assert Path(footfall.__file__).resolve().is_relative_to(ROOT / "src"), (
        f"footfall is imported from {footfall.__file__}, not {ROOT / 'src'}: "
        "run `python3 -m pip install -e .` here (or set PYTHONPATH=src)"
    )


PYTHON_DOCS = ("README.md", "docs/systems/pf1e.md")


@pytest.mark.parametrize("doc", PYTHON_DOCS)
def test_python_examples(doc: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The doc's Python blocks run; a line `expression  # value` gives exactly that repr."""
    monkeypatch.chdir(tmp_path)
    blocks = [lines for lang, _, lines in fenced_blocks(ROOT / doc) if lang == "python"]
    assert blocks
    for lines in blocks:
        namespace: dict[str, Any] = {}
        with contextlib.redirect_stdout(io.StringIO()) as printed:
            for line in lines:
                code, _, comment = line.partition("  # ")
                shown = comment.strip()
                if shown and re.match(r"^[\w(\[{'\"-]", shown) and not code.startswith(" "):
                    try:
                        expression = compile(code.strip(), doc, "eval")
                    except SyntaxError:
                        expression = None
                    if expression is not None:
                        assert repr(eval(expression, namespace)) == shown, line
                        continue
                exec(compile(code, doc, "exec"), namespace)
        assert "Traceback" not in printed.getvalue()


def test_examples_are_found() -> None:
    """The README and every guide with commands contribute examples with shown output."""
    docs = {e.doc for e in EXAMPLES}
    assert {"README.md", "docs/tactical.md", "docs/travel.md", "docs/flight.md"} <= docs
    assert {"README.ru.md", "README.zh.md"} <= docs
    assert {"docs/maps.md", "docs/systems/pf1e.md", "docs/systems/dh2e.md"} <= docs
    shown = [c for e in EXAMPLES for c in e.commands if c.shown is not None]
    assert len(shown) >= 40
    assert len(table_examples()) == 12


def test_known_differences_are_still_examples() -> None:
    """Every skipped example still exists (a stale entry would hide nothing and mislead)."""
    assert set(KNOWN) <= {(e.doc, e.commands[0].text) for e in EXAMPLES}


# --- the comparison itself can fail -----------------------------------------------------------


def test_text_pattern_elisions() -> None:
    """`...` alone skips lines, inside a line skips text; anything else is compared exactly."""
    printed = "head\na\nb\nc\nFatigued from day 1\ntail\n"
    assert text_pattern("head\n...\nFatigued ...\ntail").match(printed)
    assert text_pattern("head\na\n...").match(printed)
    assert not text_pattern("head\na\nc\n...").match(printed)  # b left out, no `...`
    assert not text_pattern("head\n...\nFatigued from day 2\ntail").match(printed)
    assert not text_pattern("head\n...\nFatigued from day 1").match(printed)  # tail unshown


def test_json_pattern_elisions() -> None:
    """`[...]` is any value, `...` among keys any more keys, `...` at a list's end more items."""
    actual = {"a": 1, "b": [1, 2, 3], "c": {"d": True, "e": 0}, "f": [4]}
    assert json_matches(json_pattern('{"a": 1, "b": [1, ...], "f": [...], ...}'), actual)
    assert json_matches(json_pattern('... "c": {"d": true, ...}'), actual)
    assert not json_matches(json_pattern('{"a": 1, "b": [1, ...]}'), actual)  # keys missing
    assert not json_matches(json_pattern('{"b": [2, ...], ...}'), actual)
    assert not json_matches(json_pattern('{"c": {"d": 1, "e": 0}, ...}'), actual)  # true != 1
    assert not json_matches(json_pattern('{"b": [1, 2], ...}'), actual)  # a list is whole


def test_synopsis_blocks_are_not_run() -> None:
    """A block naming placeholders (`--mover ID`, `[SCENE]`, `a|b`) is a synopsis, not run."""
    assert is_synopsis("footfall fly path [SCENE] --mover ID --to X,Y,ALT")
    assert is_synopsis("footfall import FILE --system S")
    assert is_synopsis("footfall render SCENE -o out.png [--lang en|ru|zh]")
    assert not is_synopsis('footfall fly check --speed 80 -m average --steps "f2 r90 d10 f5"')
    assert not is_synopsis("footfall route hexes --from 0,0 --to 11,7 --speed 30 --json")


# --- the README's other promises ----------------------------------------------------------------


def doc_links() -> Iterator[tuple[str, str]]:
    """Yield (document, target) for every relative Markdown link outside code blocks."""
    readmes = (ROOT / "README.md", ROOT / "README.ru.md", ROOT / "README.zh.md")
    for path in (*readmes, *sorted((ROOT / "docs").rglob("*.md"))):
        text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if not re.match(r"[a-z]+:|#", target):
                yield path.relative_to(ROOT).as_posix(), target


def test_links_stay_in_the_repository() -> None:
    """Every relative link of the README and docs names a file of this repository."""
    broken = []
    for doc, target in doc_links():
        resolved = (ROOT / doc).parent.joinpath(target.split("#")[0]).resolve()
        if not resolved.exists() or ROOT not in (resolved, *resolved.parents):
            broken.append(f"{doc}: {target}")
    assert broken == []


def test_named_test_files_exist() -> None:
    """Every test file the docs, CONTRIBUTING.md or a source comment names is where it says."""
    sources = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]
    sources += sorted((ROOT / "src" / "footfall").rglob("*.py"))
    sources += sorted((ROOT / "src" / "footfall").rglob("*.js"))
    missing = [
        f"{path.relative_to(ROOT).as_posix()}: {name}"
        for path in sources
        for name in re.findall(r"tests/[\w/]+\.(?:py|mjs)", path.read_text(encoding="utf-8"))
        if not (ROOT / name).exists()
    ]
    assert missing == []


def test_the_two_commands_on_top() -> None:
    """The README opens with the install, warm-up (the kernels compiled ahead of time) and serve
    command and the test command it describes."""
    _, _, first = next(fenced_blocks(ROOT / "README.md"))
    commands = [line.split("#")[0].strip() for line in first]
    assert commands == [
        "python3 -m pip install -q -e . && python3 -m footfall warm-up"
        " && python3 -m footfall serve",
        "./scripts/test",
    ]
    serve = command_options("serve")
    assert (serve["--host"].default, serve["--port"].default) == ("127.0.0.1", 8000)
    assert "http://127.0.0.1:8000/" in (ROOT / "README.md").read_text(encoding="utf-8")
    script = (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    assert '-m pip install -q -e ".[test]"' in script and "-m pytest" in script


@functools.cache
def root_command() -> Any:
    """Return the click command of the whole `footfall` app."""
    import typer.main

    from footfall.cli import build_app

    return typer.main.get_command(build_app())


def command_options(*path: str) -> dict[str, Any]:
    """Return the options of one `footfall` command, by their long names."""
    command = root_command()
    for name in path:
        command = command.commands[name]
    return {opt: param for param in command.params for opt in param.opts}


def all_commands() -> list[tuple[str, ...]]:
    """Every `footfall` command, as its path of names (`("fly", "check")`)."""
    found: list[tuple[str, ...]] = []

    def walk(command: Any, path: tuple[str, ...]) -> None:
        subcommands = getattr(command, "commands", None)
        if subcommands:
            for name, sub in subcommands.items():
                walk(sub, (*path, name))
        else:
            found.append(path)

    walk(root_command(), ())
    return found


def test_every_command_takes_json_and_lang() -> None:
    """README: every command but serve and version takes --json, every one but version --lang
    (serve's words and the server's log lines, docs/i18n.md)."""
    commands = all_commands()
    no_json = {path for path in commands if "--json" not in command_options(*path)}
    no_lang = {path for path in commands if "--lang" not in command_options(*path)}
    assert no_json == {("serve",), ("version",)}
    assert no_lang == {("version",)}


def test_readme_curl_answers(tmp_path: Path) -> None:
    """README's two curl lines: health gives the version; rates gives the CLI's --json."""
    from fastapi.testclient import TestClient

    from footfall import __version__
    from footfall.api import create_app

    block = doc_block("README.md", "sh", "/api/health")
    assert '# {"ok":true,"version":"0.1.0"}' in block
    client = TestClient(create_app())
    health = client.get("/api/health").json()
    assert health == {"ok": True, "version": __version__} == {"ok": True, "version": "0.1.0"}
    status, printed = run("footfall rates pf1e --speed 30 --json", tmp_path)
    assert status == 0
    assert client.get("/api/rates/pf1e", params={"speed": 30}).json() == json.loads(printed)


@pytest.mark.parametrize("system_id", ["pf1e", "dnd35", "dh2e", "drawsteel"])
def test_system_page_lists_tables_actions_and_switches(system_id: str) -> None:
    """docs/systems/<id>.md names every table (in `footfall tables` order), action and switch."""
    from footfall.rules import load_system
    from footfall.tables import table_ids

    system = load_system(system_id)
    text = (ROOT / "docs" / "systems" / f"{system_id}.md").read_text(encoding="utf-8")
    rows = {row[0]: row[1] for row in re.findall(r"^\| `([a-z-]+)` \| (.*)$", text, re.M)}
    assert tuple(rows) == table_ids(system)
    actions = set(re.findall(r"`([a-z][a-z-]*)`", rows["actions"].split(" | ")[0]))
    assert actions == {action.id.value for action in system.actions}
    switches = set(
        re.findall(r"`([a-z_]+)` \(default `([a-z-]+)`", rows.get("interpretations", ""))
    )
    assert switches == {(i.id, i.default) for i in system.interpretations}
    if "mounts" in rows:
        count = re.match(r"(\d+) mounts", rows["mounts"])
        assert count is not None and system.travel is not None
        assert int(count[1]) == len({conveyance.id for conveyance in system.travel.conveyances})


def test_scenes_guide_json_and_text_map_are_equal() -> None:
    """docs/scenes.md: its JSON example and its text map give equal scenes, as it says."""
    from footfall.scene import parse_scene, parse_text_map, scene_to_json

    data = json.loads(doc_block("docs/scenes.md", "json", '"footfall": 1'))
    text = doc_block("docs/scenes.md", "text", "map:")
    assert scene_to_json(parse_text_map(text)) == scene_to_json(parse_scene(data))
    assert parse_text_map(text) == parse_scene(data)


#: Each README and the error prefix of its language (docs/errors.md).
READMES = {"README.md": ("en", "footfall: error: "), "README.ru.md": ("ru", "footfall: ошибка: "),
           "README.zh.md": ("zh", "footfall: 错误: ")}  # fmt: skip


@pytest.mark.parametrize("readme_name", sorted(READMES))
def test_troubleshooting_port_in_use_message(readme_name: str) -> None:
    """Each README's troubleshooting quotes the one line `serve` prints for a port in use, in
    the README's language."""
    import socket

    from footfall.cli.serve import _check_port
    from footfall.errors import InputError

    lang, prefix = READMES[readme_name]
    readme = " ".join((ROOT / readme_name).read_text(encoding="utf-8").split())
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(InputError) as caught:
            _check_port("127.0.0.1", port)
    message = f"{prefix}{caught.value.render(lang)}".replace(str(port), "8000")
    assert f"`{message}`" in readme


@pytest.mark.parametrize("readme_name", sorted(READMES))
def test_troubleshooting_chromium_reason(readme_name: str) -> None:
    """Each README's troubleshooting quotes the reason the browser tests are skipped with
    (pytest prints it as the test gives it)."""
    import importlib.util

    # Loaded by its file: the browser tests live in tests/page, which is no package.
    path = ROOT / "tests" / "page" / "test_browser.py"
    spec = importlib.util.spec_from_file_location("browser_tests", path)
    assert spec is not None and spec.loader is not None
    test_browser = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(test_browser)
    reasons = [mark.kwargs.get("reason", "") for mark in test_browser.pytestmark]
    readme = " ".join((ROOT / readme_name).read_text(encoding="utf-8").split())
    assert any(reason.startswith("/usr/bin/chromium is missing") for reason in reasons)
    assert "`/usr/bin/chromium is missing`" in readme


def test_troubleshooting_kernels_are_cached() -> None:
    """README: numba compiles the search kernels once and caches them (cache=True)."""
    from footfall.flight import _kernel as flight_kernel
    from footfall.tactical import _kernel as tactical_kernel

    kernels = [
        value
        for module in (tactical_kernel, flight_kernel)
        for value in vars(module).values()
        if hasattr(value, "_cache") and hasattr(value, "py_func")
    ]
    assert len(kernels) >= 2
    assert all(type(kernel._cache).__name__ == "FunctionCache" for kernel in kernels)
