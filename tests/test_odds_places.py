"""The chance of every place while games are in play (issue 38), on every face: the command line (text and JSON),
``/api/odds``, the live document and screen, the odds pages.

The individual event is the bundled 2025 Hobsons Bay Cup (32 players) with three round-7 games taken out: 2-9, 3-7
and 4-19 (places 2 to 5 among them), 3**3 = 27 outcomes.  The brute force below writes each outcome's results into
the file and ranks it with ``tiebreak standings --no-lots``: a place shared by ``s`` players gives each of them ``1/s``
of each place of the tie (the odds' sharing of tied places).  The team event is Example T of the spec with round 3
blank (4 board games), counted by hand with match and game points (tests/test_team_odds.py).
"""

from __future__ import annotations

import itertools
import json
import re
from fractions import Fraction as F
from pathlib import Path

import pytest

from tiebreak.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
EXAMPLE_T = Path(__file__).parent / "data" / "team" / "example-t.trf"
GAMES = [(2, 9), (3, 7), (4, 19)]
ROUND7 = 91 + 60  # 0-based column of the round-7 block of a 001 line
RESULT = ROUND7 + 7  # the result character of that block


def _with_results(results: dict[int, str]) -> str:
    """The example with the round-7 result of each start number in ``results`` replaced (" ": not played yet)."""
    lines = []
    for line in EXAMPLE.read_text().split("\n"):
        if line.startswith("001") and int(line[4:8]) in results:
            line = line[:RESULT] + results[int(line[4:8])] + line[RESULT + 1:]
        lines.append(line)
    return "\n".join(lines)


def _blank() -> dict[int, str]:
    return {no: " " for game in GAMES for no in game}


def _json(argv: list[str], capsys) -> dict:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture(scope="module")
def brute_force(tmp_path_factory) -> dict[int, list[F]]:
    """Start number -> the chance of each place 1..32, counted over the 27 outcomes (module text)."""
    folder = tmp_path_factory.mktemp("outcomes")
    chances: dict[int, list[F]] = {}
    for k, outcome in enumerate(itertools.product(("1", "=", "0"), repeat=len(GAMES))):
        results = {}
        for (a, b), r in zip(GAMES, outcome):
            results[a], results[b] = r, {"1": "0", "=": "=", "0": "1"}[r]
        path = folder / f"outcome{k}.trf"
        path.write_text(_with_results(results))
        rows = _standings(path)["standings"]
        n = len(rows)
        for r in rows:
            chances.setdefault(r["start_no"], [F(0)] * n)
        for r in rows:
            size = sum(1 for x in rows if x["rank"] == r["rank"])
            for place in range(r["rank"], r["rank"] + size):
                chances[r["start_no"]][place - 1] += F(1, 27 * size)
    return chances


def _standings(path: Path) -> dict:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):  # the file's points column
        assert main(["standings", str(path), "--no-lots", "--format", "json"]) == 0
    return json.loads(out.getvalue())


@pytest.fixture(scope="module")
def pending_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("pending") / "open.trf"
    path.write_text(_with_results(_blank()))
    return path


def test_the_brute_force_itself_adds_up(brute_force):
    """Each player's chances add up to 1, and so do each place's over the players."""
    n = len(brute_force)
    assert n == 32 and all(sum(row) == 1 for row in brute_force.values())
    assert all(sum(row[k] for row in brute_force.values()) == 1 for k in range(n))
    # the six players' results move others too (their opponents' Buchholz): more than six can finish in two places
    assert sum(1 for row in brute_force.values() if sum(1 for x in row if x) > 1) > len(GAMES) * 2


def test_the_command_gives_every_place_of_every_player_as_the_brute_force(brute_force, pending_file, capsys):
    d = _json(["odds", str(pending_file), "--format", "json"], capsys)
    assert d["method"] == "exact" and d["outcomes"] == 27 and d["places_listed"] == 32
    got = {p["start_no"]: [F(x) for x in p["places_exact"]] for p in d["players"]}
    assert got == brute_force
    for p in d["players"]:  # best and worst: the first and last place of positive chance
        reach = [k + 1 for k, x in enumerate(brute_force[p["start_no"]]) if x]
        assert (p["best"], p["worst"]) == (reach[0], reach[-1])


