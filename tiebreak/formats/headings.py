"""The headings of published standings as the programs that publish most of them print them (chess-results.com and
Swiss-Manager, Swiss-Chess, Vega, Sevilla, the Russian and Ukrainian programs), in English, German, French, Spanish,
Russian and Ukrainian: which column is the rank, the start number, the name, the points, and which tie-break a
column holds.

Headings are compared without case, dots and repeated spaces (``Buchh.`` is ``buchh``).

>>> role("Rang"), role("TNr"), role("Teilnehmer"), role("Pkt."), role("Clt"), role("Puesto")
('rank', 'start_no', 'name', 'points', 'rank', 'rank')
>>> tiebreak("Buchh"), tiebreak("SoBerg"), tiebreak("Wertung"), tiebreak("Buchholz Tronqué"), tiebreak("Bucholz C1")
('BH', 'SB', None, 'BH/C1', 'BH/C1')
>>> tiebreak("MP", team=True), tiebreak("Brettpunkte", team=True), tiebreak("MP")
('MP', 'GP', None)
>>> nearest("Buchhholz")
['Buchholz', 'Bucholz', 'Buchholz c1']
"""

from __future__ import annotations

import difflib
import re
import unicodedata

#: the columns that are not tie-breaks: rank, start number, name, points
ROLES: dict[str, tuple[str, ...]] = {
    "rank": ("pos", "rank", "rk", "place", "pl", "platz", "#", "rang", "rg", "pl", "clt", "classement", "place",
             "puesto", "pos", "clas", "clasificacion", "место", "м", "місце", "no place"),
    "start_no": ("startno", "start_no", "start no", "sno", "snr", "no", "nr", "start", "tnr", "startnr", "st.nr",
                 "n°", "no dep", "dossard", "n.º", "nº", "num", "ном", "номер", "стартовый номер", "ст.н", "стн",
                 "стартовий номер", "ст. н", "№", "no ini", "nº ini", "n° ini", "nr ini", "ст ном", "ст №", "старт №",
                 "поч №"),
    "name": ("name", "player", "participant", "teilnehmer", "spieler", "nom", "joueur", "nombre", "jugador",
             "participante", "участник", "имя", "фамилия, имя", "учасник", "ім'я", "прізвище, ім'я"),
    "team_name": ("team", "mannschaft", "équipe", "equipe", "equipo", "команда", "team name"),
    "points": ("pts", "mp", "points", "score", "punkte", "pkt", "pts.", "pt", "ptos", "puntos", "pun", "очки", "оч",
               "бали", "очок"),
}
#: columns known and left aside (federation, rating, club, title, games, wins...)
OTHER = ("fed", "fide", "rtg", "elo", "rating", "club", "club/city", "verein", "verein/ort", "land", "ort", "title",
         "titel", "tit", "twz", "dwz", "attr", "sex", "typ", "type", "cat", "k", "ligue", "club/ville", "ville",
         "federación", "federacion", "club/ciudad", "федерация", "федерація", "рейтинг", "клуб", "город", "місто",
         "звание", "звання", "group", "gr", "games", "won", "drawn", "lost", "s", "r", "v", "+", "=", "-", "w", "d",
         "l", "g", "n", "p", "partien", "gew", "rem", "verl", "parties", "jugadas", "ganadas", "tablas", "perdidas",
         "игры", "партии", "партій", "rp", "rtgø", "team no", "flag", "birth", "yob", "age", "id", "fide id", "fideid",
         "fede", "féd", "fédé", "fed.", "origin", "state", "country", "pays", "país", "pais", "rtgi", "rtgn", "rtgf",
         "rtg nat", "rtg int", "elo fide", "elo nat", "nat", "int", "ttl", "tl", "club/team", "verband", "jg",
         "geb", "m/w", "sexe", "sexo", "categoría", "categorie", "catégorie", "kat", "ciudad", "страна", "країна",
         "anz", "рейт", "фиде", "фіде", "эло", "ело", "клуб/город", "клуб/місто", "т", "звание", "фед", "г р",
         "рік нар", "год рожд", "разряд", "розряд", "lot")  # lot: our own CSV's draw in a tied group
