"""Live odds (issues 28, 29 and 38): after a result comes in, the live odds cover exactly the games still unplayed, as
`tiebreak odds` on the same file says; the live document holds every place each can still reach (the top 10 in an
event of more than 64, for those who can reach them).

The event is the bundled 2025 Hobsons Bay Cup with five round-7 games taken out (as tests/test_live.py has it),
then the result of one of them (3-7, 1-0) written back: four games are left, 3**4 = 81 outcomes.
"""

from __future__ import annotations

import json
import time
from fractions import Fraction
from pathlib import Path

import pytest

from tiebreak.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
TAKEN_OUT = [2, 9, 3, 7, 4, 19, 5, 6, 14, 18]  # the players of the five round-7 games
ROUND7 = 91 + 60  # 0-based column of the round-7 block


def _blanked(players: list[int]) -> str:
    lines = []
    for line in EXAMPLE.read_text().split("\n"):
        if line.startswith("001") and int(line[4:8]) in players:
            line = line[:ROUND7 + 7] + " " + line[ROUND7 + 8:]
        lines.append(line)
    return "\n".join(lines)


def _cli_odds(path: Path, capsys) -> dict:
    assert main(["odds", str(path), "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def _odds_of(event, version: int) -> dict:
    deadline = time.monotonic() + 60
    while event.version != version or event.document is None or event.document["odds"] is None:
        assert time.monotonic() < deadline, "no odds within 60 s"
        time.sleep(0.05)
    return event.document["odds"]


def test_after_a_result_comes_in_the_live_odds_cover_the_games_left_as_tiebreak_odds(tmp_path, capsys):
    from tiebreak.live.event import LiveEvent

    path = tmp_path / "open.trf"
    path.write_text(_blanked(TAKEN_OUT))
    event = LiveEvent("open.trf", path)
    event.update()
    before = _odds_of(event, 1)
    assert before["games"] == 5 and before["outcomes"] == 3 ** 5
    # 3-7 is entered (1-0, as the published file has it)
    path.write_text(_blanked([n for n in TAKEN_OUT if n not in (3, 7)]))
    event.update()
    assert event.document["live"]["pending"] == 4
    live = _odds_of(event, 2)
    cli = _cli_odds(path, capsys)
    assert live["games"] == len(cli["games"]) == 4 and live["outcomes"] == cli["outcomes"] == 81
    # the same chances, player by player (the command line's exact fractions); the live document lists every
    # player (64 or fewer: every place kept) with every place he can still reach
    exact = {p["start_no"]: [Fraction(x) for x in p["places_exact"]] for p in cli["players"]}
    assert {p["start_no"] for p in live["players"]} == set(exact)
    for p in live["players"]:
        assert p["places"] == pytest.approx([float(x) for x in exact[p["start_no"]][p["best"] - 1:p["worst"]]],
                                            abs=1e-12)
        assert p["top"] == pytest.approx(float(sum(exact[p["start_no"]][:3])), abs=1e-12)
    # no. 3 beat no. 7: a player whose place is settled has the same chance everywhere (0 or 1 for a settled top 3)
    settled = {r["start_no"] for r in json.loads(event.text)["standings"] if r.get("settled")}
    for p in live["players"]:
        if p["start_no"] in settled:
            assert p["top"] in (0.0, 1.0)


def test_the_live_document_holds_the_top_places_of_those_who_can_reach_them():
    """A Swiss of 80 players (more than 64: the top 10 places only), 40 games of round 2 pending: every player
    listed can reach the top 10 and has the chances of the places he can reach among them; the others are not
    listed."""
    from tiebreak.engine.model import Kind, Player, Tournament
    from tiebreak.live.odds import live_odds
    from tiebreak.live.pending import as_it_stands, blocks_of

    n = 80
    t = Tournament.build([Player(i, f"P{i}") for i in range(1, n + 1)], 3, type_text="Swiss")
    for k in range(1, n // 2 + 1):
        t.set_game(1, k, k + n // 2, Kind.WIN)
    live = as_it_stands(t, blocks_of([(2, k, n + 1 - k) for k in range(1, n // 2 + 1)]))
    odds = live_odds(live.tournament, None, seed=1)
    assert odds["method"] == "simulation" and odds["participants"] == n and odds["games"] == n // 2
    assert 0 < len(odds["players"]) < n and odds["margin"] is not None
    assert odds["depth"] == 10 and all(1 <= p["best"] <= 10 and p["places"] for p in odds["players"])
    assert all(len(p["places"]) == min(p["worst"], 10) - p["best"] + 1 for p in odds["players"])
    for place in range(1, 11):
        assert sum(p["places"][place - p["best"]] for p in odds["players"]
                   if p["best"] <= place <= min(p["worst"], 10)) == pytest.approx(1)


def test_a_job_no_longer_wanted_stops_between_batches(monkeypatch):
    """The live odds of a replaced version are cancelled by the newer version's job (a flag the worker process
    shares): the work stops at its next batch and answers nothing."""
    from tiebreak.arbiter.odds import compute_odds
    from tiebreak.arbiter.odds.budget import Budget, Cancelled
    from tiebreak.engine.model import Kind, Player, Tournament
    from tiebreak.live import odds as live
    from tiebreak.live.pending import as_it_stands, blocks_of

    n = 80
    t = Tournament.build([Player(i, f"P{i}") for i in range(1, n + 1)], 3, type_text="Swiss")
    for k in range(1, n // 2 + 1):
        t.set_game(1, k, k + n // 2, Kind.WIN)
    t.pending = [(2, k, n + 1 - k) for k in range(1, n // 2 + 1)]
    asked = []
    with pytest.raises(Cancelled):
        compute_odds(t, "PTS,BH", simulations=10_000, budget=Budget(stop=lambda: asked.append(1) or True))
    assert len(asked) == 1  # after the first batch
    stands = as_it_stands(t, blocks_of(t.pending)).tournament
    flags = [0] * live.SLOTS
    monkeypatch.setattr(live, "_CANCEL", flags)
    assert live.live_odds(stands, None, seed=1, job=7) is not None
    flags[7] = 1
    assert live.live_odds(stands, None, seed=1, job=7) is None  # stopped by the flag (no clock stops it)


def test_the_live_odds_note_groups_its_count_as_the_language_does(tmp_path):
    """Eight round-7 games taken out (3**8 = 6,561 outcomes: simulated); the live screen's note says the number of
    outcomes drawn with its thousands as the language groups them (Babel's CLDR grouping, with a narrow no-break
    space): ``1,847`` in English and ``1 847`` in Russian and Ukrainian, as the command line's and the site's odds say
    it (before, the live screen wrote ``1847`` in every language)."""
    babel = pytest.importorskip("babel.numbers")
    from tiebreak.live.event import LiveEvent
    from tiebreak.render.live_tables import live_parts

    path = tmp_path / "open.trf"
    path.write_text(_blanked([*TAKEN_OUT, 15, 26, 16, 17, 12, 31]))
    event = LiveEvent("open.trf", path)
    event.update()
    odds = _odds_of(event, 1)
    assert (odds["games"], odds["method"]) == (8, "simulation") and 1000 <= odds["outcomes"] < 3 ** 8
    doc = json.loads(event.text)
    for lang in ("en", "ru", "uk"):
        count = babel.format_decimal(odds["outcomes"], locale=lang).replace("\xa0", "\u202f")
        assert count in live_parts(doc, event.crosstable(), lang)["odds"], lang
