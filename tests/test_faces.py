"""One request, one answer (issue 28): each question (standings, check, explain, play-offs, prizes) asked of the same
real file through the command line (its JSON, as a user runs it), the API (FastAPI's TestClient) and the page (the form
its script sends, tiebreak/web/static/app.js: the check sends no list unless the box asks for the one above) gives the
same answer, field by field: list, rules, values, ranks, warnings (the file by the name the user knows it by, never a
server path), verdict.

Outside values: the published Vega standings of the 2025 Hobsons Bay Cup (``corpus/hobsons-bay-vega/2025hobsonsbaycup/
expected.csv``: 96 values and 32 ranks, all right under fide-2024, as ``tiebreak check`` finds); the Friendship Cup
2024's 14 reading warnings (12 results '+' without an opponent, 2 points columns that disagree with the results, counted
in the file by hand); prize amounts computed by hand in the tests below.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from serving import serve_watch
from sources import CORPUS, ROOT, needs

from tiebreak import Kind, Player, Tournament, trf
from tiebreak.cli import main

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from tiebreak.web import create_app  # noqa: E402

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
VEGA = CORPUS / "hobsons-bay-vega" / "2025hobsonsbaycup"
FRIENDSHIP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"
TEAM = ROOT / "tests" / "data" / "team" / "example-t.trf"


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())


def cli(capsys, *args: str) -> tuple[str, str]:
    """Standard output and error of one command line."""
    capsys.readouterr()
    main(list(args))
    out = capsys.readouterr()
    return out.out, out.err


def api(client, path: str, file: Path, data: dict[str, str], **files: Path):
    """The API's JSON for ``file`` uploaded under its own name (the page sends the same form fields)."""
    upload = {"file": (file.name, file.read_bytes())} | {k: (p.name, p.read_bytes()) for k, p in files.items()}
    r = client.post(path, data=data, files=upload)
    assert r.status_code == 200, r.text
    assert "tiebreak-upload" not in r.text and "/tmp" not in r.text  # never the server's temporary files
    return r.json() if r.headers["content-type"].startswith("application/json") else r.text


def named(doc: dict, path: Path) -> dict:
    """The command line's JSON with the file named as the user knows it (its name: the API never sees the folders)."""
    return json.loads(json.dumps(doc).replace(json.dumps(str(path))[1:-1], path.name))


#: the page's form for the standings, as app.js's source() builds it for a file just chosen
PAGE = {"rules": "auto", "lang": "en"}


@needs(VEGA / "expected.csv")
def test_the_check_of_the_vega_export_is_right_on_every_face(client, capsys):
    """``tiebreak check`` finds Vega's published standings right (96/96 values, 32/32 ranks under fide-2024, the
    announced rules by the start date); the API and the page's request say the same with the same list (the published
    columns PTS, BH, BH/C1, SB), not the list of the standings shown."""
    out, _ = cli(capsys, "check", str(VEGA / "tournament.trf"), "--published", str(VEGA / "expected.csv"), "-f", "json")
    line = json.loads(out)
    page = api(client, "/api/check", VEGA / "tournament.trf", PAGE, published=VEGA / "expected.csv")
    for key in ("announced", "tiebreaks", "agree", "differences", "rules", "best_rules", "notes", "warnings"):
        assert page[key] == line[key], key
    assert (page["source"], page["published"]) == ("tournament.trf", "expected.csv")
    assert page["agree"] and page["tiebreaks"] == ["PTS", "BH", "BH/C1", "SB"] and page["announced"] == "fide-2024"
    best = page["rules"][0]
    assert (best["rules"], best["values_agree"], best["values"], best["ranks_agree"], best["ranks"]) == (
        "fide-2024", 96, 96, 32, 32)
    # the list of the page's standings (the file's own) would be another question: asked, it is said which
    other = api(client, "/api/check", VEGA / "tournament.trf", PAGE | {"tiebreaks": "PTS,BH/C1"},
                published=VEGA / "expected.csv")
    assert other["tiebreaks"] == ["PTS", "BH/C1"]


@pytest.mark.parametrize("path", [EXAMPLE, TEAM, VEGA / "tournament.trf", FRIENDSHIP], ids=lambda p: p.name)
def test_standings_are_the_same_on_every_face(client, capsys, path):  # every file bundled: none skips
    out, err = cli(capsys, "standings", str(path), "-f", "json", "--seed", "1")
    line = named(json.loads(out), path)
    page = api(client, "/api/standings", path, PAGE | {"seed": "1"})
    assert page == line
    # every warning the command line prints is in the answer, naming the file the user gave
    assert len(page["warnings"]) == err.count("warning: ")
    assert all(w.startswith(path.name + ", line") or path.name not in w for w in page["warnings"])


