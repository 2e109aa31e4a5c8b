"""The website's crosstable page is one renderer for players and teams (tiebreak.site.crosstable): a team's row
writes its place as a player's does, a shared place as "3-5" (the standings page's and the text crosstable's way),
where the team rows once wrote the rank alone."""

from __future__ import annotations

import csv
import re

from tests.sources import CORPUS, needs
from tiebreak.app.options import Options
from tiebreak.app.site import read
from tiebreak.site.crosstable import crosstable
from tiebreak.site.event import build_event
from tiebreak.site.team_event import build_team_event

FRIENDSHIP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"
PUBLISHED = CORPUS / "heltour-crete-team" / "friendship-cup-2024.expected.csv"


def shared_places(points: list[str]) -> list[str]:
    """The places of rows in order whose equal ``points`` tie (no lots): "3-5" for three tied from the third."""
    out = []
    for n, p in enumerate(points):
        first = points.index(p) + 1
        last = len(points) - points[::-1].index(p)
        out.append(str(n + 1) if first == last else f"{first}-{last}")
    return out


@needs(FRIENDSHIP, PUBLISHED)
def test_a_team_crosstable_writes_a_shared_place_as_the_players_do():
    # ranked by match points alone, without lots: the published match points tie teams 3-5, 6-7, 9-10, ...
    with PUBLISHED.open(encoding="utf-8") as f:
        published = [row["match_points"] for row in csv.DictReader(f)]
    expected = shared_places(published)
    assert expected[2:7] == ["3-5", "3-5", "3-5", "6-7", "6-7"]
    t = read(Options(), str(FRIENDSHIP), [])
    ind = build_event(Options(no_lots=True), str(FRIENDSHIP), t)
    e = build_team_event(ind, t, [], Options(no_lots=True, tiebreaks="MP"))
    for lang in ("en", "ru"):
        page = crosstable(e, lang)
        rows = str(page["tables"][0]["rows"])
        assert re.findall(r'<tr><td class="rank">([^<]*)</td>', rows) == expected
        assert 'href="team-' in rows and "player-" not in rows  # each team and opponent linked to the team's card
        assert page["legend"][0].split(" = ")[0] == page["tables"][0]["heads"][3]["text"]  # the primary score named
