"""The event's website (issue 25): on real events (a Swiss with byes and forfeits, a round robin with forfeits, a team
Swiss) every round's standings page and every player's card say what the command line's JSON says
(``standings --after-round N --seed S -f json`` and ``standings --details``, the records of ``explain``), every link
of the folder resolves, and the folder is written whole.  The browser checks are in tests/test_site_browser.py."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from sources import CORPUS, ROOT
from waits import HANG_GUARD, followed, until

pytest.importorskip("jinja2")

from tiebreak.cli import main  # noqa: E402

SWISS = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
ROUND_ROBIN = CORPUS / "hobsons-bay-vega" / "2026westernmajoropen" / "tournament.trf"  # 6 players, 5 forfeit entries
TEAMS = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"
SEED = "7"


class Tables(HTMLParser):
    """Every table of a page: id -> rows, each row a list of cells (text, href, data-v); and every link."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[dict[str, str]]]] = {}
        self.links: list[str] = []
        self.values: dict[str, str] = {}  # card: tie-break key -> value shown
        self._table: str | None = None
        self._cell: dict[str, str] | None = None
        self._value: str | None = None
        self._skip: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "table":
            self._table = a.get("id", "")
            self.tables[self._table] = []
        elif tag == "tr" and self._table is not None:
            self.tables[self._table].append([])
        elif tag in ("td", "th") and self._table is not None:
            self._cell = {"text": "", "data": a.get("data-v", "")}
            self.tables[self._table][-1].append(self._cell)
        elif tag in ("a", "link", "script"):
            target = a.get("href") or a.get("src")
            if target:
                self.links.append(target)
                if self._cell is not None and tag == "a":
                    self._cell["href"] = target
        elif tag in ("small", "span") and set(a.get("class", "").split()) & {"narrow", "visually-hidden", "way"}:
            # a name cell's line for phones, a colour's word for readers, a card's how-counted letter beside the
            # contribution for phones: other cells say them
            self._skip = tag
        elif tag == "span" and "pc" in a.get("class", "").split() and self._cell is not None:
            self._cell["mark"] = a["class"].split()[-1]  # a board's colour beside the name: "w" or "b"
        elif tag == "span" and "data-key" in a:
            self._value = a["data-key"]
            self.values[self._value] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._table = None
        elif tag in ("td", "th"):
            self._cell = None
        elif tag == self._skip:  # (they hold text only)
            self._skip = None
        elif tag == "span":
            self._value = None

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        if self._cell is not None:
            self._cell["text"] += data
        if self._value is not None:
            self.values[self._value] += data


def parse(path: Path) -> Tables:
    p = Tables()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def cli_json(capsys, *argv: str) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out, parse_float=str, parse_int=str)


@pytest.fixture(scope="module")
def swiss_site(tmp_path_factory):
    out = tmp_path_factory.mktemp("swiss") / "site"
    assert main(["site", str(SWISS), "-o", str(out), "--seed", SEED, "--category", "rating<1200",
                 "--team-ranking", "federation"]) == 0
    return out


def player_of(cell: dict[str, str]) -> int:
    return int(re.fullmatch(r"player-(\d+)\.html", cell["href"]).group(1))


def row_player(row: list[dict[str, str]], page: str = "player") -> int:
    """The number of the player (``page``: team) a standings row's name links to (wherever the row puts the name)."""
    return int(next(re.fullmatch(page + r"-(\d+)\.html", c["href"]).group(1) for c in row
                    if c.get("href", "").startswith(page + "-")))


def check_standings_pages(site: Path, trf: Path, rounds: int, capsys) -> None:
    """Every round's standings page shows the ranks, points and values of ``standings --after-round N``."""
    for k in range(1, rounds + 1):
        want = cli_json(capsys, "standings", str(trf), "--after-round", str(k), "--seed", SEED, "-f", "json")
        rows = parse(site / "en" / f"standings-{k}.html").tables["standings"][1:]
        assert len(rows) == len(want["standings"])
        for row, w in zip(rows, want["standings"]):
            assert row_player(row) == int(w["start_no"])
            assert row[0]["text"].rstrip("*") == w["rank"]
            shown = {c["data"]: c["text"] for c in row if c["data"]}
            assert shown["PTS"] == w["points"]
            for key, value in w["values"].items():
                if key != "PTS":
                    assert shown[key] == ("-" if value is None else value), (k, w["start_no"], key)


