"""Every word of every face, in one place: the English texts of the tables of pages, reports and columns, each
defined once (Russian and Ukrainian are in the gettext catalogues, ``tiebreak/render/locale``).

A table (:class:`Table`) holds one face's or one report's texts by key; its entries have the gettext context
``<table>:<key>``.  A text that more than one table shows is a **term** of :data:`TERMS` (context ``term``, the
glossary's words, docs/glossary.md): each such table refers to it with :func:`term` instead of repeating it, so the
same English says the same Russian and Ukrainian on every face (match points are «МО» in the check report and in
the team standings).  ``tests/test_words.py`` fails on a text defined in two tables, on a table defined outside this
module and on an English text translated two ways without a context that says why.

>>> SITE_WORDS["players"]["ru"], LIVE_WORDS["show_players"]["ru"], TERMS["players"]["uk"]
('Участники', 'Участники', 'Учасники')
>>> CHECK_WORDS.text("mp", "ru") == TEAM_WORDS.text("mp", "ru") == "МО"
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..engine.registry import CATALOGUE
from ..engine.team import TEAM_CATALOGUE
from .catalogue import GLOSSARY, LANGUAGES, TIE_BREAK, catalogue


class Term(str):
    """An English text of the glossary (:data:`TERMS`): worded by the catalogue's entry with the context ``term``,
    whichever table shows it."""

    __slots__ = ()


class TieBreakName(str):
    """The name of a tie-break of the individual catalogue (context ``tie-break``, as
    :func:`tiebreak.render.i18n.tiebreak_name` words it), which a team tie-break of the same name shares: one name,
    one context (Buchholz is «Коэффициент Бухгольца» of players and of teams)."""

    __slots__ = ()



class Table(Mapping[str, dict[str, str]]):
    """English texts by key; ``table[key][lang]`` is the text in ``lang``: a term's (:class:`Term`) is the
    glossary's entry (context ``term``), another text the catalogue's entry with context ``<name>:<key>``, English
    where it has none.

    >>> Table("word", {"rank": term("place")})["rank"]["ru"]
    'Место'
    """

    def __init__(self, name: str, english: dict[str, str]) -> None:
        self.name, self.english = name, english
        #: each key's texts in every language, worded on first use (the catalogues are read once): a website's cards
        #: ask for the same words 100,000 times
        self._texts: dict[str, dict[str, str]] = {}

    def __getitem__(self, key: str) -> dict[str, str]:
        texts = self._texts.get(key)
        if texts is None:
            texts = self._texts[key] = {lang: self.text(key, lang) for lang in LANGUAGES}
        return dict(texts)  # a copy: the caller's to change

    def context(self, key: str) -> str:
        """The gettext context of ``key``'s text."""
        english = self.english[key]
        return GLOSSARY if isinstance(english, Term) else TIE_BREAK if isinstance(english, TieBreakName) \
            else f"{self.name}:{key}"

    def text(self, key: str, lang: str = "en", **kw: object) -> str:
        """The text of ``key`` in ``lang``, ``kw`` put into its ``{name}`` fields (only that language's catalogue is
        read: English output reads none)."""
        text = en = self.english[key]
        if lang != "en" and lang in LANGUAGES:
            text = catalogue(lang).get((self.context(key), en), en)
        return str(text.format(**kw) if kw else text)

    def __iter__(self) -> Iterator[str]:
        return iter(self.english)

    def __len__(self) -> int:
        return len(self.english)

    def __contains__(self, key: object) -> bool:
        return key in self.english  # (Mapping's own would word the key in every language to find it)


def _terms(english: dict[str, str]) -> Table:
    return Table(GLOSSARY, {key: Term(text) for key, text in english.items()})