#: tie-break headings of the programs (all languages) -> our specifier
TIE_BREAKS: dict[str, str] = {
    # Swiss-Chess / German chess-results
    "buchh": "BH", "buchholz": "BH", "bh": "BH", "buch": "BH", "bu": "BH", "buchholzwertung": "BH",
    "mbuchh": "BH/M1", "mittl buchh": "BH/M1", "mittlere buchholz": "BH/M1", "median buchholz": "BH/M1",
    "mbuch": "BH/M1", "mbu": "BH/M1", "m-buch": "BH/M1", "median": "BH/M1",
    "buchh-1": "BH/C1", "buchh1": "BH/C1", "bh1": "BH/C1", "buchholz cut 1": "BH/C1", "bh cut1": "BH/C1",
    "buchholz -1": "BH/C1", "verfeinerte buchholz": "L-SBH", "feinbuchh": "L-SBH", "busumm": "L-SBH",
    "busum": "L-SBH", "buchholz summe": "L-SBH", "sum of buchholz": "L-SBH", "sbh": "L-SBH",
    "soberg": "SB", "sobe": "SB", "sonneborn-berger": "SB", "sonnebornberger": "SB", "sb": "SB", "s-b": "SB",
    "sonneb": "SB", "sonn": "SB", "berger": "SB", "sonneborn": "SB",
    "siege": "WIN", "anz siege": "WIN", "wins": "WIN", "win": "WIN", "won games": "WIN", "victoires": "WIN",
    "victorias": "WIN", "vict": "WIN", "победы": "WIN", "перемоги": "WIN", "число побед": "WIN",
    "kleine punkte": "PS", "fortschritt": "PS", "fortschrittswertung": "PS", "progr": "PS", "progressive": "PS",
    "progressive score": "PS", "cumul": "PS", "cumulatif": "PS", "cu": "PS", "progresivo": "PS",
    "acumulativo": "PS", "прогресс": "PS", "прогрес": "PS", "прогрессивный": "PS", "прогресивний": "PS",
    "direkter vergleich": "DE", "dv": "DE", "direct encounter": "DE", "de": "DE", "confrontation directe": "DE",
    "res particular": "DE", "resultado particular": "DE", "enfrentamiento directo": "DE", "личная встреча": "DE",
    "личн встреча": "DE", "особиста зустріч": "DE", "koya": "KS", "ks": "KS", "коя": "KS",
    "elo-schnitt": "ARO", "eloschnitt": "ARO", "elo∅": "ARO", "elo ø": "ARO", "ø-elo": "ARO", "aro": "ARO",
    "avg opp rtg": "ARO", "moyenne elo": "ARO", "elo moyen": "ARO", "elo medio": "ARO", "media elo": "ARO",
    "средний рейтинг": "ARO", "ср рейтинг": "ARO", "середній рейтинг": "ARO",
    "perf": "TPR", "leistung": "TPR", "tpr": "TPR", "performance": "TPR", "rp": "TPR", "перф": "TPR",
    "turnierleistung": "TPR", "rendimiento": "TPR",
    "schwz": "BPG", "schwarz": "BPG", "partien schwarz": "BPG", "noirs": "BPG", "negras": "BPG", "черными": "BPG",
    "tronqué": "BH/C1", "tronque": "BH/C1", "buchholz tronqué": "BH/C1", "bu tr": "BH/C1", "tr": "BH/C1",
    "bucholz": "BH", "bucholz c1": "BH/C1", "buchholz c1": "BH/C1", "buchholz corte 1": "BH/C1",
    "bucholz corte 1": "BH/C1", "buchholz medio": "BH/M1", "bucholz medio": "BH/M1",
    "бухгольц": "BH", "бух": "BH", "усеч бухгольц": "BH/C1", "усечённый бухгольц": "BH/C1",
    "усеченный бухгольц": "BH/C1", "бухгольц-1": "BH/C1", "бухгольц 1": "BH/C1", "медиан бухгольц": "BH/M1",
    "медианный бухгольц": "BH/M1", "коэф бергера": "SB", "бергер": "SB", "коэффициент бергера": "SB",
    "коэф": "SB", "зоннеборн-бергер": "SB", "усічений бухгольц": "BH/C1", "медіанний бухгольц": "BH/M1",
    "коефіцієнт бергера": "SB", "коеф бергера": "SB", "сума бухгольців": "L-SBH", "сумма бухгольцев": "L-SBH",
}
#: team columns (team events only)
TEAM: dict[str, str] = {
    "mp": "MP", "match points": "MP", "match_points": "MP", "matchpoints": "MP", "mannschaftspunkte": "MP",
    "mannschaftsp": "MP", "mp.": "MP", "points de match": "MP", "pts match": "MP", "puntos de match": "MP",
    "puntos de encuentro": "MP", "командные очки": "MP", "ко": "MP", "мо": "MP", "командні очки": "MP",
    "gp": "GP", "game points": "GP", "game_points": "GP", "board points": "GP", "bp": "GP", "brettpunkte": "GP",
    "brettp": "GP", "points de parties": "GP", "pts parties": "GP", "puntos de tablero": "GP", "puntos tablero": "GP",
    "очки": "GP", "индивидуальные очки": "GP", "ио": "GP", "індивідуальні очки": "GP", "io": "GP",
}


