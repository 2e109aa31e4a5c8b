"""The event's website on real events of the corpus (issue 25, "How it will be checked"), read as a spectator and an
arbiter read it: the pages are parsed (html.parser), never compared with the site's own functions.

- An individual Swiss with byes and forfeits (Hobsons Bay Reserves Championship 2025: 25 players, 7 rounds, 24
  forfeit entries, half-point, full-point and zero-point byes), a round robin (Hobsons Bay Club Championship 2024: 8
  players, a forfeit) and a team Swiss (Friendship Cup 2024, Crete: 15 teams, a team bye every round, forfeits).
- Every round's page against the file itself (a reading of the TRF written here: boards, colours, results, byes and
  forfeits in words); the standings after every round against ``tiebreak standings --after-round N``; every card
  against those standings and against ``tiebreak explain`` (each tie-break's value and rounds, in en, ru and uk).
- Team event: the team standings after every round against ``standings`` of the team file; each team's card (its
  matches: opponent, match points, game points) and each match board by board, and the board rankings (score and
  percentage per board), all against a hand computation from the file.
- Every link of the three sites resolves, in every language, the language switch keeps the page, nothing is
  external, and the search index finds every player by name and by number.

The browser checks of the same sites are in tests/test_site_real_browser.py.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from sources import CORPUS, needs
from test_site import check_cards, check_standings_pages, cli_json, parse, player_of, row_player

pytest.importorskip("jinja2")

from tiebreak.cli import main  # noqa: E402

VEGA = CORPUS / "hobsons-bay-vega"
SWISS = VEGA / "2025hobsonsbayreserveschampionship" / "tournament.trf"
ROUND_ROBIN = VEGA / "2024hbcchobsonsbayclubchampionship2024" / "tournament.trf"
TEAMS = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"
SEED = "7"
LANGS = ("en", "ru", "uk")

#: the result of a game from White's side as the round pages print it (TRF result letter of White's line)
BOARD_RESULT = {"1": "1–0", "=": "½–½", "0": "0–1", "+": "+ – (forfeit win)", "-": "– + (forfeit loss)"}
#: a round without a game, as the round pages name it (TRF: ``0000 - X``)
BYE_WORDS = {"H": "half-point bye", "F": "full-point bye", "U": "pairing-allocated bye", "Z": "zero-point bye",
             "-": "not paired", "+": "full-point bye"}
#: a player's score for a TRF result letter (FIDE: a win, forfeit win and full-point bye count 1)
SCORE = {"1": Fraction(1), "+": Fraction(1), "=": Fraction(1, 2), "H": Fraction(1, 2), "F": Fraction(1),
         "U": Fraction(1), "W": Fraction(1), "D": Fraction(1, 2)}


def board_result(own: str, other: str) -> str:
    """A game as the pages print it from one side (TRF letters of that side and of the other)."""
    return "– – (double forfeit)" if own == other == "-" else BOARD_RESULT[own]


def read_trf(path: Path) -> tuple[dict[int, str], dict[int, list[tuple[int, str, str]]], list[tuple[str, list[int]]]]:
    """The file read here, by its columns (TRF-16): start number -> name; start number -> per round (opponent or 0,
    colour letter, result letter); the teams (name, members) of the 013 records."""
    names, rounds, teams = {}, {}, []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            sno = int(line[4:8])
            names[sno] = line[14:47].strip()
            blocks = []
            for at in range(91, len(line.rstrip()), 10):
                cell = line[at:at + 8].ljust(8)
                opp = cell[0:4].strip()
                blocks.append((int(opp) if opp.isdigit() else 0, cell[5], cell[7]))
            rounds[sno] = blocks
        elif line.startswith("013"):
            teams.append((line[4:36].strip(), [int(x) for x in line[36:].split()]))
    return names, rounds, teams


def who(cell: dict[str, str]) -> int | None:
    """The start number of a player's cell of a match (0: "no player fielded")."""
    return player_of(cell) if "href" in cell else 0 if cell["text"] == "no player fielded" else None


