"""A card on the live screen: ``/live/cards/EVENT/LANG/player-N.html`` (a team event's team:
``…/team-N.html``), the event's website's card (:func:`tiebreak.site.pages.player_card`,
:func:`tiebreak.site.teams.team_card`: the games, the running score and place, every tie-break explained) made from
the version served as the live standings rank it (its games in play paired, ties drawn by the lot of every face:
the event's own seed).

The addresses are the site's own folder layout under ``/live/cards/EVENT/``, so the card's links (the opponents'
cards, a player's team, the other languages) are the site's relative links unchanged.  The event of a version is
built once (in the live reads' threads, by the site's loader :func:`tiebreak.site.build.load`, the rounds that did
not change taken from the version before) and each card once per version and language; the page's script
(``/static/live-card.js``) fetches the card again when the stream tells of a new version, so a spectator follows the
player: the board and opponent of the game in play or the next one, the place and score after every result.

>>> from fastapi.testclient import TestClient
>>> import pathlib, tempfile
>>> from tiebreak.web.live import live_app
>>> from tiebreak.live.watch import LiveHub
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> lines = ["001    1      Alpha, A".ljust(91) + "   2 w 1", "001    2      Beta, B".ljust(91) + "   1 b 0"]
>>> _ = (folder / "open.trf").write_text("\\n".join(lines))
>>> client = TestClient(live_app(LiveHub(folder, database="none")))
>>> page = client.get("/live/cards/open.trf/en/player-2.html").text
>>> "<h1>Beta, B</h1>" in page, 'href="player-1.html"' in page
(True, True)
>>> client.get("/live/cards/open.trf/en/player-9.html").status_code
404
"""

from __future__ import annotations

import logging
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from ..app.live import options_of, playoff_applies, ranked_by
from ..app.options import Options
from ..engine.errors import TiebreakError
from ..formats.text import decode
from ..live.event import LiveEvent
from ..live.pending import AsItStands
from ..render.i18n import LANGUAGES
from ..render.templating import environment
from ..render.words import LIVE_WORDS
from ..site.build import Site, load
from ..site.cells import event_name, site_words
from ..site.pages import player_card
from ..site.team_event import TeamEvent
from ..site.teams import team_card

log = logging.getLogger("tiebreak.live")


def card_page_name(page: str) -> tuple[str, int] | None:
    """``("player", N)`` or ``("team", N)`` of a card's page name, else None.

    >>> card_page_name("player-12.html"), card_page_name("team-3.html"), card_page_name("index.html")
    (('player', 12), ('team', 3), None)
    """
    kind, _, rest = page.partition("-")
    number = rest.removesuffix(".html")
    if kind not in ("player", "team") or not rest.endswith(".html") or not number.isdigit() or len(number) > 5:
        return None
    return kind, int(number)


class LiveCards:
    """The site's event of each live event's version served (one at a time per event), made when a card is asked
    for."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        #: the site the events are loaded into (path -> event: the rounds that did not change are taken from it)
        self._site: Any = None
        #: event name -> (the version and settings it was made of, the site's event)
        self._made: dict[str, tuple[tuple[Any, ...], Any]] = {}

    def event(self, e: LiveEvent) -> Any:
        """(In a live reads' thread) the website's event of the version ``e`` serves (None when its file is not
        here: a version another server published, since changed), ranked as the live standings rank it: its games in
        play paired, ties drawn by the same lot, and the tied players placed by the play-off (``serve --playoff``) once the live
        standings place them."""
        with e.lock:  # one version: its tournament as it stands (its games in play paired) and its settings together
            live, st, version, digest = e.live, replace(e.settings), e.version, e.digest
            playoff = e.playoff_data
        key = (version, digest, *ranked_by(st))
        with self._lock:
            made = self._made.get(e.name)
            if made is not None and made[0] == key:
                return made[1]
            options = options_of(st)  # ranked as the live standings (their lot: the event's own seed)
            if self._site is None:
                self._site = Site(Path("."), options, [])
            try:
                if live is None:  # a version restored from the database: its file, when it still has those bytes
                    again = e.file.reread(digest, st)
                    if again is None:
                        return None
                    live, playoff = again
                made_event = self._load(e, live, options, playoff)
            except TiebreakError as err:  # (the version was ranked: only a file changed since can fail here)
                log.warning("%s: no card of version %s: %s", e.name, version, err)
                return None
            made_event.ind.live = True  # games being played
            self._made[e.name] = (key, made_event)
            return made_event

    def _load(self, e: LiveEvent, live: AsItStands, options: Options, playoff: bytes) -> Any:
        """The website's event of ``live`` under ``options``, placed by the play-off ``playoff`` when the live
        standings are; a play-off that does not fit leaves the places as the tie-breaks give them, as live."""
        if playoff_applies(live.tournament, len(live.pending), playoff):
            try:
                self._site.options = replace(options, playoff_results=decode(playoff, e.settings.playoff or "play-off",
                                                                             [])[0])
                return load(self._site, str(e.path), [], incremental=True, t=live.tournament)
            except TiebreakError as err:  # the live standings say it in their notes
                log.info("%s: the card without the play-off: %s", e.name, err)
        self._site.options = options
        return load(self._site, str(e.path), [], incremental=True, t=live.tournament)

    def page(self, e: LiveEvent, lang: str, kind: str, number: int) -> bytes | None:
        """(In a live reads' thread) the card's page in ``lang``, None when the event has no such player (team)."""
        made = self.event(e)
        if made is None:
            return None
        ind = made.ind
        if kind == "team":
            if not isinstance(made, TeamEvent) or all(tm.number != number for tm in made.current.tt.teams):
                return None
            ctx = team_card(made, lang, number)
        else:
            if all(p.start_no != number for p in ind.tournament.players):
                return None
            ctx = player_card(made, lang, number)
        back = {"event": e.name, "lang": lang} | ({"players": "1"} if kind == "player" and isinstance(made, TeamEvent)
                                                    else {})
        words = {k: LIVE_WORDS.text(k, lang) for k in ("live_title", "history", "card_follows")}
        if kind == "team":  # a team's card links to the team's history
            words["history"] = LIVE_WORDS.text("team_history", lang)
        return environment().get_template("live_card.html").render(
            ctx, lang=lang, languages=LANGUAGES, s=site_words(lang), w=words, event=e.name,
            event_name=event_name(ind), page=f"{kind}-{number}.html", back="/live?" + urlencode(back),
            history="/live?" + urlencode(back | {"player": number}) + "#history-section",
            history_shown=e.history is not None and (kind == "team" or not isinstance(made, TeamEvent)),
            ).encode("utf-8")
