"""Chess-JSON: the FIDE TEC JSON tournament format, as the reference checker (TieBreakServer) reads and writes it.

One file holds an ``event`` with ``profiles`` (people), ``teams`` and ``tournaments``; a tournament holds its
``competitors`` (players, or teams with ``cplayers``), the board games in ``gameList`` and, for team events, the matches
in ``matchList``.  A game is ``{"round", "white", "black", "wResult", "bResult", "played", "rated"}`` with competitor
numbers (``black`` 0 = a bye) and result letters ``W D L`` (``A`` unknown, ``Z`` zero, ``P`` pairing-allocated bye).

How each kind of round is written (the reference's own TRF conversion uses the same letters, so both programs read
the other's files the same way):

=====================  ======================================================
kind                   game record
=====================  ======================================================
played ``1 = 0``       ``W/D/L``, played, rated
less than one move     ``W/D/L``, played, not rated
unknown ``X``          ``A/A``, played, not rated
forfeit ``+ -``        ``W/Z``, not played; double forfeit ``Z/Z``
lost by both ``0 0``    ``L/L``, played (not a double forfeit)
PAB ``U``              ``black: 0``, ``P``, played, not rated
byes ``F H Z``         ``black: 0``, ``W``/``D``/``Z``, not played
absent (blank)         no record
=====================  ======================================================

Numbers are written as JSON numbers (the reference parses them as decimals); a value with no finite decimal form is
written as a fraction string (``"1/3"``), which this reader accepts.  What a TRF file holds beyond the format (record
lines it does not model, ``###`` comments, the TRF type code, the rating method) travels in the tournament's
``other.tiebreak`` object, so TRF → JSON → TRF gives back the same file.

>>> from tiebreak.engine.model import Kind, Player, Tournament
>>> t = Tournament.build([Player(1, "Ann"), Player(2, "Bob")], 1)
>>> t.set_game(1, 1, 2, Kind.WIN)
>>> loads(dumps(t)).entry(2, 1).kind.name
'LOSS'
"""


from __future__ import annotations

from .chessjson_read import load, loads
from .chessjson_write import (
    FORMAT_VERSION,
    _number,  # noqa: F401  (the tests check how numbers are written)
    dump,
    dumps,
    to_dict,
)

__all__ = ["FORMAT_VERSION", "dump", "dumps", "load", "loads", "to_dict"]
