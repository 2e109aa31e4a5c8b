"""The same question on every face gives the same words and numbers (issue 33), as a new user found them differing.

Each test asks one question of two faces and takes the expected answer from the face that was right: the command
line's standings (its JSON values, its table's headings) for the website's card and for every explanation.  Data: the
bundled example and the bundled team example, with lists written here by hand.
"""

from __future__ import annotations

import json
import re

import pytest
from sources import ROOT

from tiebreak.cli import main

pytest.importorskip("jinja2")

SWISS = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
TEAM = ROOT / "tests" / "data" / "team" / "example-t.trf"


def cli_json(capsys, *args: str) -> dict:
    capsys.readouterr()
    assert main(["standings", *args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def card_values(page: str) -> dict[str, str]:
    """A card's values as it writes them: "KEY = VALUE" in each value's heading."""
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    return dict(re.findall(r"(\S+(?: \(\d+\))?) = (-?[\d.]+)", text))


def test_a_repeated_tiebreak_is_on_the_cards_as_in_the_standings(tmp_path, capsys):
    """A list with a tie-break twice (a Sharly Chess event's own list was PTS,DE,SB,DE,KS): the site was not written
    ("unknown tie-break 'BH (2)'") while every other face showed the column "BH (2)".  Each card now shows it with
    the standings' value."""
    tiebreaks = "BH,SB,BH"
    rows = {r["start_no"]: r["values"] for r in cli_json(capsys, str(SWISS), "--tiebreaks", tiebreaks)["standings"]}
    out = tmp_path / "site"
    assert main(["site", str(SWISS), "-o", str(out), "--tiebreaks", tiebreaks]) == 0
    for sno in (1, 7, 20):
        shown = card_values((out / "en" / f"player-{sno}.html").read_text(encoding="utf-8"))
        assert shown["BH (2)"] == str(rows[sno]["BH (2)"]) == shown["BH"]
        assert shown["SB"] == str(rows[sno]["SB"])


@pytest.mark.parametrize("lang,gp", [("en", "GP"), ("ru", "ИО"), ("uk", "ІО")])
def test_a_teams_game_points_are_named_in_its_explanation_as_the_standings_head_them(capsys, lang, gp):
    """A team event's game points in the list: the standings head the column «ИО» (the glossary's word), the
    explanation said "GP = 4" under «МО = 5».  Now the heading of the standings, on the command line (and so the
    page's panel, the site's team card and "first separated by", which word it the same way)."""
    args = [str(TEAM), "--tiebreaks", "MP,GP,BH", "--lang", lang]
    capsys.readouterr()
    assert main(["standings", *args]) == 0
    table = capsys.readouterr().out.splitlines()
    head = next(line.split() for line in table if line.split()[:1] and line.split()[-1] == "BH")
    assert head[-2] == gp
    values = {r["start_no"]: r["values"] for r in cli_json(capsys, *args)["standings"]}
    assert main(["explain", *args, "--player", "3"]) == 0
    said = capsys.readouterr().out
    assert f"\n{gp} = {values[3]['GP']} " in said
    assert gp == "GP" or "\nGP = " not in said


def test_a_place_a_lot_decided_is_starred_in_the_explanation_as_in_the_standings(capsys):
    """The bundled example ranked by points alone leaves ties to the lot: the standings write such a place "2*"; the
    command line's explanation said "rank 2" (the page's panel and the site's card said "2*").  Now the explanation
    of one player and of two write the place as the standings do; a place no lot decided has no star."""
    rows = {r["start_no"]: r for r in cli_json(capsys, str(SWISS), "--tiebreaks", "PTS")["standings"]}
    drawn = [n for n, r in rows.items() if r["lot"] is not None]
    alone = next(n for n, r in rows.items() if r["lot"] is None)
    assert main(["explain", str(SWISS), "--tiebreaks", "PTS", "--player", str(drawn[0])]) == 0
    assert f"(no. {drawn[0]}): place {rows[drawn[0]]['place']}*, " in capsys.readouterr().out
    assert main(["explain", str(SWISS), "--tiebreaks", "PTS", "--players", str(drawn[1]), str(alone)]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert head.endswith(f": place {rows[alone]['place']}") and f": place {rows[drawn[1]]['place']}*;" in head


def test_a_teams_card_writes_its_place_and_values_as_the_standings(tmp_path, capsys):
    """The bundled team example cut after round 1 (each player's first round kept) with the list MP,GP,BH in its
    record 202: every team is tied with another and placed by lot.  The site's team card said «Місце 1» and «GP 1.5»
    where the standings say "1*" and head the column «ІО», and «Матчеві очки» beside «ІО» where they head the
    columns «МО», «ІО» (the legend gives the full name); now as the standings."""
    lines = []
    for line in TEAM.read_text(encoding="utf-8").splitlines():
        lines.append(line[:101].rstrip() if line.startswith("001") else line)
        if line.startswith("XXR"):
            lines.append("202 MP,GP,BH")
    cut = tmp_path / "after-one.trf"
    cut.write_text("\n".join(lines) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["standings", str(cut), "--lang", "uk"]) == 0
    said = capsys.readouterr().out.split("\n\n")
    table = [line.split() for line in next(part for part in said if part.lstrip().startswith("Місце")).splitlines()]
    assert table[0][3:] == ["МО", "ІО", "BH"]
    places = {int(row[1]): (row[0], row[4]) for row in table[2:]}
    assert all(place.endswith("*") for place, _ in places.values())  # the lot placed every team
    out = tmp_path / "site"
    assert main(["site", str(cut), "-o", str(out)]) == 0
    for number, (place, game_points) in places.items():
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", (out / "uk" / f"team-{number}.html").read_text("utf-8")))
        assert f"Місце {place} МО " in text and f" ІО {game_points} BH " in text


@pytest.mark.parametrize("lang,points", [("en", "Pts"), ("ru", "Очки"), ("uk", "Очки")])
def test_the_odds_name_the_points_in_their_list_as_the_standings_head_them(capsys, tmp_path, lang, points):
    """The odds' line of tie-breaks said "PTS, BH/C1, …" for a players' event (a team event's already «МО, ИО, …»),
    where the standings' HTML/PDF download heads its list and its column «Очки» (Pts)."""
    capsys.readouterr()
    assert main(["odds", str(SWISS), "--lang", lang]) == 0
    listed = capsys.readouterr().out.splitlines()[1]
    assert listed.split(": ", 1)[1].startswith(f"{points}, BH/C1, BH, DE")
    assert main(["standings", str(SWISS), "--lang", lang, "--format", "html", "-o", str(tmp_path / "s.html")]) == 0
    assert f"{points}, BH/C1, BH, DE" in (tmp_path / "s.html").read_text(encoding="utf-8")
