"""The same standings question on every face gives the same columns, in the same order and the same words, and the
same numbers in each row (issue 33): the command line's text and CSV, the API's JSON and the page's answer
(``format=page``), the website's standings page and the live screen's standings, in English, Russian and Ukrainian,
for an individual event (the bundled example) and a team event (a bundled test file).

The order is the one arbiters read on chess-results and Swiss-Manager, written here by hand: rank, number, title,
name, federation, rating, points, the tie-breaks of the list; the live screen adds its mark and arrow at the end.
A team event's points are its primary score, headed by the glossary's term: MP, «МО» in both languages."""

from __future__ import annotations

import csv
import io
import json

import pytest
from sources import ROOT

pytest.importorskip("fastapi")
pytest.importorskip("watchfiles")
bs4 = pytest.importorskip("bs4")

from fastapi.testclient import TestClient  # noqa: E402

from tiebreak.cli import main  # noqa: E402
from tiebreak.live.watch import LiveHub  # noqa: E402
from tiebreak.web import create_app  # noqa: E402
from tiebreak.web.live import live_app  # noqa: E402

PLAYERS = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
TEAMS = ROOT / "tests" / "data" / "generated-team" / "team-swiss-a.trf"
LANGS = ("en", "ru", "uk")
SEED = "1"

#: the headings, by hand: the identity columns, the points (a team's primary score) and the default lists' codes
PLAYER_CODES = ["BH/C1", "BH", "DE", "WIN", "WON", "BPG", "SB"]  # FIDE's default for a Swiss (C.07 Art. 13)
TEAM_CODES = ["MPVGP", "EDE", "BH/C1", "BH", "SB"]
HEADINGS = {
    ("players", "en"): ["Place", "No", "Tit", "Name", "Fed", "Rtg", "Pts", *PLAYER_CODES],
    ("players", "ru"): ["Место", "№", "Зв", "Участник", "Фед", "Рейт", "Очки", *PLAYER_CODES],
    ("players", "uk"): ["Місце", "№", "Зв", "Учасник", "Фед", "Рейт", "Очки", *PLAYER_CODES],
    ("teams", "en"): ["Place", "No", "Team", "MP", *TEAM_CODES],
    ("teams", "ru"): ["Место", "№", "Команда", "МО", *TEAM_CODES],
    ("teams", "uk"): ["Місце", "№", "Команда", "МО", *TEAM_CODES],
}
#: the CSV's language-free headings of the same columns (its points then every column of the list: PTS, a team
#: event's primary score by its own code, MP, as the note and the legend name it)
CSV_HEADINGS = {"players": ["rank", "start_no", "title", "name", "fed", "rating", "points", "PTS", *PLAYER_CODES],
                "teams": ["rank", "start_no", "name", "points", "MP", *TEAM_CODES]}
FILES = {"players": PLAYERS, "teams": TEAMS}

Table = tuple[list[str], dict[str, list[str]]]  # the headings, and each row's cells by its number (rank left out)


def _rows(heads: list[str], rows: list[list[str]]) -> Table:
    """The headings and each row's cells but the rank, by the row's number (the second column)."""
    assert all(len(r) == len(heads) for r in rows)
    return heads, {r[1]: r[1:] for r in rows}


def _text_table(out: str) -> Table:
    """The aligned table of ``tiebreak standings``: each column is as wide as its line of dashes."""
    lines = out.splitlines()
    dashes = next(k for k, x in enumerate(lines) if x.startswith("--"))
    spans, at = [], 0
    for dash in lines[dashes].split("  "):
        spans.append((at, at + len(dash)))
        at += len(dash) + 2
    end = lines.index("", dashes)

    def cells(line: str) -> list[str]:
        return [line[a:b].strip() for a, b in spans[:-1]] + [line[spans[-1][0]:].strip()]

    return _rows(cells(lines[dashes - 1]), [cells(x) for x in lines[dashes + 1:end]])


def _html_table(table) -> Table:
    heads = [th.get_text("", strip=True) for th in table.select("thead th")]
    rows = [[c.get_text("", strip=True) for c in tr.find_all(["td", "th"])] for tr in table.select("tbody tr")]
    return _rows(heads, rows)


def _soup(html: str):
    return bs4.BeautifulSoup(html, "lxml")