#: the words that more than one table shows, each once (context ``term``); a table refers to one by :func:`term`
TERMS = _terms({
    # the event and its pages
    'event': 'Event',
    'events': 'Events',
    'event_type': 'Event type',
    'round_robin': 'round robin',
    'rules': 'Rules',
    'language': 'Language',
    'standings': 'Standings',
    'crosstable': 'Crosstable',
    'odds': 'Who can still win',  # the odds' one heading: the page's, the website's, the live screen's
    'pairings_n': 'Round {k}: pairings and results',  # a round's heading: the website's round page, the live screen
    'bye_heading': 'Bye',  # the heading of a round's byes, under its boards
    'notes': 'Notes',  # why the rules and the list were chosen: the page's, the website's standings and the live screen
    'warnings': 'Warnings',  # what reading the file said: the page's, the website's standings and the live screen
    'warnings_more': '… and {n} more',  # the warnings after the first ten, folded under this line
    'tiebreaks': 'Tie-breaks',
    'team_ranking': 'Team ranking',
    'none': 'none',
    # who plays (docs/glossary.md: a player is «участник» / «учасник», never «игрок» / «гравець»)
    'player': 'Player',
    'players': 'Players',
    'team': 'Team',
    'teams': 'Teams',
    'opponent': 'Opponent',
    'no_opponent': 'no opponent',
    # the columns of the standings and of a player's card
    'place': 'Place',  # the standings' first column, its places ("23-24"): «Место», «Місце» (docs/glossary.md)
    'places': 'Places',
    'number': 'No',
    'number_n': 'no. {n}',
    'name': 'Name',
    'title': 'Title',
    'federation': 'Federation',
    'club': 'Club',
    'sex': 'Sex',
    'rating': 'Rating',
    'rating_short': 'Rtg',
    'rating_change': 'Rating change',
    'performance_short': 'Perf',
    'points': 'Points',
    'points_short': 'Pts',
    'points_lower': 'points',
    'score': 'Score',
    'value': 'Value',
    # rounds and games
    'round_n': 'Round {k}',
    'round_short': 'R',  # a round's letter before its number: R6, «Т6»
    'board': 'Board',
    'table_short': 'Tbl.',  # a team match's table number (the site's round page, the live screen's pairings)
    'white': 'White',
    'black': 'Black',
    'result': 'Result',
    'games': 'Games',
    'moves': 'Moves',
    'bye': 'bye',
    'pab': 'pairing-allocated bye',
    # team events
    'matches': 'Matches',
    'no_match': 'no match',
    'match_points': 'Match points',
    'mp': 'MP',  # match points' letters, «МО» in both languages
    'game_points': 'Game points',
    # how a tie-break's value is counted (the explanations of players and teams)
    'contribution': 'Contribution',
    'how_counted': 'How counted',
    'cut_mark': '(cut)',
    'cut_legend': 'Struck-through rounds are cut (not counted).',
    'group_note': 'Computed among the players still tied at this point (Type A); place among them: {place}, score '
                  'among them: {score}.',
    'equal_on_every': 'equal on every tie-break of the list; {how}',
    'shared_rank': 'not separated (shared place)',
})


def term(key: str) -> Term:
    """The glossary's text ``key`` (:data:`TERMS`), for a table that shows it."""
    return Term(TERMS.english[key])


#: the standings' words: the command line's text, the downloads and the web page's form
WORDS = Table("word", {
    'rank': term('place'),
    'number': term('number'),
    'name': term('name'),
    'team': term('team'),
    'points': term('points_short'),
    'after_round': 'after round {k} of {n}',
    'before_first_round': 'before round 1 of {n}',
    'swiss': 'Swiss',
    'round robin': term('round_robin'),
    'rules': 'rules',
    'cumulative_half_bye': 'Half-point bye in the cumulative score',
    'rule_set_default': "as the rules say",
    'deduct': 'deduct ½',
    'keep': 'keep',
    'compat': 'Reading of C.07',
    'points_from': term('points'),
    'points_results': 'from the round results',
    'points_column': "from the points column's reading",
    'compat_text': 'our reading of the text',
    'compat_reference': "the FIDE reference checker's",
    'compat_letter': '2023 Art. 15.2 to the letter',
    'lot': 'place decided by lot (seed {seed})',  # the legend's line of the mark * (render/legend)
    'legend': term('tiebreaks'),
    'legend_title': 'Legend',  # the text's heading of what the standings' columns and marks mean
    'cut': 'Cut-{n}',
    'median': 'Median-{n}',
    'crosstable': term('crosstable'),
    'undefined': 'undefined',  # the legend's line of the mark - (render/legend)
    # the legend's line of a tie-break listed again, its column "DE (2)" (render/legend)
    'again': 'again: {tiebreak}, applied to those still tied after the columns before it',
    # the legend's line of a Type A tie-break (DE, EDE...), whose number is a place, not a score (render/legend)
    'group_value': '{tiebreak}: place among the tied (0: not separated)',
    'title': 'Tie-break standings',
    'file': ('Tournament file (TRF, Swiss-Manager .tunx .turx .tutx .tumx, Sharly Chess .sce, Swiss-Chess .swt, '
             'Papi .papi, Chess-JSON, Chess-Results XML, PGN, CSV, XLSX)'),
    'example': 'or a bundled example',
    'event_number': 'Tournament number (a Sharly Chess database holds several)',
    'preset': 'Preset',
    'add': 'Add',
    'modifiers': 'modifiers, e.g. /C1',
    'download': 'Download',
    'explanation': 'Explanation (click a player)',
    'event': term('event'),
    'language': term('language'),
    'tools': 'Tools',
    'berger': 'Berger tables (13.16)',
    'players_count': 'players',  # after the number of players (ru/uk: genitive plural)
    'double': 'double round robin',
    'show': 'Show',
    'playoffs': 'Play-offs (13.2) for places',
    'series': 'Series of events: standings of a Grand Prix or a season',
    'series_files': "The events' files, in the order played (ranked by the list above)",
    'series_points': 'Series points',
    'series_points_hint': 'place:25,18,15... (points of each place) or score (the event score)',
    'series_best': 'Best events counted (empty: all)',
    'series_events': "Tournament of each file (a Sharly Chess database holds several): numbers separated by commas, "
                     "in the order of the files",
    'series_tiebreaks': 'Series tie-breaks (BEST, EVENTS, PLACES)',
    'playoff_results': 'Play-off results (stage KIND, then WHITE BLACK RESULT lines): the standings, prizes and '
                       'downloads place the tied players by them',
    'odds': term('odds'),
    'round': 'Round',
    'prizes': 'Prizes (13.2.6): lines place,N,amount or category,EXPR,amount',
    'prize_method': 'Tied players',
    'shared': 'share the prizes',
    'hort': 'Hort system',
    'tiebreak': 'by tie-break',
    'varma': 'Varma tables (13.17): lines Name, FED',
    'seed': 'seed',
    'check': 'Check published standings',
    'published_file': "Published standings (CSV/XLSX or a saved HTML page; empty: the file's own ranks)",
    'publisher': 'Published by',
    'publisher_auto': 'the program the file names',
    'check_button': 'Check',
    'draw': 'Draw',
    'page_of': 'Page {page} of {pages}',
    'list_head': 'code       family  type source                          mods  name; unplayed rounds',
    'alias': 'alias {alias}',
    'bye': term('bye'),
    'preset_rules': 'rules {rules}',
    'white_short': 'w',
    'black_short': 'b',
    'individual_codes': 'Individual events',
    'team_codes': 'Team events (C.07 Arts 11-13)',
})


