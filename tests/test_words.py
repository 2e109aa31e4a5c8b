"""Every word of every face in one place, each English text once, one translation for one English (issue 33).

The tables of words live in ``tiebreak/render/words.py``; a text that two tables show is a term of ``TERMS``
(context ``term``) that both refer to.  Outside values: the catalogues (``.po``, read by Babel, an independent
parser) and the glossary's words written here by hand from docs/glossary.md.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
from collections import Counter
from pathlib import Path

import pytest

import tiebreak
from tiebreak.render import words
from tiebreak.render.words import TERMS, Table, Term

PKG = Path(tiebreak.__file__).parent
LOCALE = PKG / "render" / "locale"
#: English texts that name two things, each translated its own way, with the contexts that tell them apart (and why)
TWO_THINGS = {
    "not yet played": {"site:pending": "a game: «партия», feminine (ещё не сыграна)",
                       "site:match_pending": "a match: «матч», masculine (ещё не сыгран)"},
    "players": {"word:players_count": "after a count: «6 участников» (genitive)",
                "file section": "a section of a Swiss-Manager file by its name: «участники» (nominative)"},
}
TABLES = [t for t in vars(words).values() if isinstance(t, Table)]


def test_every_table_of_words_is_in_the_words_module():
    # a module that makes a table imports Table; only words.py does (sqlalchemy's Table of live/history is another)
    makers = []
    for path in PKG.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] in ("words", "i18n") \
                    and any(a.name == "Table" for a in node.names):
                makers.append(path.relative_to(PKG).as_posix())
    assert makers == []
    ours = {id(t) for t in TABLES}
    for m in pkgutil.walk_packages(tiebreak.__path__, "tiebreak."):
        if "migrations" in m.name or m.name.endswith("__main__"):
            continue
        try:
            module = importlib.import_module(m.name)
        except ImportError:  # an extra that is not installed
            continue
        elsewhere = [name for name, v in vars(module).items() if isinstance(v, Table) and id(v) not in ours]
        assert not elsewhere, (m.name, elsewhere)


def test_no_english_text_is_defined_in_two_tables():
    defined = Counter(str(en) for t in TABLES for en in t.english.values() if t is TERMS or not isinstance(en, Term))
    defined.update(text for counts in words.COUNTS.values() for pair in counts.values() for text in pair)
    twice = {en: n for en, n in defined.items() if n > 1 and en not in TWO_THINGS}
    assert twice == {}, "a text that two tables show is a term of TERMS: refer to it with term(key)"
    # a reference is to a term of the glossary, by its key
    terms = set(TERMS.english.values())
    assert all(en in terms for t in TABLES for en in t.english.values() if isinstance(en, Term))
    assert sum(isinstance(en, Term) for t in TABLES if t is not TERMS for en in t.english.values()) > len(terms)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_one_english_text_has_one_translation(lang):
    pofile = pytest.importorskip("babel.messages.pofile")
    with open(LOCALE / lang / "LC_MESSAGES" / "tiebreak.po", "rb") as f:
        catalogue = pofile.read_po(f)
    said: dict[object, dict[str | None, object]] = {}
    for m in catalogue:
        if m.id:
            key = m.id if isinstance(m.id, str) else tuple(m.id)
            said.setdefault(key, {})[m.context] = m.string if isinstance(m.string, str) else tuple(m.string)
    two_ways = {en: contexts for en, contexts in said.items() if len(set(contexts.values())) > 1}
    explained = {en: contexts for en, contexts in two_ways.items()
                 if en in TWO_THINGS and set(contexts) == set(TWO_THINGS[en])}
    assert two_ways == explained


@pytest.mark.parametrize(("lang", "mp", "players", "round_"), [("ru", "МО", "Участники", "Т"),
                                                               ("uk", "МО", "Учасники", "Т")])
def test_the_faces_say_the_glossary_word(lang, mp, players, round_):
    # match points in the check report and the team standings; players on the live screen and the site; a round's
    # letter in the check report ("Т6") and in the explanation
    assert words.CHECK_WORDS.text("mp", lang) == words.TEAM_WORDS.text("mp", lang) == mp
    assert words.LIVE_WORDS.text("show_players", lang) == words.SITE_WORDS.text("players", lang) == players
    assert words.CHECK_WORDS.text("round", lang) == words.EXPLAIN_WORDS.text("r", lang) == round_


#: the tables whose keys are the data's own (field names, kinds of rounds, odds models, team tie-break codes)
DATA_TABLES = (words.FIELD_NAMES, words.KINDS, words.MODELS, words.TEAM_NAMES)


def _sources() -> str:
    """The package's code, templates and scripts, but for the tables of words themselves."""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(PKG.rglob("*"))
                     if p.suffix in (".py", ".html", ".js") and p != PKG / "render" / "words.py")