@needs(FRIENDSHIP)
def test_a_team_files_warnings_reach_the_api(client, capsys):
    """The Friendship Cup 2024's 14 warnings (12 results '+' without an opponent, 2 points columns the results
    contradict, counted in the file) on the command line, in its JSON and in /api/standings: the 12 alike said once
    with their count, each kept in ``said`` (issue 33)."""
    _, err = cli(capsys, "standings", str(FRIENDSHIP))
    assert err.count("warning: ") == 3
    page = api(client, "/api/standings", FRIENDSHIP, PAGE)
    assert len(page["warnings"]) == 3 and [w for w in page["warnings"] if "read as full-point bye" in w][0].endswith(
        "read as full-point bye (12 such warnings: lines 27, 30, 33, 49, 71, …)")  # the file's 0000 - + cells
    assert sum(len(w.get("occurrences", [1])) for w in page["said"]["warnings"]) == 14
    assert all(w.startswith("friendship-cup-2024.trf, line ") for w in page["warnings"])
    ru = api(client, "/api/standings", FRIENDSHIP, PAGE | {"lang": "ru", "format": "json"})
    assert len(ru["warnings"]) == 3


@pytest.mark.parametrize("path, numbers", [(EXAMPLE, ["7"]), (EXAMPLE, ["7", "9"]), (TEAM, ["3"]), (TEAM, ["3", "1"])],
                         ids=["player", "pair", "team", "teams"])
def test_explanations_are_the_same_on_every_face(client, capsys, path, numbers):
    args = ["--player", numbers[0]] if len(numbers) == 1 else ["--players", *numbers]
    for lang in ("en", "uk"):
        out, _ = cli(capsys, "explain", str(path), *args, "--seed", "1", "--lang", lang)
        data = PAGE | {"seed": "1", "lang": lang, "player": numbers[0]} | ({"player2": numbers[1]} if numbers[1:] else {})
        assert api(client, "/api/explain", path, data)["text"] == out


def _event(tmp_path: Path, byes: list[str]) -> Path:
    """A file of players with only byes (F full point, H half point, Z zero): their points are the byes' sum."""
    kinds = {"F": Kind.FPB, "H": Kind.HPB, "Z": Kind.ZPB}
    t = Tournament.build([Player(i, f"Player {i}", 2000 - i) for i in range(1, len(byes) + 1)], len(byes[0]),
                         type_text="Swiss")
    for i, rounds in enumerate(byes, 1):
        for r, k in enumerate(rounds, 1):
            t.set_bye(r, i, kinds[k])
    path = tmp_path / "byes.trf"
    path.write_text(trf.dumps(t), encoding="utf-8")
    return path


def test_prizes_are_rounded_down_to_the_cent_and_the_rest_is_named(client, capsys, tmp_path):
    """Places 3-5 tie (1 point each) and share 200 + 100 + 50 = 350: 350 / 3 = 116.666…, paid 116.66 each
    (349.98 in all, never more than the fund) and 0.02 left over, named.  Every face pays the same."""
    path = _event(tmp_path, ["FF", "FH", "FZ", "FZ", "FZ", "ZZ", "ZZ"])
    prizes = tmp_path / "prizes.csv"
    prizes.write_text("place,1,500\nplace,2,300\nplace,3,200\nplace,4,100\nplace,5,50\n", encoding="utf-8")
    options = ["--tiebreaks", "PTS", "--no-lots"]
    out, _ = cli(capsys, "prizes", str(path), "--prizes", str(prizes), *options, "-f", "json")
    line = json.loads(out)
    page = api(client, "/api/prizes", path, PAGE | {"tiebreaks": "PTS", "no_lots": "true",
                                                    "prizes": prizes.read_text(encoding="utf-8")})
    assert page == line
    page = page["awards"]
    paid = {a["start_no"]: Fraction(str(a["amount"])) for a in page}
    assert paid == {1: 500, 2: 300, 3: Fraction("116.66"), 4: Fraction("116.66"), 5: Fraction("116.66")}
    assert sum(paid.values()) == Fraction("1149.98") <= 1150
    assert {(a["pool"], a["left"]) for a in page if a["start_no"] >= 3} == {(350, 0.02)}
    text, _ = cli(capsys, "prizes", str(path), "--prizes", str(prizes), *options)
    assert "116.66" in text and "0.02 left over" in text and "116.67" not in text
    uk, _ = cli(capsys, "prizes", str(path), "--prizes", str(prizes), *options, "--lang", "uk")
    assert "залишок 0.02" in uk


