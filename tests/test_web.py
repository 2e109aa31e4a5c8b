"""The web app and JSON API (issue 7), run for real: API tests through the ASGI client, contract tests from the app's
own OpenAPI document, 50 concurrent uploads against a real uvicorn server, and end-to-end tests in Debian's headless
Chromium driven by Playwright (skipped where no Chromium is installed; CI installs it).

Outside values: the published Vega standings of the Hobsons Bay Cup 2025 (``../shared/corpus/hobsons-bay-vega/
2025hobsonsbaycup/expected.csv``: places 1-4 are start numbers 7, 9, 3, 5 with PTS, BH, BH/C1, SB), and the command
line's JSON for the same request (the API promises the same shapes).
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
import os
import re
import shutil
import socket
import sys
import threading
import time
from pathlib import Path

import pytest
from sources import CORPUS

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

from tiebreak import trf  # noqa: E402
from tiebreak.app.options import EXTENSIONS, Options  # noqa: E402
from tiebreak.app.standings import render_standings  # noqa: E402
from tiebreak.cli import main  # noqa: E402
from tiebreak.render.pdf import HEADLESS_FLAGS  # noqa: E402
from tiebreak.web import create_app  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
PUBLISHED = CORPUS / "hobsons-bay-vega" / "2025hobsonsbaycup" / "expected.csv"
XSS = "<script>alert(1)</script>"


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())


def _published_order() -> list[int]:
    with open(PUBLISHED, encoding="utf-8") as f:
        return [int(r["startno"]) for r in csv.DictReader(f)]


def _xss_trf() -> bytes:
    t = trf.load(EXAMPLE)
    t.players[6].name = XSS
    return trf.dumps(t).encode()


# ---------------------------------------------------------------------------------------------------- API
def test_standings_match_the_published_order(client):
    r = client.post("/api/standings", data={"example": EXAMPLE.name, "tiebreaks": "PTS,BH,BH/C1,SB",
                                            "rules": "fide-2024", "seed": "1"})
    assert r.status_code == 200
    data = r.json()
    assert [row["start_no"] for row in data["standings"]][:10] == _published_order()[:10]
    assert data["standings"][0]["values"] == {"PTS": 6, "BH": 33.5, "BH/C1": 30, "SB": 28}


def test_api_json_is_the_command_lines_json(client, capsys):
    from tiebreak.cli import main

    main(["standings", str(EXAMPLE), "-t", "PTS,BH/C1,SB,ARO", "--seed", "3", "-f", "json", "--details"])
    cli = json.loads(capsys.readouterr().out)
    with open(EXAMPLE, "rb") as f:
        r = client.post("/api/standings", files={"file": (EXAMPLE.name, f)},
                        data={"tiebreaks": "PTS,BH/C1,SB,ARO", "seed": "3", "details": "true"})
    assert r.json() == cli


def test_downloads_carry_a_file_name_and_the_format(client):
    for fmt, head in (("csv", "rank,"), ("trf", "012 2025 Hobsons Bay Cup"), ("html", "<!doctype html>")):
        r = client.post("/api/standings", data={"example": EXAMPLE.name, "format": fmt})
        assert r.status_code == 200, r.text
        assert f'filename="hobsons-bay-cup-2025.{EXTENSIONS[fmt]}"' in r.headers["content-disposition"]
        assert r.text.lower().startswith(head.lower())


def test_explain_adds_up(client):
    r = client.post("/api/explain", data={"example": EXAMPLE.name, "player": "7", "tiebreaks": "PTS,BH,SB",
                                          "rules": "fide-2024"})
    d = r.json()["details"]
    # published BH of player 7 is 33.5: the rounds' contributions (none cut in plain BH) add up to it
    assert sum(float(x["value"]) for x in d["BH"]["rounds"] if not x["cut"]) == 33.5 == d["BH"]["value"]


def test_prizes_shared_and_hort_on_the_published_standings(client):
    """Published: players 7 and 9 tie on 6 points (7 ahead on BH 33.5 v 30.5), player 3 alone on 5.5.
    Shared (13.2.6): 1st+2nd = 300+100 split, 200 each; 3rd prize 60 to player 3.  Hort: half of each place prize
    by tie-break order (150 to 7, 50 to 9), the other half (150+50) shared: 7 gets 250, 9 gets 150."""
    prizes = "kind,place,amount\nplace,1,300\nplace,2,100\nplace,3,60"
    base = {"example": EXAMPLE.name, "tiebreaks": "PTS,BH,BH/C1,SB", "prizes": prizes}
    shared = client.post("/api/prizes", data=base).json()["awards"]
    assert [(a["start_no"], a["amount"]) for a in shared] == [(7, 200), (9, 200), (3, 60)]
    assert shared[0]["rank"] == 1 and shared[0]["name"] == "Nguyen,Anh Kiet"
    hort = client.post("/api/prizes", data={**base, "method": "hort"}).json()["awards"]
    assert {a["start_no"]: a["amount"] for a in hort} == {7: 250, 9: 150, 3: 60}
    bad = client.post("/api/prizes", data={**base, "prizes": "place,1,lots"})
    assert bad.status_code == 400 and bad.json()["field"] == "prizes" and bad.json()["line"] == 1
    assert bad.json()["file"] is None and bad.json()["place"] == "prizes, line 1, column 3 (amount)"


def test_varma_draw_keeps_federations_apart_in_the_last_three_rounds(client):
    """13.17: 10 players, three of NOR and three of UKR; numbers of one set never meet in the last three rounds of
    the Berger table, so team-mates must not meet in rounds 7-9 of the named schedule."""
    names = [("Ann", "NOR"), ("Bob", "NOR"), ("Cid", "NOR"), ("Dan", "UKR"), ("Eve", "UKR"), ("Fay", "UKR"),
             ("Gus", "GER"), ("Hal", "FRA"), ("Ida", "ESP"), ("Jon", "ITA")]
    text = "Name, FED\n" + "\n".join(f"{n}, {f}" for n, f in names)
    d = client.post("/api/varma", data={"list": text, "seed": "7"}).json()
    assert sorted(d["numbers"].values()) == list(range(1, 11)) and d["conflicts"] == []
    fed = dict(names)
    assert len(d["rounds"]) == 9
    for r in d["rounds"][-3:]:
        assert all(fed[w] != fed[b] for w, b in r["pairings"])
    # the federation with most players draws first (13.17.1); the same seed gives the same draw
    assert d["order"][0]["federation"] == "NOR"
    assert client.post("/api/varma", data={"list": text, "seed": "7"}).json() == d
    short = client.post("/api/varma", data={"list": "Ann, NOR", "seed": "1"})
    assert short.status_code == 400 and "9 to 24" in short.json()["error"]
    # in the language the form asks for, place included
    twice = client.post("/api/varma", data={"list": "Ann, NOR\nAnn, NOR", "seed": "1", "lang": "uk"}).json()
    assert twice["error"].startswith("'Ann' зазначено двічі") and "рядок 2" in twice["place"], twice
    no_seed = client.post("/api/varma", data={"list": text, "lang": "ru"}).json()
    assert no_seed["field"] == "seed" and "целым числом" in no_seed["error"]


@pytest.mark.parametrize("data, files, status, where", [
    ({}, None, 400, "file"),
    ({"example": "../pyproject.toml"}, None, 404, "example"),
    ({"example": EXAMPLE.name, "rules": "fide-1900"}, None, 400, "rules"),
    ({"example": EXAMPLE.name, "seed": "x"}, None, 400, "seed"),
    ({"example": EXAMPLE.name, "tiebreaks": "PTS,XYZ"}, None, 400, None),
    ({}, {"file": ("broken.trf", b"012 x\n001    1      A  0\n001 abcd")}, 400, None),  # a file's field: in place
])
def test_errors_are_json_with_the_place(client, data, files, status, where):
    r = client.post("/api/standings", data=data, files=files)
    assert r.status_code == status and "error" in r.json()
    if where:
        assert r.json().get("field") == where
    if files:
        e = r.json()
        assert e["file"] == "broken.trf" and e["line"] == 3 and "tiebreak-upload" not in e["error"]


def test_oversized_upload_is_refused():
    small = TestClient(create_app(max_upload=10_000))
    r = small.post("/api/standings", files={"file": ("big.trf", b"x" * 20_000)})
    assert r.status_code == 413 and "too large" in r.json()["error"]


def test_player_names_are_escaped_in_downloads(client):
    r = client.post("/api/standings", files={"file": ("x.trf", _xss_trf())}, data={"format": "html"})
    assert XSS not in r.text and "&lt;script&gt;alert(1)&lt;/script&gt;" in r.text


def test_uploads_leave_nothing_behind(client, tmp_path, monkeypatch):
    import tempfile

    client.post("/api/standings", data={"example": EXAMPLE.name})  # the worker processes' fork server is running
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    client.post("/api/standings", files={"file": ("x.trf", EXAMPLE.read_bytes())})
    client.post("/api/standings", files={"file": ("x.trf", b"garbage")})
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------------------------------------------- contract
def test_openapi_document_is_generated_from_the_code(client):
    """The document is FastAPI's, built from the routes' typed fields (tests/test_api_fuzz.py fuzzes the app from it)."""
    doc = client.get("/openapi.json").json()
    assert set(doc["paths"]) == {"/api/standings", "/api/explain", "/api/check", "/api/playoffs", "/api/prizes",
                                 "/api/varma", "/api/catalogue", "/api/presets", "/api/berger", "/api/examples",
                                 "/api/words", "/api/translate", "/api/odds", "/api/ratings", "/api/series"}
    berger = {p["name"]: p["schema"] for p in doc["paths"]["/api/berger"]["get"]["parameters"]}
    assert (berger["players"]["minimum"], berger["players"]["maximum"]) == (2, 100)
    standings = doc["paths"]["/api/standings"]["post"]
    assert standings["responses"]["200"]["content"]["application/json"]["schema"]["properties"]["schema"] == {
        "const": 1, "description": "version of this shape"}
    assert set(standings["responses"]) >= {"200", "400", "413", "503"}


# ---------------------------------------------------------------------------------------------------- real server
@pytest.fixture(scope="module")
def server():
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(5)


def test_fifty_concurrent_uploads_of_a_thousand_player_event(server, tmp_path):
    import httpx

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from swiss import generate

    t = generate(1000, 9, seed=5)
    data = trf.dumps(t).encode()
    path = tmp_path / "open.trf"
    path.write_bytes(data)
    expected, _, _ = render_standings(Options(tiebreaks="PTS,BH/C1,BH,SB,DE,WIN", seed=9), str(path), [])

    async def upload(n: int) -> httpx.Response:
        # each from its own loopback address, as fifty spectators would be: one address alone is bounded (issue 34)
        transport = httpx.AsyncHTTPTransport(local_address=f"127.0.0.{n + 2}")
        async with httpx.AsyncClient(base_url=server, timeout=120, transport=transport) as c:
            return await c.post("/api/standings", files={"file": ("open.trf", data)},
                                data={"tiebreaks": "PTS,BH/C1,BH,SB,DE,WIN", "seed": "9"})

    async def run():
        return await asyncio.gather(*[upload(n) for n in range(50)])

    answers = asyncio.run(run())
    assert [a.status_code for a in answers] == [200] * 50
    assert all(a.json() == json.loads(expected) for a in answers)


# ---------------------------------------------------------------------------------------------------- browser
def _chromium() -> str | None:
    from tiebreak.render.pdf import PdfError, browser

    try:
        return browser()
    except PdfError:
        return None


CHROMIUM = _chromium()
FLAGS = [f for f in HEADLESS_FLAGS if f != "--headless"]  # Playwright starts it headless itself


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM:
        _skip_or_fail("no Chromium installed (Debian: apt install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


def _skip_or_fail(why: str) -> None:
    """Browser tests skip on a machine without Chromium, and fail in CI, which installs it."""
    if os.environ.get("TIEBREAK_REQUIRE_BROWSER"):
        pytest.fail(why)
    pytest.skip(why)


def _wait_ready(page, ticket: int) -> None:
    page.wait_for_function(f"Number(document.body.dataset.ready || 0) >= {ticket}", timeout=30_000)


def _shown_order(page) -> list[int]:
    return [int(x) for x in page.locator("#standings tbody tr").evaluate_all(
        "rows => rows.map(r => r.dataset.startNo)")]


def test_upload_reorder_explain_download_in_a_real_browser(browser, server, tmp_path):
    page = browser.new_page(accept_downloads=True)
    page.goto(server + "/")
    page.select_option("#rules", "fide-2024")
    page.set_input_files("#file", str(EXAMPLE))
    _wait_ready(page, 1)
    # the file has no list: the C.07 default for a Swiss is used and shown in the editor
    codes = page.locator("#tiebreak-list li").evaluate_all("items => items.map(i => i.dataset.code)")
    assert codes == ["PTS", "BH/C1", "BH", "DE", "WIN", "WON", "BPG", "SB"]
    # build the published list PTS, BH, BH/C1, SB: remove the rest, move BH above BH/C1
    for code in ("DE", "WIN", "WON", "BPG"):
        ticket = int(page.evaluate("document.body.dataset.ready"))
        page.locator(f'#tiebreak-list li[data-code="{code}"] button.remove').click()
        _wait_ready(page, ticket + 1)
    ticket = int(page.evaluate("document.body.dataset.ready"))
    page.locator('#tiebreak-list li[data-code="BH"] button.up').click()
    _wait_ready(page, ticket + 1)
    codes = page.locator("#tiebreak-list li").evaluate_all("items => items.map(i => i.dataset.code)")
    assert codes == ["PTS", "BH", "BH/C1", "SB"]
    shown = _shown_order(page)
    assert shown[:10] == _published_order()[:10]
    assert page.locator("#standings thead th").all_inner_texts()[-3:] == ["BH", "BH/C1", "SB"]
    # explanation of the winner
    page.locator('#standings tbody tr[data-start-no="7"]').click()
    page.wait_for_function("document.body.dataset.explained === '7'")
    assert page.locator('#explain-body section[data-spec="BH"] .tb-value').inner_text() == "BH = 33.5"
    # download the CSV of what is shown
    with page.expect_download() as info:
        page.locator('button.download[data-format="csv"]').click()
    rows = list(csv.reader(io.StringIO(Path(info.value.path()).read_text(encoding="utf-8"))))
    assert [int(r[1]) for r in rows[1:11]] == shown[:10]
    page.screenshot(path=str(tmp_path / "page.png"), full_page=True)
    assert (tmp_path / "page.png").stat().st_size > 20_000
    page.close()


def test_a_script_in_a_player_name_shows_as_text(browser, server, tmp_path):
    path = tmp_path / "xss.trf"
    path.write_bytes(_xss_trf())
    page = browser.new_page()
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(server + "/")
    page.set_input_files("#file", str(path))
    _wait_ready(page, 1)
    names = page.locator("#standings td.name").all_inner_texts()
    assert XSS in names and not dialogs
    page.close()


def test_prizes_and_varma_from_the_page(browser, server):
    page = browser.new_page()
    page.goto(server + "/?lang=ru")
    page.select_option("#example", EXAMPLE.name)
    _wait_ready(page, 1)
    page.fill("#prize-list", "place,1,300\nplace,2,100")
    page.locator("#prize-button").click()
    page.wait_for_function("document.querySelectorAll('#prize-result tbody tr').length === 2")
    assert page.locator("#prize-result thead th").all_inner_texts() == ["Место", "№", "Участник", "Приз", "Сумма"]
    rows = page.locator("#prize-result tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    assert [(r[1], r[4]) for r in rows] == [("7", "200.00"), ("9", "200.00")]  # 1st+2nd shared by the two on 6 points
    # 100 + 0.01 shared by two: 50.005 each, paid 50.00 (rounded down to the cent), 0.01 left over and said
    page.fill("#prize-list", "place,1,100\nplace,2,0.01")
    page.locator("#prize-button").click()
    page.wait_for_function("document.getElementById('prize-result').textContent.includes('0.01')")
    rows = page.locator("#prize-result tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    assert [(r[1], r[4]) for r in rows] == [("7", "50.00"), ("9", "50.00")]
    assert "100.01 делятся на 2, по 50.00 каждому; остаток 0.01" in page.locator("#prize-result .rest").inner_text()
    page.fill("#varma-list", "\n".join(f"Игрок {i}, {'UKR' if i < 3 else f'F{i}'}" for i in range(10)))
    page.locator("#varma-button").click()
    page.wait_for_function("document.getElementById('varma-text').textContent.includes('Тур 9')")
    # as `tiebreak varma` prints it: the drawing order under its heading (the first drawn from the federation of
    # three players, 13.17: those sharing a federation are drawn first), then the rounds
    order = page.locator("#varma-text").inner_text().splitlines()
    assert order[0].endswith(":") and order[1].split()[0] == "UKR", order[:2]
    page.close()


def test_check_published_standings_from_the_page(browser, server, capsys):
    page = browser.new_page()
    page.goto(server + "/?lang=uk")
    page.set_input_files("#file", str(CHECK_DATA / "rapid-1-2024.trf"))
    _wait_ready(page, 1)
    page.set_input_files("#published-file", str(CHECK_DATA / "rapid-1-2024.published.csv"))
    page.locator("#check-button").click()
    page.wait_for_function("document.querySelectorAll('#check-result table.cards tbody tr').length > 0")
    # Vega's Rapid 1 2024 page follows the 2009 virtual opponent: no. 13's BH 12.0 differs from ours (14.5) under the
    # announced 2024 rules and is reproduced by fide-2009 alone (tests/test_check.py has the hand computation)
    cli = command_check(capsys, CHECK_DATA / "rapid-1-2024.trf", CHECK_DATA / "rapid-1-2024.published.csv", "uk")
    # the command line's verdict, word for word (the file by its name): the list checked is the published columns
    # (and the verdict under it: which rule set or program's convention reproduces the published figures)
    assert page.locator("#check-result h2").inner_text() == "rapid-1-2024.trf"
    assert page.locator("#check-result p").first.inner_text() == (cli.splitlines()[0].split(".trf: ", 1)[1]
                                                                   + "\n" + cli.splitlines()[1].strip())
    assert "(Очки, BH, BH/C1)" in cli.splitlines()[0]  # the points as the standings head them
    # the columns of `check --format html`: the rounds behind each difference too
    heads = page.locator("#check-result table.cards thead th").all_inner_texts()
    assert heads == ["Учасник", "Показник", "опубліковано", "у нас", "збігається з правилами",
                     "Тури, що це пояснюють"], heads
    rows = page.locator("#check-result table.cards tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    assert ["13 Nawar,Mena", "BH", "12.0", "14.5", "fide-2009"] in [r[:5] for r in rows]
    assert page.locator("#check-result table.rules thead th").count() == 3
    first = page.locator("#check-result table.rules tbody tr").first.locator("td").all_inner_texts()
    assert first[:2] == ["fide-2009", "28/28"], first
    page.close()


def test_the_page_finds_the_vega_export_right(browser, server, capsys):
    """The page's check of the 2025 Hobsons Bay Cup against Vega's export: right, as ``tiebreak check`` says (96/96
    values and 32/32 ranks under fide-2024), with the published columns as the list, whatever list the page shows."""
    page = browser.new_page()
    page.goto(server + "/")
    page.set_input_files("#file", str(PUBLISHED.parent / "tournament.trf"))
    _wait_ready(page, 1)
    page.set_input_files("#published-file", str(PUBLISHED))
    page.locator("#check-button").click()
    page.wait_for_function("document.querySelectorAll('#check-result table.rules tbody tr').length > 0")
    cli = command_check(capsys, PUBLISHED.parent / "tournament.trf", PUBLISHED, "en")
    assert page.locator("#check-result h2").inner_text() == "tournament.trf"
    assert page.locator("#check-result p").first.inner_text() == cli.splitlines()[0].split(".trf: ", 1)[1]
    assert "right under the announced rules fide-2024 (Pts, BH, BH/C1, SB)" in cli.splitlines()[0]
    first = page.locator("#check-result table.rules tbody tr").first.locator("td").all_inner_texts()
    assert first == ["fide-2024", "96/96", "32/32"]
    assert page.locator("#check-result table.cards").count() == 0
    page.close()


def command_check(capsys, trf_file: Path, published: Path, lang: str) -> str:
    """``tiebreak check FILE --published P --lang L`` (in this process, as the other command-line tests run it): its
    standard output."""
    from tiebreak.cli import main

    capsys.readouterr()
    main(["check", str(trf_file), "--published", str(published), "--lang", lang])
    return capsys.readouterr().out


def test_standings_page_shows_table_and_legend(browser, tmp_path):
    """The self-contained HTML of ``--format html`` opened in Chromium: the table, the legend, a sane screenshot."""
    from tiebreak.engine.standings import compute_standings
    from tiebreak.render import html

    t = trf.load(EXAMPLE)
    t.players[6].name = "Нгуєн, Ань Кієт"
    target = tmp_path / "standings.html"
    target.write_text(html.to_html(compute_standings(t, "PTS,BH,BH/C1,SB", rules="fide-2024", seed=1), "uk"),
                      encoding="utf-8")
    page = browser.new_page()
    page.goto(target.as_uri())
    first = page.locator("table tbody tr").first.locator("td").all_inner_texts()
    assert first[:4] == ["1", "7", "Нгуєн, Ань Кієт", "6"]
    legend = page.locator(".legend").inner_text()
    assert "Бухгольц" in legend and "C.07" in legend
    page.screenshot(path=str(tmp_path / "standings.png"), full_page=True)
    assert (tmp_path / "standings.png").stat().st_size > 20_000
    page.close()


def test_pdf_keeps_cyrillic_names(tmp_path):
    if not CHROMIUM or not shutil.which("pdftotext"):
        _skip_or_fail("needs Chromium and poppler-utils (pdftotext)")
    import subprocess

    from tiebreak.cli import main

    t = trf.load(EXAMPLE)
    t.players[6].name = "Нгуєн, Ань Кієт"
    src = tmp_path / "cyr.trf"
    trf.dump(t, src)
    assert main(["standings", str(src), "-f", "pdf", "--lang", "ru", "--out", str(tmp_path)]) == 0
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "cyr.pdf"), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "Нгуєн, Ань Кієт" in text and "Место" in text and "Дополнительные показатели" in text


def test_errors_in_the_language_asked_for(client):
    bad = b"012 x\n001    1      A  0\n001 abcd\n"
    en = client.post("/api/standings", files={"file": ("broken.trf", bad)}).json()
    uk = client.post("/api/standings", files={"file": ("broken.trf", bad)}, data={"lang": "uk"}).json()
    # the machine fields stay as they are; the sentence and the place are Ukrainian
    assert {k: uk[k] for k in ("file", "line", "column", "field")} == {k: en[k] for k in ("file", "line", "column", "field")}
    assert en["error"] == "starting rank 'abcd' is not a number"
    assert uk["place"] == "broken.trf, рядок 3, стовпець 5 (стартовий номер)"
    assert "'abcd'" in uk["error"] and "number" not in uk["error"]


# ---------------------------------------------------------------------------------------------------- check, groups
CHECK_DATA = Path(__file__).parent / "data" / "check"


def test_check_endpoint_with_a_published_upload(client):
    published = (CHECK_DATA / "hobsons-bay-cup-2025.published.csv").read_bytes()
    r = client.post("/api/check", data={"example": EXAMPLE.name},
                    files={"published": ("vega.csv", published)})
    assert r.status_code == 200, r.text
    doc = r.json()
    # Vega's 96 published values of the 2025 Hobsons Bay Cup agree under the 2024 text (the command line's answer)
    assert doc["agree"] and doc["best_rules"][0] == "fide-2024" and doc["rules"][0]["values"] == 96
    # the files are named as the user knows them, never by the server's folders
    assert (doc["source"], doc["published"]) == (EXAMPLE.name, "vega.csv")
    r = client.post("/api/check", files={"file": ("C:\\events\\cup.trf", EXAMPLE.read_bytes()),
                                         "published": ("vega.csv", published)})
    assert (r.json()["source"], r.json()["published"]) == ("cup.trf", "vega.csv") and "/tmp" not in r.text
    altered = published.replace(b'2,9,"Wongso,Renaldo",,6.0,30.5,28.5,24.5', b'2,9,"Wongso,Renaldo",,6.0,30.5,29.5,24.5')
    r = client.post("/api/check", data={"example": EXAMPLE.name, "published": altered.decode(), "lang": "ru"})
    assert r.status_code == 200 and [(d["start_no"], d["what"]) for d in r.json()["differences"]] == [(9, "BH/C1")]
    bad = client.post("/api/check", data={"example": EXAMPLE.name, "published": "pos,BH\n1,2\n", "lang": "uk"})
    assert bad.status_code == 400 and "стовпець стартового номера" in bad.json()["error"]


def test_categories_columns_and_team_ranking_through_the_api(client):
    r = client.post("/api/standings", data={"example": EXAMPLE.name, "seed": "1", "columns": "fed,rating",
                                            "category": ["unrated", "rating<900"], "team_ranking": "federation"})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert [c["category"] for c in doc["categories"]] == ["unrated", "rating<900"]
    # three unrated players (30, 31, 32) and five rated below 900 (25-29) in the file's player records (a rating
    # band holds rated players only)
    assert sorted(x["start_no"] for x in doc["categories"][0]["standings"]) == [30, 31, 32]
    assert sorted(x["start_no"] for x in doc["categories"][1]["standings"]) == [25, 26, 27, 28, 29]
    assert doc["standings"][0]["federation"] == "AUS" and "team_ranking" in doc
    # a membership file is not read from the server's disk
    bad = client.post("/api/standings", data={"example": EXAMPLE.name, "team_ranking": "/etc/passwd"})
    assert bad.status_code == 400 and bad.json()["field"] == "team_ranking"


# ---------------------------------------------------------------------------------------------------- hostile fields
@pytest.mark.parametrize("path, data, field", [
    ("/api/standings", {"seed": "-1"}, "seed"),
    ("/api/standings", {"seed": "²"}, "seed"),
    ("/api/standings", {"seed": "9" * 5000}, "seed"),
    ("/api/standings", {"after_round": "٣"}, "after_round"),     # Arabic-Indic 3: int() takes it, we do not
    ("/api/standings", {"system": "bogus"}, "system"),
    ("/api/standings", {"no_lots": "perhaps"}, "no_lots"),
    ("/api/standings", {"players": "²"}, "players"),
    ("/api/standings", {"team_best": "1" * 5000}, "team_best"),
    ("/api/explain", {"player": "²"}, "player"),
    ("/api/explain", {"player": "7", "player2": "-3"}, "player2"),
    ("/api/explain", {"player": "9" * 5000}, "player"),
    ("/api/prizes", {"prizes": "place,1,100", "method": "bogus"}, "method"),
    ("/api/varma", {"list": "a, B", "seed": "-1"}, "seed"),
])
def test_a_bad_field_is_the_documented_json_400(client, path, data, field):
    r = client.post(path, data={"example": EXAMPLE.name, **data, "lang": "uk"})
    assert r.status_code == 400 and r.headers["content-type"] == "application/json"
    e = r.json()
    assert e["field"] == field and set(e) == {"error", "file", "line", "column", "field", "place"}
    assert e["error"].startswith("поле ") and len(e["error"]) < 200  # Ukrainian, the value cut short


def test_query_fields_and_unknown_paths_answer_in_the_error_shape(client):
    r = client.get("/api/berger", params={"players": "²"})
    assert r.status_code == 400 and r.json()["field"] == "players"
    assert client.get("/api/berger", params={"players": "1000", "double": "1"}).status_code == 400
    r = client.get("/api/berger", params={"players": "100", "double": "1"})
    # a double round robin of 100 players: 2 x 99 rounds of 50 games (Arbiters' Manual 13.16)
    assert r.status_code == 200 and len(r.json()["rounds"]) == 198 and len(r.json()["rounds"][0]["pairings"]) == 50
    assert client.get("/nowhere").json()["error"] == "no such page"
    assert client.get("/api/standings").status_code == 405 and "error" in client.get("/api/standings").json()


@pytest.mark.parametrize("fmt", ["text", "csv", "trf", "html", "chess-json"])
@pytest.mark.parametrize("name", ["Турнир.trf", 'a"; filename*=utf-8\'\'evil.exe; x=".trf', "tab\tand\nnewline.trf"])
def test_download_names_are_encoded_not_injected(client, fmt, name):
    from urllib.parse import unquote

    r = client.post("/api/standings", files={"file": (name, EXAMPLE.read_bytes())}, data={"format": fmt})
    assert r.status_code == 200, r.text
    header = r.headers["content-disposition"]
    assert header.isascii() and "\n" not in header and "\t" not in header
    # nothing injected: a quoted ASCII name and an encoded exact one (RFC 6266 4.1, RFC 5987 3.2.1 attr-chars)
    assert re.fullmatch(r'attachment; filename="[ -!#-~]*"; filename\*=utf-8\'\'[A-Za-z0-9!#$&+.^_`|~%-]*', header)
    exact = unquote(header.rsplit("filename*=utf-8''", 1)[1], errors="strict")
    assert exact.endswith("." + EXTENSIONS[fmt])
    if name == "Турнир.trf":
        assert exact == "Турнир." + EXTENSIONS[fmt]


def test_check_report_fits_a_phone(browser, tmp_path, capsys):
    """Whatever the depth of the folder the files are in (here a deep one with long names, as a clone may be), the
    report shows the file's name, and long words wrap: nothing scrolls sideways at 390 px."""
    from tiebreak.cli import main

    deep = tmp_path.joinpath(*["a-rather-long-folder-name-of-an-arbiters-clone"] * 6)
    deep.mkdir(parents=True)
    for name in ("rapid-1-2024.trf", "rapid-1-2024.published.csv"):
        shutil.copy(CHECK_DATA / name, deep / name)
    main(["check", str(deep / "rapid-1-2024.trf"), "--published", str(deep / "rapid-1-2024.published.csv"),
          "-f", "html", "--lang", "uk"])
    target = tmp_path / "check.html"
    target.write_text(capsys.readouterr().out, encoding="utf-8")
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.goto(target.as_uri())
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # the kinds of rounds and the sources of values are in Ukrainian too
    text = page.locator("body").inner_text()
    assert "бай за жеребкуванням" in text and "PAB" not in text and "dummy" not in text
    page.close()