def fmt(x: Fraction) -> str:
    """A number as the pages print it (``4``, ``4.5``)."""
    return str(x.numerator) if x.denominator == 1 else str(float(x))


def build(tmp_path_factory, trf: Path, name: str) -> Path:
    out = tmp_path_factory.mktemp(name) / "site"
    assert main(["site", str(trf), "-o", str(out), "--seed", SEED]) == 0
    return out


@pytest.fixture(scope="module")
def swiss(tmp_path_factory):
    return build(tmp_path_factory, SWISS, "swiss")


@pytest.fixture(scope="module")
def rr(tmp_path_factory):
    return build(tmp_path_factory, ROUND_ROBIN, "rr")


@pytest.fixture(scope="module")
def teams(tmp_path_factory):
    return build(tmp_path_factory, TEAMS, "teams")


# ------------------------------------------------------------------------------------------------------- helpers
def check_round_pages(site: Path, trf: Path) -> None:
    """Each round's page: every game of the file once, in board order, with its colours and result (forfeits in
    words), and every round without a game named in words."""
    names, rounds, _ = read_trf(trf)
    n = max(len(b) for b in rounds.values())
    for k in range(1, n + 1):
        page = parse(site / "en" / f"round-{k}.html")
        rows = page.tables["pairings"][1:]
        assert [r[0]["text"] for r in rows] == [str(b) for b in range(1, len(rows) + 1)], k
        games = {}
        for row in rows:
            white, black = player_of(row[2]), player_of(row[7])  # board, number, White, rating, points, result…
            assert row[2]["text"] == names[white] and row[7]["text"] == names[black]
            games[white] = (black, row[5]["text"])
        want_games, want_byes = {}, {}
        for sno, blocks in rounds.items():
            opp, colour, result = blocks[k - 1] if k <= len(blocks) else (0, "-", "-")
            if opp:
                assert rounds[opp][k - 1][0] == sno  # the file is consistent
                if colour == "w" or (colour == "-" and sno in games):  # a forfeit of unknown colours: as printed
                    want_games[sno] = (opp, board_result(result, rounds[opp][k - 1][2]))
            else:
                want_byes[sno] = BYE_WORDS[result]
        assert games == want_games, k
        byes = {player_of(r[1]): r[4]["text"] for r in page.tables.get("byes", [[]])[1:]}
        assert byes == want_byes, k


def explain_text(trf: Path, sno: int, lang: str, capsys) -> str:
    capsys.readouterr()
    assert main(["explain", str(trf), "--player", str(sno), "--seed", SEED, "--lang", lang]) == 0
    return capsys.readouterr().out


