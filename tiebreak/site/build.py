"""``tiebreak site FILE... -o DIR``: the event's website in one folder, and how it is written.

The folder: ``index.html`` (to the English home page, or the list of events when several files are given),
``assets/`` (style sheet, search script and the search index, the organiser's logo), ``version.json``, and per event
the folders ``en/``, ``ru/`` and ``uk/`` with the same page names in each (several files: one folder per event, named
after the file).

Writing never leaves a half-written page: every page is written to a temporary file beside it and renamed over the
old one (an atomic step on every file system a web server reads), the new pages first, then ``version.json``; a page
whose bytes did not change is not touched, so its date and a CDN's copy stay valid.  A first build is written into a
temporary folder renamed to ``DIR`` at the end (:mod:`tiebreak.site.folder`: nothing outside the folder, no link in
it followed).
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from json.encoder import encode_basestring as quote
from pathlib import Path
from typing import Any

import numpy as np

from ..app.options import Options
from ..app.site import boards_options, event_odds, ranks_teams, read
from ..engine.errors import InputError, InputWarning, Place
from ..engine.messages import Message
from ..engine.model import Kind, Tournament
from ..render.i18n import LANGUAGES
from ..render.odds import odds_section
from ..render.table_style import sticky_columns, wider_name
from ..render.templating import environment
from ..render.words import SERIES_WORDS, SITE_WORDS
from .card import rank_values
from .cells import event_name
from .downloads import downloads
from .event import Event, build_event, same_players
from .folder import VERSION_LIMIT, Publication, page_name, read_page, refuse_link
from .games import read_games, viewer_assets
from .look import Look, accent_css
from .pages import page_names, render
from .playoff import individual_playoff, team_playoff
from .series import FOLDER as SERIES_FOLDER
from .series import SeriesOptions
from .series import pages as series_pages
from .spares import Spares
from .team_event import TeamEvent, build_team_event
from .teams import match_boards

ASSETS = Path(__file__).resolve().parent / "assets"


@dataclass
class Site:
    """The events of one site and what was written last (page -> digest), for ``--watch``."""

    out: Path
    options: Options
    paths: list[str]
    events: dict[str, Event | TeamEvent] = field(default_factory=dict)  # path -> event
    digests: dict[str, str] = field(default_factory=dict)
    version: int = 0
    #: the cards' ranks in the bytes made last: page -> (digest of those bytes, the ranks, where each one starts)
    holes: dict[str, tuple[str, tuple[int, ...], tuple[int, ...]]] = field(default_factory=dict)
    #: empty files made ahead of time for the next pages (a watched site)
    spares: Spares | None = None
    #: the organiser's logo and accent colour (``--logo``, ``--accent``)
    look: Look = field(default_factory=Look)
    #: ``--series``: the series of the site's events, its pages in ``series/`` (:mod:`tiebreak.site.series`)
    series: SeriesOptions | None = None
    #: the standings as files to download (:data:`tiebreak.site.downloads.KINDS`: pdf, xlsx, trf)
    downloads: tuple[str, ...] = ()
    #: a PGN of the event's games (``--games``): each opens in a board viewer
    games: str | None = None
    #: kept by the live server (``serve --site``): a game paired without a result is being played, as its live screen
    #: says (a file's site: not played yet; :attr:`tiebreak.site.event.Event.live`)
    live: bool = False

    def prefix(self, path: str) -> str:
        """The event's folder inside the site ('' for a site of one event): the file's name, with its folder's when
        two files have the same name (``open/tournament.trf``, ``juniors/tournament.trf``), numbered if still equal."""
        if len(self.paths) == 1:
            return ""
        names: dict[str, str] = {}
        stems = [slug(p) for p in self.paths]
        for p, stem in zip(self.paths, stems):
            name = stem if stems.count(stem) == 1 else f"{slug(Path(p).resolve().parent.name)}-{stem}"
            while name in names.values() or (self.series is not None and name == SERIES_FOLDER):
                name += "-2"  # (the series pages have a folder of their own)
            names[p] = name
        return names[path] + "/"


def slug(path: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", Path(path).stem).strip("-").lower() or "event"


def load(site: Site, path: str, warnings: list[InputWarning], incremental: bool = False,
         t: Tournament | None = None) -> Event | TeamEvent:
    """The event of ``path`` (``t``: its tournament, already read), its odds page when games are pending
    (``incremental``: the standings after the rounds that did not change are taken from the event read before; the
    odds are left to the caller).  The warnings of reading it are added to ``warnings`` and kept by the event alone:
    its standings page says its own file's, never another event's of the same site (``t`` given: ``warnings`` are
    those of reading it, the event's too)."""
    own: list[InputWarning] = [] if t is None else list(warnings)
    said = len(own)
    try:
        return _load(site, path, own, incremental, t)
    finally:
        warnings += own[said:]


def _load(site: Site, path: str, warnings: list[InputWarning], incremental: bool,
          t: Tournament | None) -> Event | TeamEvent:
    before = site.events.get(path)
    if t is None:
        t = read(site.options, path, warnings)  # by the one loader, as `tiebreak standings` and live read it
    o = site.options  # no seed: the event's own (tiebreak.app.site.event_seed), the same in every build
    previous, same = None, 0
    if incremental and isinstance(before, Event):
        previous, same = before, unchanged_rounds(before.tournament, t)
    team = ranks_teams(o, t)  # (the games: the players' boards)
    # a team event's list and play-off are the teams': its players' standings are by the file's own individual list
    ind = build_event(boards_options(o) if team else o, path, t, warnings, previous, same)
    ind.downloads, ind.live = site.downloads, site.live
    if site.games:
        ind.games = read_games(ind, site.games, warnings)
    e: Event | TeamEvent = ind
    if team:
        e = build_team_event(ind, t, warnings, o)
        e.playoff = team_playoff(o, t)

        ind.boards = match_boards(e)  # a card's board is its team match's
    else:
        ind.playoff = individual_playoff(o, ind)
    if e.tournament.pending and not incremental:
        e.odds = odds_pages(e)
    site.events[path] = e
    return e


def unchanged_rounds(a: Tournament, b: Tournament) -> int:
    """How many first rounds are the same in both files (0 when the players differ)."""
    if not same_players(a, b) or a.kind.shape != b.kind.shape:
        return 0
    diff = (a.kind != b.kind) | (a.opponent != b.opponent) | (a.colour != b.colour)
    changed = np.nonzero(diff.any(axis=0))[0]
    return int(changed[0]) if len(changed) else a.rounds


def odds_pages(e: Event | TeamEvent) -> dict[str, str] | None:
    """The odds page's tables per language (every outcome or a seeded simulation of a fixed number of outcomes,
    chosen as every face chooses them (:mod:`tiebreak.arbiter.odds.run`): by the counts alone, never by the
    clock, so every build on any machine, a watched folder and a full build write the same page, and the same numbers
    as the live screen's): the players' chances, or in a team
    event the teams' (ranked by the team standings, as ``tiebreak odds`` on a team file)."""
    result = event_odds(e.ind.options, e.source, e.seed, e.ranks_teams)
    return {lang: odds_section(result, lang) for lang in LANGUAGES}  # the odds page's body: the same template


def pages_of(site: Site, e: Event | TeamEvent, names: list[str] | None = None) -> dict[str, bytes]:
    """The pages of the event ``e`` (``names``: only these page names) in every language: site path -> bytes.
    Where the ranks of an individual event's cards are in their bytes is kept in ``site.holes`` (for
    :func:`tiebreak.site.watch.patched`)."""
    prefix = site.prefix(e.path)

    def page(name: str, lang: str, footer: str, holes: list[int] | None = None) -> str:
        html = render(e, name, lang, footer, holes, site.look.logo_name)
        if prefix:
            html = html.replace('href="../assets/', 'href="../../assets/').replace('src="../assets/',
                                                                                   'src="../../assets/')
        return html

    out = {}
    for lang in LANGUAGES:  # no date or version on the pages: an unchanged page keeps its bytes (version.json has them)
        footer = SITE_WORDS.text('made_by', lang)
        for name in names if names is not None else page_names(e):
            rel = f"{prefix}{lang}/{name}"
            site.holes.pop(rel, None)
            if not (isinstance(e, Event) and name.startswith("player-")):
                out[rel] = page(name, lang, footer).encode()
                continue
            holes: list[int] = []
            filled = fill(page(name, lang, footer, holes), holes)
            if filled is None or holes != rank_values(e, int(name[7:-5])):  # a placeholder's character in a name
                out[rel] = page(name, lang, footer).encode()
                continue
            out[rel], starts = filled
            if holes:
                site.holes[rel] = digest(out[rel]), tuple(holes), starts
    return out


def fill(html: str, values: list[int]) -> tuple[bytes, tuple[int, ...]] | None:
    """The page ``html`` with its placeholders (:data:`tiebreak.site.card.HOLE`) replaced by ``values``, as bytes,
    and where each value starts in them; None when the page's characters do not leave the placeholders alone."""
    n = len(values)
    parts = re.split("\ue000([0-9]+)\ue001", html)
    if html.count("\ue000") != n or html.count("\ue001") != n or len(parts) != 2 * n + 1:
        return None
    if sorted(int(x) for x in parts[1::2]) != list(range(n)):
        return None
    out, starts, at = [], [0] * n, 0
    for j, part in enumerate(parts):
        data = part.encode() if j % 2 == 0 else str(values[int(part)]).encode()
        if j % 2:
            starts[int(part)] = at
        out.append(data)
        at += len(data)
    return b"".join(out), tuple(starts)


def style_sheet() -> bytes:
    """The website's style sheet (the live screen's cards use it too): the standings tables' sticky columns as every
    face has them (:mod:`tiebreak.render.table_style`), at every width, the name column wider on a wide screen;
    then the site's own rules (``assets/site.css``)."""
    sticky = f"@media screen{{\n{sticky_columns()}\n}}\n@media screen and (min-width:60rem){{{wider_name(14)}}}\n"
    return sticky.encode() + (ASSETS / "site.css").read_bytes()


def common_files(site: Site) -> dict[str, bytes]:
    """The assets, the search index and the root page."""
    out = {f"assets/{n}": (ASSETS / n).read_bytes() for n in ("site.js", "refresh.js")}
    out["assets/site.css"] = style_sheet()
    out.update(updated_files(site))
    if site.look.accent is not None:  # the organiser's colour: the first rule of the style sheet
        out["assets/site.css"] = accent_css(site.look.accent).encode() + out["assets/site.css"]
    if site.look.logo is not None:
        out[f"assets/{site.look.logo_name}"] = site.look.logo
    if site.games:  # the board viewer (cm-chessboard, vendored) and its script

        out.update(viewer_assets())
        out["assets/game.js"] = (ASSETS / "game.js").read_bytes()
    index = []
    for path, e in site.events.items():
        prefix = site.prefix(path)
        where = f"../../{prefix}LANG/" if prefix else ""  # from a page of any event's language folder
        index += [[p.start_no, p.name, f"{where}player-{p.start_no}.html"] for p in e.tournament.players]
    data = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
    out["assets/search.json"] = data.encode()
    script = ("window.TIEBREAK_PLAYERS=" + data.replace("</", "<\\/") + ";\n"
              "(function(){var l=document.documentElement.lang;window.TIEBREAK_PLAYERS.forEach("
              "function(p){p[2]=p[2].replace('LANG',l)})})();\n")
    out["assets/search-index.js"] = script.encode()
    names = [(event_name(e.ind),) * len(LANGUAGES) for e in site.events.values()]
    folders = [site.prefix(p) for p in site.events]
    if site.series is not None:  # the series first, then its events
        out |= series_pages(site)
        folders.insert(0, f"{SERIES_FOLDER}/")
        names.insert(0, tuple(SERIES_WORDS.text("title", lang) for lang in LANGUAGES))
    out["index.html"] = root_page(folders, names, [SITE_WORDS.text("events", lang) for lang in LANGUAGES])
    return out


def root_page(folders: list[str], names: list[tuple[str, ...]], headings: list[str]) -> bytes:
    """The site's ``index.html``: a site of one event goes to its English pages (each page switches language); a
    site of several lists them in every language (``names``: each one's name in each of :data:`LANGUAGES`), each
    list under its own heading and ``lang``, never a redirect.

    >>> b"refresh" in root_page([""], [("Open",) * 3], ["Events"] * 3)
    True
    >>> page = root_page(["a/", "b/"], [("Open",) * 3, ("Juniors",) * 3], ["Events", "Турниры", "Турніри"]).decode()
    >>> "refresh" in page, 'href="b/uk/index.html"' in page, '<section lang="ru">' in page
    (False, True, True)
    """
    target = f"{folders[0]}en/index.html" if len(folders) == 1 else None
    lists = [(lang, heading, [(f"{folder}{lang}/index.html", name[i]) for folder, name in zip(folders, names)])
             for i, (lang, heading) in enumerate(zip(LANGUAGES, headings))]
    return environment().get_template("site_redirect.html").render(
        title=" · ".join(headings) if target is None else names[0][0], target=target, lists=lists, root="").encode()


def updated_files(site: Site) -> dict[str, bytes]:
    """``assets/updated.js``: per event (its folder; "" for a site of one event) when its file was last saved (UTC,
    the file's time: two builds of one file write the same bytes) and whether it is still in play (rounds or games
    to come), read by ``assets/refresh.js`` for every page's "Last updated" and its reloading."""
    data = {site.prefix(p).rstrip("/"): {"time": _results_time([p]) or "", "live": in_play(e)}
            for p, e in site.events.items()}
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).replace("</", "<\\/")
    return {"assets/updated.js": f"window.TIEBREAK_UPDATED={text};\n".encode()}