#: what happened in a round (:class:`~tiebreak.engine.model.Kind`), as a reader names it
KINDS = Table("kind", {
    "WIN": "win", "DRAW": "draw", "LOSS": "loss", "WIN_SHORT": "win (less than one move)",
    "DRAW_SHORT": "draw (less than one move)", "LOSS_SHORT": "loss (less than one move)", "UNKNOWN": "result unknown",
    "FORFEIT_WIN": "forfeit win", "FORFEIT_LOSS": "forfeit loss", "DOUBLE_FORFEIT": "double forfeit",
    "PAB": term('pab'), "FPB": "full-point bye", "HPB": "half-point bye", "ZPB": "zero-point bye",
    "ABSENT": "absent",
})


#: the outcome models of ``tiebreak odds`` (``--model``), as a reader names them
MODELS = Table("model", {"equal": "equal", "elo": "elo"})


# ---------------------------------------------------------------------------------------------------- messages
#: words of error and warning lines (the place: file, line, column)
MESSAGE_WORDS = Table("message word", {
    'line': 'line',
    'column': 'column',
    'error': 'error',
    'warning': 'warning',
    'note': 'note',
    'usage': 'usage',  # the command line's syntax, shown with its errors
    'argument': 'argument',  # an option or argument of the command line, named in its errors
})


#: names of the fields of the input that messages and places name (TRF columns, Chess-JSON and form fields stay as
#: they are: they are names in the file)
FIELD_NAMES = Table("field", {name: name for name in (
    'starting rank',
    'rating',
    'number of rounds',
    'rounds',
    'score system',
    'rating method',
    'header',
    'headings',  # the published standings' line of column headings
    'team',  # a team list's second column (`--teams`)
    'player',
    'prize',
    'amount',
    'kind',
    'play-off',
    'encoding',
    'team members',
    'team matches',
    'team boards',
    'after round',
    'swiss',
    'start date',
    'end date',
    # what a converted file cannot hold (`convert` names them, joined by "; ")
    'event name',
    'dates',
    'event type',
    'tie-break list',
    'titles, sexes and birth dates',
    'team records',
    'other header records',
    'draw rate',
    'white advantage',
    # the fields of a TRF player record a value can be cut to (`convert`)
    'name',
    'sex',
    'title',
    'federation',
    'FIDE id',
    'birth date',
    # the header records of free text every reader bounds (`tiebreak.formats.text.FREE_TEXT`)
    'city',
    'chief arbiter',
    'deputy arbiters',
    'time control',
    'event',  # which tournament of a file that holds several (`--event`)
)} | {'points': term('points_lower'), 'round robin': term('round_robin')})


#: the headings of the player columns beside the standings (``--columns``)
COLUMN_HEADINGS = Table("column", {
    'title': 'Tit',
    'fed': 'Fed',
    'rating': term('rating_short'),
    'club': term('club'),
    'sex': term('sex'),
    'birth': 'Born',
    'perf': term('performance_short'),
    'change': '+/-',
})


