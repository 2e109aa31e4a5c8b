"""The JSON output's shape is published as a versioned JSON Schema (``tiebreak/render/schema/standings-1.json``,
issue 15): every JSON document the command line writes for the bundled event, the generated team events and the
corpus (every TRF, ``../shared/corpus``) validates against it, whatever options shape it (details, player columns,
categories, team ranking, team events)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sources import CORPUS

jsonschema = pytest.importorskip("jsonschema")

from tiebreak.cli import main  # noqa: E402
from tiebreak.render.output import JSON_SCHEMA_VERSION, json_schema  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
VALIDATOR = jsonschema.Draft202012Validator(json_schema())


def _errors(doc) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in VALIDATOR.iter_errors(doc)]


def test_the_schema_is_a_valid_json_schema_of_this_version():
    jsonschema.Draft202012Validator.check_schema(json_schema())
    assert json_schema()["properties"]["schema"]["const"] == JSON_SCHEMA_VERSION


@pytest.mark.parametrize("options", [
    [], ["--details"], ["--columns", "title,fed,rating,club,sex,birth,perf,change"], ["--no-lots"],
    ["--category", "rating<900", "--category", "unrated", "--team-ranking", "federation", "--team-tiebreaks", "TC,CUM"],
    ["-t", "PTS,BH/C1,ARO,TPR,DE,KS", "--rules", "fide-2026"],
])
def test_the_bundled_events_json_validates(options, capsys):
    assert main(["standings", str(EXAMPLE), "-f", "json", "--seed", "1", *options]) == 0
    assert _errors(json.loads(capsys.readouterr().out)) == []


def test_a_team_events_json_validates(tmp_path):
    files = sorted((ROOT / "tests" / "data" / "generated-team").glob("*.trf"))
    assert main(["standings", *map(str, files), "-f", "json", "--out", str(tmp_path)]) == 0
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(tmp_path.glob("*.json"))]
    assert len(docs) == len(files) and all(d["tournament"].get("teams") for d in docs)
    assert [e for d in docs for e in _errors(d)] == []


def test_the_corpus_json_validates(tmp_path):
    files = sorted(CORPUS.rglob("*.trf"))
    main(["standings", *map(str, files), "-f", "json", "--out", str(tmp_path)])  # a file the readers refuse is
    written = sorted(tmp_path.glob("*.json"))  # reported and skipped; every one written must validate
    assert len(written) >= len(files) * 0.8, f"only {len(written)} of {len(files)} corpus events were computed"
    bad = {p.name: _errors(json.loads(p.read_text(encoding="utf-8")))[:3] for p in written}
    assert {k: v for k, v in bad.items() if v} == {}