def check_cards(site: Path, trf: Path, rounds: int, capsys) -> None:
    """Every card: the running score and rank after each round as the standings after that round give them, and
    every value with its rounds as ``standings --details`` (the records of ``explain``) gives them."""
    after = {k: {int(r["start_no"]): r for r in cli_json(capsys, "standings", str(trf), "--after-round", str(k),
                                                            "--seed", SEED, "-f", "json")["standings"]}
             for k in range(1, rounds + 1)}
    final = cli_json(capsys, "standings", str(trf), "--seed", SEED, "--details", "-f", "json")["standings"]
    for w in final:
        sno = int(w["start_no"])
        page = parse(site / "en" / f"player-{sno}.html")
        games = page.tables["games"][1:]
        assert len(games) == rounds
        for k, row in enumerate(games, 1):
            shown = {c["data"]: c["text"] for c in row if c["data"]}
            lot = "*" if after[k][sno]["lot"] is not None else ""  # the place as the text writes it: 7* by lot
            assert shown["score"] == after[k][sno]["points"] and shown["rank"] == after[k][sno]["rank"] + lot
        for key, d in w["details"].items():
            assert page.values[key] == ("-" if d["value"] is None else d["value"]), (sno, key)
            if d.get("rounds"):
                table = page.tables[f"tb{list(w['details']).index(key) + 1}"][1:]
                assert [c[3]["text"].split()[0] for c in table] == [r["value"] for r in d["rounds"]], (sno, key)


def check_links(site: Path) -> None:
    pages = list(site.rglob("*.html"))
    assert pages
    for page in pages:
        for link in parse(page).links:
            parts = urlsplit(link)
            if parts.scheme == "data":  # inside the page itself (the icon)
                continue
            assert not parts.scheme and not parts.netloc, (page, link)  # no external resource
            if parts.path:
                assert (page.parent / unquote(parts.path)).resolve().is_file(), (page, link)


def test_swiss_standings_after_every_round_agree_with_the_command_line(swiss_site, capsys):
    check_standings_pages(swiss_site, SWISS, 7, capsys)


def test_swiss_cards_agree_with_the_command_line(swiss_site, capsys):
    check_cards(swiss_site, SWISS, 7, capsys)


def test_every_link_resolves_and_nothing_is_external(swiss_site):
    check_links(swiss_site)
    for lang in ("en", "ru", "uk"):
        names = sorted(p.name for p in (swiss_site / lang).iterdir())
        assert names == sorted(p.name for p in (swiss_site / "en").iterdir())  # the same pages in each language


def test_the_pages_are_in_the_readers_language(swiss_site):
    ru = (swiss_site / "ru" / "standings.html").read_text(encoding="utf-8")
    uk = (swiss_site / "uk" / "crosstable.html").read_text(encoding="utf-8")
    assert "Турнирная таблица" in ru and 'lang="ru"' in ru and "Турнірна таблиця" in uk
    en = (swiss_site / "en" / "standings.html").read_text(encoding="utf-8")
    assert 'href="../ru/standings.html"' in en  # the switch keeps the page


def test_rounds_name_byes_and_forfeits_in_words(swiss_site):
    text = " ".join((swiss_site / "en" / f"round-{k}.html").read_text(encoding="utf-8") for k in range(1, 8))
    assert "half-point bye" in text or "full-point bye" in text or "zero-point bye" in text
    rows = parse(swiss_site / "en" / "round-1.html").tables["pairings"][1:]
    assert [r[0]["text"] for r in rows] == [str(n) for n in range(1, len(rows) + 1)]  # boards in order
    # round 1 (all on 0): boards by start number (C.04 A.9); no. 1 took a half-point bye ('0000 - H'), so board 1
    # is no. 2's, who had White against 16 ('16 w 1' in the TRF)
    assert (player_of(rows[0][2]), player_of(rows[0][7])) == (2, 16)
    assert (rows[0][1]["text"], rows[0][9]["text"]) == ("2", "16")  # the players' numbers beside the names
    byes = parse(swiss_site / "en" / "round-1.html").tables["byes"][1:]
    assert (player_of(byes[0][1]), byes[0][4]["text"]) == (1, "half-point bye")


