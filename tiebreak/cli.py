"""The ``tiebreak`` command line.

``tiebreak standings FILE [--tiebreaks LIST] [--rules auto|fide-2024|fide-2026] [--after-round N]
[--unrated-rating R] [--seed S] [--format text|json|csv]``
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import service
from .engine.errors import InputError, InputWarning, Place, SpecifierError, TiebreakError
from .engine.numbers import NumberError, parse_int
from .engine.rules import COMPAT_CHOICES, CUMULATIVE_HALF_BYE, RULE_CHOICES
from .formats import readers
from .formats.files import OutputError, check_target, write_output
from .render.i18n import MESSAGE_WORDS, message, problem, word

#: the rule sets with the FIDE reference checker's choices, which `check` also accepts as the announced rules
CHECK_RULES = ("fide-2024+reference", "fide-2026+reference")
COMPAT_HELP = ("text: our reading of C.07 (default); reference: the FIDE reference checker's choices where it reads the "
               "text otherwise (docs/known-differences.md K1-K3); letter: the 2023 Art. 15.2 to the letter (round-robin "
               "forfeits count for the rating tie-breaks)")


def _warn(w: InputWarning, args: argparse.Namespace) -> None:
    print(f"{MESSAGE_WORDS['warning'][args.lang]}: {problem(w, args.lang)}", file=sys.stderr)


def _inputs(args: argparse.Namespace) -> list[str]:
    """Every file the command reads, which no output may write over."""
    files = args.file if isinstance(args.file, list) else [args.file]
    extra = [getattr(args, "team_ranking", None), *(getattr(args, "published", None) or [])]
    return [*files, *(x for x in extra if x and x not in ("federation", "fed", "club", "records"))]


def _emit(args: argparse.Namespace, text: str | bytes) -> None:
    """The output to ``-o FILE`` (written safely: never over an input, an existing file only with --force), else to
    standard output."""
    if args.output:
        target = write_output(args.output, text, _inputs(args), args.force)
        print(f"wrote {target}", file=sys.stderr)
    elif isinstance(text, bytes):
        sys.stdout.flush()
        sys.stdout.buffer.write(text)
    else:
        sys.stdout.write(text)


def _standings(args: argparse.Namespace) -> int:
    if args.format is None:  # from the name given with -o (standings.pdf), else text
        suffix = Path(args.output).suffix.lower().lstrip(".") if args.output else ""
        args.format = {"txt": "text", "htm": "html"}.get(suffix, suffix if suffix in service.EXTENSIONS else "text")
    if args.output and (len(args.file) > 1 or args.out):
        raise SpecifierError("-o FILE takes one input file; give --out DIR for several")
    if len(args.file) == 1 and not args.out:
        if args.format in service.BINARY_FORMATS and not args.output and sys.stdout.isatty():
            raise OutputError("binary output is not written to a terminal; give -o FILE or redirect it to a file",
                              Place("<standard output>"))
        warnings: list[InputWarning] = []
        text, notes, _ = service.render_standings(args, args.file[0], warnings)
        for w in warnings:
            _warn(w, args)
        _emit(args, text)
        if args.format not in ("json", "html", "pdf"):  # those carry the notes (the seed of a draw among them)
            for note in notes:
                print(f"{MESSAGE_WORDS['note'][args.lang]}: {message(note, args.lang)}", file=sys.stderr)
        return 0
    return _batch(args)


def _batch(args: argparse.Namespace) -> int:
    """Many files: each one on its own (a bad file never stops the rest), a progress line each, a summary.  No output
    is written over an input (``a.trf b.trf --format trf`` in their own folder is refused file by file) or, without
    --force, over an existing file."""
    out = Path(args.out or ".")
    failed: list[tuple[str, str]] = []
    total = len(args.file)
    for n, path in enumerate(args.file, 1):
        warnings: list[InputWarning] = []
        target = out / f"{Path(path).stem}.{service.EXTENSIONS[args.format]}"
        if any(Path(p).stem == Path(path).stem for p in args.file[:n - 1]):
            target = out / f"{Path(path).parent.name}-{Path(path).stem}.{service.EXTENSIONS[args.format]}"
        try:
            check_target(target, _inputs(args), args.force)  # before the work: a refused target costs nothing
            text, _, _ = service.render_standings(args, path, warnings)
            write_output(target, text, _inputs(args), args.force)
        except TiebreakError as e:
            failed.append((path, problem(e, args.lang)))
            print(f"[{n}/{total}] {path}: FAILED", file=sys.stderr)
            continue
        print(f"[{n}/{total}] {path} -> {target}" + (f" ({len(warnings)} warnings)" if warnings else ""),
              file=sys.stderr)
    print(f"{total - len(failed)} of {total} files done", file=sys.stderr)
    for _, why in failed:  # the reason names the file
        print(f"failed: {why}", file=sys.stderr)
    return 1 if failed else 0


def _explain(args: argparse.Namespace) -> int:
    warnings: list[InputWarning] = []
    numbers = args.pair or ([args.player] if args.player else [])
    result = service.explain(args, args.file, numbers, warnings)
    for w in warnings:
        _warn(w, args)
    sys.stdout.write(result["text"])
    return 0


def _check(args: argparse.Namespace) -> int:
    """Exit status 0 when every file's published standings are right under the announced rules, 1 otherwise."""
    from .render import check as render

    if args.published and len(args.published) != len(args.file):
        raise SpecifierError("give --published once for every FILE, in the same order, or not at all")
    reports = []
    for k, path in enumerate(args.file):
        warnings: list[InputWarning] = []
        reports.append(service.check_published(args, path, args.published[k] if args.published else None, warnings))
        for w in warnings:
            _warn(w, args)
    if args.format == "json":
        _emit(args, render.to_json(reports))
    elif args.format == "html":
        _emit(args, render.to_html(reports, args.lang))
    else:
        _emit(args, "\n".join(render.to_text(r, args.lang) for r in reports))
    return 0 if all(r.agree for r in reports) else 1


