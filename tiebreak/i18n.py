"""Words of the human-readable outputs in English, Russian and Ukrainian (machine formats are never localised).

Tie-break names come from the catalogue (``names`` of each entry, after the seeds and ../shared/spec/glossary.md).

>>> word("points", "uk")
'Очки'
"""

from __future__ import annotations

LANGUAGES = ("en", "ru", "uk")

WORDS = {
    "rank": {"en": "Rk", "ru": "Место", "uk": "Місце"},
    "number": {"en": "No", "ru": "Ном", "uk": "Ном"},
    "name": {"en": "Name", "ru": "Участник", "uk": "Учасник"},
    "team": {"en": "Team", "ru": "Команда", "uk": "Команда"},
    "points": {"en": "Pts", "ru": "Очки", "uk": "Очки"},
    "after_round": {"en": "after round {k} of {n}", "ru": "после {k}-го тура из {n}", "uk": "після {k}-го туру з {n}"},
    "swiss": {"en": "Swiss", "ru": "швейцарская система", "uk": "швейцарська система"},
    "round robin": {"en": "round robin", "ru": "круговая система", "uk": "колова система"},
    "rules": {"en": "rules", "ru": "правила", "uk": "правила"},
    "lot": {"en": "* place decided by lot (seed {seed})", "ru": "* место определено жребием (seed {seed})",
            "uk": "* місце визначено жеребом (seed {seed})"},
    "legend": {"en": "Tie-breaks", "ru": "Дополнительные показатели", "uk": "Тай-брейки"},
    "cut": {"en": "Cut-{n}", "ru": "усечение {n}", "uk": "скорочення-{n}"},
    "median": {"en": "Median-{n}", "ru": "медиана {n}", "uk": "усереднений-{n}"},
    "crosstable": {"en": "Crosstable", "ru": "Турнирная таблица", "uk": "Турнірна таблиця"},
    "undefined": {"en": "- = undefined", "ru": "- = не определено", "uk": "- = не визначено"},
}


def word(key: str, lang: str = "en", **kw) -> str:
    text = WORDS[key].get(lang) or WORDS[key]["en"]
    return text.format(**kw) if kw else text
