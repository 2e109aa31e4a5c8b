"""Published standings audited as their programs publish them (issue 36): chess-results' exports (Swiss-Manager),
Vega's standings pages, their headings in six languages and in camelCase, the columns named only TB1...TBn; the
programs' conventions (Swiss-Manager's requested full-point bye, /V0) and a verdict that names the program that
published the file.

The chess-results exports are real (tests/data/README.md: the Keshmat Chess Center's rapid events, Lebanon 2025, as
exported from chess-results.com); the Vega pages are the Hobsons Bay Chess Club's (corpus hobsons-bay-vega).  The small
events below are computed by hand in the comments.
"""

from __future__ import annotations

import csv
import gzip
from dataclasses import replace
from pathlib import Path

import pytest
from sources import CORPUS, needs

from tiebreak import compute_standings
from tiebreak.arbiter.check import check
from tiebreak.cli import main
from tiebreak.engine.errors import InputError
from tiebreak.formats import crosstable, exports, headings, published
from tiebreak.render.check import verdict_text

DATA = Path(__file__).parent / "data" / "check"
KESHMAT = DATA / "chess-results"
VEGA = CORPUS / "hobsons-bay-vega"
#: the list the Keshmat events announced on chess-results (TB1 direct encounter, TB2 Buchholz cut 1, TB3 Buchholz):
#: the published TB2 never exceeds TB3 and is TB3 less one opponent's score, as the files show
KESHMAT_LIST = "PTS,DE,BH/C1,BH"


def _rows(path: Path) -> list[list[str]]:
    from tiebreak.formats import xlsx

    return xlsx.read_rows(path.read_bytes())


def test_a_chess_results_crosstable_export_is_an_event_with_its_published_figures():
    path = KESHMAT / "keshmat-rapid-march-2025.xlsx"
    rows = _rows(path)
    warnings: list = []
    t = crosstable.load(path, warnings)
    # the export's own words: 55 players (the last row of the ranking is 55), 7 rounds, "Date : 2025/03/23"
    assert len(t.players) == 55 and t.rounds == 7 and str(t.start_date) == "2025-03-23"
    assert t.name.strip() == rows[1][0].strip() == "Keshmat Circuit - Rapid - March 2025"
    # every player's points are the published Pts. column (the results add up to them: no warning)
    assert not [w for w in warnings if "points column" in w.message]
    # the opponents are numbered by rank in chess-results' ranking crosstable: the winner (rank 1) met rank 29 first
    assert rows[rows.index(next(r for r in rows if r[0] == "Rk."))+1][5].strip() == "29b1"
    assert int(t.opponent[0, 0]) == t.row(29)


def test_a_swiss_manager_export_is_reproduced_and_the_verdict_names_swiss_manager(capsys):
    # TB1..TB3 take their meaning from --tiebreaks, in order; Swiss-Manager printed the Arbiters' Manual's Buchholz
    # (the virtual opponent) in this 2025 event: every published value and rank is fide-2009's, and the verdict says
    # that Swiss-Manager published it, never another program's name for the same numbers
    path = str(KESHMAT / "keshmat-rapid-march-2025.xlsx")
    assert main(["check", path, "-t", KESHMAT_LIST, "-f", "json"]) == 1
    import json

    report = json.loads(capsys.readouterr().out)
    by = {a["rules"]: (a["values_agree"], a["values"], a["ranks_agree"], a["ranks"]) for a in report["rules"]}
    assert by["fide-2009"] == (165, 165, 55, 55)  # 55 players x 3 tie-breaks, every rank
    # Swiss-Manager's own reading of its older settings gives the same figures: the verdict names it, the publisher's
    assert by["swiss-manager-2009"] == (165, 165, 55, 55)
    assert report["verdict"]["kind"] == "convention" and report["verdict"]["program"] == "Swiss-Manager"
    assert report["publisher"] == "Swiss-Manager" and "Vega" not in report["verdict"]["text"]
    assert report["verdict"]["text"] == "reproduced by Swiss-Manager's convention (swiss-manager-2009)"
    # in Russian and Ukrainian too
    assert main(["check", path, "-t", KESHMAT_LIST, "--lang", "uk"]) == 1
    assert "відтворюється домовленістю програми Swiss-Manager (swiss-manager-2009)" in capsys.readouterr().out


