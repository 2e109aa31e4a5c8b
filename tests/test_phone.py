"""What a player looks for first, on a 390 px phone (issue 28), in Debian's headless Chromium: rank, name and points
stay in view while the other columns of a table scroll sideways, every table keeps its headings while it scrolls
(the page, the HTML download, the live and hall screens), the page's settings fold away once a file is loaded, the
hall keeps its ✓/~/● legend and headings in view, and the page's visible words in Russian and Ukrainian follow the
glossary (no English word, no variant).

The expectations are geometric (a cell's box inside the viewport, a heading's box at the top of its scrolling box)
and the words of docs/glossary.md."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
import test_web  # noqa: E402
from test_every_word import english  # noqa: E402
from test_glossary import variants  # noqa: E402
from test_web import EXAMPLE, _wait_ready  # noqa: E402

browser, server = test_web.browser, test_web.server  # the same real server and Chromium fixtures

#: the box of a row's rank, name and points cells, and of the table's heading row, as the page lays them out
_BOXES = """([table, row]) => {
  const t = document.querySelector(table), r = t.tBodies[0].rows[row];
  const box = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.right, b.top, b.bottom]; };
  return {cells: ['.rank', '.name', '.pts'].map((s) => box(r.querySelector(s))),
          heads: ['.rank', '.name', '.pts'].map((s) => box(t.tHead.rows[0].querySelector(s))),
          head: box(t.tHead.rows[0].cells[0]), frame: box(t.parentElement), width: window.innerWidth};
}"""


def _in_view(boxes) -> bool:
    """The rank, name and points cells (of the row and of the headings) inside the viewport, side by side: none
    covers part of another (a heading wider than its sticky column would be half hidden)."""
    ok = True
    for row in (boxes["cells"], boxes["heads"]):
        ok &= all(0 <= left and right <= boxes["width"] for left, right, _, _ in row)
        ok &= all(a[1] <= b[0] + 1 for a, b in zip(row, row[1:]))
    return ok


def _scroll_box(page, table: str, left: int, top: int) -> None:
    page.evaluate(f"(() => {{ const b = document.querySelector('{table}').parentElement; b.scrollLeft = {left}; "
                  f"b.scrollTop = {top}; }})()")


def test_the_page_on_a_phone_keeps_rank_name_points_and_headings(browser, server, tmp_path):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/?lang=ru")
    assert page.evaluate("document.getElementById('settings-fold').open")
    page.select_option("#example", EXAMPLE.name)
    _wait_ready(page, 1)
    # the settings fold away once the file is loaded: the standings come first; their heading opens them again
    assert not page.evaluate("document.getElementById('settings-fold').open")
    page.locator("#settings-fold > summary").click()
    assert page.evaluate("document.getElementById('settings-fold').open")
    page.locator("#result").scroll_into_view_if_needed()
    before = page.evaluate(_BOXES, ["#standings", 20])
    assert _in_view(before)
    _scroll_box(page, "#standings", 600, 400)
    page.screenshot(path=str(tmp_path / "phone-scrolled.png"))
    after = page.evaluate(_BOXES, ["#standings", 20])
    assert page.evaluate("document.querySelector('#standings').parentElement.scrollLeft") > 100  # it did scroll
    assert _in_view(after), after  # rank, name and points still in view
    assert abs(after["head"][2] - after["frame"][2]) < 2  # the headings at the top of the scrolled box
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.close()


def test_the_page_on_a_desktop_keeps_its_settings_open(browser, server, tmp_path):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/?lang=uk")
    page.select_option("#example", EXAMPLE.name)
    _wait_ready(page, 1)
    assert page.evaluate("document.getElementById('settings-fold').open")
    page.screenshot(path=str(tmp_path / "desktop.png"))
    page.close()


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_page_speaks_the_glossary(browser, server, lang):
    """The page's visible text with a file loaded, an explanation open and the odds shown: no English word (codes,
    names from the file, file formats and rule-set names excepted) and no variant of the glossary."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/?lang={lang}")
    page.select_option("#example", EXAMPLE.name)
    _wait_ready(page, 1)
    page.locator('#standings tbody tr[data-start-no="9"]').click()
    page.wait_for_function("document.body.dataset.explained === '9'", timeout=30_000)
    text = page.evaluate("""(() => {
      // codes: file formats, example files, rule sets, presets, tie-break codes, languages, the syntax of categories
      // (birth>=2010; sex=w), of prize lists (place,1,300) and of series points (place:25,18,15... or score) which the
      // user types
      const skip = '#downloads, #example, #rules option:not([data-p]), #preset, #add-code, #rating-system, #lang, ' +
                   '#categories-hint, #series-points-hint, #series-points, textarea, #categories, #team-tiebreaks';
      const clone = document.body.cloneNode(true);
      clone.querySelectorAll('script, ' + skip).forEach((e) => e.remove());
      return clone.innerText + '\\n' + [...clone.querySelectorAll('[placeholder]')].map((e) => e.placeholder).join('\\n');
    })()""")
    names = page.locator("#standings tbody td.name").all_inner_texts()
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "")
    assert not variants(text, lang), variants(text, lang)
    assert not english(text.replace(EXAMPLE.name, "")), [x for x in text.splitlines() if english(x)]
    page.close()