def test_a_team_event_on_the_page(browser, server, tmp_path):
    """A team file on the page: team standings, team codes in their own group of the "Add" list, a click explains
    the team with its opponents by name, a second click says which team tie-break separates two teams (Example T:
    C first with MP 5; tests/test_team_faces.py)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.set_input_files("#file", str(ROOT / "tests" / "data" / "team" / "example-t.trf"))
    _wait_ready(page, 1)
    assert _shown_order(page) == [3, 1, 2, 4]
    assert page.locator("#standings thead th").nth(2).inner_text() == "Team"
    team_codes = page.locator('#add-code option[data-team="true"]').evaluate_all("o => o.map(x => x.value)")
    assert {"MP", "GP", "EDE", "SSSC", "BC", "MPVGP", "TBR", "BBE", "EMGSB"} <= set(team_codes)
    assert "CMPS" in page.locator('#add-code option[data-team="true"][value="EMGSB"]').inner_text()
    page.locator('#standings tbody tr[data-start-no="3"]').click()
    page.wait_for_function("document.body.dataset.explained === '3'", timeout=30_000)
    bh = page.locator('#explain-body section[data-spec="BH/C1"]')
    assert bh.locator(".tb-value").inner_text() == "BH/C1 = 6" and "C.07 8.1" in bh.locator(".article").inner_text()
    assert "D (4)" in bh.locator("tr.cut").inner_text()  # C's weakest opponent, D (1 MP), is the one cut
    page.screenshot(path=str(tmp_path / "team-page.png"), full_page=True)
    page.locator("#explain-close").click()
    page.locator('#standings tbody tr[data-start-no="1"]').click()
    page.wait_for_function("document.body.dataset.explained === '1'", timeout=30_000)
    page.locator('#standings tbody tr[data-start-no="2"]').click()
    page.wait_for_function("document.body.dataset.explained === '1,2'", timeout=30_000)
    verdict = page.locator("#explain-body .verdict").inner_text()
    # the primary score (PTS of the list) named as the standings head it, cited as the legend does
    assert "MP [C.07 11.1.1]" in verdict and "4 against 2" in verdict  # A 4 MP, B 2 MP
    assert not errors
    page.close()


def test_cumulative_half_point_bye_is_a_form_field(client):
    """Issue 13.6f: player 5 (1, =, 1, half-point bye, 1, 0, 1): running scores add to 21; deducting the half-point
    bye's ½ (seed 004) gives 20½.  An unknown choice is a 400 naming the field."""
    def cum(**extra):
        r = client.post("/api/standings", data={"example": EXAMPLE.name, "tiebreaks": "PTS,RU-CUM", "seed": "1", **extra})
        assert r.status_code == 200, r.text
        return next(row for row in r.json()["standings"] if row["start_no"] == 5)["values"]["RU-CUM"]

    assert (cum(), cum(cumulative_half_bye="keep"), cum(cumulative_half_bye="deduct")) == (20.5, 21, 20.5)
    r = client.post("/api/standings", data={"example": EXAMPLE.name, "cumulative_half_bye": "half"})
    assert r.status_code == 400 and "cumulative_half_bye" in r.text