def test_swiss_managers_direct_encounter_in_the_point_group(capsys):
    """May 2025: nos. 4 (Karam) and 5 (Fawaz) are the only players on 5½ and drew each other in round 5 (their
    crosstable rows: ``5b½`` and ``4w½``), so in their point group each scored ½ against the other: Swiss-Manager
    prints DE 0.5 for both, where Art. 6 (13.5) places neither (0).  Every other point group of the event has a
    pair that did not meet: 0 (by hand from the export's crosstable, e.g. the three players on 6: nos. 1 and 3
    never met)."""
    path = str(KESHMAT / "keshmat-rapid-may-2025.xlsx")
    assert main(["check", path, "-t", KESHMAT_LIST, "-f", "json"]) == 1
    import json

    report = json.loads(capsys.readouterr().out)
    by = {a["rules"]: (a["values_agree"], a["values"], a["ranks_agree"], a["ranks"]) for a in report["rules"]}
    assert by["fide-2009"] == (157, 159, 53, 53) and by["swiss-manager-2009"] == (159, 159, 53, 53)
    assert report["verdict"] == {"kind": "convention", "rules": "swiss-manager-2009", "program": "Swiss-Manager",
                                 "text": "reproduced by Swiss-Manager's convention (swiss-manager-2009)"}
    assert main(["check", path, "-t", KESHMAT_LIST, "--rules", "swiss-manager-2009"]) == 0
    assert "right under the announced rules swiss-manager-2009" in capsys.readouterr().out
    assert main(["check", path, "-t", KESHMAT_LIST, "--lang", "ru"]) == 1
    assert "воспроизводится соглашением программы Swiss-Manager (swiss-manager-2009)" in capsys.readouterr().out
    # the API takes the convention as the announced rules too
    from fastapi.testclient import TestClient

    from tiebreak.web.app import create_app

    r = TestClient(create_app()).post("/api/check", data={"tiebreaks": KESHMAT_LIST, "rules": "swiss-manager-2009"},
                                      files={"file": ("may.xlsx", Path(path).read_bytes())})
    assert r.status_code == 200 and r.json()["verdict"]["kind"] == "right"


def test_tb_columns_without_a_list_are_named_and_not_compared(capsys):
    path = str(KESHMAT / "keshmat-rapid-may-2025.xlsx")
    main(["check", path])
    out = capsys.readouterr().out
    assert "published column 'TB1' is named only by its place; give its meaning in the tie-break list" in out
    assert "'1.Rd'" not in out  # the rounds are the event's results, not published figures


def test_a_season_of_chess_results_exports_in_one_run(tmp_path, capsys):
    season = tmp_path / "season"
    season.mkdir()
    for f in KESHMAT.glob("*.xlsx"):
        (season / f.name).write_bytes(f.read_bytes())
    (season / "notes.csv").write_text("a,b\n1,2\n", encoding="utf-8")  # not an export: left alone
    assert main(["check", str(season), "-t", KESHMAT_LIST, "-f", "csv", "--jobs", "1"]) == 1
    rows = list(csv.reader(capsys.readouterr().out.splitlines()))
    assert [Path(r[0]).name for r in rows[1:]] == sorted(f.name for f in KESHMAT.glob("*.xlsx"))
    by = {Path(r[0]).name: r for r in rows[1:]}
    assert by["keshmat-rapid-march-2025.xlsx"][1:3] == ["reproduced by Swiss-Manager's convention (swiss-manager-2009)",
                                                        "swiss-manager-2009"]


