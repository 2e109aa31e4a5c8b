"""The page as a person uses it, in Debian's headless Chromium (issue 16): it fits a 390 px phone, shows the seed of
its lots, keeps the loaded event when the language changes, explains a player as a table per tie-break and two
players by the tie-break that separates them, clears stale results on an error, checks modifiers as they are typed;
and the printed standings (PDF) show every column whole, with page numbers.

Outside values: Vega's published standings of the 2025 Hobsons Bay Cup (``tests/data/check/
hobsons-bay-cup-2025.published.csv``): no. 7 has BH 33.5 and BH/C1 30.0, no. 9 BH/C1 28.5, both on 6 points.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette")
import test_web  # noqa: E402
from test_web import CHROMIUM, EXAMPLE, _skip_or_fail, _wait_ready  # noqa: E402

browser, server = test_web.browser, test_web.server  # the same real server and Chromium fixtures

PUBLISHED = Path(__file__).parent / "data" / "check" / "hobsons-bay-cup-2025.published.csv"


def _published() -> dict[int, dict[str, str]]:
    with open(PUBLISHED, encoding="utf-8") as f:
        return {int(r["startno"]): r for r in csv.DictReader(f)}


def _open(browser, server, width: int, lang: str = "en"):
    page = browser.new_page(viewport={"width": width, "height": 900}, accept_downloads=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/?lang={lang}")
    page.select_option("#example", EXAMPLE.name)
    _wait_ready(page, 1)
    if width < 640:  # on a phone the settings fold away once a file is loaded (tests/test_phone.py): open them
        page.locator("#settings-fold > summary").click()
    return page, errors


def _explained(page, players: str) -> None:
    page.wait_for_function(f"document.body.dataset.explained === '{players}'", timeout=30_000)


def test_phone_width_has_no_sideways_scroll_and_explains_in_a_dialog(browser, server, tmp_path):
    page, errors = _open(browser, server, 390, "ru")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # the standings scroll inside their own box
    assert page.evaluate("document.querySelector('#standings').parentElement.scrollWidth > 0")
    page.screenshot(path=str(tmp_path / "phone.png"), full_page=True)
    page.locator('#standings tbody tr[data-start-no="7"]').click()
    _explained(page, "7")
    panel = page.locator("#explanation")
    assert panel.get_attribute("role") == "dialog"
    box = panel.bounding_box()
    assert box["x"] == 0 and box["width"] == 390  # covers the screen
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert "Соперник" in page.locator("#explain-body").inner_text()
    page.screenshot(path=str(tmp_path / "phone-explained.png"))
    page.locator("#explain-close").click()
    assert panel.is_hidden() and not errors
    page.close()


def test_explanation_is_a_table_per_tiebreak_with_cut_rounds_struck_through(browser, server):
    page, errors = _open(browser, server, 1280)
    page.locator('#standings tbody tr[data-start-no="7"]').click()
    _explained(page, "7")
    assert page.locator('#standings tr[data-start-no="7"]').get_attribute("class") == "selected"
    published = _published()[7]
    bh_c1 = page.locator('#explain-body section[data-spec="BH/C1"]')
    assert bh_c1.locator(".tb-value").inner_text() == "BH/C1 = 30"
    assert "C.07 8.1" in bh_c1.locator(".article").inner_text()
    cut = bh_c1.locator("tr.cut td").all_inner_texts()
    # the cut round is worth published BH - BH/C1 (33.5 - 30), and the opponent is shown by name
    # round, result, opponent, contribution (its cut mark beside it)
    assert float(cut[3].split()[0]) == float(published["BH"]) - float(published["BH/C1"])
    assert re.fullmatch(r".+,.+ \(\d+\)", cut[2])
    assert page.locator('#explain-body section[data-spec="BH/C1"] tr.cut td').first.evaluate(
        "td => getComputedStyle(td).textDecorationLine") == "line-through"
    # beside the table on a desktop, not over it
    table, panel = page.locator(".table-box").first.bounding_box(), page.locator("#explanation").bounding_box()
    assert panel["x"] >= table["x"] + table["width"] - 1
    assert not errors
    page.close()


def test_a_second_player_shows_why_one_is_ahead(browser, server):
    page, errors = _open(browser, server, 1280)
    page.locator('#standings tbody tr[data-start-no="9"]').click()
    _explained(page, "9")
    page.locator('#standings tbody tr[data-start-no="7"]').click()
    _explained(page, "9,7")
    published = _published()
    verdict = page.locator("#explain-body .verdict").inner_text()
    # both on 6 points; the default list's first tie-break after PTS separates them: published 30.0 against 28.5
    assert "BH/C1" in verdict
    assert f"{float(published[9]['BH/C1']):g} against {float(published[7]['BH/C1']):g}" in verdict
    assert page.locator("#explain-title").inner_text() == "Why Nguyen,Anh Kiet is ahead of Wongso,Renaldo"
    assert page.locator("#standings tr.compared").get_attribute("data-start-no") == "7"
    assert not errors
    page.close()


def test_the_seed_of_the_lots_is_on_the_page_and_in_every_download(browser, server):
    page, errors = _open(browser, server, 1280)
    for code in ("BH/C1", "BH", "DE", "WIN", "WON", "BPG", "SB"):  # points alone: ties left for the lots
        ticket = int(page.evaluate("document.body.dataset.ready"))
        page.locator(f'#tiebreak-list li[data-code="{code}"] button.remove').click()
        _wait_ready(page, ticket + 1)
    seed = page.locator("#seed").input_value()
    assert seed.isdigit()
    assert seed in page.locator("#seed-line").inner_text() and seed in page.locator("#legend").inner_text()
    shown = [int(x) for x in page.locator("#standings tbody tr").evaluate_all("rows => rows.map(r => r.dataset.startNo)")]
    with page.expect_download() as info:
        page.locator('button.download[data-format="csv"]').click()
    rows = list(csv.reader(open(info.value.path(), encoding="utf-8")))
    assert [int(r[1]) for r in rows[1:]] == shown  # the same draw as on the page
    # published points: the two on 6 points (7 and 9) take places 1-2 in the order the seed drew
    assert sorted(shown[:2]) == [7, 9]
    assert not errors
    page.close()


def test_switching_to_russian_keeps_the_loaded_standings_and_explanation(browser, server):
    page, errors = _open(browser, server, 1280)
    order = page.locator("#standings tbody tr").evaluate_all("rows => rows.map(r => r.dataset.startNo)")
    seed = page.locator("#seed").input_value()
    page.locator('#standings tbody tr[data-start-no="7"]').click()
    _explained(page, "7")
    ticket = int(page.evaluate("document.body.dataset.ready"))
    page.select_option("#lang", "ru")
    _wait_ready(page, ticket + 1)
    _explained(page, "7")
    assert page.evaluate("document.documentElement.lang") == "ru" and page.url.endswith("?lang=ru")
    assert page.locator("#standings tbody tr").evaluate_all("rows => rows.map(r => r.dataset.startNo)") == order
    assert page.locator("#seed").input_value() == seed and page.locator("#example").input_value() == EXAMPLE.name
    assert page.locator("#standings thead th").first.inner_text() == "Место"
    assert "Соперник" in page.locator("#explain-body").inner_text()
    assert "швейцарская" in page.locator("#event").inner_text()
    notes = page.locator("#notes").inner_text()
    assert re.search("[а-я]", notes) and "chosen by" not in notes
    assert not errors
    page.close()


def test_no_lots_shows_shared_places(browser, server):
    page, errors = _open(browser, server, 390)
    for code in ("BH/C1", "BH", "DE", "WIN", "WON", "BPG", "SB"):
        ticket = int(page.evaluate("document.body.dataset.ready"))
        page.locator(f'#tiebreak-list li[data-code="{code}"] button.remove').click()
        _wait_ready(page, ticket + 1)
    ticket = int(page.evaluate("document.body.dataset.ready"))
    page.locator("#no-lots").check()
    _wait_ready(page, ticket + 1)
    ranks = page.locator("#standings td.rank").all_inner_texts()
    # published points: 7 and 9 on 6, then 3 alone on 5.5
    assert ranks[:3] == ["1-2", "1-2", "3"] and page.locator("#seed").is_disabled()
    assert not errors
    page.close()


def test_the_downloaded_html_fits_a_phone(browser, tmp_path):
    from tiebreak.cli import main

    target = tmp_path / "out"
    assert main(["standings", str(EXAMPLE), "-f", "html", "--lang", "ru", "--out", str(target)]) == 0
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.goto((target / "hobsons-bay-cup-2025.html").as_uri())
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    text = page.locator("body").inner_text()
    # a cover line with the rules and the list, the legend, the crosstable with rank and points; no internal notes
    assert "fide-2024" in text and "BH/C1" in text and "C.07 8.1" in text and "выбраны" not in text
    heads = page.locator("#crosstable thead th").all_inner_texts()
    assert heads == ["Место", "№", "Участник", "Очки", *map(str, range(1, 8))]  # the points right after the name
    page.close()


def test_an_error_replaces_the_stale_standings(browser, server, tmp_path):
    page, _ = _open(browser, server, 390)
    broken = tmp_path / "broken.trf"
    broken.write_bytes(b"012 x\n001    1      A  0\n001 abcd\n")
    ticket = int(page.evaluate("document.body.dataset.ready"))
    page.set_input_files("#file", str(broken))
    _wait_ready(page, ticket + 1)
    assert "broken.trf" in page.locator("#error").inner_text()
    assert page.locator("#standings tbody tr").count() == 0 and page.locator("#result").is_hidden()
    page.close()


def test_modifiers_are_checked_as_they_are_typed(browser, server):
    page, _ = _open(browser, server, 390, "uk")
    page.select_option("#add-code", "DE")
    page.fill("#add-modifiers", "/C1")  # DE takes P, R, V only
    assert page.locator("#add-modifiers").get_attribute("aria-invalid") == "true"
    assert page.locator("#add-button").is_disabled()
    message = page.locator("#modifier-message").inner_text()
    assert "C1" in message and "неприпустимий" in message
    page.select_option("#add-code", "BH")
    page.fill("#add-modifiers", "/C1")
    assert page.locator("#add-modifiers").get_attribute("aria-invalid") == "false" and page.locator("#add-button").is_enabled()
    # the bounds are the engine's (a cut of more rounds than any event has is a typing error), sent by the server
    page.fill("#add-modifiers", "/C251")
    assert page.locator("#add-modifiers").get_attribute("aria-invalid") == "true"
    assert page.locator("#modifier-message").inner_text() == "Модифікатор C251 поза допустимим діапазоном (C не більше 250)."
    page.fill("#add-modifiers", "/C250")
    assert page.locator("#add-modifiers").get_attribute("aria-invalid") == "false"
    page.close()


def test_pdf_pages_show_every_column_whole_and_page_numbers(tmp_path):
    """A 13-round event with a long list: the crosstable goes landscape; every heading is on its page, no word
    reaches past the page's right edge, and every page says which it is."""
    if not CHROMIUM or not shutil.which("pdftotext"):
        _skip_or_fail("needs Chromium and poppler-utils (pdftotext)")
    from tiebreak import trf
    from tiebreak.cli import main

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from swiss import generate

    src = tmp_path / "long.trf"
    trf.dump(generate(60, 13, seed=3), src)
    codes = "PTS,BH/C1,BH,SB,ARO,DE,WIN,WON,BPG,BWG,KS,AOB,PS"
    assert main(["standings", str(src), "-f", "pdf", "-t", codes, "--unrated-rating", "1000", "--columns",
                 "title,fed,rating,club,birth", "--out", str(tmp_path)]) == 0
    pdf = tmp_path / "long.pdf"
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    assert pages >= 3
    bbox = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    texts = []
    for k, page in enumerate(re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', bbox, re.S), 1):
        width = float(page[0])
        words = re.findall(r'xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<', page[2])
        assert all(float(x1) <= width for _, x1, _ in words), f"page {k}: a word past the right edge"
        text = " ".join(w for _, _, w in words)
        texts.append(text)
        assert f"Page {k} of {pages}" in text
    standings, crosstable = texts[0], next(t for t in texts if "Crosstable" in t)
    for heading in ("Place", "No", "Name", "Tit", "Fed", "Rtg", "Club", "Born", "Pts", *codes.split(",")[1:]):
        assert heading in standings.split(), heading
    assert all(str(k) in crosstable.split() for k in range(1, 14))
    # the crosstable's 13 rounds fit a portrait page whole: its cells are short (``12w1``, the opponent's place, as
    # on the website), every word inside the page's width (checked above)
    sizes = re.findall(r'<page width="([\d.]+)" height="([\d.]+)">', bbox)
    k = texts.index(crosstable)
    assert float(sizes[k][0]) < float(sizes[k][1])


def test_the_page_words_and_the_translation_of_notes_and_warnings():
    from starlette.testclient import TestClient

    from tiebreak.web import create_app

    client = TestClient(create_app())
    ru = client.get("/api/words", params={"lang": "ru"}).json()
    assert ru["words"]["rank"] == "Место" and ru["page"]["opponent"] == "Соперник"
    # an unknown language gets English
    assert client.get("/api/words", params={"lang": "xx"}).json()["words"]["rank"] == "Place"
    # a note and a warning as the answer's `said` has them (identifier and values), as the page sends them
    texts = [{"id": "rules {} chosen by start date {}; {}",
              "values": ["fide-2024", "2025-06-10", {"id": "the FIDE Tie-Break Regulations C.07 were in force from "
                                                           "1 September 2023 (re-issued 1 April 2024)"}]},
             {"place": {"file": "x.trf", "line": 4, "column": 1, "field": ""},
              "message": {"id": "round {}: player {} has two games or byes", "values": ["3", "7"]}},
             "rules fide-2024 chosen by start date 2025-06-10"]
    uk = client.post("/api/translate", data={"lang": "uk", "text": [json.dumps(t) if isinstance(t, dict) else t
                                                                    for t in texts]}).json()
    assert uk[0].startswith("правила fide-2024 обрано за датою початку 2025-06-10; ")
    assert uk[1] == "x.trf, рядок 4, стовпець 1: тур 3: учасник 7 має дві партії або два тури без гри"
    assert uk[2] == texts[2]  # English is never read back: a text is an identifier, and this one is not


def _ratings_in_file() -> dict[int, int]:
    """Start number -> rating, read straight from the TRF's 001 records (columns 49-52), 0 where empty."""
    out = {}
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            out[int(line[4:8])] = int(line[48:52].strip() or 0)
    return out


def _settle(page, action) -> None:
    ticket = int(page.evaluate("document.body.dataset.ready"))
    action()
    _wait_ready(page, ticket + 1)


def test_columns_categories_and_team_ranking_on_a_phone_in_russian(browser, server, tmp_path):
    page, errors = _open(browser, server, 390, "ru")
    # the default columns are the ones the file fills (no. 2 is a CM; federations, ratings): their boxes are ticked
    assert page.locator("#columns input:checked").evaluate_all("b => b.map(x => x.value)") == ["title", "fed", "rating"]
    _settle(page, lambda: page.locator('#columns input[value="club"]').check())
    heads = page.locator("#standings thead th").all_inner_texts()
    assert "Клуб" in heads and "Фед" in heads and "Рейт" in heads
    _settle(page, lambda: page.fill("#categories", "rating<900; birth>=2030") or page.locator("#categories").blur())
    _settle(page, lambda: page.select_option("#team-ranking", "federation"))
    # the API's JSON for the same file, list and seed
    form = {"example": EXAMPLE.name, "format": "json", "seed": page.locator("#seed").input_value(),
            "category": "rating<900", "team_ranking": "federation"}
    answer = page.request.post(f"{server}/api/standings", multipart=form).json()
    overall = {r["start_no"]: r["rank"] for r in answer["standings"]}
    # a rating band holds rated players only (0 in the file: unrated)
    below_900 = sorted((overall[n], n) for n, rating in _ratings_in_file().items() if 0 < rating < 900)
    section = page.locator('#groups section[data-category="rating<900"]')
    assert section.locator("h2").inner_text() == "Категория rating<900"
    rows = [r.split("\t") for r in section.locator("tbody tr").all_inner_texts()]
    # ranks 1..5 inside the category; the overall ranks and the order are the file's rated players below 900 as ranked
    assert [int(r[0]) for r in rows] == list(range(1, 6)) == list(range(1, len(below_900) + 1))
    assert [(int(r[1]), int(r[2])) for r in rows] == below_900
    assert [x["overall"] for x in answer["categories"][0]["standings"]] == [o for o, _ in below_900]
    assert "нет участников" in page.locator('#groups section[data-category="birth>=2030"]').inner_text()
    team = page.locator("#groups section.clubs")  # as the download and the site print it
    assert team.locator("h2").inner_text().startswith("Командный зачёт")
    assert [r.split("\t")[1] for r in team.locator("tbody tr").all_inner_texts()] == \
        [t["team"] for t in answer["team_ranking"]["standings"]]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(tmp_path / "phone-groups.png"), full_page=True)
    # every download carries the three choices: the CSV has the club column and the rank inside each category
    with page.expect_download() as info:
        page.locator('button.download[data-format="csv"]').click()
    head = next(csv.reader(open(info.value.path(), encoding="utf-8")))
    assert "rank rating<900" in head and "rank birth>=2030" in head and "club" in head
    # a language switch computes the same again: the same category table, the club column kept
    _settle(page, lambda: page.select_option("#lang", "uk"))
    assert page.locator('#groups section[data-category="rating<900"] h2').inner_text() == "Категорія rating<900"
    assert [r.split("\t")[1] for r in page.locator('#groups section[data-category="rating<900"] tbody tr')
            .all_inner_texts()] == [str(o) for o, _ in below_900]
    assert "Клуб" in page.locator("#standings thead th").all_inner_texts()
    assert page.locator("#team-ranking").input_value() == "federation"
    assert not errors
    page.close()


