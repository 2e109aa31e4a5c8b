"""A Swiss-Manager file made by hand from the layout (tiebreak/formats/swissmanager_file.py describes it): the tests'
own small files, for the kinds the corpus lacks (a team round robin, ``.TUTX``) and for damaged files."""

from __future__ import annotations

import struct


def _text(s: str) -> bytes:
    return struct.pack("<H", len(s.encode("utf-16-le")) // 2) + s.encode("utf-16-le")


def make(kind: int, players: list[dict], rounds: list[list[tuple[int, int, int]]], *, name: str = "Hand-made",
         teams: list[str] = (), matches: list[list[tuple[int, int]]] = (), boards: int = 0,
         tiebreaks: list[tuple[int, bytes]] = (), days: list[int] = (), number: int = 4242) -> bytes:
    """The bytes of a file: ``players`` (dicts of last, first, rating, team, board ...), ``rounds`` their games
    (White, Black, result code), ``teams`` and ``matches`` (the two teams' numbers) for a team event."""
    header = bytearray(108)
    header[:4] = b"\x93\xff\x89\x44"
    header[32:36] = struct.pack("<I", number)
    texts = [""] * 132
    texts[0], texts[10], texts[14], texts[20], texts[21], texts[35] = name, "Vienna", "90 min + 30 s", "AUT", \
        "IA Chief Arbiter", "FA First Deputy; NA Second Deputy"
    head = bytes(header) + b"".join(_text(x) for x in texts)
    cfg = bytearray(5887)
    cfg[:4] = b"\x95\xff\x89\x44"
    struct.pack_into("<H", cfg, 15, kind)
    cfg[21] = len(rounds)
    struct.pack_into("<HH", cfg, 23, len(players), 0)
    struct.pack_into("<H", cfg, 27, len(rounds))
    struct.pack_into("<H", cfg, 31, len(tiebreaks))
    for k, (number_, params) in enumerate(tiebreaks):
        struct.pack_into("<H", cfg, 33 + 2 * k, number_)
        cfg[655 + 19 * k:655 + 19 * k + len(params)] = params
    struct.pack_into("<HH", cfg, 51, len(teams), boards)
    struct.pack_into("<II", cfg, 75, min(days, default=0), max(days, default=0))
    schedule = b"\xa3\xff\x89\x44"
    for r, games in enumerate(rounds):
        fixed = bytearray(76)
        struct.pack_into("<IHHH", fixed, 0, days[r] if r < len(days) else 0, 0, len(games),
                         len(matches[r]) if matches else 0)
        schedule += _text("10:00") + _text("") * 15 + bytes(fixed)
    people = b"\xa5\xff\x89\x44"
    for p in players:
        strings = [""] * 18
        strings[0], strings[1], strings[4], strings[9], strings[10] = p.get("last", ""), p.get("first", ""), \
            p.get("title", ""), p.get("club", ""), p.get("federation", "")
        fixed = bytearray(134)
        struct.pack_into("<HHH", fixed, 30, p.get("sex", 0), p.get("rating", 0), p.get("national", 0))
        struct.pack_into("<I", fixed, 38, p.get("birth", 0))
        struct.pack_into("<IHH", fixed, 48, p.get("fide_id", 0), p.get("team", 0), p.get("board", 0))
        people += b"".join(_text(x) for x in strings) + bytes(fixed)
    games_ = b"\xb3\xff\x89\x44" + b"".join(struct.pack("<HHB", w, b, res) + bytes(16) for games in rounds
                                             for w, b, res in games)
    sections = [schedule, people, games_]
    if teams:
        sections.append(b"\xb5\xff\x89\x44" + b"".join(_text(t) + _text(t[:3]) + _text("") * 3 + bytes(96)
                                                       for t in teams))
        sections.append(b"\xc3\xff\x89\x44" + b"".join(struct.pack("<HHHH", a, b, 0, 0) + bytes(7)
                                                       for ms in matches for a, b in ms))
    out = head + bytes(cfg)
    offsets = []
    for s in sections:
        offsets.append(len(out))
        out += s
    offsets.append(len(out))
    return out + b"\xd3\xff\x89\x44" + struct.pack("<7I", *(offsets + [0] * (7 - len(offsets)))) + b"\xe3\xff\x89\x44"