def check_explanations(site: Path, trf: Path, players: list[int], capsys, prefix: str = "player") -> None:
    """Each tie-break on the card says what ``tiebreak explain`` says: the value and, round by round, the result,
    the opponent, the contribution (cut or not) and how it was counted, in each language."""
    for lang in LANGS:
        for sno in players:
            text = explain_text(trf, sno, lang, capsys)
            html = (site / lang / f"{prefix}-{sno}.html").read_text(encoding="utf-8")
            page = parse(site / lang / f"{prefix}-{sno}.html")
            keys = re.findall(r'data-key="([^"]+)"', html)
            notes = {t: unescape(said) for t, said in  # the sentence under each value's table
                     re.findall(r'<table id="(tb\d+)"(?:(?!</table>).)*</table>\s*</div>\s*<p>(.*?)</p>', html, re.S)}
            # each value headed as explain heads it (a team's primary score as the standings head it: MP, «МО»)
            headings = re.findall(r'<span class="code">([^<]+)</span>', html)
            assert keys and headings == re.findall(r"^(\S+) = ", text, re.M), (lang, sno)
            for n, (key, heading) in enumerate(zip(keys, headings), 1):
                head = re.search(rf"^{re.escape(heading)} = (\S+)", text, re.M)
                assert head and page.values[key] == head.group(1), (lang, sno, key)
                block = text[head.end():].split("\n\n")[0]
                # the rounds' rows (under the headings; a sentence shared by every round is said once under them)
                lines = [x for x in block.splitlines()[2:] if re.match(r"\s+\d", x)]
                table = page.tables.get(f"tb{n}", [])[1:]
                if not table:
                    continue
                assert len(table) == len(lines), (lang, sno, key)
                for row, line in zip(table, lines):
                    rnd, opponent = row[0]["text"], row[2].get("href")
                    value_at = 3  # round, result, opponent, contribution (how counted): players and teams alike
                    value = row[value_at]["text"].split()[0]
                    cut = len(row[value_at]["text"].split()) > 1
                    pattern = [rf"^\s*\D*{rnd}\s"]
                    if prefix == "player":
                        pattern.append(re.escape(row[1]["text"]))
                    if opponent:
                        number = opponent.split("-")[1].split(".")[0]
                        pattern.append(rf"\D{number}\b")
                    how = 4  # the how-counted column, when rounds differ in it: a letter, its words under the table
                    pattern.append(rf"\s{re.escape(value)}" + (r"\s+\(\S+\)" if cut else "")
                                   + (r"\s+(.+)$" if len(row) > how else "$"))
                    found = re.search(".*".join(pattern), line)
                    assert found, (lang, sno, key, line, row)
                    if len(row) > how:  # "How counted: a — <explain's words>; b — …"
                        assert f"{row[how]['text']} — {found.group(1)}" in notes[f"tb{n}"], (lang, sno, key, line)


def check_all_links(site: Path) -> None:
    """Every link and every resource of every page resolves inside the folder; the language switch keeps the page."""
    pages = sorted(site.rglob("*.html"))
    assert pages
    for page in pages:
        parsed = parse(page)
        for link in parsed.links:
            parts = urlsplit(link)
            if parts.scheme == "data":  # inside the page itself (the icon)
                continue
            assert not parts.scheme and not parts.netloc, (page, link)
            if parts.path:
                assert (page.parent / unquote(parts.path)).resolve().is_file(), (page, link)
        if page.parent.name in LANGS:
            switch = {f"../{lang}/{page.name}" for lang in LANGS if lang != page.parent.name}
            assert switch <= set(parsed.links), page
    folders = [sorted(p.name for p in (site / lang).iterdir()) for lang in LANGS]
    assert folders[0] == folders[1] == folders[2]


def check_search(site: Path, trf: Path) -> None:
    """The search box's index (the same one in ``search.json`` and the script) holds every player of the file by
    name and number, each with the link of their card."""
    names, _, _ = read_trf(trf)
    index = json.loads((site / "assets" / "search.json").read_text(encoding="utf-8"))
    script = (site / "assets" / "search-index.js").read_text(encoding="utf-8")
    assert json.loads(script[script.index("["):script.index("];") + 1]) == index
    assert {int(x[0]): (x[1], x[2]) for x in index} == {n: (name, f"player-{n}.html") for n, name in names.items()}


# ------------------------------------------------------------------------------------------------ individual Swiss
@needs(SWISS)
def test_swiss_rounds_agree_with_the_file(swiss):
    check_round_pages(swiss, SWISS)


@needs(SWISS)
def test_swiss_standings_after_every_round_agree_with_the_command_line(swiss, capsys):
    check_standings_pages(swiss, SWISS, 7, capsys)
    for k in (1, 7):  # the other languages print the same numbers in the same order
        en = parse(swiss / "en" / f"standings-{k}.html").tables["standings"][1:]
        for lang in ("ru", "uk"):
            other = parse(swiss / lang / f"standings-{k}.html").tables["standings"][1:]
            assert [[c["text"] for c in r if c["data"] or "href" in c] for r in other] == \
                [[c["text"] for c in r if c["data"] or "href" in c] for r in en]


