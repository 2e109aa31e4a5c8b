"""The gettext catalogues (tiebreak/render/locale): the compiled .mo files say what the .po files say, and every word
of every table of the package has its Russian and Ukrainian translation there (messages are checked by
tests/test_messages.py)."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from tiebreak.render import i18n, words

LOCALE = Path(i18n.__file__).with_name("locale")
#: every table of words (tests/test_words.py: there are no others)
TABLES = [t for t in vars(words).values() if isinstance(t, words.Table)]


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_compiled_catalogue_matches_its_source(lang):
    pofile = pytest.importorskip("babel.messages.pofile")
    with open(LOCALE / lang / "LC_MESSAGES" / "tiebreak.po", "rb") as f:
        source = pofile.read_po(f)
    po = {(m.context, m.id): m.string for m in source if m.id and not m.pluralizable}
    assert po == i18n.catalogue(lang), "run: pybabel compile -d tiebreak/render/locale -D tiebreak"
    # sentences of a count: their three forms (1, 2, 5 in Russian and Ukrainian) as the .mo gives them
    plurals = [m for m in source if m.id and m.pluralizable]
    assert plurals and all(len(m.string) == 3 for m in plurals)
    for m in plurals:
        assert [i18n.plural_form(m.context, *m.id, n, lang) for n in (1, 2, 5)] == list(m.string), m.id
    assert not [m.id for m in source if m.id and (m.fuzzy or not m.string)]


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.name)
def test_every_word_is_translated(table):
    for lang in ("ru", "uk"):
        cat = i18n.catalogue(lang)
        # a term is the glossary's (context "term"), whatever table shows it
        missing = [k for k, en in table.english.items() if (table.context(k), en) not in cat]
        assert not missing, f"{lang}: no translation of {table.name}: {missing}"
        for key in table:
            en, text = table[key]["en"], table[key][lang]
            assert _fields(text) == _fields(en), (key, text)
            # a translation is Cyrillic unless it is a symbol or a code (+/-, '- = undefined' keeps its dash)
            assert re.search("[а-яіїєґА-ЯІЇЄҐ]", text) or not re.search("[A-Za-z]{3}", en), (key, text)


def test_a_word_falls_back_to_english_only_when_the_catalogue_has_none():
    table = words.Table("word", {"nowhere": "Nowhere"})
    assert table["nowhere"] == {"en": "Nowhere", "ru": "Nowhere", "uk": "Nowhere"}
    assert i18n.word("rank", "uk") == "Місце"


def test_every_kind_and_every_source_of_a_value_is_translated():
    from tiebreak import Kind
    from tiebreak.engine.standings import SOURCES

    assert set(words.KINDS) == {k.name for k in Kind}
    for lang in ("ru", "uk"):
        untranslated = [s for s in SOURCES.values() if i18n.message(s, lang) == s]
        assert not untranslated, f"{lang}: {untranslated}"