def test_a_bad_category_replaces_the_standings_with_its_error(browser, server):
    page, _ = _open(browser, server, 1280)
    _settle(page, lambda: page.fill("#categories", "height>180") or page.locator("#categories").blur())
    assert "height" in page.locator("#error").inner_text() and page.locator("#result").is_hidden()
    page.close()


def test_pdf_category_and_team_sections_fit_a4_with_every_heading(tmp_path):
    """Two categories and a team ranking under the standings: each section's heading and column headings are in the
    PDF's text, no word reaches past a page's right edge, and a category wider than portrait goes landscape."""
    if not CHROMIUM or not shutil.which("pdftotext"):
        _skip_or_fail("needs Chromium and poppler-utils (pdftotext)")
    from tiebreak.cli import main

    codes = "PTS,BH/C1,BH,SB,ARO,DE,WIN,WON,BPG,BWG,KS,AOB,PS,TPR,APRO,FB"
    assert main(["standings", str(EXAMPLE), "-f", "pdf", "--lang", "ru", "-t", codes, "--unrated-rating", "1000",
                 "--category", "rating<900", "--category", "rating>=1500&fed=AUS", "--team-ranking", "federation",
                 "--team-best", "3", "--team-tiebreaks", "TC,CUM", "--out", str(tmp_path)]) == 0
    pdf = tmp_path / "hobsons-bay-cup-2025.pdf"
    bbox = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', bbox, re.S)
    texts = []
    for k, (width, _height, body) in enumerate(pages, 1):
        words = re.findall(r'xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<', body)
        assert all(float(x1) <= float(width) for _, x1, _ in words), f"page {k}: a word past the right edge"
        texts.append(" ".join(w for _, _, w in words).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))
    text = " ".join(texts)
    for heading in ("Категория rating<900", "Категория rating>=1500&fed=AUS", "Командный зачёт (3 лучших"):
        assert heading in text, heading
    category_page = next(t for t in texts if "Категория rating<900" in t)
    # the category table's columns: place in the category, overall place, number, name, points, the whole list
    for column in ("Место", "Общее", "№", "Участник", "Очки", *codes.split(",")[1:]):
        assert column in category_page.split(), column
    team_page = next(t for t in texts if "Командный зачёт" in t)
    assert all(x in team_page.split() for x in ("Команда", "TC", "CUM", "AUS", "VIC"))
    # 16 tie-breaks do not fit portrait: the category is printed on a landscape page, as the standings are
    k = texts.index(category_page)
    assert float(pages[k][0]) > float(pages[k][1])


