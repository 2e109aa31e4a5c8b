"""One request for standings, as the command line and the web app both make it: options in, the standings rendered
in the asked format out.  Everything here works on a file already on disk (the readers choose by its extension).

>>> o = Options(tiebreaks="PTS,BH/C1", seed=1)
>>> text, notes, s = render_standings(o, "examples/hobsons-bay-cup-2025.trf", [])
>>> s.rows[0].start_no, str(s.rows[0].values["BH/C1"])    # published by Vega: no. 7 first, BH/C1 30
(7, '30')
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .engine import team
from .engine.errors import InputWarning, SpecifierError
from .engine.presets import PRESETS
from .engine.standings import Standings, compute_standings
from .formats import chessjson, readers, trf
from .render import html, output

#: output format -> file extension
EXTENSIONS = {"text": "txt", "json": "json", "csv": "csv", "trf": "trf", "html": "html", "chess-json": "json",
              "pdf": "pdf"}
MEDIA_TYPES = {"text": "text/plain; charset=utf-8", "json": "application/json", "csv": "text/csv; charset=utf-8",
               "trf": "text/plain; charset=utf-8", "html": "text/html; charset=utf-8", "chess-json": "application/json",
               "pdf": "application/pdf"}


@dataclass
class Options:
    """What to compute and how to show it (the ``tiebreak standings`` options; argparse results work as well)."""

    tiebreaks: str | None = None
    preset: str | None = None
    rules: str = "auto"
    after_round: int | None = None
    unrated_rating: int | None = None
    seed: int | None = None
    no_lots: bool = False
    system: str | None = None
    players: bool = False
    format: str = "json"
    lang: str = "en"
    details: bool = False


def options(o) -> Options:
    """``o`` as Options: an argparse namespace of any command, missing fields taking their defaults."""
    if isinstance(o, Options):
        return o
    from dataclasses import fields

    return Options(**{f.name: getattr(o, f.name) for f in fields(Options) if hasattr(o, f.name)})


def list_and_rules(o, team_event: bool) -> tuple[str | None, str]:
    """The tie-break list and rule set asked for: an explicit list and rule set win over the preset's."""
    o = options(o)
    tiebreaks, rules = o.tiebreaks, o.rules
    if o.preset:
        preset = PRESETS.get(o.preset)
        if preset is None:
            raise SpecifierError(f"unknown preset {o.preset!r}; presets: {', '.join(PRESETS)}")
        if preset.team != team_event:
            kind = "team" if preset.team else "individual"
            raise SpecifierError(f"preset {preset.name!r} is for {kind} events, and this is not one")
        tiebreaks = tiebreaks or preset.tiebreaks
        if rules == "auto" and preset.rules:
            rules = preset.rules
    if tiebreaks and "SM" in tiebreaks.upper():
        from .formats.swissmanager import translate

        tiebreaks = translate(tiebreaks)
    return tiebreaks, rules


def individual_standings(o, path: str, warnings: list[InputWarning]) -> Standings:
    """The standings of the players of ``path`` (team events: the players of every board)."""
    o = options(o)
    t = readers.load(path, warnings)
    tiebreaks, rules = list_and_rules(o, False)
    return compute_standings(t, tiebreaks, rules=rules, after_round=o.after_round, unrated_rating=o.unrated_rating,
                             seed=o.seed, lots=not o.no_lots, system=_system(o), warnings=warnings)


def _system(o) -> str | None:
    return {"swiss": "swiss", "rr": "round robin", "round-robin": "round robin"}.get(o.system) if o.system else None


def render_standings(o, path: str, warnings: list[InputWarning]) -> tuple[str | bytes, list[str], object]:
    """The standings of one file in ``o.format``, the notes, and the standings object (team or individual)."""
    o = options(o)
    t = readers.load(path, warnings)
    system = _system(o)
    team_event = not o.players and bool(team.read_teams(t))
    tiebreaks, rules = list_and_rules(o, team_event)
    if team_event:
        tt = team.build(t, system=system)
        warnings += tt.warnings
        s = team.compute_team_standings(tt, tiebreaks, rules=rules, after_round=o.after_round, seed=o.seed,
                                        lots=not o.no_lots, system=system)
        writers = {"json": lambda: output._dump(output.team_to_json_obj(s)) + "\n",
                   "csv": lambda: output.team_to_csv(s), "text": lambda: output.team_to_text(s)}
    else:
        s = compute_standings(t, tiebreaks, rules=rules, after_round=o.after_round,
                              unrated_rating=o.unrated_rating, seed=o.seed, lots=not o.no_lots,
                              system=system, warnings=warnings)
        writers = {"json": lambda: output.to_json(s, details=o.details), "csv": lambda: output.to_csv(s),
                   "text": lambda: output.to_text(s, o.lang), "trf": lambda: trf_with_ranks(t, s),
                   "chess-json": lambda: chess_json_with_ranks(t, s), "html": lambda: html.to_html(s, o.lang),
                   "pdf": lambda: _pdf(s, o.lang)}
    if o.format not in writers:
        raise SpecifierError(f"format {o.format!r} is not available for team events")
    return writers[o.format](), s.notes, s


def _pdf(s: Standings, lang: str) -> bytes:
    from .render.pdf import html_to_pdf

    return html_to_pdf(html.to_html(s, lang))


def trf_with_ranks(t, s: Standings) -> str:
    """The TRF with the computed ranks in columns 86-89 and the list in record 212 (TRF-2026)."""
    ranked = replace(t, declared_tiebreaks=s.tiebreaks, declared_tiebreaks_complete=True)
    return trf.dumps(ranked, ranks={r.start_no: r.rank for r in s.rows})


def chess_json_with_ranks(t, s: Standings) -> str:
    """The tournament as Chess-JSON with the computed ranks, the list (``rankOrder``) and the values
    (``tieBreakScore``)."""
    ranked = replace(t, declared_tiebreaks=s.tiebreaks, declared_tiebreaks_complete=True)
    return chessjson.dumps(ranked, ranks={r.start_no: r.rank for r in s.rows},
                           tiebreaks={r.start_no: [r.values[c] for c in s.tiebreaks] for r in s.rows})