def test_export_layout_title_lines_footer_legend_and_languages():
    rows = [["Turnier-Datenbank von Chess-Results"], ["Offene Meisterschaft"], ["Datum : 2024/05/01"], [],
            ["Rg.", "Snr", "", "Name", "Land", "Pkt.", "Wtg1", "Wtg2"], ["1", "4", "FM", "Berg, Ann", "GER", "7", "1", "40,5"],
            [], ["Wertung1: Direct Encounter (DE)"], ["Wertung2: Buchholz Tie-Breaks (without one result)"],
            ["Swiss-Manager von Heinz Herzog"]]
    p = published.from_rows(rows, "de.csv")
    # the legend under the table gives Wtg1 and Wtg2 their meaning; the decimal comma is read
    assert p.columns == ["DE", "BH/C1"] and p.rows[0].start_no == 4 and str(p.rows[0].values["BH/C1"].value) == "81/2"
    assert p.publisher == "Swiss-Manager"
    # the announced list wins over the legend, in order, PTS first being the points column
    assert published.from_rows(rows, "de.csv", tiebreaks="PTS,BH,SB").columns == ["BH", "SB"]
    for heading, place in (("TB1", 1), ("Wtg2", 2), ("Desemp. 3", 3), ("Dép.1", 1), ("Доп. 2", 2), ("BH1", None)):
        assert exports.positional(heading) == place, heading


def test_headings_whatever_their_case_or_separators():
    assert headings.tiebreak("gamePoints", team=True) == "GP" and headings.tiebreak("MATCH_POINTS", team=True) == "MP"
    assert headings.role("startNo") == headings.role("START-NO") == "start_no"
    assert headings.tiebreak("SoBerg") == "SB"  # camelCase parted or not
    p = published.loads("startNo;teamName;matchPoints;gamePoints\n3;Alpha;9;15,5\n", team=True)
    assert p.columns == ["MP", "GP"] and p.rows[0].start_no == 3


@pytest.mark.parametrize("event", ["rapid22024", "2025hobsonsbaycup", "2025hobsonsbaywesternmajor"])
def test_vega_standings_page_as_published(event, tmp_path):
    # Vega's standings.html (bundled, byte for byte) read as the corpus collector read it into expected.csv
    page = tmp_path / "standings.html"
    page.write_bytes(gzip.decompress((DATA / "vega" / f"{event}.standings.html.gz").read_bytes()))
    p = published.load(page)
    assert p.publisher == "Vega"
    expected = published.load(Path(__file__).parent / "data" / "shared" / "corpus" / "hobsons-bay-vega" / event /
                              "expected.csv")
    assert p.columns == expected.columns
    # (Vega marks a withdrawn player's name "(W)"; the collector left the mark out)
    assert [(r.start_no, r.name.removesuffix(" (W)"), r.rank, r.points.text if r.points else None) for r in p.rows] == [
        (r.start_no, r.name, r.rank, r.points.text if r.points else None) for r in expected.rows]
    assert [{c: v.value for c, v in r.values.items() if v} for r in p.rows] == [
        {c: v.value for c, v in r.values.items() if v} for r in expected.rows]


@needs(VEGA)
def test_every_vega_page_of_the_corpus_reads_as_its_expected_csv():
    for folder in sorted(p for p in VEGA.iterdir() if (p / "raw" / "standings.html.gz").exists()):
        data = gzip.decompress((folder / "raw" / "standings.html.gz").read_bytes())
        p = published.from_html(data, str(folder))
        e = published.load(folder / "expected.csv")
        assert [(r.start_no, r.rank) for r in p.rows] == [(r.start_no, r.rank) for r in e.rows], folder.name
        assert p.columns == e.columns, folder.name


def test_vega_page_checked_with_the_publisher_named(tmp_path, capsys):
    page = tmp_path / "standings.html"
    page.write_bytes(gzip.decompress((DATA / "vega" / "2025hobsonsbaycup.standings.html.gz").read_bytes()))
    trf = Path(__file__).parent / "data" / "shared" / "corpus" / "hobsons-bay-vega" / "2025hobsonsbaycup" / "tournament.trf"
    assert main(["check", str(trf), "--published", str(page)]) == 0
    out = capsys.readouterr().out
    assert "values 96/96   ranks 32/32" in out and "published by Vega" in out


