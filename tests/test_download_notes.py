"""A download says which results it counts: the text, HTML and PDF standings of an event in play print the rounds
known and the games pending above the table, in the words the JSON, the page and the website give them (one source:
the standings' notes, :func:`tiebreak.views.standings.table_notes`), in en/ru/uk; a complete event's download says
none of the standings' notes (the internal ones — how the rules, the system and the list were chosen — stay the
arbiter's: standard error, JSON, the page)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sources import needs

from tiebreak.cli import main

ROOT = Path(__file__).resolve().parents[1]
CUP = ROOT / "tests" / "data" / "shared" / "corpus" / "scalachess-tiebreak" / "uzchesscup.pgn"
HOBSONS = ROOT / "examples" / "hobsons-bay-cup-2025.trf"

#: the corpus file's round 9 has five games (counted in :func:`_in_play`); set to ``*`` they are the games pending,
#: and the rounds known are 8 of 9
PENDING, KNOWN, ROUNDS = 5, 8, 9


def _in_play(path: Path) -> Path:
    """The corpus file with its five round-9 results set to ``*`` (games in play)."""
    games = re.split(r"\n(?=\[Round )", CUP.read_text(encoding="utf-8"))
    assert sum(g.startswith('[Round "9.') for g in games) == PENDING
    out = [re.sub(r'\[Result "[^"]*"\]', '[Result "*"]', g) if g.startswith('[Round "9.') else g for g in games]
    path.write_text("\n".join(out), encoding="utf-8")
    return path


def _out(capsys, *args: str) -> str:
    capsys.readouterr()
    assert main(["standings", *args]) == 0
    return capsys.readouterr().out


@needs(CUP)
@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_downloads_of_an_event_in_play_say_its_games_pending(tmp_path, capsys, lang):
    pgn = _in_play(tmp_path / "cup.pgn")
    said = json.loads(_out(capsys, str(pgn), "-f", "json", "--lang", lang))
    ids = [n["id"] for n in said["said"]["notes"]]
    pending = said["notes"][ids.index("games pending: {} (not yet played: they count nothing until their results "
                                      "are known)")]
    known = said["notes"][ids.index("results known up to round {} of {}: standings after round {}")]
    assert said["said"]["notes"][ids.index("games pending: {} (not yet played: they count nothing until their "
                                           "results are known)")]["values"] == [str(PENDING)]
    assert str(PENDING) in pending and f"{KNOWN}" in known and f"{ROUNDS}" in known
    text = _out(capsys, str(pgn), "--lang", lang).splitlines()
    assert text[2:4] == [known, pending]  # under the cover line, above the table
    internal = [n for n in said["notes"] if n not in (known, pending)]
    assert internal and not any(n in text for n in internal)  # the rules' and the list's choice: the arbiter's
    page = _out(capsys, str(pgn), "-f", "html", "--lang", lang)
    assert f"<p>{known}</p><p>{pending}</p>" in page


def test_a_complete_events_download_has_no_notes(capsys):
    said = json.loads(_out(capsys, str(HOBSONS), "-f", "json"))
    assert said["notes"]  # the rules and the list chosen: none says which results count, all are internal
    text = _out(capsys, str(HOBSONS)).splitlines()
    assert text[2] == "" and not any(n in text for n in said["notes"])
    page = _out(capsys, str(HOBSONS), "-f", "html")
    assert not any(n in page for n in said["notes"])


@needs(CUP)
@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_live_words_its_notes_as_the_api_standings(tmp_path, lang):
    """``/api/live?lang=`` words its notes and warnings as ``/api/standings`` words them in that language (the same
    file), its ``said`` the messages as they are."""
    pytest.importorskip("fastapi")
    pytest.importorskip("watchfiles")
    from fastapi.testclient import TestClient

    from tiebreak.live.watch import LiveHub
    from tiebreak.web.app import create_app
    from tiebreak.web.live import live_app

    watched = tmp_path / "watched"
    watched.mkdir()
    pgn = _in_play(watched / "cup.pgn")
    api = TestClient(create_app()).post("/api/standings", files={"file": ("cup.pgn", pgn.read_bytes())},
                                        data={"format": "json", "lang": lang}).json()
    hub = LiveHub(watched, database="none")
    try:
        client = TestClient(live_app(hub))
        live, english = client.get(f"/api/live?lang={lang}").json(), client.get("/api/live").json()
    finally:
        hub.close()
    pending = next(n for n in api["notes"] if str(PENDING) in n and n not in english["notes"])  # (the worded one)
    assert pending in live["notes"] and live["notes"] == api["notes"]
    assert live["said"] == english["said"] and live["notes"] != english["notes"]
    assert len(live["warnings"]) == len(english["warnings"])


#: the words a tie-break listed again adds to its name in the legend (the .po files' translation, written here)
AGAIN = {"en": "again: {}, applied to those still tied after the columns before it",
         "ru": "снова: {}, применяется к тем, кто всё ещё делит место после предыдущих столбцов",
         "uk": "знову: {}, застосовується до тих, хто досі ділить місце після попередніх стовпців"}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_tiebreak_listed_again_has_its_legend_line(capsys, lang):
    """``--tiebreaks BH,SB,BH``: the column «BH (2)» is named in the legend as the first BH's line names BH, again."""
    text = _out(capsys, str(HOBSONS), "--tiebreaks", "BH,SB,BH", "--lang", lang).splitlines()
    legend = {line.split(maxsplit=1)[0]: line.split(maxsplit=1)[1] for line in text
              if line.startswith("  ") and not line.startswith("  BH (2)") and len(line.split()) > 1}
    first = legend["BH"]
    assert f"  {'BH (2)':10} {AGAIN[lang].format(first)}" in text
    page = _out(capsys, str(HOBSONS), "-f", "html", "--tiebreaks", "BH,SB,BH", "--lang", lang)
    assert f"<li><b>BH (2)</b> {AGAIN[lang].format(first)}</li>" in page