def key(text: str, camel: bool = True) -> str:
    """A heading as compared: NFKC, without case; camelCase words, dots, underscores and repeated spaces are one space,
    hyphens and colons at the ends are dropped (``gamePoints``, ``GAME_POINTS`` and ``Game points`` are one heading).

    >>> key("gamePoints"), key("GAME_POINTS"), key(" Buchh. "), key("BH-C1")
    ('game points', 'game points', 'buchh', 'bh-c1')
    """
    text = unicodedata.normalize("NFKC", text)
    text = _CAMEL.sub(" ", text) if camel else text
    text = text.casefold().replace(".", " ").replace("_", " ")
    return " ".join(text.split()).strip(" -:")


#: a lower-case letter followed by a capital: where camelCase headings (``gamePoints``) part their words
_CAMEL = re.compile(r"(?<=[a-zа-яёіїєґ])(?=[A-ZА-ЯЁІЇЄҐ])")


_ROLE = {key(w): name for name, words in ROLES.items() for w in words}
_OTHER = {key(w) for w in OTHER}
_TIE = {key(k): v for k, v in TIE_BREAKS.items()}
_TEAM = {key(k): v for k, v in TEAM.items()}


def _compact(k: str) -> str:
    """A compared heading without its spaces and hyphens (``start no``, ``start-no`` and ``startno`` are one)."""
    return k.replace(" ", "").replace("-", "")


def _compacted(table: dict[str, str]) -> dict[str, str]:
    """``table`` by its headings written together (the first heading of a compact form wins)."""
    return {c: v for k, v in reversed(table.items()) if (c := _compact(k))}


_COMPACT = {"role": _compacted(_ROLE), "tie": _compacted(_TIE), "team": _compacted(_TEAM)}
_TABLES = {"role": _ROLE, "tie": _TIE, "team": _TEAM}


def _find(which: str, heading: str) -> str | None:
    """The entry of ``table`` for a heading, its camelCase words parted (``gamePoints``) or not (``SoBerg``), else
    its words written together (``START-NO``, ``Start_No``)."""
    table = _TABLES[which]
    for k in (key(heading), key(heading, camel=False)):
        if k in table:
            return table[k]
    return _COMPACT[which].get(_compact(key(heading)))


def role(heading: str, team: bool = False) -> str | None:
    """``rank``, ``start_no``, ``name`` or ``points`` for such a column (a team's name is its ``name``)."""
    found = _find("role", heading)
    if found == "team_name":
        return "name"
    if team and _find("team", heading) is not None:
        return None
    return found


def tiebreak(heading: str, team: bool = False) -> str | None:
    """Our specifier for a program's tie-break heading (team events: also MP and GP), or None."""
    if team:
        found = _find("team", heading)
        if found is not None:
            return found
    return _find("tie", heading)


def other(heading: str) -> bool:
    """Whether the column is one of those a standings table shows beside the figures (federation, rating...)."""
    return key(heading) in _OTHER or key(heading, camel=False) in _OTHER


def nearest(heading: str, team: bool = False) -> list[str]:
    """The known headings nearest to an unknown one (at most three)."""
    known = [*ROLES["rank"], *ROLES["name"], *ROLES["points"], *TIE_BREAKS, *(TEAM if team else ())]
    by_key = {key(w): w for w in reversed(known)}
    found = difflib.get_close_matches(key(heading), list(by_key), n=3, cutoff=0.6)
    return list(dict.fromkeys(by_key[k][:1].upper() + by_key[k][1:] if by_key[k].isascii() else by_key[k]
                              for k in found))
