"""Nothing is lost (issue 13, item 1): no command writes over one of its inputs or leaves a half-written file; an
existing output is replaced only with --force.  Each test hashes the inputs before and after the command, so it fails
on the old behaviour (``standings a.trf b.trf --format trf`` rewrote both inputs in place)."""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from pathlib import Path

import pytest

from tiebreak.cli import main
from tiebreak.formats import crosstable, trf, xlsx
from tiebreak.formats.files import OutputError, write_output

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
PUBLISHED = ROOT / "tests" / "data" / "check" / "hobsons-bay-cup-2025.published.csv"


def digest(*paths: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


@pytest.fixture
def event(tmp_path, monkeypatch):
    """Two copies of the example event in an empty folder that is the current directory."""
    monkeypatch.chdir(tmp_path)
    for name in ("a.trf", "b.trf"):
        shutil.copy(EXAMPLE, tmp_path / name)
    return tmp_path


@pytest.mark.parametrize("extra", [[], ["--out", "."], ["--out", ".", "--force"]])
def test_batch_in_the_inputs_folder_never_rewrites_them(event, extra, capsys):
    before = digest(event / "a.trf", event / "b.trf")
    code = main(["standings", "a.trf", "b.trf", "--format", "trf", *extra])
    err = capsys.readouterr().err
    assert code == 1 and digest(event / "a.trf", event / "b.trf") == before
    assert "failed: a.trf: the output would write over the input a.trf" in err
    assert sorted(p.name for p in event.iterdir()) == ["a.trf", "b.trf"]  # nothing else written, nothing half-written


def test_batch_into_another_folder_writes_there_and_refuses_to_replace(event, capsys):
    assert main(["standings", "a.trf", "b.trf", "--format", "trf", "--out", "ranked"]) == 0
    written = digest(event / "ranked" / "a.trf", event / "ranked" / "b.trf")
    assert main(["standings", "a.trf", "b.trf", "--format", "csv", "--out", "ranked"]) == 0  # other names: fine
    assert main(["standings", "a.trf", "b.trf", "--format", "trf", "--out", "ranked"]) == 1  # exist: refused
    assert "the file exists; give --force to replace it" in capsys.readouterr().err
    assert main(["standings", "a.trf", "b.trf", "--format", "trf", "--out", "ranked", "--force"]) == 0
    assert digest(event / "ranked" / "a.trf", event / "ranked" / "b.trf") == written  # same standings again


@pytest.mark.parametrize("target", ["a.trf", "./sub/../a.trf", "link.trf", "hard.trf"])
def test_convert_refuses_its_own_input_by_any_name(event, target, capsys):
    (event / "sub").mkdir()
    os.symlink(event / "a.trf", event / "link.trf")
    os.link(event / "a.trf", event / "hard.trf")
    before = digest(event / "a.trf")
    assert main(["convert", "a.trf", target, "--force"]) == 2
    assert "would write over the input a.trf" in capsys.readouterr().err
    assert digest(event / "a.trf") == before


def test_standings_output_file_is_never_an_input(event, capsys):
    before = digest(event / "a.trf")
    assert main(["standings", "a.trf", "-o", "a.trf", "--format", "trf", "--force"]) == 2
    assert main(["standings", "a.trf", "--team-ranking", "teams.csv", "-o", "teams.csv", "--force"]) == 2
    assert digest(event / "a.trf") == before and not (event / "teams.csv").exists()


def test_output_name_gives_the_format_and_existing_files_need_force(event, capsys):
    assert main(["standings", "a.trf", "-o", "s.html"]) == 0
    assert (event / "s.html").read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")
    assert main(["standings", "a.trf", "-o", "s.csv"]) == 0
    assert (event / "s.csv").read_text(encoding="utf-8").startswith("rank,")
    (event / "s.csv").write_text("mine", encoding="utf-8")
    assert main(["standings", "a.trf", "-o", "s.csv"]) == 2 and (event / "s.csv").read_text() == "mine"
    assert main(["standings", "a.trf", "-o", "s.csv", "--force"]) == 0 and (event / "s.csv").read_text() != "mine"
    assert main(["standings", "a.trf", "b.trf", "-o", "s.csv"]) == 2  # one output file, one input


def test_binary_output_is_not_written_to_a_terminal(event, monkeypatch, capsys):
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["standings", "a.trf", "--format", "pdf"]) == 2
    assert "binary output is not written to a terminal" in capsys.readouterr().err


COMMANDS = [
    ["standings", "{a}"], ["standings", "{a}", "-f", "json"], ["standings", "{a}", "-f", "trf"],
    ["standings", "{a}", "-f", "chess-json"], ["standings", "{a}", "-f", "csv", "-o", "{dir}/s.csv"],
    ["standings", "{a}", "{b}", "-f", "trf"], ["standings", "{a}", "{b}", "-f", "trf", "--out", "{dir}"],
    ["explain", "{a}", "--player", "7"], ["check", "{a}", "--published", "{pub}"],
    ["check", "{a}", "--published", "{pub}", "-o", "{pub}", "--force"],
    ["convert", "{a}", "{a}"], ["convert", "{a}", "{dir}/x.json"], ["convert", "{a}", "{dir}/x.xlsx"],
    ["convert", "{a}", "{dir}/x.csv"], ["ratings", "{a}"], ["playoffs", "{a}"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_inputs_are_byte_identical_after_every_command(command, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    a, b, pub = tmp_path / "a.trf", tmp_path / "b.trf", tmp_path / "published.csv"
    shutil.copy(EXAMPLE, a), shutil.copy(EXAMPLE, b), shutil.copy(PUBLISHED, pub)
    before = digest(a, b, pub)
    main([x.format(a=a, b=b, pub=pub, dir=tmp_path) for x in command])
    assert digest(a, b, pub) == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


def test_a_failed_write_leaves_the_old_file_and_no_part_file(tmp_path, monkeypatch):
    target = tmp_path / "x.xlsx"
    target.write_bytes(b"the old workbook")

    def broken(f, rows, sheet_name="Crosstable", more=()):
        f.write(b"PK half a zip")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(xlsx, "write_rows", broken)
    with pytest.raises(OutputError, match="No space left on device"):
        crosstable.dump(trf.load(EXAMPLE), target)
    assert target.read_bytes() == b"the old workbook" and [p.name for p in tmp_path.iterdir()] == ["x.xlsx"]


def test_write_output_keeps_ordinary_permissions(tmp_path):
    mask = os.umask(0o022)
    try:
        path = write_output(tmp_path / "out.txt", "x")
    finally:
        os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o644