def test_html_that_cannot_be_read_is_named(tmp_path):
    page = tmp_path / "page.html"
    page.write_text("<html><body><p>Standings</p></body></html>", encoding="utf-8")
    with pytest.raises(InputError, match="this HTML page holds no table"):
        published.load(page)
    page.write_text("<html><table><tr><th>Colour</th><th>Size</th></tr><tr><td>red</td><td>2</td></tr></table></html>",
                    encoding="utf-8")
    with pytest.raises(InputError, match="the HTML page's standings table could not be read .*'Colour | Size'"):
        published.load(page)


# Swiss-Manager's full-point bye given on request (hand computation).  Ann asked for a full-point bye in round 1
# (F), beat Bob (2 points) and Cy (1 point): 3 points.  Dan had the pairing-allocated bye (U) in round 1.
# C.07 2024: Ann's own unplayed round is a dummy with her score, 3; BH = 3 + 2 + 1 = 6; 16.1.1 names only half- and
# zero-point requested byes, so BH/C1 cuts the lowest, Cy's 1: 5.  Swiss-Manager puts her full-point bye up for the
# cut (16.5 exception): BH/C1 = 6 - 3 = 3.  Dan (a PAB, never voluntary): dummy 1 + Cy 1 + Bob 2 = 4, cut 1: 3.
SWISS = "No,Name,R1,R2,R3\n1,Ann,F,2w1,3b1\n2,Bob,3w1,1b0,4w1\n3,Cy,2b0,4w1,1w0\n4,Dan,U,3b0,2b0\n"


def test_swiss_managers_requested_full_point_bye_is_its_named_convention():
    t = crosstable.loads(SWISS)
    r = check(t, published.loads("startno,BH,BH/C1\n1,6,3\n4,4,3\n"), rules="fide-2024", system="swiss")
    assert r.verdict == ("convention", "swiss-manager", "Swiss-Manager")
    assert [(a.rules, a.values_agree) for a in r.rules][0] == ("swiss-manager", 4)
    ours = compute_standings(t, "PTS,BH,BH/C1", rules="fide-2024", system="swiss")
    assert (ours.row(1).values["BH"], ours.row(1).values["BH/C1"]) == (6, 5)
    assert "Swiss-Manager's convention (swiss-manager)" in verdict_text(r)


# /V0 (spec §1.5, A25: the 2022 World Rapid & Blitz reading): Ann met Bob (1800) and Cy (1600) and had a bye.  C.07's
# ARO/C1 cuts the lowest rating met over the board: 1800.  /V0 cuts the unplayed round first: (1800 + 1600) / 2 = 1700.
V0 = "No,Name,Rating,R1,R2,R3\n1,Ann,2000,2w1,3b1,U\n2,Bob,1800,1b0,4w1,3w1\n3,Cy,1600,4b1,1w0,2b0\n4,Dan,1400,3w0,2b0,U\n"


def test_v0_cuts_the_unplayed_rounds_first_from_aro():
    t = crosstable.loads(V0)
    s = compute_standings(t, "PTS,ARO/C1,ARO/C1/V0", rules="fide-2024", system="swiss")
    assert [(r.start_no, r.values["ARO/C1"], r.values["ARO/C1/V2022"]) for r in s.rows if r.start_no in (1, 4)] == [
        (1, 1800, 1700), (4, 1800, 1700)]
    # Bob played every round: no unplayed round to cut, the lowest rating goes as in C.07
    assert s.row(2).values["ARO/C1/V2022"] == s.row(2).values["ARO/C1"] == 1800
    # /V0 is accepted on every tie-break (the 2023/2024 text otherwise)
    assert compute_standings(t, "PTS,BH/C1/V0,SB/V0", rules="fide-2024", system="swiss").tiebreaks == [
        "PTS", "BH/C1/V2022", "SB/V2022"]


# Dan played no game over the board (a half-point bye, then absent): his ARO is undefined (C.07 Art. 10).
UNPLAYED = "No,Name,Rating,R1,R2\n1,Ann,2000,2w1,3b1\n2,Bob,1800,1b0,H\n3,Cy,1600,U,1w0\n4,Dan,1400,H,Z\n"