def test_every_word_of_a_table_is_shown_somewhere():
    """A word no face shows is not kept (nor translated): each key of a table is named in the code, a template or a
    script, whole (``w.history_hint``, ``_w("differs", …)``) or built from its first part (``"col_" + c``,
    ``f"rule_{r.system}"``, ``team_{{ t }}``); each term of the glossary is a table's or named in the code."""
    import re

    code = _sources()
    names = set(re.findall(r"\w+", code))  # every whole word of the code once (a search per key took seconds)

    def named(k: str) -> bool:
        return k in names if re.fullmatch(r"\w+", k) else bool(re.search(rf"\b{re.escape(k)}\b", code))

    built = set(re.findall(r"\b([a-z]+_)(?:\{|['\"]\s*\+)", code))
    unused = [f"{t.name}:{k}" for t in TABLES if t is not TERMS and all(t is not d for d in DATA_TABLES) for k in t
              if not named(k) and k.split("_")[0] + "_" not in built]
    assert unused == []
    referred = {str(en) for t in TABLES if t is not TERMS for en in t.english.values() if isinstance(en, Term)}
    assert [k for k, en in TERMS.english.items() if str(en) not in referred and not named(k)] == []


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_catalogues_hold_no_word_the_tables_no_longer_have(lang):
    """An entry of a table's context (``live:moved_up``) whose key the table dropped or whose English it reworded is
    gone from the catalogue (``tools/terms_po.py`` removes them); a context a message of the code names
    (``prize:place``) is the message's."""
    import re

    pofile = pytest.importorskip("babel.messages.pofile")
    with open(LOCALE / lang / "LC_MESSAGES" / "tiebreak.po", "rb") as f:
        catalogue = pofile.read_po(f)
    english = {t.name: {k: [str(en)] for k, en in t.english.items()} for t in TABLES}
    for name, counts in words.COUNTS.items():
        english.setdefault(name, {}).update({k: [one] for k, (one, _) in counts.items()})
    messages = set(re.findall(r'context="([^"]+)"', _sources()))
    stale = []
    for m in catalogue:
        name, _, key = (m.context or "").partition(":")
        if key and name in english and m.context not in messages:
            singular = m.id if isinstance(m.id, str) else m.id[0]
            table = next(t for t in TABLES if t.name == name)
            if singular not in english[name].get(key, []) or (key in table and table.context(key) != m.context):
                stale.append((m.context, singular))  # (a word now under another context: a term, a tie-break name)
    assert stale == []


def test_a_team_tie_break_named_as_an_individual_one_has_its_one_entry():
    """Buchholz, Koya system, number of wins… are one name of players and of teams: one entry, context
    ``tie-break`` (the seeds' names), so a team's legend and a player's say the same."""
    from tiebreak.engine.registry import CATALOGUE
    from tiebreak.render.i18n import tiebreak_name

    shared = [code for code in words.TEAM_NAMES if words.TEAM_NAMES.english[code] in
              {d.name for d in CATALOGUE.values()}]
    assert sorted(shared) == ["AOB", "BH", "FB", "KS", "PS", "STD", "WIN"]
    for code in shared:
        assert words.TEAM_NAMES.context(code) == "tie-break"
        for lang in ("ru", "uk"):
            assert words.TEAM_NAMES.text(code, lang) == tiebreak_name(CATALOGUE[code], lang)
    assert words.TEAM_NAMES.text("BH", "ru") == "Коэффициент Бухгольца"  # docs/glossary.md
