"""Team events on every face (issue 13, item 4): HTML/PDF, TRF and Chess-JSON output, explanations, play-offs, prizes,
the tie-break list, MPTS/GPTS, and the primary score chosen by the list.

The small event is Example T of the spec (tests/data/team/example-t.trf: 4 teams A-D, 2 boards, round robin; hand
values in tests/test_team.py): MP A 4, B 2, C 5, D 1; GP A 3½, B 2, C 4½, D 2.  Round 1: A-B 1½-½, C-D 1½-½;
round 2: A-C 1-1, B-D 1½-½; round 3: A-D 1-1, C-B 2-0.  The reference values come from the FIDE reference checker
reading the Chess-JSON we write (tests/data/ORACLE.md).
"""

from __future__ import annotations

import csv
import json
import shutil
from decimal import Decimal
from fractions import Fraction as F
from pathlib import Path

import pytest
from built import printed
from sources import CORPUS

from tiebreak.cli import main
from tiebreak.engine.team import build, compute_team_standings
from tiebreak.formats import chessjson, trf

DATA = Path(__file__).parent / "data"
EXAMPLE_T = DATA / "team" / "example-t.trf"
SWISS_B = DATA / "generated-team" / "team-swiss-b.trf"
FRIENDSHIP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"  # bundled in tests/data/shared
LIST = "MPTS,GPTS,EGGSB,BH:MP,EMGSB/C1,BC,SSSC,EDE"


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _published_ranks() -> dict[str, int]:
    rows = csv.DictReader(open(FRIENDSHIP.with_name("friendship-cup-2024.expected.csv"), encoding="utf-8"))
    return {r["team"]: int(r["rank"]) for r in rows}


# --- HTML and PDF ------------------------------------------------------------------------------------------------
def test_team_html_has_the_standings_the_legend_and_the_match_crosstable(capsys):
    code, page, _ = run(capsys, "standings", str(EXAMPLE_T), "-t", "MP,GP,EMGSB/C1", "--format", "html")
    assert code == 0 and page.startswith("<!DOCTYPE html>")
    standings = page[page.index('id="standings"'):page.index("</table>")]
    assert [x.split("</bdi>")[0] for x in standings.split('<td class="name"><bdi>')[1:]] == ["C", "A", "B", "D"]
    assert "EMGSB/C1</b> Opponent's MP × GP obtained" in page.replace("&#39;", "'") and "(C.07 13.2.2)" in page
    cross = page[page.index('id="crosstable"'):]
    row_c = cross[cross.index('<td class="name"><bdi>C</bdi></td>'):].split("</tr>")[0]
    # C: R1 beat D 1½-½ (MP 2), R2 drew A 1-1 (MP 1), R3 beat B 2-0; a team round robin (record 092) is a square:
    # its columns the teams by their place in the standings above (C 1st, A 2nd, B 3rd, D 4th), as the website
    # numbers them, and the legend says so
    assert "column 3 is the team placed 3rd" in cross
    # each cell as the text, the website and the live screen write it: the match points, the game points in brackets
    assert ["1 (1)", "2 (2)", "2 (1.5)"] == [c.split("</td>")[0].split(">", 1)[1]
                                             for c in row_c.split('<td class="match')[1:]]


def test_team_html_in_russian_escapes_the_names(capsys, tmp_path):
    src = EXAMPLE_T.read_text().replace("013 A   ", "013 <b>&  ")
    (tmp_path / "t.trf").write_text(src)
    code, page, _ = run(capsys, "standings", str(tmp_path / "t.trf"), "--format", "html", "--lang", "ru")
    assert code == 0 and "&lt;b&gt;&amp;" in page and "<b>&" not in page
    assert "Матчевые очки" in page or "МО" in page
    assert "Таблица результатов" in page and "столбец 3 — команда на 3-м месте" in page


@pytest.mark.skipif(not (shutil.which("chromium") or shutil.which("chromium-browser")), reason="no Chromium")
def test_team_pdf(capsys, tmp_path):
    code = main(["standings", str(EXAMPLE_T), "-t", "MP,GP", "--format", "pdf", "--out", str(tmp_path)])
    pdf = (tmp_path / "example-t.pdf").read_bytes()
    assert code == 0 and pdf.startswith(b"%PDF")
    if shutil.which("pdftotext"):
        import subprocess

        text = subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True).stdout.decode()
        assert "Match points" in text and "C.07 11.1.1" in text