#: the web page's own words (``/api/words`` gives them with the standings', the kinds', the columns'...)
PAGE_WORDS = Table("page", {
    'step_file': 'Tournament file',
    'choose_file': 'Choose a file',
    'no_file': 'no file chosen',
    'step_event': term('event'),
    'step_list': 'Tie-break list',
    'step_standings': term('standings'),
    'rules': term('rules'),
    'rules_auto': "by the event's dates",
    'after_round': 'After round',
    'system': term('event_type'),
    'from_file': 'as in the file',
    'seed': 'Seed of the lots',
    'no_lots': 'No lots: tied players share the place',
    'unrated': 'Rating for unrated players',
    'notes': term('notes'),
    'warnings': term('warnings'),
    'seed_used': 'Ties left after the list were drawn by lot with seed {seed}.',
    'no_lot_needed': 'No lots were needed: the list separates every tie.',
    'shared_places': 'Ties left after the list share their place (no lots).',
    'click_hint': 'Click a player for the explanation; click a second player to see why one is ahead.',
    'opponent': term('opponent'),
    'result': term('result'),
    'contribution': term('contribution'),
    'article': 'Article',
    'source': term('how_counted'),
    'total': term('value'),
    'cut_legend': term('cut_legend'),
    'no_opponent': term('no_opponent'),
    'group': term('group_note'),
    'derived': 'The value is derived from the sum of the rounds kept (average or rating table).',
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
    'none': term('none'),
    'shown_columns': 'Player columns',
    'col_title': term('title'),
    'col_fed': term('federation'),
    'col_rating': term('rating'),
    'col_club': term('club'),
    'col_sex': term('sex'),
    'col_birth': 'Birth year',
    'col_perf': 'Rating performance',
    'col_change': term('rating_change'),
    'rankings': 'Categories and team ranking',
    'categories': 'Category standings',
    'categories_hint': 'One or more categories separated by ";", each shown as its own table: birth>=2010; sex=w; '
                       'rating<1600; fed=AUS; unrated; conditions joined by & (rating>=1400&rating<1600).',
    'team_ranking': term('team_ranking'),
    'team_none': term('none'),
    'team_federation': 'by federation',
    'team_records': "by the file's team records",
    'team_best': 'Players counted (best N)',
    'team_tiebreaks': 'Team tie-breaks (TC, CUM or a code)',
    'check_own_list': 'Check the list above (default: the published columns, as tiebreak check)',
})