@needs(SWISS)
def test_swiss_cards_agree_with_standings_and_explain(swiss, capsys):
    check_cards(swiss, SWISS, 7, capsys)
    check_explanations(swiss, SWISS, list(range(1, 26)), capsys)


@needs(SWISS)
def test_swiss_links_languages_and_search(swiss):
    check_all_links(swiss)
    check_search(swiss, SWISS)


# ------------------------------------------------------------------------------------------------------ round robin
@needs(ROUND_ROBIN)
def test_round_robin_pages_agree_with_the_file_and_the_command_line(rr, capsys):
    check_round_pages(rr, ROUND_ROBIN)
    check_standings_pages(rr, ROUND_ROBIN, 7, capsys)
    check_cards(rr, ROUND_ROBIN, 7, capsys)
    check_explanations(rr, ROUND_ROBIN, [1, 2, 8], capsys)
    # the square table: the row of each player holds, in the column of each opponent, their result from the file
    names, rounds, _ = read_trf(ROUND_ROBIN)
    table = parse(rr / "en" / "crosstable.html").tables["crosstable"]
    order = [player_of(r[2]) for r in table[1:]]
    cell = {"1": "1", "=": "½", "0": "0", "+": "+", "-": "−"}
    for row, sno in zip(table[1:], order):
        want = ["×" if o == sno else "".join(cell[res] for opp, _, res in rounds[sno] if opp == o) for o in order]
        assert [c["text"] for c in row[4:]] == want, sno
    check_all_links(rr)
    check_search(rr, ROUND_ROBIN)


# ------------------------------------------------------------------------------------------------------- team Swiss
def team_matches(trf: Path) -> dict[int, dict[int, tuple[int, Fraction, Fraction, list[tuple[int, int, str]]]]]:
    """By hand from the file: team number (order of the 013 records) -> round -> (opponent team, game points, the
    opponent's game points, the boards: (own player, opponent, own result letter), boards in the order of the team's
    list among those who played)."""
    _, rounds, teams = read_trf(trf)
    team_of = {sno: n for n, (_, members) in enumerate(teams, 1) for sno in members}
    out: dict[int, dict[int, Any]] = {}
    gp: dict[tuple[int, int], Fraction] = {}
    for n, (_, members) in enumerate(teams, 1):
        for k in range(1, max(len(b) for b in rounds.values()) + 1):
            boards = [(sno, rounds[sno][k - 1][0], rounds[sno][k - 1][2]) for sno in members
                      if len(rounds[sno]) >= k and (rounds[sno][k - 1][0] or rounds[sno][k - 1][2] == "+")]
            if not any(o for _, o, _ in boards):
                continue
            others = {team_of[o] for _, o, _ in boards if o}  # '0000 - +': a board the opponents left empty
            assert len(others) == 1, (n, k)  # one match per team and round
            gp[n, k] = sum((SCORE.get(r, Fraction(0)) for _, _, r in boards), Fraction(0))
            out.setdefault(n, {})[k] = (others.pop(), gp[n, k], Fraction(0), boards)
    for m in out.values():
        for k, (other, own, _, boards) in m.items():
            m[k] = (other, own, gp[other, k], boards)
    return out


@needs(TEAMS)
def test_team_standings_after_every_round_agree_with_the_command_line(teams, capsys):
    capsys.readouterr()
    for k in range(1, 8):
        want = cli_json(capsys, "standings", str(TEAMS), "--after-round", str(k), "--seed", SEED, "-f", "json")
        for lang in LANGS:
            rows = parse(teams / lang / f"standings-{k}.html").tables["standings"][1:]
            got = [(row_player(r, "team"), r[0]["text"].rstrip("*"),
                    {c["data"]: c["text"] for c in r if c["data"]}) for r in rows]
            assert got == [(int(w["start_no"]), w["rank"], {key: "-" if v is None else v
                                                              for key, v in w["values"].items()})
                           for w in want["standings"]], (k, lang)


