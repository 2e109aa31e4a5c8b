"""The TRF writer (see :mod:`tiebreak.formats.trf`): the header records that were read, then one 001 line per player;
every line is written on one line whatever its fields hold."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Message
from ..engine.model import Kind, ScoreSystem, Tournament, format_number
from .files import write_output
from .text import one_line
from .trf_read import FIRST_ROUND_COLUMN, NAME_WIDTH


def _fmt_points(x: Fraction | None) -> str:
    if x is None:
        return ""
    return format_number(x, 1) if (x * 10).denominator == 1 else format_number(x)


def dumps(t: Tournament, with_points: bool = True, ranks: dict[int, int] | None = None) -> str:
    """TRF text of ``t``: the header records that were read, then one 001 line per player.

    Points are written from the results (the declared column only where no result is known).
    """
    too_big = [p.start_no for p in t.players if not 0 < p.start_no <= 9999]
    if too_big:
        raise InputError(Message("TRF holds start numbers 1 to 9999; {} does not fit", too_big[0]),
                         Place(t.source, field="starting rank"))
    out = [f"012 {t.name}"] if t.name else []
    kept = t.extra.get("lines", [])
    # records the model holds are written from it (dates in the TRF-2026 form); unparsed ones are kept as read
    modelled = {"042": t.start_date, "052": t.end_date}
    for code, day in modelled.items():
        if day is not None:
            out.append(f"{code} {day:%Y/%m/%d}")
        else:
            out += [x for x in kept if x[:3] == code]
    if t.type_text:
        out.append(f"092 {t.type_text}")
    if t.type_code:
        out.append(f"192 {t.type_code}")
    # rounds at the end that nobody has an entry in leave no trace in the 001 lines: XXR keeps their count
    blank_end = t.rounds > (t.planned_rounds or 0) and bool((t.kind[:, -1] == Kind.ABSENT).all())
    if t.planned_rounds or blank_end:
        out.append(f"XXR {max(t.planned_rounds or 0, t.rounds) if blank_end else t.planned_rounds}")
    if not t.score_system.is_default or any(x[:3] in ("162", "XXS") for x in kept):
        out.append(_record_162(t.score_system))
    if t.declared_tiebreaks:
        out.append(("212 " if t.declared_tiebreaks_complete else "202 ") + ",".join(t.declared_tiebreaks))
    skip = {"012", "042", "052", "092", "192", "142", "XXR", "162", "XXS", "202", "212"}
    out += [x for x in kept if x[:3] not in skip]
    out += t.extra.get("comments", [])
    # a game paired and not yet played: the opponent and the colour with a blank result (the reader keeps it pending)
    pending = {(r, w): f"{b:4d} w  " for r, w, b in t.pending} | {(r, b): f"{w:4d} b  " for r, w, b in t.pending}
    for i, p in enumerate(t.players):
        pts = t.points(p.start_no) if with_points else p.declared_points
        rank = (ranks or {}).get(p.start_no, p.declared_rank)
        line = (f"001 {p.start_no:4d} {p.sex[:1] or ' '}{p.title[:3]:>3} {p.name[:NAME_WIDTH]:<{NAME_WIDTH}} "
                f"{(str(p.rating) if p.rating else ''):>4} {p.federation[:3]:<3} {p.fide_id[:11]:>11} "
                f"{p.birth_date[:10]:<10} {_fmt_points(pts):>4} {(str(rank) if rank else ''):>4}")
        blocks = []
        for r in range(t.rounds):
            k = Kind(int(t.kind[i, r]))
            o = int(t.opponent[i, r])
            if k is Kind.ABSENT:
                blocks.append(pending.get((r + 1, p.start_no), " " * 8))
                continue
            on = t.players[o].start_no if o >= 0 else 0
            c = {1: "w", -1: "b"}.get(int(t.colour[i, r]), "-")
            blocks.append(f"{on:4d} {c} {k.trf_code}" if on else f"0000 - {k.trf_code}")
        line = line.ljust(FIRST_ROUND_COLUMN - 3) + "  " + "  ".join(blocks)
        out.append(line.rstrip())
    # every field stays on its line: a newline in a name (from JSON, XML or CSV) would otherwise add records
    return "\n".join(one_line(x) for x in out) + "\n"


#: the fixed-width fields of a 001 record a value can be too long for: (field name, the player's attribute, width)
CUT_FIELDS = (("sex", "sex", 1), ("title", "title", 3), ("name", "name", NAME_WIDTH), ("federation", "federation", 3),
              ("FIDE id", "fide_id", 11), ("birth date", "birth_date", 10))


def cut_fields(t: Tournament, target: str) -> list[InputWarning]:
    """A warning for every value :func:`dumps` cuts to its field's width: the player, the field, what is written.

    >>> from tiebreak.engine.model import Player
    >>> t = Tournament.build([Player(1, "Полугрудов, Александр Александрович")], 1)
    >>> [(w.message, w.place.field) for w in cut_fields(t, "rw.trf")]
    [("player 1 Полугрудов, Александр Александрович: cut to 33 characters: 'Полугрудов, Александр Александров'", 'name')]
    """
    out = []
    for p in t.players:
        for field, attribute, width in CUT_FIELDS:
            value = one_line(str(getattr(p, attribute) or ""))
            if len(value) > width:
                out.append(InputWarning(Message("player {} {}: cut to {} character: {}", p.start_no, one_line(p.name),
                                                width, repr(value[:width]),
                                                plural="player {} {}: cut to {} characters: {}", count=width),
                                        Place(str(target), field=field)))
    return out


def _record_162(system: ScoreSystem) -> str:
    """Record 162: code letter in column 6, points in 7-10, then every 9 columns (trf.md §1.1)."""
    fields = [("W", system.win), ("D", system.draw), ("L", system.loss), ("A", system.absence),
              ("P", system.points(Kind.PAB)), ("X", system.points(Kind.UNKNOWN))]
    return "162  " + "".join(f"{c}{format_number(v, 1):>4}    " for c, v in fields).rstrip()


def dump(t: Tournament, path: str | Path, inputs: Iterable[str | Path] = (), force: bool = True, **kw: Any) -> None:
    """Write the TRF to ``path`` safely (:func:`~tiebreak.formats.files.write_output`: never over one of ``inputs``,
    an existing file only with ``force``)."""
    write_output(path, dumps(t, **kw), inputs, force)
