"""``tiebreak serve --watch FILE --site DIR``: the live server keeps the static site of its events up to date.

A small event written by hand: players 1-4, two rounds.  Round 1: 1-3 1-0, 4-2 ½-½.  Round 2: 3-4 1-0, and 2-1
(2 White) being played.  By hand, as it stands: 1 and 3 on 1 point, 2 and 4 on ½.  Then 2-1 1-0 is entered:
2 has ½ + 1 = 1½ and leads alone; 1 and 3 stay on 1, 4 on ½.
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("watchfiles")
httpx = pytest.importorskip("httpx")

ROOT = Path(__file__).resolve().parents[1]
#: start number -> (opponent, colour, result) in rounds 1 and 2 ("" = being played)
GAMES = {1: [(3, "w", "1"), (2, "b", "")], 2: [(4, "b", "="), (1, "w", "")],
         3: [(1, "b", "0"), (4, "w", "1")], 4: [(2, "w", "="), (3, "b", "0")]}


def event_text(board_2_1: str = "") -> str:
    """The hand-made event; ``board_2_1`` the result of no. 2 (White) against no. 1 in round 2 ("" being played)."""
    games = {n: list(r) for n, r in GAMES.items()}
    if board_2_1:
        games[2][1] = (1, "w", board_2_1)
        games[1][1] = (2, "b", {"1": "0", "0": "1", "=": "="}[board_2_1])
    lines = ["012 Hand-made open"]
    for n, rounds in games.items():
        blocks = "".join(f"{o:>4} {c} {r or ' '}  " for o, c, r in rounds)
        lines.append(f"001 {n:>4}      Player {n}".ljust(91) + blocks.rstrip())
    return "\n".join(lines) + "\n"


def standings(page: Path) -> list[tuple[str, str]]:
    """(name, points) of every row of a standings page, in rank order."""
    text = page.read_text(encoding="utf-8")
    return re.findall(r'<th scope="row" class="name"><a [^>]*><bdi>([^<]+)</bdi></a></th><td class="pts" data-v="PTS">([^<]+)<',
                      text)


def board(page: Path, white: str, black: str) -> str | None:
    """The result cell of the game ``white``-``black`` on a round page."""
    text = page.read_text(encoding="utf-8")
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", text):  # board, number, White, rating, points, result, points, Black…
        if re.findall(r"<bdi>([^<]*)</bdi>", row)[:2] == [white, black]:
            found = re.search(r'<td class="res">([^<]*)</td>', row)
            return found.group(1) if found else None
    return None


def wait_for(check, limit: float = 20.0):
    """``check()`` once it is true (polled every 50 ms), else None after ``limit`` seconds."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            value = check()
        except (OSError, ValueError):  # not written yet
            value = None
        if value:
            return value
        time.sleep(0.05)
    return None


@pytest.fixture()
def watched(tmp_path):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from live import live_server

    folder = tmp_path / "hall"
    folder.mkdir()
    (folder / "open.trf").write_text(event_text())
    site = tmp_path / "site"
    with live_server(folder / "open.trf", "--database", "none", "--hold", "0", "--site", str(site)) as port:
        yield f"http://127.0.0.1:{port}", folder / "open.trf", site


def test_a_result_written_to_the_watched_file_reaches_the_site(watched):
    base, path, site = watched
    assert wait_for(lambda: (site / "version.json").exists()), "the site was not written"
    en = site / "en"
    # as it stands (module docstring): 2-1 being played; 1 and 3 on 1 point, 4 and 2 on ½
    assert board(en / "round-2.html", "Player 2", "Player 1") == "playing"  # as the live screen says it
    assert board(en / "round-2.html", "Player 3", "Player 4") == "1–0"
    assert sorted(standings(en / "standings.html")) == [("Player 1", "1"), ("Player 2", "0.5"), ("Player 3", "1"),
                                                        ("Player 4", "0.5")]
    assert (site / "ru" / "round-2.html").exists() and (site / "uk" / "standings.html").exists()
    version = json.loads((site / "version.json").read_text(encoding="utf-8"))["version"]
    live = httpx.get(base + "/api/live").json()["live"]["version"]

    path.write_text(event_text("1"))  # 2-1 1-0
    assert wait_for(lambda: board(en / "round-2.html", "Player 2", "Player 1") == "1–0"), \
        "the result did not reach the round page"
    # by hand: 2 leads alone on 1½
    assert wait_for(lambda: standings(en / "standings.html")[:1] == [("Player 2", "1.5")], 5)
    assert dict(standings(en / "standings.html")) == {"Player 2": "1.5", "Player 1": "1", "Player 3": "1",
                                                      "Player 4": "0.5"}
    # version.json is written after the pages (tiebreak.site.build): waited for, not read at once; then every
    # language's page is the new one (the English one may be written before the Russian)
    assert wait_for(lambda: json.loads((site / "version.json").read_text(encoding="utf-8"))["version"] > version)
    assert board(site / "ru" / "round-2.html", "Player 2", "Player 1") == "1–0"
    assert httpx.get(base + "/api/live").json()["live"]["version"] > live  # the live page has the version too


