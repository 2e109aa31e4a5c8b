"""A game's board number is one on every face (eyes33c's finding 3): the website draws the remaining ties by lot, the
live screen shares them, and both number the boards of a round by FIDE's sort of a published Swiss pairing — the
higher player's score, the sum of both scores, then the higher player's rank in the pairing order (score, then
pairing number: Dutch system C.04.3 A.2; C.04.1 F.1), which neither a tie-break nor a lot changes."""

from __future__ import annotations

import re

import pytest
from sources import CORPUS, needs

from tiebreak.engine.model import Kind, Player, Tournament
from tiebreak.engine.standings import compute_standings
from tiebreak.views.pairings import pairings

#: a real Swiss whose standings draw 16 players by lot (MANIFEST: sharly-chess/sce-converted, 124 players, 5 rounds)
COLLEGE = CORPUS / "sharly-chess" / "sce-converted" / "championnat_scolaire_35_college_2026__t1-college-35-2026.trf"


def _two_rounds() -> Tournament:
    """Eight players; round 1: Nos. 1-4 beat Nos. 5-8 (No. 4 beats the 2400, the others beat 1000s), round 2: 4 – 3
    and 2 – 1."""
    ratings = {1: 1800, 2: 1700, 3: 1600, 4: 1500, 5: 1000, 6: 1000, 7: 1000, 8: 2400}
    t = Tournament.build([Player(n, f"P{n}", rating=r) for n, r in ratings.items()], 2)
    for w, b in [(1, 5), (2, 6), (3, 7), (4, 8)]:
        t.set_game(1, w, b, Kind.WIN)
    t.set_game(2, 4, 3, Kind.DRAW)
    t.set_game(2, 2, 1, Kind.DRAW)
    return t


@pytest.mark.parametrize("lots", [True, False])
def test_a_tie_break_does_not_move_a_board(lots):
    """After round 1 the standings by ARO put No. 4 (who beat the 2400) first; the pairing order does not: both pairs
    of round 2 are 1 + 1, the higher players are No. 2's opponent No. 1 and No. 4's opponent No. 3, so by hand the
    pair of No. 1 is board 1 and the pair of No. 3 board 2, with lots or without."""
    t = _two_rounds()
    before = compute_standings(t, "ARO", after_round=1, lots=lots)
    assert before.rows[0].start_no == 4  # the tie-break's order is not the pairing order
    rd = pairings(t, 2, before)
    assert [(g.board, g.white, g.black) for g in rd.games] == [(1, 2, 1), (2, 4, 3)]


def _site_boards(page: str) -> list[tuple[str, str, str]]:
    """(board, White's number, Black's number) of every game row of a round page, read from its HTML."""
    rows = re.findall(r"<tr\b[^>]*>(.*?)</tr>", page.split("<tbody>", 1)[1].split("</tbody>", 1)[0], re.S)
    cells = [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td\b[^>]*>(.*?)</td>", r, re.S)] for r in rows]
    return [(c[0], c[1], c[-1]) for c in cells if len(c) > 4]


@needs(COLLEGE)
def test_the_site_and_the_live_screen_number_the_boards_alike(tmp_path):
    """Every round of a real event whose places the site draws by lot and the live screen shares: the same board
    for every game on the site's round pages and in the live API's pairings."""
    from tiebreak.cli import main
    from tiebreak.formats import trf
    from tiebreak.live.grid import pairings as live_pairings

    main(["site", str(COLLEGE), "-o", str(tmp_path / "site")])
    t = trf.load(COLLEGE)
    for k in range(1, t.rounds + 1):
        before = compute_standings(t, None, after_round=k - 1, lots=False) if k > 1 else None
        live = [(str(g["board"]), str(g["white"]), str(g["black"])) for g in live_pairings(t, k, before) if g["board"]]
        site = _site_boards((tmp_path / "site" / "en" / f"round-{k}.html").read_text(encoding="utf-8"))
        assert site == live, k