@needs(TEAMS)
def test_team_cards_and_matches_board_by_board_agree_with_the_file(teams):
    _, rounds, team_list = read_trf(TEAMS)
    matches = team_matches(TEAMS)
    for n, (_, members) in enumerate(team_list, 1):
        page = parse(teams / "en" / f"team-{n}.html")
        rows = page.tables["matches"][1:]
        played = {int(r[0]["text"]): r for r in rows if "href" in r[1]}
        assert set(played) == set(matches.get(n, {})), n
        for k, (other, gp, ogp, _) in matches.get(n, {}).items():
            r = played[k]
            mp = 2 if gp > ogp else 1 if gp == ogp else 0  # FIDE: 2 for a won match, 1 for a drawn one
            assert (r[1]["href"], r[1]["text"]) == (f"team-{other}.html", team_list[other - 1][0]), (n, k)
            assert (r[2]["text"], r[3]["text"]) == (str(mp), f"{fmt(gp)} – {fmt(ogp)}"), (n, k)
        assert len(rows) == 7 and all("bye" in r[1]["text"] for r in rows if "href" not in r[1]), n
        listed = [player_of(r[0]) for r in page.tables["members"][1:]]
        assert listed == members, n
        for sno in members[:2]:  # a player's card names the team, with a link to its card
            card = (teams / "ru" / f"player-{sno}.html").read_text(encoding="utf-8")
            assert f'<dt>Команда</dt><dd><a href="team-{n}.html">{team_list[n - 1][0]}</a></dd>' in card, sno
    for k in range(1, 8):  # each match once, board by board
        page = parse(teams / "en" / f"round-{k}.html")
        shown = {int(t.removeprefix("match-")): rows[1:] for t, rows in page.tables.items() if t.startswith("match-")}
        pairs = {frozenset((n, m[k][0])) for n, m in matches.items() if k in m}
        assert {frozenset((a, matches[a][k][0])) for a in shown} == pairs, k
        for a, rows in shown.items():
            other, gp, ogp, boards = matches[a][k]
            heading = f"{team_list[a - 1][0]} {fmt(gp)} – {fmt(ogp)} {team_list[other - 1][0]}"
            assert heading in (teams / "en" / f"round-{k}.html").read_text(encoding="utf-8"), (k, a)
            want = [(own, board_result(res, rounds[opp][k - 1][2] if opp else ""), opp) for own, opp, res in boards]
            for n, (own, opp, _) in enumerate(matches[other][k][3]):
                if not opp:  # a board the first team left empty, where the second team's list puts it
                    want.insert(min(n, len(want)), (0, "– + (forfeit loss)", own))
            want = [(str(b), *x) for b, x in enumerate(want, 1)]
            got = [(r[0]["text"], who(r[1]), r[3]["text"], who(r[5])) for r in rows]  # board, player, rating, result…
            assert got == want, (k, a)
        byes = {team_list[n - 1][0] for n in range(1, len(team_list) + 1) if k not in matches.get(n, {})}
        text = (teams / "en" / f"round-{k}.html").read_text(encoding="utf-8")
        assert all(b in text for b in byes) and len(byes) == 1, k  # 15 teams: one bye a round


@needs(TEAMS)
def test_team_board_rankings_agree_with_the_file(teams):
    """Board prizes: every player who played on board b (the b-th of the team's players with a game that round),
    with the games, the score and the percentage on that board, best percentage first."""
    want: dict[int, dict[int, list[Fraction]]] = {}
    for m in team_matches(TEAMS).values():
        for _, _, _, boards in m.values():
            for b, (own, _, res) in enumerate(boards, 1):
                x = want.setdefault(b, {}).setdefault(own, [Fraction(0), Fraction(0)])
                x[0] += 1
                x[1] += SCORE.get(res, Fraction(0))
    page = parse(teams / "en" / "boards.html")
    boards = {int(t.removeprefix("board-")): rows[1:] for t, rows in page.tables.items() if t.startswith("board-")}
    assert set(boards) == set(want)
    for b, rows in boards.items():
        got = {player_of(r[1]): (r[4]["text"], r[5]["text"], r[2]["text"]) for r in rows}
        assert got == {sno: (str(g), fmt(s), f"{float(100 * s / g):.1f}%") for sno, (g, s) in want[b].items()}, b
        pct = [float(r[2]["text"].removesuffix("%")) for r in rows]
        assert pct == sorted(pct, reverse=True) and [r[0]["text"] for r in rows] == \
            [str(i) for i in range(1, len(rows) + 1)], b


