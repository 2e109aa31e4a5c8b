"""The gettext catalogues of Russian and Ukrainian (``tiebreak/render/locale/<lang>/LC_MESSAGES/tiebreak.po``,
compiled to ``.mo``) as the words and the messages read them.

>>> catalogue("ru")[(GLOSSARY, "MP")]
'МО'
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path

LANGUAGES = ("en", "ru", "uk")
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "tiebreak"
#: the context of the terms (:data:`tiebreak.render.words.TERMS`, after docs/glossary.md): a text that two tables
#: show is worded once, so the same English says the same Russian and Ukrainian on every face
GLOSSARY = "term"
#: the gettext context of the tie-break catalogue's names (a team tie-break of the same name shares it)
TIE_BREAK = "tie-break"


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
def plurals(lang: str) -> dict[tuple[str | None, str], tuple[str, ...]]:
    """(context or None, English singular) -> the forms of a sentence with a count (gettext's ``msgstr[0]``,
    ``msgstr[1]``...), for ``ru`` and ``uk`` (empty for English).

    >>> plurals("ru")[("live:places_settled", "{n} place settled")]
    ('определено {n} место', 'определено {n} места', 'определено {n} мест')
    """
    if lang not in LANGUAGES or lang == "en":
        return {}
    forms: dict[tuple[str | None, str], dict[int, str]] = {}
    for key, value in _translations(lang)._catalog.items():  # type: ignore[attr-defined]  # (as catalogue())
        if isinstance(key, tuple):  # a plural entry: ("context\x04msgid", form)
            ctx, sep, msgid = key[0].partition("\x04")
            forms.setdefault((ctx, msgid) if sep else (None, key[0]), {})[key[1]] = value
    return {k: tuple(v[i] for i in sorted(v)) for k, v in forms.items()}


@lru_cache(maxsize=None)
def _translations(lang: str) -> gettext.NullTranslations:
    if lang not in LANGUAGES or lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])


def plural_form(context: str | None, singular: str, plural_: str, n: int, lang: str = "en") -> str:
    """The form of the sentence that a count ``n`` takes in ``lang`` (the rule of the catalogue's ``Plural-Forms``),
    its fields not filled; the English when the catalogue has no such sentence.

    >>> [plural_form(None, "{} player", "{} players", n, "uk") for n in (1, 2, 5)]
    ['{0} учасник', '{0} учасники', '{0} учасників']
    """
    t = _translations(lang)
    return t.ngettext(singular, plural_, n) if context is None else t.npgettext(context, singular, plural_, n)
