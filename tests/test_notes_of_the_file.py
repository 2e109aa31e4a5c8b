"""What the notes say of the file: a TRF's settings by their record (092, 202/212), another format's as the file's
settings (a Chess-JSON file has no record 092), and the rules of a file without a start date chosen without the
clock (the newest edition: the same answer on any day)."""

from __future__ import annotations

import json

from sources import ROOT

from tiebreak.cli import main

TRF = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
CHESS_JSON = ROOT / "tests" / "data" / "chessjson" / "hobsons-bay-cup-2025.ref.json"


def _notes(capsys, path, *more):
    assert main(["standings", str(path), "--format", "json", *more]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_trf_file_names_its_record(capsys):
    line = next(x for x in TRF.read_text().splitlines() if x.startswith("092 "))
    out = _notes(capsys, TRF)
    assert f"swiss (record 092 '{line[4:].strip()}')" in out["notes"]


def test_a_chess_json_file_names_its_settings_not_a_trf_record(capsys):
    doc = json.loads(CHESS_JSON.read_text())
    system = doc["event"]["tournaments"][0]["tournamentType"]
    out = _notes(capsys, CHESS_JSON)
    assert system and f"swiss (the file's pairing system '{system}')" in out["notes"]
    assert "tie-breaks from the file's settings" in out["notes"]
    assert not any("record" in n for n in out["notes"])
    out = _notes(capsys, CHESS_JSON, "--lang", "uk")
    assert "додаткові показники з налаштувань файлу" in out["notes"]  # as the text says it; said keeps the identifier
    assert {"id": "tie-breaks from the file's settings", "values": []} in out["said"]["notes"]


def test_a_file_without_a_start_date_is_ranked_by_the_newest_rules(capsys):
    # the file's startDate "2010-06-2025" is no date: the rules are the newest edition, whatever today is
    out = _notes(capsys, CHESS_JSON)
    assert out["tournament"]["rules"] == "fide-2026"
    assert any(n.startswith("rules fide-2026, the newest edition (the file has no start date)") for n in out["notes"])