def _download_on_a_phone(browser, tmp_path, capsys, event):
    """The HTML download of ``event`` (in Ukrainian, with four player columns) opened at 390 px."""
    from tiebreak.cli import main

    assert main(["standings", str(event), "--format", "html", "--seed", "1", "--lang", "uk",
                 "--columns", "fed,rating,club,perf"]) == 0
    path = tmp_path / "standings.html"
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(path.as_uri())
    return page


def test_the_downloaded_page_keeps_rank_name_points_on_a_phone(browser, tmp_path, capsys):

    page = _download_on_a_phone(browser, tmp_path, capsys, EXAMPLE)
    for table in ("#standings", "#crosstable"):
        page.locator(table).scroll_into_view_if_needed()
        _scroll_box(page, table, 800, 300)
        boxes = page.evaluate(_BOXES, [table, 15])
        assert _in_view(boxes), (table, boxes)
        assert abs(boxes["head"][2] - boxes["frame"][2]) < 2, table
    page.screenshot(path=str(tmp_path / "download.png"))
    page.close()


@contextlib.contextmanager
def serve_live(folder: Path):
    """A real server of the page and the live screen of the event files in ``folder`` (loopback, a free port)."""
    import uvicorn

    from tiebreak.live.watch import LiveHub
    from tiebreak.web import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(live=LiveHub(folder, database="none"))
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(5)


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hall")
    (folder / "open.trf").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    with serve_live(folder) as base:
        yield base


def live_page(browser, base: str, width: int, query: str = "", rows: int = 21):
    page = browser.new_page(viewport={"width": width, "height": 700})
    page.goto(f"{base}/live?lang=uk{query}")
    page.wait_for_function(f"document.querySelectorAll('#standings tbody tr').length >= {rows} && "
                           f"document.querySelectorAll('#crosstable tbody tr').length >= {rows}", timeout=30_000)
    return page


def test_the_live_page_on_a_phone_keeps_rank_name_points_and_speaks_words(browser, live_server, tmp_path):
    page = live_page(browser, live_server, 390)
    page.locator("#crosstable").scroll_into_view_if_needed()
    _scroll_box(page, "#crosstable", 800, 0)
    boxes = page.evaluate(_BOXES, ["#crosstable", 10])
    assert _in_view(boxes), boxes
    cells = page.locator("#crosstable tbody td:nth-child(n+4)").all_inner_texts()  # the rounds
    # the example's byes (TRF H, Z, U) are their letters without an opponent, never a game's symbol (½, 0, +), as on
    # the event's website, named by the legend
    assert {"H", "Z"} <= set(cells) and not {"½", "0", "+"} & set(cells)
    assert not [c for c in cells if c.rstrip("01½+−").endswith(("w", "b"))]
    legend = page.locator("#crosstable-section .legend")
    assert legend.is_visible() and {"H = бай в пів очка", "Z = бай в нуль очок"} <= set(legend.locator("li").all_inner_texts())
    page.screenshot(path=str(tmp_path / "live-phone.png"))
    page.close()


def test_the_hall_keeps_its_legend_and_headings_in_view(browser, live_server, tmp_path):
    page = live_page(browser, live_server, 1280, "&screen=hall")
    page.evaluate("window.scrollTo(0, 900)")
    # the scroll done and drawn: two frames after it (the sticky header, legend and headings placed)
    page.wait_for_function("window.scrollY > 0")
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    header = page.evaluate("document.querySelector('header').getBoundingClientRect().bottom")
    legend = page.locator("#standings-section p.legend")  # the marks' line (the standings' legend is under the table)
    box = legend.bounding_box()
    assert legend.is_visible() and "✓" in legend.inner_text()
    assert abs(box["y"] - header) < 3  # right under the header
    head = page.evaluate("document.querySelector('#standings thead th').getBoundingClientRect().top")
    assert abs(head - (box["y"] + box["height"])) < 3  # the headings right under the legend
    page.screenshot(path=str(tmp_path / "hall.png"))
    page.close()


