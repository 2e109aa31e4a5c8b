"""Every ranking option of ``tiebreak standings`` on every face that ranks (issue 33: "every option reachable from
every face"): the live screen (``serve --watch``, ``POST /api/live/settings``) took neither ``--unrated-rating`` nor
``--preset``, ``--system``, ``--cumulative-half-bye``, ``--compat``, and the odds (command line, API, site, live)
ranked every outcome with the rule set's own half-point bye whatever the standings beside them were ranked by.

The outside value: a five-player event written by hand below, where the cumulative score's half-point bye decides
first place.  Alpha has two half-point byes and two wins, Beta a loss and three wins: 3 points each.  Their running
scores (USCF 34E3, US-CUM) are Alpha ½, 1, 2, 3 = 6½ and Beta 0, 1, 2, 3 = 6; the rule set ``uscf`` keeps a
half-point bye's ½ (seed 002), so Alpha is first; deducting it (``deduct``, the Russian practice, seed 004) makes
Alpha 6½ − ½ − ½ = 5½, and Beta first."""

from __future__ import annotations

import json
from dataclasses import fields, replace
from pathlib import Path

import pytest
from sources import CORPUS, needs

from tiebreak.app.declared import OPTIONS, RANKING
from tiebreak.app.options import Ranked
from tiebreak.cli import main

ROWS = {
    1: ("Alpha,A", ["0000 - H", "0000 - H", "   3 w 1", "   4 w 1"]),
    2: ("Beta,B", ["   3 w 0", "   4 b 1", "   5 w 1", "   3 b 1"]),
    3: ("Gamma,C", ["   2 b 1", "   5 w =", "   1 b 0", "   2 w 0"]),
    4: ("Delta,D", ["   5 w 0", "   2 w 0", "0000 - U", "   1 b 0"]),
    5: ("Eps,E", ["   4 b 1", "   3 b =", "   2 b 0", "0000 - Z"]),
}
#: the first place by hand (the module's docstring): the half-point byes kept, or deducted
FIRST = {"keep": 1, "deduct": 2}
LIST = ["-t", "PTS,US-CUM", "--rules", "uscf"]
FEST = CORPUS / "sharly-chess" / "sce" / "Festival2025-3_2_0-m055.sce"
#: the options of the standings that make its order (how the file is read, ``--event`` and ``--points-from``, is
#: every command's: tests/test_loading_everywhere.py)
RANKING_OPTIONS = sorted({f.name for f in fields(Ranked)} - {"event", "points_from", "name", "lang"}
                         | {"no_lots", "playoff"})


def _event(folder: Path) -> Path:
    lines = ["012 Half-point byes", "042 2025/01/04", "062 5", "XXR 4"]
    lines += [f"001 {n:>4}      {name}".ljust(91) + "  ".join(cells) for n, (name, cells) in ROWS.items()]
    path = folder / "cum.trf"
    path.write_text("\n".join(lines) + "\n")
    return path


def _json(capsys, *argv: str) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("key", RANKING_OPTIONS)
def test_every_ranking_option_of_standings_is_taken_by_every_face_that_ranks(key: str):
    """Each option that makes the standings' order is on every command that ranks (``series`` and ``serve`` too),
    the API's standings and odds forms and the page, or the declaration says why not (``not_on``): a new ranking
    option left off a face fails here.  The live arbiter's settings are every one ``serve`` takes but the lot."""
    from tiebreak.app.live import ARBITERS
    from tiebreak.app.live import RANKING as LIVE

    o = OPTIONS[key]
    assert "standings" in o.commands
    for command in (*RANKING, "series", "serve"):
        assert command in o.commands or o.not_on.get(command), (key, command)
    for form in ("standings", "odds"):
        assert form in o.forms or o.not_on.get(form) or o.not_on.get("api"), (key, form)
    assert o.page or o.not_on.get("page"), key
    if "serve" in o.commands and key != "playoff":  # the play-off is the live event's own file, watched beside it
        assert key in LIVE
        assert (key in {a.key for a in ARBITERS}) == (key not in ("seed", "no_lots")), key  # the lot: once per event


@pytest.mark.parametrize("choice", ["keep", "deduct"])
def test_the_standings_and_the_odds_rank_by_the_same_half_point_bye_on_the_command_line(tmp_path, capsys,
                                                                                         choice: str):
    path = str(_event(tmp_path))
    standings = _json(capsys, "standings", path, *LIST, "--cumulative-half-bye", choice, "-f", "json")
    assert standings["standings"][0]["start_no"] == FIRST[choice]
    odds = _json(capsys, "odds", path, *LIST, "--cumulative-half-bye", choice, "-f", "json")
    assert odds["players"][0]["start_no"] == FIRST[choice] and odds["players"][0]["places_exact"][0] == "1"