# --- TRF ---------------------------------------------------------------------------------------------------------
def test_team_trf_keeps_the_team_records_and_adds_ranks(capsys, tmp_path):
    code, text, _ = run(capsys, "standings", str(EXAMPLE_T), "-t", "MP,GP,BH:MP", "--format", "trf")
    assert code == 0
    lines = text.splitlines()
    assert [x for x in lines if x[:3] == "013"] == [x for x in EXAMPLE_T.read_text().splitlines() if x[:3] == "013"]
    assert "212 MPTS,GPTS,BH:MP" in lines
    # 310: number 5-7, MP 55-60, GP 62-67, rank 69-71 (hand values above: C 1st, A 2nd, B 3rd, D 4th)
    recs = {int(x[4:7]): (x[54:60].strip(), x[61:67].strip(), int(x[68:71])) for x in lines if x[:3] == "310"}
    assert recs == {1: ("4.0", "3.5", 2), 2: ("2.0", "2.0", 3), 3: ("5.0", "4.5", 1), 4: ("1.0", "2.0", 4)}
    back = tmp_path / "back.trf"
    back.write_text(text)
    code, again, _ = run(capsys, "standings", str(back), "--format", "csv")  # the list is the file's own 212
    assert code == 0 and again.splitlines()[0] == "rank,start_no,name,points,MP,GP,BH:MP,place"
    assert [r.split(",")[1] for r in again.splitlines()[1:]] == ["3", "1", "2", "4"]


def test_team_trf_of_a_real_event_keeps_its_standings(capsys, tmp_path):
    code, text, _ = run(capsys, "standings", str(FRIENDSHIP), "-t", "MP,GP,EGGSB,BH:MP", "--format", "trf", "--no-lots")
    assert code == 0
    back = tmp_path / "fc.trf"
    back.write_text(text, encoding="utf-8")
    s = compute_team_standings(build(trf.load(back)), lots=False)
    original = compute_team_standings(build(trf.load(FRIENDSHIP)), "MP,GP,EGGSB,BH:MP", lots=False)
    assert [(r.number, r.rank, r.values["EGGSB"]) for r in s.rows] == [
        (r.number, r.rank, r.values["EGGSB"]) for r in original.rows]
    ranks = {int(x[4:7]): int(x[68:71]) for x in text.splitlines() if x[:3] == "310"}
    published = _published_ranks()
    assert {r.name: ranks[r.number] for r in s.rows} == published


# --- Chess-JSON --------------------------------------------------------------------------------------------------
def _reference(path: Path) -> tuple[list[str], dict[int, tuple[int, list[str]]]]:
    lines = path.read_text().splitlines()
    codes = lines[0].split("\t")[2:]
    return codes, {int(c[0]): (int(c[1]), c[2:]) for c in (x.split("\t") for x in lines[1:])}


def _same(ours, text: str) -> bool:
    places = len(text.split(".")[1]) if "." in text else 0
    return ours is not None and round(Decimal(str(ours)), places) == Decimal(text)


@pytest.mark.parametrize("name, source, tiebreaks", [("example-t", EXAMPLE_T, LIST), ("team-swiss-b", SWISS_B, LIST),
                                                     ("example-t-gp", EXAMPLE_T, "GPTS,MPTS,BH,MPVGP")])
def test_team_chess_json_is_read_by_the_reference_checker_with_our_ranks_and_values(capsys, name, source, tiebreaks):
    """The checker, reading the Chess-JSON we write (its list from ``rankOrder``), gave these ranks and values
    (tests/data/team/*.ref.tsv) and said the ranks in the file are its own ("Check: True")."""
    code, text, _ = run(capsys, "standings", str(source), "-t", tiebreaks, "--format", "chess-json", "--no-lots")
    assert code == 0
    tour = json.loads(text)["event"]["tournaments"][0]
    codes, ref = _reference(DATA / "team" / f"{name}.ref.tsv")
    assert tour["rankOrder"] == codes and tour["teamTournament"] is True
    teams = [c for c in tour["competitors"] if "cplayers" in c]
    assert len(teams) == len(ref)
    for c in teams:
        rank, values = ref[c["cid"]]
        assert c["rank"] == rank
        assert all(_same(v, t) for v, t in zip(c["tieBreakScore"], values)), (c["cid"], c["tieBreakScore"], values)


