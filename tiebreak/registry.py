"""The tie-break catalogue: one entry of data per tie-break (code, names, article, type, modifiers, function).

>>> CATALOGUE["BH"].article, CATALOGUE["BH"].names["uk"]
('C.07 8.1', 'Бухгольц')
>>> resolve_code("GE")
'REP'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import fide


@dataclass(frozen=True)
class TieBreakDef:
    code: str
    names: dict[str, str]  # en, ru, uk
    article: str
    type: str  # C.07 Art. 4.3: A (among the tied), B (own), C (opponents' final), D (known before the round)
    modifiers: str  # allowed modifier letters
    compute: Callable | None  # None for Type A (computed inside tied groups by the ranking)
    higher_is_better: bool = True
    aliases: tuple[str, ...] = ()
    note: str = ""


def _d(code, en, ru, uk, article, type_, modifiers, compute, **kw) -> TieBreakDef:
    return TieBreakDef(code, {"en": en, "ru": ru, "uk": uk}, article, type_, modifiers + "RV", compute, **kw)


_ENTRIES = [
    _d("PTS", "Points", "Очки", "Очки", "C.07 4.2", "B", "", fide.points),
    _d("DE", "Direct encounter", "Личная встреча", "Особиста зустріч", "C.07 6", "A", "P", None,
       note="value: place inside the tied group (0 = not separated), lower is better"),
    _d("WIN", "Number of wins", "Количество побед", "Кількість виграшів", "C.07 7.1", "B", "", fide.wins),
    _d("WON", "Number of games won", "Количество выигранных партий", "Кількість виграних партій", "C.07 7.2", "B", "",
       fide.games_won),
    _d("BPG", "Games played with Black", "Количество партий, сыгранных чёрными", "Кількість партій, зіграних чорними",
       "C.07 7.3", "B", "", fide.black_games),
    _d("BWG", "Games won with Black", "Количество побед чёрными", "Кількість партій, виграних чорними", "C.07 7.4",
       "B", "", fide.black_wins),
    _d("PS", "Progressive scores", "Сумма нарастающих очков", "Сума прогресивних очок", "C.07 7.5", "B", "C",
       fide.progressive),
    _d("REP", "Rounds elected to play", "Количество фактически сыгранных туров", "Кількість фактично зіграних партій",
       "C.07 7.6", "B", "", fide.rounds_elected, aliases=("GE",)),
    _d("STD", "Standard points", "Стандартные очки", "Стандартні очки", "C.07 7.7 (2026)", "B", "",
       fide.standard_points),
    _d("TPN", "Tournament pairing number", "Стартовый номер", "Стартовий номер", "C.07 7.8 (2026)", "B", "",
       fide.pairing_number, higher_is_better=False, aliases=("SNO",)),
    _d("BH", "Buchholz", "Коэффициент Бухгольца", "Бухгольц", "C.07 8.1", "C", "CMPS", fide.buchholz),
    _d("AOB", "Average of opponents' Buchholz", "Средний Бухгольц соперников",
       "Усереднене значення Бухгольца суперників", "C.07 8.2", "CC", "FPS", fide.opponents_buchholz),
    _d("FB", "Fore Buchholz", "Предварительный Бухгольц", "Попередній Бухгольц", "C.07 8.3", "D", "CMPS",
       fide.fore_buchholz),
    _d("SB", "Sonneborn-Berger", "Коэффициент Соннеборна-Бергера", "Зоннеборн-Бергер", "C.07 9.1", "BC", "CMPS",
       fide.sonneborn_berger),
    _d("KS", "Koya system", "Система Койя", "Система Койя", "C.07 9.2", "BC", "L", fide.koya),
    _d("ARO", "Average rating of opponents", "Средний рейтинг соперников", "Середній рейтинг суперників",
       "C.07 10.1", "D", "CMU", fide.average_rating),
    _d("TPR", "Tournament performance rating", "Турнирный рейтинг-перформанс", "Турнірний рейтинг перфоманс",
       "C.07 10.2", "DB", "U", fide.performance),
    _d("PTP", "Perfect tournament performance", "Точный турнирный перформанс", "Точний турнірний перфоманс",
       "C.07 10.3", "DB", "U", fide.perfect_performance),
    _d("APRO", "Average performance rating of opponents", "Средний перформанс соперников",
       "Середній турнірний перфоманс суперників", "C.07 10.4", "DC", "U", fide.opponents_performance),
    _d("APPO", "Average perfect performance of opponents", "Средний точный перформанс соперников",
       "Середній точний перфоманс суперників", "C.07 10.5", "DC", "U", fide.opponents_perfect_performance),
    _d("RTNG", "Rating", "Рейтинг", "Рейтинг", "C.07 10.6 (2026)", "B", "U", fide.rating),
]

CATALOGUE: dict[str, TieBreakDef] = {d.code: d for d in _ENTRIES}
_ALIASES = {a: d.code for d in _ENTRIES for a in d.aliases}


def resolve_code(name: str) -> str | None:
    """The catalogue code for a name or alias (upper case), or None."""
    name = name.upper()
    if name in CATALOGUE:
        return name
    return _ALIASES.get(name)
