"""Issue 10, item 7: ``-o`` writes only what it was told to write.

`footfall.cli.output.check_output`, for ``import`` and ``render``: a folder, a device or an
input is refused, an existing file is replaced only with ``--force``, the picture ``import``
writes beside its scene follows the same rules (and is named); every refusal is one line,
exit 2, before anything is written. Issue 12, item 12: ``render`` takes a sample's name.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import sample_json
from helpers.cli import invoke
from helpers.uvtt import uvtt_bytes


@pytest.fixture
def dd2vtt(tmp_path: Path) -> Path:
    """A Dungeondraft export with its picture."""
    path = tmp_path / "crypt.dd2vtt"
    path.write_bytes(uvtt_bytes())
    return path


def refused(args: list[str], says: str) -> None:
    """Assert ``footfall ARGS`` exits 2 with one error line holding `says`."""
    result = invoke(args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr.startswith("footfall: error: ") and says in result.stderr, result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_import_onto_a_device_is_refused_and_writes_nothing(dd2vtt: Path) -> None:
    """``-o /dev/full`` is refused as a device: no /dev/full.png appears."""
    refused(["import", str(dd2vtt), "--system", "pf1e", "-o", "/dev/full"], "not a regular file")
    assert not Path("/dev/full.png").exists()


def test_import_onto_its_input_is_refused(dd2vtt: Path) -> None:
    """``-o`` naming the file imported is refused (it was overwritten)."""
    before = dd2vtt.read_bytes()
    refused(["import", str(dd2vtt), "--system", "pf1e", "-o", str(dd2vtt), "--force"],
            "is one of this command's inputs")  # fmt: skip
    assert dd2vtt.read_bytes() == before


def test_import_over_an_existing_scene_needs_force(dd2vtt: Path, tmp_path: Path) -> None:
    """An existing scene file is kept unless --force is given."""
    out = tmp_path / "crypt.json"
    out.write_text("mine")
    refused(["import", str(dd2vtt), "--system", "pf1e", "-o", str(out)],
            f"output {str(out)!r} exists; give --force to replace it")  # fmt: skip
    assert out.read_text() == "mine"
    result = invoke(["import", str(dd2vtt), "--system", "pf1e", "-o", str(out), "--force"])
    assert result.exit_code == 0, result.output
    assert out.read_text() != "mine"


def test_the_picture_beside_the_scene_follows_the_same_rules(dd2vtt: Path, tmp_path: Path) -> None:
    """An existing crypt.png beside the scene is not replaced without --force; it is named."""
    out, picture = tmp_path / "crypt.json", tmp_path / "crypt.png"
    picture.write_bytes(b"my picture")
    refused(["import", str(dd2vtt), "--system", "pf1e", "-o", str(out)],
            f"picture {str(picture)!r} exists; give --force to replace it")  # fmt: skip
    assert picture.read_bytes() == b"my picture"
    assert not out.exists()
    result = invoke(["import", str(dd2vtt), "--system", "pf1e", "-o", str(out), "--force"])
    assert result.exit_code == 0, result.output
    assert f"wrote {picture}\n" in result.stdout


def test_the_picture_may_not_replace_an_input(tmp_path: Path) -> None:
    """A picture that would land on the imported file itself is refused (crypt.png imported)."""
    source = tmp_path / "crypt.png"
    source.write_bytes(uvtt_bytes())  # a .dd2vtt named .png
    refused(["import", str(source), "--system", "pf1e", "--format", "uvtt",
             "-o", str(tmp_path / "crypt.json"), "--force"],
            "is one of this command's inputs")  # fmt: skip


def test_render_onto_a_folder_a_device_or_its_scene_is_refused(tmp_path: Path) -> None:
    """``render -o`` refuses a folder, a device and the scene file it draws."""
    scene = tmp_path / "bridge.json"
    scene.write_text(json.dumps(sample_json("pf1e-ogre-bridge")))
    refused(["render", str(scene), "-o", str(tmp_path)], "Is a directory")
    refused(["render", str(scene), "-o", "/dev/null"], "not a regular file")
    refused(["render", str(scene), "-o", str(scene), "--force"], "is one of this command's inputs")


def test_render_takes_a_sample_name_and_keeps_an_existing_picture(tmp_path: Path) -> None:
    """``render pf1e-ogre-bridge`` draws the sample; a second run needs --force."""
    out = tmp_path / "bridge.png"
    result = invoke(["render", "pf1e-ogre-bridge", "--mover", "ogre", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"\x89PNG")
    refused(["render", "pf1e-ogre-bridge", "-o", str(out)], "exists; give --force")
    result = invoke(["render", "pf1e-ogre-bridge", "-o", str(out), "--force"])
    assert result.exit_code == 0, result.output


def test_render_of_an_unknown_sample_lists_the_samples(tmp_path: Path) -> None:
    """A word that is no sample and no file lists the samples, as every SCENE argument does."""
    refused(["render", "pf1e-ogre-bridgee", "-o", str(tmp_path / "x.png")], "pf1e-ogre-bridge")