@needs(TEAMS)
def test_team_cards_explain_as_the_command_line(teams, capsys):
    check_explanations(teams, TEAMS, [1, 3, 13], capsys, prefix="team")


@needs(TEAMS)
def test_team_links_languages_and_search(teams):
    check_all_links(teams)
    check_search(teams, TEAMS)


# ------------------------------------------------------------------------------------------------ games pending
def blank_round(trf: Path, k: int, folder: Path, results: str = "10=+-") -> Path:
    """A copy of ``trf`` with the results of round ``k`` blanked on every paired line whose result is one of
    ``results``: games paired, not played."""
    at = 91 + 10 * (k - 1)
    lines = []
    for line in trf.read_text(encoding="utf-8").splitlines():
        if line.startswith("001") and len(line) > at + 7 and line[at:at + 4].strip().isdigit() \
                and line[at + 7] in results:
            line = line[:at + 7] + " " + line[at + 8:]
        lines.append(line)
    out = folder / trf.name
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


@needs(SWISS)
def test_a_players_card_names_the_next_opponent(tmp_path):
    """Round 7 paired, not played: every card ends with the round-7 opponent (link, colour) "not yet played", as the
    file pairs them; the round page lists the game; the odds page is there, in the menu of every language."""
    trf = blank_round(SWISS, 7, tmp_path)
    (tmp_path / "partly").mkdir()
    out = tmp_path / "site"
    assert main(["site", str(trf), "-o", str(out), "--seed", SEED]) == 0
    _, rounds, _ = read_trf(SWISS)
    for sno, blocks in rounds.items():
        opp, colour, _ = blocks[6]
        games = parse(out / "en" / f"player-{sno}.html").tables["games"]
        last, colour_at = games[-1], [h["text"] for h in games[0]].index("Colour")
        if opp:
            assert (last[0]["text"], player_of(last[1]), last[2]["text"], last[colour_at]["text"]) == \
                ("7", opp, "not yet played", {"w": "White", "b": "Black"}[colour]), sno
        else:
            assert "not yet played" not in [c["text"] for c in last], sno
    games = parse(out / "en" / "round-7.html").tables["pairings"][1:]
    assert {(player_of(r[2]), player_of(r[7])) for r in games if r[5]["text"] == "not yet played"} == \
        {(s, b[6][0]) for s, b in rounds.items() if b[6][0] and b[6][1] == "w"}
    for lang in LANGS:
        assert 'href="odds.html"' in (out / lang / "standings.html").read_text(encoding="utf-8")
        assert (out / lang / "odds.html").is_file()
    check_all_links(out)
    # the forfeits of round 7 entered, the games not: the crosstable has round 7, the games in it pending
    out = tmp_path / "partly-site"
    assert main(["site", str(blank_round(SWISS, 7, tmp_path / "partly", "10=")), "-o", str(out), "--seed", SEED]) == 0
    cross = {player_of(r[2]): r for r in parse(out / "en" / "crosstable.html").tables["crosstable"][1:]}
    rank = {sno: r[0]["text"].split("-")[0] for sno, r in cross.items()}  # "3-4": shared, the first shown
    for sno, blocks in rounds.items():  # the crosstable's round 7: the pending game as rank, colour and '*'
        opp, colour, result = blocks[6]
        if opp and result in "10=":
            assert (cross[sno][-1]["text"], cross[sno][-1]["href"]) == \
                (f"{rank[opp]}{colour}*", f"player-{opp}.html"), sno


