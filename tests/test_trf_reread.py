"""A TRF file read again with the memory of its last read (tiebreak.formats.trf_reread, used by the live standings)
gives exactly what the reader gives without it: the same tournament (every field, every array with its type), the
same warnings in the same order, the same error.  Checked on every TRF of the corpus and of examples/, each edited
again and again at random as a pairing program or a careless hand would (a result changed on one side or both, an
opponent, a colour, a points column, a name, a rating, a start number, a header record, a line added, removed or cut,
a round added, garbage); the reader without a memory is the reference."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from sources import CORPUS, ROOT, glob_or_empty

from tiebreak.engine.errors import InputWarning, TiebreakError
from tiebreak.engine.model import Tournament
from tiebreak.formats import trf
from tiebreak.formats.text import decode
from tiebreak.formats.trf_reread import Memory, remembering

FILES = sorted(glob_or_empty(CORPUS, "**/*.trf") + glob_or_empty(CORPUS, "**/*.TRF")
               + glob_or_empty(ROOT / "examples", "*.trf") + glob_or_empty(ROOT / "tests" / "data", "[!s]*/*.trf"))
SOURCE = "event.trf"
#: edits of each file, one after the other, each read with the memory and without
STEPS = 14


def state(t: Tournament) -> dict[str, Any]:
    """Everything the reader gives, arrays as their type, shape and bytes (players with every field)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(t):
        value = getattr(t, f.name)
        if isinstance(value, np.ndarray):
            value = (value.dtype.str, value.shape, value.tobytes())
        elif f.name == "players":
            value = [dataclasses.asdict(p) for p in value]
        out[f.name] = copy.deepcopy(value)
    out["_row_of"] = dict(t._row_of)
    return out


def outcome(data: bytes, memory: Memory | None) -> tuple[Any, list[InputWarning]]:
    """The reader's answer for ``data`` (its state, or the error's type and text) and its warnings."""
    warnings: list[InputWarning] = []
    try:
        if memory is None:
            t = trf.loads(data, SOURCE, warnings)
        else:
            with remembering(memory):
                t = trf.loads(data, SOURCE, warnings)
    except (TiebreakError, ValueError) as e:
        return (type(e).__name__, str(e)), warnings
    answer = state(t)
    if memory is not None:  # the caller may change the lists and arrays it is given: the memory keeps its own
        t.kind[:] = 0
        t.opponent[:] = 0
        t.colour[:] = 0
        t.pending.clear()
        t.players.reverse()
    return answer, warnings


def _set(line: str, at: int, text: str) -> str:
    """``line`` with ``text`` written from 0-based column ``at`` on (padded with spaces when it is shorter)."""
    line = line.ljust(at)
    return line[:at] + text + line[at + len(text):]


def edit(text: str, original: str, rng: random.Random) -> str:
    """One random change of ``text``."""
    lines = text.split("\n")
    records = [k for k, x in enumerate(lines) if x.startswith("001")]
    if not records:
        return original
    k = rng.choice(records)
    line = lines[k]
    rounds = max(1, (len(line.rstrip()) - 91 + 9) // 10)
    block = 91 + 10 * rng.randrange(rounds)
    what = rng.randrange(16)
    if what <= 3:  # a result: on both lines as a pairing program writes it, or on one side only
        result = rng.choice("10=10=+-WDLHFUZX? ")
        lines[k] = _set(line, block + 7, result)
        opponent = line[block:block + 4].strip()
        if what <= 2 and opponent.isdigit():
            other = next((j for j in records if lines[j][4:8].strip() == opponent), None)
            mirror = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}.get(result, result)
            if other is not None:
                lines[other] = _set(lines[other], block + 7, mirror)
    elif what == 4:  # an opponent
        lines[k] = _set(line, block, rng.choice([f"{rng.randrange(1, len(records) + 3):4}", "0000", "    "]))
    elif what == 5:  # a colour
        lines[k] = _set(line, block + 5, rng.choice("wbw-xB"))
    elif what == 6:  # the points column
        lines[k] = _set(line, 80, rng.choice([f"{rng.randrange(0, 20) / 2:4.1f}", "    ", " 7,5", " x.5"]))
    elif what == 7:  # the name or the rating
        lines[k] = _set(line, 14, "Renamed, Player".ljust(33)) if rng.random() < .5 else \
            _set(line, 48, rng.choice(["2345", "    ", "12a4", " 999"]))
    elif what == 8:  # the start number: another player's (used twice), a new one, or none
        lines[k] = _set(line, 4, rng.choice([lines[rng.choice(records)][4:8], f"{len(records) + 7:4}", "    "]))
    elif what == 9:  # a header record
        header = rng.choice(["012 Renamed open", "142 11", "XXR 3", "162 W 3.0 D 1.0 L 0.0", "042 2025/13/45",
                             "202 BH,SB", "172 FRA FIDON", "XXS W=2 ZZ=1", "022 Somewhere"])
        at = next((j for j, x in enumerate(lines) if x[:3] == header[:3]), None)
        if at is not None and rng.random() < .5:
            lines[at] = header
        else:
            lines.insert(rng.randrange(len(lines)), header)
    elif what == 10:  # a line added: a new player, a copy of one, a comment or a blank line
        new = _set(line, 4, f"{len(records) + rng.randrange(1, 4):4}") if rng.random() < .5 else \
            rng.choice([line, "### a comment", ""])
        lines.insert(rng.randrange(len(lines) + 1), new)
    elif what == 11:  # a line removed
        del lines[rng.randrange(len(lines))]
    elif what == 12:  # a line cut (a pairing program still writing it)
        lines[k] = line[:rng.randrange(len(line) + 1)]
    elif what == 13:  # a round more, on one line or on every line
        for j in (records if rng.random() < .5 else [k]):
            lines[j] = _set(lines[j], 91 + 10 * rounds, f"{rng.randrange(0, len(records) + 1):4} w 1")
    elif what == 14:  # garbage
        ch = rng.choice(["é", "\t", "\x85", "\u2028", "#", "9", " ", "Я"])
        lines[k] = _set(line, rng.randrange(len(line) + 2), ch)
    else:  # back to the file as it was
        return original
    return "\n".join(lines)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_a_read_with_the_memory_is_the_full_read(path: Path) -> None:
    data = path.read_bytes()
    rng = random.Random(path.name)
    memory = Memory(SOURCE)
    assert outcome(data, memory) == outcome(data, None)
    original = text = decode(data, SOURCE, [])[0]
    for _ in range(STEPS):
        text = edit(text, original, rng)
        changed = text.encode("utf-8", "surrogatepass")
        assert outcome(changed, memory) == outcome(changed, None), text