def test_team_chess_json_reads_back_with_the_same_standings(capsys, tmp_path):
    code, text, _ = run(capsys, "standings", str(SWISS_B), "-t", LIST, "--format", "chess-json", "--no-lots")
    path = tmp_path / "b.json"
    path.write_text(text)
    again = compute_team_standings(build(chessjson.load(path)), lots=False)  # MPTS/GPTS of rankOrder read as MP/GP
    first = compute_team_standings(build(trf.load(SWISS_B)), LIST, lots=False)
    assert again.tiebreaks == first.tiebreaks
    assert [(r.number, r.rank) for r in again.rows] == [(r.number, r.rank) for r in first.rows]


def test_team_chess_json_of_a_real_event_has_the_published_ranks(capsys):
    code, text, _ = run(capsys, "standings", str(FRIENDSHIP), "-t", "MP,GP,EGGSB,BH:MP", "--format", "chess-json",
                        "--no-lots")
    event = json.loads(text)["event"]
    names = {tm["id"]: tm["teamName"] for tm in event["teams"]}
    teams = [c for c in event["tournaments"][0]["competitors"] if "cplayers" in c]
    assert {names[c["cid"]]: c["rank"] for c in teams} == _published_ranks()


# --- explain -----------------------------------------------------------------------------------------------------
def test_explain_a_team(capsys):
    code, out, _ = run(capsys, "explain", str(EXAMPLE_T), "--player", "3", "--tiebreaks", "MP,GP,EMGSB/C1,BC,EDE")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("team 3 C: place 1;")
    assert lines[2:5] == ["  R1  vs team 4 D                     MP 2  GP 1.5 – 0.5",
                          "  R2  vs team 1 A                     MP 1  GP 1 – 1",
                          "  R3  vs team 2 B                     MP 2  GP 2 – 0"]
    # EMGSB/C1 (Art. 13.2.2; Cut-1 by Art. 14.1.2): opponent's MP × GP scored against it: D 1 × 1½, A 4 × 1,
    # B 2 × 2 = 9½; the opponent with the lowest MP (D) is cut: 8 (spec §3: C = 8)
    block = out[out.index("EMGSB/C1 = "):].split("\n\n")[0].splitlines()
    assert block[0].startswith("EMGSB/C1 = 8 ")
    assert block[1].split() == ["Round", "Result", "Opponent", "Contribution"]  # as a player's, a match a round
    assert [(x.split()[0], x.split()[4], "(cut)" in x) for x in block[2:5]] == [("1", "1.5", True), ("2", "4", False),
                                                                               ("3", "4", False)]
    assert block[5] == "  How counted: match (opponent's score; Art. 16.3 adjusted in Swiss events)"
    assert "BC = 6" in out and "game points by board: 3, 1.5" in out  # board 1: 1+1+1, board 2: ½+1+0
    assert "EDE = 0" in out and "Type A" in out


def test_explain_two_teams_and_an_unknown_team(capsys):
    code, out, _ = run(capsys, "explain", str(EXAMPLE_T), "--players", "2", "4", "--tiebreaks", "GP,MP")
    assert code == 0 and "first separated by MP [C.07 11.1.1]: 2 against 1" in out
    code, _, err = run(capsys, "explain", str(EXAMPLE_T), "--player", "9")
    assert code == 2 and "no team with number 9" in err
    code, out, _ = run(capsys, "explain", str(EXAMPLE_T), "--player", "5", "--individual", "--tiebreaks", "PTS,SB")
    assert code == 0 and out.startswith("C1 (no. 5)")