#: the event's website (``tiebreak site``); its pages also use the standings' words, the kinds and the
#: explanation's
SITE_WORDS = Table("site", {
    'home': term('event'),
    'starting_list': 'Starting list',
    'rounds': 'Rounds',
    'round_n': term('round_n'),
    'pairings_n': term('pairings_n'),
    'standings': term('standings'),
    'standings_after': 'Standings after round {k}',
    'crosstable': term('crosstable'),
    'players': term('players'),
    'player_card': 'Player card',
    'teams': term('teams'),
    'team_card': 'Team card',
    'boards': 'Board rankings',
    'board_n': 'Board {n}',
    'odds': term('odds'),
    'downloads': 'Download the standings',
    'playoff': 'Play-off',
    'playoff_note': 'The players tied after the last round played off for their places (Arbiters\' Manual 13.2): '
                    'the final standings place them by the play-off.',
    'playoff_teams_note': 'The teams tied after the last round played off for their places (Arbiters\' Manual '
                          '13.2): the final standings place them by the play-off.',
    'playoff_stage': 'Stage {k}: {kind}',
    'playoff_places': 'Places {places}',
    'playoff_decided': 'The places the play-off decided',
    'game_no': 'Game',
    'game_title': 'Round {k}, board {b}',
    'open_game': 'Open the game',
    'colours_swapped': 'The colours are those of the game\'s record (PGN); the pairings have them the other way '
                       'round.',
    'position': 'Position',
    'start_position': 'Start position',
    'moves': term('moves'),
    'move_first': 'Start',
    'move_back': 'Back',
    'move_forward': 'Forward',
    'move_last': 'End',
    'search': 'Find a player',
    'search_hint': 'name or number',
    'search_button': 'Find',
    'no_match': 'No player found',
    'language': term('language'),
    'dates': 'Dates',
    'system': term('event_type'),
    'rules': term('rules'),
    'tiebreaks': term('tiebreaks'),
    'games': term('games'),
    'score_after': term('score'),
    'rank_after': term('place'),
    'colour': 'Colour',
    'white': term('white'),
    'black': term('black'),
    'rating': term('rating'),
    # the rating report's (rated games only, as `tiebreak ratings`), not the TPR column of the standings (C.07 10.2,
    # every game played, an unrated opponent at --unrated-rating): two numbers, so two names
    'performance': 'Performance (rated games)',
    'rating_change': 'Rating change (FIDE)',
    'explanations': 'How each tie-break was counted',
    'not_paired': 'not paired',
    'pending': 'not yet played',  # a game (ru/uk: the gender of «партия»); 'match_pending' is a match's
    'forfeit_note': 'A cell without the opponent is a bye, by its letter (as in TRF); + and − after the opponent are '
                    'games won and lost by forfeit.',
    # a square's cell names no opponent (its column does) and holds no bye
    'square_forfeit_note': '+ and − are games won and lost by forfeit.',
    'categories': 'Categories',
    'team_ranking': term('team_ranking'),
    'matches': term('matches'),
    'match_points': term('match_points'),
    'game_points': term('game_points'),
    'percentage': 'Percentage',
    'board': term('board'),
    'played': term('games'),
    'version': 'Version {v}, made {time}',
    'made_by': 'Made by tiebreak',
    'skip': 'Skip to the content',
    'menu': 'Pages of the event',
    'events': term('events'),
    'place': term('place'),
    'opponent_team': term('opponent'),
    'members': term('players'),
    'notes': term('notes'),
    'warnings': term('warnings'),
    'warnings_more': term('warnings_more'),
    'odds_note': 'The chance of every place once the pending games are played (each result equally likely).',
    'previous': 'Previous round',
    'next': 'Next round',
    'value': term('value'),
    'opponent': term('opponent'),
    'result': term('result'),
    'contribution': term('contribution'),
    'how_counted': term('how_counted'),
    'cut_legend': term('cut_legend'),
    'description': '{page} — {event}: pairings, results, standings and tie-breaks, round by round.',
    'file': 'File',
    'event_name': term('event'),
    'bye': term('bye_heading'),
    'number': 'Start number',
    'match_pending': 'not yet played',  # a match (ru/uk: the gender of «матч»)
    'no_player': 'no player fielded',
    'player_title': term('title'),  # a card's facts: words, not the standings' column abbreviations (Tit, Fed)
    'federation': term('federation'),
    'fide_id': 'FIDE ID',
    'next_game': 'Game now or next',  # a card's fact: the game in play, else the next one paired
    'next_game_text': 'round {k}, board {board}, {colour}, against {opponent}',
    'club': term('club'),
    'own_score': "Player's score",  # a card's games: the player's own running score and place after the round
    'own_place': "Player's place",
    'opponent_points': "Opponent's points",
    'game_change': term('rating_change'),
    'places_chart': 'Place after each round',
    'place_after': 'after round {k}: {place}',
    'statistics': 'Statistics',
    'results_by_colour': 'Results by colour',
    'white_wins': 'White wins',
    'draws': 'Draws',
    'black_wins': 'Black wins',
    'forfeits': 'Forfeits',
    'byes': 'Byes',
    'all_rounds': 'All rounds',
    'statistics_note': ('Games played over the board by their result, with their share of those games on the row of '
                        'all rounds; forfeited games and byes apart; games not yet played are not counted.'),
    'federations': 'Federations',
    'none_given': 'none given',
    'rating_bands': 'Rating bands',
    'unrated': 'unrated',
    'board_short': 'Bo.',  # a round page's column heading, explained in the legend below the table
    'points_before': 'Points before the round',
    'match_overview': 'Matches of the round',
    'table_short': term('table_short'),
    'table_no': 'Table',
    'average_rating': 'Average rating',
    'city': 'City',
    'chief_arbiter': 'Chief arbiter',
    'deputy_arbiters': 'Deputy arbiters',
    'time_control': 'Time control',
    'pairing_system': 'Pairing system',  # the file's own text (TRF 092), as the arbiter wrote it
    'written_by': 'File written by',
    'lot_words': ('Players still equal after every tie-break are ordered by a lot drawn once for this event: every '
                  'page and every update shows the same order.'),
    'column_rank': 'Place in the standings',  # (a legend line in every language: «Место» alone says nothing)
    'column_sex': term('sex'),
    'column_birth': 'Year of birth',
    'updated': 'Last updated:',
    'updated_note': 'the time the tournament file was last saved (UTC)',
    'in_play': 'The event is in play: this page reloads itself when the results change.',
    'teams_lineup': 'Teams and board order',
    'average_note': ("Average rating: of the first {n} players of the team's list (the boards of a match), unrated "
                     "players left out."),
    'colour_mark': 'The square beside a name: the colour the player had (white square White, black square Black).',
})


