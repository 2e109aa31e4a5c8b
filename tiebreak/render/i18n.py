"""Words of the human-readable outputs in English, Russian and Ukrainian (machine formats are never localised).

English is written in the code; Russian and Ukrainian are in the gettext catalogues
``tiebreak/render/locale/<lang>/LC_MESSAGES/tiebreak.po`` (compiled to ``.mo``), which translators edit with their
usual tools (Poedit, Weblate, Lokalize). Messages (errors, warnings, notes) are looked up by their English text with
``{}`` for each value inserted at run time (``{0}``, ``{1}``... in a translation are those values in their English
order); words of tables and pages by a context ``<table>:<key>`` (``word:rank``). Tie-break names come from the
catalogue of tie-breaks (``names`` of each entry, after the seeds and ../shared/spec/glossary.md).

>>> word("points", "uk")
'Очки'
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.messages import Message

if TYPE_CHECKING:
    from ..engine.errors import InputWarning, Place, TiebreakError
    from ..engine.registry import TieBreakDef
    from ..engine.specifier import TieBreakSpec

LANGUAGES = ("en", "ru", "uk")
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "tiebreak"
#: the context of the common terms (docs/glossary.md): a text of any table that is a term of the glossary is worded
#: by it, so the same English says the same Russian and Ukrainian on every face
GLOSSARY = "term"


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[tuple[str | None, str], str]:
    """(context or None, English) -> translation, for ``ru`` and ``uk`` (empty for English)."""
    if lang not in LANGUAGES or lang == "en":
        return {}
    t = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
    out: dict[tuple[str | None, str], str] = {}
    # GNUTranslations keeps the compiled catalogue in _catalog ("context\x04msgid" keys); gettext has no public
    # way to list the messages, and message() needs them all to match texts with values inserted
    for key, value in t._catalog.items():  # type: ignore[attr-defined]
        if not isinstance(key, str) or not key:
            continue
        ctx, sep, msgid = key.partition("\x04")
        out[(ctx, msgid) if sep else (None, key)] = value
    return out


@lru_cache(maxsize=None)
def _translations(lang: str) -> gettext.NullTranslations:
    if lang not in LANGUAGES or lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])


def plural(context: str, singular: str, plural_: str, n: int, lang: str = "en", **kw: object) -> str:
    """The sentence of a count ``n`` in the form the language gives it (gettext plural entries: one, few, many in
    Russian and Ukrainian), ``kw`` (with ``n``) put into its ``{name}`` fields; ``n`` is written grouped in thousands.

    >>> [plural("odds:exact", "exact: all {n} outcome", "exact: all {n} outcomes", k, "ru") for k in (1, 3, 81, 6000)]
    ['точно: все 1 исход', 'точно: все 3 исхода', 'точно: все 81 исход', 'точно: все 6\u202f000 исходов']
    >>> plural("live", "{n} place settled", "{n} places settled", 1)
    '1 place settled'
    """
    return plural_form(context, singular, plural_, n, lang).format(**{"n": grouped(n, lang), **kw})


def plural_form(context: str, singular: str, plural_: str, n: int, lang: str = "en") -> str:
    """The form of the sentence that a count ``n`` takes in ``lang``, its fields not filled."""
    return _translations(lang).npgettext(context, singular, plural_, n)


def grouped(n: int, lang: str = "en") -> str:
    """A whole number with its thousands grouped: ``6,000`` in English, ``6\u202f000`` (a narrow no-break space) in
    Russian and Ukrainian, where a comma reads as a decimal separator.

    >>> grouped(63000, "uk"), grouped(63000), grouped(999, "ru")
    ('63\u202f000', '63,000', '999')
    """
    text = f"{n:,}"
    return text if lang not in ("ru", "uk") else text.replace(",", "\u202f")


class Table(Mapping[str, dict[str, str]]):
    """English texts by key; ``table[key][lang]`` is the text in ``lang`` (the catalogue's entry with context
    ``<name>:<key>``, English where it has none).

    >>> Table("word", {"rank": "Rk"})["rank"]["ru"]
    'Место'
    """

    def __init__(self, name: str, english: dict[str, str]) -> None:
        self.name, self.english = name, english

    def __getitem__(self, key: str) -> dict[str, str]:
        return {lang: self.text(key, lang) for lang in LANGUAGES}

    def text(self, key: str, lang: str = "en", **kw: object) -> str:
        """The text of ``key`` in ``lang``, ``kw`` put into its ``{name}`` fields (only that language's catalogue is
        read: English output reads none).  A common term of the glossary is the glossary's word, whatever table
        shows it."""
        text = en = self.english[key]
        if lang != "en" and lang in LANGUAGES:
            words = catalogue(lang)
            text = words.get((GLOSSARY, en)) or words.get((f"{self.name}:{key}", en), en)
        return text.format(**kw) if kw else text

    def __iter__(self) -> Iterator[str]:
        return iter(self.english)

    def __len__(self) -> int:
        return len(self.english)


WORDS = Table("word", {
    'rank': 'Rk',
    'number': 'No',
    'name': 'Name',
    'team': 'Team',
    'points': 'Pts',
    'after_round': 'after round {k} of {n}',
    'swiss': 'Swiss',
    'round robin': 'round robin',
    'rules': 'rules',
    'cumulative_half_bye': 'Half-point bye in the cumulative score',
    'rule_set_default': "as the rules say",
    'deduct': 'deduct ½',
    'keep': 'keep',
    'compat': 'Reading of C.07',
    'points_from': 'Points',
    'points_results': 'from the round results',
    'points_column': "from the points column's reading",
    'compat_text': 'our reading of the text',
    'compat_reference': "the FIDE reference checker's",
    'compat_letter': '2023 Art. 15.2 to the letter',
    'lot': '* place decided by lot (seed {seed})',
    'legend': 'Tie-breaks',
    'cut': 'Cut-{n}',
    'median': 'Median-{n}',
    'crosstable': 'Crosstable',
    'undefined': '- = undefined',
    'title': 'Tie-break standings',
    'file': ('Tournament file (TRF, Swiss-Manager .tunx .turx .tutx .tumx, Sharly Chess .sce, Swiss-Chess .swt, '
             'Papi .papi, Chess-JSON, Chess-Results XML, PGN, CSV, XLSX)'),
    'example': 'or a bundled example',
    'event_number': 'Tournament number (a Sharly Chess database holds several)',
    'preset': 'Preset',
    'add': 'Add',
    'modifiers': 'modifiers, e.g. /C1',
    'download': 'Download',
    'explanation': 'Explanation (click a player)',
    'event': 'Event',
    'language': 'Language',
    'tools': 'Tools',
    'berger': 'Berger tables (13.16)',
    'players_count': 'players',
    'double': 'double round robin',
    'show': 'Show',
    'playoffs': 'Play-offs (13.2) for places',
    'series': 'Series of events: standings of a Grand Prix or a season',
    'series_files': "The events' files, in the order played (ranked by the list above)",
    'series_points': 'Series points',
    'series_points_hint': 'place:25,18,15... (points of each place) or score (the event score)',
    'series_best': 'Best events counted (empty: all)',
    'series_tiebreaks': 'Series tie-breaks (BEST, EVENTS, PLACES)',
    'playoff_results': 'Play-off results (stage KIND, then WHITE BLACK RESULT lines): the standings, prizes and '
                       'downloads place the tied players by them',
    'odds': 'Who can still win: odds of every place once the pending games are played',
    'round': 'Round',
    'prizes': 'Prizes (13.2.6): lines place,N,amount or category,EXPR,amount',
    'prize_method': 'Tied players',
    'shared': 'share the prizes',
    'hort': 'Hort system',
    'tiebreak': 'by tie-break',
    'varma': 'Varma tables (13.17): lines Name, FED',
    'seed': 'seed',
    'check': 'Check published standings',
    'published_file': "Published standings (CSV/XLSX or a saved HTML page; empty: the file's own ranks)",
    'publisher': 'Published by',
    'publisher_auto': 'the program the file names',
    'check_button': 'Check',
    'check_right': 'Right under the announced rules',
    'check_wrong': 'Differs from ours under the announced rules',
    'draw': 'Draw',
    'page_of': 'Page {page} of {pages}',
    'printed': 'printed {date}',
    'list_head': 'code       family  type source                          mods  name; unplayed rounds',
    'alias': 'alias {alias}',
    'ratings_head': 'No,Name,Rtg,Gms,Score,Exp,K,Change',
    'bye': 'bye',
    'preset_rules': 'rules {rules}',
    'white_short': 'w',
    'black_short': 'b',
    'crosstable_legend': ('12w1: opponent no. 12, White, won (b: Black); ½ draw, 0 lost; + / − won / lost by forfeit; '
                          'bye: pairing-allocated bye; 1 bye, ½ bye, 0 bye: full-point, half-point, zero-point bye'),
    'individual_codes': 'Individual events',
    'team_codes': 'Team events (C.07 Arts 11-13)',
})


#: what happened in a round (:class:`~tiebreak.engine.model.Kind`), as a reader names it
KINDS = Table("kind", {
    "WIN": "win", "DRAW": "draw", "LOSS": "loss", "WIN_SHORT": "win (less than one move)",
    "DRAW_SHORT": "draw (less than one move)", "LOSS_SHORT": "loss (less than one move)", "UNKNOWN": "result unknown",
    "FORFEIT_WIN": "forfeit win", "FORFEIT_LOSS": "forfeit loss", "DOUBLE_FORFEIT": "double forfeit",
    "PAB": "pairing-allocated bye", "FPB": "full-point bye", "HPB": "half-point bye", "ZPB": "zero-point bye",
    "ABSENT": "absent",
})


#: the outcome models of ``tiebreak odds`` (``--model``), as a reader names them
MODELS = Table("model", {"equal": "equal", "elo": "elo"})


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
    name = catalogue(lang).get(("tie-break", d.name))
    if name is None:
        _untranslated("tie-break", d.name)
    return name or d.name


def word(key: str, lang: str = "en", **kw: object) -> str:
    return WORDS.text(key, lang, **kw)


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


# ---------------------------------------------------------------------------------------------------- messages
#: words of error and warning lines (the place: file, line, column)
MESSAGE_WORDS = Table("message word", {
    'line': 'line',
    'column': 'column',
    'error': 'error',
    'warning': 'warning',
    'note': 'note',
    'usage': 'usage',  # the command line's syntax, shown with its errors
    'argument': 'argument',  # an option or argument of the command line, named in its errors
})
#: names of the fields of the input that messages and places name (TRF columns, Chess-JSON and form fields stay as
#: they are: they are names in the file)
FIELD_NAMES = Table("field", {name: name for name in (
    'starting rank',
    'rating',
    'points',
    'number of rounds',
    'rounds',
    'score system',
    'rating method',
    'header',
    'player',
    'prize',
    'amount',
    'kind',
    'play-off',
    'encoding',
    'team members',
    'team matches',
    'team boards',
    'after round',
    'swiss',
    'round robin',
    'start date',
    'end date',
    # what a converted file cannot hold (`convert` names them, joined by "; ")
    'event name',
    'dates',
    'event type',
    'tie-break list',
    'titles, sexes and birth dates',
    'team records',
    'other header records',
    'draw rate',
    'white advantage',
)})
_ROUND_FIELD = Table("round field", {k: f"round {{0}} {k}" for k in ("opponent", "result", "colour")})
#: messages that had no translation when they were worded in Russian or Ukrainian (they were shown in English):
#: the tests run every face in both and fail on any
UNTRANSLATED: set[tuple[str | None, str]] = set()
_WORD = re.compile(r"[A-Za-z]")
_LOWER_WORD = re.compile(r"\b[a-z]{2,}\b")


def messages() -> list[tuple[str, str, str]]:
    """Every message of the catalogues as (English, Russian, Ukrainian)."""
    ru, uk = catalogue("ru"), catalogue("uk")
    return [(en, text, uk.get((None, en), "")) for (ctx, en), text in ru.items() if ctx is None]


def field_name(name: str, lang: str = "en") -> str:
    """A field of the input named in ``lang`` (``starting rank``, ``round 3 opponent``, a list of fields joined by
    ``"; "``); other names as they are.

    >>> field_name("event name; team records", "uk")
    'назва турніру; записи команд'
    """
    if lang not in ("ru", "uk") or not name:
        return name
    if isinstance(name, Message):  # a place inside a binary file or a database (``byte 1389 (directory)``)
        return message(name, lang)
    if name in FIELD_NAMES:
        return FIELD_NAMES[name][lang]
    if "; " in name and all(part in FIELD_NAMES for part in name.split("; ")):  # a list of fields
        return "; ".join(FIELD_NAMES[part][lang] for part in name.split("; "))
    words = name.split()
    if len(words) == 3 and words[0] == "round" and words[1].isdigit() and words[2] in _ROUND_FIELD:
        return _ROUND_FIELD[words[2]][lang].format(words[1])
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
    if lang not in ("ru", "uk") or not text:
        return str(text)
    table = catalogue(lang)
    if not isinstance(text, Message):  # a text without values: its words are its identifier
        if field_name(text, lang) != text:  # a field of the input named by itself
            return field_name(text, lang)
        if (None, text) not in table and _LOWER_WORD.search(text):  # (a code, "C.07 8.1", reads the same everywhere)
            _untranslated(None, text)
        return table.get((None, text), text)
    translated = table.get((text.context, text.template))
    if translated is None and not _WORD.search(text.template):  # values and punctuation only ("{} + {}")
        translated = text.template
    if translated is None:
        _untranslated(text.context, text.template)
        return str(text)
    return translated.format(*(_value(v, lang) for v in text.args),
                             **{k: _value(v, lang) for k, v in text.named.items()})


def _untranslated(context: str | None, text: str) -> None:
    if len(UNTRANSLATED) < 1000:  # (a long-running server keeps no more)
        UNTRANSLATED.add((context, text))


def _value(value: object, lang: str) -> str:
    """A value of a message as it is put into the translation."""
    if isinstance(value, BaseException):
        said = getattr(value, "message", None)
        if said is None and value.args and isinstance(value.args[0], str):
            said = value.args[0]
        value = said if said is not None else str(value)
    if isinstance(value, Message):
        return message(value, lang)
    if isinstance(value, str):
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
