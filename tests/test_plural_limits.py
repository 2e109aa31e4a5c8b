"""A number's noun takes the form the number asks for (issue 33): the limits the readers state ("more than 1,000
players") and the number of an event's players on the website and the page are gettext plural entries.  Russian says
«больше 21 участника» / «не более 64 столбцов» (the genitive after «больше», «не более»), Ukrainian «більше ніж 21
учасник» / «не більше ніж 64 стовпці» (the count as it stands after «більше ніж»).  Every expected text is written
here by hand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tiebreak.cli import main
from tiebreak.engine.errors import InputError
from tiebreak.formats import membership, player_list, published
from tiebreak.render.i18n import message


def _said(e: InputError, lang: str) -> str:
    return message(e.message, lang)


def _refused(call, lang: str) -> str:
    with pytest.raises(InputError) as caught:
        call()
    return _said(caught.value, lang)


@pytest.mark.parametrize(("limit", "en", "ru", "uk"), [
    (1, "the player list has more than 1 player", "в списке участников больше 1 участника",
     "у списку учасників більше ніж 1 учасник"),
    (3, "the player list has more than 3 players", "в списке участников больше 3 участников",
     "у списку учасників більше ніж 3 учасники"),
    (21, "the player list has more than 21 players", "в списке участников больше 21 участника",
     "у списку учасників більше ніж 21 учасник"),
    (25, "the player list has more than 25 players", "в списке участников больше 25 участников",
     "у списку учасників більше ніж 25 учасників"),
])
def test_the_player_list_limit_in_each_form(monkeypatch, limit, en, ru, uk):
    monkeypatch.setattr(player_list, "MAX_LISTED", limit)
    text = "\n".join(f"Player {k}, NOR" for k in range(limit + 1))
    said = [_refused(lambda: player_list.read_csv(text, "list.csv"), lang) for lang in ("en", "ru", "uk")]
    assert said == [en, ru, uk]


def test_the_team_list_limit(monkeypatch):
    monkeypatch.setattr(membership, "MAX_LINES", 2)
    names = {1: "Ann", 2: "Bob", 3: "Cid"}
    said = [_refused(lambda: membership.loads("1,A\n2,A\n3,B\n", names), lang) for lang in ("en", "ru", "uk")]
    assert said == ["a team list holds at most 2 lines", "список команд может содержать не более 2 строк",
                    "список команд може містити не більше ніж 2 рядки"]


def test_the_published_table_names_the_bound_it_passed(monkeypatch):
    monkeypatch.setattr(published, "MAX_ROWS", 21)
    rows = [["No", "Name", "Pts"], *([str(k), f"P{k}", "1"] for k in range(1, 23))]
    assert [_refused(lambda: published.from_rows(rows, "p.csv"), lang) for lang in ("en", "ru", "uk")] == [
        "a published table holds at most 21 rows", "опубликованная таблица может содержать не более 21 строки",
        "опублікована таблиця може містити не більше ніж 21 рядок"]


def test_too_many_columns_on_the_command_line_and_the_api(tmp_path: Path, capsys):
    """The real bound (64 columns), unchanged, on the command line and the API in each language."""
    wide = tmp_path / "wide.csv"
    wide.write_text(",".join(["No", "Name", "Pts", *(f"T{k}" for k in range(62))]) + "\n" + ",".join(["1"] * 65) + "\n")
    trf = str(Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf")
    want = {"en": "a published table holds at most 64 columns",
            "ru": "опубликованная таблица может содержать не более 64 столбцов",
            "uk": "опублікована таблиця може містити не більше ніж 64 стовпці"}
    for lang, text in want.items():
        assert main(["check", trf, "--published", str(wide), "--lang", lang]) == 2
        assert text in capsys.readouterr().err
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.web import create_app

    client = TestClient(create_app())
    for lang, text in want.items():
        r = client.post("/api/check", data={"example": "hobsons-bay-cup-2025.trf", "lang": lang,
                                            "published": wide.read_text()})
        assert r.status_code == 400 and text in r.json()["error"], r.text


@pytest.mark.parametrize(("msgid", "plural", "count", "ru", "uk"), [
    ("the line holds more than {} round", "the line holds more than {} rounds", 21, "в строке больше 21 тура",
     "у рядку більше ніж 21 тур"),
    ("the page holds more than {} table cell", "the page holds more than {} table cells", 2,
     "на странице больше 2 клеток таблиц", "на сторінці більше ніж 2 клітинки таблиць"),
    ("more than {} player", "more than {} players", 1, "больше 1 участника", "більше ніж 1 учасник"),
    ("more than {} row", "more than {} rows", 5, "больше 5 строк", "більше ніж 5 рядків"),
    ("the sheet has more than {} cell", "the sheet has more than {} cells", 31, "на листе больше 31 ячейки",
     "на аркуші більше ніж 31 клітинка"),
    ("the sheet spans more than {} cell", "the sheet spans more than {} cells", 1, "лист занимает больше 1 ячейки",
     "аркуш займає більше ніж 1 клітинку"),
    ("more than {} shared string", "more than {} shared strings", 4, "больше 4 общих строк",
     "більше ніж 4 спільні рядки"),
    ("a folder holds at most {} event", "a folder holds at most {} events", 11,
     "в папке может быть не более 11 турниров", "у теці може бути не більше ніж 11 турнірів"),
    ("more than {} game", "more than {} games", 101, "больше 101 партии", "більше ніж 101 партія"),
    ("a published table holds at most {} column", "a published table holds at most {} columns", 1,
     "опубликованная таблица может содержать не более 1 столбца",
     "опублікована таблиця може містити не більше ніж 1 стовпець"),
])
def test_each_limit_in_its_form(msgid, plural, count, ru, uk):
    from tiebreak.engine.messages import Message

    said = Message(msgid, count, plural=plural, count=count)
    assert [message(said, "ru"), message(said, "uk")] == [ru, uk]


def test_the_limits_said_among_other_values():
    """The live server's file bound, a Papi table's and a TRF field's width: the limit's noun in its form."""
    from tiebreak.engine.messages import Message

    big = Message("the file is larger than {} byte; it is not read", 21,
                  plural="the file is larger than {} bytes; it is not read", count=21)
    table = Message("table {} is larger than {} byte", "INFO", 22, plural="table {} is larger than {} bytes", count=22)
    cut = Message("player {} {}: cut to {} character: {}", 7, "Ann", 21, "'Ann'",
                  plural="player {} {}: cut to {} characters: {}", count=21)
    assert [message(m, "ru") for m in (big, table, cut)] == [
        "файл больше 21 байта; он не читается", "таблица INFO больше 22 байт", "участник 7 Ann: обрезано до 21 знака: 'Ann'"]
    assert [message(m, "uk") for m in (big, table, cut)] == [
        "файл більший за 21 байт; його не читають", "таблиця INFO більша за 22 байти",
        "учасник 7 Ann: обрізано до 21 знака: 'Ann'"]


def _intro(html: str) -> str:
    found = re.search(r"<p[^>]*>([^<]*)</p>", html)
    assert found
    return found.group(1)


def _trf(tmp_path: Path, players: int) -> Path:
    """A one-round event of ``players`` players: pairs, and the last one unpaired when they are odd."""
    def line(no: int, points: str, rounds: str) -> str:
        return (f"001 {no:4d}      {f'Player {no:02d}':<33}                                  {points:>4}".ljust(89)
                + "  " + rounds)
    rows = ["012 Event", "092 Individual: Swiss-System"]
    for k in range(1, players, 2):
        rows += [line(k, "1.0", f"{k + 1:4d} w 1"), line(k + 1, "0.0", f"{k:4d} b 0")]
    if players % 2:
        rows.append(line(players, "1.0", "0000 - U"))
    path = tmp_path / f"event{players}.trf"
    path.write_text("\n".join(rows) + "\n")
    return path


@pytest.mark.parametrize(("players", "said"), [
    (1, {"en": "1 player", "ru": "1 участник", "uk": "1 учасник"}),
    (21, {"en": "21 players", "ru": "21 участник", "uk": "21 учасник"}),
    (22, {"en": "22 players", "ru": "22 участника", "uk": "22 учасники"}),
])
def test_the_website_and_the_page_count_the_players(tmp_path: Path, capsys, players, said):
    from tiebreak import compute_standings, trf
    from tiebreak.render.page_standings import standings_part

    event = _trf(tmp_path, players)
    assert main(["site", str(event), "-o", str(tmp_path / "site")]) == 0
    s = compute_standings(trf.load(str(event)), "PTS")
    for lang, text in said.items():
        assert _intro((tmp_path / "site" / lang / "players.html").read_text(encoding="utf-8")) == text
        assert f" · {text}</p>" in standings_part(s, lang)  # the page: the event line ends with the count