def test_a_version_held_back_is_not_published_on_the_site(tmp_path):
    """A cut file (no. 4's line not written yet) is held back by the live server: the site keeps the last good
    version, as the live page does."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from live import live_server

    folder = tmp_path / "hall"
    folder.mkdir()
    path = folder / "open.trf"
    path.write_text(event_text())
    site = tmp_path / "site"
    arbiter = {"authorization": "Bearer hall-token"}
    with live_server(folder, "--database", "none", "--hold", "60", "--site", str(site), "--token", "hall-token") as port:
        assert wait_for(lambda: (site / "version.json").exists())
        before = (site / "en" / "standings.html").read_bytes()
        version = json.loads((site / "version.json").read_text(encoding="utf-8"))["version"]
        path.write_text(event_text("1").rsplit("001    4", 1)[0])  # cut: 2-1 entered, no. 4's line lost
        held = f"http://127.0.0.1:{port}/api/live/arbiter"  # the server says when it has held the cut file back
        assert wait_for(lambda: any(e["held"] for e in httpx.get(held, headers=arbiter).json())), "not held back"
        assert json.loads((site / "version.json").read_text(encoding="utf-8"))["version"] == version
        assert (site / "en" / "standings.html").read_bytes() == before
        path.write_text(event_text("1"))  # the whole file: published, on the site too
        assert wait_for(lambda: standings(site / "en" / "standings.html")[:1] == [("Player 2", "1.5")], 10)


def test_the_site_folder_is_checked_before_the_server_starts(tmp_path, capsys):
    from tiebreak.cli import main

    (tmp_path / "open.trf").write_text(event_text())
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("x")
    for args, said in ((["--watch", str(tmp_path), "--site", str(tmp_path / "site")], "inside the watched folder"),
                       (["--watch", str(tmp_path / "open.trf"), "--site", str(tmp_path / "other")], "not empty"),
                       (["--site", str(tmp_path / "site")], "--site needs --watch")):
        database = ["--database", "none"] if "--watch" in args else []  # (itself refused without --watch)
        assert main(["serve", *database, *args]) == 2
        assert said in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


def test_an_event_added_or_taken_off_the_list_remakes_the_sites_list(tmp_path):
    """Several events get a folder each (as ``tiebreak site`` gives them); an event the arbiter takes off the public
    list leaves the site, and the one left is the site's only event again."""
    from tiebreak.live.watch import LiveHub
    from tiebreak.site.live import LiveSite

    folder = tmp_path / "hall"
    folder.mkdir()
    (folder / "open.trf").write_text(event_text())
    (folder / "juniors.trf").write_text(event_text("1"))
    site = LiveSite(tmp_path / "site", watched=folder)
    hub = LiveHub(folder, database="none", site=site)
    site.apply(list(hub.events.values()))
    out = tmp_path / "site"
    assert sorted(p.name for p in out.iterdir()) == ["assets", "index.html", "juniors", "open", "version.json"]
    assert standings(out / "juniors" / "en" / "standings.html")[:1] == [("Player 2", "1.5")]
    assert board(out / "open" / "en" / "round-2.html", "Player 2", "Player 1") == "playing"
    hub.events["juniors.trf"].settings.published = False
    site.apply([hub.events["juniors.trf"]])
    assert not (out / "juniors").exists() and not (out / "open").exists()
    assert board(out / "en" / "round-2.html", "Player 2", "Player 1") == "playing"
    doc = json.loads((out / "version.json").read_text(encoding="utf-8"))
    assert [e["file"] for e in doc["events"]] == ["open.trf"] and all(p.startswith(("en/", "ru/", "uk/", "assets/",
                                                                                     "index")) for p in doc["pages"])
    hub.close()