def test_a_published_zero_for_an_undefined_average_is_a_display_convention():
    t = crosstable.loads(UNPLAYED)
    r = check(t, published.loads("startno,ARO\n1,1700\n4,0\n"), rules="fide-2024", system="swiss")
    assert r.agree and any("display convention" in n and "ARO" in n for n in r.notes)


def test_a_value_the_rules_leave_undefined_follows_a_convention_no_one_established():
    t = crosstable.loads(UNPLAYED)
    p = replace(published.loads("startno,ARO\n1,1700\n4,1400\n"), publisher="Swiss-Manager")
    r = check(t, p, rules="fide-2024", system="swiss")
    assert not r.agree and r.verdict == ("undefined", "", "Swiss-Manager")
    assert verdict_text(r) == ("the values that differ are ones the rules leave undefined: Swiss-Manager follows a "
                               "convention no one has established")
    assert "невизначеними" in verdict_text(r, "uk") and "неопределёнными" in verdict_text(r, "ru")


def test_a_round_robins_square_crosstable_export(tmp_path):
    # chess-results' "Starting rank crosstable" of a round robin: a column per player, * on the diagonal; 3 players:
    # 1 beat 2 and drew 3 (1½), 2 beat 3 (1), 3 drew 1 (½).  SB: 1: 1 (beat 2) + ½ x ½ = 1¼; 2: 0 x... beat 3: ½
    path = tmp_path / "rr.csv"
    path.write_text("Rr 2026\nStarting rank crosstable\n\nNo.,,Name,Rtg,1,2,3,Pts. ,Rk.,TB1\n"
                    "1,,Ann,2000,*,1,½,1.5,1,1.25\n2,,Bob,1900,0,*,1,1,2,0.5\n3,,Cy,1800,½,0,*,0.5,3,0.75\n\n"
                    "Chess-Tournament-Results-Server: Chess-Results\n", encoding="utf-8")
    warnings: list = []
    t = crosstable.load(path, warnings)
    assert [t.points(n) for n in (1, 2, 3)] == [1.5, 1, 0.5]
    assert any("square crosstable" in w.message for w in warnings)
    p = published.of_export(t, tiebreaks="PTS,SB")
    assert p is not None and p.columns == ["SB"]
    assert check(t, p, "PTS,SB", rules="fide-2024").agree


def test_api_reads_a_saved_page_and_takes_the_publisher():
    from fastapi.testclient import TestClient

    from tiebreak.web import create_app

    client = TestClient(create_app())
    shared = Path(__file__).parent / "data" / "shared" / "corpus" / "hobsons-bay-vega" / "2025hobsonsbaycup"
    page = gzip.decompress((DATA / "vega" / "2025hobsonsbaycup.standings.html.gz").read_bytes())
    files = {"file": ("cup.trf", (shared / "tournament.trf").read_bytes()), "published": ("standings.html", page)}
    r = client.post("/api/check", data={"lang": "ru"}, files=files)
    assert r.status_code == 200 and r.json()["agree"] and r.json()["publisher"] == "Vega"
    # the user's word wins over the page's; an unknown program is refused naming the field
    r = client.post("/api/check", data={"publisher": "Swiss-Manager"}, files=files)
    assert r.json()["publisher"] == "Swiss-Manager"
    bad = client.post("/api/check", data={"publisher": "Excel"}, files=files)
    assert bad.status_code == 400 and bad.json()["field"] == "publisher"
    # a chess-results export is the event itself: no TRF needed
    xlsx = (KESHMAT / "keshmat-rapid-may-2025.xlsx").read_bytes()
    r = client.post("/api/check", data={"tiebreaks": KESHMAT_LIST, "lang": "uk"},
                    files={"file": ("may.xlsx", xlsx)})
    assert r.status_code == 200 and r.json()["publisher"] == "Swiss-Manager"
    assert {a["rules"]: a["ranks_agree"] for a in r.json()["rules"]}["fide-2009"] == 53


