"""Messages as identifiers with values: what the engine, the readers and the arbiter tools say, worded later.

A :class:`Message` is its English template (the gettext identifier: ``{}`` for each value, ``{{``/``}}`` for a
brace) and the values put into it.  It *is* the English text (a ``str``), so logs, exceptions and machine formats
read it as they always did; a renderer words it in the user's language by its identifier
(:func:`tiebreak.render.i18n.message`), never by reading the English back.  The engine imports nothing outside
itself, so the words live in the catalogues of ``tiebreak/render/locale``, not here.

>>> m = Message("round {}: player {} has two games or byes", 3, 7)
>>> m, m.template, m.args
('round 3: player 7 has two games or byes', 'round {}: player {} has two games or byes', (3, 7))
>>> Message("a {{literal}} brace")
'a {literal} brace'
>>> Message("{} of {}", Message("cut-{}", 1), "x").args[0].template
'cut-{}'
>>> Message("place {n}", context="prize:place", n=2)
'place 2'

A message with a count has two identifiers, as gettext's ``ngettext`` has: the singular (``template``) and the plural
(``plural``); ``count`` is the number that chooses the form (Russian and Ukrainian have three: 1 участник, 2
участника, 5 участников; the catalogues' ``Plural-Forms`` say which number takes which).  Two counts in one sentence
are two messages put into a third:

>>> [Message("{} player", k, plural="{} players", count=k) for k in (1, 2)]
['1 player', '2 players']
>>> teams, rounds = Message("{} team", 1, plural="{} teams", count=1), Message("{} round", 9, plural="{} rounds", count=9)
>>> Message("{} and {}", teams, rounds)
'1 team and 9 rounds'
"""

from __future__ import annotations

from collections.abc import Sequence


class Message(str):
    """An English text that keeps its identifier (``template``), its values (``args``) and its gettext context; a
    message with a count its plural identifier (``plural``) and the number that chooses the form (``count``)."""

    template: str
    args: tuple[object, ...]
    #: values of named fields (``{n}. place``), for words of a table with a context
    named: dict[str, object]
    context: str | None
    #: gettext's ``msgid_plural`` (the English of every count but 1), or None for a message without a count
    plural: str | None
    #: the number that chooses the form (the constructor's ``count``; ``str.count`` keeps its name)
    plural_count: int | None

    def __new__(cls, template: str, *args: object, context: str | None = None, plural: str | None = None,
                count: int | None = None, **named: object) -> Message:
        if (plural is None) != (count is None):
            raise TypeError("a message with a count gives both its plural and its count")
        english = plural if plural is not None and count != 1 else template
        self = super().__new__(cls, english.format(*args, **named) if args or named else _unescaped(english))
        self.template, self.args, self.named, self.context = template, args, named, context
        self.plural, self.plural_count = plural, None if count is None else int(count)
        return self

    @property
    def english(self) -> str:
        """The English identifier this message's count takes (the singular or the plural)."""
        return self.plural if self.plural is not None and self.plural_count != 1 else self.template

    def __reduce__(self) -> tuple[object, ...]:  # pickled (the web's worker processes) with its identifier
        return (_rebuild, (self.template, self.args, self.context, self.named, self.plural, self.plural_count))


class TieBreakList(str):
    """A tie-break list in a message (a default named in a note): its specifiers, the primary score among them
    (``PTS``, a team event's ``MP`` or ``GP``), which the renderers name as the standings' points column is headed
    (:func:`tiebreak.render.columns.list_headings`: «Очки», MP / «МО»), so a note never calls it otherwise.

    >>> TieBreakList(["PTS", "MPVGP", "EDE"], "MP")
    'MP, MPVGP, EDE'
    >>> TieBreakList(["PTS", "BH/C1"]).codes
    ('PTS', 'BH/C1')
    >>> import pickle; pickle.loads(pickle.dumps(TieBreakList(["PTS", "SB"], "GP"))).codes   # to a worker and back
    ('PTS', 'SB')
    """

    codes: tuple[str, ...]
    primary: str

    def __new__(cls, codes: list[str] | tuple[str, ...], primary: str = "PTS") -> TieBreakList:
        english = ", ".join(primary if c == "PTS" and primary != "PTS" else c for c in codes)
        self = super().__new__(cls, english)
        self.codes, self.primary = tuple(codes), primary
        return self

    def __reduce__(self) -> tuple[type[TieBreakList], tuple[tuple[str, ...], str]]:
        return (TieBreakList, (self.codes, self.primary))


class Term(str):
    """A word of the catalogue put into a message as a value — a pairing system (``swiss``), why a rule set is in
    force, a play-off's format, the fields a file cannot hold, an error's own words —, which the renderers word in the
    reader's language (:func:`tiebreak.render.i18n.message`).  Every other text value, a player's or a team's name, a
    file's, the input quoted, is kept as it is, even when it reads as a word of the catalogue (a team called "Round").

    >>> Message("{} ({})", Term("swiss"), "12 players and 9 rounds").args[0].__class__.__name__
    'Term'
    >>> import pickle; type(pickle.loads(pickle.dumps(Term("round robin")))).__name__   # to a worker and back
    'Term'
    """

    __slots__ = ()

    def __reduce__(self) -> tuple[type[Term], tuple[str]]:
        return (Term, (str(self),))


