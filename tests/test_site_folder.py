"""The site's folder is the site's alone (issue 34): whatever its ``version.json`` says and whatever links are put
inside it, nothing is written, replaced or deleted outside it; an output folder that is a link is refused plainly;
nothing hidden is left beside it on a failure; a watcher whose folder was removed builds it again whole."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from sources import ROOT

pytest.importorskip("jinja2")

from tiebreak.app.options import Options  # noqa: E402
from tiebreak.engine.errors import InputError  # noqa: E402
from tiebreak.site import watch  # noqa: E402
from tiebreak.site.build import build_site  # noqa: E402

SWISS = ROOT / "examples" / "hobsons-bay-cup-2025.trf"  # 32 players, 7 rounds


def tiebreak(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tiebreak.cli", *argv], capture_output=True, text=True, timeout=120)


def listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_names_in_version_json_outside_the_folder_are_never_removed(tmp_path):
    out = tmp_path / "site"
    build_site(Options(seed=1), [str(SWISS)], str(out), [])
    victim, absolute = tmp_path / "victim.txt", tmp_path / "absolute.txt"
    victim.write_text("keep")
    absolute.write_text("keep")
    doc = json.loads((out / "version.json").read_text(encoding="utf-8"))
    doc["pages"].update({"../victim.txt": "x", str(absolute): "x", "en/../../victim.txt": "x", "en/../index.html": "x"})
    (out / "version.json").write_text(json.dumps(doc), encoding="utf-8")
    build_site(Options(seed=1), [str(SWISS)], str(out), [])
    assert victim.read_text() == "keep" and absolute.read_text() == "keep"
    assert (out / "index.html").is_file()
    assert not [k for k in json.loads((out / "version.json").read_text(encoding="utf-8"))["pages"] if ".." in k]


def test_a_link_inside_the_folder_is_never_followed_for_writing(tmp_path):
    out, outside = tmp_path / "site", tmp_path / "outside"
    build_site(Options(seed=1), [str(SWISS)], str(out), [])
    outside.mkdir()
    for p in (out / "en").iterdir():
        p.unlink()
    (out / "en").rmdir()
    (out / "en").symlink_to(outside, target_is_directory=True)
    r = tiebreak("site", str(SWISS), "-o", str(out))
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.strip().splitlines()[-1] == (f"tiebreak: error: {out / 'en'}: a link inside the site's folder; the "
                                                  "site writes only into folders of its own: remove the link and build "
                                                  "again")
    assert listing(outside) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["outside", "site"]  # nothing hidden beside


def test_a_page_that_is_a_link_is_replaced_by_a_page_and_its_target_untouched(tmp_path):
    out, target = tmp_path / "site", tmp_path / "target.html"
    build_site(Options(seed=1), [str(SWISS)], str(out), [])
    target.write_text("theirs")
    page = out / "en" / "standings.html"
    page.unlink()
    page.symlink_to(target)
    doc = json.loads((out / "version.json").read_text(encoding="utf-8"))
    doc["pages"]["en/standings.html"] = "0"  # so that the page is written again
    (out / "version.json").write_text(json.dumps(doc), encoding="utf-8")
    build_site(Options(seed=1), [str(SWISS)], str(out), [])
    assert target.read_text() == "theirs" and not page.is_symlink() and "<table" in page.read_text(encoding="utf-8")


def test_an_output_folder_that_is_a_link_is_refused_plainly_and_nothing_is_left(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real, target_is_directory=True)
    r = tiebreak("site", str(SWISS), "-o", str(tmp_path / "link"))
    assert r.returncode == 2 and r.stderr.strip().splitlines()[-1] == (
        f"tiebreak: error: {tmp_path / 'link'}: the output folder is a link; give the folder it points to, or a new "
        "folder"), r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "real"] and listing(real) == []


def test_a_huge_or_special_version_json_is_not_read(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    (out / "page.html").write_text("x")
    (out / "version.json").symlink_to("/dev/zero")
    with pytest.raises(InputError, match="not a site written by tiebreak"):
        build_site(Options(seed=1), [str(SWISS)], str(out), [])


def test_a_watcher_whose_folder_was_removed_builds_it_again_whole(tmp_path):
    import shutil

    trf, out, fresh = tmp_path / "event.trf", tmp_path / "site", tmp_path / "fresh"
    text = SWISS.read_text(encoding="utf-8")
    trf.write_text(text, encoding="utf-8")
    site = build_site(Options(seed=1), [str(trf)], str(out), [])
    shutil.rmtree(out)
    changed = text.replace("012 ", "012 Renamed ", 1) if "\n012 " in text or text.startswith("012 ") else text + "\n"
    trf.write_text(changed, encoding="utf-8")
    watch.update(site, str(trf), [])
    build_site(Options(seed=1), [str(trf)], str(fresh), [])
    assert listing(out) == listing(fresh) and (out / "index.html").is_file()
    assert all((out / k).read_bytes() == (fresh / k).read_bytes() for k in listing(fresh)
               if k != "version.json" and (fresh / k).is_file())
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_a_watcher_whose_folder_was_replaced_by_something_else_stops_and_touches_nothing(tmp_path):
    import shutil

    trf, out = tmp_path / "event.trf", tmp_path / "site"
    text = SWISS.read_text(encoding="utf-8")
    trf.write_text(text, encoding="utf-8")
    watcher = subprocess.Popen([sys.executable, "-m", "tiebreak.cli", "site", str(trf), "-o", str(out), "--seed", "1",
                                "--watch"], stderr=subprocess.PIPE, text=True)
    try:
        said = []
        while not any(line.startswith("watching") for line in said):  # the site is built, the watcher waits
            line = watcher.stderr.readline()
            assert line, "".join(said)
            said.append(line)
        shutil.rmtree(out)
        out.mkdir()
        (out / "notes.txt").write_text("another program's folder", encoding="utf-8")
        for n in range(60):  # a change of the file, again until the watcher has seen one (it may not watch yet)
            trf.write_text(text + "\n" * (n + 1), encoding="utf-8")
            try:
                watcher.wait(timeout=1)
                break
            except subprocess.TimeoutExpired:
                continue
        rest = watcher.communicate(timeout=30)[1].strip().splitlines()
    finally:
        watcher.kill()
    assert watcher.returncode == 2  # a service manager sees the stop as a failure
    assert rest == [f"tiebreak: error: {out}: {out} is not empty and is not a site written by tiebreak (no "
                    "version.json); give a new or empty folder", "the watcher stops"]
    assert listing(out) == ["notes.txt"] and (out / "notes.txt").read_text(encoding="utf-8") == \
        "another program's folder"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.trf", "site"]  # no spare nor lock left beside it


@pytest.fixture(scope="module")
def two_events(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of two events of the same name in two folders (``open/event.trf``, ``juniors/event.trf``), built
    once: the tests below only read it."""
    tmp_path = tmp_path_factory.mktemp("two-events")
    one, two = tmp_path / "open" / "event.trf", tmp_path / "juniors" / "event.trf"
    for copy in (one, two):
        copy.parent.mkdir()
        copy.write_bytes(SWISS.read_bytes())
    out = tmp_path / "site"
    build_site(Options(seed=1), [str(one), str(two)], str(out), [])
    return out