def test_explain_a_team_in_ukrainian(capsys):
    code, out, _ = run(capsys, "explain", str(EXAMPLE_T), "--player", "1", "--lang", "uk", "--tiebreaks", "MP,GP")
    assert code == 0 and out.startswith("команда 1 A: місце 2;") and "проти команди 2 B" in out


def test_team_json_details(capsys):
    code, text, _ = run(capsys, "standings", str(EXAMPLE_T), "-t", "MP,GP,BH:MP", "--format", "json", "--details")
    doc = json.loads(text)
    row = next(r for r in doc["standings"] if r["start_no"] == 1)
    assert [(m["opponent"], m["match_points"], m["game_points"]) for m in row["matches"]] == [(2, 2, 1.5), (3, 1, 1),
                                                                                             (4, 1, 1)]
    # BH:MP of A = MP of B, C, D = 2 + 5 + 1 = 8
    assert row["details"]["BH:MP"]["value"] == 8
    assert [r["value"] for r in row["details"]["BH:MP"]["rounds"]] == [2, 5, 1]


# --- play-offs and prizes ----------------------------------------------------------------------------------------
def test_playoffs_and_prizes_on_teams(capsys, tmp_path):
    """On GP alone B and D are equal (2 each) for places 3-4: a two-team play-off, and shared prizes."""
    code, out, _ = run(capsys, "playoffs", str(EXAMPLE_T), "--tiebreaks", "GP", "--no-lots", "--places", "3")
    assert code == 0 and out.startswith("places 3-4: teams B (2); D (4) — mini-match")  # the teams named as in the file
    assert "last regular match of these teams (13.2.8)" in out and "players" not in out  # teams play off, not players
    prizes = tmp_path / "prizes.csv"
    prizes.write_text("place,1,300\nplace,2,200\nplace,3,100\nplace,4,50\n")
    code, out, _ = run(capsys, "prizes", str(EXAMPLE_T), "--tiebreaks", "GP", "--no-lots", "--prizes", str(prizes))
    rows = [x.split() for x in out.splitlines()[2:]]  # under the heading and its line of dashes
    assert code == 0 and [(r[1], r[2], r[-1]) for r in rows] == [("3", "C", "300.00"), ("1", "A", "200.00"),
                                                                 ("2", "B", "75.00"), ("4", "D", "75.00")]


#: a teams' play-off of Example T for places 3-4 on GP alone (B and D equal, the test above), and what each language
#: says when the players are ranked with it (written here by hand)
TEAMS_PLAYOFF = "stage mini-match\n2 4 1-0\n4 2 1/2-1/2\n"
REFUSED = {"en": "{} is for the teams of a team event, and players=true (--individual on the command line) ranks its "
                 "players",
           "ru": "{} — для команд командного соревнования, а players=true (в командной строке --individual) ранжирует "
                 "его участников",
           "uk": "{} — для команд командного змагання, а players=true (у командному рядку --individual) ранжує його "
                 "учасників"}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_players_of_a_team_event_refuse_the_teams_play_off_on_every_face(capsys, tmp_path, client, lang):
    """``standings TEAMFILE --individual --playoff FILE`` placed the players whose numbers the teams' play-off gives
    (players 2 and 4 for teams 2 and 4); every command and the API that take both refuse it, naming the option as
    the face has it (``--playoff``, the field ``playoff_results``), as a team event refuses the players' options.
    The teams' standings take it (the test above's play-off: B third)."""
    playoff = tmp_path / "playoff.txt"
    playoff.write_text(TEAMS_PLAYOFF)
    prizes = tmp_path / "prizes.csv"
    prizes.write_text("place,1,300\nplace,2,200\n")
    for argv in (["standings"], ["explain", "--player", "2"], ["prizes", "--prizes", str(prizes)]):
        code, out, err = run(capsys, argv[0], str(EXAMPLE_T), *argv[1:], "--individual", "--playoff", str(playoff),
                             "--lang", lang)
        assert code == 2 and not out and err.strip().endswith(f"--playoff: {REFUSED[lang].format('playoff')}"), argv
    for path, extra in (("/api/standings", {}), ("/api/standings", {"format": "page"}), ("/api/explain", {"player": "2"}),
                        ("/api/prizes", {"prizes": "place,1,300"})):
        r = _upload(client, path, {"players": "true", "playoff_results": TEAMS_PLAYOFF, "lang": lang, **extra})
        assert r.status_code == 400 and r.json()["field"] == "playoff_results", (path, r.text)
        assert r.json()["error"] == REFUSED[lang].format("playoff_results"), path
    out = printed(capsys, "standings", str(EXAMPLE_T), "-t", "GP", "--no-lots", "--playoff", str(playoff), "-f", "csv")
    assert [x.split(",")[:3] for x in out.splitlines()[1:]] == [["1", "3", "C"], ["2", "1", "A"], ["3", "2", "B"],
                                                                ["4", "4", "D"]]