def _convert(args: argparse.Namespace) -> int:
    warnings: list[InputWarning] = []
    t = readers.convert(args.source, args.target, warnings, force=args.force)
    for w in warnings:
        _warn(w, args)
    print(f"wrote {args.target}: {len(t.players)} players, {t.rounds} rounds", file=sys.stderr)
    return 0


def _berger(args: argparse.Namespace) -> int:
    from .arbiter import berger

    if not 2 <= args.players <= 9999:
        raise SpecifierError(f"number of players {args.players} is outside 2..9999")
    rounds = berger.schedule(args.players, double=args.double)
    sys.stdout.write(berger.to_json(rounds) + "\n" if args.format == "json" else berger.to_text(rounds, args.lang))
    return 0


def _varma(args: argparse.Namespace) -> int:
    import json as _json

    from .arbiter import varma
    from .formats.files import read_text

    players = varma.parse_players(read_text(args.players_file), args.players_file)
    d = varma.draw(players, args.seed, args.variant)
    if args.format == "json":
        sys.stdout.write(_json.dumps(varma.to_dict(d, args.seed), ensure_ascii=False, indent=1) + "\n")
    else:
        sys.stdout.write(varma.to_text(d, len(players)))
    return 0


def _ratings(args: argparse.Namespace) -> int:
    from .arbiter import performance
    from .engine.model import format_number

    if args.k is not None and not 1 <= args.k <= 100:
        raise InputError(f"K factor {str(args.k)[:24]} is out of range (1-100)", Place(field="K"))
    warnings: list[InputWarning] = []
    t = readers.load(args.file, warnings)
    for w in warnings:
        _warn(w, args)
    if args.system in ("fide", "ru"):
        no, name, rtg, gms, score, exp, k, change = word("ratings_head", args.lang).split(",")
        print(f"{no:>4}  {name:30} {rtg:>5} {gms:>4} {score:>6} {exp:>6} {k:>3} {change:>7}")
        for c in performance.rating_changes(t, args.system, args.k):
            print(f"{c.start_no:>4}  {c.name[:30]:30} {c.rating:>5} {c.games:>4} {format_number(c.score):>6} "
                  f"{format_number(c.expected):>6} {c.k:>3} {format_number(c.change, 1):>7}")
    else:
        values = performance.harkness_all(t) if args.system == "harkness" else performance.uscf_performance(t)
        no, name, rtg = word("ratings_head", args.lang).split(",")[:3]
        print(f"{no:>4}  {name:30} {rtg:>5} {args.system:>9}")
        for p in t.players:
            v = values[p.start_no]
            print(f"{p.start_no:>4}  {p.name[:30]:30} {p.rating or '':>5} {'-' if v is None else format_number(v, 0):>9}")
    return 0


def _final_standings(args: argparse.Namespace):
    warnings: list[InputWarning] = []
    s = service.final_standings(args, args.file, warnings)
    for w in warnings:
        _warn(w, args)
    return s


