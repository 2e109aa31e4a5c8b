"""The standings' legend (issue 33): every face cites the same article for a tie-break under a rule set — the
Arbiters' Manual Art. 13 under ``fide-2009`` (the seeds' text: 13.4.4 is Buchholz Cut 1), the C.07 article under the
FIDE editions — names every modifier the list uses once, and says a combined modifier's words once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sources import CORPUS, SEEDS, needs

from tiebreak import compute_standings, trf
from tiebreak.cli import main
from tiebreak.render.legend import legend_lines, standings_legend
from tiebreak.render.output import to_json_obj
from tiebreak.views.standings import legend_of_document, of_document, of_ranking

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
LIST = "PTS,BH/C1/P,BH,DE,WIN,WON,BPG,SB"
#: the Arbiters' Manual Art. 13 (its Russian text, seed 000) for each tie-break of LIST it has, by hand from the seed:
#: "13.4.4 Усечённый коэффициент Бухгольца 1", "13.4.1 Коэффициент Бухгольца", "13.5. Прямая (личная) встреча",
#: "13.11.4 Количество выигранных партий", "13.8. Количество партий, cыгранных чёрными фигурами",
#: "13.9.1 Коэффициент Соннеборна-Бергера"; WON (C.07 7.2) has no article there; /P does not change the article
MANUAL = {"BH/C1/P": "13.4.4", "BH": "13.4.1", "DE": "13.5", "WIN": "13.11.4", "BPG": "13.8", "SB": "13.9.1"}
MANUAL_NAME = {"en": "Arbiters' Manual", "ru": "Руководство для арбитров", "uk": "Посібник для арбітрів"}


@needs(SEEDS)
def test_the_manuals_article_numbers_are_the_seeds():
    seed = next(SEEDS.glob("000_*.txt")).read_text(encoding="utf-8")
    heads = {"13.4.4": "Усечённый коэффициент Бухгольца 1", "13.4.1": "Коэффициент Бухгольца",
             "13.5.": "Прямая (личная) встреча", "13.11.4": "Количество выигранных партий",
             "13.8.": "Количество партий, cыгранных чёрными", "13.9.1": "Коэффициент Соннеборна-Бергера"}
    for number, words in heads.items():
        assert re.search(rf"^{re.escape(number)} {re.escape(words)}", seed, re.M), number


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_every_face_cites_the_manual_under_the_2009_rules(capsys, lang):
    s = compute_standings(trf.load(EXAMPLE), LIST, rules="fide-2009")
    page = dict(standings_legend(s, of_ranking(s).columns, lang))  # the text, the downloads, the page, the site
    doc = to_json_obj(s)
    live = dict(legend_lines(legend_of_document(doc, of_document(doc)), lang))
    assert main(["explain", str(EXAMPLE), "--player", "2", "--rules", "fide-2009", "-t", LIST, "--lang", lang]) == 0
    explained = capsys.readouterr().out
    for code, number in MANUAL.items():
        cited = f"{MANUAL_NAME[lang]} {number}"
        assert f"({cited})" in page[code] and live[code] == page[code], (code, page[code])
        assert f" [{cited}]" in next(x for x in explained.splitlines() if x.startswith(f"{code} = "))
    assert page["WON"].endswith("(C.07 7.2)")


def test_the_fide_editions_cite_c07():
    s = compute_standings(trf.load(EXAMPLE), LIST, rules="fide-2024")
    page = dict(standings_legend(s, of_ranking(s).columns, "en"))
    assert page["BH/C1/P"] == "Buchholz, Cut-1 (C.07 8.1)" and page["SB"] == "Sonneborn-Berger (C.07 9.1)"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", {"/P": "treat forfeited games as played, as with pre-determined pairings (Art. 6.1.1, 15.2)",
            "/U": "rating given to unrated players, e.g. U1000 (Art. 10)"}),
    ("ru", {"/P": "считать неявки сыгранными партиями, как при заранее известных парах (ст. 6.1.1, 15.2)"}),
    ("uk", {"/P": "вважати неявки зіграними партіями, як за наперед відомих пар (ст. 6.1.1, 15.2)"})])
def test_each_modifier_of_the_list_has_one_line(lang, said):
    s = compute_standings(trf.load(EXAMPLE), "PTS,DE/P,ARO/U1000,BH/C1/P", rules="fide-2024")
    lines = standings_legend(s, of_ranking(s).columns, lang)
    marks = [mark for mark, _ in lines]
    assert marks.count("/P") == 1 and marks.count("/U") == 1 and "/C" not in marks  # a cut: in the name
    assert marks.index("/P") < marks.index("/U")  # the catalogue's order of the modifiers (tiebreak list)
    for mark, words in said.items():
        assert dict(lines)[mark] == words


TEAM = CORPUS / "heltour-crete-team" / "friendship-cup-2024.trf"


@needs(TEAM)
@pytest.mark.parametrize(("lang", "cut", "score"), [("en", "Cut-1", "on match points (C.07 11.1.1)"),
                                                    ("ru", "усечение-1", "по матчевым очкам (C.07 11.1.1)"),
                                                    ("uk", "скорочення-1", "за матчевими очками (C.07 11.1.1)")])
def test_a_team_list_says_cut_once_and_names_its_score(capsys, lang, cut, score):
    assert main(["standings", str(TEAM), "-t", "MP,GP,EMGSB/C1,BH:MP/P", "--lang", lang]) == 0
    out = capsys.readouterr().out
    emgsb = next(x for x in out.splitlines() if x.strip().startswith("EMGSB/C1 "))
    assert emgsb.lower().count(cut.lower()) == 1 and "13.13.3 B" in emgsb, emgsb
    assert re.search(rf"^\s+:MP\s+{re.escape(score)}$", out, re.M), out
    assert len(re.findall(r"^\s+/P\s", out, re.M)) == 1


#: a column headed by its whole name ("Club", «Клуб», «Клуб»; "Sex", «Пол», «Стать») has its line as every other
#: column has (docs/glossary.md; the site's words): the legend left it out, as "Club = Club" said nothing more
WHOLE_NAMES = {"en": ("Club = Club", "Sex = Sex"), "ru": ("Клуб = Клуб", "Пол = Пол"),
               "uk": ("Клуб = Клуб", "Стать = Стать")}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_column_headed_by_its_whole_name_has_its_line_on_every_face(capsys, tmp_path, lang):
    from bs4 import BeautifulSoup
    from starlette.testclient import TestClient

    from tiebreak.web.app import create_app

    options = ["-t", "PTS,BH/C1", "--columns", "fed,club,sex", "--seed", "1", "--lang", lang]
    assert main(["standings", str(EXAMPLE), *options]) == 0
    text = capsys.readouterr().out
    legend = [" = ".join(x.split(None, 1)) for x in text.split("\n\n")[-1].splitlines()[1:]]
    faces = {"text": legend}
    assert main(["standings", str(EXAMPLE), *options, "--format", "html", "-o", str(tmp_path / "s.html")]) == 0
    faces["html"] = [" = ".join(li.get_text(" ", strip=True).split(" ", 1))
                     for li in BeautifulSoup((tmp_path / "s.html").read_text(encoding="utf-8"), "lxml").select("li")]
    with open(EXAMPLE, "rb") as f:
        r = TestClient(create_app(workers=1)).post(
            "/api/standings", files={"file": (EXAMPLE.name, f)},
            data={"format": "page", "lang": lang, "seed": "1", "tiebreaks": "PTS,BH/C1", "columns": "fed,club,sex"})
    assert r.status_code == 200, r.text
    faces["page"] = [li.get_text(strip=True) for li in BeautifulSoup(r.text, "lxml").select("li")]
    assert main(["site", str(EXAMPLE), "-o", str(tmp_path / "site"), *options[:-2], "--lang", "en"]) == 0
    page = (tmp_path / "site" / lang / "standings.html").read_text(encoding="utf-8")
    faces["site"] = [li.get_text(strip=True) for li in BeautifulSoup(page, "lxml").select("ul.legend li")]
    for face, lines in faces.items():
        assert all(line in lines for line in WHOLE_NAMES[lang]), (face, lines)
