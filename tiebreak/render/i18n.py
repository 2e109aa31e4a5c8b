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
    "check": {"en": "Check published standings", "ru": "Проверка опубликованного положения",
              "uk": "Перевірка опублікованого положення"},
    "published_file": {"en": "Published standings (CSV/XLSX; empty: the file's own ranks)",
                       "ru": "Опубликованное положение (CSV/XLSX; пусто: места из самого файла)",
                       "uk": "Опубліковане положення (CSV/XLSX; порожньо: місця з самого файлу)"},
    "check_button": {"en": "Check", "ru": "Проверить", "uk": "Перевірити"},
    "check_right": {"en": "Right under the announced rules", "ru": "Верно по объявленным правилам",
                    "uk": "Правильно за оголошеними правилами"},
    "check_wrong": {"en": "Differs from ours under the announced rules", "ru": "Расходится с нашим по объявленным правилам",
                    "uk": "Розходиться з нашим за оголошеними правилами"},
    "draw": {"en": "Draw", "ru": "Провести жеребьёвку", "uk": "Провести жеребкування"},
}


def word(key: str, lang: str = "en", **kw) -> str:
    text = WORDS[key].get(lang) or WORDS[key]["en"]
    return text.format(**kw) if kw else text


# ---------------------------------------------------------------------------------------------------- messages
#: words of error and warning lines (the place: file, line, column)
MESSAGE_WORDS = {
    "line": {"en": "line", "ru": "строка", "uk": "рядок"},
    "column": {"en": "column", "ru": "столбец", "uk": "стовпець"},
    "error": {"en": "error", "ru": "ошибка", "uk": "помилка"},
    "warning": {"en": "warning", "ru": "предупреждение", "uk": "попередження"},
    "note": {"en": "note", "ru": "примечание", "uk": "примітка"},
}
#: names of the fields of the input that messages and places name (TRF columns, Chess-JSON and form fields stay as
#: they are: they are names in the file)
FIELD_NAMES = {
    "starting rank": {"ru": "стартовый номер", "uk": "стартовий номер"},
    "rating": {"ru": "рейтинг", "uk": "рейтинг"},
    "points": {"ru": "очки", "uk": "очки"},
    "number of rounds": {"ru": "число туров", "uk": "кількість турів"},
    "rounds": {"ru": "туры", "uk": "тури"},
    "score system": {"ru": "система подсчёта очков", "uk": "система підрахунку очок"},
    "rating method": {"ru": "способ учёта рейтинга", "uk": "спосіб урахування рейтингу"},
    "header": {"ru": "заголовок", "uk": "заголовок"},
    "player": {"ru": "участник", "uk": "учасник"},
    "prize": {"ru": "приз", "uk": "приз"},
    "amount": {"ru": "сумма", "uk": "сума"},
    "kind": {"ru": "вид", "uk": "вид"},
    "encoding": {"ru": "кодировка", "uk": "кодування"},
    "team members": {"ru": "состав команды", "uk": "склад команди"},
    "team matches": {"ru": "матчи команд", "uk": "матчі команд"},
    "team boards": {"ru": "доски команды", "uk": "дошки команди"},
    "after round": {"ru": "после тура", "uk": "після туру"},
    # the event types the notes name
    "swiss": {"ru": "швейцарская система", "uk": "швейцарська система"},
    "round robin": {"ru": "круговой турнир", "uk": "коловий турнір"},
}
_ROUND_FIELD = {"opponent": {"ru": "тур {0}, соперник", "uk": "тур {0}, суперник"},
                "result": {"ru": "тур {0}, результат", "uk": "тур {0}, результат"},
                "colour": {"ru": "тур {0}, цвет", "uk": "тур {0}, колір"}}
_COMPILED: list | None = None


def _compiled() -> list:
    """The message catalogue as (pattern, translations), most specific (longest fixed text) first."""
    global _COMPILED
    if _COMPILED is None:
        import re

        from .messages import MESSAGES

        # a value is a field name when it can be ("starting rank 'x' is not a number"), else the shortest text
        value = "((?:" + "|".join(re.escape(k) for k in sorted(FIELD_NAMES, key=len, reverse=True)) + ")|.+?)"
        out = []
        for en, ru, uk in MESSAGES:
            pieces = re.split(r"(?<!\{)\{\}(?!\})", en)
            fixed = [re.escape(p.replace("{{", "{").replace("}}", "}")) for p in pieces]
            out.append((sum(len(p) for p in pieces), re.compile(value.join(fixed), re.S), {"ru": ru, "uk": uk}))
        out.sort(key=lambda x: -x[0])
        _COMPILED = [(pattern, texts) for _, pattern, texts in out]
    return _COMPILED


def field_name(name: str, lang: str = "en") -> str:
    """A field of the input named in ``lang`` (``starting rank``, ``round 3 opponent``); other names as they are."""
    if lang not in ("ru", "uk") or not name:
        return name
    if name in FIELD_NAMES:
        return FIELD_NAMES[name][lang]
    words = name.split()
    if len(words) == 3 and words[0] == "round" and words[1].isdigit() and words[2] in _ROUND_FIELD:
        return _ROUND_FIELD[words[2]][lang].format(words[1])
    return name


def message(text: str, lang: str = "en", _depth: int = 0) -> str:
    """An English error or warning message in ``lang``, by the message catalogue (:mod:`tiebreak.render.messages`); values
    inside it (numbers, names, quoted input) are kept as they are.  A message not in the catalogue stays English.

    >>> message("round 3: player 7 has two games or byes", "uk")
    'тур 3: учасник 7 має дві партії або два тури без гри'
    """
    if lang not in ("ru", "uk") or not text:
        return text
    if field_name(text, lang) != text:
        return field_name(text, lang)
    for pattern, texts in _compiled():
        m = pattern.fullmatch(text)
        if m:
            values = [message(v, lang, _depth + 1) if _depth < 2 else v for v in m.groups()]
            return texts[lang].format(*values)
    return text


def place_text(place, lang: str = "en") -> str:
    """``file, line 3, column 5 (field)`` in ``lang``."""
    parts = [place.file or "<input>"]
    if place.line is not None:
        parts.append(f"{MESSAGE_WORDS['line'][lang]} {place.line}")
    if place.column is not None:
        parts.append(f"{MESSAGE_WORDS['column'][lang]} {place.column}")
    where = ", ".join(parts)
    return f"{where} ({field_name(place.field, lang)})" if place.field else where


def problem(e, lang: str = "en") -> str:
    """An error (:class:`~tiebreak.engine.errors.TiebreakError`) or an :class:`~tiebreak.engine.errors.InputWarning` as the user
    reads it: the place, then the message, in ``lang``."""
    place = getattr(e, "place", None)
    text = getattr(e, "message", None)
    if text is None:
        return message(str(e), lang)
    return f"{place_text(place, lang)}: {message(text, lang)}" if place else message(text, lang)