@needs(TEAMS)
def test_a_team_event_with_its_last_round_in_play(tmp_path):
    """Round 7 paired, not played: the round's page shows each match board by board "not yet played" (boards in the
    order of the first team's list), each team card names its next opponent, and the teams' odds page is there."""
    trf = blank_round(TEAMS, 7, tmp_path)
    out = tmp_path / "site"
    assert main(["site", str(trf), "-o", str(out), "--seed", SEED]) == 0
    matches = team_matches(TEAMS)
    _, _, team_list = read_trf(TEAMS)
    page = parse(out / "en" / "round-7.html")
    shown = {int(t.removeprefix("match-")): rows[1:] for t, rows in page.tables.items() if t.startswith("match-")}
    assert {frozenset((a, matches[a][7][0])) for a in shown} == {frozenset((n, m[7][0])) for n, m in matches.items()
                                                                if 7 in m}
    for a, rows in shown.items():
        want = [(own, opp) for own, opp, _ in matches[a][7][3] if opp]  # the empty boards wait for no game
        assert [(player_of(r[1]), player_of(r[5])) for r in rows] == want, a
        assert {r[3]["text"] for r in rows} == {"not yet played"}
    for n in range(1, len(team_list) + 1):
        last = parse(out / "ru" / f"team-{n}.html").tables["matches"][-1]
        if 7 in matches.get(n, {}):
            assert (last[0]["text"], last[1]["href"], last[3]["text"]) == \
                ("7", f"team-{matches[n][7][0]}.html", "ещё не сыгран"), n
    for lang in LANGS:
        odds = (out / lang / "odds.html").read_text(encoding="utf-8")
        assert all(name in odds for name, _ in team_list)  # the teams' odds, not the players'
    check_all_links(out)


@needs(TEAMS)
@pytest.mark.parametrize("lang,bad", [("ru", r"после тура \d|после \d+ тура"), ("uk", r"після туру \d|після \d+ туру")])
def test_one_form_of_after_round_n(teams, capsys, lang, bad):
    """docs/glossary.md: one form for "after round 7" on every screen («после 7-го тура», «після 7-го туру»): the
    team explanation of the command line and every page of the team site say it so."""
    text = explain_text(TEAMS, 3, lang, capsys)
    assert not re.search(bad, text) and re.search(r"7-го тур", text)
    for page in (teams / lang).glob("*.html"):
        assert not re.search(bad, page.read_text(encoding="utf-8")), page.name


def round_7_blanked(tmp_path: Path, players: set[int]) -> Path:
    """The Friendship Cup with the round-7 results of ``players`` (start numbers) left out: games not yet played
    (the round-7 block is TRF columns 152-161, its result in column 159)."""
    lines = []
    for line in TEAMS.read_text(encoding="utf-8").splitlines():
        if line.startswith("001") and int(line[4:8]) in players and line[151:155].strip().isdigit():
            line = line[:158] + " " + line[159:]
        lines.append(line)
    trf = tmp_path / "cup.trf"
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return trf


