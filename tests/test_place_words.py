"""English says "place" where a place is written as the standings write it ("2", "23-24", "10*", "1‡"), as Russian
and Ukrainian say «место» / «місце» (docs/glossary.md: place — место — місце): the explanations' heads, a card's
facts, the verdict of two players who share a place; and the standings' legend has a line for every column heading
the table shows but the name, in every language (not "Place = Place" left out in English alone).

Outside values: the published Vega standings of the 2025 Hobsons Bay Cup place no. 9 Wongso 2nd and no. 3 Krishnan
3rd; with ``PTS,BH/C1`` and no lot, nos. 29 and 31 (2.5 points, BH/C1 18.5 both: the published table)
share places 23-24.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from built import printed
from sources import ROOT

from tiebreak.cli import main

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
TEAM = ROOT / "tests" / "data" / "team" / "example-t.trf"
PLACE = {"en": "place", "ru": "место", "uk": "місце"}
LANGS = ("en", "ru", "uk")


@pytest.mark.parametrize("lang", LANGS)
def test_explanations_say_place(capsys, lang):
    one = printed(capsys, "explain", str(EXAMPLE), "-t", "PTS,BH/C1", "--no-lots", "--player", "9", "--lang", lang)
    assert f": {PLACE[lang]} 2, " in one.splitlines()[0]
    pair = printed(capsys, "explain", str(EXAMPLE), "-t", "PTS,BH/C1", "--no-lots", "--players", "9", "3", "--lang", lang)
    no = 'no.' if lang == 'en' else '№'
    assert pair.splitlines()[0] == (f"Wongso,Renaldo ({no} 9): {PLACE[lang]} 2; "
                                    f"Krishnan,Anirudh ({no} 3): {PLACE[lang]} 3")
    team = printed(capsys, "explain", str(TEAM), "--player", "1", "--lang", lang)
    assert f": {PLACE[lang]} " in team.splitlines()[0] and "rank" not in team.splitlines()[0]


def test_two_players_sharing_a_place_are_said_to_share_it(capsys):
    pair = printed(capsys, "explain", str(EXAMPLE), "-t", "PTS,BH/C1", "--no-lots", "--players", "29", "31")
    assert pair.splitlines() == ["Shaiek,Nihal (no. 29): place 23-24; Cox,Aiden (no. 31): place 23-24",
                                 "equal on every tie-break of the list; not separated (shared place)"]


def test_a_card_says_place(tmp_path):
    out = tmp_path / "site"
    assert main(["site", str(EXAMPLE), "-t", "PTS,BH/C1", "--no-lots", "-o", str(out)]) == 0
    for lang, word in (("en", "Place"), ("ru", "Место"), ("uk", "Місце")):
        facts = BeautifulSoup((out / lang / "player-9.html").read_text(encoding="utf-8"), "html.parser").find(
            "dl", class_="facts")
        assert word in [dt.get_text(strip=True) for dt in facts.find_all("dt")]


@pytest.mark.parametrize("lang", LANGS)
def test_the_legend_has_a_line_for_every_heading_but_the_name(capsys, lang):
    lines = printed(capsys, "standings", str(EXAMPLE), "-t", "PTS,WIN,BH/C1", "--lang", lang).splitlines()
    name = {"en": "Name", "ru": "Участник", "uk": "Учасник"}[lang]
    headings = [h for h in lines[3].split() if h != name]
    legend = lines[lines.index(next(x for x in lines if x.endswith(":") and x.startswith(("Leg", "Усл", "Умов")))) + 1:]
    assert [x.split()[0] for x in legend[:len(headings)]] == headings


@pytest.mark.parametrize("lang", LANGS)
def test_the_column_of_places_is_headed_place_and_no_lots_says_shared_places(capsys, lang):
    """The standings' first column holds places ("23-24" for nos. 29 and 31 without a lot): English heads it "Place"
    as Russian and Ukrainian head it «Место» / «Місце» (it said "Rk"); ``--no-lots`` leaves places shared, which its
    help says in every language ("shared places", «места делятся», «місця діляться»; it said "shared ranks")."""
    heading = {"en": "Place", "ru": "Место", "uk": "Місце"}[lang]
    lines = printed(capsys, "standings", str(EXAMPLE), "-t", "PTS,BH/C1", "--no-lots", "--lang", lang).splitlines()
    assert lines[3].split()[0] == heading
    assert next(x for x in lines if "Shaiek" in x).split()[0] == "23-24"
    with pytest.raises(SystemExit):
        main(["standings", "--help", "--lang", lang])
    help_text = " ".join(capsys.readouterr().out.split())
    assert {"en": "(shared places)", "ru": "(места делятся)", "uk": "(місця діляться)"}[lang] in help_text
