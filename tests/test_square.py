"""A round robin's square crosstable (issue 28): rows in the order of the standings and columns by place (column 3:
the player placed 3rd), as the website and the live page number them, the results in the cells (two in a double round
robin), the diagonal ×, in text, HTML, PDF and the live page; and a PDF never leaves a page holding only the lots'
footnote.

Outside values: the results are read back from the TRF records of the files by the test's own reading of the fixed
columns (TRF-16: a round is ``opponent colour result`` in 10 columns from column 92)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from sources import CORPUS, needs

from tiebreak.cli import main

DATA = Path(__file__).parent / "data" / "generated"
RR7, RR10 = DATA / "rr-7.trf", DATA / "rr-10-double.trf"
EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "hobsons-bay-cup-2025.trf"
#: an 8-player round robin of 7 rounds (Vega's export; published standings beside it)
CLUB_RR = CORPUS / "hobsons-bay-vega" / "2025hobsonsbayclubchampionship" / "tournament.trf"
_SCORE = {"1": "1", "0": "0", "=": "½", "+": "+", "-": "−"}


def _results(path: Path) -> dict[tuple[int, int], str]:
    """(player, opponent) -> the results in round order (written one after the other, as a cell shows them), from the
    file's 001 records."""
    out: dict[tuple[int, int], str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("001"):
            continue
        me = int(line[4:8])
        for k in range(91, len(line), 10):
            block = line[k:k + 8]
            if block[:4].strip().isdigit() and int(block[:4]) > 0 and block[7:8] in _SCORE:
                key = (me, int(block[:4]))
                out[key] = out.get(key, "") + _SCORE[block[7]]
    return out


def _square(text: str, n: int) -> dict[int, list[str]]:
    """The rows of the square in the text output, in their order: start number (the second column) -> its n result
    cells, cut at the right edges of the heading's n last columns (the numbers 1..n, right-aligned over their cells)."""
    lines = text.splitlines()
    head = next(k for k, x in enumerate(lines) if re.match(r"\s*\S+\s+(No|№)\s+\S+\s+\S+\s+1\s+2\s", x))
    edges = [m.end() for m in re.finditer(r"\S+", lines[head])][-n - 1:]  # the points column's edge, then 1..n
    rows = {}
    for line in lines[head + 2:head + 2 + n]:
        line = line.ljust(edges[-1])
        rows[int(line.split()[1])] = [line[a:b].strip() for a, b in zip(edges, edges[1:])]
    return rows


@pytest.mark.parametrize("path, n", [(RR7, 7), (RR10, 10)], ids=["single", "double"])
def test_the_text_square_has_every_result_in_its_cell(path, n, capsys):
    assert main(["standings", str(path)]) == 0
    text = capsys.readouterr().out
    rows = _square(text, n)
    results = _results(path)
    order = list(rows)  # the start numbers in standings order: column j is the j-th row's player
    assert sorted(order) == list(range(1, n + 1))
    for at, (me, cells) in enumerate(rows.items()):
        assert cells[at] == "×"  # the diagonal
        assert [c for j, c in enumerate(cells) if j != at] == [results.get((me, o), "") for o in order if o != me]
    assert "column 3 is the player placed 3rd" in text  # the legend states the numbering
    # a cell names no opponent (its column does): the legend says what + and − are without "after the opponent"
    assert "+ and − are games won and lost by forfeit." in text and "after the opponent" not in text
    if n == 10:  # a double round robin: two results a cell, e.g. no. 1 against no. 2 drew twice
        assert rows[1][order.index(2)] == results[(1, 2)] and len(results[(1, 2)]) == 2


def test_the_html_square_and_its_blank_diagonal(capsys):
    assert main(["standings", str(RR7), "--format", "html", "--lang", "uk"]) == 0
    page = capsys.readouterr().out
    table = re.search(r'<table id="crosstable" class="sticky">.*?</table>', page, re.S).group(0)
    assert "Таблиця результатів" in table
    rows = re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1], re.S)
    results = _results(RR7)
    assert len(rows) == 7
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in rows]
    order = [int(c[1]) for c in cells]  # the start numbers in standings order: column j is the j-th row's player
    assert sorted(order) == list(range(1, 8))
    for at, (row, c) in enumerate(zip(rows, cells)):
        me = order[at]
        assert len(c) == 4 + 7 and re.findall(r'<td class="self">(.*?)</td>', row) == ["×"] and c[4 + at] == "×"
        assert [c[4 + j] for j, o in enumerate(order) if o != me] == [results.get((me, o), "") for o in order if o != me]


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler-utils (pdftotext)")
def test_a_pdf_never_leaves_the_lot_footnote_alone_on_a_page(tmp_path, capsys):
    """The example ranked by points alone with lots (seed 1): the footnote is printed above the table, with the legend, on the
    first page; every page holds rows of a table."""
    from tiebreak.render.pdf import PdfError, browser

    try:
        browser()
    except PdfError:
        pytest.skip("no Chromium installed (Debian: apt install chromium)")
    out = tmp_path / "s.pdf"
    assert main(["standings", str(EXAMPLE), "-t", "PTS", "--seed", "1", "--format", "pdf", "--output", str(out)]) == 0
    pages = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True,
                           check=True).stdout.split("\f")
    pages = [p for p in pages if p.strip()]
    first = pages[0]
    assert "place decided by lot (seed 1)" in first
    assert first.index("place decided by lot") < first.index("Nguyen,Anh Kiet")
    for k, text in enumerate(pages, 1):
        assert re.search(r"^\s*\d+\*?\s+\d+\s+\S", text, re.M), f"page {k} holds no row of a table"