def test_a_site_of_two_events_lists_both_in_every_language(two_events):
    """The root of a site of several events (a new user's report: it redirected to ``None``) lists each event in
    every language under that language's heading (the glossary's "Турниры" / "Турніри"), every link to a page that
    exists, and sends nowhere on its own."""
    import bs4

    out = two_events
    soup = bs4.BeautifulSoup((out / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert soup.find("meta", attrs={"http-equiv": "refresh"}) is None
    sections = {s["lang"]: s for s in soup.find_all("section")}
    assert {lang: s.h2.get_text() for lang, s in sections.items()} == {"en": "Events", "ru": "Турниры", "uk": "Турніри"}
    # one h1 above them: the three headings, each marked with its language
    [h1] = soup.find_all("h1")
    assert [(s["lang"], s.get_text()) for s in h1.find_all("span")] == [("en", "Events"), ("ru", "Турниры"),
                                                                        ("uk", "Турніри")]
    for lang, section in sections.items():
        hrefs = [a["href"] for a in section.find_all("a")]
        assert len(hrefs) == 2 and all(f"/{lang}/index.html" in h and (out / h).is_file() for h in hrefs)


@pytest.mark.parametrize("width", [390, 1280])
def test_the_root_of_a_site_of_two_events_in_chromium(browser, two_events, width):
    """At a phone's and a desktop's width the root page of several events has its one h1 and headings in order
    (axe-core: no ``page-has-heading-one``, ``heading-order``, nor any serious or critical violation) and does not
    scroll sideways."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    out = two_events
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.goto((out / "index.html").as_uri())
    assert page.locator("h1").count() == 1 and page.locator("h1").inner_text() == "Events · Турниры · Турніри"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    found = [(v["id"], v["impact"]) for v in axe.run(page).response["violations"]
             if v["impact"] in ("serious", "critical") or v["id"] in ("page-has-heading-one", "heading-order")]
    page.close()
    assert found == []