def test_serve_site_takes_what_tiebreak_site_takes_for_its_pages(tmp_path, capsys):
    """``serve --site`` had no ``--downloads``, ``--games``, ``--logo``, ``--accent`` (declared once now, for both
    commands): given the same, the live server's site holds the pages ``tiebreak site`` writes of the same file, byte
    for byte (the downloads, the games' pages, the logo and colour); without ``--site`` they are refused by name."""
    pytest.importorskip("chess")
    from test_site_card import SVG
    from test_site_games import PGN

    from tiebreak.cli import main

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from live import live_server

    folder = tmp_path / "hall"
    folder.mkdir()
    event = folder / "open.trf"
    event.write_bytes((ROOT / "examples" / "hobsons-bay-cup-2025.trf").read_bytes())
    (tmp_path / "logo.svg").write_bytes(SVG)
    (tmp_path / "games.pgn").write_text(PGN, encoding="utf-8")
    shaped = ["--downloads", "trf", "--games", str(tmp_path / "games.pgn"), "--logo", str(tmp_path / "logo.svg"),
              "--accent", "#c8102e"]
    assert main(["site", str(event), "-o", str(tmp_path / "built"), *shaped]) == 0
    built = {p.relative_to(tmp_path / "built").as_posix(): p.read_bytes() for p in (tmp_path / "built").rglob("*")
             if p.is_file() and p.name not in ("version.json", "updated.js")}
    assert {"downloads/standings.trf", "en/game-1-1.html", "assets/logo.svg"} <= set(built)
    assert "downloads/standings.xlsx" not in built
    site = tmp_path / "site"
    with live_server(event, "--database", "none", "--site", str(site), *shaped):
        assert wait_for(lambda: (site / "version.json").exists()), "the site was not written"
    kept = {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*")
            if p.is_file() and p.name not in ("version.json", "updated.js")}
    assert sorted(kept) == sorted(built)
    assert [name for name in built if kept[name] != built[name]] == []
    for flag in ("--games", "--logo", "--accent"):
        assert main(["serve", "--watch", str(event), "--database", "none", flag, "x", "--lang", "uk"]) == 2
        assert f"{flag} потребує --site: цей параметр оформлює сторінки сайту" in capsys.readouterr().err


def test_the_live_sites_standings_say_the_files_warnings_as_tiebreak_site_says_them(tmp_path):
    """The bundled example with no. 7's points column made 5.0 (his results add up to 6, the file's own 6.0): `tiebreak
    site` lists the reader's warning under its standings, `serve --watch --site` wrote no Warnings at all (the file
    was read before the site's event was made, and its warnings were left behind)."""
    from tiebreak.cli import main
    from tiebreak.live.watch import LiveHub
    from tiebreak.site.live import LiveSite

    lines = (ROOT / "examples" / "hobsons-bay-cup-2025.trf").read_text(encoding="utf-8").splitlines()
    row = next(k for k, line in enumerate(lines) if line.startswith("001    7 "))
    assert lines[row][80:84] == " 6.0"
    lines[row] = lines[row][:80] + " 5.0" + lines[row][84:]
    folder = tmp_path / "hall"
    folder.mkdir()
    (folder / "cup.trf").write_text("\n".join(lines) + "\n", encoding="utf-8")
    said = "player 7: points column says 5 but the results add up to 6; the results are used"
    assert main(["site", str(folder / "cup.trf"), "-o", str(tmp_path / "static")]) == 0
    site = LiveSite(tmp_path / "site", watched=folder / "cup.trf")
    hub = LiveHub(folder / "cup.trf", database="none", site=site)
    try:
        site.apply(list(hub.events.values()))
        for out in (tmp_path / "static", tmp_path / "site"):
            page = (out / "en" / "standings.html").read_text(encoding="utf-8")
            assert f"cup.trf, line {row + 1}, column 81 (points): {said}" in page
    finally:
        hub.close()