#: each sticky heading: its text, the lines it takes, and whether its text is wider than its cell
_HEADS = """(table) => ['.rank', '.name', '.pts'].map((s) => {
  const th = document.querySelector(table).tHead.rows[0].querySelector(s), r = document.createRange();
  r.selectNodeContents(th);
  const lines = new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size;
  return [th.textContent.trim(), lines, th.scrollWidth <= th.clientWidth];
})"""


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_sticky_headings_are_whole_words_on_a_phone(browser, server, lang):
    """«Место»/«Місце», «Участник»/«Учасник» and «Очки» (docs/glossary.md: one word each) are printed whole at 390 px:
    one line each, none cut in two («Мест|о») and none spilling over the next column."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/?lang={lang}")
    page.select_option("#example", EXAMPLE.name)
    _wait_ready(page, 1)
    heads = page.evaluate(_HEADS, "#standings")
    expected = {"ru": ["Место", "Участник", "Очки"], "uk": ["Місце", "Учасник", "Очки"]}[lang]
    assert [h[0] for h in heads] == expected
    assert all(lines == 1 and fits for _, lines, fits in heads), heads
    page.close()


#: the lines a cell's text is laid out in (a character's box starts a new line when it is lower than the last one's)
_LINES = """(sel) => [...document.querySelectorAll(sel)].map((td) => {
  const lines = []; let top = null;
  const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    for (let i = 0; i < n.length; i++) {
      const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
      const b = r.getClientRects()[0];
      if (!b) continue;
      if (top === null || Math.abs(b.top - top) > 3) { lines.push(''); top = b.top; }
      lines[lines.length - 1] += n.data[i];
    }
  }
  return lines;
})"""
#: Latin to Cyrillic letter for letter (the same number of characters: the TRF's columns stay where they are)
_CYRILLIC = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                          "абцдефгхийклмнопярстувшхызАБЦДЕФГХИЙКЛМНОПЯРСТУВШХЫЗ")


@pytest.mark.parametrize("script", ["latin", "cyrillic"])
def test_names_wrap_between_words_in_the_sticky_name_column(browser, tmp_path, capsys, script):
    """The bundled Swiss (names written "Surname,Given names" with no space after the comma: "Ramprasad,Nachiket"), and
    the same file with its names in Cyrillic letters: at 390 px a name too long for the 8.4rem sticky column wraps
    after its comma, a space or a hyphen, never inside a word (each word of these names fits the column)."""

    source = tmp_path / "event.trf"
    text = EXAMPLE.read_text(encoding="utf-8")
    if script == "cyrillic":
        text = "\n".join(x[:14] + x[14:47].translate(_CYRILLIC) + x[47:] if x.startswith("001") else x
                         for x in text.split("\n"))
    source.write_text(text, encoding="utf-8")
    page = _download_on_a_phone(browser, tmp_path, capsys, source)
    for table in ("#standings", "#crosstable"):
        names = page.evaluate(_LINES, f"{table} tbody td.name")
        assert len(names) == 32 and sum(len(x) > 1 for x in names) >= 5, names  # many names take two lines
        if script == "cyrillic":
            assert "Нгуыен,Анх Киет" in ["".join(x) for x in names]  # no. 7, Nguyen,Anh Kiet
        inside = [x for x in names if any(not line.endswith((",", " ", "-")) for line in x[:-1])]
        assert not inside, (table, inside)
    page.screenshot(path=str(tmp_path / f"names-{script}.png"))
    page.close()


def test_names_wrap_between_words_on_the_page(browser, server):
    """The page's standings (the bundled Swiss) at 390 px: a name that takes two lines wraps after its comma or a
    space, never inside a word, as in the HTML download."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/?lang=uk")
    page.select_option("#example", EXAMPLE.name)
    _wait_ready(page, 1)
    names = page.evaluate(_LINES, "#standings tbody td.name")
    assert len(names) == 32 and sum(len(x) > 1 for x in names) >= 5, names
    assert "Nguyen,Anh Kiet" in ["".join(x) for x in names]
    inside = [x for x in names if any(not line.endswith((",", " ", "-")) for line in x[:-1])]
    assert not inside, inside
    page.close()


def test_the_page_and_the_live_screen_name_their_icon(live_server):
    """A browser asks a server for /favicon.ico by itself when a page names no icon (a new user saw the 404 on the
    page and on the live screen; headless Chromium does not ask, so the heads are read): each names the site's icon,
    drawn inline as the site's pages have it (tests/test_site_head.py)."""
    import urllib.request

    for path in ("/", "/live?lang=ru", "/embed?lang=uk"):
        with urllib.request.urlopen(live_server + path, timeout=30) as answer:
            head = answer.read().decode().split("</head>", 1)[0]
        assert '<link rel="icon" href="data:image/svg+xml,' in head, path