# --- the list, MPTS/GPTS and the primary score -------------------------------------------------------------------
def test_list_shows_the_team_codes_with_modifiers_and_articles(capsys):
    code, out, _ = run(capsys, "list")
    team = out[out.index("Team events"):]
    rows = {x.split()[0]: x for x in team.splitlines()[1:] if x.strip() and not x.startswith("/")}
    for code_, article in (("MP", "C.07 11.1.1"), ("GP", "C.07 11.1.2"), ("EDE", "C.07 13.3"), ("SSSC", "C.07 13.4"),
                           ("BC", "C.07 12.1"), ("MPVGP", "C.07 13.1"), ("TBR", "C.07 12.2"), ("BBE", "C.07 12.3"),
                           ("EMGSB", "C.07 13.2.2"), ("EDEBT", "C.07 13.3.2")):
        assert article in rows[code_], code_
    assert "CMPS" in rows["EMGSB"] and "FK" in rows["SSSC"] and "alias MPTS" in rows["MP"]


def test_mpts_and_gpts_are_mp_and_gp(capsys):
    a = compute_team_standings(build(trf.load(EXAMPLE_T)), "MPTS,GPTS,EMGSB", lots=False)
    b = compute_team_standings(build(trf.load(EXAMPLE_T)), "MP,GP,EMGSB", lots=False)
    assert a.tiebreaks == ["MP", "GP", "EMGSB"] and [r.values for r in a.rows] == [r.values for r in b.rows]


def test_gp_listed_before_mp_is_the_primary_score(tmp_path):
    """C.07 Art. 13: of MP and GP "the first one is the primary score by default".  A TRF-16 file (013 records, no
    record 192) whose list (202) is GP,MP,BH,MPVGP: BH counts the opponents' game points and MPvGP is then MP.
    By hand: BH of A = GP of B, C, D = 2 + 4½ + 2 = 8½; B: 3½ + 4½ + 2 = 10; C: 3½ + 2 + 2 = 7½; D: 3½ + 2 + 4½ = 10
    (on match points they would be 8, 10, 7, 11).  The reference checker gives the same (example-t-gp.ref.tsv)."""
    path = tmp_path / "gp-first.trf"
    path.write_text(EXAMPLE_T.read_text().replace("XXR 3\n", "XXR 3\n202 GP,MP,BH,MPVGP\n"))
    s = compute_team_standings(build(trf.load(path)), lots=False)
    assert s.tt.primary == "GP" and any("primary score GP" in n for n in s.notes)
    assert [s.value(n, "BH") for n in (1, 2, 3, 4)] == [F(17, 2), 10, F(15, 2), 10]
    assert [s.value(n, "MPVGP") for n in (1, 2, 3, 4)] == [4, 2, 5, 1]
    # GP first: C 4½, A 3½, then B and D (2 each) by MP: B 2, D 1
    assert [r.number for r in s.rows] == [3, 1, 2, 4]
    mp_first = compute_team_standings(build(trf.load(EXAMPLE_T)), "MP,GP,BH", lots=False)
    assert mp_first.tt.primary == "MP" and [mp_first.value(n, "BH") for n in (1, 2, 3, 4)] == [8, 10, 7, 11]


# --- the web API -------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def client():
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from tiebreak.web import create_app

    return TestClient(create_app())


def _upload(client, path: str, data: dict):
    with open(EXAMPLE_T, "rb") as f:
        return client.post(path, data=data, files={"file": ("example-t.trf", f)})