def in_play(e: Event | TeamEvent) -> bool:
    """Whether the event has rounds or games still to come."""
    t = e.tournament
    return bool(t.pending) or e.played < t.rounds or bool((t.kind == Kind.UNKNOWN).any())


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:20]


def check_folder(out: Path, inputs: list[str]) -> None:
    """``out`` must be new, empty, or a site written before (it has our version.json), and hold no input; never a
    link (:func:`tiebreak.site.folder.refuse_link`)."""
    refuse_link(out)
    for p in inputs:
        if Path(p).resolve().is_relative_to(out.resolve()):
            raise InputError(Message("the input {} is inside the output folder {}; give another folder", p, out), Place(str(out)))
    if out.exists() and not out.is_dir():
        raise InputError(Message("{} is a file, not a folder", out), Place(str(out)))
    if out.is_dir() and any(out.iterdir()) and written_before(out) is None:
        raise InputError(Message("{} is not empty and is not a site written by tiebreak (no version.json); give a "
                                 "new or empty folder", out), Place(str(out)))


def written_before(out: Path) -> dict[str, Any] | None:
    """The ``version.json`` of the site in ``out`` (a regular file of bounded size, ours), else None."""
    data = read_page(out, "version.json", VERSION_LIMIT)
    try:
        doc = json.loads(data) if data is not None else None
    except ValueError:
        return None
    return doc if isinstance(doc, dict) and doc.get("generator") == "tiebreak site" else None


