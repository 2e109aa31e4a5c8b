"""The API's answers as typed models: the OpenAPI document is generated from them, and the Schemathesis run of the
suite checks every answer against it.  Values computed exactly (tie-break values, prize amounts) are written by the
command line's exact JSON writer, so their models say ``number`` and the writer keeps every digit.

The standings answer is the published JSON Schema of the command line's output
(:data:`tiebreak.render.schema.STANDINGS`), not a model: one document for every face.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

Number = float | int


class TieBreak(BaseModel):
    """One entry of the catalogue."""

    code: str
    name: str
    article: str
    type: str
    modifiers: str
    family: str
    team: bool = Field(description="a team tie-break")
    aliases: list[str] | None = None


class Preset(BaseModel):
    """A ready-made tie-break list."""

    name: str
    tiebreaks: str
    rules: str | None
    team: bool
    source: str


class BergerRound(BaseModel):
    """One round: pairings (White, Black) by number or name, and the player with the bye (odd fields)."""

    round: int
    pairings: list[list[Any]]
    bye: Any = None


class BergerSchedule(BaseModel):
    rounds: list[BergerRound]


class VarmaPlace(BaseModel):
    federation: str
    name: str
    set: str
    number: int


class VarmaDraw(BaseModel):
    """Pairing numbers, the drawing order, conflicts and the named schedule (Arbiters' Manual 13.17)."""

    seed: int
    numbers: dict[str, int]
    order: list[VarmaPlace]
    conflicts: list[list[Any]]
    rounds: list[BergerRound]


class Explanation(BaseModel):
    """The explanation text and its details: one player, every value's rounds; two players (``player2``):
    ``separated_by``, ``article``, ``values``, ``ranks``, ``by_lot``, and ``playoff`` (the places a play-off that
    placed both was played for)."""

    team: bool | None = None
    players: list[int]
    name: str | None = None
    text: str
    details: dict[str, Any] | None = None
    matches: list[dict[str, Any]] | None = None
    seed: int | None = Field(None, description="the seed of the lots the order was drawn with")
    warnings: list[str] = Field([], description="the warnings of reading the file, in the request's language")
    said: dict[str, Any] = Field({}, description="the same warnings as messages (identifier and values), as the "
                                                 "standings' JSON has them")


class PlayoffGroup(BaseModel):
    places: list[int]
    players: list[int] = Field(description="the start (or team) numbers of those who play off, in standings order")
    eliminated: list[int] = Field(description="five or more tied: those the next tie-break leaves out (13.2.11)")
    names: dict[str, str] = Field(description="the name of each number of the group (players and eliminated)")
    format: str = Field(description="the format's identifier: mini-match, round robin, knock-out, cut to four, then "
                                    "knock-out")
    team: bool = Field(description="the groups are of teams (a team event)")
    text: list[str] = Field(description="the group as the arbiter reads it in the request's language: a heading "
                                        "naming the tied as the standings do (Name (No)), then the stages and the "
                                        "sharing of prizes")
    said: dict[str, Any] = Field(description="the same lines as messages (identifier and values), as the standings' "
                                             "JSON has its notes: {\"text\": [...]}")


class PlayoffAnswer(BaseModel):
    """The play-off groups of the tied places asked, the seed of the lots, and the warnings of reading the file."""

    groups: list[PlayoffGroup]
    seed: int | None = Field(None, description="the seed of the lots the order was drawn with")
    warnings: list[str] = Field([], description="the warnings of reading the file, in the request's language")
    said: dict[str, Any] = Field({}, description="the same warnings as messages (identifier and values), as the "
                                                 "standings' JSON has them")


class Award(BaseModel):
    rank: int
    place: str = Field(description="the place as the standings' JSON writes it: 5-9 shared by ties left unbroken")
    start_no: int
    name: str
    prize: str
    amount: Number | None = Field(description="exact decimal, rounded down to the cent when shared; null for a cup")
    pool: Number | None = Field(None, description="a shared prize: the prizes shared, added up")
    left: Number | None = Field(None, description="a shared prize: what is left of the pool once the shares are "
                                                  "rounded down to the cent (paid to nobody; the organiser's)")
    lot: int | None = Field(None, description="the lot that placed the player in the tied group, as the standings' "
                                              "JSON has it (the text's 40*); null when no lot placed him")
    playoff: bool = Field(False, description="the play-off placed the player (Arbiters' Manual 13.2; the text's 1‡)")


class PrizeList(BaseModel):
    """A prize list paid on the standings, with the standings' notes (the round an event in play is after, the games
    still pending, the seed of a lot) and the warnings of reading the file."""

    awards: list[Award]
    seed: int | None = Field(None, description="the seed of the lots the tied were placed with")
    notes: list[str] = Field(description="the standings' notes, in the request's language as the text shows them")
    warnings: list[str] = Field(description="the warnings of reading the file, in the request's language")
    said: dict[str, Any] = Field({}, description="the notes and warnings as messages (identifier and values), as "
                                                 "the standings' JSON has them")


class RulesAgreement(BaseModel):
    rules: str
    values_agree: int
    values: int
    ranks_agree: int
    ranks: int


class CheckReport(BaseModel):
    """``tiebreak check --format json``: ``tiebreaks`` is the list checked (the request's, else the published
    columns), ``source`` and ``published`` the files by the names the user knows them by."""

    source: str
    published: str
    tiebreaks: list[str]
    announced: str
    agree: bool
    differences: list[dict[str, Any]]
    rules: list[RulesAgreement]
    best_rules: list[str]
    #: ``kind`` (right, convention, rules, undefined, none), ``rules``, ``program``, ``text`` (in the request's language)
    verdict: dict[str, str] = {}
    #: the program that published the standings (the file's own word or the ``publisher`` field; "" when unknown)
    publisher: str = ""
    notes: list[str] = Field(description="the notes, in the request's language as the text shows them")
    warnings: list[str] = Field(description="the warnings of reading the file, naming it as the user knows it, in "
                                            "the request's language")
    said: dict[str, Any] = Field({}, description="the notes and warnings as messages (identifier and values), as "
                                                 "the standings' JSON has them")


def also(media_type: str) -> dict[int | str, dict[str, Any]]:
    """``responses=`` of a route that answers ``media_type`` (the command line's text, the page's HTML) besides its
    JSON model, when the request asks for it."""
    return {200: {"content": {media_type: {"schema": {"type": "string"}}}}}