def test_api_explains_a_team_and_plans_team_playoffs_and_prizes(client):
    r = _upload(client, "/api/explain", {"player": "3", "tiebreaks": "MP,GP,EMGSB/C1", "lang": "ru"})
    assert r.status_code == 200
    doc = r.json()
    assert doc["team"] is True and doc["name"] == "C" and doc["text"].startswith("команда 3 C: место 1;")
    assert [(m["opponent"], m["match_points"], m["game_points"]) for m in doc["matches"]] == [(4, 2, 1.5), (1, 1, 1),
                                                                                             (2, 2, 2)]
    assert doc["details"]["EMGSB/C1"]["value"] == 8 and doc["details"]["EMGSB/C1"]["article"] == "C.07 13.2.2"
    r = _upload(client, "/api/explain", {"player": "7"})
    assert r.status_code == 400 and "no team with number 7" in r.json()["error"]
    r = _upload(client, "/api/playoffs", {"tiebreaks": "GP", "no_lots": "1", "places": "3"})
    [g] = r.json()["groups"]
    assert g == {"places": [3, 4], "players": [2, 4], "format": "mini-match", "eliminated": [], "names": {"2": "B", "4": "D"},
                 "team": True, "text": g["text"], "said": g["said"]}
    assert g["text"][0] == "places 3-4: teams B (2); D (4) — mini-match"
    assert g["said"]["text"][0] == {"id": "places {}-{}: teams {} — {}", "values": ["3", "4", "B (2); D (4)",
                                                                                  {"term": "mini-match"}]}
    r = _upload(client, "/api/prizes", {"tiebreaks": "GP", "no_lots": "1",
                                        "prizes": "place,1,300\nplace,2,200\nplace,3,100\nplace,4,50"})
    assert [(a["start_no"], a["name"], a["amount"]) for a in r.json()["awards"]][2:] == [(2, "B", 75), (4, "D", 75)]


def test_api_standings_of_a_team_event_in_every_format(client):
    for fmt in ("html", "trf", "chess-json", "csv", "text"):
        r = _upload(client, "/api/standings", {"tiebreaks": "MP,GP", "format": fmt})
        assert r.status_code == 200, (fmt, r.text)
    assert "310   3 C" in _upload(client, "/api/standings", {"tiebreaks": "MP,GP", "format": "trf"}).text


def test_api_catalogue_lists_the_team_codes(client):
    entries = {(d["code"], d["team"]): d for d in client.get("/api/catalogue?lang=uk").json()}
    assert entries[("EDE", True)]["name"] == "Розширена особиста зустріч"
    assert entries[("EMGSB", True)]["article"] == "C.07 13.2.2" and "C" in entries[("EMGSB", True)]["modifiers"]
    assert entries[("MP", True)]["aliases"] == ["MPTS"] and entries[("GP", True)]["aliases"] == ["GPTS"]
    assert {"MP", "GP", "EDE", "SSSC", "BC", "MPVGP", "TBR", "BBE"} <= {c for c, team in entries if team}
    assert ("BH", False) in entries


@pytest.mark.parametrize("lang", ["ru", "uk"])
@pytest.mark.parametrize("argv", [["standings", str(SWISS_B), "-t", LIST], ["explain", str(SWISS_B), "--player", "3"],
                                  ["explain", str(SWISS_B), "--players", "3", "7"]], ids=["standings", "explain", "pair"])
def test_team_outputs_print_no_english(argv, lang, capsys):
    from test_every_word import english

    assert main([*argv, "--lang", lang]) == 0
    out = capsys.readouterr().out.replace("Team Swiss", "")  # the event's and the teams' names, from the file
    assert english(out) == [], out[:3000]


