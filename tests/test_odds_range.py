"""The places a participant can still reach, written one way in every odds table (issue 33): ``3-4``, and a place
that is already certain as the one place, ``1`` (the site's and the live screen's way), never ``1-1``."""

from __future__ import annotations

from tiebreak.cli import main


def _line(no: int, name: str, points: str, rounds: str) -> str:
    return f"001 {no:4d}      {name}".ljust(80) + f"{points:>4}".ljust(11) + rounds


#: by hand: a round robin of four, round 3's game B-C still being played; A has won all three (first whatever
#: happens), D two (second), B and C none yet: they share what is left, places 3 and 4
EVENT = "\n".join([
    "012 Four",
    _line(1, "Alpha, A", "3.0", "   2 w 1     3 b 1     4 w 1  "),
    _line(2, "Beta, B", "0.0", "   1 b 0     4 w 0     3 w    "),
    _line(3, "Gamma, C", "0.0", "   4 w 0     1 w 0     2 b    "),
    _line(4, "Delta, D", "2.0", "   3 b 1     2 b 1     1 b 0  "),
]) + "\n"


def test_a_certain_place_is_written_alone_in_the_text_and_the_html(tmp_path, capsys):
    path = tmp_path / "four.trf"
    path.write_text(EVENT)
    assert main(["odds", str(path), "--system", "rr"]) == 0
    lines = capsys.readouterr().out.splitlines()
    ranges = {line.split()[1].rstrip(","): line.split()[-1] for line in lines
              if line[:4].strip().isdigit() and len(line.split()) > 4}
    assert ranges == {"Alpha": "1", "Delta": "2", "Beta": "3-4", "Gamma": "3-4"}, lines
    assert main(["odds", str(path), "--system", "rr", "-f", "html"]) == 0
    page = capsys.readouterr().out
    assert "<td>3-4</td>" in page and "<td>1-1</td>" not in page and "<td>2-2</td>" not in page