def test_the_reading_of_the_rules_is_a_choice_on_the_page(browser, server):
    """`--compat` on the page as on the command line and the API: the example (started 2025-06-10, so fide-2024 by
    date) is computed under `fide-2024+reference` once the reference checker's reading is chosen."""
    page, errors = _open(browser, server, 390, "uk")
    labels = page.locator("#compat option").all_inner_texts()
    assert page.locator("#compat").input_value() == "text" and len(labels) == 3
    assert all(re.search("[а-яіїє]", x) for x in labels), labels
    _settle(page, lambda: page.select_option("#compat", "reference"))
    assert "fide-2024+reference" in page.locator("#event").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth") and not errors
    page.close()


def _parts(html: str):
    from bs4 import BeautifulSoup

    page = BeautifulSoup(html, "lxml")
    return page.select_one("#answer"), {x["data-part"]: x for x in page.select("[data-part]")}


def test_the_pages_answer_holds_every_part_the_standings_fill():
    """``format=page``: the standings of the published list in one answer, each part for its place in the page, in
    the request's language; read with an HTML parser of its own (BeautifulSoup), against Vega's published values."""
    from starlette.testclient import TestClient

    from tiebreak.web import create_app

    client = TestClient(create_app())
    r = client.post("/api/standings", data={"example": EXAMPLE.name, "format": "page", "lang": "uk", "seed": "1",
                                            "tiebreaks": "PTS,BH,BH/C1,SB", "rules": "fide-2024"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    answer, parts = _parts(r.text)
    published = _published()
    rows = parts["standings"].select("tbody tr")
    heads = [th.get_text() for th in parts["standings"].select("thead th")]
    assert heads == ["Місце", "№", "Зв", "Учасник", "Фед", "Рейт", "Очки", *heads[7:]]  # the order of every face
    for row, (number, line) in zip(rows[:4], sorted(published.items(), key=lambda x: int(x[1]["pos"]))):
        cells = dict(zip(heads, (td.get_text() for td in row.select("td"))))
        assert int(row["data-start-no"]) == number
        assert (float(cells["BH"]), float(cells["BH/C1"])) == (float(line["BH"]), float(line["BH/C1"]))
    assert len(rows) == len(published) and answer["data-seed"] == r.headers["x-tiebreak-seed"] == "1"
    assert answer["data-team"] == "false" and answer["data-columns"] == "title,fed,rating"  # as the file fills them
    # the list as the editor shows it: the codes asked, each named with its cut, and its buttons
    items = parts["tiebreak-list"].select("li")
    assert [li["data-code"] for li in items] == ["PTS", "BH", "BH/C1", "SB"]
    assert items[2].select_one(".tb-name").get_text() == "Бухгольц, скорочення-1"
    assert items[0].select_one("button.up").has_attr("disabled") and not items[1].select_one("button.up").has_attr("disabled")
    # the summary: 7 rounds and 32 players in the file, the rules asked; the notes worded in Ukrainian
    assert parts["event"].get_text() == "2025 Hobsons Bay Cup · після 7-го туру з 7 · швейцарська система · правила " \
                                        "fide-2024 · 32 учасники"
    assert [o["value"] for o in parts["after-round"].select("option[selected]")] == ["7"]
    notes = [li.get_text() for li in parts["notes"].select("li")]
    assert notes and all(re.search("[а-яі]", n) for n in notes) and not any("chosen by" in n for n in notes)
    assert [o["value"] for o in parts["compare-with"].select("option")][1:5] == ["7", "9", "3", "5"]


def test_the_pages_answer_words_a_team_events_warnings_as_the_translation_does():
    """A team event's answer (the Friendship Cup: the file's '+' results without an opponent are warnings): the
    team table and each warning worded with its place, the same words ``/api/translate`` gives for the JSON's
    ``said``; the same order as the JSON for the same seed."""
    from sources import CORPUS
    from starlette.testclient import TestClient

    from tiebreak.web import create_app

    client = TestClient(create_app())
    friendship = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"
    form = {"lang": "ru", "seed": "5"}
    with open(friendship, "rb") as f:
        page = client.post("/api/standings", files={"file": (friendship.name, f)}, data=form | {"format": "page"})
    with open(friendship, "rb") as f:
        data = client.post("/api/standings", files={"file": (friendship.name, f)}, data=form | {"format": "json"}).json()
    answer, parts = _parts(page.text)
    assert answer["data-team"] == "true"
    assert [int(tr["data-start-no"]) for tr in parts["standings"].select("tbody tr")] == \
        [r["start_no"] for r in data["standings"]]
    assert parts["standings"].select("thead th")[2].get_text() == "Команда"
    # each warning as the JSON says it, the 12 alike said once (issue 33) sent without their occurrences (web-api.md)
    said = [json.dumps({k: v for k, v in w.items() if k != "occurrences"}) for w in data["said"]["warnings"]]
    worded = client.post("/api/translate", data={"lang": "ru", "text": said}).json()
    assert [li.get_text() for li in parts["warnings"].select("li")] == worded
    assert worded and all("friendship-cup-2024.trf, строка" in w for w in worded)


def test_one_request_per_change_and_none_to_translate(browser, server):
    """The page asks the server once for each change of the list (the standings, their notes and warnings worded,
    the list's names: one answer; with an explanation open, its panel too, from the same ranking), and changing
    the language asks for the page in that language and the standings once, never for a translation."""
    page, errors = _open(browser, server, 1280)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url.split("?")[0].removeprefix(server)))
    ticket = int(page.evaluate("document.body.dataset.ready"))
    page.locator('#tiebreak-list li[data-code="DE"] button.remove').click()
    _wait_ready(page, ticket + 1)
    assert asked == ["/api/standings"]
    assert "DE" not in page.locator("#tiebreak-list li").evaluate_all("items => items.map(i => i.dataset.code)")
    page.locator('#standings tbody tr[data-start-no="7"]').click()
    _explained(page, "7")
    asked.clear()
    page.locator('#tiebreak-list li[data-code="WIN"] button.remove').click()
    _wait_ready(page, ticket + 2)
    assert asked == ["/api/explain"]  # the standings and the open panel in one answer
    assert page.locator('#explain-body section[data-spec="BH/C1"] .tb-value').inner_text() == \
        f"BH/C1 = {float(_published()[7]['BH/C1']):g}"
    assert page.locator("#standings tr.selected").get_attribute("data-start-no") == "7"
    asked.clear()
    page.select_option("#lang", "uk")
    _wait_ready(page, ticket + 3)
    assert asked == ["/", "/api/explain"]
    assert page.locator('#tiebreak-list li[data-code="BH/C1"] .tb-name').inner_text() == "Бухгольц, скорочення-1"
    assert page.locator('#add-code option[value="BH"]').first.inner_text().startswith("BH — Бухгольц")
    assert "Суперник" in page.locator("#explain-body").inner_text()
    assert not errors
    page.close()