def test_a_real_team_event_on_the_page_in_explanations_and_play_offs(capsys):
    """The Friendship Cup 2024 (15 teams, 6 boards, 7 rounds; published standings beside it)."""
    published = list(csv.DictReader(open(FRIENDSHIP.with_name("friendship-cup-2024.expected.csv"), encoding="utf-8")))
    code, page, _ = run(capsys, "standings", str(FRIENDSHIP), "-t", "MP,GP,EGGSB,BH:MP", "--format", "html",
                        "--no-lots")
    table = page[page.index('id="standings"'):page.index("</table>")]
    names = [x.split("</bdi>")[0] for x in table.split('<td class="name"><bdi>')[1:]]
    assert names == [e["team"] for e in sorted(published, key=lambda e: int(e["rank"]))]
    assert page.count('<td class="match') == 15 * 7
    # team 10 (ΟΑΧ): the explanation's rounds add up to the published match and game points
    row = next(e for e in published if e["team"] == "ΟΑΧ")
    code, out, _ = run(capsys, "standings", str(FRIENDSHIP), "-t", "MP,GP", "--format", "json", "--details")
    team = next(r for r in json.loads(out)["standings"] if r["name"] == "ΟΑΧ")
    assert sum(F(str(m["match_points"])) for m in team["matches"]) == F(row["match_points"])
    assert sum(F(str(m["game_points"])) for m in team["matches"]) == F(row["game_points"])
    code, out, _ = run(capsys, "explain", str(FRIENDSHIP), "--player", str(team["start_no"]), "--tiebreaks", "MP,GP")
    assert out.startswith(f"team {team['start_no']} ΟΑΧ: place {row['rank']};")
    # on match points alone three teams share 9 MP (published places 3-5): a three-team round robin
    code, out, _ = run(capsys, "playoffs", str(FRIENDSHIP), "--tiebreaks", "MP", "--no-lots", "--places", "3")
    first = out.splitlines()[0]
    assert first.startswith("places 3-5: teams ") and first.endswith("— round robin")
    tied = dict(x[:-1].rsplit(" (", 1) for x in first.split("teams ")[1].split(" —")[0].split("; "))  # Name (No)
    nine = {e["team"] for e in published if e["match_points"] == "9"}
    assert set(tied) == nine
    code, out, _ = run(capsys, "standings", str(FRIENDSHIP), "-t", "MP", "--format", "json", "--no-lots")
    assert {r["name"]: str(r["start_no"]) for r in json.loads(out)["standings"] if r["name"] in nine} == tied


def test_explain_of_an_individual_event_keeps_every_option(capsys):
    """explain, play-offs and prizes now share one way to the standings: the individual options still reach it.
    Player 5 of the bundled Swiss (1, =, 1, half-point bye, 1, 0, 1; tests/test_web.py): running scores add to 21;
    deducting the half-point bye's ½ (seed 004) gives 20½."""
    example = Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf"
    values = []
    for choice in ("keep", "deduct"):
        code, out, _ = run(capsys, "explain", str(example), "--player", "5", "--tiebreaks", "PTS,RU-CUM",
                           "--cumulative-half-bye", choice)
        values.append(next(x for x in out.splitlines() if x.startswith("RU-CUM = ")).split()[2])
    assert values == ["21", "20.5"]


def test_a_team_page_with_many_rounds_prints_on_landscape(tmp_path):
    """Example T's three rounds repeated to 20 rounds: 20 match cells do not fit A4 portrait (tiebreak.render.html.fit)."""
    from tiebreak.render import html

    lines = []
    for x in EXAMPLE_T.read_text().splitlines():
        if x.startswith("001"):
            blocks = [x[91:][i:i + 10].ljust(10) for i in range(0, 30, 10)]
            x = x[:91] + "".join((blocks * 7)[:20]).rstrip()
        lines.append("XXR 20" if x.startswith("XXR") else x)
    (tmp_path / "wide.trf").write_text("\n".join(lines) + "\n")
    wide = compute_team_standings(build(trf.load(tmp_path / "wide.trf")), "MP,GP", lots=False, system="swiss")
    assert wide.after_round == 20 and wide.value(3, "MP") == 5 * 6 + 2 + 1  # C: 5 MP per 3 rounds, then R19 2, R20 1
    page = html.to_html(wide)  # the crosstable's section goes on landscape pages, the standings stay portrait
    assert page.count('<section class="sheet wide"') == 1 and page.index("sheet wide") > page.index('id="standings"')
    # as the round robin its record 092 says: the square, each cell 6 or 7 matches, on landscape pages too
    square = html.to_html(compute_team_standings(build(trf.load(tmp_path / "wide.trf")), "MP,GP", lots=False))
    assert square.count('<section class="sheet follow wide"') == 1
    small = compute_team_standings(build(trf.load(EXAMPLE_T)), "MP,GP", lots=False)
    assert "sheet wide" not in html.to_html(small)