def test_the_text_lists_each_players_reachable_places_and_no_other(brute_force, pending_file, capsys):
    for lang, heading in (("en", "Chance of every place each can still reach"),
                          ("ru", "Шанс на каждое место, которое ещё достижимо"),
                          ("uk", "Шанс на кожне місце, яке ще досяжне")):
        assert main(["odds", str(pending_file), "--lang", lang]) == 0
        text = capsys.readouterr().out
        section = text.split(heading + "\n")[1].split("\n\n")[0]
        listed: dict[int, list[int]] = {}
        no = 0
        for line in section.split("\n"):
            if line[:4].strip():
                no = int(line[:4])
            listed.setdefault(no, []).extend(int(x) for x in re.findall(r"(?:^|  )(\d+)\. ", line[30:]))
        assert listed == {n: [k + 1 for k, x in enumerate(row) if x] for n, row in brute_force.items()}


def test_the_live_document_and_screen_say_the_same(brute_force, pending_file):
    """The live odds of the file as it stands (the three games in play): every player, every place he can reach,
    the chances of the brute force; the screen folds them per player."""
    from tiebreak.formats import trf
    from tiebreak.live.odds import live_odds
    from tiebreak.render.live_tables import odds_rows
    from tiebreak.views.odds import from_json

    doc = live_odds(trf.load(pending_file), None)
    assert doc["method"] == "exact" and doc["outcomes"] == 27 and doc["depth"] == doc["participants"] == 32
    assert {p["start_no"] for p in doc["players"]} == set(brute_force)
    for p in doc["players"]:
        row = brute_force[p["start_no"]]
        reach = [k for k, x in enumerate(row) if x]
        assert (p["best"], p["worst"]) == (reach[0] + 1, reach[-1] + 1) and p["beyond"] == 0
        assert p["places"] == pytest.approx([float(x) for x in row[reach[0]:reach[-1] + 1]], abs=1e-12)
        assert p["first"] == pytest.approx(float(row[0]), abs=1e-12)
        assert p["top"] == pytest.approx(float(sum(row[:3])), abs=1e-12)
    html = odds_rows(from_json({**doc, "rows": doc["players"]}), "uk")
    for p in doc["players"]:
        block = html.split(f'<details id="odds-{p["start_no"]}">')[1].split("</details>")[0]
        assert block.count("<li>") == sum(1 for x in brute_force[p["start_no"]] if x)


def test_the_api_says_what_the_command_says(brute_force, pending_file):
    pytest.importorskip("fastapi")
    from starlette.testclient import TestClient

    from tiebreak.web.app import create_app

    client = TestClient(create_app())
    r = client.post("/api/odds", files={"file": ("open.trf", pending_file.read_bytes())})
    assert r.status_code == 200, r.text
    assert {p["start_no"]: [F(x) for x in p["places_exact"]] for p in r.json()["players"]} == brute_force
    r = client.post("/api/odds", files={"file": ("open.trf", pending_file.read_bytes())},
                    data={"format": "html", "lang": "ru"})
    assert r.status_code == 200 and '<table id="odds-places" class="sticky">' in r.text
    assert "Шанс на каждое место, которое ещё достижимо" in r.text


