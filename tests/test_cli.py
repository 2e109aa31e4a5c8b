"""The command line: the JSON shape other tools depend on, formats, and errors without tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from sources import CORPUS

from tiebreak.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
REF_2024 = CORPUS / "hobsons-bay-vega" / "2025hobsonsbaycup" / "tournament.ref-2024.tsv"


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_shape_and_values_from_the_reference_checker(capsys):
    code, out, err = run(capsys, "standings", str(EXAMPLE), "--tiebreaks", "pts,bh#c1,SB,DE", "--format", "json",
                         "--seed", "5")
    assert code == 0
    doc = json.loads(out)
    assert doc["tournament"] == {"name": "2025 Hobsons Bay Cup", "rounds": 7, "after_round": 7, "rules": "fide-2024",
                                 "system": "swiss"}
    assert doc["tiebreaks"] == ["PTS", "BH/C1", "SB", "DE"]
    assert set(doc["standings"][0]) >= {"rank", "start_no", "name", "points", "values"}
    # the reference checker's values for this file (start date 2025 -> 2024 rules): BH/C1 and SB of players 7, 9, 3
    ref = {int(r.split("\t")[1]): r.split("\t") for r in REF_2024.read_text().splitlines()[1:]}
    head = REF_2024.read_text().splitlines()[0].split("\t")
    for row in doc["standings"]:
        sno = row["start_no"]
        assert row["values"]["BH/C1"] == float(ref[sno][head.index("BH/C1")])
        assert row["values"]["SB"] == float(ref[sno][head.index("SB")])
    assert [r["start_no"] for r in doc["standings"][:3]] == [7, 9, 3]
    assert [r["rank"] for r in doc["standings"]] == list(range(1, 33))


def test_same_seed_same_lots(capsys):
    outs = [run(capsys, "standings", str(EXAMPLE), "-t", "PTS", "-f", "json", "--seed", "11")[1] for _ in range(2)]
    assert outs[0] == outs[1]
    doc = json.loads(outs[0])
    assert doc["seed"] == 11 and any(r["lot"] for r in doc["standings"])


def test_no_lots_gives_shared_ranks(capsys):
    doc = json.loads(run(capsys, "standings", str(EXAMPLE), "-t", "PTS", "-f", "json", "--no-lots")[1])
    ranks = {r["start_no"]: r["rank"] for r in doc["standings"]}
    assert ranks[7] == ranks[9] == 1 and ranks[3] == 3  # 6, 6, 5.5 points


def test_csv_and_text(capsys):
    code, out, _ = run(capsys, "standings", str(EXAMPLE), "-t", "PTS,BH", "-f", "csv", "--no-lots")
    # by default the player columns the file has: no. 2 Davis is a CM (so a title column), federations, ratings
    # (no. 7: AUS, 1534 in the TRF's player record), in the order arbiters read on chess-results: the title before the
    # name, the federation and rating after it, then the points and the list
    assert out.splitlines()[0] == "rank,start_no,title,name,fed,rating,points,PTS,BH,place"
    assert out.splitlines()[1].startswith('1,7,,"Nguyen,Anh Kiet",AUS,1534,6,')
    code, out, _ = run(capsys, "standings", str(EXAMPLE), "-t", "PTS,BH", "-f", "csv", "--no-lots", "--columns", "none")
    assert out.splitlines()[0] == "rank,start_no,name,points,PTS,BH,place"
    code, out, err = run(capsys, "standings", str(EXAMPLE), "-t", "PTS,BH", "--no-lots")
    assert "Nguyen,Anh Kiet" in out and "note: rules fide-2024 chosen by start date 2025-06-10" in err


@pytest.mark.parametrize("args, message", [
    (["-t", "PTS,XYZ"], "unknown tie-break 'XYZ'"),
    (["-t", "BH/Q"], "unknown modifier 'Q'"),
    (["-t", "WIN/C1"], "modifier 'C1' is not allowed with WIN"),
    (["--after-round", "9"], "outside 0..7"),
])
def test_bad_requests_are_clear_errors(capsys, args, message):
    code, out, err = run(capsys, "standings", str(EXAMPLE), *args)
    assert code == 2 and message in err and "Traceback" not in err


def test_unknown_code_lists_the_valid_ones(capsys):
    _, _, err = run(capsys, "standings", str(EXAMPLE), "-t", "XYZ")
    assert "valid codes:" in err and "BH" in err and "SB" in err


def test_bad_files(capsys, tmp_path):
    code, _, err = run(capsys, "standings", str(tmp_path / "missing.trf"))
    assert code == 2 and "missing.trf" in err and "cannot read" in err
    bad = tmp_path / "bad.trf"
    lines = EXAMPLE.read_text().splitlines()
    lines[12] = lines[12][:96] + "q" + lines[12][97:]  # column 97: round 1 colour
    bad.write_text("\n".join(lines))
    code, _, err = run(capsys, "standings", str(bad))
    assert code == 2 and "bad.trf, line 13, column 97 (round 1 colour)" in err


def test_console_script_runs():
    exe = Path(sys.executable).with_name("tiebreak")
    out = subprocess.run([str(exe), "standings", str(EXAMPLE), "--no-lots", "-f", "csv"], capture_output=True, text=True,
                         check=True).stdout
    assert out.count("\n") == 33


def test_presets(capsys):
    code, out, _ = run(capsys, "presets")
    assert code == 0 and "uscf" in out and "fide-swiss-rated" in out and "13.15" in out
    doc = json.loads(run(capsys, "standings", str(EXAMPLE), "--preset", "uscf", "-f", "json", "--no-lots")[1])
    assert doc["tiebreaks"] == ["PTS", "US-MM", "US-SOLK", "US-CUM", "US-COPP"] and doc["tournament"]["rules"] == "uscf"
    code, _, err = run(capsys, "standings", str(EXAMPLE), "--preset", "fide-team-swiss")
    assert code == 2 and "is for team events" in err
    code, _, err = run(capsys, "standings", str(EXAMPLE), "--preset", "nope")
    assert code == 2 and "unknown preset" in err


def test_list_has_every_family(capsys):
    code, out, _ = run(capsys, "list")
    for code_ in ("BH", "US-MM", "RU-DVOR", "L-SBH"):
        assert f"\n{code_} " in out
    assert "34E1" in out and "13.14.2" in out


def test_team_event_standings(capsys):
    path = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"
    code, out, err = run(capsys, "standings", str(path), "-t", "MP,GP,EGGSB,BH:MP", "-f", "json", "--no-lots")
    doc = json.loads(out)
    assert code == 0 and doc["tournament"]["teams"] is True and doc["tournament"]["boards"] == 6
    first = doc["standings"][0]
    assert (first["start_no"], first["name"], first["values"]["MP"], first["values"]["EGGSB"]) == (3, "ΟΑΑΗ", 11, 547.75)
    assert "warning:" in err and "points column" in err
    code, out, _ = run(capsys, "standings", str(path), "-t", "MP,GP", "--no-lots")
    assert "Crosstable:" in out and "the opposing team placed 3rd" in out  # the match crosstable, by place
    code, out, _ = run(capsys, "standings", str(path), "--players", "-t", "PTS", "-f", "csv", "--no-lots")
    assert out.count("\n") == 130


def test_explain_a_player_and_a_pair(capsys):
    code, out, _ = run(capsys, "explain", str(EXAMPLE), "--player", "9", "--tiebreaks", "PTS,BH/C1", "--rules",
                       "fide-2026", "--no-lots")
    assert code == 0 and "BH/C1 = 25   Buchholz, Cut-1 [C.07 8.1]" in out
    # R4 forfeit win against no. 1: dummy capped at no. 1's adjusted score (Art. 16.4.1, 2026); R2 (2) is cut
    # the columns of every face: round, result, opponent (name and number), contribution, how counted
    rows = {line.split()[0]: " ".join(line.split()) for line in out[out.index("BH/C1 = "):].splitlines()[1:9]}
    assert rows["Round"] == "Round Result Opponent Contribution How counted"
    assert rows["4"].startswith("4 forfeit win Hogg,Dean (1) 2.5 unplayed round: dummy opponent")
    assert rows["2"].startswith("2 win Ruaya,Rohan (25) 2 (cut) game (opponent's score")
    code, out, _ = run(capsys, "explain", str(EXAMPLE), "--players", "7", "9", "--tiebreaks", "PTS,BH/C1,SB",
                       "--no-lots")
    assert "first separated by BH/C1 [C.07 8.1]: 30 against 28.5" in out
    # each player named as one player's explanation names him: "Name (no. N)"
    assert out.startswith("Nguyen,Anh Kiet (no. 7): place 1; ")
    code, out, _ = run(capsys, "explain", str(EXAMPLE), "--player", "9", "--tiebreaks", "PTS,ARO", "--no-lots")
    assert "unrated players" in out


def test_json_details_add_up(capsys):
    doc = json.loads(run(capsys, "standings", str(EXAMPLE), "-t", "PTS,BH/C1,SB", "-f", "json", "--details",
                         "--no-lots")[1])
    for row in doc["standings"]:
        for spec in ("BH/C1", "SB"):
            kept = sum(r["value"] for r in row["details"][spec]["rounds"] if not r["cut"])
            assert abs(kept - row["values"][spec]) < 1e-9


def test_pgn_in_and_convert(capsys, tmp_path):
    pgn_path = CORPUS / "scalachess-tiebreak" / "uzchesscup.pgn"
    doc = json.loads(run(capsys, "standings", str(pgn_path), "-t", "PTS,SB", "-f", "json", "--no-lots")[1])
    assert doc["tournament"]["system"] == "round robin" and doc["standings"][0]["values"] == {"PTS": 5.5, "SB": 25.25}
    target = tmp_path / "uz.trf"
    code, _, err = run(capsys, "convert", str(pgn_path), str(target))
    assert code == 0 and "10 players, 9 rounds" in err
    again = json.loads(run(capsys, "standings", str(target), "-t", "PTS,SB", "-f", "json", "--no-lots")[1])
    assert [r["values"] for r in again["standings"]] == [r["values"] for r in doc["standings"]]
    code, _, err = run(capsys, "convert", str(pgn_path), str(tmp_path / "x.docx"))
    assert code == 2 and "cannot write .docx" in err


def test_text_in_ukrainian_and_russian_has_no_english_headings(capsys):
    for lang, words in (("uk", ["Місце", "Учасник", "після 7-го туру з 7", "Бухгольц, скорочення-1"]),
                        ("ru", ["Место", "Участник", "после 7-го тура из 7", "Коэффициент Бухгольца, усечение-1"])):
        out = run(capsys, "standings", str(EXAMPLE), "-t", "PTS,BH/C1,SB", "--lang", lang, "--no-lots")[1]
        assert all(w in out for w in words), lang
        head = "\n".join(out.splitlines()[:4])
        assert not any(w in head for w in ("Name", "after round", "Pts", "rules"))


def test_trf_written_back_with_ranks(capsys, tmp_path):
    out = run(capsys, "standings", str(EXAMPLE), "-t", "PTS,BH/C1,SB", "-f", "trf", "--no-lots")[1]
    assert "212 PTS,BH/C1,SB" in out
    path = tmp_path / "ranked.trf"
    path.write_text(out)
    from tiebreak.formats import trf as trf_module
    t = trf_module.load(path)
    assert t.player(7).declared_rank == 1 and t.player(9).declared_rank == 2 and t.declared_tiebreaks_complete


def test_html_page_is_self_contained_and_escaped(capsys, tmp_path):
    text = EXAMPLE.read_text().replace("Nguyen,Anh Kiet                  ", "<script>alert(1)</script>       ")
    path = tmp_path / "x.trf"
    path.write_text(text)
    out = run(capsys, "standings", str(path), "-t", "PTS,BH/C1", "-f", "html", "--no-lots")[1]
    assert "<script>" not in out and "&lt;script&gt;alert(1)&lt;/script&gt;" in out
    assert "http" not in out and "<table id=\"standings\"" in out and "Buchholz, Cut-1 (C.07 8.1)" in out


def test_batch_goes_on_after_a_bad_file(capsys, tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text("not a tournament\n")
    good = CORPUS / "hobsons-bay-vega" / "rapid12024" / "tournament.trf"
    code, _, err = run(capsys, "standings", str(bad), str(EXAMPLE), str(good), "--out", str(tmp_path / "out"),
                       "-f", "csv", "--no-lots")
    assert code == 1 and "[1/3]" in err and "FAILED" in err and "2 of 3 files done" in err
    assert "bad.trf: no player records" in err
    made = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert made == ["hobsons-bay-cup-2025.csv", "tournament.csv"]


def test_berger_command(capsys):
    code, out, _ = run(capsys, "berger", "5", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["rounds"][1] == {"round": 2, "pairings": [[5, 3], [1, 2]], "bye": 4}
    assert run(capsys, "berger", "4")[1].splitlines()[0] == "Round 1: 1-4, 2-3"
    with pytest.raises(SystemExit) as stopped:  # refused as argparse refuses, where the option is declared
        run(capsys, "berger", "1")
    assert stopped.value.code == 2 and "argument players: '1' is outside 2..9999" in capsys.readouterr().err


def test_varma_command(capsys, tmp_path):
    path = tmp_path / "players.csv"
    path.write_text("Name,Fed\n" + "\n".join(f"Player {i},{'NOR' if i < 4 else f'X{i}'}" for i in range(12)) + "\n")
    code, out, _ = run(capsys, "varma", str(path), "--seed", "3", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and sorted(doc["numbers"].values()) == list(range(1, 13)) and doc["conflicts"] == []
    assert run(capsys, "varma", str(path), "--seed", "3", "--format", "json")[1] == out
    path.write_text("Only one\n")
    code, _, err = run(capsys, "varma", str(path), "--seed", "1")
    assert code == 2 and "line 1" in err


def test_ratings_command(capsys):
    pgn_path = CORPUS / "scalachess-tiebreak" / "uzchesscup.pgn"
    code, out, _ = run(capsys, "ratings", str(pgn_path), "--system", "fide")
    lines = out.splitlines()  # the system, its rule and source, what a rated game is, a blank line, the table
    assert code == 0 and lines[4].split()[-3:] == ["Change", "Rounded", "Perf"] and len(lines) == 5 + 10
    code, out, _ = run(capsys, "ratings", str(pgn_path), "--system", "harkness")
    assert code == 0 and "Harkness" in out and len(out.splitlines()) == 5 + 10


def test_playoffs_and_prizes_commands(capsys, tmp_path):
    code, out, _ = run(capsys, "playoffs", str(EXAMPLE), "--tiebreaks", "PTS,BH/C1", "--no-lots")
    # the two on 6 points, named as the file's 001 records and the standings name them
    assert code == 0 and out.startswith("places 1-2: players Nguyen,Anh Kiet (7); Wongso,Renaldo (9) — mini-match")
    prizes = tmp_path / "prizes.csv"
    prizes.write_text("kind,place,amount\nplace,1,300\nplace,2,200\nplace,3,100\n")
    code, out, _ = run(capsys, "prizes", str(EXAMPLE), "--prizes", str(prizes), "--tiebreaks", "PTS,BH/C1", "--no-lots")
    lines = out.splitlines()[2:]  # under the table's heading
    assert code == 0 and lines[0].split()[-1] == lines[1].split()[-1] == "250.00" and lines[2].split()[-1] == "100.00"
    prizes.write_text("place,first,300\n")
    code, _, err = run(capsys, "prizes", str(EXAMPLE), "--prizes", str(prizes))
    assert code == 2 and "prizes.csv, line 1" in err


def test_cumulative_half_point_bye_option(capsys):
    """Issue 13.6f: player 5 of the example (1, =, 1, half-point bye, 1, 0, 1) has running scores 1, 1½, 2½, 3, 4, 4, 5
    = 21; seed 002 (uscf, the default) deducts nothing for the half-point bye, seed 004's rule ½: 20½."""
    values = {}
    for extra in ([], ["--cumulative-half-bye", "keep"], ["--cumulative-half-bye", "deduct"]):
        code, out, _ = run(capsys, "standings", str(EXAMPLE), "-t", "PTS,US-CUM", "-f", "json", "--no-lots", *extra)
        assert code == 0
        row = next(r for r in json.loads(out)["standings"] if r["start_no"] == 5)
        values[" ".join(extra)] = row["values"]["US-CUM"]
    assert values == {"": 21, "--cumulative-half-bye keep": 21, "--cumulative-half-bye deduct": 20.5}


def test_an_output_name_that_does_not_say_the_format_is_refused(tmp_path, capsys):
    """`-o standings.docx` would have been the text table under a Word name: refused, nothing written; a name
    without an extension is text, and --format decides for any name."""
    target = tmp_path / "standings.docx"
    assert main(["standings", str(EXAMPLE), "-o", str(target)]) == 2
    assert not target.exists() and "--format" in capsys.readouterr().err
    assert main(["standings", str(EXAMPLE), "-o", str(target), "--format", "csv", "--seed", "1"]) == 0
    assert target.read_text(encoding="utf-8").startswith("rank,")
    assert main(["standings", str(EXAMPLE), "-o", str(tmp_path / "standings"), "--seed", "1"]) == 0
    assert (tmp_path / "standings").read_text(encoding="utf-8").startswith("2025 Hobsons Bay Cup")
