"""The arbiter's tools on the command line: Berger and Varma tables, ratings, play-offs, prizes, odds, the lists of
tie-breaks and presets, and the web server."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..app.load import player_list
from ..app.odds import render_odds
from ..app.options import OddsOptions, Options, RatingsOptions
from ..app.playoffs import playoffs
from ..app.prizes import prize_rests, prizes, prizes_page
from ..app.ratings import render_ratings
from ..app.series import series
from ..arbiter import berger, varma
from ..engine.errors import InputError, InputWarning, Place, SpecifierError
from ..engine.messages import Message
from ..engine.presets import PRESETS
from ..engine.registry import CATALOGUE
from ..engine.specifier import MODIFIERS
from ..formats.files import read_text
from ..formats.swissmanager import SWISS_MANAGER, UNTRANSLATABLE, from_chess_results_legend
from ..render import ratings as render
from ..render.i18n import message, team_catalogue, tiebreak_name, word
from ..render.odds import Progress
from ..render.output import dumps_exact
from ..render.series import to_json_obj, to_text
from ..render.tools import berger_text, playoffs_text, prizes_text, varma_text
from ..render.words import MESSAGE_WORDS, TEAM_WORDS
from .args import Berger, Listing, Odds, Playoffs, Prizes, Ratings, Series, Serve, Varma, view
from .files import emit, warn

if TYPE_CHECKING:
    from ..live.remote import RemotePgn
    from ..site.live import LiveSite


def _berger(ns: argparse.Namespace) -> int:
    args = view(Berger, ns)  # its number of players is bounded where it is declared (tiebreak.app.declared)
    rounds = berger.schedule(args.players, double=args.double)
    emit(args.written(), berger.to_json(rounds) + "\n" if args.format == "json" else berger_text(rounds, args.lang))
    return 0


def _varma(ns: argparse.Namespace) -> int:
    args = view(Varma, ns)
    players = varma.parse_players(read_text(args.players_file), args.players_file)
    d = varma.draw(players, args.seed, args.variant)
    emit(args.written(args.players_file),
          json.dumps(varma.to_dict(d, args.seed), ensure_ascii=False, indent=1) + "\n" if args.format == "json"
          else varma_text(d, varma.named_schedule(d, len(players)), args.lang))
    return 0


def _ratings(ns: argparse.Namespace) -> int:
    args = view(Ratings, ns)
    fmt = args.format
    if fmt is None:  # from the name given with -o (ratings.csv), else text
        suffix = Path(args.output).suffix.lower().lstrip(".") if args.output else ""
        fmt = suffix if suffix in render.RENDERERS else "text"
    warnings: list[InputWarning] = []
    text = render_ratings(view(RatingsOptions, ns), args.file, fmt, warnings)
    for w in warnings:
        warn(w, args.lang)
    emit(args.written(args.file), text)
    return 0


def _playoffs(ns: argparse.Namespace) -> int:
    args = view(Playoffs, ns)
    warnings: list[InputWarning] = []
    answer = playoffs(view(Options, ns), args.file, args.places, args.after, warnings)
    for w in warnings:
        warn(w, args.lang)
    emit(args.written(args.file),
          dumps_exact(answer) + "\n" if args.format == "json" else playoffs_text(answer, args.places, args.lang))
    return 0


def _prizes(ns: argparse.Namespace) -> int:
    args = view(Prizes, ns)
    warnings: list[InputWarning] = []
    paid = prizes(view(Options, ns), args.file, read_text(args.prizes), args.prizes, args.method, warnings)
    for w in warnings:
        warn(w, args.lang)
    if args.format == "json":
        text = dumps_exact(paid.to_json_obj(args.lang))
    elif args.format == "html":
        text = prizes_page(paid, args.lang, args.file)
    else:
        text = prizes_text(paid.awards, prize_rests(paid.awards, args.lang), args.lang, paid.seed)
    emit(args.written(args.file, args.prizes, *([args.playoff] if args.playoff else [])), text)
    if args.format not in ("json", "html"):  # those carry the notes, as the standings' do (the seed of a lot among them)
        for note in paid.notes:
            print(f"{MESSAGE_WORDS.text('note', args.lang)}: {message(note, args.lang)}", file=sys.stderr)
    return 0


def _series(ns: argparse.Namespace) -> int:
    args = view(Series, ns)
    warnings: list[InputWarning] = []
    table = series(view(Options, ns), args.file, args.points, args.best, args.series_tiebreaks, warnings)
    for w in warnings:
        warn(w, args.lang)
    text = dumps_exact(to_json_obj(table, warnings, args.lang)) if args.format == "json" else to_text(table, args.lang)
    emit(args.written(*args.file), text)
    return 0


def _list(ns: argparse.Namespace) -> int:
    args = view(Listing, ns)
    lang = args.lang
    if args.from_chess_results:

        text = sys.stdin.read() if args.from_chess_results == "-" else read_text(args.from_chess_results)
        notes: list[str] = []
        print(from_chess_results_legend(text, notes))
        for note in notes:  # what the legend leaves open: said, never decided in silence
            print(f"{MESSAGE_WORDS.text('note', lang)}: {message(note, lang)}", file=sys.stderr)
        return 0
    if args.swiss_manager:

        print(message("Swiss-Manager / Chess-Results number -> specifier (write SM<n> or SM<n>:<parameters> in a list)",
                      lang))
        for n in sorted({*SWISS_MANAGER, *UNTRANSLATABLE}):
            spec, short = SWISS_MANAGER.get(n, (None, ""))
            print(f"SM{n:<4} {short:7} {spec or '-':10} {message(UNTRANSLATABLE.get(n, ''), lang)}".rstrip())
        return 0

    print(word("list_head", lang))
    for d in CATALOGUE.values():
        aliases = f" ({word('alias', lang, alias=', '.join(d.aliases))})" if d.aliases else ""
        mods = "".join(sorted(set(d.modifiers) - set("RV"))) or "-"
        print(f"{d.code:10} {d.family:7} {d.type:4} {message(d.article, lang):31} {mods:5} {tiebreak_name(d, lang)}{aliases}; "
              f"{message(d.unplayed, lang)}")

    print()
    print(TEAM_WORDS.text("list_head", lang))
    for team in team_catalogue(lang):
        aliases = f" ({word('alias', lang, alias=', '.join(team['aliases']))})" if team["aliases"] else ""
        mods = "".join(sorted(set(team["modifiers"]) - set("RV"))) or "-"
        print(f"{team['code']:10} {TEAM_WORDS.text('team', lang):7} {team['type']:4} {message(team['article'], lang):31} "
              f"{mods:5} "
              f"{team['name']}{aliases}")
    print()
    for letter, text in MODIFIERS.items():
        print(f"/{letter}  {message(text, lang)}")
    return 0


def _presets(ns: argparse.Namespace) -> int:
    for p in PRESETS.values():
        rules = f" [{word('preset_rules', ns.lang, rules=p.rules)}]" if p.rules else ""
        print(f"{p.name:19} {p.tiebreaks}{rules}\n{'':19} {message(p.source, ns.lang)}")
    return 0


def _odds(ns: argparse.Namespace) -> int:
    args = view(Odds, ns)
    warnings: list[InputWarning] = []
    progress = Progress(sys.stderr, args.lang)  # on a terminal, after the first second: how far the outcomes are
    try:
        text = render_odds(view(OddsOptions, ns), args.file, warnings, progress)
    finally:
        progress.clear()
    for w in warnings:
        warn(w, args.lang)
    emit(args.written(args.file), text)
    return 0


#: the modules each extra brings (a missing one is named with the extra that installs it)
EXTRAS = {"web": ("fastapi", "pydantic", "jinja2", "multipart", "python_multipart", "uvicorn", "starlette", "anyio"),
          "live": ("watchfiles", "sqlalchemy")}


def _missing_extra(e: ImportError) -> SpecifierError:
    """The extra to install for a module that is missing, as an error (no traceback); other import errors are bugs."""
    name = (e.name or "").split(".")[0]
    if name in EXTRAS["live"]:
        return SpecifierError(Message("tiebreak serve --watch needs the live extras: pip install -e '.[live]' in a "
                                      "clone, else pip install 'tiebreak[live]' ({} is missing)",
                                      name))
    if name in EXTRAS["web"]:
        return SpecifierError(Message("tiebreak serve needs the web extras: pip install -e '.[web]' in a clone, else "
                                      "pip install 'tiebreak[web]' ({} is missing)",
                                      name))
    raise e


def _playoff_beside(watch: str, playoff: str | None) -> str | None:
    """The play-off results file of ``serve --watch FILE --playoff PLAYOFF`` as the live event reads it: its name in
    the watched file's folder (the live server reads nothing outside it); one event only."""
    if playoff is None:
        return None
    event, path = Path(watch).resolve(), Path(playoff).resolve()
    if event.is_dir():
        raise InputError("--playoff needs --watch FILE: a folder's events would all be placed by one play-off",
                         Place(field="playoff"))
    if path.parent != event.parent or path == event:
        raise InputError(Message("the play-off results file {} must lie beside the watched file, in {}", playoff,
                                 str(event.parent)), Place(playoff, field="playoff"))
    return path.name