@pytest.mark.parametrize("choice", ["keep", "deduct"])
def test_the_librarys_odds_take_the_half_point_bye_as_its_standings_take_it(tmp_path, choice: str):
    """``compute_odds`` takes ``cumulative_half_bye`` as ``compute_standings`` does (the application layer built the
    rule set itself before): the first place by hand, certain (the event is played out: one outcome)."""
    from tiebreak.arbiter.odds import compute_odds
    from tiebreak.engine.standings import compute_standings
    from tiebreak.formats import trf

    t = trf.load(_event(tmp_path))
    assert compute_standings(t, "PTS,US-CUM", rules="uscf", cumulative_half_bye=choice).rows[0].start_no == FIRST[choice]
    odds = compute_odds(t, "PTS,US-CUM", rules="uscf", cumulative_half_bye=choice)
    assert odds.outcomes == 1 and odds.places[FIRST[choice] - 1][0] == 1
    with pytest.raises(ValueError, match="'half'"):
        compute_odds(t, "PTS,US-CUM", rules="uscf", cumulative_half_bye="half")


@pytest.mark.parametrize("choice", ["keep", "deduct"])
def test_the_apis_odds_and_the_sites_odds_rank_by_the_half_point_bye_of_their_standings(tmp_path, choice: str):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.app.load import load
    from tiebreak.app.options import Options
    from tiebreak.app.site import event_odds
    from tiebreak.web.app import create_app

    path = _event(tmp_path)
    form = {"tiebreaks": "PTS,US-CUM", "rules": "uscf", "cumulative_half_bye": choice}
    with TestClient(create_app(workers=1)) as client:
        answer = client.post("/api/odds", data=form, files={"file": ("cum.trf", path.read_bytes())})
    assert answer.status_code == 200, answer.text
    assert answer.json()["players"][0]["start_no"] == FIRST[choice]
    o = Options(tiebreaks="PTS,US-CUM", rules="uscf", cumulative_half_bye=choice)  # as `site` reads its options
    view = event_odds(o, load(o, str(path), []), 1, False)
    assert view.rows[0].start_no == FIRST[choice]


def _live(monkeypatch, *argv: str):
    """The live hub that ``tiebreak serve ARGV`` starts (the server itself not started)."""
    pytest.importorskip("fastapi")
    pytest.importorskip("watchfiles")
    started = []
    monkeypatch.setattr("tiebreak.web.app.serve", lambda *args, **kw: started.append(args[-1]))
    assert main(["serve", *argv, "--database", "none", "--port", "0"]) == 0
    return started[0]


@pytest.mark.parametrize("choice", ["keep", "deduct"])
def test_the_live_standings_and_odds_rank_by_the_half_point_bye_given_to_serve(tmp_path, monkeypatch, choice: str):
    """``serve --watch FILE --cumulative-half-bye`` (unrecognized before): the live standings and the live odds rank
    as the standings do; the arbiter changes it as the list (``POST /api/live/settings``)."""
    from fastapi.testclient import TestClient

    from tiebreak.live.odds import live_odds
    from tiebreak.web.live import live_app

    path = _event(tmp_path)
    hub = _live(monkeypatch, "--watch", str(path), *LIST, "--cumulative-half-bye", choice, "--system", "swiss",
                "--token", "t")
    try:
        client = TestClient(live_app(hub))
        assert client.get("/api/live").json()["standings"][0]["start_no"] == FIRST[choice]
        e = hub.events["cum.trf"]
        assert live_odds(e.live.tournament, e.settings)["players"][0]["start_no"] == FIRST[choice]
        other = "deduct" if choice == "keep" else "keep"
        r = client.post("/api/live/settings", json={"event": "cum.trf", "cumulative_half_bye": other},
                        headers={"authorization": "Bearer t"})
        assert r.status_code == 200 and r.json()["cumulative_half_bye"] == other, r.text
        assert client.get("/api/live").json()["standings"][0]["start_no"] == FIRST[other]
        assert live_odds(e.live.tournament, e.settings)["players"][0]["start_no"] == FIRST[other]
    finally:
        hub.close()


def test_the_arbiters_settings_take_every_ranking_option_and_refuse_what_standings_refuses(tmp_path, monkeypatch):
    """The live arbiter's settings set what ``standings`` takes (the preset, the unrated rating, the system, compat),
    each refused as every face refuses it, naming the field; an empty field goes back to the default."""
    from fastapi.testclient import TestClient

    from tiebreak.web.live import live_app

    path = _event(tmp_path)
    hub = _live(monkeypatch, "--watch", str(path), "--token", "t")
    auth = {"authorization": "Bearer t"}
    try:
        client = TestClient(live_app(hub))
        for body, field in (({"preset": "nope"}, "preset"), ({"tiebreaks": "PTS,FOO"}, "tiebreaks"),
                            ({"rules": "uscf", "compat": "reference"}, "compat"), ({"unrated_rating": -1}, "unrated_rating"),
                            ({"system": "knockout"}, "system"), ({"preset": "fide-team-swiss"}, "preset")):
            r = client.post("/api/live/settings", json={"event": "cum.trf", **body}, headers=auth)
            assert r.status_code == 400 and r.json()["field"] == field, (body, r.text)
        assert hub.events["cum.trf"].settings == replace(hub.settings)  # nothing refused was kept
        r = client.post("/api/live/settings?lang=ru", json={"event": "cum.trf", "tiebreaks": "PTS,FOO"}, headers=auth)
        assert r.json()["error"].startswith("неизвестный дополнительный показатель 'FOO'; допустимые коды"), r.text
        r = client.post("/api/live/settings", headers=auth, json={
            "event": "cum.trf", "preset": "uscf", "unrated_rating": 1000, "system": "swiss", "compat": "text"})
        assert r.status_code == 200, r.text
        assert (r.json()["preset"], r.json()["unrated_rating"], r.json()["system"]) == ("uscf", 1000, "swiss")
        r = client.post("/api/live/settings", json={"event": "cum.trf", "preset": "", "unrated_rating": None},
                        headers=auth)
        assert (r.json()["preset"], r.json()["unrated_rating"]) == (None, None)
    finally:
        hub.close()


