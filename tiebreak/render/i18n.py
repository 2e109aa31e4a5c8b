"""Words of the human-readable outputs in English, Russian and Ukrainian (machine formats are never localised).

English is written in the code; Russian and Ukrainian are in the gettext catalogues
``tiebreak/render/locale/<lang>/LC_MESSAGES/tiebreak.po`` (compiled to ``.mo``), which translators edit with their
usual tools (Poedit, Weblate, Lokalize). Messages (errors, warnings, notes) are looked up by their English text with
``{}`` for each value inserted at run time (``{0}``, ``{1}``... in a translation are those values in their English
order); the words of tables and pages are the tables of :mod:`tiebreak.render.words` (context ``<table>:<key>``,
a common term ``term``). Tie-break names come from the catalogue of tie-breaks (``names`` of each entry, after the
seeds and ../shared/spec/glossary.md).

>>> word("points", "uk")
'Очки'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..engine.errors import InputError
from ..engine.messages import Count, Message, Term, TieBreakList
from ..engine.registry import CATALOGUE
from ..engine.team_tiebreaks import TEAM_ALIASES, TEAM_CATALOGUE, TEAM_MODIFIERS
from .catalogue import GLOSSARY, LANGUAGES, TIE_BREAK, catalogue, plural_form, plurals
from .columns import list_headings
from .words import COUNTS, FIELD_NAMES, KINDS, MESSAGE_WORDS, MODELS, TEAM_NAMES, WORDS

__all__ = ["GLOSSARY", "LANGUAGES", "UNTRANSLATED", "catalogue", "count_sentence", "field_name", "grouped", "kind_name",
           "message", "messages", "model_name", "percent", "place_text", "plural", "plural_form", "plurals", "problem",
           "team_catalogue", "tiebreak_name", "with_modifiers", "word"]

if TYPE_CHECKING:
    from ..engine.errors import InputWarning, Place, TiebreakError
    from ..engine.registry import TieBreakDef
    from ..engine.specifier import TieBreakSpec
    from ..views.standings import LegendEntry


def plural(context: str, singular: str, plural_: str, n: int, lang: str = "en", **kw: object) -> str:
    """The sentence of a count ``n`` in the form the language gives it (gettext plural entries: one, few, many in
    Russian and Ukrainian), ``kw`` (with ``n``) put into its ``{name}`` fields; ``n`` is written grouped in thousands.
    A word of a table with a count is worded as a message with a count (:func:`message`): one mechanism.

    >>> [plural("odds:exact", "exact: all {n} outcome", "exact: all {n} outcomes", k, "ru") for k in (1, 3, 81, 6000)]
    ['точно: все 1 исход', 'точно: все 3 исхода', 'точно: все 81 исход', 'точно: все 6\u202f000 исходов']
    >>> plural("live", "{n} place settled", "{n} places settled", 1)
    '1 place settled'
    """
    return _counted(context, singular, plural_, n, lang, kw)


def count_sentence(key: str, n: int, lang: str = "en", **kw: object) -> str:
    """A sentence of a count of :data:`~tiebreak.render.words.COUNTS` by its context (``check:differs``) in the form
    ``n`` takes in ``lang`` (:func:`plural`), ``kw`` put into its other fields.

    >>> [count_sentence("check:differs", k, "ru") for k in (1, 3, 5, 21)]
    ['1 расхождение', '3 расхождения', '5 расхождений', '21 расхождение']
    """
    table, _, name = key.partition(":")
    one, many = COUNTS[table][name]
    return _counted(key, one, many, n, lang, kw)


def _counted(context: str, singular: str, plural_: str, n: int, lang: str, values: dict[str, object]) -> str:
    """A sentence of a count worded as a message with a count (:func:`message`): one mechanism for both."""
    return message(Message(singular, context=context, plural=plural_, count=n, **{"n": Count(n), **values}), lang)


def grouped(n: int, lang: str = "en") -> str:
    """A whole number with its thousands grouped: ``6,000`` in English, ``6\u202f000`` (a narrow no-break space) in
    Russian and Ukrainian, where a comma reads as a decimal separator.

    >>> grouped(63000, "uk"), grouped(63000), grouped(999, "ru")
    ('63\u202f000', '63,000', '999')
    """
    text = f"{n:,}"
    return text if lang not in ("ru", "uk") else text.replace(",", "\u202f")


def percent(number: str, lang: str = "en") -> str:
    """A percentage as every face writes it (the odds of every face, the site's statistics): the number with a decimal
    point, as points are written in every language, then the sign: ``64.8%`` in English, ``64.8\u202f%`` (a narrow
    no-break space, as between the thousands) in Russian and Ukrainian, whose typography sets the sign apart.

    >>> percent("64.8"), percent("64.8", "ru"), percent("100", "uk")
    ('64.8%', '64.8\u202f%', '100\u202f%')
    """
    return number + ("\u202f%" if lang in ("ru", "uk") else "%")


def model_name(model: str, lang: str = "en") -> str:
    """``equal`` as ``равные шансы`` / ``рівні шанси``; a model the table does not know stays as it is."""
    return MODELS.text(model, lang) if model in MODELS else model


def kind_name(kind: str, lang: str = "en") -> str:
    """``FORFEIT_WIN`` as ``forfeit win`` / ``победа без игры`` / ``перемога без гри``."""
    return KINDS[kind][lang] if kind in KINDS else kind


def tiebreak_name(d: TieBreakDef, lang: str = "en") -> str:
    """The name of a tie-break of the catalogue in ``lang`` (context ``tie-break``; the seeds' and the glossary's
    names).

    >>> from tiebreak.engine.registry import CATALOGUE
    >>> tiebreak_name(CATALOGUE["BH"], "uk"), tiebreak_name(CATALOGUE["SB"], "ru")
    ('Бухгольц', 'Коэффициент Соннеборна-Бергера')
    """
    if lang not in ("ru", "uk"):
        return d.name
    name = catalogue(lang).get((TIE_BREAK, d.name))
    if name is None:
        _untranslated(TIE_BREAK, d.name)
    return name or d.name


def word(key: str, lang: str = "en", **kw: object) -> str:
    return WORDS.text(key, lang, **kw)


def after_round(k: int, n: int, lang: str = "en") -> str:
    """Which round standings are after, as every heading says it: after round ``k`` of ``n``, or before round 1 when
    no round counts yet (not "after round 0").

    >>> after_round(3, 7), after_round(0, 7, "uk")
    ('after round 3 of 7', 'перед 1-м туром з 7')
    """
    return word("after_round", lang, k=k, n=n) if k else word("before_first_round", lang, n=n)


def team_catalogue(lang: str = "en") -> list[dict[str, Any]]:
    """Every team tie-break as the API lists it (``team`` true): code, name in ``lang``, article, kind (A: among the
    tied teams; B: a value per team), modifiers (besides R and V, which every code takes, its own); ``MPTS``/``GPTS``
    are accepted for MP/GP.

    >>> [d for d in team_catalogue() if d["code"] == "EMGSB"][0]["modifiers"]
    'CMPSRV'
    >>> [d["name"] for d in team_catalogue("ru") if d["code"] == "EDE"]
    ['Расширенная личная встреча']
    """
    return [{"code": code, "name": TEAM_NAMES.text(code, lang), "article": d.article,
             "type": "A" if d.group is not None else "B", "modifiers": TEAM_MODIFIERS.get(code, "") + "RV",
             "family": "team", "team": True, "aliases": [a for a, c in TEAM_ALIASES.items() if c == code]}
            for code, d in TEAM_CATALOGUE.items()]


def with_modifiers(name: str, spec: TieBreakSpec, lang: str = "en") -> str:
    """A tie-break's name with its specifier's cut or median (``spec``: a :class:`TieBreakSpec`), as every legend and
    explanation writes it.

    >>> from tiebreak.engine.registry import parse
    >>> with_modifiers("Buchholz", parse("BH/C1"))
    'Buchholz, Cut-1'
    """
    if spec.cut:
        name += ", " + word("cut", lang, n=spec.cut)
    if spec.median:
        name += ", " + word("median", lang, n=spec.median)
    return name


def legend_name(entry: LegendEntry, lang: str = "en") -> str:
    """The name of a legend's entry (:func:`tiebreak.views.standings.legend_entries`) with its cut or median, as every legend
    words it; "" for a code no catalogue holds.

    >>> from tiebreak.engine.registry import parse_list
    >>> from tiebreak.views.standings import legend_entries
    >>> [legend_name(e, "ru") for e in legend_entries(parse_list("BH/C1,SB"))]
    ['Коэффициент Бухгольца, усечение-1', 'Коэффициент Соннеборна-Бергера']
    """
    if not entry.known:
        return ""
    if entry.team:
        name = TEAM_NAMES.text(entry.code, lang) if entry.code in TEAM_NAMES else entry.code
    else:
        name = tiebreak_name(CATALOGUE[entry.code], lang)
    return with_modifiers(name, entry.spec, lang)


# ---------------------------------------------------------------------------------------------------- messages
#: messages that had no translation when they were worded in Russian or Ukrainian (they were shown in English):
#: the tests run every face in both and fail on any
UNTRANSLATED: set[tuple[str | None, str]] = set()
_WORD = re.compile(r"[A-Za-z]")
_LOWER_WORD = re.compile(r"\b[a-z]{2,}\b")


def messages() -> list[tuple[str, str, str]]:
    """Every message of the catalogues as (English, Russian, Ukrainian); a message with a count once a form (its
    singular with each form, its plural with each form but the first: the values of each are those of the English)."""
    ru, uk = catalogue("ru"), catalogue("uk")
    out = [(en, text, uk.get((None, en), "")) for (ctx, en), text in ru.items() if ctx is None]
    plural_ru, plural_uk = plurals("ru"), plurals("uk")
    for (ctx, en), forms in plural_ru.items():
        if ctx is None:
            other = plural_uk.get((None, en), ("",) * len(forms))
            out += [(en, form, other[i] if i < len(other) else "") for i, form in enumerate(forms)]
    return out


def field_name(name: str, lang: str = "en") -> str:
    """A field of the input named in ``lang`` (``starting rank``, a list of fields joined by ``"; "``, a message such
    as ``round 3 opponent``, which the readers give with its values); other names as they are.

    >>> field_name("event name; team records", "uk")
    'назва турніру; записи команд'
    >>> field_name(Message("round {}", 7), "ru"), field_name(Message("round {} result", 7), "uk")
    ('тур 7', 'тур 7, результат')
    """
    if lang not in ("ru", "uk") or not name:
        return name
    if isinstance(name, Message):  # a round's field, a place inside a binary file or a database (``byte 1389``)
        return message(name, lang)
    if name in FIELD_NAMES:
        return FIELD_NAMES[name][lang]
    if "; " in name and all(part in FIELD_NAMES for part in name.split("; ")):  # a list of fields
        return "; ".join(FIELD_NAMES[part][lang] for part in name.split("; "))
    return name


def message(text: str, lang: str = "en") -> str:
    """A message (:class:`~tiebreak.engine.messages.Message`: its identifier and values) worded in ``lang`` by the
    catalogue; each value that is itself a message, an error or a field name is worded too, other values (numbers,
    names, quoted input) are kept as they are.  A plain text is a message without values.  A message the catalogue
    does not hold stays English and is noted in :data:`UNTRANSLATED` (the tests fail on it).

    >>> message(Message("round {}: player {} has two games or byes", 3, 7), "uk")
    'тур 3: учасник 7 має дві партії або два тури без гри'
    >>> message("starting rank", "ru")
    'стартовый номер'
    """
    if not text:
        return str(text)
    if lang not in ("ru", "uk"):  # English: the identifier's own words, a list named as the columns head it
        if isinstance(text, Message) and any(isinstance(v, TieBreakList) for v in text.args):
            return text.english.format(*(_value(v, lang) if isinstance(v, TieBreakList) else v for v in text.args),
                                       **text.named)
        return str(text)
    table = catalogue(lang)
    if not isinstance(text, Message):  # a text without values: its words are its identifier
        if field_name(text, lang) != text:  # a field of the input named by itself
            return field_name(text, lang)
        if (None, text) not in table and _LOWER_WORD.search(text):  # (a code, "C.07 8.1", reads the same everywhere)
            _untranslated(None, text)
        return table.get((None, text), text)
    translated = _translated(text, lang)
    if translated is None and not _WORD.search(text.template):  # values and punctuation only ("{} + {}")
        translated = text.template
    if translated is None:
        _untranslated(text.context, text.template)
        return str(text)
    return translated.format(*(_value(v, lang) for v in text.args),
                             **{k: _value(v, lang) for k, v in text.named.items()})


def _translated(text: Message, lang: str) -> str | None:
    """The translation of a message's identifier, in the form its count takes (gettext's ``npgettext``), or None."""
    if text.plural is None or text.plural_count is None:
        return catalogue(lang).get((text.context, text.template))
    if (text.context, text.template) not in plurals(lang):
        return None
    return plural_form(text.context, text.template, text.plural, text.plural_count, lang)


def _untranslated(context: str | None, text: str) -> None:
    if len(UNTRANSLATED) < 1000:  # (a long-running server keeps no more)
        UNTRANSLATED.add((context, text))


def _value(value: object, lang: str) -> str:
    """A value of a message as it is put into the translation (an error with its place, as its English text has
    it): a message, a count, a tie-break list or a :class:`~tiebreak.engine.messages.Term` (an error's own words
    among them) worded in ``lang``, any other text kept as it is (a player's or a team's name that reads as a word
    of the catalogue stays a name).

    >>> _value(Term("round robin"), "ru"), _value(Term("points"), "ru"), _value("points", "ru")   # a team "points"
    ('круговая система', 'очки', 'points')
    """
    if isinstance(value, InputError):
        return problem(value, lang)
    if isinstance(value, BaseException):
        said = getattr(value, "message", None)
        if said is None and value.args and isinstance(value.args[0], str):
            said = value.args[0]
        value = said if said is not None else Term(str(value))
    if isinstance(value, Message):
        return message(value, lang)
    if isinstance(value, Count):
        return grouped(value, lang)
    if isinstance(value, TieBreakList):
        return ", ".join(list_headings(value.codes, value.primary, lang))
    if isinstance(value, Term):
        named = field_name(value, lang)
        return named if named != value else catalogue(lang).get((None, value), value)
    return str(value)


def place_text(place: Place, lang: str = "en") -> str:
    """``file, line 3, column 5 (field)`` in ``lang``."""
    parts = [place.file or "<input>"]
    if place.line is not None:
        parts.append(f"{MESSAGE_WORDS.text('line', lang)} {place.line}")
    if place.column is not None:
        parts.append(f"{MESSAGE_WORDS.text('column', lang)} {place.column}")
    where = ", ".join(parts)
    return f"{where} ({field_name(place.field, lang)})" if place.field else where


def problem(e: TiebreakError | InputWarning, lang: str = "en") -> str:
    """An error (:class:`~tiebreak.engine.errors.TiebreakError`) or an :class:`~tiebreak.engine.errors.InputWarning` as the user
    reads it: the place, then the message, in ``lang``."""
    place = getattr(e, "place", None)
    text = getattr(e, "message", None)
    if text is None:
        first = e.args[0] if isinstance(e, Exception) and e.args else None
        return message(first if isinstance(first, Message) else str(e), lang)
    return f"{place_text(place, lang)}: {message(text, lang)}" if place else message(text, lang)