def test_a_prize_for_place_five_goes_to_place_five(client, capsys, tmp_path):
    """Scores 3, 2.5, 2, 1.5, 1, 0.5, 0 (byes): place 5 is player 5 alone; a list with only a prize for place 5
    pays it to player 5, whole, and to nobody else."""
    path = _event(tmp_path, ["FFF", "FFH", "FFZ", "FHZ", "FZZ", "HZZ", "ZZZ"])
    prizes = tmp_path / "prizes.csv"
    prizes.write_text("place,5,90\n", encoding="utf-8")
    out, _ = cli(capsys, "prizes", str(path), "--prizes", str(prizes), "--tiebreaks", "PTS", "-f", "json")
    page = api(client, "/api/prizes", path, PAGE | {"tiebreaks": "PTS", "prizes": "place,5,90"})
    assert page == json.loads(out)
    assert [(a["rank"], a["start_no"], a["amount"]) for a in page["awards"]] == [(5, 5, 90)]


def test_playoffs_are_the_same_on_every_face(client, capsys):
    """Nos. 7 and 9 tie on 6 points for first (published by Vega): a mini-match, on every face."""
    out, _ = cli(capsys, "playoffs", str(EXAMPLE), "--tiebreaks", "PTS", "--no-lots", "--places", "1", "-f", "json")
    page = api(client, "/api/playoffs", EXAMPLE, PAGE | {"tiebreaks": "PTS", "no_lots": "true", "places": "1"})
    assert page == json.loads(out)
    assert [(g["places"], g["players"], g["format"]) for g in page["groups"]] == [([1, 2], [7, 9], "mini-match")]
    text, _ = cli(capsys, "playoffs", str(EXAMPLE), "--tiebreaks", "PTS", "--no-lots", "--places", "1")
    assert text.splitlines()[0] == page["groups"][0]["text"][0]


def test_the_performance_column_takes_the_unrated_rating(client, capsys):
    """Three players of the Hobsons Bay Cup are unrated, so C.07 Art. 10 leaves every performance undefined unless
    they are given a rating.  With 1000: no. 7 (6/7) met nos. 19, 14, 9, 2, 4, 5, 3 rated 1234, 1447, 1518, 1774,
    1631, 1554, 1763 (the file's 001 records): ARO 10921 / 7 = 1560.14 -> 1560, p = 0.86 -> dp 309, TPR 1869."""
    out, _ = cli(capsys, "standings", str(EXAMPLE), "--columns", "perf", "--unrated-rating", "1000", "-f", "json")
    row = next(r for r in json.loads(out)["standings"] if r["start_no"] == 7)
    assert row["performance"] == 1869
    page = api(client, "/api/standings", EXAMPLE, PAGE | {"columns": "perf", "unrated_rating": "1000"})
    assert next(r for r in page["standings"] if r["start_no"] == 7)["performance"] == 1869
    _, err = cli(capsys, "standings", str(EXAMPLE), "--columns", "perf")
    assert "the performance column is blank for 32 players because 3 players are unrated" in err
    page = api(client, "/api/standings", EXAMPLE, PAGE | {"columns": "perf"})
    assert any(n.startswith("the performance column is blank") for n in page["notes"])


def test_a_workbook_keeps_what_decides_the_standings(tmp_path, capsys):
    """``convert x.trf x.xlsx`` keeps the dates (the start date 2025-06-10 of the file's 042 record chooses the
    2024 edition), the type and the players' titles: the workbook's standings are the file's, value for value."""
    target = tmp_path / "cup.xlsx"
    _, err = cli(capsys, "convert", str(EXAMPLE), str(target))
    assert "dates" not in err and "event name" not in err
    out_trf, _ = cli(capsys, "standings", str(EXAMPLE), "-f", "json", "--seed", "1")
    out_xlsx, _ = cli(capsys, "standings", str(target), "-f", "json", "--seed", "1")
    trf_doc, xlsx_doc = json.loads(out_trf), json.loads(out_xlsx)
    assert trf_doc["tournament"]["rules"] == "fide-2024" and "chosen by start date 2025-06-10" in trf_doc["notes"][0]
    # the same standings; where the type was read is said as each file holds it (a TRF record, a workbook's setting)
    assert "swiss (record 092 'swiss FIDE Dutch (JaVaFo)')" in trf_doc["notes"]
    assert "swiss (the file's pairing system 'swiss FIDE Dutch (JaVaFo)')" in xlsx_doc["notes"]
    del trf_doc["notes"][1], xlsx_doc["notes"][1], trf_doc["said"]["notes"][1], xlsx_doc["said"]["notes"][1]
    assert xlsx_doc == trf_doc
    csv_target = tmp_path / "cup.csv"  # a CSV has no second sheet: what it cannot keep is said
    _, err = cli(capsys, "convert", str(EXAMPLE), str(csv_target))
    assert "not written: event name; dates" in err


