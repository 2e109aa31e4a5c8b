"""Batch standings (issue 16 item 7): outputs named consistently, every file's warnings shown."""

from __future__ import annotations

from pathlib import Path

from tiebreak.cli import main

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf"


def test_same_names_in_two_folders_are_told_apart_and_warnings_are_shown(tmp_path, capsys):
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    i = next(k for k, x in enumerate(lines) if x.startswith("001"))
    bad = lines.copy()
    bad[i] = bad[i][:80] + " 9.0" + bad[i][84:]  # the points column (81-84) no longer fits the results: a warning
    (tmp_path / "club").mkdir()
    (tmp_path / "open").mkdir()
    (tmp_path / "club" / "event.trf").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "open" / "event.trf").write_text("\n".join(bad) + "\n", encoding="utf-8")
    (tmp_path / "solo.trf").write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["standings", str(tmp_path / "club" / "event.trf"), str(tmp_path / "open" / "event.trf"),
                 str(tmp_path / "solo.trf"), "--out", str(out), "--format", "csv", "--seed", "1"]) == 0
    err = capsys.readouterr().err
    # both files called event.trf are named with their folder, the one with a unique name is not
    assert sorted(p.name for p in out.iterdir()) == ["club-event.csv", "open-event.csv", "solo.csv"]
    warning = next(x for x in err.splitlines() if x.startswith("warning: "))
    assert str(tmp_path / "open" / "event.trf") in warning and "points" in warning