def test_the_players_of_a_team_event_whose_file_lists_team_tiebreaks(tmp_path, capsys):
    """A team file's own list (here TRF 212 MP,GP; Chess-Results team uploads give MP,GP,BH) is the teams': the
    players' standings, explanations and odds use the list asked for, else the default for players, instead of
    refusing MP as an unknown tie-break.  Players' points from Example T's rounds: C1 3 (three wins), A2 2 (½ + 1 + ½),
    then A1, C2 and D2 1½."""
    path = tmp_path / "t212.trf"
    path.write_text(EXAMPLE_T.read_text(encoding="utf-8").replace("XXR 3\n", "XXR 3\n212 MP,GP\n"), encoding="utf-8")
    assert main(["standings", str(path), "--players", "--no-lots", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["standings"]
    assert [(r["start_no"], r["points"]) for r in rows[:2]] == [(5, 3), (2, 2)]
    assert {r["start_no"] for r in rows if r["points"] == 1.5} == {1, 6, 8}
    assert main(["explain", str(path), "--player", "5", "--individual"]) == 0
    assert "C1 (no. 5): place 1, 3 points" in capsys.readouterr().out
    assert main(["odds", str(path), "--after-round", "2", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["outcomes"] == 3 ** 4  # round 3's four board games
    assert main(["standings", str(path), "--format", "json"]) == 0  # the teams still rank by the file's MP,GP
    assert json.loads(capsys.readouterr().out)["tiebreaks"] == ["MP", "GP"]


def test_a_team_code_in_a_players_list_says_so(capsys):
    """The page sends a team event's list (MP, MPVGP...) to every tool; where players are ranked (odds, --players)
    the refusal says that the code is a team tie-break (C.07 Arts 11-13), not that it is unknown."""
    assert main(["odds", str(EXAMPLE_T), "-t", "PTS,MPVGP", "--after-round", "2", "--players"]) == 2
    err = capsys.readouterr().err
    assert "MPVGP is a team tie-break (C.07 Arts 11-13)" in err and "unknown" not in err
    assert main(["standings", str(EXAMPLE_T), "--players", "-t", "MP,GP", "--lang", "ru"]) == 2
    assert "MP — командный показатель" in capsys.readouterr().err


def test_the_team_only_codes_are_the_team_catalogues():
    from tiebreak.engine.registry import TEAM_ONLY_CODES, resolve_code
    from tiebreak.engine.team_tiebreaks import TEAM_ALIASES, TEAM_CATALOGUE

    assert TEAM_ONLY_CODES == {c for c in [*TEAM_CATALOGUE, *TEAM_ALIASES] if resolve_code(c) is None}


@pytest.mark.parametrize("lang, mp", [("en", "MP"), ("ru", "МО"), ("uk", "МО")])
def test_the_primary_score_is_headed_as_the_website_heads_it(capsys, tmp_path, lang, mp):
    """The team points column holds match points (Example T: C 5, A 4, B 2, D 1): the text, the HTML download and the
    website head it by the glossary's name (docs/glossary.md: match points, MP / МО), not by the code PTS."""
    code, out, _ = run(capsys, "standings", str(EXAMPLE_T), "--lang", lang)
    head = out.splitlines()[3].split()
    assert code == 0 and head[3] == mp and "PTS" not in out
    assert [line.split()[3] for line in out.splitlines()[5:9]] == ["5", "4", "2", "1"]
    code, page, _ = run(capsys, "standings", str(EXAMPLE_T), "--lang", lang, "-f", "html")
    assert code == 0 and f'class="pts">{mp}</th>' in page and "PTS" not in page
    assert main(["site", str(EXAMPLE_T), "-o", str(tmp_path / "site")]) == 0
    site = (tmp_path / "site" / lang / "standings.html").read_text(encoding="utf-8")
    assert f">{mp}<" in site
