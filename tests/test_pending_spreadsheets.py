"""The CSV and XLSX faces say that games are pending, as the others do (issue 33): the text and HTML downloads print
"games pending: N" above the table and the crosstables write a game paired and not yet played ``9w*`` ("* = not yet
played"), while the standings' CSV/XLSX said nothing and ``convert``'s CSV/XLSX crosstable wrote such a game as an
empty cell (an absence: the pending game was lost on the way, and the file read back said nothing was pending).

Now the standings' CSV and XLSX have a column ``pending`` where the note is said (each row's games paired and not
yet played: every game counted on both its rows), and the crosstable writes ``9w*``, which reads back as pending.

The events, by hand from the files' own text: the bundled Hobsons Bay Cup 2025 with round 7's results taken out
(each player line whose round-7 block has a result 1, 0 or =: 26 players, 13 games; round 7's forfeit 28-23 stays
a result); Example T of the spec (4 teams,
2 boards, a round robin) with round 3's board results taken out: 2 matches of 2 boards, 4 games, 2 per team.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from tiebreak.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
EXAMPLE_T = ROOT / "tests" / "data" / "team" / "example-t.trf"
RESULT = 158  # round 7's result column (the block of columns 152-161, TRF-16)


def _round_7_blanked(folder: Path) -> tuple[Path, dict[int, int]]:
    """The cup with round 7's results taken out, and each player's round-7 game paired (opponent -> by hand)."""
    lines, paired = [], {}
    for line in EXAMPLE.read_text(encoding="utf-8").split("\n"):
        if line.startswith("001") and len(line) > RESULT and line[RESULT] in "10=":
            paired[int(line[4:8])] = int(line[151:155])
            line = line[:RESULT] + " " + line[RESULT + 1:]
        lines.append(line)
    path = folder / "open.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path, paired


def _team(folder: Path) -> Path:
    """Example T with round 3's board results taken out (each player line's last block loses its result)."""
    path = folder / "cup.trf"
    path.write_text(re.sub(r"^(001.*[0-9] [wb]) [10=]$", r"\1  ", EXAMPLE_T.read_text(encoding="utf-8"), flags=re.M),
                    encoding="utf-8")
    return path


def _csv(capsys, *argv: str) -> list[dict[str, str]]:
    assert main(["standings", *argv, "--format", "csv"]) == 0
    return list(csv.DictReader(io.StringIO(capsys.readouterr().out)))


def test_the_standings_csv_and_xlsx_say_which_games_are_pending(capsys, tmp_path):
    path, paired = _round_7_blanked(tmp_path)
    assert len(paired) == 26  # 13 games
    rows = _csv(capsys, str(path))
    assert {int(r["start_no"]): int(r["pending"]) for r in rows} == {n: int(n in paired) for n in range(1, 33)}
    assert main(["standings", str(path)]) == 0
    assert "games pending: 13 " in capsys.readouterr().out  # the text face's note: the same games
    openpyxl = pytest.importorskip("openpyxl")  # the XLSX: the CSV's table (read by an independent reader)
    book = tmp_path / "open.xlsx"
    assert main(["standings", str(path), "-o", str(book)]) == 0
    sheet = list(openpyxl.load_workbook(book).active.iter_rows(values_only=True))
    at, number = sheet[0].index("pending"), sheet[0].index("start_no")
    assert {r[number]: int(r[at]) for r in sheet[1:]} == {n: int(n in paired) for n in range(1, 33)}


def test_no_column_where_nothing_is_pending(capsys, tmp_path):
    assert "pending" not in _csv(capsys, str(EXAMPLE))[0]
    path, _ = _round_7_blanked(tmp_path)
    assert "pending" not in _csv(capsys, str(path), "--after-round", "5")[0]  # after round 5: no note, no column


def test_a_team_events_csv_counts_its_boards(capsys, tmp_path):
    rows = _csv(capsys, str(_team(tmp_path)))
    assert {int(r["start_no"]): int(r["pending"]) for r in rows} == {1: 2, 2: 2, 3: 2, 4: 2}


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_the_converted_crosstable_writes_a_pending_game_and_reads_it_back(capsys, tmp_path, suffix):
    path, paired = _round_7_blanked(tmp_path)
    target = tmp_path / f"cross{suffix}"
    assert main(["convert", str(path), str(target)]) == 0
    capsys.readouterr()
    if suffix == ".csv":
        table = list(csv.DictReader(target.open(encoding="utf-8")))
    else:
        openpyxl = pytest.importorskip("openpyxl")
        sheet = list(openpyxl.load_workbook(target).worksheets[0].iter_rows(values_only=True))
        table = [dict(zip(sheet[0], ("" if c is None else str(c) for c in r))) for r in sheet[1:]]
    cells = {int(r["No"]): r["R7"] for r in table}
    # the opponent and the colour kept, the result "*", as the crosstable of every face writes it
    assert {n: re.fullmatch(r"(\d+)[wb]\*", cells[n]) is not None and int(cells[n][:-2]) == o
            for n, o in paired.items()} == dict.fromkeys(paired, True)
    assert not any(cells[n].endswith("*") for n in cells if n not in paired)
    for lang, said in (("en", "games pending: 13 "), ("ru", "партий не доиграно: 13 "), ("uk", "партій не дограно: 13 ")):
        assert main(["standings", str(target), "--lang", lang]) == 0  # read back: the same games pending
        assert said in capsys.readouterr().out