def test_the_pages_answer_with_an_open_explanation():
    """``/api/explain`` with ``format=page``: the page's parts and the panel of those still in the event, from one
    ranking (a number the event has not is left out; none left: no panel); no. 7's BH/C1 as Vega published it."""
    from starlette.testclient import TestClient

    from tiebreak.web import create_app

    client = TestClient(create_app())
    form = {"example": EXAMPLE.name, "format": "page", "lang": "ru", "seed": "1", "tiebreaks": "PTS,BH/C1"}
    answer, parts = _parts(client.post("/api/explain", data=form | {"player": "7", "player2": "99"}).text)
    assert parts["explain-body"]["data-players"] == "7"
    value = parts["explain-body"].select_one('section[data-spec="BH/C1"] .tb-value').get_text()
    assert value == f"BH/C1 = {float(_published()[7]['BH/C1']):g}"
    assert [li["data-code"] for li in parts["tiebreak-list"].select("li")] == ["PTS", "BH/C1"]
    _, parts = _parts(client.post("/api/explain", data=form | {"player": "99"}).text)
    assert "explain-body" not in parts and "standings" in parts


def test_an_error_names_the_field_by_its_label_in_the_pages_language(browser, server):
    """The API names the field of an option's error (``field: "tiebreaks"``); the page says it by the words of its
    own label, as a reader of the page knows it («Список дополнительных показателей», not "tiebreaks" nor the
    command line's ``--tiebreaks``)."""
    page, errors = _open(browser, server, 1280, "ru")
    ticket = int(page.evaluate("document.body.dataset.ready"))
    page.select_option("#preset", "fide-team-swiss")  # a team event's list (MP first): refused for this event
    _wait_ready(page, ticket + 1)
    said = page.locator("#error").inner_text()
    assert said.startswith("Список дополнительных показателей: MP — командный показатель"), said
    assert not errors
    page.close()