def test_a_chess_results_legend_with_two_buchholz_lines_keeps_both(capsys, tmp_path):
    """A legend of two Buchholz lines and SB: by their column names (BH1. = Swiss-Manager 3, without one result;
    BH. = 2, all results) both stay with their modifiers; by the legend's 'variable' descriptions, whose parameters
    Chess-Results does not print, both stay and the notes say what the legend leaves open."""
    legend = tmp_path / "legend.txt"
    legend.write_text("TB1: BH1.\nTB2: BH.\nTB3: SB\n", encoding="utf-8")
    out, err = cli(capsys, "list", "--from-chess-results", str(legend))
    assert out.strip() == "PTS,BH/C1,BH,SB" and err == ""
    legend.write_text("Tie Break1: Buchholz Tie-Breaks (variabel with parameter)\n"
                      "Tie Break2: Buchholz Tie-Breaks (variabel with parameter)\n"
                      "Tie Break3: Sonneborn-Berger-Tie-Break variable\n", encoding="utf-8")
    out, err = cli(capsys, "list", "--from-chess-results", str(legend))
    assert out.strip() == "PTS,BH,BH,SB"
    assert "BH is given twice (lines 1 and 2): both are kept" in err
    assert err.count("does not show Swiss-Manager's parameters") == 3
    _, err = cli(capsys, "list", "--from-chess-results", str(legend), "--lang", "uk")
    assert "вказано двічі" in err


def _session(leader: int) -> list[str]:
    """The live processes of the session ``leader`` began (zombies, already ended, left out): ``pid stat args``."""
    import subprocess

    out = subprocess.run(["ps", "-ww", "-eo", "pid,sid,stat,args"], capture_output=True, text=True).stdout
    return [" ".join(x.split()[i] for i in (0, 2)) + " " + " ".join(x.split()[3:])
            for x in out.splitlines()[1:] if x.split()[1] == str(leader) and not x.split()[2].startswith("Z")]


@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGINT"])
def test_the_server_stops_with_every_child_on_a_signal(tmp_path, signal_name):
    """``tiebreak serve --watch`` of an event with its last round being played (16 games pending: the live odds run
    in their own process) and one request done (the fork server of the workers started): after SIGTERM (how service
    managers stop it) or SIGINT (Ctrl-C) no process of its session is left, and no traceback is printed."""
    import signal
    import time
    import urllib.parse
    import urllib.request

    pytest.importorskip("watchfiles")
    lines = EXAMPLE.read_text(encoding="utf-8").split("\n")  # round 7's results taken out: its games pending
    (tmp_path / "cup.trf").write_text("\n".join(x[:158] if x.startswith("001") and len(x) == 159 else x for x in lines),
                                      encoding="utf-8")
    server, url = serve_watch(tmp_path)
    try:
        form = urllib.parse.urlencode({"example": EXAMPLE.name}).encode()
        assert urllib.request.urlopen(url + "/api/standings", data=form, timeout=60).status == 200
        for _ in range(300):  # the live odds' process, started for the pending games
            if any("spawn_main" in p for p in _session(server.pid)):
                break
            time.sleep(0.1)
        assert any("forkserver" in p for p in _session(server.pid)), _session(server.pid)
        server.send_signal(getattr(signal, signal_name))
        _, err = server.communicate(timeout=60)
        for _ in range(300):  # the resource tracker ends once every holder of its pipe has (waited for, at most 30 s)
            if not _session(server.pid):
                break
            time.sleep(0.1)
        assert _session(server.pid) == []
        assert "Traceback" not in err and "Application shutdown complete" in err
        assert server.returncode in (0, 128 + signal.SIGTERM)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


@pytest.mark.parametrize("head", [["--lang", "ru"], ["--lang=ru"]], ids=["--lang ru", "--lang=ru"])
def test_the_language_may_come_before_the_command(capsys, head):
    after, _ = cli(capsys, "standings", str(EXAMPLE), "--seed", "1", "--lang", "ru")
    before, _ = cli(capsys, *head, "standings", str(EXAMPLE), "--seed", "1")
    assert before == after and "после 7-го тура из 7" in before


@pytest.mark.parametrize("argv", [["--lang", "uk", "--help"], ["standings", "--help", "--lang", "uk"],
                                  ["--lang=uk", "prizes", "--help"]], ids=["top", "standings", "prizes"])