@needs(FEST)
def test_the_live_screen_gives_a_performance_with_the_unrated_rating_as_standings_does(tmp_path, monkeypatch, capsys):
    """eyes33f's finding: Sharly's festival event 4 has one unrated player, so every TPR is "-" (C.07 Art. 10) until
    an unrated rating is given, which the live screen could not take.  ``serve --watch --unrated-rating 1000`` now
    gives every player the performance ``standings`` gives with the same options."""
    folder = tmp_path / "hall"
    folder.mkdir()
    (folder / "fest.sce").write_bytes(FEST.read_bytes())
    given = ["--event", "4", "-t", "PTS,TPR", "--unrated-rating", "1000"]
    standings = _json(capsys, "standings", str(folder / "fest.sce"), *given, "-f", "json")
    expected = {r["start_no"]: r["values"]["TPR"] for r in standings["standings"]}
    assert len(expected) == 50 and all(v is not None for v in expected.values())
    hub = _live(monkeypatch, "--watch", str(folder / "fest.sce"), *given)
    try:
        from fastapi.testclient import TestClient

        from tiebreak.web.live import live_app

        live = TestClient(live_app(hub)).get("/api/live").json()
        assert {r["start_no"]: r["values"]["TPR"] for r in live["standings"]} == expected
    finally:
        hub.close()


ESP = CORPUS / "swiss-manager" / "esp_1385606.TUNX"
TEAM = Path(__file__).parent / "data" / "team" / "example-t.trf"


@pytest.mark.parametrize("lang, said", [
    ("en", "tiebreak: error: --tiebreaks: unknown tie-break 'FOO'; valid codes: AOB,"),
    ("ru", "tiebreak: ошибка: --tiebreaks: неизвестный дополнительный показатель 'FOO'; допустимые коды: AOB,"),
    ("uk", "tiebreak: помилка: --tiebreaks: невідомий додатковий показник 'FOO'; допустимі коди: AOB,")])
def test_an_unknown_tie_break_is_named_once_with_the_option_as_the_command_line_has_it(tmp_path, capsys, lang, said):
    """eyes33f's finding 11: "unknown tie-break 'FOO' in 'FOO'", naming no option.  The command line leads with the
    option (``--tiebreaks``); the API names its field (``tiebreaks``), the page its label (tests/test_page.py)."""
    path = str(_event(tmp_path))
    for argv in (["standings", path], ["odds", path], ["site", path, "-o", str(tmp_path / "site")]):
        assert main([*argv, "-t", "PTS,FOO", "--lang", lang]) == 2
        assert capsys.readouterr().err.startswith(said), argv
    assert main(["standings", path, "-t", "PTS,BH/Q"]) == 2  # a modifier: the specifier it is in is named
    assert "--tiebreaks: unknown modifier 'Q' in 'BH/Q'" in capsys.readouterr().err
    assert main(["standings", str(TEAM), "-t", "MP,FOO"]) == 2
    assert capsys.readouterr().err.startswith("tiebreak: error: --tiebreaks: unknown team tie-break 'FOO'; valid codes")


def test_the_api_names_the_field_of_an_unknown_tie_break(tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.web.app import create_app

    with TestClient(create_app(workers=1)) as client:
        r = client.post("/api/standings", data={"tiebreaks": "PTS,FOO", "lang": "uk"},
                        files={"file": ("cum.trf", _event(tmp_path).read_bytes())})
    assert r.status_code == 400 and r.json()["field"] == "tiebreaks"
    assert r.json()["error"].startswith("невідомий додатковий показник 'FOO'; допустимі коди")


@needs(ESP)
@pytest.mark.parametrize("lang, said", [("en", "; check the tie-break list"),
                                        ("ru", "; проверьте список дополнительных показателей"),
                                        ("uk", "; перевірте список додаткових показників")])
def test_a_swiss_manager_warning_names_the_list_as_every_face_has_it(capsys, lang: str, said: str):
    """A Swiss-Manager file's parameter bytes not understood: the warning, shown by the command line, the page, the
    API, the live screen and the site alike, named the command line's ``--tiebreaks`` where the page, the live
    screen and the site have their own ways to give the list; it now says the tie-break list, in every language."""
    assert main(["standings", str(ESP), "--lang", lang]) == 0
    warned = [line for line in capsys.readouterr().err.splitlines() if "Swiss-Manager" in line]
    assert warned and all(line.endswith(said) and "--tiebreaks" not in line for line in warned), warned
