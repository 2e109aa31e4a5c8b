"""The file-side attacks of the third hostile review (issue 34): folder audits that reach outside their folder,
``--jobs`` beyond the machine, pairing programs' files whose tables are far larger than a tournament, an external
program that prints without end, bidirectional controls in names.  Each is a clear one-line error or a bounded
result, checked against what the attack put in (hand-made files, counts written here)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tiebreak.cli import main

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf"


# ------------------------------------------------------------------------------------------ check DIR / --manifest
def _season(tmp_path: Path) -> tuple[Path, Path]:
    """A folder with one event, and a secret beside it (outside the folder)."""
    folder = tmp_path / "season"
    folder.mkdir()
    (folder / "open.trf").write_bytes(EXAMPLE.read_bytes())
    secret = tmp_path / "secret.trf"
    secret.write_bytes(EXAMPLE.read_bytes())
    return folder, secret


@pytest.mark.parametrize("row", ["../secret.trf", "{abs}", "sub/../../secret.trf"])
def test_a_manifest_row_outside_its_folder_is_refused_by_name(tmp_path, capsys, row):
    folder, secret = _season(tmp_path)
    manifest = folder / "events.csv"
    manifest.write_text(f"file,published\nopen.trf,\n{row.format(abs=secret)},\n", encoding="utf-8")
    assert main(["check", "--manifest", str(manifest)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    # the name as the row writes it, cut at 80 characters (a long temporary folder, as in a parallel run, is cut)
    assert err == [f"tiebreak: error: {manifest}, line 3, column 1 (file): {row.format(abs=secret)[:80]!r} lies "
                   f"outside the folder {folder}; give --outside to read it"]


def test_a_manifest_published_column_outside_is_refused_and_outside_lets_it_be_read(tmp_path, capsys):
    folder, secret = _season(tmp_path)
    manifest = folder / "events.csv"
    manifest.write_text("file,published\nopen.trf,../../etc/passwd\n", encoding="utf-8")
    assert main(["check", "--manifest", str(manifest)]) == 2
    assert "line 2, column 2 (published): '../../etc/passwd' lies outside" in capsys.readouterr().err
    manifest.write_text("file,published\n../secret.trf,\n", encoding="utf-8")
    assert main(["check", "--manifest", str(manifest), "--outside", "--format", "json"]) in (0, 1)
    assert str(secret.name) in capsys.readouterr().out


def test_a_link_out_of_a_checked_folder_is_refused_by_name(tmp_path, capsys):
    folder, secret = _season(tmp_path)
    (folder / "link.trf").symlink_to(secret)
    assert main(["check", str(folder)]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"tiebreak: error: {folder / 'link.trf'}: {str(folder / 'link.trf')[:80]!r} lies outside the folder {folder}; "
        "give --outside to read it"]  # (the name cut at 80 characters)


def test_jobs_are_capped_at_the_cores(tmp_path, monkeypatch):
    from tiebreak.cli import batch

    made: list[int] = []

    class Pool:  # counts the processes asked for, runs nothing in parallel
        def __init__(self, n: int) -> None:
            made.append(n)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def submit(self, f, *a):
            from concurrent.futures import Future

            done: Future = Future()
            done.set_result(f(*a))
            return done

    monkeypatch.setattr(batch, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(batch, "cores", lambda: 2)
    for k in range(4):
        (tmp_path / f"e{k}.trf").write_bytes(EXAMPLE.read_bytes())
    assert main(["check", str(tmp_path), "--jobs", "1000", "--format", "json", "-o", str(tmp_path / "r.json")]) in (0, 1)
    assert made == [2]
    assert batch.cores() <= (os.cpu_count() or 1)


# ------------------------------------------------------------------------------------------ Papi's external reader
def test_a_papi_reader_that_prints_without_end_is_stopped_at_its_bound(tmp_path, monkeypatch):
    """mdb-export replaced by a program that writes 100 MB of error output, then output without end: stopped at the
    64 MB bound, never holding more (the earlier reader held all of it: 2.9 GB for 1.5 GB printed)."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from attacks import Attack
    from test_attacks import run_attack

    bin_ = tmp_path / "bin"
    bin_.mkdir()
    fake = bin_ / "mdb-export"
    fake.write_text("#!/bin/sh\nhead -c 100000000 /dev/zero >&2\nexec yes 'Ref,Nom,Prenom'\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_}{os.pathsep}{os.environ.get('PATH', '')}")
    r = run_attack(Attack("papi flood", {"a.papi": b"Standard Jet DB" + b"\x00" * 300}, ["standings", "{d}/a.papi"]))
    assert r.returncode == 2 and r.stderr.strip().splitlines()[-1].endswith(
        "(INFO): table INFO is larger than 67,108,864 bytes"), r.stderr
    assert not r.peak_mb > 250, r.peak_mb  # 64 MB kept, and the bytes of one table's text


# ------------------------------------------------------------------------------------------ pairing programs' files
def _sharly_flood(pairings: int, boards: int) -> bytes:
    """A Sharly database of two players whose pairing and board tables hold millions of rows."""
    import sqlite3
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "a.sce"
        c = sqlite3.connect(path)
        c.executescript(f"""
            CREATE TABLE tournament (id INTEGER, name, rounds INTEGER); INSERT INTO tournament VALUES (1, 'T', 5);
            CREATE TABLE player (id INTEGER, last_name); INSERT INTO player VALUES (1, 'Ann'), (2, 'Bob');
            CREATE TABLE tournament_player (tournament_id, player_id, pairing_number);
            INSERT INTO tournament_player VALUES (1, 1, 1), (1, 2, 2);
            CREATE TABLE pairing (tournament_id, player_id, round, result, board_id);
            CREATE TABLE board (id INTEGER, white_player_id, black_player_id);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {pairings})
              INSERT INTO pairing SELECT 1, 1 + i % 2, 1 + i % 5, 3, i FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {boards})
              INSERT INTO board SELECT i, 1, 2 FROM n;""")
        c.commit()
        c.close()
        return path.read_bytes()