def test_checking_a_bundled_example_writes_nothing_beside_it(client):
    # the published standings of /api/check go to a folder of their own, never into the examples folder
    before = sorted(p.name for p in EXAMPLE.parent.iterdir())
    r = client.post("/api/check", data={"example": EXAMPLE.name, "published": "pos,startno,BH\n1,7,33.5\n"})
    assert r.status_code == 200, r.text
    assert sorted(p.name for p in EXAMPLE.parent.iterdir()) == before


def test_prize_names_in_the_language_asked(client):
    # nos. 7 and 9 share 1st and 2nd on 6 points (Vega's published standings): the shared prize is named in Russian
    r = client.post("/api/prizes", data={"example": EXAMPLE.name, "prizes": "place,1,300\nplace,2,100", "lang": "ru",
                                         "seed": "1"})
    assert r.status_code == 200, r.text
    names = [a["prize"] for a in r.json()["awards"]]
    assert len(names) == 2 and all("место" in n and "place" not in n for n in names), names


def test_the_page_describes_the_presets_in_its_language(client):
    """The preset list's tooltips (Arbiters' Manual 13.15 and the other sources) are in the page's language."""
    page = client.get("/?lang=uk").text
    title = re.search(r'<option value="fide-rr"[^>]*title="([^"]*)"', page, re.S).group(1)
    assert title.startswith("Посібник для арбітрів 13.15"), title


