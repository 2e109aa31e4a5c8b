"""The words of the web page in one language: the page's own (context ``page:<key>`` in the gettext catalogues; the
words of its standings part the server renders: tiebreak.render.page_standings), the
words of the standings, the kinds of rounds, the player columns, the category and team rankings and the sources of
values.  The page asks for them
again when the reader changes the language, so nothing loaded is lost.

>>> w = page_words("uk")
>>> w["page"]["opponent"], w["kinds"]["FORFEIT_WIN"], w["columns"]["rating"]
('Суперник', 'перемога без гри', 'Рейт')
"""

from __future__ import annotations

import json
import re
import string
from typing import Any

from ..engine.errors import Place
from ..engine.messages import Message, Term, TieBreakList
from ..engine.specifier import MAX_LIST
from ..engine.standings import SOURCES, TEAM_SOURCES
from ..render.i18n import LANGUAGES, catalogue, message, place_text, plurals
from ..render.words import COLUMN_HEADINGS, GROUPS_WORDS, KINDS, PAGE_WORDS, RATINGS_WORDS, TEAM_PANEL, TEAM_WORDS, WORDS


def page_words(lang: str) -> dict[str, dict[str, str]]:
    """Every word the page shows, in ``lang`` (English for a language the package has not)."""
    lang = lang if lang in LANGUAGES else "en"
    return {
        "page": {k: PAGE_WORDS[k][lang] for k in PAGE_WORDS},
        "words": {k: WORDS[k][lang] for k in WORDS},
        "kinds": {k: KINDS[k][lang] for k in KINDS},
        "columns": {k: COLUMN_HEADINGS[k][lang] for k in COLUMN_HEADINGS},
        "groups": {k: GROUPS_WORDS[k][lang] for k in GROUPS_WORDS},
        "ratings": {k: RATINGS_WORDS[k][lang] for k in RATINGS_WORDS},
        "sources": {en: message(en, lang) for en in (SOURCES | TEAM_SOURCES).values()},
        "team": team_panel_words(lang),
    }


def team_panel_words(lang: str = "en") -> dict[str, str]:
    """Every word the page's explanation panel of a team needs, in ``lang``.

    >>> team_panel_words("uk")["matches"], team_panel_words("ru")["mp"]
    ('Матчі', 'МО')
    """
    return {**{k: TEAM_WORDS.text(k, lang) for k in ("mp", "gp", "bye", "no_match")},
            **{k: TEAM_PANEL.text(k, lang) for k in TEAM_PANEL}}


#: the identifiers a message read from JSON may have besides the catalogue's: values and punctuation only
_PUNCTUATION_ONLY = re.compile(r"(?:\{\}|[^{}A-Za-z])*")
_FIELDS = string.Formatter()


def message_from_json(obj: object, depth: int = 0) -> str:
    """A message that came as JSON (:func:`tiebreak.engine.messages.to_json`: an answer's ``said``) as a
    :class:`~tiebreak.engine.messages.Message` again, or a text as it is.  Only an identifier of the catalogue (or
    one of values and punctuation) with as many values as it has fields is taken: the JSON may come from anyone.

    >>> message(message_from_json({"id": "round {}: player {} has two games or byes", "values": ["3", "7"]}), "uk")
    'тур 3: учасник 7 має дві партії або два тури без гри'
    >>> message_from_json({"id": "{0.__class__}", "values": ["x"]})
    Traceback (most recent call last):
    ValueError: not a message of the catalogue
    >>> message(message_from_json({"id": "{} round", "values": ["22"], "plural": "{} rounds", "count": 22}), "ru")
    '22 тура'
    >>> message(message_from_json({"id": "{} ({})", "values": [{"term": "round robin"}, "Round"]}), "ru")
    'круговая система (Round)'
    """
    if isinstance(obj, str):
        return obj
    if not isinstance(obj, dict) or depth > 4:
        raise ValueError("not a message")
    if "list" in obj:
        return _tiebreak_list(obj)
    if "term" in obj:  # a word of the catalogue (a system's name, an error's reason): worded again
        term = obj["term"]
        if not (isinstance(term, str) and len(term) <= 200):
            raise ValueError("not a term")
        return Term(term)
    template, context = obj.get("id"), obj.get("context")
    values, named = obj.get("values", []), obj.get("named", {})
    plural, count = obj.get("plural"), obj.get("count")
    if not (isinstance(template, str) and (context is None or isinstance(context, str)) and isinstance(values, list)
            and isinstance(named, dict) and (plural is None) == (count is None)):
        raise ValueError("not a message")
    _check_identifier(template, context, plural, count)
    fields = _field_names(template)
    if fields.count("") != len(values) or {f for f in fields if f} != set(named) or \
            any(not (f == "" or f.isidentifier()) for f in fields):
        raise ValueError("the values do not fit the message")
    return Message(template, *(message_from_json(v, depth + 1) for v in values), context=context, plural=plural,
                   count=count, **{str(k): message_from_json(v, depth + 1) for k, v in named.items()})