def _broadcast_address(args: Serve) -> tuple[RemotePgn | None, str]:
    """``--watch https://…``: the broadcast followed at its address (:mod:`tiebreak.live.remote`), read once before
    the server starts (an address that does not answer is said now), and the file its bodies are kept in; a path:
    (None, the path)."""
    from ..live.remote import RemotePgn  # noqa: PLC0415  start-up: an http(s) broadcast only (+34 ms, ssl)

    assert args.watch is not None
    if not RemotePgn.is_address(args.watch):
        return None, args.watch
    remote = RemotePgn(args.watch, interval=args.poll_seconds, limit=args.max_file_mb * 1024 * 1024)
    remote.poll()
    if remote.status is not None or not remote.path.exists():
        remote.close()
        raise InputError(Message("the broadcast's address could not be read: {}", remote.status or "no body"),
                         Place(args.watch))
    return remote, str(remote.path)


def _live_site(args: Serve) -> LiveSite | None:
    """``serve --watch … --site DIR``: the site kept of the live events, with what ``tiebreak site`` takes that
    shapes its pages (the downloads, the games, the logo and colour, the play-off), each checked before the server
    starts."""
    if not args.site:
        return None
    from ..site.live import LiveSite  # noqa: PLC0415  start-up: serve --site only (+148 ms)
    from ..site.look import read_look  # noqa: PLC0415  start-up: as above (+6 ms)
    from .site import downloads_asked  # noqa: PLC0415  start-up: as above (+34 ms)

    return LiveSite(args.site, Options(playoff=args.playoff, no_lots=args.no_lots, seed=args.seed), watched=args.watch,
                    downloads=downloads_asked(args.downloads), games=args.games, look=read_look(args.logo, args.accent))