def test_a_saved_chess_results_page_its_legend_and_credits(tmp_path):
    # the layout of chess-results' ranking list page (a table of its own among the page's others, the legend and the
    # credits under it); the figures are those of the Keshmat March export's first rows
    page = tmp_path / "ranking.html"
    page.write_text(
        "<html><body><h2>Keshmat Circuit - Rapid - March 2025</h2><table><tr><td>Date</td><td>2025/03/23</td></tr>"
        "</table><h2>Final Ranking after 7 Rounds</h2><table class='CRs1'><tr class='CRg1b'><th>Rk.</th><th>SNo</th>"
        "<th></th><th>Name</th><th>FED</th><th>Rtg</th><th>Pts. </th><th>TB1</th><th>TB2</th><th>TB3</th></tr>"
        "<tr><td>1</td><td>2</td><td>CM</td><td>Assaad Joe</td><td>LBN</td><td>2157</td><td>7</td><td>0</td>"
        "<td>30</td><td>33,5</td></tr><tr><td>2</td><td>1</td><td></td><td>Arkadan Adib</td><td>LBN</td>"
        "<td>2278</td><td>6</td><td>0</td><td>30,5</td><td>34,5</td></tr></table><p>Annotation:<br>"
        "Tie Break1: Direct Encounter (The results of the players in the same point group)<br>"
        "Tie Break2: Buchholz Tie-Breaks (without one result)<br>Tie Break3: Buchholz Tie-Breaks (all Results)</p>"
        "<p>Chess-Tournament-Results-Server © 2006-2025 Heinz Herzog</p></body></html>", encoding="utf-8")
    p = published.load(page)
    assert p.columns == ["DE", "BH/C1", "BH"] and p.publisher == "Swiss-Manager"
    assert [(r.rank, r.start_no, r.name, str(r.values["BH"].value)) for r in p.rows] == [
        (1, 2, "Assaad Joe", "67/2"), (2, 1, "Arkadan Adib", "69/2")]


def test_a_team_ranking_export_and_its_legend():
    # chess-results' team ranking list: TB1..TB3 explained by the legend (Swiss-Manager's numbers 13, 1, 52)
    rows = [["Final Ranking"], ["Rk.", "SNo", "Team", "Games", "+", "=", "-", "TB1", "TB2", "TB3"],
            ["1", "3", "Alpha", "7", "5", "1", "1", "11", "20,5", "110"], [],
            ["Tie Break1: Matchpoints (2 for wins, 1 for Draws, 0 for Losses)"], ["Tie Break2: points (game-points)"],
            ["Tie Break3: Sonneborn-Berger-Tie-Break variable"]]
    p = published.from_rows(rows, "teams.csv", team=True)
    assert p.columns[:2] == ["MP", "GP"] and p.rows[0].start_no == 3 and str(p.rows[0].values["GP"].value) == "41/2"


def test_the_verdict_never_names_another_program_for_the_same_numbers():
    # Ann's row of the full-point-bye event is Swiss-Manager's convention alone: a file Vega published gets the rule
    # set's name with Vega as its publisher; fide-2024's own figures are fide-2024's even where Swiss-Manager's
    # convention gives the same (no requested full-point bye cut)
    t = crosstable.loads(SWISS)
    vega = replace(published.loads("startno,BH,BH/C1\n1,6,3\n4,4,3\n"), publisher="Vega")
    assert check(t, vega, rules="fide-2024", system="swiss").verdict == ("rules", "swiss-manager", "Vega")
    # Ann's C.07 2024 row (BH 6, BH/C1 5) checked under the 2026 rules (whose capped dummy, 1½, gives BH 4½):
    # fide-2024 reproduces it, Swiss-Manager's convention does not (BH/C1 3): the rule set is named, no program
    r = check(t, published.loads("startno,BH,BH/C1\n1,6,5\n"), rules="fide-2026", system="swiss")
    assert r.verdict == ("rules", "fide-2024", "")
