"""The embeddable live view (``/embed``) is made by the server, as the live page's tables are: the rows of its
standings are those ``/api/live`` and ``tiebreak standings`` give for the file (place, name, points), a place the
event's lot decided marked ``*`` and a shared place under ``serve --no-lots`` (``3-4``) written as the live page's
standings write them, and the line of a player followed says their place and points in the reader's language."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from attacks import _trf_line
from sources import ROOT

pytest.importorskip("jinja2")
pytest.importorskip("watchfiles")
pytest.importorskip("fastapi")
bs4 = pytest.importorskip("bs4")

from fastapi.testclient import TestClient  # noqa: E402

from tiebreak.cli import main  # noqa: E402
from tiebreak.live.settings import Settings  # noqa: E402
from tiebreak.live.watch import LiveHub  # noqa: E402
from tiebreak.web.live import live_app  # noqa: E402

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
#: four players, one round: 1 beat 3 and 2 beat 4, both with White. By hand: 1 and 2 on 1 point, each with the same
#: tie-breaks (an opponent on 0, one win with White), are tied after the list; so are 3 and 4 on 0: the event's lot
#: places them, or under --no-lots 1 and 2 share places 1-2, 3 and 4 share 3-4
FOUR = "012 Four\n" + "\n".join(_trf_line(no, name, pts, rounds) for no, name, pts, rounds in (
    (1, "Ann", "1.0", "   3 w 1"), (2, "Bob", "1.0", "   4 w 1"), (3, "Cid", "0.0", "   1 b 0"),
    (4, "Dan", "0.0", "   2 b 0"))) + "\n"


def _client(folder: Path, settings: Settings | None = None) -> TestClient:
    return TestClient(live_app(LiveHub(folder, database="none", settings=settings)))


def _place(row: dict[str, object]) -> str:
    """A row's place as the standings write it: ``3*`` where the lot decided it."""
    return f"{row['place']}{'*' if row.get('lot') else ''}"


def _rows(html: str) -> list[tuple[str, ...]]:
    """The embed's standings rows, each cell's text (read by an HTML parser, not by the code under test)."""
    soup = bs4.BeautifulSoup(html, "html.parser")
    return [tuple(td.get_text() for td in tr.select("td")) for tr in soup.select("#top tbody tr")]


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_embeds_rows_are_the_live_apis_standings_and_the_command_lines(tmp_path, capsys, lang):
    shutil.copy(EXAMPLE, tmp_path / "open.trf")
    client = _client(tmp_path)
    api = client.get("/api/live", params={"event": "open.trf"}).json()["standings"]
    served = client.get("/embed/parts", params={"event": "open.trf", "lang": lang, "mode": "standings"})
    assert served.status_code == 200
    rows = _rows(served.text)
    assert rows == [(_place(r), r["name"], str(r["points"])) for r in api]
    assert main(["standings", str(EXAMPLE), "-f", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)["standings"]
    assert rows == [(_place(r), r["name"], str(r["points"])) for r in printed]
    # the page itself comes with the same rows (read without a script), the top 10 by default
    assert _rows(client.get("/embed", params={"event": "open.trf", "lang": lang}).text) == rows[:10]


#: the line of Cid (no. 3) followed, written by hand in each language: the place the lot gave, marked, and shared
CID = {"en": ("Cid: Place 3*, Pts 0", "Cid: Place 3-4, Pts 0"), "ru": ("Cid: Место 3*, Очки 0", "Cid: Место 3-4, Очки 0"),
       "uk": ("Cid: Місце 3*, Очки 0", "Cid: Місце 3-4, Очки 0")}


def _embed_and_tables(client: TestClient, lang: str) -> tuple[list[tuple[str, ...]], str, list[str]]:
    """The embed's rows (the top 1 and Cid followed), its followed line, the live page's standings' places."""
    page = client.get("/embed", params={"event": "four.trf", "lang": lang, "player": 3, "top": 1}).text
    soup = bs4.BeautifulSoup(page, "html.parser")
    assert not soup.select_one("#follow").has_attr("hidden")
    tables = bs4.BeautifulSoup(client.get("/live/tables", params={"event": "four.trf", "lang": lang}).text,
                               "html.parser")
    return (_rows(page), soup.select_one("#follow-title").get_text(),
            [tr.select_one("td.rank").get_text() for tr in tables.select("#standings tbody tr")])


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_place_the_lot_decided_is_marked_as_the_live_page_and_the_command_line_mark_it(tmp_path, capsys, lang):
    (tmp_path / "four.trf").write_text(FOUR)
    # the command line's lot on the file: Bob before Ann, Cid before Dan, every place marked
    assert main(["standings", str(tmp_path / "four.trf"), "-f", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)["standings"]
    assert [(_place(r), r["name"]) for r in printed] == [("1*", "Bob"), ("2*", "Ann"), ("3*", "Cid"), ("4*", "Dan")]
    client = _client(tmp_path)
    api = client.get("/api/live", params={"event": "four.trf"}).json()["standings"]
    assert [(_place(r), r["name"]) for r in api] == [("1*", "Bob"), ("2*", "Ann"), ("3*", "Cid"), ("4*", "Dan")]
    assert _embed_and_tables(client, lang) == ([("1*", "Bob", "1"), ("3*", "Cid", "0")], CID[lang][0],
                                               ["1*", "2*", "3*", "4*"])


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_shared_place_under_no_lots_is_written_as_the_live_page_writes_it(tmp_path, lang):
    (tmp_path / "four.trf").write_text(FOUR)
    client = _client(tmp_path, Settings(no_lots=True))
    api = client.get("/api/live", params={"event": "four.trf"}).json()["standings"]
    assert [(_place(r), r["name"]) for r in api] == [("1-2", "Ann"), ("1-2", "Bob"), ("3-4", "Cid"), ("3-4", "Dan")]
    assert _embed_and_tables(client, lang) == ([("1-2", "Ann", "1"), ("3-4", "Cid", "0")], CID[lang][1],
                                               ["1-2", "1-2", "3-4", "3-4"])


def test_the_parts_of_an_event_not_published_are_a_404_and_the_page_waits(tmp_path):
    (tmp_path / "four.trf").write_text(FOUR)
    client = _client(tmp_path)
    assert client.get("/embed/parts", params={"event": "none.trf"}).status_code == 404
    page = bs4.BeautifulSoup(client.get("/embed", params={"event": "none.trf", "lang": "uk"}).text, "html.parser")
    assert page.select_one("#title").get_text() == "Турнірна таблиця наживо" and _rows(str(page)) == []
