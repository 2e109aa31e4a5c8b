"""``tiebreak site --watch`` (issue 25) on real events: after each changed result the watched folder holds, byte for
byte, what a full ``tiebreak site`` build of the changed file writes (the cards whose ranks alone moved are patched
in place of being made again: they must not differ by a byte), and no temporary file is left behind.  The time an
update takes is a benchmark (benchmarks/site.py), not a test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sources import CORPUS, ROOT, needs
from waits import HANG_GUARD, followed, until

pytest.importorskip("jinja2")

from tiebreak.app.options import Options  # noqa: E402
from tiebreak.site import watch  # noqa: E402
from tiebreak.site.build import build_site  # noqa: E402

SWISS = ROOT / "examples" / "hobsons-bay-cup-2025.trf"  # 32 players, 7 rounds, byes and forfeits
BIG = CORPUS / "hobsons-bay-vega" / "bestinthewest2024" / "tournament.trf"  # 87 players, 5 rounds
SEED = 7


def flip(text: str, start_no: int, round_no: int) -> str:
    """``text`` (a TRF file) with ``start_no``'s game of ``round_no`` turned round on both players' lines, as a
    pairing program writes a corrected result (a win becomes a loss, a loss or a draw a win)."""
    lines = text.split("\n")
    at = 91 + 10 * (round_no - 1)
    row = {int(x[4:8]): k for k, x in enumerate(lines) if x.startswith("001")}
    k = row[start_no]
    opponent, result = int(lines[k][at:at + 4]), lines[k][at + 7]
    new = {"1": "0", "0": "1", "=": "1"}[result]
    j = row[opponent]
    lines[k] = lines[k][:at + 7] + new + lines[k][at + 8:]
    lines[j] = lines[j][:at + 7] + {"1": "0", "0": "1"}[new] + lines[j][at + 8:]
    return "\n".join(lines)


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def same_as_a_full_build(out: Path, paths: list[Path], fresh: Path) -> None:
    build_site(Options(seed=SEED), [str(p) for p in paths], str(fresh), [])
    have, want = files(out), files(fresh)
    assert not [k for k in have if ".tmp-" in k]
    assert sorted(have) == sorted(want)
    assert [k for k in want if k != "version.json" and have[k] != want[k]] == []
    pages = json.loads(have["version.json"])["pages"]
    assert pages == json.loads(want["version.json"])["pages"]
    assert {(out / k).stat().st_mode & 0o777 for k in have} == {0o644}  # every page readable by the web server


@needs(BIG)
@pytest.mark.parametrize("events", [1, 2])
def test_a_watched_folder_is_byte_for_byte_a_full_build(tmp_path, monkeypatch, events):
    trf = tmp_path / "event.trf"
    text = BIG.read_text(encoding="utf-8")
    trf.write_text(text, encoding="utf-8")
    paths = [trf]
    if events == 2:  # a site of two events: each in its own folder, the pages' links to the assets one level up
        other = tmp_path / "cup.trf"
        other.write_text(SWISS.read_text(encoding="utf-8"), encoding="utf-8")
        paths.append(other)
    out = tmp_path / "site"
    site = build_site(Options(seed=SEED), [str(p) for p in paths], str(out), [])
    done: list[bool] = []
    patched = watch.patched
    monkeypatch.setattr(watch, "patched", lambda *a: done.append((got := patched(*a)) is not None) or got)
    # three changes of one event (a last round's, another, an early round's that moves every later page); on a site
    # of two events, what it adds (the second event's folder and links kept) is seen after one
    for n, (start_no, round_no) in enumerate([(1, 5), (3, 5), (20, 2)] if events == 1 else [(3, 5)]):
        text = flip(text, start_no, round_no)
        trf.write_text(text, encoding="utf-8")
        watch.update(site, str(trf), [])
        same_as_a_full_build(out, paths, tmp_path / f"fresh-{n}")
    assert any(done)  # the ranks that moved were patched, and the pages are still what a full build makes


@needs(BIG)
def test_a_card_changed_on_the_disk_or_a_name_like_a_placeholder_is_made_again(tmp_path):
    lines = BIG.read_text(encoding="utf-8").split("\n")
    k = next(i for i, x in enumerate(lines) if x.startswith("001") and int(x[4:8]) == 40)
    lines[k] = lines[k][:14] + "Odd\ue0000\ue001Name".ljust(33) + lines[k][47:]  # the placeholder's characters
    text = "\n".join(lines)
    trf = tmp_path / "event.trf"
    trf.write_text(text, encoding="utf-8")
    out = tmp_path / "site"
    site = build_site(Options(seed=SEED), [str(trf)], str(out), [])
    assert "Odd\ue0000\ue001Name" in (out / "en" / "player-40.html").read_text(encoding="utf-8")
    for page in (out / "ru").glob("player-*.html"):  # someone else's bytes: the watcher does not patch them
        page.write_bytes(page.read_bytes().replace(b"</html>", b"</html>\n"))
    text = flip(text, 1, 5)
    trf.write_text(text, encoding="utf-8")
    written = watch.update(site, str(trf), [])
    fresh = tmp_path / "fresh"
    build_site(Options(seed=SEED), [str(trf)], str(fresh), [])
    assert any(w.startswith("ru/player-") for w in written)
    assert [w for w in written if (out / w).read_bytes() != (fresh / w).read_bytes()] == []
    assert (out / "en" / "player-40.html").read_bytes() == (fresh / "en" / "player-40.html").read_bytes()


def test_the_watcher_writes_the_pages_into_files_made_ahead_and_leaves_none(tmp_path, monkeypatch):
    """(The bundled example: the files made ahead do not depend on the event's size.)"""
    pytest.importorskip("watchfiles")
    import threading

    from tiebreak.site.spares import Spares

    taken: list[str] = []
    take = Spares.take
    monkeypatch.setattr(Spares, "take", lambda self: (got := take(self)) and taken.append(got) or got)
    trf = tmp_path / "event.trf"
    text = SWISS.read_text(encoding="utf-8")
    trf.write_text(text, encoding="utf-8")
    out = tmp_path / "site"
    site = build_site(Options(seed=SEED), [str(trf)], str(out), [])
    stop, watching = threading.Event(), followed(monkeypatch)
    thread = threading.Thread(target=watch.watch, args=(site, "en", stop), daemon=True)
    thread.start()
    try:
        # each wait with its own hang guard (tests/waits.py), not a timing: a build on a loaded machine takes 20 s.
        # The file is changed once the watcher follows it (the files made ahead come before: a change written
        # between the two went unseen, and the test waited its 120 s for an update that never came)
        until(lambda: site.spares is not None and site.spares.files, "files made ahead while the watcher waits")
        until(watching.is_set, "the watcher to follow the file")
        assert site.spares.folder is not None and site.spares.folder.parent == tmp_path  # beside the site
        trf.write_text(flip(text, 3, 5), encoding="utf-8")
        until(lambda: json.loads((out / "version.json").read_text(encoding="utf-8"))["version"] >= 3,
              "the site to be updated (both steps)")
    finally:
        stop.set()
        thread.join(HANG_GUARD)
    assert taken and not thread.is_alive()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # the folder of spares is gone
    same_as_a_full_build(out, [trf], tmp_path / "fresh")


def test_version_json_is_written_as_json_dump_writes_it(tmp_path):
    out = tmp_path / "site"
    build_site(Options(seed=SEED), [str(SWISS)], str(out), [])
    text = (out / "version.json").read_text(encoding="utf-8")
    assert text == json.dumps(json.loads(text), ensure_ascii=False, indent=1)


@needs(BIG)
def test_with_games_pending_the_watched_folder_is_still_a_full_build(tmp_path):
    lines = BIG.read_text(encoding="utf-8").split("\n")
    at = 91 + 10 * 4 + 7  # round 5's result column
    pending = {1, 2}  # their games of round 5 not played yet: blank results on both lines
    opponents = {int(x[at - 7:at - 3]) for x in lines if x.startswith("001") and int(x[4:8]) in pending}
    lines = [x[:at] + " " + x[at + 1:] if x.startswith("001") and int(x[4:8]) in pending | opponents else x
             for x in lines]
    text = "\n".join(lines)
    trf = tmp_path / "event.trf"
    trf.write_text(text, encoding="utf-8")
    out = tmp_path / "site"
    site = build_site(Options(seed=SEED), [str(trf)], str(out), [])
    assert (out / "en" / "odds.html").is_file()
    player = next(n for n in range(3, 80) if n not in opponents)
    trf.write_text(flip(text, player, 5), encoding="utf-8")
    watch.update(site, str(trf), [])
    same_as_a_full_build(out, [trf], tmp_path / "fresh")


def test_pages_are_written_beside_themselves_when_the_files_made_ahead_are_gone(tmp_path):
    """(The bundled example: the files made ahead do not depend on the event's size.)"""
    import shutil

    from tiebreak.site.spares import Spares

    trf = tmp_path / "event.trf"
    text = SWISS.read_text(encoding="utf-8")
    trf.write_text(text, encoding="utf-8")
    out = tmp_path / "site"
    site = build_site(Options(seed=SEED), [str(trf)], str(out), [])
    site.spares = Spares(out)
    site.spares.refill(0, 100)
    until(lambda: len(site.spares.files) >= 10, "ten files made ahead")
    site.spares.pause()
    assert site.spares.files and site.spares.folder is not None
    shutil.rmtree(site.spares.folder)  # someone cleaned the parent folder
    trf.write_text(flip(text, 3, 5), encoding="utf-8")
    assert watch.update(site, str(trf), [])
    site.spares.close()
    same_as_a_full_build(out, [trf], tmp_path / "fresh")


def test_spare_folders_a_killed_watcher_left_are_removed_and_nothing_else(tmp_path):
    """A watcher killed (SIGKILL) cannot remove its folder of empty files; the next one beside the same site does,
    and leaves a folder of that name holding anything that is not an empty file (it is not one of ours)."""
    from tiebreak.site.spares import Spares

    out = tmp_path / "site"
    out.mkdir()
    left = tmp_path / ".site.spare-abc123"
    left.mkdir()
    for n in range(3):
        (left / f"s-{n}").touch()
    kept = tmp_path / ".site.spare-mine"
    kept.mkdir()
    (kept / "notes.txt").write_text("not empty")
    spares = Spares(out)
    try:
        assert not left.exists() and (kept / "notes.txt").read_text() == "not empty"
    finally:
        spares.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.spare-mine", "site"]


#: points of a TRF result letter (the file's score system is 1-½-0; U and F are a full-point bye, H half, Z nothing)
POINTS = {"1": 2, "+": 2, "W": 2, "F": 2, "U": 2, "=": 1, "D": 1, "H": 1}


def as_a_pairing_program_saves(text: str) -> str:
    """``text`` with the points column (TRF columns 81-84) and the rank column (86-89) of every player written from
    the results, as Swiss-Manager or Vega save the file after a result is typed (ranks by points, then number)."""
    lines = text.split("\n")
    players = [k for k, x in enumerate(lines) if x.startswith("001")]
    half = {k: sum(POINTS.get(lines[k][at + 7:at + 8], 0) for at in range(91, len(lines[k]), 10)) for k in players}
    for rank, k in enumerate(sorted(players, key=lambda k: (-half[k], int(lines[k][4:8]))), 1):
        lines[k] = f"{lines[k][:80]}{half[k] / 2:4.1f} {rank:>4}{lines[k][89:]}"
    return "\n".join(lines)


def test_a_result_saved_with_the_points_and_rank_columns_rewrites_only_the_pages_it_touches(tmp_path, monkeypatch):
    """A pairing program rewrites the points and rank columns with every result: the players' lines all differ, but
    what the pages show of them (the points and ranks of the results) changed only where the result did.  Round 7's
    result of Nos. 7 and 3 turned round: the earlier rounds' pages, their standings and the starting list are not
    made nor written again (a page made again whose bytes stay the same is not written: the pages made are
    counted), and the folder is byte for byte a full build of the new file."""
    text = SWISS.read_text(encoding="utf-8")
    assert as_a_pairing_program_saves(text).split("\n")[5][80:84] == text.split("\n")[5][80:84]  # the file's own
    trf = tmp_path / "event.trf"
    trf.write_text(text, encoding="utf-8")
    out = tmp_path / "site"
    site = build_site(Options(seed=SEED), [str(trf)], str(out), [], downloads=("xlsx", "trf"))
    saved = as_a_pairing_program_saves(flip(text, 7, 7))
    assert sum(a != b for a, b in zip(text.split("\n"), saved.split("\n"))) > 2  # more lines than the two players'
    trf.write_text(saved, encoding="utf-8")
    from tiebreak.site import build  # where the site's builder looks its page renderer up

    made: set[str] = set()
    render = build.render
    monkeypatch.setattr(build, "render", lambda e, name, lang, *a: made.add(f"{lang}/{name}") or render(e, name, lang, *a))
    written = set(watch.update(site, str(trf), []))
    assert {"en/round-7.html", "en/standings.html", "en/player-7.html"} <= made
    assert not [w for w in made if w.split("/")[-1] in
                {"players.html", *(f"{page}-{k}.html" for page in ("round", "standings") for k in range(1, 7))}]
    assert {"en/round-7.html", "en/standings-7.html", "en/standings.html", "ru/player-7.html", "uk/player-3.html",
            "downloads/standings.trf", "downloads/standings.xlsx"} <= written
    assert not [w for w in written if w.split("/")[-1] in
                {"players.html", *(f"{page}-{k}.html" for page in ("round", "standings") for k in range(1, 7))}]
    assert len(written) < len(site.digests) / 2
    fresh = tmp_path / "fresh"
    build_site(Options(seed=SEED), [str(trf)], str(fresh), [], downloads=("xlsx", "trf"))
    have, want = files(out), files(fresh)
    assert sorted(have) == sorted(want)
    assert [k for k in want if k != "version.json" and have[k] != want[k]] == []


def test_a_file_half_written_or_removed_leaves_the_site_as_it_was_and_names_the_file(tmp_path):
    """A site of two events: one file caught half written (cut in the middle of a player's line), the other removed.
    Each is an error naming its file (the watcher prints it and goes on), never a traceback; the site keeps every
    page as it was, and nothing is written outside its folder."""
    from tiebreak.engine.errors import InputError
    from tiebreak.render.i18n import problem

    hall = tmp_path / "hall"
    hall.mkdir()
    a, b = hall / "a.trf", hall / "b.trf"
    text = SWISS.read_text(encoding="utf-8")
    a.write_text(text, encoding="utf-8")
    b.write_text(text, encoding="utf-8")
    out = tmp_path / "site"
    site = build_site(Options(seed=SEED), [str(a), str(b)], str(out), [])

    def everything() -> dict[str, bytes]:
        return {p.relative_to(tmp_path).as_posix(): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}

    before = everything()
    a.write_text(text[:3000], encoding="utf-8")  # the pairing program is writing it
    b.unlink()
    said = []
    for path in (a, b):
        with pytest.raises(InputError) as error:
            watch.update(site, str(path), [])
        said.append(problem(error.value, "en"))
    assert said[0].startswith(f"{a}, line ") and said[1] == f"{b}: cannot read the file: No such file or directory"
    after = everything()
    assert {k: v for k, v in after.items() if not k.startswith("hall/")} == \
        {k: v for k, v in before.items() if not k.startswith("hall/")}
    assert sorted(after) == sorted(k for k in before if k != "hall/b.trf")
