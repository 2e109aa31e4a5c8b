"""A team event's crosstable heads its points column with the primary score (``MP``, «МО»), and its legend says what
that is, «МО = Матчевые очки» (docs/glossary.md: match points — матчевые очки (МО) — матчеві очки (МО)), on every
face: the website said it and the command line's text, the PDF (the HTML it prints) and the live screen did not; the
one legend (:func:`tiebreak.render.crosstable.legend`) now says it first for all of them (issue 33).

Events: the bundled four-team round robin ``example-t.trf`` (a square of matches) and the Friendship Cup 2024, a
15-team Swiss (``../shared/corpus``, its MANIFEST), both ranked by match points."""

from __future__ import annotations

from html import unescape
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from fastapi.testclient import TestClient
from sources import CORPUS, ROOT, needs

from tiebreak.cli import main
from tiebreak.live.watch import LiveHub
from tiebreak.web.live import live_app

ROUND_ROBIN = ROOT / "tests" / "data" / "team" / "example-t.trf"
FRIENDSHIP = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"
#: the glossary's match points with their letters, by hand
LINE = {"en": "MP = Match points", "ru": "МО = Матчевые очки", "uk": "МО = Матчеві очки"}


def _faces(event: Path, tmp: Path, capsys: pytest.CaptureFixture[str]) -> dict[tuple[str, str], list[str]]:
    """Each face's crosstable legend lines (the text's and the PDF's HTML: every line after the crosstable's
    heading) by (face, language)."""
    out: dict[tuple[str, str], list[str]] = {}
    assert main(["site", str(event), "-o", str(tmp / "site")]) == 0
    live = tmp / "live"
    live.mkdir()
    (live / event.name).write_text(event.read_text(encoding="utf-8"), encoding="utf-8")
    with TestClient(live_app(LiveHub(live, database="none"))) as screen:
        for lang in LINE:
            capsys.readouterr()
            assert main(["standings", str(event), "--lang", lang]) == 0
            text = capsys.readouterr().out
            heading = {"en": "Crosstable:", "ru": "Таблица результатов:", "uk": "Таблиця результатів:"}[lang]
            out["text", lang] = text[text.index(heading):].splitlines()
            page = tmp / f"{lang}.html"
            assert main(["standings", str(event), "--lang", lang, "--format", "html", "-o", str(page)]) == 0
            out["pdf", lang] = unescape(page.read_text(encoding="utf-8")).splitlines()
            site = (tmp / "site" / lang / "crosstable.html").read_text(encoding="utf-8")
            out["site", lang] = [li.get_text() for li in BeautifulSoup(site, "html.parser").select("ul.legend li")]
            r = screen.get("/live/tables", params={"lang": lang, "view": "teams"})
            assert r.status_code == 200
            out["live", lang] = [li.get_text() for li in BeautifulSoup(r.text, "html.parser").select("#cells-legend li")]
    return out


def _check(faces: dict[tuple[str, str], list[str]]) -> None:
    for (face, lang), lines in faces.items():
        assert any(LINE[lang] in line for line in lines), (face, lang, lines[:3])
    for lang in LINE:  # the live screen's legend is the website's, line for line
        assert faces["live", lang] == faces["site", lang], lang
        assert faces["site", lang][0] == LINE[lang]


def test_the_round_robins_crosstable_names_its_match_points_on_every_face(tmp_path, capsys):
    _check(_faces(ROUND_ROBIN, tmp_path, capsys))


@needs(FRIENDSHIP)
def test_the_swiss_crosstable_names_its_match_points_on_every_face(tmp_path, capsys):
    _check(_faces(FRIENDSHIP, tmp_path, capsys))
