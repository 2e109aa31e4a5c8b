"""Papi files (issue 27), read with mdbtools.  The real files are the Sharly Chess repository's
``tests/unit/recover/*/papi/*.papi`` (AGPL-3.0: not bundled into this MIT package); the tests read them from the folder
``TIEBREAK_PAPI_DIR`` names, or ``../shared/corpus/sharly-chess/papi``, and skip when neither is there.  What they
check comes from the files themselves: Papi's own round counter (``INFO.RondeActive``, the rounds played) and the two
sides of every game, which Papi stores on each player's row independently."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from sources import CORPUS

from tiebreak.engine.errors import InputError
from tiebreak.engine.model import MIRROR, Kind
from tiebreak.formats import papi, readers

FOLDER = Path(os.environ.get("TIEBREAK_PAPI_DIR") or CORPUS / "sharly-chess" / "papi")
FILES = sorted(FOLDER.glob("*.papi")) if FOLDER.is_dir() else []
pytestmark = pytest.mark.skipif(shutil.which("mdb-export") is None, reason="needs mdbtools (mdb-export)")


# the files are not bundled (AGPL): without them, one case skipped with the reason (an empty list fails at collection)
@pytest.mark.parametrize("path", FILES or [pytest.param(None, id="no-papi-files", marks=pytest.mark.skip(
    reason=f"no Papi files in {FOLDER} (set TIEBREAK_PAPI_DIR)"))], ids=lambda p: p.stem)
def test_papi_files_read_with_both_sides_of_every_game(path):
    t = readers.load(path, [])
    info = {r["Variable"]: r["Value"] for r in papi.export(path, "INFO")}
    assert t.rounds == int(info["NbrRondes"])
    if int(info["RondeActive"] or 0):  # 0 in files another program wrote (Sharly's export test file)
        assert t.rounds_with_results == int(info["RondeActive"])
    for i, r in zip(*(t.opponent >= 0).nonzero()):
        o = int(t.opponent[i, r])
        assert int(t.opponent[o, r]) == i and t.colour[o, r] == -t.colour[i, r]
        assert Kind(int(t.kind[o, r])) is MIRROR[Kind(int(t.kind[i, r]))]
    assert "EXEMPT" not in {p.name for p in t.players}


@pytest.mark.skipif(not (FOLDER / "bre-jeunes-2024-open-a.papi").is_file(), reason=f"no bre-jeunes-2024 in {FOLDER}")
def test_the_tiebreaks_papi_configured():
    # INFO: Dep1 Brésilien (Buchholz cut 1), Dep2 Solkoff (Buchholz), Dep3 Performance
    warnings = []
    t = readers.load(FOLDER / "bre-jeunes-2024-open-a.papi", warnings)
    assert t.declared_tiebreaks == ["BH/C1", "BH", "TPR"]
    assert any("Papi" in w.message for w in warnings)


def test_a_file_that_is_not_access(tmp_path):
    path = tmp_path / "x.papi"
    path.write_bytes(b"not an access database\n" * 10)
    with pytest.raises(InputError, match="Papi") as e:
        readers.load(path, [])
    assert "x.papi" in str(e.value)


@pytest.mark.parametrize("path", FILES or [pytest.param(None, id="no-papi-files", marks=pytest.mark.skip(
    reason=f"no Papi files in {FOLDER} (set TIEBREAK_PAPI_DIR)"))], ids=lambda p: p.stem)
def test_the_french_licence_number_is_the_national_id(path):
    """JOUEUR.NrFFE, the French federation's licence number, is each player's national id (Sharly Chess keeps the
    same number in its FFE plugin's data), so a series matches the players of Papi and Sharly events by it."""
    t = readers.load(path, [])
    rows = {int(r["Ref"]): (r.get("NrFFE") or "").strip() for r in papi.export(path, "JOUEUR")
            if (r.get("Nom") or "").strip().upper() != "EXEMPT"}
    assert {p.start_no: p.national_id for p in t.players} == rows