def test_the_live_odds_are_the_same_in_every_run():
    """A simulation (a 80-player Swiss, 40 games in play): the same numbers twice, the count chosen by the number
    of outcomes and players (never the clock), drawn with the event's own seed."""
    from tiebreak.engine.model import Kind, Player, Tournament
    from tiebreak.live.odds import live_odds
    from tiebreak.live.pending import as_it_stands, blocks_of

    n = 80
    t = Tournament.build([Player(i, f"P{i}") for i in range(1, n + 1)], 3, type_text="Swiss")
    for k in range(1, n // 2 + 1):
        t.set_game(1, k, k + n // 2, Kind.WIN)
    stands = as_it_stands(t, blocks_of([(2, k, n + 1 - k) for k in range(1, n // 2 + 1)])).tournament
    first, again = live_odds(stands, None), live_odds(stands, None)
    assert first is not None and first == again
    assert first["method"] == "simulation" and first["outcomes"] == 1214  # 170,000 // (60 + 80 players)
    assert first["depth"] == 10 and first["participants"] == n  # more than 64: the top 10 places kept
    for place in range(1, 11):  # each place kept: its chances over the players listed add up to 1
        total = sum(p["places"][place - p["best"]] for p in first["players"]
                    if p["best"] <= place < p["best"] + len(p["places"]))
        assert total == pytest.approx(1)
    for p in first["players"]:  # each player: the places kept and the chance of a place after them add up to 1
        assert sum(p["places"]) + p["beyond"] == pytest.approx(1)


def test_a_team_events_every_place_on_the_command_and_live(tmp_path, capsys):
    from tiebreak.formats import trf
    from tiebreak.live.odds import live_odds
    from tiebreak.live.settings import Settings

    lines = [re.sub(r"( +\d+ [wb]) [10=]$", r"\1  ", x) if x.startswith("001") else x
             for x in EXAMPLE_T.read_text().splitlines()]
    path = tmp_path / "live.trf"
    path.write_text("\n".join(lines) + "\n")
    from test_team_odds import example_t_counts

    counts = example_t_counts()  # by match and game points, as tests/test_team_odds.py counts them
    d = _json(["odds", str(path), "-t", "MP,GP", "--format", "json"], capsys)
    assert {r["name"]: [F(x) for x in r["places_exact"]] for r in d["teams"]} == counts
    doc = live_odds(trf.load(path), Settings("MP,GP"))
    assert doc["team"] is True and doc["method"] == "exact" and doc["outcomes"] == 81
    for p in doc["players"]:
        row = counts[p["name"]]
        assert p["places"] == pytest.approx([float(x) for x in row[p["best"] - 1:p["worst"]]], abs=1e-12)
        assert sum(p["places"]) == pytest.approx(1)


@pytest.fixture(scope="module")
def live_base(pending_file, tmp_path_factory):
    """The page and the live screen of the file with its three games in play, served once for both languages (the
    tests only read it)."""
    import shutil

    from test_phone import serve_live

    folder = tmp_path_factory.mktemp("live")
    shutil.copy(pending_file, folder / "open.trf")
    with serve_live(folder) as base:
        yield base


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_live_odds_on_a_phone_and_a_wide_screen(chromium, live_base, tmp_path, lang):
    """The live page with the three games in play: the odds table in the reader's language, each player's places
    folded under their range and opened by a tap, no sideways page scroll at 390 and 1280 px, axe-core finds no
    serious or critical violation (``TIEBREAK_SHOTS``: a folder to keep the pictures in)."""
    import os

    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    shots = Path(os.environ.get("TIEBREAK_SHOTS") or tmp_path)
    # the odds view's heading of the places reached, as `tiebreak odds`, the page and the site head it (exact: 3 games)
    heading = {"ru": "лучшее-худшее", "uk": "найкраще-найгірше"}[lang]
    for width in (390, 1280):
        page = chromium.new_page(viewport={"width": width, "height": 800})
        page.goto(f"{live_base}/live?lang={lang}")
        page.wait_for_function("!document.getElementById('odds-section').hidden", timeout=60_000)
        assert page.locator("#odds thead th").last.inner_text() == heading
        assert page.locator("#odds tbody tr").count() == 32
        row = page.locator("#odds tbody tr").nth(1)
        row.locator("summary").click()
        places = row.locator("li").all_inner_texts()
        assert places and all(x.endswith("%") for x in places)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        name = row.locator("th.name").bounding_box()  # the table fits: the name stays in view, opened or not
        assert name and name["x"] >= 0 and name["x"] + name["width"] <= width
        page.screenshot(path=str(shots / f"live-odds-{lang}-{width}.png"))
        found = [(v["id"], v["impact"]) for v in axe.run(page).response["violations"]
                 if v["impact"] in ("serious", "critical")]
        assert not found
        page.close()