#: the live page (``/live``), which gets them with the standings' words
LIVE_WORDS = Table("live", {
    'live_title': 'Live standings',
    'live_round': term('round_n'),
    'version': 'version {v}, {time}',
    'pairings_n': term('pairings_n'),
    'board': term('board'),
    'table_short': term('table_short'),
    'white': term('white'),
    'black': term('black'),
    'result': term('result'),
    'pending': 'playing',  # a game being played: only the live screen knows it (a file's: site 'pending')
    'bye': term('bye_heading'),
    'settled': 'place settled for this round',
    'provisional': 'provisional: a game still being played can change it',
    'playoff': "place decided by the play-off (Arbiters' Manual 13.2)",
    'since_round': 'Since round',
    'arrows': 'Arrows',
    'since_version': 'since the previous version',
    'since_previous_round': 'since the previous round',
    'odds': term('odds'),
    'history': "Player's history",
    'history_hint': "tap a name for the player's card, elsewhere in the row for their history",
    'team_history': "Team's history",  # the teams' view of a team event: its rows and cards are teams
    'team_history_hint': "tap a name for the team's card, elsewhere in the row for its history",
    'card_follows': 'Updated as the results come in.',
    'hall': 'Hall screen',
    'normal': 'Normal view',
    'connected': 'live',
    'disconnected': 'reconnecting…',
    'no_event': 'No event is published yet.',
    'warning': 'Warning',
    'notes': term('notes'),
    'warnings': term('warnings'),
    'warnings_more': term('warnings_more'),
    'show_players': term('players'),
    'show_teams': term('teams'),
    'boards_playing': '{n} playing',
    'games': term('games'),
    'moves': term('moves'),
    'last_move': 'last move {m}',
    'if_ended': 'If the game ended now',
    'place_of': '{name}: place {n}',
    'leader': 'leading: {names}',
    'leaders': 'sharing the lead: {names}',
    'if_wins': 'if {name} wins',
    'if_drawn': 'if drawn',
    'cells_key': '3w1: the opponent placed 3rd, White, won (b: Black); ½ draw, 0 lost',
    'square_key': "Rows and columns in the order of the standings: column 3 is the player placed 3rd; × the player's "
                  "own cell; ½ draw, 0 lost",
    'team_cells_key': '3: 2.5: the opposing team placed 3rd, the game points of the match; + or − after the place: '
                      'won or lost by forfeit',
    'team_square_key': "Rows and columns in the order of the standings: column 3 is the team placed 3rd; × the team's "
                       "own cell; 2 (6.5): the row's team's match points and, in brackets, its game points in the match "
                       "against the column's team (a double round robin: both matches, in round order); + or − after "
                       "the match points: won or lost by forfeit",
})


#: sentences of a count, a table of them a face or a report (gettext plural entries, context ``<table>:<key>``: the
#: singular and the plural English), worded in the form the count takes by
#: :func:`tiebreak.render.i18n.count_sentence` (1 место, 3 места, 5 мест)
COUNTS = {
    "live": {
        'games_pending': ('{n} game in progress', '{n} games in progress'),
        'places_settled': ('{n} place settled', '{n} places settled'),
        'matches_pending': ('{n} match in progress', '{n} matches in progress'),
    },
    "odds": {
        "exact": ("exact: all {n} outcome", "exact: all {n} outcomes"),
        "simulation": ("simulation: {n} outcome, seed {seed}, 95 percent confidence interval ±{margin} at most",
                       "simulation: {n} outcomes, seed {seed}, 95 percent confidence interval ±{margin} at most"),
    },
    "check": {
        'differs': ('{n} difference', '{n} differences'),
        'wrong': ('published standings differ from ours under the announced rules {rules} ({list}): {n} difference',
                  'published standings differ from ours under the announced rules {rules} ({list}): {n} differences'),
        # no list announced: the default one, said as the notes say it
        'wrong_default': ('published standings differ from ours under the announced rules {rules} and the default '
                          'list ({list}): {n} difference',
                          'published standings differ from ours under the announced rules {rules} and the default '
                          'list ({list}): {n} differences'),
    },
    "groups": {
        'ranking': ('Team ranking (best {n} player)', 'Team ranking (best {n} players)'),
    },
    # the number of an event's players or teams (the page's and the website's standings, the starting list)
    "site": {
        'players_n': ('{n} player', '{n} players'),
        'teams_n': ('{n} team', '{n} teams'),
        # the rounds of an event (the home page's facts): the noun agrees with the rounds in all, {n}
        'rounds_played': ('{k} of {n} round played', '{k} of {n} rounds played'),
    },
}


#: the words of the report (Russian and Ukrainian in the gettext catalogues, context 'check:<key>')
CHECK_WORDS = Table("check", {
    'right': 'published standings are right under the announced rules {rules} ({list})',
    # no list announced: the default one, said as the notes say it (wrong: a sentence of a count, COUNTS)
    'right_default': 'published standings are right under the announced rules {rules} and the default list ({list})',
    'published': 'published',
    'ours': 'ours',
    'reproduced': 'reproduced by',
    'no_rules': 'no rule set reproduces it',
    'rules_best': 'Rule sets, best first',
    'values': 'values',
    'ranks': 'ranks',
    'best': 'best',
    'unmatched': 'published rows matching no player',
    'round': term('round_short'),
    'vs': 'vs',
    'cut': term('cut_mark'),
    'player': term('player'),
    'what': 'Figure',
    'why': 'Rounds that explain it',
    'title': 'Check of published standings',
    'event': term('event'),
    'announced': 'Announced rules',
    'verdict': 'Verdict',
    'ok': 'right',
    'rank': 'rank',
    'points': term('points_lower'),
    'no': term('number_n'),
    'mp': term('mp'),
    'rule_set': 'rule set',
    'values_right': 'values right',
    'ranks_right': 'ranks right',
    'failed': 'not checked',
    'verdict_right': 'right under the announced rules {rules}',
    'verdict_convention': "reproduced by {program}'s convention ({rules})",
    'verdict_rules': 'reproduced by rule set {rules}',
    'verdict_none': 'reproduced by no rule set (nearest: {rules}, values {agree}/{values}, ranks {ragree}/{ranks})',
    'verdict_rules_by': 'reproduced by rule set {rules} (published by {program})',
    'verdict_undefined': 'the values that differ are ones the rules leave undefined: they follow a convention no one '
                         'has established',
    'verdict_undefined_by': 'the values that differ are ones the rules leave undefined: {program} follows a convention '
                            'no one has established',
    'publisher': 'published by',
    'column': 'the points column reads a board otherwise',
})


