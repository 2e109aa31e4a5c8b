"""tiebreak — exact chess tournament standings by the FIDE Tie-Break Regulations (C.07).

>>> import tiebreak
>>> t = tiebreak.formats.trf.load("examples/hobsons-bay-cup-2025.trf")
>>> s = tiebreak.compute_standings(t, "PTS,BH/C1,BH,SB", seed=7)
>>> s.rules.name, s.rows[0].name, str(s.rows[0].values["BH"])
('fide-2024', 'Nguyen,Anh Kiet', '67/2')
"""

from .engine.errors import InputError, InputWarning, SpecifierError, TiebreakError
from .engine.model import Entry, Kind, Player, ScoreSystem, Tournament
from .engine.registry import parse, parse_list
from .engine.rules import RULE_SETS, RuleSet
from .engine.specifier import TieBreakSpec
from .engine.standings import Row, Standings, compute_standings
from .formats import trf
from .version import __version__

__all__ = [
    "__version__", "trf", "InputError", "InputWarning", "SpecifierError", "TiebreakError", "Entry", "Kind", "Player",
    "ScoreSystem", "Tournament", "RULE_SETS", "RuleSet", "TieBreakSpec", "parse", "parse_list", "Row",
    "Standings", "compute_standings",
]
