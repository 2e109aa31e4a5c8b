"""The website's round two (issue 37): a player's card as one view (board, colour, the opponent's number, title,
rating, federation and points, each game's rating change, the player's own score and place), the chart of places,
board rankings with performance, the statistics page, the odds drawn as bars, the organiser's logo and colour, and
``--columns perf`` with ``--unrated-rating``.  Values come from the TRF's own lines read here, from the command line
(``standings``, ``ratings``) and from hand counts written in the tests.  The pictures and axe are in
tests/test_site_card_browser.py."""

from __future__ import annotations

import filecmp
import re
from fractions import Fraction
from pathlib import Path

import pytest
from sources import CORPUS, ROOT, needs
from test_site import card_facts, cli_json, parse, row_player

pytest.importorskip("jinja2")

from tiebreak.cli import main  # noqa: E402

SWISS = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
TEAMS = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"
SEED = "7"


def trf_players(path: Path) -> dict[int, dict[str, object]]:
    """The 001 lines read by their columns (TRF-16): number, title, name, rating, federation, and per round
    (opponent, colour, result)."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("001"):
            continue
        rounds = []
        for at in range(91, len(line), 10):
            block = line[at:at + 10].ljust(10)  # columns 92-95 the opponent, 97 the colour, 99 the result
            if block.strip():
                rounds.append((int(block[0:4]) if block[0:4].strip() not in ("", "0000") else 0, block[5], block[7]))
        out[int(line[4:8])] = {"title": line[10:13].strip(), "name": line[14:47].strip(),
                               "rating": int(line[48:52]) if line[48:52].strip() else 0,
                               "fed": line[53:56].strip(), "rounds": rounds}
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("card") / "site"
    assert main(["site", str(SWISS), "-o", str(out), "--seed", SEED]) == 0
    return out


def games_of(site: Path, sno: int, lang: str = "en") -> list[list[dict[str, str]]]:
    return parse(site / lang / f"player-{sno}.html").tables["games"]


def test_each_game_names_the_opponent_as_the_file_does_and_the_opponents_points(site, capsys):
    """Every card's games: the opponent's number, title, rating and federation as the opponent's TRF line gives them,
    the opponent's points as ``standings`` gives them now, the colour as the player's line says."""
    players = trf_players(SWISS)
    points = {int(r["start_no"]): r["points"] for r in cli_json(capsys, "standings", str(SWISS), "--seed", SEED,
                                                                  "-f", "json")["standings"]}
    heads = games_of(site, 2)[0]
    assert [h["text"] for h in heads] == ["Round", "Opponent", "Result", "Player's score", "Player's place", "Colour",
                                          "Board", "Rating change", "No", "Title", "Rating", "Federation",
                                          "Opponent's points"]
    for sno, p in players.items():
        for k, row in enumerate(games_of(site, sno)[1:], 1):
            opponent, colour, _ = p["rounds"][k - 1]
            if not opponent:
                continue
            o = players[opponent]
            assert [c["text"] for c in row[8:]] == [str(opponent), o["title"], str(o["rating"] or ""), o["fed"],
                                                    points[opponent]], (sno, k)
            assert row[5]["text"] == {"w": "White", "b": "Black"}[colour], (sno, k)


def test_each_games_rating_change_adds_up_to_the_rating_report(site, capsys):
    """The games' rating changes add up to what ``tiebreak ratings`` gives each player (FIDE, K 20 below 2400); and
    one by hand: No. 2 (1774) beat No. 16 (1401) in round 1: 373 points more, expected 0.90 (FIDE table 366-374),
    20 × (1 − 0.90) = +2.0."""
    report = {int(r["start_no"]): r for r in cli_json(capsys, "ratings", str(SWISS), "-f", "json")["players"]}
    assert games_of(site, 2)[1][7]["text"] == "+2.0"
    for sno, r in report.items():
        shown = [c[7]["text"].replace("−", "-") for c in games_of(site, sno)[1:] if c[7]["text"]]
        if r["change"] is None:
            assert shown == [], sno
            continue
        assert sum(Fraction(x) for x in shown) == Fraction(str(r["change"])), sno


def test_the_players_own_score_place_and_chart_are_the_standings_after_each_round(site, capsys):
    """The player's own score and place in each game's row, the chart's points (round, place) and its text are the
    points and rank of ``standings --after-round N``; the chart is inline SVG (nothing fetched)."""
    after = [{int(r["start_no"]): r for r in cli_json(capsys, "standings", str(SWISS), "--after-round", str(k),
                                                         "--seed", SEED, "-f", "json")["standings"]}
             for k in range(1, 8)]
    for sno in (2, 7, 24):
        rows = games_of(site, sno)[1:]
        # the place as the text writes it: ``7*`` where the lot placed the player (the JSON's ``lot``)
        assert [(r[3]["text"], r[4]["text"]) for r in rows] == [
            (a[sno]["points"], f"{a[sno]['rank']}{'*' if a[sno]['lot'] is not None else ''}") for a in after]
        html = (site / "en" / f"player-{sno}.html").read_text(encoding="utf-8")
        line = re.search(r'<polyline class="line" points="([^"]*)"', html).group(1)
        assert line == " ".join(f"{k},{a[sno]['rank']}" for k, a in enumerate(after, 1))
        text = re.search(r'<p id="places-text" class="visually-hidden">([^<]*)</p>', html).group(1)
        assert text == "; ".join(f"after round {k}: {a[sno]['rank']}" for k, a in enumerate(after, 1))
        assert 'aria-describedby="places-text"' in html and 'viewBox="0.5 0.5 7 32"' in html


def test_the_card_is_in_the_readers_language(site):
    for lang, words in (("ru", ["Очки участника", "Место участника", "Очки соперника", "Место после каждого тура"]),
                        ("uk", ["Очки учасника", "Місце учасника", "Очки суперника", "Місце після кожного туру"])):
        html = (site / lang / "player-2.html").read_text(encoding="utf-8")
        assert all(w in html for w in words), lang


def test_the_statistics_page_counts_the_files_games(site):
    """Results by colour counted from the TRF lines here (each game once, from White's line), round 1 also by hand:
    Nos. 2, 5, 9 and 14 win with White, No. 12 draws, six games go to Black; eight H and two Z byes.  Federations and
    rating bands from the same lines."""
    players = trf_players(SWISS)
    want = []
    for k in range(7):
        white = draws = black = forfeits = byes = 0
        for p in players.values():
            opponent, colour, result = p["rounds"][k]
            if not opponent:
                byes += result in "HFUZ"
            elif colour == "w":
                white += result == "1"
                draws += result == "="
                black += result == "0"
                forfeits += result in "+-"
            elif colour == "b" and result in "+-" and players[opponent]["rounds"][k][1] != "w":
                forfeits += 1  # a forfeit without colours: counted once, from the lower number's line
        want.append([str(k + 1), str(white), str(draws), str(black), str(forfeits), str(byes)])
    tables = parse(site / "en" / "statistics.html").tables
    rows = [[c["text"] for c in r] for r in tables["colours"][1:]]
    assert rows[0] == ["1", "4", "1", "6", "0", "10"]
    assert rows[:-1] == want
    total = [sum(int(r[j]) for r in want) for j in range(1, 6)]
    played = sum(total[:3])
    assert rows[-1][0] == "All rounds" and rows[-1][4:] == [str(total[3]), str(total[4])]
    assert rows[-1][1] == f"{total[0]} ({100 * total[0] / played:.1f}%)"  # as the odds write a percentage
    ru = [c["text"] for c in parse(site / "ru" / "statistics.html").tables["colours"][-1]]
    assert ru[1] == f"{total[0]} ({100 * total[0] / played:.1f}\u202f%)"  # the sign set apart, as in the odds
    feds = [[c["text"] for c in r] for r in tables["federations"][1:]]
    assert feds == [["AUS", "28"], ["VIC", "3"], ["INA", "1"]]
    bands = {r[0]["text"]: int(r[1]["text"]) for r in tables["bands"][1:]}
    assert bands["unrated"] == sum(1 for p in players.values() if not p["rating"]) == 3
    assert bands["1800–1999"] == 1 and sum(bands.values()) == len(players)
    for lang in ("en", "ru", "uk"):  # in every page's menu
        assert 'href="statistics.html"' in (site / lang / "round-3.html").read_text(encoding="utf-8")


def test_the_performance_column_counts_unrated_players_as_ratings_does(tmp_path, capsys):
    """``site --columns perf --unrated-rating 1000``: the standings page's performance is the ``standings`` JSON's
    with the same options (the bundled event has three unrated players)."""
    out = tmp_path / "site"
    assert main(["site", str(SWISS), "-o", str(out), "--seed", SEED, "--columns", "perf",
                 "--unrated-rating", "1000"]) == 0
    want = {int(r["start_no"]): "" if r["performance"] is None else str(r["performance"]) for r in cli_json(
        capsys, "standings", str(SWISS), "--seed", SEED, "--columns", "perf", "--unrated-rating", "1000",
        "-f", "json")["standings"]}
    rows = parse(out / "en" / "standings.html").tables["standings"][1:]
    shown = {row_player(r): r[-1]["text"] for r in rows}  # a computed column comes last, after the tie-breaks
    assert shown == want and sum(1 for x in shown.values() if x) == 31  # No. 30 played no game (byes, a forfeit)


@needs(TEAMS)
def test_board_rankings_give_each_boards_performance(tmp_path, capsys):
    """The first boards of three teams played every game on board 1: their board-1 performance is what
    ``tiebreak ratings`` gives them over all their games."""
    out = tmp_path / "teams"
    assert main(["site", str(TEAMS), "-o", str(out), "--seed", "1"]) == 0
    report = {r["name"]: r["performance"] for r in cli_json(capsys, "ratings", str(TEAMS), "-f", "json")["players"]}
    rows = parse(out / "en" / "boards.html").tables["board-1"]
    assert rows[0][-1]["text"] == "Performance (rated games)"
    shown = {r[1]["text"]: r[-1]["text"] for r in rows[1:]}
    for name in ("Psarianos,Emmanouil", "Naoum,Spyridon", "Chasouraki,Chrysi"):
        assert shown[name] == str(report[name]), name
    games = {r[1]["text"]: r[4]["text"] for r in rows[1:]}
    assert games["Chasouraki,Chrysi"] == "7"  # seven games on board 1: her card says board 1 in every round
    card = parse(out / "en" / "player-29.html").tables["games"]
    assert [r[6]["text"] for r in card[1:]] == ["1"] * 7
    assert 'href="statistics.html"' in (out / "en" / "boards.html").read_text(encoding="utf-8")
    assert parse(out / "uk" / "statistics.html").tables["colours"][1:]


def pending(tmp_path: Path) -> Path:
    """The bundled event with round 7's results blanked (13 games pending)."""
    lines = []
    for line in SWISS.read_text(encoding="utf-8").splitlines():
        if line.startswith("001") and line[151:155].strip().isdigit() and line[158:159] in "10=":
            line = line[:158] + " " + line[159:]
        lines.append(line)
    trf = tmp_path / "pending.trf"
    trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return trf


def test_the_odds_bars_show_the_tables_numbers(tmp_path):
    """Each contender's bar is as long as the chance the table gives, and says it in words beside it."""
    out = tmp_path / "site"
    assert main(["site", str(pending(tmp_path)), "-o", str(out), "--seed", SEED]) == 0
    html = (out / "en" / "odds.html").read_text(encoding="utf-8")
    table = {r[1]["text"]: (r[3]["text"], r[9]["text"]) for r in parse(out / "en" / "odds.html").tables["odds"][1:]}
    bars = re.findall(r'<dt>([^<]*)</dt><dd><svg[^>]*>.*?<rect class="top" width="([^"]*)".*?<rect class="first" '
                      r'width="([^"]*)".*?<span>1\. ([^ ]*) · top 3 ([^<]*)</span>', html)
    assert bars
    contenders = [name for name, (first, _) in table.items() if first != "·"]
    assert [b[0] for b in bars] == contenders
    for name, top_width, first_width, first, top in bars:
        assert (first, top) == table[name]
        assert (first_width, top_width) == (first.removesuffix("%"), top.removesuffix("%"))


SVG = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="4" fill="#036"/></svg>'


def test_the_organisers_logo_and_colour(tmp_path):
    """The logo is copied as it is and shown on every page; the colour is written as ``#rrggbb`` (a name read as
    CSS reads it: navy is #000080) with white text on it; two builds are the same bytes."""
    logo = tmp_path / "logo.svg"
    logo.write_bytes(SVG)
    for n in (1, 2):
        assert main(["site", str(SWISS), "-o", str(tmp_path / f"s{n}"), "--logo", str(logo), "--accent",
                     "Navy"]) == 0
    one, two = tmp_path / "s1", tmp_path / "s2"
    assert (one / "assets" / "logo.svg").read_bytes() == SVG
    assert (one / "assets" / "site.css").read_text().startswith(":root{--accent:#000080;--on-accent:#fff;")
    assert '<img class="logo" src="../assets/logo.svg" alt=""' in (one / "ru" / "player-3.html").read_text("utf-8")
    files = sorted(str(p.relative_to(one)) for p in one.rglob("*") if p.is_file())
    assert filecmp.cmpfiles(one, two, files, shallow=False)[1:] == ([], [])
    png = tmp_path / "logo.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(100))
    assert main(["site", str(SWISS), "-o", str(tmp_path / "p"), "--logo", str(png)]) == 0
    assert (tmp_path / "p" / "assets" / "logo.png").read_bytes() == png.read_bytes()


@pytest.mark.parametrize("content,why", [
    (b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "(script)"),
    (b'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', "(onload)"),
    (b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/1999/xlink"><image x:href="http://e.x/a.png"/>'
     b'</svg>', "(image)"),
    (b'<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(http://e.x/a)"/></svg>', "(style)"),
    (b'<!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>', ""),
    (b"GIF89a" + bytes(20), ""),
    (b"\x89PNG\r\n\x1a\n" + bytes(600 * 1024), "512 KB"),
])
def test_a_logo_that_is_not_a_safe_image_is_refused_and_nothing_is_written(tmp_path, capsys, content, why):
    logo = tmp_path / "logo.svg"
    logo.write_bytes(content)
    assert main(["site", str(SWISS), "-o", str(tmp_path / "site"), "--logo", str(logo)]) != 0
    err = capsys.readouterr().err
    assert str(logo) in err and why in err and "Traceback" not in err
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("accent", ["bogus", "#12", "red;}body{display:none", "url(x)"])
def test_an_accent_that_is_not_a_css_colour_is_refused(tmp_path, capsys, accent):
    assert main(["site", str(SWISS), "-o", str(tmp_path / "site"), "--accent", accent, "--lang", "uk"]) != 0
    assert "не колір CSS" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


def test_a_boards_performance_is_that_boards_games_rating_performance(tmp_path):
    """The website's board rankings: a player's performance on a board counts the games played on that board alone,
    FIDE's (the opponents' average rating + dp, table 8.1.a: 0 at 50 %, +800 at 100 %, -800 at 0 %), by hand here:
    team A (1: 2000, 2: 1800) against B (3: 2100, 4: 1700), board 1 drawn, board 2 won by A's no. 2."""
    from tiebreak import trf
    from tiebreak.app.site import board_performances
    from tiebreak.engine import team

    def player(n: int, rating: int, games: str) -> str:
        return f"001 {n:>4}      {'Player ' + str(n):<33} {rating:>4}".ljust(91) + games

    path = tmp_path / "cup.trf"
    path.write_text("\n".join(["012 Board cup", "092 Team Swiss System", "142 1",
                               player(1, 2000, "   3 w ="), player(2, 1800, "   4 b 1"),
                               player(3, 2100, "   1 b ="), player(4, 1700, "   2 w 0"),
                               f"013 {'A':<32}{1:>4} {2:>4}", f"013 {'B':<32}{3:>4} {4:>4}"]) + "\n")
    t = trf.load(str(path))
    got = {board: {n: p for n, p in rows.items() if p is not None}
           for board, rows in board_performances(team.build(t), t, 1).items()}
    assert got == {1: {1: 2100 + 0, 3: 2000 + 0}, 2: {2: 1700 + 800, 4: 1800 - 800}}


def test_the_cards_performance_is_the_rating_reports_and_says_so(site, capsys):
    """The card's performance is ``tiebreak ratings``' (rated games only: no. 23 met unrated players, so the
    standings' TPR column, every game with an unrated opponent at ``--unrated-rating``, is blank without one), and
    the card names it so in every language, never by the TPR column's name (issue 33: one name, one number)."""
    report = {int(r["start_no"]): r["performance"]
              for r in cli_json(capsys, "ratings", str(SWISS), "-f", "json")["players"]}
    tpr = {int(r["start_no"]): r["performance"] for r in cli_json(capsys, "standings", str(SWISS), "-f", "json",
                                                               "--columns", "perf")["standings"]}
    assert report[23] is not None and tpr[23] is None
    names = {"en": "Performance (rated games)", "ru": "Перформанс (обсчитываемые партии)",
             "uk": "Перфоманс (обраховувані партії)"}
    for lang, name in names.items():
        assert card_facts(site / lang / "player-23.html")[name] == str(report[23]), lang