def publish(site: Site, files: dict[str, bytes], remove: set[str] | None = None) -> list[str]:
    """Write the files whose bytes changed (each through a temporary file renamed over the old), remove ``remove``,
    then write ``version.json``; the pages written (:class:`tiebreak.site.folder.Publication`: only inside the
    site's folder, a first build appears whole)."""
    with Publication(site.out, site.spares) as pub:
        site.version += 1
        written = _put(site, pub, files)
        for rel in remove or set():
            pub.remove(rel)
            site.digests.pop(rel, None)
        pub.finish(_version_text(site))
    return written


def publish_all(site: Site, paths: list[str] | None = None) -> list[str]:
    """Every page of the events of ``paths`` (None: of every event) and the common files, made and written a few
    hundred at a time (a 10,000-player event's 30,000 pages are never held together), the pages of those events
    that are no longer made removed, then ``version.json``; the pages written."""
    chosen = site.paths if paths is None else paths
    made: set[str] = set()
    written: list[str] = []
    with Publication(site.out, site.spares) as pub:
        site.version += 1
        for e in (site.events[p] for p in chosen):
            names = page_names(e)
            for k in range(0, len(names), PAGES_AT_ONCE):
                files = pages_of(site, e, names[k:k + PAGES_AT_ONCE])
                made.update(files)
                written += _put(site, pub, files)
                e.ind.forget_cards()
            files = event_downloads(site, e)
            made.update(files)
            written += _put(site, pub, files)
        files = common_files(site)
        made.update(files)
        written += _put(site, pub, files)
        for rel in [k for k in site.digests if k not in made and (paths is None or any(
                k.startswith(site.prefix(p)) and k.endswith(".html") for p in chosen))]:
            pub.remove(rel)
            site.digests.pop(rel, None)
        pub.finish(_version_text(site))
    return sorted(written)


