"""Published Vega standings of the Hobsons Bay Chess Club (../shared/corpus/hobsons-bay-vega, EXPECTED.md §1).

For every event without unplayed rounds the published values must be reproduced (Vega prints one or two decimals and
rounds quarter points inconsistently, hence the 0.05 tolerance of EXPECTED.md) and so must the published order.
Events with unplayed rounds follow another convention in Vega (EXPECTED.md §1); docs/known-differences.md says which
of our rule sets reproduces them and how often.
"""

from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path

import pytest
from sources import CORPUS

from tiebreak import Kind, compute_standings
from tiebreak.formats import trf

VEGA = CORPUS / "hobsons-bay-vega"
VEGA_NAMES = {"BH": "BH", "BH-C1": "BH/C1", "BH/C1": "BH/C1", "SB": "SB", "SB/C1": "SB/C1", "DE": "DE",
              "DirE": "DE", "KS": "KS", "ARO": "ARO", "WIN": "WIN", "BPG": "BPG", "BWG": "BWG"}
# Vega printed KS 0.00 for every player of this double round robin although four players scored at least 50 %
# against qualifying opponents (e.g. no. 6: 13/14); the reference checker gives 4 of 8 equal. Not a value to match.
KNOWN = {("bobgrievesjuniorblitzcup2024open", "KS")}


def events():
    return sorted(p for p in VEGA.iterdir() if (p / "expected.csv").exists() and (p / "tournament.trf").exists())


def read_expected(folder: Path):
    with open(folder / "expected.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    columns = [c for c in rows[0] if c in VEGA_NAMES]
    return rows, columns


def without_unplayed(t, rounds: int, round_robin: bool) -> bool:
    kinds = t.kind[:, :rounds]
    unplayed = (kinds > Kind.UNKNOWN)
    if round_robin and len(t.players) % 2:
        unplayed &= kinds != Kind.ABSENT  # the rest round of an odd round robin is not a forfeit or bye
    return not unplayed.any()


def standings_for(folder: Path):
    t = trf.load(folder / "tournament.trf")
    rows, columns = read_expected(folder)
    specs = ["PTS"] + [VEGA_NAMES[c] for c in columns]
    s = compute_standings(t, ",".join(dict.fromkeys(specs)), lots=False)
    return t, s, rows, columns


CLEAN = [f for f in events() if (lambda t_s: without_unplayed(t_s[0], t_s[1].after_round, t_s[1].system == "round robin"))(
    standings_for(f)[:2])]


def test_corpus_has_clean_events():
    assert len(CLEAN) == 8  # MANIFEST.md: the events with no forfeit, bye or absence


@pytest.mark.parametrize("folder", CLEAN, ids=lambda p: p.name)
def test_published_values_and_order(folder):
    t, s, rows, columns = standings_for(folder)
    bad = []
    for row in rows:
        sno = int(row["startno"])
        ours = s.row(sno)
        assert ours.points == Fraction(row["Pts"]), f"points of {sno}"
        for c in columns:
            spec = VEGA_NAMES[c]
            if spec == "DE" or not row[c].strip() or (folder.name, spec) in KNOWN:
                continue
            got = ours.values[spec]
            if got is None or abs(got - Fraction(row[c])) > Fraction(51, 1000):
                bad.append(f"#{sno} {c}: published {row[c]}, ours {got}")
    assert not bad, "; ".join(bad)
    rank = {r.start_no: r.rank for r in s.rows}
    published = [int(r["startno"]) for r in rows]
    inversions = [(a, b) for i, a in enumerate(published) for b in published[i + 1:] if rank[a] > rank[b]]
    assert not inversions, f"published order differs: {inversions[:5]}"


# Events with unplayed rounds whose published values one of our rule sets reproduces exactly (measured; the rest follow
# other conventions, see docs/known-differences.md).  Vega applied the 2024 text until about April 2026, the 2026 text
# (dummy caps, Art. 16.4.1/16.4.2) after.
EXACT_2024 = """2024hbcchobsonsbayreservechampionship 2025hbcchonourablebobjuniors 2025hobsonsbayaprilblitz
2025hobsonsbayaprilrapid 2025hobsonsbaycup 2025hobsonsbaycupjuniors 2025hobsonsbayfebruaryblitz 2025hobsonsbayjulyrapid
2025hobsonsbayjuniorsrapidchampionship 2025hobsonsbaykoshnitskycupjuniors 2025hobsonsbaypurdycup
2025hobsonsbayseptemberrapid 2025hobsonsbaywesternjuniors 2025hobsonsbaywesternmini-rookiesjuniors
2025hobsonsbaywesternminiandrookiesjuniors 2025hobsonsbaywesternswiss 2025westernjuniors 2026honourablebob
2026purdycupopen bestinthewest2024 blitz22024 hobsonsbaycupjuniors2024 koshnitskycup2024 koshnitskycupjuniors2024
petercaissarmemorialblitzjuniors2024 rapid22024 westernautumnjuniorchampionship2024 westernmastersjuniors2024
westernminorjuniors2024 westernswiss2024""".split()
EXACT_2026 = "2026koshnitskycuprookiesandjuniors 2026westernjuniorsrapid blitz12026 hobsonsbaycupopen rapid12026".split()


@pytest.mark.parametrize("name, rules", [(n, "fide-2024") for n in EXACT_2024] + [(n, "fide-2026") for n in EXACT_2026])
def test_published_values_with_unplayed_rounds(name, rules):
    folder = VEGA / name
    t = trf.load(folder / "tournament.trf")
    rows, columns = read_expected(folder)
    s = compute_standings(t, ",".join(dict.fromkeys(["PTS"] + [VEGA_NAMES[c] for c in columns])), rules=rules, lots=False)
    assert not without_unplayed(t, s.after_round, s.system == "round robin")
    bad = []
    for row in rows:
        for c in columns:
            spec = VEGA_NAMES[c]
            if spec == "DE" or not (row[c] or "").strip():
                continue
            got = s.row(int(row["startno"])).values[spec]
            if got is None or abs(got - Fraction(row[c])) > Fraction(51, 1000):
                bad.append(f"#{row['startno']} {c}: published {row[c]}, ours {got}")
    assert not bad, bad[:5]