def test_the_memory_decodes_only_the_changed_lines() -> None:
    """The shortcut is taken (the test above would pass if it never were): a result changed on both lines of a
    corpus event is decoded from those two lines alone, a name from its line alone; a line added is read in full."""
    path = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
    text = path.read_text()
    lines = text.split("\n")
    k = next(j for j, x in enumerate(lines) if x.startswith("001") and x[98:99] in ("1", "0"))
    opponent = lines[k][91:95].strip()
    j = next(i for i, x in enumerate(lines) if x.startswith("001") and x[4:8].strip() == opponent)
    flip = {"1": "0", "0": "1"}
    lines[k] = _set(lines[k], 98, flip[lines[k][98]])
    lines[j] = _set(lines[j], 98, flip[lines[j][98]])
    changed = "\n".join(lines)
    memory = Memory(SOURCE)
    outcome(path.read_bytes(), memory)
    assert memory.patched == {"lines": None, "players": None, "rounds": None}
    assert outcome(changed.encode(), memory) == outcome(changed.encode(), None)
    assert memory.patched == {"lines": 2, "players": 0, "rounds": 2}
    lines[k] = _set(lines[k], 14, "Renamed, Player".ljust(33))
    renamed = "\n".join(lines)
    assert outcome(renamed.encode(), memory) == outcome(renamed.encode(), None)
    assert memory.patched == {"lines": 1, "players": 1, "rounds": 0}
    more = renamed + "\n### a comment\n"
    assert outcome(more.encode(), memory) == outcome(more.encode(), None)
    assert memory.patched == {"lines": None, "players": 0, "rounds": 0}


def test_the_live_event_reads_a_changed_result_from_the_changed_lines(tmp_path: Path) -> None:
    """``serve --watch``: a result changed on both lines is read from those two lines, and the live event's
    tournament is that of a live event that reads the changed file for the first time (in full)."""
    from tiebreak.live.event import LiveEvent

    path = tmp_path / "open.trf"
    text = (ROOT / "examples" / "hobsons-bay-cup-2025.trf").read_text()
    path.write_text(text)
    watched = LiveEvent("open.trf", path)
    assert watched.update() is not None
    lines = text.split("\n")
    k = next(j for j, x in enumerate(lines) if x.startswith("001") and x[98:99] in ("1", "0"))
    j = next(i for i, x in enumerate(lines) if x.startswith("001") and x[4:8].strip() == lines[k][91:95].strip())
    flip = {"1": "0", "0": "1"}
    lines[k], lines[j] = _set(lines[k], 98, flip[lines[k][98]]), _set(lines[j], 98, flip[lines[j][98]])
    path.write_text("\n".join(lines))
    assert watched.update() is not None
    assert watched.file._memory.patched == {"lines": 2, "players": 0, "rounds": 2}
    fresh = LiveEvent("open.trf", path)
    assert fresh.update() is not None
    assert watched.live is not None and fresh.live is not None
    assert state(watched.live.tournament) == state(fresh.live.tournament)
    def rows(e: LiveEvent) -> list[dict[str, Any]]:  # "moved": since the version before, which only one of them has
        return [{k: v for k, v in r.items() if k != "moved"} for r in json.loads(e.text)["standings"]]

    assert rows(watched) == rows(fresh)


def test_the_reader_never_changes_a_player_it_read() -> None:
    """The players of unchanged lines are handed out again (a player is never changed once read): the national
    ratings of record 172 and its NRS records make new players rather than change those the memory keeps."""
    nrs = (ROOT / "examples" / "hobsons-bay-cup-2025.trf").read_text().rstrip("\n") + (
        "\n172 AUS NIDOF\n" + "AUS    1".ljust(48) + "1850".ljust(9) + "3200001\n")
    memory = Memory(SOURCE)
    for _ in range(2):
        with remembering(memory):
            t = trf.loads(nrs, SOURCE)
        assert (t.players[0].national_rating, t.players[0].national_id, t.rating_method) == (1850, "3200001", "NIDOF")
        assert memory._players[0].national_rating is None and memory._players[0].national_id == ""
    assert memory.patched == {"lines": 0, "players": 0, "rounds": 0}