def _playoffs(args: argparse.Namespace) -> int:
    from .arbiter.playoff import plan_playoffs

    s = _final_standings(args)
    try:
        places = [parse_int(x, 1, len(s.rows)) for x in args.places.split(",") if x.strip()]
    except NumberError as e:
        raise InputError(f"place: {e}", Place(field="places")) from None
    if not 0 <= args.after <= len(s.tiebreaks):
        raise InputError(f"--after {args.after} is outside 0..{len(s.tiebreaks)}", Place(field="after"))
    groups = plan_playoffs(s, places, args.after)
    who = "teams" if service.is_team(s) else "players"
    if not groups:
        print(f"no tie for place(s) {args.places}: no play-off needed")
    for g in groups:
        print(f"places {g.places[0]}-{g.places[1]}: {who} {', '.join(map(str, g.players))} — {g.format}")
        for line in g.stages + g.shared:
            print(f"  {line}")
    return 0


def _prizes(args: argparse.Namespace) -> int:
    from .arbiter.prizes import distribute, read_prizes
    from .engine.model import format_number

    s = _final_standings(args)
    for a in distribute(s, read_prizes(args.prizes), args.method):
        row = s.row(a.start_no)
        amount = "—" if a.amount is None else format_number(a.amount, 2)
        print(f"{row.rank:>4} {a.start_no:>4}  {row.name[:30]:30} {a.prize:40} {amount:>10}")
    return 0


def _list(args: argparse.Namespace) -> int:
    lang = args.lang
    if args.from_chess_results:
        from .formats.files import read_text
        from .formats.swissmanager import from_chess_results_legend

        text = sys.stdin.read() if args.from_chess_results == "-" else read_text(args.from_chess_results)
        print(from_chess_results_legend(text))
        return 0
    if args.swiss_manager:
        from .formats.swissmanager import SWISS_MANAGER, UNTRANSLATABLE

        print("Swiss-Manager / Chess-Results number -> specifier (write SM<n> or SM<n>:<parameters> in a list)")
        for n in sorted({*SWISS_MANAGER, *UNTRANSLATABLE}):
            spec, short = SWISS_MANAGER.get(n, (None, ""))
            print(f"SM{n:<4} {short:7} {spec or '-':10} {UNTRANSLATABLE.get(n, '')}".rstrip())
        return 0
    from .engine.registry import CATALOGUE
    from .engine.specifier import MODIFIERS

    print(word("list_head", lang))
    for d in CATALOGUE.values():
        aliases = f" ({word('alias', lang, alias=', '.join(d.aliases))})" if d.aliases else ""
        mods = "".join(sorted(set(d.modifiers) - set("RV"))) or "-"
        print(f"{d.code:10} {d.family:7} {d.type:4} {d.article:31} {mods:5} {d.names[lang]}{aliases}; "
              f"{message(d.unplayed, lang)}")
    from .render.team_words import TEAM_WORDS, team_catalogue

    print()
    print(TEAM_WORDS.text("list_head", lang))
    for d in team_catalogue(lang):
        aliases = f" ({word('alias', lang, alias=', '.join(d['aliases']))})" if d["aliases"] else ""
        mods = "".join(sorted(set(d["modifiers"]) - set("RV"))) or "-"
        print(f"{d['code']:10} {TEAM_WORDS.text('team', lang):7} {d['type']:4} {d['article']:31} {mods:5} {d['name']}{aliases}")
    print()
    for letter, text in MODIFIERS.items():
        print(f"/{letter}  {message(text, lang)}")
    return 0


def _presets(args: argparse.Namespace) -> int:
    from .engine.presets import PRESETS

    for p in PRESETS.values():
        rules = f" [rules {p.rules}]" if p.rules else ""
        print(f"{p.name:19} {p.tiebreaks}{rules}\n{'':19} {message(p.source, args.lang)}")
    return 0


