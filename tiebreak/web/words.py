"""The words of the web page in one language: the page's own (context ``page:<key>`` in the gettext catalogues), the
words of the standings, the kinds of rounds, the player columns, the category and team rankings and the sources of
values.  The page asks for them
again when the reader changes the language, so nothing loaded is lost.

>>> w = page_words("uk")
>>> w["page"]["opponent"], w["kinds"]["FORFEIT_WIN"], w["columns"]["rating"]
('Суперник', 'перемога без гри', 'Рейт')
"""

from __future__ import annotations

from ..app.prizes import WORDS as PRIZE
from ..engine.errors import Place
from ..engine.standings import SOURCES
from ..render.check import WORDS as CHECK
from ..render.columns import HEADINGS
from ..render.groups import WORDS as GROUPS
from ..render.i18n import KINDS, LANGUAGES, WORDS, Table, message, place_text
from ..render.ratings import WORDS as RATINGS
from ..render.team_explain import panel_words

PAGE = Table("page", {
    'step_file': 'Tournament file',
    'choose_file': 'Choose a file',
    'no_file': 'no file chosen',
    'step_event': 'Event',
    'step_list': 'Tie-break list',
    'step_standings': 'Standings',
    'rules': 'Rules',
    'rules_auto': "by the event's dates",
    'after_round': 'After round',
    'system': 'Event type',
    'from_file': 'as in the file',
    'seed': 'Seed of the lots',
    'no_lots': 'No lots: tied players share the place',
    'unrated': 'Rating for unrated players',
    'notes': 'Notes',
    'warnings': 'Warnings',
    'players_n': '{n} players',
    'seed_used': 'Ties left after the list were drawn by lot with seed {seed}.',
    'no_lot_needed': 'No lots were needed: the list separates every tie.',
    'shared_places': 'Ties left after the list share their place (no lots).',
    'click_hint': 'Click a player for the explanation; click a second player to see why one is ahead.',
    'opponent': 'Opponent',
    'result': 'Result',
    'contribution': 'Contribution',
    'article': 'Article',
    'source': 'How counted',
    'total': 'Value',
    'cut_legend': 'Struck-through rounds are cut (not counted).',
    'no_opponent': 'no opponent',
    'group': 'Computed among the players still tied at this point (Type A); score among them: {score}.',
    'derived': 'The value is derived from the sum of the rounds kept (average or rating table).',
    'undefined_rating': 'Undefined: the event has unrated players and no rating was given for them (C.07 Art. 10).',
    'close': 'Close',
    'compare': 'Compare with',
    'ahead': 'Why {a} is ahead of {b}',
    'separated': 'First separated by {tb} ({article}): {a} against {b}.',
    'equal': 'Equal on every tie-break of the list.',
    'by_lot': 'The order between them was drawn by lot.',
    'shared': 'They share the place.',
    'modifier_bad': 'Modifier {mod} is not allowed with {code} (allowed: {allowed}).',
    'modifier_unknown': 'Modifier {mod} is not a modifier (C1, M1, L-1, U1000, V2026, P, F, R, S, K2).',
    'modifier_range': 'Modifier {mod} is out of range ({letter} at most {most}).',
    'move_up': 'Move up',
    'move_down': 'Move down',
    'remove': 'Remove',
    'computing': 'Computing…',
    'none': 'none',
    'shown_columns': 'Player columns',
    'col_title': 'Title',
    'col_fed': 'Federation',
    'col_rating': 'Rating',
    'col_club': 'Club',
    'col_sex': 'Sex',
    'col_birth': 'Birth year',
    'col_perf': 'Rating performance',
    'col_change': 'Rating change',
    'rankings': 'Categories and team ranking',
    'categories': 'Category standings',
    'categories_hint': 'One or more categories separated by ";", each shown as its own table: birth>=2010; sex=w; '
                       'rating<1600; fed=AUS; unrated; conditions joined by & (rating>=1400&rating<1600).',
    'team_ranking': 'Team ranking',
    'team_none': 'none',
    'team_federation': 'by federation',
    'team_records': "by the file's team records",
    'team_best': 'Players counted (best N)',
    'team_tiebreaks': 'Team tie-breaks (TC, CUM or a code)',
    'check_own_list': 'Check the list above (default: the published columns, as tiebreak check)',
})


def page_words(lang: str) -> dict[str, dict[str, str]]:
    """Every word the page shows, in ``lang`` (English for a language the package has not)."""
    lang = lang if lang in LANGUAGES else "en"
    return {
        "page": {k: PAGE[k][lang] for k in PAGE},
        "words": {k: WORDS[k][lang] for k in WORDS},
        "kinds": {k: KINDS[k][lang] for k in KINDS},
        "columns": {k: HEADINGS[k][lang] for k in HEADINGS},
        "groups": {k: GROUPS[k][lang] for k in GROUPS},
        "ratings": {k: RATINGS[k][lang] for k in RATINGS},
        "sources": {en: message(en, lang) for en in SOURCES.values()},
        "team": panel_words(lang),
        "check": {k: CHECK[k][lang] for k in CHECK},
        "prize": {k: PRIZE[k][lang] for k in PRIZE},
    }


def _digits(text: str, at: int) -> int:
    """Where the run of decimal digits starting at ``at`` ends."""
    end = at
    while end < len(text) and text[end].isdecimal():
        end += 1
    return end


def placed(text: str) -> tuple[Place, str] | None:
    """A warning as the JSON answer writes it, ``file, line 4, column 1 (field): message``, read back as its place
    and message (None when it has no line, column or field).  The file is the shortest start (no ``:``) after which
    the rest reads as such a place; each start is read in one pass, so the time is linear in the text.

    >>> placed("x.trf, line 4 (points): 3 is not a number")
    (Place(file='x.trf', line=4, column=None, field='points'), '3 is not a number')
    """
    colon = text.find(":")
    close = -1  # the first ")" at or after the field's start, found once for every later start
    for e in range(1, colon + 1 if colon >= 0 else 0):
        at, line, column, field = e, None, None, None
        for word in (", line ", ", column "):
            if text.startswith(word, at) and (end := _digits(text, at + len(word))) > at + len(word):
                number, at = text[at + len(word):end], end
                if len(number) > 18:
                    return None
                line, column = (int(number), column) if word == ", line " else (line, int(number))
        if text.startswith(" (", at):
            if close < at + 2:
                close = text.find(")", at + 2)
                if close < 0:
                    close = len(text)
            if close < len(text) and text.startswith(": ", close + 1):
                field, at = text[at + 2:close], close + 1
        if text.startswith(": ", at) and len(text) > at + 2:
            if line is None and column is None and not field:
                return None
            return Place(text[:e], line, column, field or ""), text[at + 2:]
    return None


def translate(text: str, lang: str) -> str:
    """A note or warning of a JSON answer in ``lang``; a warning's place too.

    >>> translate("x.trf, line 4, column 1 (points): round 3: player 7 has two games or byes", "uk")
    'x.trf, рядок 4, стовпець 1 (очки): тур 3: учасник 7 має дві партії або два тури без гри'
    """
    translated = message(text, lang)
    found = placed(text) if translated == text else None
    if found is None:
        return translated
    place, rest = found
    return f"{place_text(place, lang)}: {message(rest, lang)}"
