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
    # the web page
    "title": {"en": "Tie-break standings", "ru": "Итоговое положение по дополнительным показателям",
              "uk": "Підсумкове положення за тай-брейками"},
    "file": {"en": "Tournament file (TRF, Chess-JSON, PGN, CSV, XLSX)", "ru": "Файл турнира (TRF, Chess-JSON, PGN, CSV, XLSX)",
             "uk": "Файл турніру (TRF, Chess-JSON, PGN, CSV, XLSX)"},
    "example": {"en": "or a bundled example", "ru": "или пример из комплекта", "uk": "або приклад із комплекту"},
    "preset": {"en": "Preset", "ru": "Готовый список", "uk": "Готовий список"},
    "add": {"en": "Add", "ru": "Добавить", "uk": "Додати"},
    "modifiers": {"en": "modifiers, e.g. /C1", "ru": "модификаторы, напр. /C1", "uk": "модифікатори, напр. /C1"},
    "download": {"en": "Download", "ru": "Скачать", "uk": "Завантажити"},
    "explanation": {"en": "Explanation (click a player)", "ru": "Пояснение (нажмите на участника)",
                    "uk": "Пояснення (натисніть на учасника)"},
    "event": {"en": "Event", "ru": "Турнир", "uk": "Турнір"},
    "language": {"en": "Language", "ru": "Язык", "uk": "Мова"},
    "tools": {"en": "Tools", "ru": "Инструменты", "uk": "Інструменти"},
    "berger": {"en": "Berger tables (13.16)", "ru": "Таблицы Бергера (13.16)", "uk": "Таблиці Бергера (13.16)"},
    "players_count": {"en": "players", "ru": "участников", "uk": "учасників"},
    "double": {"en": "double round robin", "ru": "двухкруговой", "uk": "двоколовий"},
    "show": {"en": "Show", "ru": "Показать", "uk": "Показати"},
    "playoffs": {"en": "Play-offs (13.2) for places", "ru": "Дополнительные соревнования (13.2) за места",
                 "uk": "Додаткові змагання (13.2) за місця"},
    "round": {"en": "Round", "ru": "Тур", "uk": "Тур"},
    "prizes": {"en": "Prizes (13.2.6): lines kind,place,amount", "ru": "Призы (13.2.6): строки вид,место,сумма",
               "uk": "Призи (13.2.6): рядки вид,місце,сума"},
    "prize_method": {"en": "Tied players", "ru": "Равные по очкам", "uk": "Рівні за очками"},
    "shared": {"en": "share the prizes", "ru": "делят призы", "uk": "ділять призи"},
    "hort": {"en": "Hort system", "ru": "система Хорта", "uk": "система Горта"},
    "tiebreak": {"en": "by tie-break", "ru": "по дополнительным показателям", "uk": "за додатковими показниками"},
    "varma": {"en": "Varma tables (13.17): lines Name, FED", "ru": "Таблицы Варма (13.17): строки Имя, ФЕД",
              "uk": "Таблиці Варма (13.17): рядки Ім'я, ФЕД"},
    "seed": {"en": "seed", "ru": "зерно жребия", "uk": "зерно жеребу"},
    "draw": {"en": "Draw", "ru": "Провести жеребьёвку", "uk": "Провести жеребкування"},
}


def word(key: str, lang: str = "en", **kw) -> str:
    text = WORDS[key].get(lang) or WORDS[key]["en"]
    return text.format(**kw) if kw else text