def event_downloads(site: Site, e: Event | TeamEvent) -> dict[str, bytes]:
    """The standings of ``e`` as files to download (:mod:`tiebreak.site.downloads`): site path -> bytes."""
    return downloads(e, site.downloads, site.prefix(e.path)) if site.downloads else {}


#: page names made and written at once by :func:`publish_all` (each in three languages)
PAGES_AT_ONCE = 300


def _put(site: Site, pub: Publication, files: dict[str, bytes]) -> list[str]:
    """Write the files of ``files`` whose bytes changed, and keep their digests; their names."""
    sums = {k: digest(v) for k, v in files.items()}
    changed = {k: v for k, v in files.items() if site.digests.get(k) != sums[k]}
    pub.write(changed)
    for k in changed:
        site.digests[k] = sums[k]
    return sorted(changed)


def _results_time(paths: list[str]) -> str | None:
    """When the results last changed: the newest input file's time (UTC), never the clock's, so two builds of the
    same files write the same bytes."""
    times = []
    for p in paths:
        try:
            times.append(os.stat(p).st_mtime)
        except OSError:
            continue
    if not times:
        return None
    return datetime.datetime.fromtimestamp(int(max(times)), datetime.timezone.utc).isoformat(timespec="seconds")


def _version_text(site: Site) -> str:
    """``version.json``: what json.dump(doc, indent=1) writes, the pages (thousands, twice a change) by the C encoder
    of strings."""
    doc: dict[str, Any] = {
        "generator": "tiebreak site", "version": site.version,
        "made": _results_time(list(site.events)),
        "events": [{"file": Path(p).name, "folder": site.prefix(p), "seed": e.seed, "rounds": e.tournament.rounds,
                    "played": e.played, "sha256": _file_digest(p)} for p, e in site.events.items()],
        "pages": {}}
    pages = ",\n".join(f"  {quote(k)}: {quote(v)}" for k, v in sorted(site.digests.items()))
    return json.dumps(doc, ensure_ascii=False, indent=1).removesuffix("{}\n}") + (
        "{\n" + pages + "\n }" if pages else "{}") + "\n}"