#: the words of explanations (Russian and Ukrainian in the gettext catalogues, context ``explain:<key>``)
EXPLAIN_WORDS = Table("explain", {
    "head": "{name} (no. {no}): place {rank}, {points} points; rules {rules}, {system}, {after}",
    "undefined": "  undefined: the event has unrated players and no rating was given for them (C.07 Art. 10; "
                 "give them a rating: unrated rating R, or /U<R>)",
    "undefined_idle": "  undefined: no game played, so no opponent's rating to count (C.07 Art. 10)",
    "group": "computed among the players still tied at this point (Type A)",
    "group_score": "  {note}; place among them: {place}, score among them: {score}",
    "not_separated": "0 (not separated)",  # a Type A value's place: none among the tied
    "no_opponent": term('no_opponent'),
    "cut": term('cut_mark'),
    "kept": "  sum of the rounds kept: {sum}; the value is derived from it (average, rating table)",
    "pair_head": "{name_a} (no. {a}): place {rank_a}; {name_b} (no. {b}): place {rank_b}",  # as "head" names one
    "equal": term('equal_on_every'),
    "by_lot": "by lot",
    "shared": term('shared_rank'),
    "separated": "first separated by {spec} [{article}]: {a} against {b}",
    "by_playoff": "placed by the play-off, not by the tie-breaks after it:",
    "no": term('number_n'),
    "r": term('round_short'),
    # the columns of a value's rounds (tiebreak.views.value_rounds.COLUMNS), on every face
    "round_head": term('round_n'),
    "result": term('result'),
    "opponent": term('opponent'),
    "contribution": term('contribution'),
    "how_counted": term('how_counted'),
})


#: team tie-break names by code (the English is the catalogue's own; a name the individual catalogue has too is its
#: entry, context ``tie-break``)
_INDIVIDUAL_NAMES = {d.name for d in CATALOGUE.values()}
TEAM_NAMES = Table("team tie-break", {code: TieBreakName(d.name) if d.name in _INDIVIDUAL_NAMES else d.name
                                      for code, d in TEAM_CATALOGUE.items()}
                   | {'MP': term('match_points'), 'GP': term('game_points')})


#: the team standings and pages
TEAM_WORDS = Table("team", {
    "team": term('team'),
    "boards": "{n} boards",
    "primary": "primary score {score}",
    "matches": "Matches: opponent team, match points and game points of each round",
    "mp": term('mp'),
    "gp": "GP",
    "bye": term('bye'),
    "no_match": term('no_match'),
    "list_head": "Team events (C.07 Arts 11-13; the score after a colon: BH:GP, EMGSB = ESB:MG)",
})


#: the explanation of a team's place
TEAM_EXPLAIN = Table("team explain", {
    "head": "team {number} {name}: place {rank}; rules {rules}, {system}, {after}, primary score {primary}",
    "vs": "vs team {number} {name}",
    "bye": term('pab'),
    "none": term('no_match'),
    "group": "computed among the teams still tied at this point (Type A); place among them: {place}",
    "boards": "game points by board: {points}",
    "factor": "normalising factor F = {factor}",
    "pair_head": "team {a} {name_a}: place {rank_a}; team {b} {name_b}: place {rank_b}",
    "team_no": "team {n}",  # a side of a pair's rounds, as the pair's head names it
})


#: the words of the page's explanation panel of a team (what a team's value rests on: explain's sentences,
#: tiebreak.render.explain.team_notes)
TEAM_PANEL = Table("team panel", {
    "matches": term('matches'),
    "opponent": "Opposing team",
})


#: category and team-ranking sections
GROUPS_WORDS = Table("groups", {
    'category': 'Category {name}',
    'cat_rank': term('place'),
    'overall': 'Overall',
    'no': term('number'),
    'name': term('name'),
    'points': term('points_short'),
    'team': term('team'),
    'counted': 'Players counted',
    'empty': 'no player in this category',
    'TC': 'TC = Team Cumulative (USCF)',
    'CUM': 'CUM = cumulative of the players counted (USCF)',
    'sum': '{code} = sum over the players counted',
})


