"""The audit of published standings (issue 26): team events, the points column, headings in six languages.

Expectations: the official Friendship Cup 2024 standings (../shared/corpus/heltour-crete-team, as quoted from the
official results), Vega's published standings bundled in tests/data/check, and hand computations.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from sources import CORPUS, needs

from tiebreak.cli import main
from tiebreak.formats import published

DATA = Path(__file__).parent / "data" / "check"
FRIENDSHIP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"
OFFICIAL = CORPUS / "heltour-crete-team" / "friendship-cup-2024.expected.csv"


def run(capsys, *argv):
    code = main(["check", *map(str, argv)])
    out = capsys.readouterr()
    return code, out.out, out.err


@needs(FRIENDSHIP)
def test_friendship_cup_is_checked_as_a_team_event(capsys):
    # 15 teams x (MP, GP, EGGSB, BH:MP) = 60 official values.  From the results, the two teams of the round-6 match
    # whose board the points column reads otherwise differ in GP (and every EGGSB that counts their GP); the check
    # says the official figures follow the points column, in records 41 and 122
    code, out, err = run(capsys, FRIENDSHIP, "--published", OFFICIAL, "-f", "json")
    r = json.loads(out)
    assert code == 1 and r["tiebreaks"] == ["MP", "GP", "EGGSB", "BH:MP"]
    first = r["rules"][0]
    assert (first["values"], first["ranks"], first["ranks_agree"]) == (60, 15, 15)
    gp = {d["name"] for d in r["differences"] if d["what"] == "GP"}
    assert gp == {"Α.Σ.ΗΡΟΔΟΤΟΣ", "Σ.A.ΧΕΡΣΟΝΗΣΟΥ"}
    follows = [n for n in r["notes"] if "follow the points column" in n]
    assert len(follows) == 1 and "41 Girvalaki,Nektaria (R6: 0 → 1)" in follows[0] \
        and "122 Grammenos,Nikolaos (R6: 1 → 0)" in follows[0]
    # each difference comes with the team's matches; the round-6 match is marked as read otherwise by the column
    d = next(d for d in r["differences"] if d["what"] == "GP" and d["name"] == "Α.Σ.ΗΡΟΔΟΤΟΣ")
    r6 = next(c for c in d["rounds"] if c["round"] == 6)
    assert r6["opponent"] == "Σ.A.ΧΕΡΣΟΝΗΣΟΥ" and r6["column"] and d["published"] == "14.5" and d["ours"] == "13.5"


@needs(FRIENDSHIP)
def test_friendship_cup_from_the_points_column(capsys):
    # with the points column's reading every official value is reproduced, rank 15's EGGSB 308.25 included (heltour
    # itself computes 304.25), and the output names the reading
    code, out, _ = run(capsys, FRIENDSHIP, "--published", OFFICIAL, "--points-from", "column", "-f", "json")
    r = json.loads(out)
    first = r["rules"][0]
    assert code == 0 and r["agree"] and first["rules"] == "fide-2024"
    assert (first["values_agree"], first["values"], first["ranks_agree"]) == (60, 60, 15)
    assert any("--points-from column" in n for n in r["notes"])
    # standings too: the column's reading is named in a warning, and the official GP is the standings' GP
    assert main(["standings", str(FRIENDSHIP), "--points-from", "column", "-t", "MP,GP,EGGSB,BH:MP", "-f", "csv"]) == 0
    captured = capsys.readouterr()
    assert "points column's reading" in captured.err
    rows = {row[2]: row for row in csv.reader(captured.out.splitlines()) if len(row) > 3}
    official = {row["team"]: row for row in csv.DictReader(OFFICIAL.open(encoding="utf-8"))}
    assert "Α.Σ.ΗΡΟΔΟΤΟΣ" in rows and "14.5" in rows["Α.Σ.ΗΡΟΔΟΤΟΣ"] and official["Α.Σ.ΗΡΟΔΟΤΟΣ"]["game_points"] == "14.5"


def test_team_headings():
    # team standings as chess-results prints them in German and as the Friendship Cup's official list names them
    p = published.loads("Rg.;Snr;Mannschaft;Anz;+;=;-;MP;BP;BH:MP\n1;3;Alpha;7;4;3;0;11;24,5;56\n", team=True)
    assert p.team and p.columns == ["MP", "GP", "BH:MP"] and (p.rows[0].name, p.rows[0].start_no) == ("Alpha", 3)
    p = published.loads("rank,team,games,won,drawn,lost,match_points,game_points,EGGSB\n1,A,7,4,3,0,11,24.5,547.75\n",
                        team=True)
    assert p.columns == ["MP", "GP", "EGGSB"] and not p.unknown


def test_german_french_spanish_headings():
    # Swiss-Chess (German), chess-results in French and Spanish: the same standings read alike
    german = published.loads("Rang;TNr;Teilnehmer;Titel;TWZ;Verein/Ort;Punkte;Buchh;SoBerg;Siege\n"
                             "1;7;Nguyen;;1500;HB;6,0;33,5;23,25;5\n")
    french = published.loads("Pl;N°;Nom;Elo;Fede;Pts;Bu;Tr.;S-B;Perf\n1;7;Nguyen;1500;AUS;6;33.5;30;23.25;1800\n")
    spanish = published.loads("Puesto,No.,Nombre,Elo,Fed,Ptos,Bucholz,Bucholz Corte 1,Sonneborn-Berger,Victorias\n"
                              "1,7,Nguyen,1500,AUS,6,33.5,30,23.25,5\n")
    assert german.columns == ["BH", "SB", "WIN"] and spanish.columns == ["BH", "BH/C1", "SB", "WIN"]
    assert french.columns == ["BH", "BH/C1", "SB", "TPR"]
    for p in (german, french, spanish):
        row = p.rows[0]
        assert (row.rank, row.start_no, row.name, row.points.text[0]) == (1, 7, "Nguyen", "6") and not p.unknown
    assert german.rows[0].values["SB"].text == "23,25"


def test_unknown_heading_is_named_with_candidates():
    p = published.loads("Rang,TNr,Teilnehmer,Punkte,Buchhholz\n1,7,Nguyen,6,33\n")
    assert p.columns == [] and p.unknown == [
        "published column 'Buchhholz' is not a heading we know; not compared (nearest: Buchholz, Bucholz, Buchholz c1)"]


def test_german_headings_of_a_vega_event_check_right(tmp_path, capsys):
    # the bundled Vega standings with Swiss-Chess's German headings: the same 96 values, right under fide-2024
    text = (DATA / "hobsons-bay-cup-2025.published.csv").read_text(encoding="utf-8").splitlines()
    head = text[0].split(",")
    german = {"pos": "Rang", "startno": "TNr", "name": "Teilnehmer", "Pts": "Punkte", "BH": "Buchh", "SB": "SoBerg"}
    target = tmp_path / "de.csv"
    target.write_text("\n".join([",".join(german.get(h, h) for h in head), *text[1:]]) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf",
                       "--published", target, "-f", "json")
    assert code == 0 and json.loads(out)["rules"][0]["values_agree"] == 96


VEGA = CORPUS / "hobsons-bay-vega"


@needs(VEGA)
def test_a_folder_of_events_in_parallel(tmp_path, capsys):
    # a season of uploads: four Vega events, each folder with its file and its published standings; two are right
    # under fide-2024, two (early 2024) follow Vega's Arbiters' Manual reading (docs/known-differences.md)
    season = tmp_path / "season"
    for name in ("2025hobsonsbaycup", "2025hobsonsbaywesternmajor", "rapid12024", "blitz12024"):
        (season / name).mkdir(parents=True)
        for f in ("tournament.trf", "expected.csv"):
            (season / name / f).write_bytes((VEGA / name / f).read_bytes())
    summary = tmp_path / "summary.csv"
    # these are Vega's pages (the CSVs beside the events do not say so): --publisher names the program
    code = main(["check", str(season), "--jobs", "2", "-f", "csv", "-o", str(summary), "--publisher", "vega"])
    err = capsys.readouterr().err
    assert code == 1 and "4/4 [" in err
    rows = list(csv.reader(summary.read_text(encoding="utf-8").splitlines()))
    assert rows[0][:4] == ["Event", "Verdict", "rule set", "values right"]
    by = {Path(r[0]).parent.name: r for r in rows[1:]}
    assert by["2025hobsonsbaycup"][1:5] == ["right under the announced rules fide-2024", "fide-2024", "96", "96"]
    assert by["rapid12024"][1:3] == ["reproduced by Vega's convention (fide-2009)", "fide-2009"]
    # the same events by a manifest, one job, as an HTML page
    manifest = tmp_path / "events.csv"
    manifest.write_text("file,published\n" + "".join(f"season/{n}/tournament.trf,season/{n}/expected.csv\n"
                                                      for n in sorted(by)), encoding="utf-8")
    assert main(["check", "--manifest", str(manifest), "--jobs", "1", "-f", "html", "--publisher", "Vega"]) == 1
    page = capsys.readouterr().out
    assert page.count("<section") == 4 and "Vega&#39;s convention" in page
    # an event that cannot be read is named in the summary; the others go on
    (season / "broken.trf").write_text("001 nonsense\n", encoding="utf-8")
    assert main(["check", str(season), "--jobs", "1", "-f", "csv"]) == 1
    out = capsys.readouterr().out
    assert "broken.trf" in out and out.count("\n") == 6


def test_legacy_explanations_cite_the_arbiters_manual(capsys):
    # Rapid 1 2024, no. 13 (hand computation in test_check.py): under fide-2009 BH cites 13.4.1 and each unplayed
    # round the virtual opponent of 13.14.2; L-SBH lists each opponent's Buchholz and her own two unplayed rounds (0)
    assert main(["explain", str(DATA / "rapid-1-2024.trf"), "--player", "13", "--rules", "fide-2009",
                 "--tiebreaks", "BH,L-SBH"]) == 0
    out = capsys.readouterr().out
    tiebreaks = out[out.index("BH = "):]  # (the points are points in either text)
    assert "BH = 12   Buchholz [Arbiters' Manual 13.4.1]" in out and "Art. 16" not in tiebreaks and "C.07" not in tiebreaks
    sbh = out[out.index("L-SBH"):]
    assert sbh.count("the opponent's Buchholz") == 3 and sbh.count("own unplayed round") == 2
    # the three opponents' Buchholz (13.14.2) add up to the value: 12.5 + 12 + 12.5 = 37
    assert "L-SBH = 37" in sbh
    # and `tiebreak list` says what L-SBH does with the player's own unplayed rounds
    assert main(["list"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("L-SBH"))
    assert "own unplayed rounds count 0" in line and "virtual opponent for own" not in line


def test_api_points_from_and_verdict():
    from fastapi.testclient import TestClient

    from tiebreak.web import create_app

    client = TestClient(create_app())
    trf = (DATA / "rapid-1-2024.trf").read_bytes()
    pub = (DATA / "rapid-1-2024.published.csv").read_bytes()
    r = client.post("/api/check", data={"lang": "uk", "publisher": "Vega"},
                    files={"file": ("r.trf", trf), "published": ("p.csv", pub)})
    assert r.status_code == 200 and r.json()["verdict"]["kind"] == "convention" and r.json()["publisher"] == "Vega"
    assert r.json()["verdict"]["text"].startswith("відтворюється домовленістю програми Vega")
    # without the program, the rule set is named (never another program's name for the same numbers)
    r = client.post("/api/check", data={"lang": "uk"}, files={"file": ("r.trf", trf), "published": ("p.csv", pub)})
    assert r.json()["verdict"]["kind"] == "rules" and "Vega" not in r.json()["verdict"]["text"]
    bad = client.post("/api/standings", data={"points_from": "both"}, files={"file": ("r.trf", trf)})
    assert bad.status_code == 400 and bad.json()["field"] == "points_from"
    ok = client.post("/api/standings", data={"points_from": "column", "format": "json"}, files={"file": ("r.trf", trf)})
    assert ok.status_code == 200


@needs(FRIENDSHIP)
@pytest.mark.parametrize("suffix", [".trf", ".json"])
def test_team_ranks_the_file_publishes(tmp_path, capsys, suffix):
    # the Friendship Cup written back with its team standings (TRF-2026 310 records; Chess-JSON team ranks) is right;
    # a rank moved in the file is reported against the official order
    target = tmp_path / f"fc{suffix}"
    fmt = "chess-json" if suffix == ".json" else "trf"
    assert main(["standings", str(FRIENDSHIP), "-t", "MP,GP,EGGSB", "-f", fmt, "-o", str(target)]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, target, "-f", "json")
    r = json.loads(out)
    assert code == 0 and r["rules"][0]["ranks"] == 15 and r["rules"][0]["values"] == 30
    if suffix == ".trf":
        lines = target.read_text(encoding="utf-8").splitlines()
        k = next(i for i, x in enumerate(lines) if x.startswith("310") and x[68:71].strip() == "1")
        lines[k] = lines[k][:68] + "  9" + lines[k][71:]
        target.write_text("\n".join(lines) + "\n", encoding="utf-8")
        code, out, _ = run(capsys, target, "-f", "json")
        d = json.loads(out)["differences"]
        assert code == 1 and [(x["what"], x["published"], x["ours"], x["name"]) for x in d] == [("rank", "9", "1", "ΟΑΑΗ")]
