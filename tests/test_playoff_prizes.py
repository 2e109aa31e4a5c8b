"""Play-offs (Arbiters' Manual 13.2) and prizes (13.2.6, USCF seed 002, Hort) on hand-made standings."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tiebreak import Kind, Player, Tournament, compute_standings
from tiebreak.arbiter.playoff import plan_playoffs
from tiebreak.arbiter.prizes import Prize, allocate
from tiebreak.render.i18n import message
from tiebreak.render.tools import playoff_lines


def tied(n_tied: int, others: int = 2):
    """``n_tied`` players on 1 point (full-point byes), then ``others`` players on 0 (zero-point byes): exact ties."""
    players = [Player(i, f"P{i}", 2000 - i) for i in range(1, n_tied + others + 1)]
    t = Tournament.build(players, 1, type_text="Swiss")
    for i in range(1, n_tied + 1):
        t.set_bye(1, i, Kind.FPB)
    for i in range(n_tied + 1, n_tied + others + 1):
        t.set_bye(1, i, Kind.ZPB)
    return compute_standings(t, "PTS,TPN", lots=False)


@pytest.mark.parametrize("n, fmt", [(2, "mini-match"), (3, "round robin"), (4, "knock-out")])
def test_formats_of_13_2_11(n, fmt):
    [g] = plan_playoffs(tied(n), places=1)
    assert (g.places, g.players, g.format) == ((1, n), list(range(1, n + 1)), fmt)
    assert any("30 minutes" in x for x in g.stages)
    if n == 2:
        assert any("sudden death" in x for x in g.stages)
    if n == 4:
        assert g.shared == ["the two semi-final losers share the prizes of places 3 and 4 equally (13.2.6)"]


def test_five_or_more_the_next_tiebreak_keeps_four():
    [g] = plan_playoffs(tied(6), places=1)
    assert g.players == [1, 2, 3, 4] and g.eliminated == [5, 6] and "TPN" in g.stages[0]


def test_only_the_places_asked_for():
    assert plan_playoffs(tied(2, others=1), places=[3]) == []  # place 3 is not shared
    [g] = plan_playoffs(tied(2), places=[3])  # the two players on 0 share places 3-4
    assert (g.places, g.players) == ((3, 4), [3, 4])


def test_cash_shared_equally_and_hort():
    """Three players tie for first: prizes 600/300/150 for places 1-3.  Shared: 350 each.  Hort: half by place
    (300/150/75 by the tie-break order) plus half of the pool shared (525 / 3 = 175): 475, 325, 250."""
    s = tied(3)
    prizes = [Prize("1st", F(600), 1), Prize("2nd", F(300), 2), Prize("3rd", F(150), 3), Prize("4th", F(60), 4)]
    shared = {a.start_no: a.amount for a in allocate(s, prizes).awards}
    assert shared == {1: 350, 2: 350, 3: 350, 4: 30, 5: 30}  # 4th place shared by the two players on 0
    hort = {a.start_no: a.amount for a in allocate(s, prizes[:3], method="hort").awards}
    assert hort == {1: 475, 2: 325, 3: 250}


def test_indivisible_prize_goes_by_tiebreak_and_categories_skip_prize_winners():
    s = tied(3)
    young = Prize("best rated under 1998", F(50), 1, "rating<1998", lambda p: (p.rating or 0) < 1998)
    awards = allocate(s, [Prize("cup", None, 1), young]).awards
    assert [(a.start_no, a.prize) for a in awards] == [(1, "cup"), (3, "best rated under 1998")]


def five_for_ninth(n_tied: int = 5, tiebreaks: str = "PTS,TPN", lots: bool = False):
    """Players 1-8 on 2 points (two full-point byes), ``n_tied`` players on 1 (a full-point and a zero-point bye), two
    players on 0: the tied players share places 9 to 8 + ``n_tied`` on points."""
    last = 8 + n_tied + 2
    t = Tournament.build([Player(i, f"P{i}", 2000 - i) for i in range(1, last + 1)], 2, type_text="Swiss")
    for i in range(1, last + 1):
        t.set_bye(1, i, Kind.FPB if i <= 8 + n_tied else Kind.ZPB)
        t.set_bye(2, i, Kind.FPB if i <= 8 else Kind.ZPB)
    return compute_standings(t, tiebreaks, lots=lots)


def test_five_tied_for_ninth_the_fifth_takes_thirteenth():
    """Five players (9-13) tie on 1 point for 9th: places 9, 10, 11, 12, 13 are theirs.  TPN (lower start number
    first) keeps 9, 10, 11, 12 in the play-off; No. 13 is out and takes the last of the five places, 13; the semi-final
    losers share 11 and 12 (13.2.6).  The old wording said '13 take places 13-13'.  Each is named as the standings
    name a player, ``Name (No)`` (the players are built as ``P<number>``), the names joined by semicolons."""
    [g] = plan_playoffs(five_for_ninth(), places=9)
    assert (g.places, g.players, g.eliminated) == ((9, 13), [9, 10, 11, 12], [13])
    assert g.stages[:2] == ["the next tie-break (TPN) keeps the top four", "P13 (13) is out and takes place 13"]
    assert g.shared == ["the two semi-final losers share the prizes of places 11 and 12 equally (13.2.6)"]
    assert [message(x, "ru") for x in playoff_lines(g, False)][:3] == [
        "места 9-13: участники P9 (9); P10 (10); P11 (11); P12 (12) — отбор четырёх, затем олимпийская система",
        "следующий дополнительный показатель (TPN) оставляет четырёх лучших", "P13 (13) выбывает и занимает место 13"]
    assert [message(x, "uk") for x in playoff_lines(g, False)][2] == "P13 (13) вибуває і посідає місце 13"


def test_seven_tied_for_ninth_three_take_thirteenth_to_fifteenth():
    """Seven tied on 1 point hold places 9-15; TPN keeps 9-12; 13, 14, 15 take 13, 14, 15 in that order."""
    [g] = plan_playoffs(five_for_ninth(7), places=[9])
    assert (g.places, g.eliminated) == ((9, 15), [13, 14, 15])
    assert g.stages[1] == "P13 (13); P14 (14); P15 (15) are out and take places 13-15 in this order"
    assert message(playoff_lines(g, False)[2], "uk") == ("P13 (13); P14 (14); P15 (15) вибувають і посідають місця "
                                                         "13-15 у цьому порядку")


def test_five_tied_on_everything_lots_decide_the_four():
    """Points alone and no lots: the five (9-13) are equal on every tie-break, so nobody is out yet and lots must
    decide who plays on (C.07 4.2); with lots drawn (seed 4) the drawn order keeps four and the fifth takes 13."""
    [g] = plan_playoffs(five_for_ninth(tiebreaks="PTS"), places=9)
    assert (g.players, g.eliminated) == ([9, 10, 11, 12, 13], [])
    assert g.stages[0] == ("the tie-breaks leave P9 (9); P10 (10); P11 (11); P12 (12); P13 (13) equal at the cut to "
                           "four; lots decide which of them play on (C.07 4.2)")
    s = five_for_ninth(tiebreaks="PTS", lots=True)
    s_order = [r.start_no for r in s.rows][8:13]
    [g] = plan_playoffs(s, places=9)
    assert g.players == s_order[:4] and g.eliminated == s_order[4:]
    assert g.stages[:2] == [f"the tie-breaks leave fourth and fifth equal; the lots drawn for the standings (seed "
                            f"{s.seed}) keep the top four", f"P{s_order[4]} ({s_order[4]}) is out and takes place 13"]


def test_five_tied_the_next_tiebreak_equal_a_later_one_cuts():
    """Nobody played a game, so BPG (games with Black) is 0 for all five: it leaves fourth and fifth equal and the
    tie-break after it (TPN) keeps 9-12."""
    [g] = plan_playoffs(five_for_ninth(tiebreaks="PTS,BPG,TPN"), places=9)
    assert g.eliminated == [13]
    assert g.stages[0] == "the next tie-break (BPG) leaves fourth and fifth equal; TPN keeps the top four"
    assert message(playoff_lines(g, False)[1], "ru") == ("следующий дополнительный показатель (BPG) не разделяет четвёртого и "
                                                "пятого; четырёх лучших оставляет TPN")


def test_api_playoffs_of_five_tied_in_the_readers_language():
    """The bundled event with PTS,BH: nos. 4, 2, 14, 15 and 16 share 4.5 points (places 5-9, the published
    standings); their BH (31.5, 31, 27.5, 25.5, 23.5 by the published table) keeps the first four and no. 16 takes
    place 9.  The API gives the group's lines in the request's language (the page shows them), the players named as
    the file's 001 records name them, and the same lines as messages (``said``)."""
    pytest.importorskip("httpx")
    from pathlib import Path

    from starlette.testclient import TestClient

    from tiebreak.web import create_app

    example = Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf"
    with open(example, "rb") as f:
        r = TestClient(create_app()).post("/api/playoffs", data={"tiebreaks": "PTS,BH", "places": "5", "lang": "uk"},
                                          files={"file": ("hb.trf", f)})
    [g] = r.json()["groups"]
    assert (g["places"], g["players"], g["eliminated"]) == ([5, 9], [4, 2, 14, 15], [16])
    assert g["names"] == {"4": "Lingineni,Khushal", "2": "Davis,Tony J", "14": "Whitford,Matthew",
                          "15": "Bodke,Krishna", "16": "Matijas,Dejan"}
    assert g["text"][:3] == ["місця 5-9: учасники Lingineni,Khushal (4); Davis,Tony J (2); Whitford,Matthew (14); "
                             "Bodke,Krishna (15) — відбір чотирьох, потім олімпійська система",
                             "наступний додатковий показник (BH) залишає чотирьох найкращих",
                             "Matijas,Dejan (16) вибуває і посідає місце 9"]
    assert g["said"]["text"][2] == {"id": "{} is out and takes place {}", "values": ["Matijas,Dejan (16)", "9"]}