def test_the_apis_presets_are_said_in_the_language_asked(client, capsys):
    """/api/presets?lang= words each list's source as `tiebreak presets --lang` and the page's tooltips do (it
    answered English whatever the language)."""
    for lang, start in (("ru", "Руководство для арбитров 13.15"), ("uk", "Посібник для арбітрів 13.15")):
        sources = {p["name"]: p["source"] for p in client.get(f"/api/presets?lang={lang}").json()}
        assert sources["fide-rr"].startswith(start), sources["fide-rr"]
        assert main(["presets", "--lang", lang]) == 0
        printed = capsys.readouterr().out
        assert all(source in printed for source in sources.values())
    assert client.get("/api/presets").json()[0]["source"].startswith("Arbiters' Manual 13.15")


@pytest.mark.skipif(not (CORPUS / "swiss-manager" / "cro_1386036.TUNX").exists(), reason="needs ../shared")
def test_an_errors_field_is_the_form_field_at_fault_and_the_place_in_the_file_is_its_place(client):
    """docs/reference/web-api.md: `field` is the form field at fault, or null when the problem is not one field's (a
    broken file); `place` is where in the file."""
    tunx = (CORPUS / "swiss-manager" / "cro_1386036.TUNX").read_bytes()[:3000]
    cut = client.post("/api/standings", files={"file": ("cut.TUNX", tunx)}).json()
    assert cut["field"] is None and cut["file"] == "cut.TUNX" and "byte" in cut["place"]
    varma = client.post("/api/varma", data={"list": "A, RUS\nB, UKR", "seed": "1"}).json()
    assert (varma["field"], varma["file"]) == ("list", None)
    bad = client.post("/api/varma", data={"list": "no federation here", "seed": "1"}).json()
    assert (bad["field"], bad["file"], bad["line"]) == ("list", None, 1)
    category = client.post("/api/standings", data={"example": EXAMPLE.name, "category": "zzz"}).json()
    assert category["field"] == "category"
    after = client.post("/api/standings", data={"example": EXAMPLE.name, "after_round": "9"}).json()
    assert after["field"] == "after_round" and after["place"] == f"{EXAMPLE.name} (after round)"