#: the words of the series table (context ``series:<key>`` in the catalogues)
SERIES_WORDS = Table("series", {
    "rank": term('place'), "name": term('name'), "total": "Total", "events": term('events'), "best": "Best",
    "places": term('places'),
    "counted": "results in brackets are not counted (best {best} of each player's events)",
    "points_place": "series points by place: {points}; players sharing places share their points",
    "points_score": "series points: each event's score",
    "tiebreaks": "series tie-breaks: {codes}",
    "BEST": "BEST: the best single result counted", "EVENTS": "EVENTS: the number of events played",
    "PLACES": "PLACES: the sum of the places in the events played (the smaller the better)",
    "event": "event {n}: {name}",
    "title": "Series standings",
    "place_note": "the small figure: the player's place in the event; each result links to the player's card in "
                  "that event",
})


#: the odds of every place (``tiebreak odds``, the website's odds page)
ODDS_WORDS = Table("odds", {
    "title": "Odds after round {played} of {final}; games pending: {games}",
    "title_playing": "Odds with round {round} of {final} in play; games pending: {games}",
    # a team event's: its pending matches (the standings' and the live screen's count), not its boards
    "title_matches": "Odds after round {played} of {final}; matches pending: {games}",
    "title_playing_matches": "Odds with round {round} of {final} in play; matches pending: {games}",
    "model": "model",
    "tiebreaks": "tie-breaks",
    "place": "{n}.",
    "top": "top {k}",
    "range": "best-worst",
    "range_seen": "best-worst seen",
    "scenarios": "Chance of first place by the result of each game of round {round}",
    "game": "game",
    "chance": "chance",
    "needs": "What {player} needs for first place alone, whatever the other games give:",
    "needs_none": "{player} cannot finish first alone",
    "needs_sure": "{player} is first whatever happens",
    "needs_exact_only": "what a player needs is worked out by exact enumeration of at most {games} games",
    "clinched": "clinched first place: {players}",
    "eliminated": "no longer able to finish first: {players}",
    "more": "… and {n} more (JSON lists up to 50)",
    "more_games": "… and {n} more games of contenders (JSON lists them)",
    "progress": "odds: {done} of {planned} outcomes, {seconds} s",
    "progress_open": "odds: {done} outcomes, {seconds} s",
    "bars": "Chances drawn: first place (dark), top {k} (light)",
    "bars_more": "… and {n} more who can still finish first (in the table)",
    "every_place": "Chance of every place each can still reach",
    "reach": "places it can reach",
    "beyond": "below place {k}",
    "exact_one": "exact: the only outcome",
})


#: the rating report (``tiebreak ratings``)
RATINGS_WORDS = Table("ratings", {
    "start_no": term('number'), "name": term('name'), "rating": term('rating_short'), "k": "K", "games": "Gms",
    "score": term('score'),
    "expected": "Exp", "change": "Change", "rounded": "Rounded", "performance": term('performance_short'),
    "title": term('rating_change'), "after_round": "after round {k}", "k_factor": "K (empty: by the rating)",
    "fide": "FIDE rating change", "ru": "Russian rating change", "harkness": "Harkness performance",
    "uscf": "USCF performance (±400)",
    "rule_fide": "ΔR = K × Σ(score − PD), PD from the FIDE table with the 400-point rule; the change rounded to the "
                 "nearest whole number, .5 up; performance: ARO + dp (C.07 Art. 10.2)",
    "article_fide": "FIDE Rating Regulations 8.3",
    "rule_ru": "ΔR = K × Σ(N − PD), K by the rating band; PD from the FIDE table (the Russian table was not found) "
               "with the 400-point rule; no rounding is stated: the change rounded as FIDE's, .5 up",
    "article_ru": "Russian rating regulations: the K table",
    "rule_harkness": "average rating of the opposition + 10 × (percentage − 50), the percentage to one decimal, "
                     "rounded half up",
    "article_harkness": "Harkness system (USCF 1950-1960)",
    "rule_uscf": "average of the opponents' ratings, + 400 for a win, − 400 for a loss; rounded half up "
                 "(no rounding is stated)",
    "article_uscf": "USCF rules: performance rating ±400",
    "games_note": "Rated games: played over the board against a rated opponent (no forfeits, byes, or games of "
                  "less than one move).",
})


#: the words of the Varma draw (context ``varma:<key>`` in the catalogues)
VARMA_WORDS = Table("varma", {"order": "Drawing order (federation, player, set, number):",
                              "conflict": "same federation in the last three rounds: {a} - {b} (round {round})"})


#: the words of a shared prize's rest (context ``prize:<key>`` in the catalogues)
PRIZE_WORDS = Table("prize", {
    "left": "{names}: {pool} shared by {n}, {share} each; {left} left over (shares are rounded down to the cent)",
    # Hort: the shares differ (half of each prize to its place); {shares} as "27.27, 2.27 × 10"
    "left_hort": "{names}: {pool} shared by {n}, half by place and half equally: {shares}; {left} left over (shares are "
                 "rounded down to the cent)",
})