class Count(int):
    """A count in a message (a file's bytes, a table's rows): its thousands grouped as the language groups them when
    the message is worded (``8,198`` in English, ``8\u202f198`` in Russian and Ukrainian:
    :func:`tiebreak.render.i18n.grouped`); a start number, a line or a year is a plain ``int``, never grouped.

    >>> Message("file of {} bytes", Count(8198))
    'file of 8,198 bytes'
    """

    def __str__(self) -> str:
        return f"{int(self):,}"

    def __repr__(self) -> str:
        return f"Count({int(self)})"


#: counts of a thing said alone ("21 players"), put into sentences as a value: one identifier a thing on every face
COUNTED = {"player": ("{} player", "{} players"), "team": ("{} team", "{} teams"), "round": ("{} round", "{} rounds")}


def os_reason(e: OSError) -> Term:
    """The operating system's reason for an error (``No such file or directory``), a word the catalogue translates,
    or the error's text when it gives none."""
    return Term(e.strerror or str(e))


def counted(thing: str, n: int) -> Message:
    """``n`` things (:data:`COUNTED`) in the form the count takes.

    >>> Message("{} and {}", counted("player", 21), counted("round", 1))
    '21 players and 1 round'
    """
    one, many = COUNTED[thing]
    return Message(one, n, plural=many, count=n)


def _unescaped(template: str) -> str:
    return template.replace("{{", "{").replace("}}", "}")


def _rebuild(template: str, args: tuple[object, ...], context: str | None, named: dict[str, object],
             plural: str | None = None, count: int | None = None) -> Message:
    return Message(template, *args, context=context, plural=plural, count=count, **named)


def to_json(text: object) -> object:
    """A message as JSON data (its identifier, context and values, each value a message again or its text), so a
    face that words it later (the page, in the reader's language) gets the identifier, not the English; a plain text
    stays a text.

    >>> to_json(Message("round {}: {}", 3, Message("player {} is absent", 7)))
    {'id': 'round {}: {}', 'values': ['3', {'id': 'player {} is absent', 'values': ['7']}]}
    >>> to_json(Message("default {}", TieBreakList(["PTS", "EDE"], "MP")))
    {'id': 'default {}', 'values': [{'list': ['PTS', 'EDE'], 'primary': 'MP'}]}
    >>> to_json(Message("place {n}", context="prize:place", n=2))
    {'id': 'place {n}', 'values': [], 'context': 'prize:place', 'named': {'n': '2'}}
    >>> to_json(Message("{} player", 21, plural="{} players", count=21))
    {'id': '{} player', 'values': ['21'], 'plural': '{} players', 'count': 21}
    >>> to_json(Message("{} ({})", Term("swiss"), "Round"))   # a word to translate, a name kept
    {'id': '{} ({})', 'values': [{'term': 'swiss'}, 'Round']}
    """
    if isinstance(text, BaseException):  # an error inserted in a message: its message
        said = getattr(text, "message", None)
        text = said if said is not None else text.args[0] if text.args and isinstance(text.args[0], str) else str(text)
    if isinstance(text, TieBreakList):  # its codes, so a face wording it later heads the points as its columns do
        return {"list": list(text.codes), "primary": text.primary}
    if isinstance(text, Term):  # a word a face words later (any other text is kept as it is)
        return {"term": str(text)}
    if not isinstance(text, Message):
        return str(text)
    out: dict[str, object] = {"id": text.template, "values": [to_json(v) for v in text.args]}
    if text.context is not None:
        out["context"] = text.context
    if text.named:
        out["named"] = {k: to_json(v) for k, v in text.named.items()}
    if text.plural is not None:  # gettext's msgid_plural and the number that chooses the form
        out["plural"], out["count"] = text.plural, text.plural_count
    return out


def said(notes: Sequence[str], warnings: Sequence[object]) -> dict[str, list[object]]:
    """The notes and warnings of an answer as JSON messages (:func:`to_json`); a warning with a place has it
    beside its message (``{"place": {...}, "message": ...}``), a warning said once for many alike
    (:func:`tiebreak.engine.errors.grouped`) each of them in ``occurrences``."""
    def warning(w: object) -> object:
        place = getattr(w, "place", None)
        text = to_json(getattr(w, "message", w))
        if place is None:
            return text
        line, column = (None if x is None else int(x) for x in (place.line, place.column))  # numpy's, from a reader
        out = {"place": {"file": place.file, "line": line, "column": column, "field": to_json(place.field)},
               "message": text}
        if occurrences := getattr(w, "occurrences", ()):  # a warning said once for many alike: each of them
            out["occurrences"] = [warning(x) for x in occurrences]
        return out

    return {"notes": [to_json(n) for n in notes], "warnings": [warning(w) for w in warnings]}


def replaced(text: str, old: str, new: str) -> str:
    """``text`` with ``old`` replaced by ``new`` in its values (a message stays a message: a server's temporary path
    replaced by the file's name as the user knows it).

    >>> m = replaced(Message("{} is not a file", "/tmp/x/a.trf"), "/tmp/x/a.trf", "a.trf")
    >>> m, m.template
    ('a.trf is not a file', '{} is not a file')
    """
    if not isinstance(text, Message):
        return type(text)(text.replace(old, new)) if isinstance(text, Term) else text.replace(old, new)
    def value(v: object) -> object:
        return replaced(v, old, new) if isinstance(v, str) else v
    return Message(text.template, *map(value, text.args), context=text.context, plural=text.plural,
                   count=text.plural_count, **{k: value(v) for k, v in text.named.items()})
