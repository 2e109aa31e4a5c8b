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


class _Rows(HTMLParser):
    """The text of each cell of each table row, row by row."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.rows[-1].append("")

    def handle_data(self, data: str) -> None:
        if self.rows and self.rows[-1]:
            self.rows[-1][-1] += data.strip("\n")


#: a result of the file's 001 records (TRF: 1 won, = drawn, 0 lost) as every face words it
RESULTS = {"en": {"1": "win", "=": "draw", "0": "loss"}, "ru": {"1": "победа", "=": "ничья", "0": "поражение"},
           "uk": {"1": "перемога", "=": "нічия", "0": "поразка"}}


def _records() -> dict[int, tuple[str, list[tuple[int, str]]]]:
    """Each player's name and games (opponent, result) read from the file's 001 records by hand (name in columns
    15-47, from column 92 ten a round: opponent, colour, result), not by the program's reader."""
    out = {}
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            games = [(int(line[k:k + 4]), line[k + 7]) for k in range(91, len(line), 10) if line[k:k + 4].strip()]
            out[int(line[4:8])] = (line[14:47].strip(), games)
    return out


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_two_players_rounds_say_the_files_games_on_the_text_and_the_panel(client, capsys, lang):
    # nos. 14 and 15: the round, the result and the opponent with its number of each round as the file records them,
    # and the same contribution, on the command line and in the page's panel; both say the two places
    records = _records()
    said = _cli(capsys, "explain", str(EXAMPLE), "--players", "14", "15", "--tiebreaks", "PTS,BH/C1", "--lang", lang)
    with open(EXAMPLE, "rb") as f:
        r = client.post("/api/explain", data={"player": "14", "player2": "15", "tiebreaks": "PTS,BH/C1", "lang": lang,
                                              "format": "html"}, files={"file": (EXAMPLE.name, f.read())})
    assert r.status_code == 200, r.text
    texts, rows = _Texts(), _Rows()
    texts.feed(r.text)
    rows.feed(r.text)
    assert said[0] in texts.found["note"]  # "Name (no. 14): place 7; Name (no. 15): place 8" on both
    assert re.search(r"\(\S+ 14\): \S+ 7; .+ \(\S+ 15\): \S+ 8$", said[0])
    panel_rows = [x for x in rows.rows if x and x[0].isdigit()]
    text_rows = [x for x in said[5:] if x.strip()]
    assert len(panel_rows) == len(text_rows) == 7
    for k, (cells, line) in enumerate(zip(panel_rows, text_rows), 1):
        games = [(records[number][1][k - 1]) for number in (14, 15)]
        facts = [x for opponent, result in games for x in (RESULTS[lang][result], f"{records[opponent][0]} ({opponent})")]
        assert [cells[0], cells[1], cells[2], cells[4], cells[5]] == [str(k), *facts]
        # the text: the same facts in the same order and the panel's contributions, an opponent's name cut from its
        # end (never shorter than 12 characters), its number kept
        sides = [rf"{re.escape(RESULTS[lang][result])}\s+{re.escape(records[opponent][0][:12])}.*\({opponent}\)\s+"
                 rf"{re.escape(contribution)}" for (opponent, result), contribution in zip(games, (cells[3], cells[6]))]
        assert re.fullmatch(rf"\s*{k}\s+{sides[0]}\s+{sides[1]}", line), line
