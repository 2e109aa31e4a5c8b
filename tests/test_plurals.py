"""A count takes its plural form in every language (issue 33): gettext's plural entries, chosen by the count, for the
messages of the engine, the readers and the arbiter's tools and for the sentences of a count of the faces.

The rule is the one the GNU gettext manual gives for Russian and Ukrainian ("Plural forms", three forms):
``n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2`` — written out here for the
numbers a reader meets: 1 участник, 2 участника, 5 участников, 11 участников, 21 участник, 22 участника,
25 участников."""

from __future__ import annotations

import gettext
import re

import pytest
from sources import ROOT

from tiebreak.engine.messages import Message, counted, to_json
from tiebreak.engine.standings import detect_system
from tiebreak.render.catalogue import DOMAIN, LOCALE_DIR
from tiebreak.render.i18n import UNTRANSLATED, count_sentence, message
from tiebreak.web.page_words import message_from_json

NUMBERS = (1, 2, 5, 11, 21, 22, 25)
#: the form each number takes in Russian and Ukrainian (0: one, 1: few, 2: many), by the manual's rule above
FORMS = (0, 1, 2, 2, 0, 1, 2)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_catalogues_say_the_three_forms_of_the_language(lang):
    po = (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po").read_text(encoding="utf-8")
    assert re.search(r'"Plural-Forms: nplurals=3; plural=\(n%10==1 && n%100!=11 \? 0 : n%10>=2 && n%10<=4 && '
                     r'\(n%100<10 \|\| n%100>=20\) \? 1 : 2\);\\n"', po)
    compiled = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
    assert tuple(compiled.plural(n) for n in NUMBERS) == FORMS  # type: ignore[attr-defined]


#: "{} players and {} rounds" for each number, written by hand
SAID = {
    "en": ["1 player and 1 round", "2 players and 2 rounds", "5 players and 5 rounds", "11 players and 11 rounds",
           "21 players and 21 rounds", "22 players and 22 rounds", "25 players and 25 rounds"],
    "ru": ["1 участник и 1 тур", "2 участника и 2 тура", "5 участников и 5 туров", "11 участников и 11 туров",
           "21 участник и 21 тур", "22 участника и 22 тура", "25 участников и 25 туров"],
    "uk": ["1 учасник і 1 тур", "2 учасники і 2 тури", "5 учасників і 5 турів", "11 учасників і 11 турів",
           "21 учасник і 21 тур", "22 учасники і 22 тури", "25 учасників і 25 турів"],
}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_players_and_rounds_take_their_forms(lang):
    said = [message(Message("{} and {}", counted("player", n), counted("round", n)), lang) for n in NUMBERS]
    assert said == SAID[lang]


@pytest.mark.parametrize(("lang", "note"), [("en", "21 teams and 21 rounds"), ("ru", "21 команда и 21 тур"),
                                            ("uk", "21 команда і 21 тур")])
def test_the_system_note_of_a_round_robin_counts_in_the_language(lang, note):
    """21 teams in 21 rounds (one sits out each round): a round robin, said with both counts in their forms."""
    from tiebreak.engine.model import Player, Tournament

    system, why = detect_system(Tournament.build([Player(n) for n in range(1, 22)], 21), teams=True)
    assert system == "round robin"
    assert message(why, lang) == note


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_lot_note_agrees_with_its_count(lang):
    template = "{} player still tied after the list: drawn by lot with seed {} (the same seed repeats the draw)"
    plural = "{} players still tied after the list: drawn by lot with seed {} (the same seed repeats the draw)"
    starts = {"ru": ["2 участника остались равными", "5 участников остались равными", "21 участник остался равным"],
              "uk": ["2 учасники залишилися рівними", "5 учасників залишилися рівними",
                     "21 учасник залишився рівним"]}[lang]
    UNTRANSLATED.clear()
    said = [message(Message(template, n, 7, plural=plural, count=n), lang) for n in (2, 5, 21)]
    assert [s.split(" після")[0].split(" после")[0] for s in said] == starts
    assert not UNTRANSLATED


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["1 difference", "2 differences", "5 differences", "11 differences", "21 differences"]),
    ("ru", ["1 расхождение", "2 расхождения", "5 расхождений", "11 расхождений", "21 расхождение"]),
    ("uk", ["1 розбіжність", "2 розбіжності", "5 розбіжностей", "11 розбіжностей", "21 розбіжність"])])