def test_groups_and_version(swiss_site):
    page = (swiss_site / "en" / "standings.html").read_text(encoding="utf-8")
    assert "rating&lt;1200" in page or "rating<1200" in page  # the category's heading (escaped)
    version = json.loads((swiss_site / "version.json").read_text(encoding="utf-8"))
    assert version["generator"] == "tiebreak site" and version["events"][0]["seed"] == int(SEED)
    assert set(version["pages"]) == {str(p.relative_to(swiss_site)) for p in swiss_site.rglob("*")
                                     if p.is_file() and p.name != "version.json"}


def test_a_rebuild_touches_only_changed_pages(swiss_site, tmp_path):
    before = {p: p.stat().st_mtime_ns for p in swiss_site.rglob("*.html")}
    assert main(["site", str(SWISS), "-o", str(swiss_site), "--seed", SEED, "--category", "rating<1200",
                 "--team-ranking", "federation"]) == 0
    assert {p: p.stat().st_mtime_ns for p in swiss_site.rglob("*.html")} == before
    assert not list(swiss_site.rglob(".tmp-*"))


def test_a_folder_of_something_else_is_refused(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["site", str(SWISS), "-o", str(tmp_path)]) == 2
    assert "version.json" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_round_robin_square_crosstable_and_cards(tmp_path, capsys):
    out = tmp_path / "rr"
    assert main(["site", str(ROUND_ROBIN), "-o", str(out), "--seed", SEED]) == 0
    check_standings_pages(out, ROUND_ROBIN, 5, capsys)
    check_cards(out, ROUND_ROBIN, 5, capsys)
    table = parse(out / "en" / "crosstable.html").tables["crosstable"]
    assert len(table) == 7 and [c["text"] for c in table[0][4:]] == [str(n) for n in range(1, 7)]  # after the No
    assert [row[4 + i]["text"] for i, row in enumerate(table[1:])] == ["×"] * 6  # the diagonal
    check_links(out)


def test_team_event_standings_matches_boards_and_cards(tmp_path, capsys):
    out = tmp_path / "teams"
    assert main(["site", str(TEAMS), "-o", str(out), "--seed", SEED]) == 0
    capsys.readouterr()
    for k in range(1, 8):  # the teams' standings after every round, as `standings --after-round k`
        want = cli_json(capsys, "standings", str(TEAMS), "--after-round", str(k), "--seed", SEED, "-f", "json")
        rows = parse(out / "en" / f"standings-{k}.html").tables["standings"][1:]
        assert [row_player(r, "team") for r in rows] == \
            [int(w["start_no"]) for w in want["standings"]]
        for row, w in zip(rows, want["standings"]):
            shown = {c["data"]: c["text"] for c in row if c["data"]}
            assert shown == {key: "-" if v is None else v for key, v in w["values"].items()}, (k, w["start_no"])
    # the players' cards are the individual event's (`standings --players`)
    want = cli_json(capsys, "standings", str(TEAMS), "--players", "--seed", SEED, "--details", "-f", "json")
    for w in want["standings"][:10]:
        page = parse(out / "en" / f"player-{w['start_no']}.html")
        assert {k: page.values[k] for k in w["details"]} == {k: "-" if d["value"] is None else d["value"]
                                                            for k, d in w["details"].items()}
    # every match of round 1 board by board: the boards' results add up to the match's game points
    page = parse(out / "en" / "round-1.html")
    matches = [t for name, t in page.tables.items() if name.startswith("match-")]
    assert len(matches) == 7 and all(len(t) - 1 >= 4 for t in matches)  # 15 teams: 7 matches and a bye
    boards = parse(out / "en" / "boards.html").tables["board-1"][1:]
    assert all(r[2]["text"].endswith("%") and 0 <= float(r[2]["text"][:-1]) <= 100 for r in boards)  # 78.6%
    check_links(out)


#: a team event written by hand (as in tests/test_live_teams.py): teams A (players 1, 2), B (3, 4), C (5, 6), D (7, 8),
#: two boards.  Round 1: A-B 1½-½, C-D 0-2; round 2: B-C 1½-½, and A-D with board 1 won by A and board 2 (8-2) being
#: played.  By hand, under the equal model (each result 1/3): a win or a draw for A's no. 2 wins A the match (first),
#: a win for no. 8 draws it 1-1 and D is first on game points 3 to 2½: A first 2/3, D first 1/3, B and C never.
TEAM_GAMES = {1: "   3 w 1     7 w 1", 2: "   4 b =     8 b  ", 3: "   1 b 0     5 w =", 4: "   2 w =     6 b 1",
              5: "   7 w 0     3 b =", 6: "   8 b 0     4 w 0", 7: "   5 b 1     1 b 0", 8: "   6 w 1     2 w  "}


