"""The documents of the version one live event serves: the live members (live, pairings, pending, odds; a
broadcast's games) and the standings still open (:class:`~tiebreak.live.document.OpenDocument`), their English text
served as it is, a team event's players' view beside them (``?players=1``), their texts in the other languages,
written once per version and language, and the answers of ``/api/live/crosstable``, kept until another version is
served."""

from __future__ import annotations

import json
from typing import Any

from .document import DocumentWriter, OpenDocument

#: the members of a kept document that are the live ones (the rest are its standings)
LIVE_MEMBERS = ("live", "pairings", "pending", "odds", "games", "if_ended")


class Served:
    """The documents of one event's version served, and the writer that keeps their texts from version to
    version."""

    def __init__(self) -> None:
        self.writer = DocumentWriter()
        self.document: dict[str, Any] | None = None  # the live members of the document (live, pairings, pending, odds)
        self.standings: OpenDocument | None = None  # the standings of the version made here (not restored)
        self.text = ""  # the document as JSON text (served as it is)
        # a team event: its players' view (``?players=1``: the live members and the players' standings), and its text
        self.players: tuple[dict[str, Any], OpenDocument] | None = None
        self.players_text = ""
        #: (language, players' view) -> (the English text it was written beside, the text in that language)
        self._worded: dict[tuple[str, bool], tuple[str, str]] = {}
        #: players' view? -> the crosstable's answer of the version served (``/api/live/crosstable``, as bytes)
        self.crosstables: dict[bool, bytes] = {}

    def publish(self, document: dict[str, Any], standings: OpenDocument,
                players: tuple[dict[str, Any], OpenDocument] | None = None) -> None:
        """Serve a version made here: its live members ``document`` with its ``standings`` (a team event's: its
        teams') and a team event's ``players``' view."""
        self.document, self.standings, self.players = document, standings, players
        self.crosstables = {}
        self.players_text = self.writer.write(None, *players) if players is not None else ""
        self.rewrite()

    def restore(self, text: str) -> None:
        """Serve the ``text`` of a version kept in the database (its English text alone)."""
        doc = json.loads(text)
        self.text, self.standings, self.crosstables = text, None, {}
        self.document = {k: doc[k] for k in LIVE_MEMBERS if k in doc}

    def rewrite(self) -> None:
        """The English text written again from the document (its live members changed)."""
        self.text = self.writer.write(None, self.document or {}, self.standings)

    def put_odds(self, odds: dict[str, Any]) -> None:
        """The odds come into the version served (:mod:`tiebreak.live.odds`)."""
        assert self.document is not None
        self.document["odds"] = odds
        self.rewrite()

    def set_warning(self, warning: str | None) -> None:
        """The public warning in every document served (None: none)."""
        if self.document is not None:
            self.document["live"]["warning"] = warning
            if self.standings is not None:
                self.rewrite()
            elif self.text:  # a version restored from the database: its text, with the warning set
                doc = json.loads(self.text)
                doc["live"]["warning"] = warning
                self.text = json.dumps(doc, ensure_ascii=False, indent=1)
        if self.players is not None:
            self.players[0]["live"]["warning"] = warning
            self.players_text = self.writer.write(None, *self.players)

    def text_in(self, lang: str, players: bool = False) -> str | None:
        """The document in ``lang`` (``players``: a team event's players' view): written from the version's
        standings and live members, its notes, warnings and public warning worded in ``lang`` from their messages,
        once per version and language; None for a version restored from the database (its English text alone is
        kept)."""
        view = self.players if players and self.players is not None else None
        english = self.players_text if view is not None else self.text
        if lang == "en":
            return english
        document, standings = view if view is not None else (self.document, self.standings)
        if document is None or standings is None:
            return None
        made = self._worded.get((lang, view is not None))
        if made is None or made[0] is not english:
            made = self._worded[lang, view is not None] = (english, self.writer.write(None, document, standings, lang))
        return made[1]
