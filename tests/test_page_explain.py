"""The page's explanation panel (``POST /api/explain`` with ``format=html``, what app.js shows) says what
``tiebreak explain`` says: the same sentence for what separated two players and the same value of every tie-break, in
English, Russian and Ukrainian, for a player and for a team.  The panel is read with the standard library's HTML
parser, not with the templates that wrote it.

Outside values: the published Vega standings of the 2025 Hobsons Bay Cup give no. 7 BH 33.5 and BH/C1 30 (so the cut
round is worth 3.5) and no. 9 BH/C1 28.5 (the verdict's "30 against 28.5"); the bundled team example's team 1 scored
2 + 1 + 1 = 4 match points in its three matches (counted in the file by hand).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from sources import ROOT

from tiebreak.cli import main

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from tiebreak.web import create_app  # noqa: E402

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
TEAM = ROOT / "tests" / "data" / "team" / "example-t.trf"


class _Texts(HTMLParser):
    """The text of each element with a class, by class: {"verdict": [...], "tb-value": [...], ...}."""

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, list[str]] = {}
        self._open: list[tuple[str, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "wbr":
            return
        if tag in ("td", "th"):  # cells apart, as a browser's innerText has them
            self.handle_data("\t")
        classes = (dict(attrs).get("class") or "").split()
        self._open.append((tag, classes))
        for c in classes:
            self.found.setdefault(c, []).append("")

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for _, classes in self._open:
            for c in classes:
                self.found[c][-1] += data


def _panel(client: TestClient, path, lang: str, *numbers: int, **fields: str) -> dict[str, list[str]]:
    data = {"player": str(numbers[0]), "lang": lang, "format": "html", **fields}
    if len(numbers) == 2:
        data["player2"] = str(numbers[1])
    with open(path, "rb") as f:
        r = client.post("/api/explain", data=data, files={"file": (path.name, f.read())})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html"), r.text
    parser = _Texts()
    parser.feed(r.text)
    return parser.found


def _cli(capsys, *args: str) -> list[str]:
    capsys.readouterr()
    main(list(args))
    return capsys.readouterr().out.splitlines()


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())


@pytest.mark.parametrize("lang, against", [("en", "against"), ("ru", "против"), ("uk", "проти")])
def test_why_one_player_is_ahead_in_the_command_lines_words(client, capsys, lang, against):
    panel = _panel(client, EXAMPLE, lang, 7, 9, tiebreaks="PTS,BH/C1", seed="1")
    said = _cli(capsys, "explain", str(EXAMPLE), "--players", "7", "9", "--tiebreaks", "PTS,BH/C1", "--seed", "1",
                "--lang", lang)
    assert panel["verdict"] == [said[1]]
    assert said[1].endswith(f"BH/C1 [C.07 8.1]: 30 {against} 28.5")
    assert panel["total"][0].split("\t")[-3:] == ["30", "", "28.5"]  # the pair table's last row: the two values


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_players_values_and_cut_round_as_on_the_command_line(client, capsys, lang):
    panel = _panel(client, EXAMPLE, lang, 7, tiebreaks="PTS,BH,BH/C1", seed="1")
    said = _cli(capsys, "explain", str(EXAMPLE), "--player", "7", "--tiebreaks", "PTS,BH,BH/C1", "--seed", "1",
                "--lang", lang)
    values = [re.match(r"(\S+ = \S+)", x).group(1) for x in said if re.match(r"\S+ = ", x)]
    points = {"en": "Pts", "ru": "Очки", "uk": "Очки"}[lang]  # the points as the standings head them (not "PTS")
    assert panel["tb-value"] == values == [f"{points} = 6", "BH = 33.5", "BH/C1 = 30"]
    # the row struck through in BH/C1: the round the cut leaves out, worth published BH - BH/C1
    cut_rows = [x.split("\t") for x in panel["cut"] if x.strip() and "\t" in x]
    assert len(cut_rows) == 1 and cut_rows[0][4].split()[0] == "3.5"  # (round, result, opponent, contribution)


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_teams_matches_and_values_as_on_the_command_line(client, capsys, lang):
    panel = _panel(client, TEAM, lang, 1)
    said = _cli(capsys, "explain", str(TEAM), "--player", "1", "--lang", lang)
    values = [re.match(r"(\S+ = \S+)", x).group(1) for x in said if re.match(r"\S+ = ", x)]
    # the primary score headed as the standings head it: MP, «МО» in Russian and Ukrainian
    assert panel["tb-value"] == values and values[0] == {"en": "MP", "ru": "МО", "uk": "МО"}[lang] + " = 4"
    assert len(panel["matches"]) == 1