def test_team_event_odds_page_gives_the_teams_chances(tmp_path, capsys):
    lines = ["012 Hand-made team cup", "092 Team Swiss System", "142 2"]
    lines += [f"001 {n:>4}      Player {n}".ljust(91) + games.rstrip() for n, games in TEAM_GAMES.items()]
    lines += [f"013 {name:<32}{a:>4} {b:>4}" for name, a, b in (("A", 1, 2), ("B", 3, 4), ("C", 5, 6), ("D", 7, 8))]
    (tmp_path / "cup.trf").write_text("\n".join(lines) + "\n")
    out = tmp_path / "site"
    assert main(["site", str(tmp_path / "cup.trf"), "-o", str(out), "--seed", SEED]) == 0
    capsys.readouterr()
    for lang in ("en", "ru", "uk"):
        assert 'href="odds.html"' in (out / lang / "standings.html").read_text(encoding="utf-8")  # in the menu
        rows = [r for r in parse(out / lang / "odds.html").tables.get("odds", [])[1:]]
        first = {r[1]["text"]: r[3]["text"] for r in rows}  # number, name, points, first place
        sign = "%" if lang == "en" else "\u202f%"  # Russian and Ukrainian set the sign apart
        assert first == {"A": f"66.7{sign}", "D": f"33.3{sign}", "B": "·", "C": "·"}, lang
    check_links(out)


def flip_last_round(text: str, start_no: int) -> str:
    """``text`` with ``start_no``'s result of round 7 turned round on both lines (1 <-> 0), as a pairing program
    saves a corrected result; the round block of round 7 is TRF columns 152-161, its result in column 159."""
    lines = text.split("\n")
    at = 91 + 60
    k = next(i for i, x in enumerate(lines) if x.startswith("001") and int(x[4:8]) == start_no)
    opponent, result = int(lines[k][at:at + 4]), lines[k][at + 7]
    new = {"1": "0", "0": "1"}[result]
    j = next(i for i, x in enumerate(lines) if x.startswith("001") and int(x[4:8]) == opponent)
    lines[k] = lines[k][:at + 7] + new + lines[k][at + 8:]
    lines[j] = lines[j][:at + 7] + {"1": "0", "0": "1"}[new] + lines[j][at + 8:]
    return "\n".join(lines)