def _file_digest(path: str) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return ""


def open_site(o: Options, paths: list[str], out: str | Path, series: SeriesOptions | None = None,
              downloads: tuple[str, ...] = ()) -> Site:
    """The site of ``paths`` in ``out`` (checked: new, empty or a site written before), with what was written there
    before (its version and its pages' digests: a page whose bytes stay the same is not written again); ``series``:
    the series of its events too; ``downloads``: the standings' files to download it holds."""
    site = Site(Path(out), o, list(dict.fromkeys(paths)), series=series, downloads=downloads)
    check_folder(site.out, site.paths)
    old = written_before(site.out)
    if old is not None:  # only the names of pages inside the site: a name it holds is never one outside
        site.version = old["version"] if isinstance(old.get("version"), int) else 0
        pages = old.get("pages")
        site.digests = {k: v for k, v in pages.items() if isinstance(v, str) and page_name(k)} if isinstance(
            pages, dict) else {}
    return site


def build_site(o: Options, paths: list[str], out: str, warnings: list[InputWarning],
               series: SeriesOptions | None = None, downloads: tuple[str, ...] = (), games: str | None = None,
               look: Look | None = None) -> Site:
    """Build (or rebuild) the whole site of ``paths`` into ``out`` (``series``: with the series of its events;
    ``downloads``: the standings' files to download, of :data:`tiebreak.site.downloads.KINDS`; ``games``: a PGN of the
    event's games, :mod:`tiebreak.site.games`; ``look``: the organiser's logo and colour)."""
    site = open_site(o, paths, out, series, downloads)
    site.games = games
    site.look = look or Look()
    for p in site.paths:
        load(site, p, warnings)
    publish_all(site)
    return site
