"""Words of the live page (``/live``): English here, Russian and Ukrainian in the gettext catalogues under the
context ``live:<key>``; the page gets them with the words of :data:`tiebreak.render.i18n.WORDS`.

>>> LIVE_WORDS["pending"]["uk"]
'грається'
"""

from .i18n import LANGUAGES, Table, plural_form

LIVE_WORDS = Table("live", {
    'live_title': 'Live standings',
    'live_round': 'Round {k}',
    'version': 'version {v}, {time}',
    'as_it_stands': 'Standings as they stand',
    'pairings': 'Pairings and results',
    'board': 'Board',
    'white': 'White',
    'black': 'Black',
    'result': 'Result',
    'pending': 'playing',
    'bye': 'bye',
    'settled': 'place settled for this round',
    'provisional': 'provisional: a game still being played can change it',
    'playing': 'game in progress',
    'playoff': "place decided by the play-off (Arbiters' Manual 13.2)",
    'playoff_mark': 'P',
    'moved_up': 'up {n} since the previous version',
    'moved_down': 'down {n} since the previous version',
    'since_round': 'Since round',
    'arrows': 'Arrows',
    'since_version': 'since the previous version',
    'since_previous_round': 'since the previous round',
    'odds': 'Who can still finish where',
    'odds_none': 'not computed for this event',
    'odds_player': 'Player',
    'odds_team': 'Team',
    'odds_first': 'First place',
    'odds_top': 'Top {k}',
    'odds_places': 'Places',
    'history': "Player's history",
    'history_hint': 'click a player for their history',
    'hall': 'Hall screen',
    'normal': 'Normal view',
    'connected': 'live',
    'disconnected': 'reconnecting…',
    'no_event': 'No event is published yet.',
    'warning': 'Warning',
    'show_players': 'Players',
    'show_teams': 'Teams',
    'boards_playing': '{n} playing',
    'games': 'Games',
    'moves': 'Moves',
    'last_move': 'last move {m}',
    'if_ended': 'If the game ended now',
    'place_of': '{name}: place {n}',
    'leader': 'leading: {names}',
    'leaders': 'sharing the lead: {names}',
    'if_wins': 'if {name} wins',
    'if_drawn': 'if drawn',
    'cells_legend': ('2w1: the opponent placed 2nd, White, won (b: Black); ½ draw, 0 lost; + / − won / lost by forfeit; '
                     '… being played; bye: pairing-allocated bye; 1 bye, ½ bye, 0 bye: full-point, half-point, '
                     'zero-point bye'),
    'cells_key': '3w1: the opponent placed 3rd, White, won (b: Black); ½ draw, 0 lost; * being played',
    'square_key': "Rows and columns in the order of the standings: column 3 is the player placed 3rd; × the player's "
                  "own cell; ½ draw, 0 lost; * being played",
    'team_cells_key': '3: 2.5: the opposing team placed 3rd, the game points of the match; + or − after the place: '
                      'won or lost by forfeit',
})

#: sentences of a count (gettext plural entries, context ``live:<key>``): the page picks the form of its count by
#: the language's plural rules (``Intl.PluralRules``: one, few, many, other)
LIVE_COUNTS = {
    'games_pending': ('{n} game in progress', '{n} games in progress'),
    'places_settled': ('{n} place settled', '{n} places settled'),
    'matches_pending': ('{n} match in progress', '{n} matches in progress'),
    'odds_exact': ('the {n} outcome of the {g} games still to play, the lot sharing tied places',
                   'every one of the {n} outcomes of the {g} games still to play, the lot sharing tied places'),
    'odds_simulated': ('{n} simulated outcome of the {g} games still to play (±{m} percentage points)',
                       '{n} simulated outcomes of the {g} games still to play (±{m} percentage points)'),
}
#: a count of each plural category of CLDR (the categories ``Intl.PluralRules`` gives) in English, Russian, Ukrainian
_CATEGORY_COUNTS = {"one": 1, "few": 2, "many": 5, "other": 5}


def live_count_words(lang: str) -> dict[str, str]:
    """``key#category`` -> the sentence of that plural form, for the page's script.

    >>> live_count_words("ru")["places_settled#few"], live_count_words("en")["places_settled#one"]
    ('определено {n} места', '{n} place settled')
    """
    lang = lang if lang in LANGUAGES else "en"
    return {f"{key}#{cat}": plural_form(f"live:{key}", one, many, n, lang)
            for key, (one, many) in LIVE_COUNTS.items() for cat, n in _CATEGORY_COUNTS.items()}
