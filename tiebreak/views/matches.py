"""A team's matches, one view for every face (the explanation, the text and PDF crosstables, the website's team
page): per round the opposing team, what happened, the match points and game points scored and conceded.

>>> from tiebreak.engine.team import Team, build, compute_team_standings
>>> from tiebreak.engine.model import Kind, Player, Tournament
>>> t = Tournament.build([Player(i, n) for i, n in enumerate(["A1", "A2", "B1", "B2"], 1)], 1)
>>> t.set_game(1, 1, 3, Kind.WIN); t.set_game(1, 4, 2, Kind.DRAW)
>>> s = compute_team_standings(build(t, [Team(1, "A", [1, 2]), Team(2, "B", [3, 4])]), "MP,GP", lots=False)
>>> mr = match_rounds(s, 1)[0]
>>> mr.opponent, str(mr.match_points), str(mr.game_points), str(mr.opponent_game_points)
(2, '2', '3/2', '1/2')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..engine.model import Kind
from ..engine.team import TeamStandings


@dataclass(frozen=True)
class MatchRound:
    """One round of a team: the opposing team (number and name, None for a bye or no match), what happened, the match
    points and the game points scored, and the opponent's game points."""

    round: int
    kind: Kind
    opponent: int | None
    opponent_name: str
    match_points: Fraction
    game_points: Fraction
    opponent_game_points: Fraction | None


def match_rounds(s: TeamStandings, number: int) -> list[MatchRound]:
    """The rounds of team ``number`` up to the evaluated round."""
    tt, m = s.tt, s.tt.matches
    i = m.row(number)
    system = m.score_system
    out = []
    for r in range(s.after_round):
        kind, o = Kind(int(m.kind[i, r])), int(m.opponent[i, r])
        gp = Fraction(int(tt.gp[i, r]), tt.gp_scale)
        ogp = Fraction(int(tt.gp[o, r]), tt.gp_scale) if o >= 0 else None
        out.append(MatchRound(r + 1, kind, tt.teams[o].number if o >= 0 else None, tt.teams[o].name if o >= 0 else "",
                              system.points(kind), gp, ogp))
    return out