def test_a_misspelt_form_field_is_refused_naming_it(client):
    r = client.post("/api/standings", data={"example": EXAMPLE.name, "categories": "U1600", "lang": "uk"})
    assert r.status_code == 400 and r.json()["field"] == "categories"
    assert r.json()["error"].startswith("невідоме поле форми categories")
    # a field of another form is no error: the page sends one form to every request
    assert client.post("/api/odds", data={"example": EXAMPLE.name, "columns": "none"}).status_code == 200


def test_a_live_query_that_is_not_a_number_is_refused_in_our_words(tmp_path):
    pytest.importorskip("watchfiles")
    from tiebreak.live.watch import LiveHub
    from tiebreak.web.live import live_app

    shutil.copy(EXAMPLE, tmp_path / "open.trf")
    live = TestClient(live_app(LiveHub(tmp_path / "open.trf", database="none")))
    # the field is named as the query names it (an identifier, like after_round), its sentence in the reader's language
    for query, said in (("player=abc", "the field player must be a whole number, not 'abc'"),
                        ("player=1000000", "the field player must be at most 999999, not '1000000'"),
                        ("player=abc&lang=ru", "поле player должно быть целым числом, а не 'abc'")):
        r = live.get(f"/api/live/history?{query}")
        assert (r.status_code, r.json()["error"], r.json()["field"]) == (400, said, "player")


def test_no_upload_folder_outlives_its_request(client, tmp_path, monkeypatch):
    """docs/reference/web-api.md: uploads live in a temporary folder for the length of the request and are deleted:
    after an answer and after an error alike; a server killed before it could delete them (its process gone) has its
    folders deleted by the next server."""
    import subprocess
    import tempfile

    from tiebreak.web.app import create_app
    from tiebreak.web.uploads import UPLOAD_PREFIX

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with open(EXAMPLE, "rb") as f:
        assert client.post("/api/standings", files={"file": ("a.trf", f)}).status_code == 200
    assert client.post("/api/standings", files={"file": ("broken.trf", b"001 nonsense\n")}).status_code == 400
    assert list(tmp_path.glob(f"{UPLOAD_PREFIX}*")) == []
    gone = int(subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                              text=True, check=True).stdout)
    stale = tmp_path / f"{UPLOAD_PREFIX}{gone}-x1"
    stale.mkdir()
    (stale / "upload.trf").write_text("a tournament")
    running = tmp_path / f"{UPLOAD_PREFIX}{os.getpid()}-x2"  # a server still running: its folder is its own
    running.mkdir()
    create_app()
    assert not stale.exists() and running.exists()