def _odds(args: argparse.Namespace) -> int:
    warnings: list[InputWarning] = []
    text = service.render_odds(args, args.file, warnings)
    for w in warnings:
        _warn(w, args)
    sys.stdout.write(text)
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tiebreak", description="Exact chess tournament standings by tie-break rules.")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("standings", help="rank the players of a tournament file")
    s.add_argument("file", nargs="+", help="TRF file (TRF-16 or TRF-2026), or broadcast PGN (.pgn); several with --out")
    s.add_argument("--out", help="directory for one output file per input (batch)")
    s.add_argument("-o", "--output", metavar="FILE", help="write the output to FILE (its name gives the format when "
                   "--format is not given: .pdf, .html, .csv, .json, .trf, .txt)")
    s.add_argument("--force", action="store_true", help="replace existing output files (never an input)")
    s.add_argument("--tiebreaks", "-t", help="ordered list, e.g. 'PTS,BH/C1,BH,SB' (default: the file's 202/212 "
                   "record, else a FIDE default)")
    s.add_argument("--compat", default="text", choices=COMPAT_CHOICES, help=COMPAT_HELP)
    s.add_argument("--rules", default="auto", choices=RULE_CHOICES,
                   help="rule set (auto: the FIDE edition by start date; fide-2009 = Arbiters' Manual Art. 13; uscf; ru)")
    s.add_argument("--preset", help="a ready-made list (see 'tiebreak presets'); --tiebreaks and --rules override it")
    s.add_argument("--after-round", type=int, help="standings after this round")
    s.add_argument("--unrated-rating", type=int, help="rating for unrated players in rating tie-breaks")
    s.add_argument("--seed", type=int, help="seed for drawing lots (printed when chosen at random)")
    s.add_argument("--cumulative-half-bye", choices=CUMULATIVE_HALF_BYE,
                   help="cumulative score (US-CUM, RU-CUM): deduct a half-point bye's 1/2 or keep it (default: the "
                        "rule set's: uscf keeps it, seed 002; ru deducts it, seed 004)")
    s.add_argument("--no-lots", action="store_true", help="leave remaining ties unbroken (shared ranks)")
    s.add_argument("--system", choices=["swiss", "rr", "round-robin"], help="override Swiss/round-robin detection")
    s.add_argument("--format", "-f", choices=list(service.EXTENSIONS),
                   help="trf / chess-json: the tournament written back with the computed ranks and the list "
                        "(TRF record 212; Chess-JSON rankOrder and tieBreakScore); pdf: the HTML page printed "
                        "by Chromium (A4)")
    s.add_argument("--lang", default="en", choices=["en", "ru", "uk"], help="language of the text output")
    s.add_argument("--players", action="store_true", help="in a team event, rank the individual players instead")
    s.add_argument("--details", action="store_true", help="JSON: add each value's per-round record ('details')")
    s.add_argument("--columns", default="auto",
                   help="player columns: auto (title, fed, rating where the file has them), none, or a list of "
                        "title,fed,rating,club,sex,birth,perf,change")
    s.add_argument("--category", action="append", metavar="EXPR",
                   help="add the standings of a category: rating<1600, birth>=2010, sex=w, fed=AUS, title=WGM, "
                        "unrated; conditions joined by & (repeat for several categories)")
    s.add_argument("--team-ranking", metavar="BY",
                   help="add a team ranking of this individual event: federation, records (TRF 013/310 teams) or a "
                        "CSV file of 'start number, team' lines")
    s.add_argument("--team-best", type=int, default=4, help="players counted per team (default 4)")
    s.add_argument("--team-tiebreaks", help="team tie-breaks: TC (Team Cumulative), CUM, or codes of the "
                                            "individual list summed over the players counted (default TC)")
    s.set_defaults(run=_standings)
    e = sub.add_parser("explain", help="show how each value of a player was made, or what separated two players")
    e.add_argument("file")
    e.add_argument("--player", type=int)
    e.add_argument("--players", type=int, nargs=2, dest="pair")
    for flag, kw in (("--tiebreaks", {}), ("--preset", {}), ("--after-round", {"type": int}),
                     ("--unrated-rating", {"type": int}), ("--seed", {"type": int})):
        e.add_argument(flag, **kw)
    e.add_argument("--compat", default="text", choices=COMPAT_CHOICES, help=COMPAT_HELP)
    e.add_argument("--rules", default="auto", choices=RULE_CHOICES)
    e.add_argument("--cumulative-half-bye", choices=CUMULATIVE_HALF_BYE)
    e.add_argument("--no-lots", action="store_true")
    e.add_argument("--individual", dest="players", action="store_true",
                   help="in a team event, N is a player's start number (default: a team number)")
    e.set_defaults(run=_explain)
    ch = sub.add_parser("check", help="check published standings: which values differ, why, and which rules "
                        "reproduce them (exit status 1 when they differ under the announced rules)")
    ch.add_argument("file", nargs="+", help="tournament files; their own ranks/values are checked unless --published")
    ch.add_argument("--published", action="append", metavar="STANDINGS",
                    help="the published standings (CSV/XLSX: start number or name, points, one column per tie-break); "
                         "once per FILE")
    ch.add_argument("--tiebreaks", "-t", help="the announced list (default: the published columns)")
    ch.add_argument("--preset", help="a ready-made list (see 'tiebreak presets')")
    ch.add_argument("--compat", default="text", choices=COMPAT_CHOICES, help=COMPAT_HELP)
    ch.add_argument("--rules", default="auto", choices=[*RULE_CHOICES, *CHECK_RULES],
                    help="the announced rule set (auto: the FIDE edition by start date)")
    for flag in ("--after-round", "--unrated-rating"):
        ch.add_argument(flag, type=int)
    ch.add_argument("--system", choices=["swiss", "rr", "round-robin"], help="override Swiss/round-robin detection")
    ch.add_argument("--format", "-f", default="text", choices=["text", "json", "html"])
    ch.add_argument("-o", "--output", metavar="FILE", help="write the report to FILE")
    ch.add_argument("--force", action="store_true", help="replace an existing FILE")
    ch.add_argument("--lang", default="en", choices=["en", "ru", "uk"])
    ch.set_defaults(run=_check)
    c = sub.add_parser("convert", help="convert a tournament file (PGN or TRF in, TRF out)")
    c.add_argument("source")
    c.add_argument("target")
    c.add_argument("--force", action="store_true", help="replace an existing target (never the source)")
    c.set_defaults(run=_convert)
    b = sub.add_parser("berger", help="Berger round-robin schedule (Arbiters' Manual 13.16)")
    b.add_argument("players", type=int)
    b.add_argument("--double", action="store_true", help="double round robin (13.16.2)")
    b.add_argument("--format", "-f", default="text", choices=["text", "json"])
    b.set_defaults(run=_berger)
    v = sub.add_parser("varma", help="restricted drawing of lots with Varma tables (Arbiters' Manual 13.17)")
    v.add_argument("players_file", help="one player a line: Name, FED (CSV or ';')")
    v.add_argument("--seed", type=int, required=True)
    v.add_argument("--variant", default="s000", choices=["s000", "fide"], help="the 11/12-player table (see docs)")
    v.add_argument("--format", "-f", default="text", choices=["text", "json"])
    v.set_defaults(run=_varma)
    rt = sub.add_parser("ratings", help="rating change or performance of every player")
    rt.add_argument("file")
    rt.add_argument("--system", default="fide", choices=["fide", "ru", "harkness", "uscf"])
    rt.add_argument("--k", type=int, help="K factor for everybody (default: from the rating)")
    rt.set_defaults(run=_ratings)
    for name, run_, help_ in (("playoffs", _playoffs, "plan the play-offs of tied places (Arbiters' Manual 13.2)"),
                              ("prizes", _prizes, "distribute a prize list on the final standings")):
        q = sub.add_parser(name, help=help_)
        q.add_argument("file")
        for flag, kw in (("--tiebreaks", {}), ("--preset", {}), ("--unrated-rating", {"type": int}),
                         ("--seed", {"type": int})):
            q.add_argument(flag, **kw)
        q.add_argument("--compat", default="text", choices=COMPAT_CHOICES, help=COMPAT_HELP)
        q.add_argument("--rules", default="auto", choices=RULE_CHOICES)
        q.add_argument("--no-lots", action="store_true")
        q.add_argument("--individual", dest="players", action="store_true",
                       help="in a team event, the players instead of the teams")
        if name == "playoffs":
            q.add_argument("--places", default="1", help="places played off, e.g. 1 or 1,2,3")
            q.add_argument("--after", type=int, default=0, help="play off only after this many tie-breaks")
        else:
            q.add_argument("--prizes", required=True, help="CSV: kind,place_or_category,amount")
            q.add_argument("--method", default="shared", choices=["shared", "hort", "tiebreak"])
        q.set_defaults(run=run_)
    od = sub.add_parser("odds", help="who can still win: the chance of every place once the pending games are played")
    od.add_argument("file")
    od.add_argument("--tiebreaks", "-t", help="ordered list (default: the file's, else a FIDE default)")
    for flag, kw in (("--preset", {}), ("--after-round", {"type": int}),
                     ("--unrated-rating", {"type": int}), ("--seed", {"type": int})):
        od.add_argument(flag, **kw)
    od.add_argument("--rules", default="auto", choices=RULE_CHOICES)
    od.add_argument("--system", choices=["swiss", "rr", "round-robin"], help="override Swiss/round-robin detection")
    od.add_argument("--model", default="equal", choices=["equal", "elo"],
                    help="equal: every result 1/3; elo: Davidson's draw model on the ratings and colour")
    od.add_argument("--draw-rate", type=float, help="elo model: draw probability of equal players (default: the "
                                                    "event's share of draws)")
    od.add_argument("--white-advantage", type=float, default=35, help="elo model: White's edge in rating points")
    od.add_argument("--fix", action="append", metavar="W-B=RESULT",
                    help="fix a pending game's result, e.g. 12-7=1-0 or 13:12-7=1/2 (round 13); repeatable")
    od.add_argument("--exact", action="store_true", help="enumerate every outcome, however long it takes")
    od.add_argument("--simulations", type=int, help="simulate this many outcomes instead")
    od.add_argument("--budget", type=float, default=30.0,
                    help="seconds the exact enumeration may take before simulation is used instead (default 30)")
    od.add_argument("--places", type=int, default=3, help="the chance of finishing in the top K (default 3)")
    od.add_argument("--player", type=int, help="start number: the minimal sets of results that make them first")
    od.add_argument("--format", "-f", default="text", choices=["text", "json", "html"])
    od.add_argument("--lang", default="en", choices=["en", "ru", "uk"])
    od.set_defaults(run=_odds)
    pre = sub.add_parser("presets", help="list the ready-made tie-break lists")
    pre.set_defaults(run=_presets)
    web = sub.add_parser("serve", help="start the web page and JSON API (needs the 'web' extras)")
    web.add_argument("--host", default="127.0.0.1")
    web.add_argument("--port", type=int, default=8000)
    web.add_argument("--watch", metavar="PATH", help="live standings of a file, or of every event file in a folder, "
                                                     "recomputed when they change (page /live)")
    web.add_argument("--token", help="the arbiter's token: needed to change an event's list or publish a held-back file")
    web.add_argument("--database", metavar="URL", help="where every live version is kept: an SQLAlchemy URL "
                                                       "(default: tiebreak-live.sqlite beside the watched files; none)")
    web.add_argument("--tiebreaks", help="tie-break list of the live events (default: each file's own)")
    web.add_argument("--rules", default="auto", choices=RULE_CHOICES)
    web.set_defaults(run=_serve)
    lst = sub.add_parser("list", help="list the tie-breaks and modifiers")
    lst.add_argument("--lang", default="en", choices=["en", "ru", "uk"])
    lst.add_argument("--swiss-manager", action="store_true", help="Swiss-Manager's numbered tie-breaks and ours")
    lst.add_argument("--from-chess-results", metavar="FILE",
                     help="translate a Chess-Results legend or column names (one per line; - = standard input) "
                          "into our list")
    lst.set_defaults(run=_list)
    for command in sub.choices.values():  # errors and warnings in the user's language, whatever the command
        if not any("--lang" in a.option_strings for a in command._actions):
            command.add_argument("--lang", default="en", choices=["en", "ru", "uk"],
                                 help="language of messages (errors, warnings)")
    return p


def _serve(args: argparse.Namespace) -> int:
    try:
        from .web import serve
    except ImportError as e:
        raise SpecifierError(f"the web app needs its extras: pip install 'tiebreak[web]' ({e.name} is missing)") from None
    live = None
    if args.watch:
        from .live.event import Settings
        from .live.watch import LiveHub

        live = LiveHub(args.watch, args.database, args.token, Settings(tiebreaks=args.tiebreaks, rules=args.rules))
        print(f"tiebreak: live standings of {len(live.events)} event file(s) at http://{args.host}:{args.port}/live",
              file=sys.stderr)
    print(f"tiebreak: open http://{args.host}:{args.port}/ in a browser (Ctrl-C stops)", file=sys.stderr)
    serve(args.host, args.port, live)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except TiebreakError as e:
        print(f"tiebreak: {MESSAGE_WORDS['error'][args.lang]}: {problem(e, args.lang)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as e:  # a file that cannot be written (a read error is an InputError of the reader)
        err = InputError(f"cannot write the file: {e.strerror or e}", Place(str(e.filename or "")))
        print(f"tiebreak: {MESSAGE_WORDS['error'][args.lang]}: {problem(err, args.lang)}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
