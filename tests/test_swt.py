"""Swiss-Chess ``.SWT`` files (issue 27): every field we read equals the reading of the same file by the open-source
swtparser.js (the JSON beside each file in ../shared/corpus/swiss-chess-swt, keyed by the structure tables' field
numbers), and the standings follow: the players' points are the file's own (field 2030, points × 2), a team event's
match and game points the file's own team totals (fields 1038 and 1039, × 2)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from sources import CORPUS, needs

from tiebreak import compute_standings
from tiebreak.app.options import Options
from tiebreak.app.standings import render_standings
from tiebreak.cli import main
from tiebreak.engine.errors import InputError
from tiebreak.formats import readers, swt

SWT = CORPUS / "swiss-chess-swt"
COLOUR = {0: "4000-0", 1: "4000-1", 2: "4000-3", 3: "4000-2", 4: "4000-4"}  # the raw byte -> swtparser's value
STATUS = {0x00: "3006-0", 0x02: "3006-1", 0x03: "3006-2", 0x33: "3006-3", 0x22: "3006-4", 0x01: "3006-5",
          0x11: "3006-6"}


def _expected(name):
    return json.loads((SWT / f"{name}.json").read_text(encoding="utf-8"))


@needs(SWT)
@pytest.mark.parametrize("name", ["SwissIndividual", "SwissTeam"])
def test_every_field_reads_as_swtparser_reads_it(name):
    f = swt.parse((SWT / f"{name}.SWT").read_bytes(), name)
    expected = _expected(name)
    general = expected["general"]
    assert (f.rounds, f.paired, len(f.players), f.team_event) == (general["1"], general["3"], general["4"], general["35"])
    assert f.boards == general["34"]
    for p, q in zip(f.players, expected["players"], strict=True):
        ours = {"2000": p.name, "2001": p.team_name, "2002": p.title, "2003": p.fide_rating, "2004": p.national_rating,
                "2006": p.federation, "2008": p.birth, "2013": p.sex, "2016": p.team, "2017": p.board,
                "2020": format(p.id, "x"), "2030": p.points2, "2033": p.fide_id, "2034": p.national_id}
        theirs = {k: q[k].strip() if isinstance(q[k], str) else q[k] for k in ours}
        assert ours == theirs
    games = {(x["player"], x["round"]): x for x in expected["pairings_players"]}
    seen = 0
    for p in f.players:
        for r, g in enumerate(p.pairings, 1):
            x = games.get((format(p.id, "x"), r))
            if x is None:  # swtparser leaves out the records of no pairing (colour 0)
                assert g.colour == 0
                continue
            seen += 1
            assert (COLOUR[g.colour], format(g.opponent, "x"), f"4002-{g.result}", g.table, STATUS[g.status], g.board) \
                == (x["4000"], x["4001"], x["4002"], x["4004"], x["4005"], x["4006"])
    assert seen == len(games)
    if f.team_event:
        assert f.teams == [(t["1019"], t["1000"]) for t in expected["teams"]]


@needs(SWT)
def test_individual_points_are_the_files_own():
    t = readers.load(SWT / "SwissIndividual.SWT", warnings := [])
    assert not warnings
    points = {int(q["2020"], 16): Fraction(q["2030"], 2) for q in _expected("SwissIndividual")["players"]}
    assert {p.start_no: t.points(p.start_no) for p in t.players} == points
    assert t.rounds == 9 and len(t.players) == 24 and t.name == "Test Tournament with a very long title"
    # field 43, the first fine tie-break (swtparser: "84-3", Buchholz) with field 5 (1 result cut): BH/C1, whose
    # values are the file's own (field 2031, the first fine tie-break × 2) for every player
    general = _expected("SwissIndividual")["general"]
    assert (general["43"], general["5"]) == ("84-3", 1)
    assert t.declared_tiebreaks[0] == "BH/C1"
    s = compute_standings(t, "PTS,BH/C1", rules="fide-2024", lots=False)
    stored = {int(q["2020"], 16): Fraction(q["2031"], 2) for q in _expected("SwissIndividual")["players"]}
    assert {r.start_no: r.values["BH/C1"] for r in s.rows} == stored


@needs(SWT)
def test_team_standings_give_the_files_team_totals():
    text, _, _ = render_standings(Options(format="json"), str(SWT / "SwissTeam.SWT"), [])
    doc = json.loads(text)
    primary = doc["tiebreaks"][0]  # the primary score by its own code (the default list's PTS), as tournament.primary
    assert primary == doc["tournament"]["primary"]
    rows = {r["name"]: r for r in doc["standings"]}
    for team in _expected("SwissTeam")["teams"]:
        row = rows[team["1000"]]
        assert (Fraction(row["values"][primary]), Fraction(row["values"]["MPVGP"])) == \
            (Fraction(team["1038"], 2), Fraction(team["1039"], 2))


@needs(SWT)
def test_convert_an_swt_file_to_trf(tmp_path, capsys):
    target = tmp_path / "individual.trf"
    assert main(["convert", str(SWT / "SwissIndividual.SWT"), str(target)]) == 0
    assert target.read_text(encoding="utf-8").startswith("012 Test Tournament with a very long title")


@pytest.mark.parametrize("cut, words", [(100, "less than its header"), (20_000, "need")])
@needs(SWT)
def test_a_cut_file_is_refused_with_the_place(tmp_path, cut, words):
    path = tmp_path / "cut.swt"
    path.write_bytes((SWT / "SwissIndividual.SWT").read_bytes()[:cut])
    with pytest.raises(InputError, match=words) as e:
        readers.load(path, [])
    assert cut == 100 or "byte 7 (field 4)" in str(e.value)  # Swiss-Chess numbers its fields: 4 is the players' count


@needs(SWT)
def test_a_player_paired_with_himself_is_named(tmp_path):
    data = bytearray((SWT / "SwissIndividual.SWT").read_bytes())
    data[swt.HEADER + 9] = 1  # player 1's opponent in round 1
    path = tmp_path / "self.swt"
    path.write_bytes(bytes(data))
    with pytest.raises(InputError, match="paired with himself") as e:
        readers.load(path, [])
    assert "player 1, round 1" in str(e.value)


#: value table 84 as swtparser's field names read it (schach-in/swtparser field-names/de.csv): 84-3 Buchholzwertung,
#: 84-5 Sonneborn-Berger, 84-7 Buchholzsumme (the Arbiters' Manual's sum of Buchholz, 13.13.2), 84-10 Rating-Differenz
BY_HAND = {"84-3": "BH", "84-5": "SB", "84-7": "L-SBH"}


@needs(SWT)
def test_every_configured_tie_break_is_read(capsys):
    """Issue 40: the file configures fine tie-break 1 (field 43), 2 (field 21) and the wins last (field 30); all three
    are the list, so no lot places players the list separates (8th-12th were drawn by lot), and 8th and 9th are the
    file's own (field 2022, Swiss-Chess's rank: no. 16 before no. 10, equal on points and BH/C1)."""
    general = _expected("SwissIndividual")["general"]
    assert (general["43"], general["21"], general["30"], general["5"]) == ("84-3", "84-7", True, 1)
    t = readers.load(SWT / "SwissIndividual.SWT", warnings := [])
    assert not warnings
    assert t.declared_tiebreaks == [BY_HAND[general["43"]] + "/C1", BY_HAND[general["21"]], "WIN"]
    assert main(["standings", str(SWT / "SwissIndividual.SWT"), "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [r["lot"] for r in doc["standings"] if r.get("lot")] == []
    ranks = {int(q["2020"], 16): q["2022"] for q in _expected("SwissIndividual")["players"]}
    ours = {r["start_no"]: r["rank"] for r in doc["standings"]}
    assert [n for n in ours if ours[n] != ranks[n]] == [15, 7] or [n for n in ours if ours[n] != ranks[n]] == [7, 15]
    assert (ours[16], ours[10]) == (ranks[16], ranks[10]) == (8, 9)


@needs(SWT)
def test_a_code_we_cannot_map_is_named_in_a_warning(tmp_path):
    """Field 21 set to 0x0A (84-10, Rating-Differenz): no tie-break of ours; the warning names the field, the code
    (by Swiss-Chess's own name) and why, and the list keeps what it can."""
    data = bytearray((SWT / "SwissIndividual.SWT").read_bytes())
    data[572] = 0x0A
    path = tmp_path / "diff.SWT"
    path.write_bytes(bytes(data))
    t = readers.load(path, warnings := [])
    assert t.declared_tiebreaks == ["BH/C1", "WIN"]
    said = [w.message for w in warnings]
    assert any("tie-break 2 (field 21) is code 0x0a (Rating-Differenz): no tie-break" in m for m in said), said


@needs(SWT)
def test_the_pkz_is_the_national_id(tmp_path):
    """Field 2034, the PKZ (the German federation's person id), at bytes 337-348 of a player's record (swtparser's
    structure tables, version 800): empty in the corpus files, so written by hand into a copy under the first
    player's record (its name, field 2000, opens it)."""
    data = bytearray((SWT / "SwissIndividual.SWT").read_bytes())
    at = data.index(b"Gib,David")
    data[at + 337:at + 349] = b"10178234\0\0\0\0"
    path = tmp_path / "pkz.SWT"
    path.write_bytes(bytes(data))
    t = readers.load(path, [])
    assert t.players[0].name == "Gib,David" and t.players[0].national_id == "10178234"
    assert {p.national_id for p in t.players[1:]} == {""}