def _check_identifier(template: str, context: str | None, plural: object, count: object) -> None:
    """Refuse an identifier that is not the catalogue's (or one of values and punctuation); a message with a count:
    its plural identifier the catalogue's, with the same fields, its count a number."""
    if plural is None:
        if (context, template) not in catalogue("ru") and not (context is None and _PUNCTUATION_ONLY.fullmatch(template)):
            raise ValueError("not a message of the catalogue")
        return
    if not (isinstance(count, int) and not isinstance(count, bool) and 0 <= count < 10**12):
        raise ValueError("not a message")
    if (context, template) not in plurals("ru") or not isinstance(plural, str) or len(plural) > 2 * len(template) + 40:
        raise ValueError("not a message of the catalogue")
    if _field_names(plural) != _field_names(template):
        raise ValueError("the values do not fit the message")


def _field_names(template: str) -> list[str]:
    return [f for _, f, _, _ in _FIELDS.parse(template) if f is not None]


def _tiebreak_list(obj: dict[str, Any]) -> TieBreakList:
    """A tie-break list named in a message (:class:`~tiebreak.engine.messages.TieBreakList` as JSON), bounded: the
    JSON may come from anyone.

    >>> message_from_json({"list": ["PTS", "EDE"], "primary": "MP"}).codes
    ('PTS', 'EDE')
    """
    codes, primary = obj.get("list"), obj.get("primary", "PTS")
    if not (isinstance(codes, list) and len(codes) <= MAX_LIST and isinstance(primary, str) and len(primary) <= 8
            and all(isinstance(c, str) and len(c) <= 40 for c in codes)):  # 40: a code with its modifiers
        raise ValueError("not a tie-break list")
    return TieBreakList(codes, primary)


def translate(text: str, lang: str) -> str:
    """A note or warning of a JSON answer in ``lang``: the page sends each as the answer's ``said`` has it (a message
    as JSON: its identifier and values; a warning with its place), never the English to be read back.  A text that
    is not JSON is an identifier without values.

    >>> translate('{"id": "round {}: player {} has two games or byes", "values": ["3", "7"]}', "uk")
    'тур 3: учасник 7 має дві партії або два тури без гри'
    >>> translate('{"place": {"file": "x.trf", "line": 4, "column": 1, "field": "points"}, '
    ...           '"message": {"id": "{} is not a number", "values": ["x"]}}', "ru")
    'x.trf, строка 4, столбец 1 (очки): x — не число'
    """
    if not text.startswith("{"):  # anything a client sends: shown as it came unless it is an identifier
        return catalogue(lang).get((None, text), text) if lang in ("ru", "uk") else text
    try:
        obj = json.loads(text)
        if isinstance(obj, dict) and "place" in obj:
            return f"{place_text(_place(obj['place']), lang)}: {message(message_from_json(obj.get('message')), lang)}"
        return message(message_from_json(obj), lang)
    except (ValueError, TypeError, RecursionError):  # not a message of ours: shown as it came
        return text


def _place(obj: object) -> Place:
    if not isinstance(obj, dict):
        raise ValueError("not a place")
    file, line, column, field = (obj.get(k) for k in ("file", "line", "column", "field"))
    if isinstance(field, dict):  # a place inside a binary file or a database, as a message
        field = message_from_json(field)
    if not (isinstance(file, str) and isinstance(field, (str, type(None)))
            and all(x is None or (isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 10**12)
                    for x in (line, column))):
        raise ValueError("not a place")
    return Place(file, line, column, field or "")