@pytest.fixture(scope="module")
def faces(tmp_path_factory) -> dict[tuple[str, str, str], Table]:
    """Every face's standings table: (kind, language, face) -> (headings, rows by number)."""
    out: dict[tuple[str, str, str], Table] = {}
    api = TestClient(create_app())
    for kind, path in FILES.items():
        folder = tmp_path_factory.mktemp(kind)
        site = folder / "site"
        assert main(["site", str(path), "-o", str(site), "--seed", SEED]) == 0
        live = folder / "live"
        live.mkdir()
        (live / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
        screen = TestClient(live_app(LiveHub(live, database="none")))
        for lang in LANGS:
            assert main(["standings", str(path), "--seed", SEED, "--lang", lang, "-o", str(folder / f"{lang}.txt")]) == 0
            out[kind, lang, "text"] = _text_table((folder / f"{lang}.txt").read_text(encoding="utf-8"))
            with open(path, "rb") as f:
                r = api.post("/api/standings", files={"file": (path.name, f)},
                             data={"format": "page", "lang": lang, "seed": SEED})
            assert r.status_code == 200, r.text
            out[kind, lang, "page"] = _html_table(_soup(r.text).select_one('[data-part="standings"]'))
            page = (site / lang / "standings.html").read_text(encoding="utf-8")
            out[kind, lang, "site"] = _html_table(_soup(page).select_one("table#standings"))
            r = screen.get("/live/tables", params={"lang": lang})
            assert r.status_code == 200
            heads, rows = _html_table(_soup(r.text).select_one("table#standings"))
            assert heads[-2:] == ["✓", "▲▼"]  # the live screen's own columns come last
            out[kind, lang, "live"] = heads[:-2], {k: v[:-2] for k, v in rows.items()}
    return out


@pytest.mark.parametrize("kind", FILES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("face", ["text", "page", "site", "live"])
def test_every_face_heads_the_standings_alike(faces, kind, lang, face):
    """The headings in the one order and the same words on every face, as written by hand above."""
    assert faces[kind, lang, face][0] == HEADINGS[kind, lang]


@pytest.mark.parametrize("kind", FILES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("face", ["page", "site", "live"])
def test_every_face_shows_the_same_numbers(faces, kind, lang, face):
    """Each row's number, name, player columns, points and values are the command line's text's, on every face (the
    live screen shares tied places instead of drawing lots, which changes the ranks only)."""
    want = faces[kind, "en", "text"][1]
    got = faces[kind, lang, face][1]
    assert got == want


@pytest.mark.parametrize("kind", FILES)
def test_csv_and_json_hold_the_same_columns_and_numbers(kind, capsys):
    """The CSV heads the same columns in the same order by language-free names; its rows and the JSON's values are
    the text's numbers."""
    path = FILES[kind]
    assert main(["standings", str(path), "--seed", SEED]) == 0
    _, text = _text_table(capsys.readouterr().out)
    assert main(["standings", str(path), "--seed", SEED, "-f", "csv"]) == 0
    table = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert table[0][:len(CSV_HEADINGS[kind])] == CSV_HEADINGS[kind]
    assert table[0][len(CSV_HEADINGS[kind]):] == ["place"]  # added at the right: the place as written
    points = table[0].index("points")
    for row in table[1:]:
        cells = row[1:points + 1] + row[points + 2:-1]  # the list's first column (PTS, MP) repeats the points
        assert cells == [c if c != "-" else "" for c in text[row[1]]]
    assert main(["standings", str(path), "--seed", SEED, "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out, parse_float=str, parse_int=str)
    codes = CSV_HEADINGS[kind][CSV_HEADINGS[kind].index("points") + 2:]
    for row in doc["standings"]:
        cells = text[row["start_no"]]
        assert [row["name"], row["points"], *(row["values"][c] or "-" for c in codes)] == \
            [cells[HEADINGS[kind, "en"].index("Name" if kind == "players" else "Team") - 1], *cells[-len(codes) - 1:]]


@pytest.mark.parametrize("lang", LANGS)
def test_explain_and_check_name_the_primary_score_as_the_standings_head_it(faces, lang, tmp_path, capsys):
    """``explain`` heads a team's primary score, and ``check`` names a published primary score that differs, with
    the standings' heading (MP, «МО»), whether the list calls it PTS or MP."""
    heading = HEADINGS["teams", lang][3]
    points = faces["teams", lang, "text"][1]["4"][2]  # team 4's primary score on the command line
    for tiebreaks in ([], ["-t", "MP,GP,BH:MP"]):
        assert main(["explain", str(TEAMS), "--player", "4", "--lang", lang, *tiebreaks]) == 0
        assert f"\n{heading} = {points}   " in capsys.readouterr().out
    published = tmp_path / "published.csv"
    published.write_text(f"start_no,name,MP\n4,Team 4,{int(points) - 1}\n", encoding="utf-8")
    main(["check", str(TEAMS), "--published", str(published), "--lang", lang])
    assert f"Team 4 — {heading} [" in capsys.readouterr().out