@needs(TEAMS)
def test_the_teams_odds_page_before_the_last_match(tmp_path, capsys):
    """The last round's match ΟΑΑΗ (team 3) - ΟΦΗ 2 (team 9) not played, everything else as in the file.  By hand:
    six boards, each result 1/3; ΟΑΑΗ (9 match points) loses the match when the boards sum to less than 3 of 6:
    (729 - 141) / 2 = 294 of the 3^6 = 729 outcomes (141 = the coefficient of x^6 in (1 + x + x^2)^6, the drawn
    matches); it is first when it does not lose (435/729 = 59.7%; a drawn match ties it with ΟΑΧ on 10 and the game
    points decide) and sixth when it loses (40.3%).  The page (every outcome counted, no time limit) gives the same
    numbers as ``tiebreak odds --exact``, in every language."""
    _, rounds, teams = read_trf(TEAMS)
    playing = set(teams[2][1]) | {rounds[s][6][0] for s in teams[2][1] if rounds[s][6][0]}
    trf = round_7_blanked(tmp_path, playing)
    out = tmp_path / "site"
    assert main(["site", str(trf), "-o", str(out), "--seed", SEED]) == 0
    capsys.readouterr()
    want = cli_json(capsys, "odds", str(trf), "--exact", "--seed", SEED, "-f", "json")
    assert want["method"] == "exact" and want["outcomes"] == "729"
    for lang in LANGS:
        page = parse(out / lang / "odds.html")
        rows = {r[1]["text"]: [c["text"] for c in r[3:9]] for r in page.tables["odds"][1:]}  # number, name, points
        sign = "%" if lang == "en" else "\u202f%"  # Russian and Ukrainian set the sign apart
        assert rows["ΟΑΑΗ"] == [f"59.7{sign}", "·", "·", "·", "·", f"40.3{sign}"], lang  # by hand
        for w in want["teams"]:
            shown = [f"{100 * float(x):.1f}{sign}" if float(x) else "·" for x in w["places"][:6]]
            assert rows[w["name"]] == [x.replace("100.0", "100") for x in shown], (lang, w["name"])


@needs(TEAMS)
def test_a_team_round_partly_played(tmp_path):
    """Round 7 with one match not begun (ΟΑΑΗ - ΟΦΗ 2) and board 1 of ΣΑΧ - ΓΑΖΙ 1 still being played: the round's
    page shows every match (the one not begun too), each board once, the pending ones "not yet played", and the
    heading counts the boards played so far; ΟΑΑΗ's card names ΟΦΗ 2 as its match in play."""
    _, rounds, teams = read_trf(TEAMS)
    matches = team_matches(TEAMS)
    blank = (set(teams[2][1]) | {rounds[s][6][0] for s in teams[2][1]} | {13, rounds[13][6][0]}) - {0}
    trf = round_7_blanked(tmp_path, blank)
    out = tmp_path / "site"
    assert main(["site", str(trf), "-o", str(out), "--seed", SEED]) == 0
    text = (out / "en" / "round-7.html").read_text(encoding="utf-8")
    page = parse(out / "en" / "round-7.html")
    shown = {int(t.removeprefix("match-")): rows[1:] for t, rows in page.tables.items() if t.startswith("match-")}
    assert {frozenset((a, matches[a][7][0])) for a in shown} == {frozenset((n, m[7][0])) for n, m in matches.items()
                                                                if 7 in m}
    pending = {frozenset((who(r[1]), who(r[5]))) for rows in shown.values() for r in rows
               if r[3]["text"] == "not yet played"}
    assert pending == {frozenset((s, rounds[s][6][0])) for s in blank if rounds[s][6][0]}
    assert len(pending) == 7
    # ΣΑΧ (15) - ΓΑΖΙ 1 (1): 5 boards played, ΓΑΖΙ 1 scores 4 of them by the file
    first = 15 if 15 in shown else 1
    played = [r for r in shown[first] if r[3]["text"] != "not yet played"]
    gp = {a: sum((SCORE.get(rounds[s][6][2], Fraction(0)) for s in members if s not in blank and rounds[s][6][0]),
                 Fraction(0)) for a, (_, members) in enumerate(teams, 1) if a in (1, 15)}
    other = 1 if first == 15 else 15
    assert len(played) == 5
    assert f"{teams[first - 1][0]} {fmt(gp[first])} – {fmt(gp[other])} {teams[other - 1][0]}" in text
    assert f"{teams[8][0]} – {teams[2][0]}" in text or f"{teams[2][0]} – {teams[8][0]}" in text  # not begun
    last = parse(out / "en" / "team-3.html").tables["matches"][-1]
    assert (last[0]["text"], last[1]["href"], last[3]["text"]) == ("7", "team-9.html", "not yet played")