def _serve(ns: argparse.Namespace) -> int:
    # the port, the held versions' time and the live bounds: checked where they are declared; an option that needs
    # --watch or --site given without it: refused before (tiebreak.app.declared.check_needed)
    args = view(Serve, ns)
    try:
        import uvicorn  # noqa: F401, PLC0415  (imported by serve; checked here, before anything starts)

        from ..web.app import bound_address, listening, serve  # noqa: PLC0415  start-up: serve only: FastAPI (+880 ms measured)
        live = None
        if args.watch:
            import watchfiles  # noqa: F401, PLC0415  (imported when the server starts watching; checked before it starts)

            from ..app.live import RANKING, check_settings  # noqa: PLC0415  start-up: serve --watch only (+18 ms: the live ranking)
            from ..live.event import Settings  # noqa: PLC0415  start-up: serve --watch only: SQLAlchemy (+800 ms)
            from ..live.watch import Bounds, LiveHub  # noqa: PLC0415  (as above)

            site = _live_site(args)
            remote, target = _broadcast_address(args)
            players = None
            if args.player_list:  # the broadcast's player list, read (and any error said) before the server starts
                listed_warnings: list[InputWarning] = []
                players = (Path(args.player_list).name, player_list(args.player_list, listed_warnings))
                for w in listed_warnings:
                    warn(w, args.lang)
            settings = Settings(**{k: getattr(args, k) for k in RANKING},  # as `standings` ranks the file
                                playoff=_playoff_beside(args.watch, args.playoff))
            check_settings(settings)  # an unknown preset: said before the server starts
            live = LiveHub(target, args.database, args.token, settings,
                           Bounds(args.hold, args.max_file_mb * 1024 * 1024, args.keep_versions, args.max_streams,
                                  args.max_streams_per_client),
                           site=site, remote=remote, players=players)
    except ImportError as e:
        raise _missing_extra(e) from None
    try:  # bound before it is said: --port 0 is the port the system chose
        sock = listening(args.host, args.port)
    except InputError:  # the address cannot be had: nothing started
        if live is not None:
            live.close()
        raise
    url = bound_address(sock)
    if live is not None:
        print(message(Message("tiebreak: live standings of {} event file at {}live", len(live.events), url,
                              plural="tiebreak: live standings of {} event files at {}live", count=len(live.events)),
                      args.lang),
              file=sys.stderr)
        for passed in live.folder.passed_over():  # a website or web pages beside the event files: said, never read
            print(f"tiebreak: {message(passed, args.lang)}", file=sys.stderr)
        if args.site:
            print(message(Message("tiebreak: the site of the live events is kept in {}", args.site), args.lang), file=sys.stderr)
    print(message(Message("tiebreak: open {} in a browser (Ctrl-C stops)", url), args.lang), file=sys.stderr)
    serve(sock, live)
    return 0