def test_the_live_screens_legend_names_a_tiebreak_listed_again_as_the_text(capsys):
    """The live screen reads its table and legend from the standings document: «BH (2)» is its own column there,
    with the values the JSON gives it, and the legend's line the text's."""
    from tiebreak.render.legend import legend_lines, site_lines
    from tiebreak.views.standings import legend_of_document, of_document

    doc = json.loads(_out(capsys, str(HOBSONS), "-f", "json", "--tiebreaks", "SB,BH/C1,SB"))
    table = of_document(doc)
    assert table.keys == ["SB", "BH/C1", "SB (2)"]
    assert [r.values[2] for r in table.rows] == [str(r["values"]["SB (2)"]) for r in doc["standings"]]
    lines = site_lines(legend_lines(legend_of_document(doc, table), "ru"))
    text = _out(capsys, str(HOBSONS), "--tiebreaks", "SB,BH/C1,SB", "--lang", "ru").splitlines()
    again = next(line for line in lines if line.startswith("SB (2) = "))
    assert f"  {'SB (2)':10} {again.removeprefix('SB (2) = ')}" in text


TEAMS = ROOT / "tests" / "data" / "shared" / "corpus" / "heltour-crete-team" / "friendship-cup-2024.trf"


@needs(TEAMS)
@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_live_words_a_team_events_notes_as_the_command_line(tmp_path, capsys, monkeypatch, lang):
    """A team event's ``/api/live?lang=`` (its teams; was an internal error: the document written per language from
    its messages, not the English text patched) says the notes and warnings of ``tiebreak standings --lang``; its
    players' view too; a version kept in the database and served again says the same."""
    pytest.importorskip("fastapi")
    pytest.importorskip("watchfiles")
    from fastapi.testclient import TestClient

    from tiebreak.live.event import LiveEvent
    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app, restored_in

    path = tmp_path / TEAMS.name
    path.write_bytes(TEAMS.read_bytes())
    monkeypatch.chdir(tmp_path)  # the file named as the live screen names it
    said = json.loads(_out(capsys, path.name, "--lang", lang, "-f", "json"))
    hub = LiveHub(tmp_path, database="none")
    try:
        client = TestClient(live_app(hub))
        teams, english = client.get(f"/api/live?lang={lang}").json(), client.get("/api/live").json()
        players = client.get(f"/api/live?lang={lang}&players=1").json()
    finally:
        hub.close()
    assert teams["warnings"] == said["warnings"] and set(said["notes"]) <= set(teams["notes"])
    assert teams["notes"] != english["notes"] and teams["said"] == english["said"]
    assert {k: v for k, v in teams.items() if k not in ("notes", "warnings", "live")} == \
        {k: v for k, v in english.items() if k not in ("notes", "warnings", "live")}
    assert players["warnings"] == said["warnings"] and players["standings"] != teams["standings"]
    event = LiveEvent(TEAMS.name, path)
    assert event.update() is not None
    for view in (False, True):
        text = event.players_text if view else event.text
        assert json.loads(restored_in(text, lang)) == json.loads(event.text_in(lang, view))
