"""Words of the live page (``/live``): English here, Russian and Ukrainian in the gettext catalogues under the
context ``live:<key>``; the page gets them with the words of :data:`tiebreak.render.i18n.WORDS`.

>>> LIVE_WORDS["pending"]["uk"]
'грається'
"""

from .i18n import Table

LIVE_WORDS = Table("live", {
    'live_title': 'Live standings',
    'live_round': 'Round {k}',
    'version': 'version {v}, {time}',
    'as_it_stands': 'Standings as they stand',
    'pairings': 'Pairings and results',
    'board': 'Bd',
    'white': 'White',
    'black': 'Black',
    'result': 'Result',
    'pending': 'playing',
    'bye': 'bye',
    'settled': 'place settled for this round',
    'provisional': 'provisional: a game still being played can change it',
    'playing': 'game in progress',
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
    'odds_exact': 'every one of the {n} outcomes of the {g} games still to play, the lot sharing tied places',
    'odds_simulated': '{n} simulated outcomes of the {g} games still to play (±{m} percentage points)',
    'history': "Player's history",
    'history_hint': 'click a player for their history',
    'hall': 'Hall screen',
    'normal': 'Normal view',
    'connected': 'live',
    'disconnected': 'reconnecting…',
    'no_event': 'No event is published yet.',
    'games_pending': '{n} games in progress',
    'places_settled': '{n} places settled',
    'warning': 'Warning',
    'show_players': 'Players',
    'show_teams': 'Teams',
    'matches_pending': '{n} matches in progress',
    'boards_playing': '{n} playing',
})