@needs(CLUB_RR)
@pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler-utils (pdftotext)")
def test_a_small_round_robin_prints_its_square_under_the_standings(tmp_path):
    """8 players: the standings and the 8 × 8 square fit one A4 page, so the square follows the standings on it
    (it was printed alone on a second page), numbered by place as its legend says."""
    from tiebreak.render.pdf import PdfError, browser

    try:
        browser()
    except PdfError:
        pytest.skip("no Chromium installed (Debian: apt install chromium)")
    out = tmp_path / "rr.pdf"
    assert main(["standings", str(CLUB_RR), "--format", "pdf", "--output", str(out)]) == 0
    pages = [p for p in subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True,
                                       check=True).stdout.split("\f") if p.strip()]
    assert len(pages) == 1
    names = [line[14:47].strip() for line in CLUB_RR.read_text(encoding="utf-8").splitlines()
             if line.startswith("001")]
    assert len(names) == 8 and all(pages[0].count(n) == 2 for n in names)  # in the standings and in the square
    assert pages[0].index("Standings") < pages[0].index("Crosstable") < pages[0].index("column 3 is the player")


def test_the_live_page_shows_a_round_robins_square(tmp_path_factory):
    """The live page of rr-7: a row per player, each cell the results against that column's player; rows and
    columns in standings order, the diagonal ×, as on the event's website (the same template)."""
    pytest.importorskip("starlette")
    import test_web
    from test_phone import live_page, serve_live

    if not test_web.CHROMIUM:
        test_web._skip_or_fail("no Chromium installed (Debian: apt install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    folder = tmp_path_factory.mktemp("rr")
    (folder / "rr.trf").write_text(RR7.read_text(encoding="utf-8"), encoding="utf-8")
    results = _results(RR7)
    with serve_live(folder) as base, sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=test_web.CHROMIUM, args=test_web.FLAGS)
        page = live_page(b, base, 390, rows=7)
        heads = page.locator("#crosstable thead th").all_inner_texts()
        assert heads[4:] == [str(k) for k in range(1, 8)]  # place, number, name, points, then the places
        rows = page.locator("#crosstable tbody tr").evaluate_all(
            "rs => rs.map(r => [r.cells[2].dataset.v, ...[...r.cells].map(c => c.textContent)])")
        order = [int(r[0]) for r in rows]  # the start numbers, in standings order
        assert sorted(order) == list(range(1, 8))
        for r in rows:
            me, cells = int(r[0]), r[5:]
            assert cells[order.index(me)] == "×"
            assert [cells[j] for j, o in enumerate(order) if o != me] == [results.get((me, o), "") for o in order
                                                                         if o != me]
        b.close()
