"""The arbiter tools' choices, defaults and bounds, defined here once: the tools follow them and every face's option
states them (:mod:`tiebreak.app.declared` reads them here, so changing one here changes the command line's help, the
API's schema, the page's form and the tool together): the odds' models and the elo model's White edge, how tied
players share prizes (:mod:`.prizes`), a team ranking's members counted and tie-breaks (:mod:`.clubs`), the rating
systems (:mod:`.rating_report`), the Varma table of 11/12 players (:mod:`.varma`), how many outcomes the odds draw
(:func:`planned_simulations`, which :mod:`tiebreak.arbiter.odds.run` follows).  A module of its own: declaring every
command's options needs these values, not the tools, whose modules load the odds engine's runners and process pools
(12-20 ms of every command's start-up, ``-X importtime``), the prizes' and Varma's code (4-8 ms) or numpy's.
"""

from __future__ import annotations

from ..engine.messages import Message

#: the models of a game's result (``--model``), the default first: ``equal`` (every result 1/3), ``elo`` (Davidson's
#: draw model on the ratings and colour: :mod:`tiebreak.arbiter.odds.models`)
MODELS = ("equal", "elo")
DEFAULT_MODEL = MODELS[0]
#: the elo model's edge of White, in rating points (``--white-advantage``; the Elo formula's equivalent of White's
#: 55 % score in master play), and its bound either way (far beyond it ``10**(R/400)`` overflows)
WHITE_ADVANTAGE, MOST_WHITE_ADVANTAGE = 35, 1000
#: the elo model's draw probability of two equal players (``--draw-rate``): at least 0 and below 1, never 1 itself
#: (Davidson's draw factor ``2 D / (1 - D)`` has no value at 1)
LEAST_DRAW_RATE, DRAW_RATE_BELOW = 0, 1
#: how tied players share the prizes of their places (``--method``), the default first: ``shared`` (added up and
#: divided), ``hort`` (half shared, half by the tie-break order), ``tiebreak`` (by the tie-break order)
PRIZE_METHODS = ("shared", "hort", "tiebreak")
DEFAULT_PRIZE_METHOD = PRIZE_METHODS[0]
#: a team ranking of an individual event (:mod:`.clubs`): the members counted per team (``--team-best``) and their most,
#: the team tie-breaks when none are given (``--team-tiebreaks``: Team Cumulative)
TEAM_BEST, MOST_TEAM_BEST, TEAM_TIEBREAKS = 4, 100, "TC"
#: where a file's points come from (``--points-from``), the default first: the round ``results``, or the points
#: ``column``'s reading (:mod:`.points_column`)
POINTS_FROM = ("results", "column")
DEFAULT_POINTS_FROM = POINTS_FROM[0]
#: a series' tie-breaks when none are given (``--series-tiebreaks``, :mod:`.series`): the best single result, then
#: the events played
SERIES_TIEBREAKS = "BEST,EVENTS"
#: the player columns beside the standings when none are chosen (``--columns``, :mod:`.columns`): those the file has
DEFAULT_COLUMNS = "auto"
#: the rating systems of the rating report (``ratings --system``, :mod:`.rating_report`), the default first
RATING_SYSTEMS = ("fide", "ru", "harkness", "uscf")
DEFAULT_RATING_SYSTEM = RATING_SYSTEMS[0]
#: the Varma table of 11/12 players (``--variant``), the default first: seed 000's, or the C.05 annex's
#: (:data:`tiebreak.arbiter.varma.FIDE_12`; the module says why)
VARMA_VARIANTS = ("s000", "fide")
DEFAULT_VARMA_VARIANT = VARMA_VARIANTS[0]

#: the most simulations a request may ask for (the command line's ``--simulations``, the API's field)
MAX_SIMULATIONS = 1_000_000
#: the outcomes drawn for the array ranker (a round robin of the tie-breaks it takes): 1,000,000 take about a second
DEFAULT_SIMULATIONS = 100_000
#: the engine's outcomes drawn are ``ENGINE_WORK // (ENGINE_FIXED + players)``, from ``LEAST_SIMULATIONS`` to
#: ``ENGINE_SIMULATIONS``: about a second of one core's work (measured: an outcome costs about what ranking 60 players
#: more does, 0.54 ms of CPU at 32 players, 0.89 ms at 80, 2.7 ms at 400)
ENGINE_WORK, ENGINE_FIXED, LEAST_SIMULATIONS, ENGINE_SIMULATIONS = 170_000, 60, 100, 2_000


def planned_simulations(arrays: bool, players: int) -> int:
    """The outcomes drawn when none are asked for: :data:`DEFAULT_SIMULATIONS` for the array ranker, else as many
    as :data:`ENGINE_WORK` allows (the engine's work grows with the players it ranks: a team event's board players).

    >>> [planned_simulations(False, n) for n in (32, 80, 129, 400, 2000)], planned_simulations(True, 14)
    ([1847, 1214, 899, 369, 100], 100000)
    """
    if arrays:
        return DEFAULT_SIMULATIONS
    return min(ENGINE_SIMULATIONS, max(LEAST_SIMULATIONS, ENGINE_WORK // (ENGINE_FIXED + players)))


#: ``--simulations``' help: the numbers above as they decide (values of the message, so the catalogues' sentence
#: stays the same when one changes)
SIMULATIONS_HELP = Message("outcomes drawn with the seed when there are more (at most {}; default: {} for a round "
                           "robin ranked by arrays, else {} / ({} + players), from {} to {}); every outcome is "
                           "counted when there are no more", MAX_SIMULATIONS, DEFAULT_SIMULATIONS, ENGINE_WORK,
                           ENGINE_FIXED, LEAST_SIMULATIONS, ENGINE_SIMULATIONS)
