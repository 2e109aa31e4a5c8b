"""The arbiter's tools worded for the reader: the Berger and Varma tables and the play-off plan as text in the
user's language (the tools in :mod:`tiebreak.arbiter` return data and messages; the words are here).

>>> from tiebreak.arbiter.berger import schedule
>>> print(berger_text(schedule(4)[:1], "uk"), end="")
Тур 1: 1-4, 2-3
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

from ..arbiter.playoff import playoff_heading
from ..engine.messages import Message
from ..engine.model import format_number
from ..engine.ranking import lot_marked
from .i18n import message, word
from .legend import Line, place_marks, site_lines, text_lines
from .templating import environment
from .text_table import text_table
from .words import FIELD_NAMES, SITE_WORDS, VARMA_WORDS

if TYPE_CHECKING:
    from ..arbiter.berger import Round
    from ..arbiter.playoff import PlayoffGroup
    from ..arbiter.varma import Draw, NamedRound

def _round_line(number: int, pairs: str, bye: object, lang: str) -> str:
    return f"{word('round', lang)} {number}: {pairs}" + (f"  ({word('bye', lang)}: {bye})" if bye else "")


def berger_text(rounds: list[Round], lang: str = "en") -> str:
    """The Berger table (``tiebreak berger``), one round a line."""
    return "".join(_round_line(r.number, ", ".join(f"{w}-{b}" for w, b in r.pairings), r.bye, lang) + "\n"
                   for r in rounds)


def varma_text(d: Draw, rounds: list[NamedRound], lang: str = "en") -> str:
    """The drawing order and the rounds by name (``tiebreak varma``; ``rounds``: the draw's schedule,
    :func:`tiebreak.arbiter.varma.named_schedule`)."""
    lines = [VARMA_WORDS.text("order", lang)]
    lines += [f"  {fed:4} {name:30} {s} {num:>3}" for fed, name, s, num in d.order]
    lines.append("")
    for r in rounds:
        lines.append(_round_line(r.number, ", ".join(f"{a} - {b}" for a, b in r.pairings), r.bye, lang))
    if d.conflicts:
        lines.append("")
        lines += [VARMA_WORDS.text("conflict", lang, a=a, b=b, round=r) for a, b, r in d.conflicts]
    return "\n".join(lines) + "\n"


def playoff_lines(g: PlayoffGroup, team: bool) -> list[str]:
    """The play-off group's lines as the arbiter reads them, messages (a line without values is its own identifier):
    a heading, then the stages and the sharing.

    >>> from tiebreak.arbiter.playoff import FORMATS, PlayoffGroup
    >>> out = Message("{} is out and takes place {}", "Bodke,Krishna (15)", 13)
    >>> g = PlayoffGroup((9, 13), [4, 2, 14, 16], FORMATS[5], [out], names={4: "Lingineni,Khushal"})
    >>> [message(line, "ru") for line in playoff_lines(g, False)]  # doctest: +NORMALIZE_WHITESPACE
    ['места 9-13: участники Lingineni,Khushal (4); 2; 14; 16 — отбор четырёх, затем олимпийская система',
     'Bodke,Krishna (15) выбывает и занимает место 13']
    """
    return [playoff_heading(g, team), *g.stages, *g.shared]


def playoffs_text(answer: dict[str, Any], places: str, lang: str = "en") -> str:
    """The play-off answer (:func:`tiebreak.app.playoffs.playoffs`, its groups' ``text`` worded in ``lang``) as
    ``tiebreak playoffs`` prints it, or that no place of ``places`` is tied.

    >>> print(playoffs_text({"groups": []}, "1,2", "en"), end="")
    no tie for place(s) 1,2: no play-off needed
    """
    if not answer["groups"]:
        return message(Message("no tie for place(s) {}: no play-off needed", places), lang) + "\n"
    return "".join("\n  ".join(g["text"]) + "\n" for g in answer["groups"])


def prize_place(a: dict[str, Any]) -> str:
    """An award's place as the standings write it: ``5-9`` shared, ``40*`` placed by lot, ``1‡`` by the play-off."""
    return lot_marked(a["place"], a["lot"] is not None, bool(a.get("playoff")))


def prize_marks(awards: list[dict[str, Any]], seed: int | None, lang: str = "en") -> list[Line]:
    """The legend's lines of the marks the awards' places carry (the lot's, with its ``seed``; the play-off's), as
    the standings' legend says them."""
    return place_marks(lang, any(a["lot"] is not None for a in awards), seed, any(a.get("playoff") for a in awards))


def prizes_view(awards: list[dict[str, Any]], rests: list[str], lang: str = "en",
                said: tuple[list[str], list[str]] = ([], []), seed: int | None = None) -> dict[str, Any]:
    """The prizes (:func:`tiebreak.app.prizes.prizes`) as ``prizes_table.html`` shows them: the headings in ``lang``,
    the place as the standings show it (``5-9`` shared, ``40*`` placed by lot), the amounts to the cent ("—" for a
    cup), the lines of the shared prizes' rests (``rests``, worded) and the
    standings' notes and warnings (``said``, worded: the round an event in play is after, the seed of a lot).

    >>> v = prizes_view([{"rank": 1, "place": "1", "start_no": 7, "name": "A", "prize": "place 1", "amount": 200,
    ...                   "left": 0, "lot": 2}], [], "ru")
    >>> v["heads"], v["awards"][0]["place"], v["awards"][0]["amount"], v["words"]["notes"]
    (['Место', '№', 'Участник', 'Приз', 'Сумма'], '1*', '200.00', 'Примечания')
    """
    fields = [FIELD_NAMES.text(k, lang) for k in ("prize", "amount")]  # field names, headings here
    return {"heads": [word("rank", lang), word("number", lang), word("name", lang), *(f[:1].upper() + f[1:] for f in fields)],
            "awards": [a | {"amount": "—" if a["amount"] is None else format_number(a["amount"], 2),
                            "place": prize_place(a)}  # as the standings show it
                       for a in awards],
            "rests": rests, "marks": site_lines(prize_marks(awards, seed, lang)), "notes": said[0], "warnings": said[1],
            "words": {k: SITE_WORDS.text(k, lang) for k in ("notes", "warnings", "warnings_more")}}


def prizes_text(awards: list[dict[str, Any]], rests: list[str], lang: str = "en", seed: int | None = None) -> str:
    """The prize table as text (``tiebreak prizes``): the headings and cells of :func:`prizes_view`, the HTML's and
    the page's, aligned; then the lines of what shared prizes leave over (``rests``) and the legend of the places'
    marks (``seed``: the lots').

    >>> print(prizes_text([{"rank": 1, "place": "1-2", "start_no": 7, "name": "A", "prize": "place 1", "amount": 75,
    ...                     "left": 0, "lot": None}], [], "ru"), end="")
    Место  №  Участник  Приз     Сумма
    -----  -  --------  -------  -----
      1-2  7  A         place 1  75.00
    """
    v = prizes_view(awards, rests, lang, seed=seed)
    body = [[a["place"], str(a["start_no"]), a["name"], a["prize"], a["amount"]] for a in v["awards"]]
    lines = [*text_table(v["heads"], body, {2, 3}), *rests, *text_lines(prize_marks(awards, seed, lang))]
    return "".join(f"{line}\n" for line in lines)


def prizes_html(awards: list[dict[str, Any]], rests: list[str], lang: str = "en", title: str | None = None,
                printed: datetime.date | None = None, said: tuple[list[str], list[str]] = ([], []),
                seed: int | None = None) -> str:
    """The prize table as HTML: the fragment the web page shows, or with ``title`` the page of ``tiebreak prizes
    --format html`` (extending the page of every download; ``printed``: the date its page box says, the event's
    own as the standings'); ``said``: the standings' notes and warnings, worded, under the table; ``seed``:
    the lots' (the legend of the places' marks)."""
    from .html import print_style  # noqa: PLC0415  start-up: the page's renderer only for a page (+14 ms)

    v = prizes_view(awards, rests, lang, said, seed)
    if title is None:
        return environment().get_template("prizes_table.html").render(**v)
    return environment().get_template("prizes_page.html").render(lang=lang, title=title,
                                                                style=print_style(title, lang, printed), **v) + "\n"