def test_watch_rewrites_only_the_pages_a_changed_result_touches(tmp_path, capsys):
    from tiebreak.app.options import Options
    from tiebreak.site.build import build_site
    from tiebreak.site.watch import update

    trf = tmp_path / "event.trf"
    trf.write_text(SWISS.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "site"
    site = build_site(Options(seed=int(SEED)), [str(trf)], str(out), [])
    before = {p: p.read_bytes() for p in out.rglob("*.html")}
    trf.write_text(flip_last_round(trf.read_text(encoding="utf-8"), 7), encoding="utf-8")  # 7 lost to 3: now won
    written = set(update(site, str(trf), []))
    changed = {str(p.relative_to(out)) for p in out.rglob("*.html") if p.read_bytes() != before[p]}
    assert changed and changed <= written
    assert {"en/round-7.html", "en/standings-7.html", "en/standings.html", "en/player-7.html",
            "en/player-3.html", "uk/player-7.html"} <= changed
    assert not any(f"round-{k}.html" in x or f"standings-{k}.html" in x for x in written for k in range(1, 7))
    assert not list(out.rglob(".tmp-*"))
    assert json.loads((out / "version.json").read_text(encoding="utf-8"))["version"] > 1  # one per publishing step
    check_standings_pages(out, trf, 7, capsys)  # the new pages say what the command line says of the new file
    check_cards(out, trf, 7, capsys)


def test_the_watcher_follows_the_file(tmp_path, monkeypatch):
    pytest.importorskip("watchfiles")
    import threading

    from tiebreak.app.options import Options
    from tiebreak.site.build import build_site
    from tiebreak.site.watch import watch

    trf = tmp_path / "event.trf"
    trf.write_text(SWISS.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "site"
    site = build_site(Options(seed=int(SEED)), [str(trf)], str(out), [])
    stop, watching = threading.Event(), followed(monkeypatch)
    thread = threading.Thread(target=watch, args=(site, "en", stop), daemon=True)
    thread.start()
    try:
        until(watching.is_set, "the watcher to follow the file")  # a change written before may go unseen
        trf.write_text(flip_last_round(trf.read_text(encoding="utf-8"), 7), encoding="utf-8")
        until(lambda: json.loads((out / "version.json").read_text(encoding="utf-8"))["version"] >= 2,
              "the site to be updated")
    finally:
        stop.set()
        thread.join(HANG_GUARD)
    assert not thread.is_alive()


def test_several_events_get_a_folder_each(tmp_path):
    other = tmp_path / "club" / "tournament.trf"  # the same file name as the round robin's, in another folder
    other.parent.mkdir()
    other.write_text(SWISS.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "site"
    assert main(["site", str(ROUND_ROBIN), str(other), "-o", str(out), "--seed", SEED]) == 0
    folders = sorted(p.name for p in out.iterdir() if p.is_dir() and p.name != "assets")
    assert folders == ["2026westernmajoropen-tournament", "club-tournament"]
    assert all((out / f / lang / "standings.html").is_file() for f in folders for lang in ("en", "ru", "uk"))
    check_links(out)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_russian_and_ukrainian_pages_have_no_english_words(swiss_site, lang):
    from test_every_word import english

    for page in sorted((swiss_site / lang).glob("*.html")):
        text = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", page.read_text(encoding="utf-8"), flags=re.S)
        text = re.sub(r"<[^>]+>", " ", text).replace("rating&lt;1200", "")  # the category as the arbiter wrote it
        for line in SWISS.read_text(encoding="utf-8").splitlines():  # the file's own texts (city, pairing system…)
            if line[:3] in ("022", "092", "102", "112", "122") and line[4:].strip():
                text = text.replace(line[4:].strip(), " ")
        from html import unescape

        assert [w for w in english(unescape(text)) if w != "tiebreak"] == [], page.name  # the program's name


def test_the_odds_page_is_the_same_in_every_build_and_on_any_machine(tmp_path):
    """With more pending games than the page enumerates (14 here: the bundled event's last round blanked), the odds
    are a seeded simulation of a fixed number of outcomes, never cut by the clock: two builds (as a watched folder
    and a full build) give the same page on any machine, and it says how many outcomes it drew.  It holds no time
    measured on this machine ('would take about 212 s' made every build, and every --watch, rewrite it)."""
    from tiebreak.formats import trf
    from tiebreak.live.odds import live_odds

    lines = (ROOT / "examples" / "hobsons-bay-cup-2025.trf").read_text(encoding="utf-8").split("\n")
    blanked = [x[:158] + " " + x[159:] if x.startswith("001") and len(x) > 158 and x[158] != " " else x for x in lines]
    (tmp_path / "open.trf").write_text("\n".join(blanked), encoding="utf-8")
    games = sum(x[158] == " " for x in blanked if x.startswith("001")) // 2
    assert 3**games > 170_000 // (60 + 32)  # more outcomes than every face draws for 32 players (1,847, by hand)
    pages = []
    for n in (1, 2):
        assert main(["site", str(tmp_path / "open.trf"), "-o", str(tmp_path / f"site{n}"), "--seed", SEED]) == 0
        pages.append((tmp_path / f"site{n}" / "en" / "odds.html").read_bytes())
    assert pages[0] == pages[1]
    assert b"would take about" not in pages[0]
    # as many outcomes as the live screen draws for the same file (one rule for both: the odds' method count)
    live = live_odds(trf.load(tmp_path / "open.trf", []), None, seed=int(SEED))
    assert live is not None and live["method"] == "simulation"
    assert f"simulation: {live['outcomes']:,} outcomes, seed {SEED}" in pages[0].decode()


def test_crosstable_colours_are_the_readers_letters(swiss_site):
    """docs/glossary.md: White / Black in a crosstable cell are w / b, in Russian and Ukrainian б / ч (as the live
    screen and `standings` say).  No. 2 had White against no. 16 in round 1 and won ('16 w 1' in the TRF); no. 16
    finished 9th (the published standings), so his round-1 cell reads 9w1, 9б1."""
    for lang, cell in (("en", "9w1"), ("ru", "9б1"), ("uk", "9б1")):
        rows = parse(swiss_site / lang / "crosstable.html").tables["crosstable"][1:]
        row = next(r for r in rows if player_of(r[2]) == 2)
        assert row[1]["text"] == "2" and row[4]["text"] == cell, lang  # place, No, name, points, round 1


def test_the_crosstable_says_what_its_number_is(swiss_site):
    """A Swiss cell's number is the opponent's place (9б1 above), where the PDF's crosstable gives the start number:
    the page says so, in the live screen's words."""
    for lang, key in (("en", "3w1: the opponent placed 3rd"), ("ru", "3б1: соперник на 3-м месте"),
                      ("uk", "3б1: суперник на 3-му місці")):
        assert key in (swiss_site / lang / "crosstable.html").read_text(encoding="utf-8"), lang


def card_facts(path: Path) -> dict[str, str]:
    dl = re.search(r'<dl class="facts">(.*?)</dl>', path.read_text(encoding="utf-8"), re.S).group(1)
    return dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", dl))


def test_a_card_names_its_facts_in_words(swiss_site, tmp_path):
    """A card's facts are words, not the standings' column abbreviations («Зв», «Фед»): no. 2 of the bundled event is
    'CM' of 'AUS' (his TRF line); before the first round a card shows no rank (it said 0)."""
    for lang, title, fed in (("en", "Title", "Federation"), ("ru", "Звание", "Федерация"), ("uk", "Звання", "Федерація")):
        facts = card_facts(swiss_site / lang / "player-2.html")
        assert (facts[title], facts[fed]) == ("CM", "AUS"), lang
    lines = SWISS.read_text(encoding="utf-8").splitlines()
    one = tmp_path / "one.trf"  # the event's header and no. 2 without his rounds
    one.write_text("\n".join([x for x in lines if not x.startswith("001")] +
                             [next(x for x in lines if x.startswith("001    2 "))[:91]]) + "\n", encoding="utf-8")
    assert main(["site", str(one), "-o", str(tmp_path / "site")]) == 0
    facts = card_facts(tmp_path / "site" / "en" / "player-2.html")
    assert "Rank" not in facts and facts["Score"] == "0"


def test_a_crosstables_symbols_are_unambiguous_and_its_legend_is_the_same_on_the_site_and_in_the_download(
        tmp_path, capsys):
    """A bye shows by its TRF letter (the file's `0000 - U` in no. 1's round 1 shows as U, never the forfeit's +) and
    the legend names each symbol once, the same lines on the website and in the standings download (the PDF's
    HTML)."""
    lines = SWISS.read_text(encoding="utf-8").splitlines()
    k = next(i for i, x in enumerate(lines) if x.startswith("001    1 "))
    assert lines[k][91:101] == "0000 - H  "  # no. 1's round 1 in the file: a half-point bye
    lines[k] = lines[k][:91] + "0000 - U  " + lines[k][101:]
    trf = tmp_path / "u.trf"
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["site", str(trf), "-o", str(tmp_path / "site"), "--seed", SEED]) == 0
    table = parse(tmp_path / "site" / "en" / "crosstable.html").tables["crosstable"]
    row = next(r for r in table[1:] if player_of(r[2]) == 1)
    assert row[4]["text"] == "U"  # place, No, player, points, then round 1
    page = re.sub(r"<[^>]+>", "\n", (tmp_path / "site" / "en" / "crosstable.html").read_text(encoding="utf-8"))
    legend = [x.strip() for x in page.splitlines() if re.match(r"\s*\S{1,2} = ", x)]
    assert "U = pairing-allocated bye" in legend and "H = half-point bye" in legend and "Z = zero-point bye" in legend
    assert "+ = forfeit win" in legend and all(not x.startswith("+ = pairing") for x in legend)
    assert len({x.split(" = ")[0] for x in legend}) == len(legend)  # one line per symbol
    assert "named in words" not in page
    capsys.readouterr()
    assert main(["standings", str(trf), "--format", "html", "--seed", SEED]) == 0
    download = re.sub(r"<[^>]+>", "\n", capsys.readouterr().out)
    assert legend == [x.strip() for x in download.splitlines() if re.match(r"\s*\S{1,2} = ", x) and
                      not x.strip().startswith("- = ")]  # the standings' own legend: "- = undefined"