def test_a_sentence_of_a_face_takes_its_form_by_the_same_mechanism(lang, said):
    assert [count_sentence("check:differs", n, lang) for n in NUMBERS[:5]] == said


@pytest.mark.parametrize(("lang", "heading"), [("en", "Team ranking (best 4 players)"),
                                               ("ru", "Командный зачёт (4 лучших участника)"),
                                               ("uk", "Командний залік (4 найкращі учасники)")])
def test_the_team_ranking_heading_counts_its_players(lang, heading):
    assert count_sentence("groups:ranking", 4, lang) == heading
    assert count_sentence("groups:ranking", 5, "ru") == "Командный зачёт (5 лучших участников)"


def test_a_count_sent_as_json_keeps_its_plural_and_comes_back():
    """``said`` carries a count's message as its singular identifier, its plural and the count that chooses; a
    client words it again in another language (/api/translate)."""
    m = Message("{} and {}", counted("team", 22), counted("round", 21))
    sent = to_json(m)
    assert sent == {"id": "{} and {}", "values": [{"id": "{} team", "values": ["22"], "plural": "{} teams", "count": 22},
                                                  {"id": "{} round", "values": ["21"], "plural": "{} rounds",
                                                   "count": 21}]}
    back = message_from_json(sent)
    assert (str(back), message(back, "uk")) == ("22 teams and 21 rounds", "22 команди і 21 тур")
    for bad in ({"id": "{} round", "values": ["2"], "plural": "{} rounds"},  # a plural without its count
                {"id": "{} round", "values": ["2"], "plural": "{} rounds {}", "count": 2},  # another field
                {"id": "{} round", "values": ["2"], "plural": "{} rounds", "count": "2"},
                {"id": "{} nothing", "values": ["2"], "plural": "{} nothings", "count": 2}):
        with pytest.raises(ValueError):
            message_from_json(bad)


@pytest.mark.parametrize(("lang", "said"), [("en", "Ann: place 2-3"), ("ru", "Ann: место 2-3"), ("uk", "Ann: місце 2-3")])
def test_a_shared_place_is_the_word_then_the_places(lang, said):
    """One form for a place, single or shared, on every face: the word, then the number (as the prizes, explain and
    the play-off say it: «место 2-3», never «2-3-е место»); an ordinal ending after a place that may be a range is
    in neither catalogue."""
    from tiebreak.render.words import LIVE_WORDS

    assert LIVE_WORDS.text("place_of", lang, name="Ann", n="2-3") == said
    if lang != "en":
        po = (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po").read_text(encoding="utf-8")
        assert not re.findall(r'\{(?:n|place|rank\w*|\d)\}-[а-яіїє]{1,3} (?:мест|місц)', po)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["1 of 1 round played", "3 of 7 rounds played", "2 of 21 rounds played", "0 of 22 rounds played"]),
    ("ru", ["сыграно 1 из 1 тура", "сыграно 3 из 7 туров", "сыграно 2 из 21 тура", "сыграно 0 из 22 туров"]),
    ("uk", ["зіграно 1 з 1 туру", "зіграно 3 з 7 турів", "зіграно 2 з 21 туру", "зіграно 0 з 22 турів"])])
def test_the_sites_rounds_played_agree_with_the_rounds_in_all(lang, said, tmp_path):
    """The website's home page says how many of the event's rounds are played: the noun takes the form of the
    rounds in all (genitive after «из», «з»: «из 21 тура», «из 22 туров»); it was «сыграно туров: 3 из 7» in every
    form.  The bundled example has 7 rounds, all played."""
    from tiebreak.cli import main

    assert [count_sentence("site:rounds_played", n, lang, k=k) for k, n in ((1, 1), (3, 7), (2, 21), (0, 22))] == said
    example = str(ROOT / "examples" / "hobsons-bay-cup-2025.trf")
    assert main(["site", example, "-o", str(tmp_path / "site"), "--lang", lang]) == 0
    home = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", (tmp_path / "site" / lang / "index.html").read_text("utf-8")))
    assert {"en": "7 of 7 rounds played", "ru": "сыграно 7 из 7 туров", "uk": "зіграно 7 з 7 турів"}[lang] in home