def _attack(name: str, files: dict[str, bytes], argv: list[str]):
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from attacks import Attack
    from test_attacks import run_attack

    return run_attack(Attack(name, files, argv))


def test_a_sharly_file_of_two_million_pairings_is_refused_before_it_is_read():
    r = _attack("sce 2,000,000 pairings and boards", {"a.sce": _sharly_flood(2_000_000, 2_000_000)},
                ["standings", "{d}/a.sce"])
    assert r.returncode == 2 and r.stderr.strip().splitlines()[-1].endswith(
        "a.sce (table pairing): 2,000,000 pairing rows for 2 players and 5 rounds (at most one per player and round)")
    assert not r.peak_mb > 150, r.peak_mb  # 1,440 MB before


def test_a_board_id_given_to_many_boards_is_refused():
    import sqlite3
    import tempfile

    data = _sharly_flood(10, 0)

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "a.sce"
        path.write_bytes(data)
        with sqlite3.connect(path) as c:
            c.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000) "
                      "INSERT INTO board SELECT 1 + i % 10, 1, 2 FROM n")
        c.close()
        data = path.read_bytes()
    r = _attack("sce boards repeated", {"a.sce": data}, ["standings", "{d}/a.sce"])
    assert r.returncode == 2 and r.stderr.strip().splitlines()[-1].endswith(
        "a.sce (table board, column id): a board id is given to two boards"), r.stderr


def test_a_swiss_chess_file_larger_than_a_tournament_is_refused_before_its_records_are_read():
    players, rounds, header, pairing, player = 6000, 250, 13_384, 19, 655
    data = bytearray(header + players * rounds * pairing + players * player)  # what the header claims, all there
    data[1:3], data[5:7], data[7:9] = (rounds.to_bytes(2, "little"), rounds.to_bytes(2, "little"),
                                       players.to_bytes(2, "little"))
    r = _attack("swt 6,000 players x 250 rounds", {"a.swt": bytes(data)}, ["standings", "{d}/a.swt"])
    assert r.returncode == 2 and "6000 players and 250 rounds: larger than this program accepts" in r.stderr
    assert not r.peak_mb > 150, r.peak_mb  # 290 MB before


# ------------------------------------------------------------------------------------------ bidirectional text
OVERRIDE = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: "Hogg,\u202eDean 1847" would show as "Hogg,7481 naeD" without isolation


def _overridden_trf(tmp_path: Path) -> Path:
    """The example with player 1's name "Hogg,Dean" given an override inside (the name field keeps its 33 places)."""
    text = EXAMPLE.read_text(encoding="utf-8")
    plain = "Hogg,Dean" + " " * 24
    assert text.count(plain) == 1
    trf = tmp_path / "bidi.trf"
    trf.write_text(text.replace(plain, f"Hogg,{OVERRIDE}Dean" + " " * 23), encoding="utf-8")
    return trf


def _unisolated(html: str) -> str:
    """``html`` without what isolates its text for bidirectional text: ``<bdi>`` elements, U+2068…U+2069 (a plain
    title), and headings (a block is a paragraph of its own)."""
    return re.sub(r"<bdi>.*?</bdi>|\u2068[^\u2069]*\u2069|<h1>[^<]*</h1>", "", html)


def test_a_right_to_left_override_in_a_name_turns_nothing_around(tmp_path, capsys):
    trf = _overridden_trf(tmp_path)
    # the text and CSV outputs: no raw override on a line (one_line drops the controls of bidirectional text)
    for fmt in ("text", "csv"):
        assert main(["standings", str(trf), "--format", fmt]) == 0
        out = capsys.readouterr().out
        assert "Hogg,Dean" in out and OVERRIDE not in out, fmt
    # the standings HTML and the site: the name inside an isolating element, wherever a table shows it
    assert main(["standings", str(trf), "--format", "html"]) == 0
    html = capsys.readouterr().out
    assert f"<bdi>Hogg,<wbr>{OVERRIDE}Dean</bdi>" in html and OVERRIDE not in _unisolated(html)
    site = tmp_path / "site"
    assert main(["site", str(trf), "-o", str(site)]) == 0
    capsys.readouterr()
    pages = {p: p.read_text(encoding="utf-8") for p in site.rglob("*.html")}
    showing = [p for p, text in pages.items() if OVERRIDE in text]
    assert len(showing) > 10  # the standings after each round, the rounds, the crosstable, the cards
    for path in showing:
        assert OVERRIDE not in _unisolated(pages[path]), path
    card = next(text for text in pages.values() if f"<h1>Hogg,{OVERRIDE}Dean</h1>" in text)
    assert f"<title>\u2068Hogg,{OVERRIDE}Dean\u2069 — " in card


def test_a_name_that_reaches_a_table_with_its_override_is_isolated():
    # what a reader does not clean (a live server's document, a future reader) is still isolated where tables are made
    from tiebreak.render.templating import cell_html

    cell = cell_html({"text": f"{OVERRIDE}Ann", "cls": "name", "href": "player-3.html", "sub": "1800"})
    assert cell == f'<td class="name"><a href="player-3.html"><bdi>{OVERRIDE}Ann</bdi></a><small>1800</small></td>'