def test_help_follows_the_language(capsys, argv):
    """argparse's own words and our help texts in Ukrainian: the words of the catalogue's glossary, no English
    sentence of ours left."""
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("використання: tiebreak") and "показати цю довідку й вийти" in out
    assert "show this help" not in out and "options:" not in out and "positional arguments" not in out
    english = ["rank the players of a tournament file", "replace existing output files", "distribute a prize list",
               "language of"]
    assert not [e for e in english if e in out]


@pytest.mark.parametrize("missing, extra, argv", [("watchfiles", "live", ["--watch", str(EXAMPLE)]),
                                                  ("sqlalchemy", "live", ["--watch", str(EXAMPLE)]),
                                                  ("uvicorn", "web", [])])
def test_serve_without_its_extras_names_them(missing, extra, argv):
    """Without the live extras (watchfiles, SQLAlchemy) or the web extras (uvicorn...), ``tiebreak serve`` says which
    to install, ends with status 2 and prints no traceback (a module made unimportable stands for one not installed)."""
    import subprocess
    import sys

    code = (f"import sys; sys.modules[{missing!r}] = None\nfrom tiebreak.cli import main\n"
            f"sys.exit(main(['serve', '--port', '0', *{argv!r}]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert f"pip install -e '.[{extra}]'" in done.stderr and f"({missing} is missing)" in done.stderr
    assert "Traceback" not in done.stderr


@needs(FRIENDSHIP)
@pytest.mark.parametrize("path, data", [("/api/standings", {}), ("/api/standings", {"format": "text"}),
                                        ("/api/explain", {"player": "1"}), ("/api/check", {}),
                                        ("/api/playoffs", {}), ("/api/prizes", {"prizes": "place,1,10"}),
                                        ("/api/ratings", {}), ("/api/odds", {"simulations": "100", "seed": "1"})])
def test_no_answer_names_the_servers_temporary_file(client, path, data):
    """The Friendship Cup's warnings name the file the user uploaded; no endpoint's answer names where the server
    keeps it (``api`` checks every answer for the temporary folder)."""
    answer = api(client, path, FRIENDSHIP, data)
    if path in ("/api/standings", "/api/check", "/api/ratings") and not data:
        assert len(answer["warnings"]) == 3  # 12 alike said once (issue 33) and 2 others
        assert all(w.startswith("friendship-cup-2024.trf, line ") for w in answer["warnings"])


def test_every_help_text_has_its_translations():
    """Every help text of the parser (and its description) has a Russian and a Ukrainian translation."""
    import argparse

    from tiebreak.cli import build_parser
    from tiebreak.render.i18n import message

    texts: list[str] = []

    def walk(p: argparse.ArgumentParser) -> None:
        texts.extend([p.description] if p.description else [])
        for a in p._actions:
            if a.help and a.help != argparse.SUPPRESS:
                texts.append(a.help)
            if isinstance(a, argparse._SubParsersAction):
                texts.extend(c.help for c in a._choices_actions if c.help)
                for sub in a.choices.values():
                    walk(sub)

    walk(build_parser())
    assert len(texts) > 70
    assert not [t for t in texts for lang in ("ru", "uk") if message(t, lang) == t]


def test_team_playoffs_and_prizes_are_the_same_on_every_face(client, capsys, tmp_path):
    """Example T on game points, no lots: teams 2 and 4 tie for places 3-4 (tests/test_team_faces.py) and share
    the prizes of places 3 and 4, 100 + 50 = 150, 75 each, nothing left over."""
    options = ["--tiebreaks", "GP", "--no-lots"]
    out, _ = cli(capsys, "playoffs", str(TEAM), *options, "--places", "3", "-f", "json")
    page = api(client, "/api/playoffs", TEAM, PAGE | {"tiebreaks": "GP", "no_lots": "true", "places": "3"})
    assert page == json.loads(out)
    assert [(g["places"], g["players"], g["team"]) for g in page["groups"]] == [([3, 4], [2, 4], True)]
    prizes = "place,1,300\nplace,2,200\nplace,3,100\nplace,4,50\n"
    listing = tmp_path / "prizes.csv"
    listing.write_text(prizes, encoding="utf-8")
    out, _ = cli(capsys, "prizes", str(TEAM), "--prizes", str(listing), *options, "-f", "json")
    page = api(client, "/api/prizes", TEAM, PAGE | {"tiebreaks": "GP", "no_lots": "true", "prizes": prizes})
    assert page == json.loads(out)
    assert [(a["start_no"], a["amount"], a["left"]) for a in page["awards"]][2:] == [(2, 75, 0), (4, 75, 0)]
