"""One word per concept in Russian and Ukrainian (issue 28): the glossary (docs/glossary.md, after the project's spec
glossary and the seeds) names each concept once; the catalogues and the ru/uk output of every command and of the page
hold none of its variants and no English word (codes, names from the file and format fields excepted)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from test_every_word import EXAMPLE, english

from tiebreak.cli import main

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "glossary.md"
TEAM = Path(__file__).parent / "data" / "team" / "example-t.trf"
ROUND_ROBIN = Path(__file__).parent / "data" / "generated" / "rr-7.trf"
PUBLISHED = Path(__file__).parent / "data" / "check" / "hobsons-bay-cup-2025.published.csv"


def glossary() -> list[dict[str, str | list[str]]]:
    """The rows of the glossary's table: concept, en, ru, uk, and the variants not to use in ru and uk."""
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if len(cells) != 6 or cells[0] in ("concept", "---"):
            continue
        concept, en, ru, uk, not_ru, not_uk = cells
        rows.append({"concept": concept, "en": en, "ru": ru, "uk": uk,
                     "not_ru": [v.strip() for v in not_ru.split("|") if v.strip()],
                     "not_uk": [v.strip() for v in not_uk.split("|") if v.strip()]})
    return rows


def _pattern(variant: str) -> re.Pattern[str]:
    """A variant where a word starts; ``stem*`` takes any ending, a variant ending in a letter is a whole word."""
    stem = variant.endswith("*")
    body = re.escape(variant.rstrip("*").lower())
    end = "" if stem or not variant[-1].isalnum() else r"(?!\w)"
    return re.compile(r"(?<![\w-])" + body + end)


def variants(text: str, lang: str) -> list[str]:
    """The glossary's variants (not to be used in ``lang``) that ``text`` holds."""
    low = text.lower()
    return [v for row in glossary() for v in row[f"not_{lang}"] if _pattern(v).search(low)]


def test_the_glossary_is_a_table_of_every_concept_the_issue_names():
    rows = {r["concept"].split(" (")[0]: r for r in glossary()}
    for concept in ("bye", "half-point bye", "seed of the lots", "tie-break", "match points", "game points",
                    "Buchholz", "rating", "round", "place", "standings", "settled", "start number", "default"):
        assert concept in rows, concept
    assert rows["default"]["uk"] == "за замовчуванням" and "типово" in rows["default"]["not_uk"]
    assert rows["round robin"]["uk"] == "коловий турнір" and variants("для кругового турніру", "uk") == ["кругов*"]
    assert variants("таблицы Вармы", "ru") == ["вармы"] and variants("Таблиці Варма (13.17)", "uk") == ["варма"]
    assert variants("нет равенства: дополнительное соревнование не нужно", "ru") == ["дополнительное соревнование"]
    assert variants("заместители главного судьи", "ru") == ["судьи"] and variants("головний суддя", "uk") == ["судд*"]
    assert variants("Перфоманс по Харкнессу", "ru") == ["перфоманс*"] and variants("(без жереба)", "uk") == ["жереба"]
    assert variants("номер жребия живой таблицы", "ru") == ["живой"]
    assert variants("Зоннеборн-Бергер (USCF)", "ru") == ["зоннеборн*"] and variants("Медіана (Харкнесс)", "uk") == ["харкнесс*"]
    assert variants("особиста зустріч, усічений Бухгольц 1", "uk") == ["усіч*"]
    assert variants("tiebreak: турнірна таблиця в реальному часі", "uk") == ["в реальному часі"]
    assert rows["half-point bye"]["ru"] == "бай в пол-очка" and "½ свободен" in rows["half-point bye"]["not_ru"]
    assert sorted(variants("Число жеребьёвки (seed)", "ru")) == ["seed", "число жеребьёвки"]
    assert variants("номер жребия; --seed 3; BH/C1; номер", "ru") == []  # an option name is a code
    assert variants("Тай-брейки", "uk") == ["тай-брейк*"]


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_catalogue_follows_the_glossary(lang):
    from babel.messages.pofile import read_po

    path = ROOT / "tiebreak" / "render" / "locale" / lang / "LC_MESSAGES" / "tiebreak.po"
    with open(path, "rb") as f:
        catalogue = read_po(f)
    bad = []
    for m in catalogue:
        if not m.id:
            continue
        for text in (m.string if isinstance(m.string, tuple) else (m.string,)):
            found = variants(re.sub(r"\{\w*\}", "", text), lang)  # {seed} is a field's name, not a word
            if found:
                bad.append((m.id, text, found))
    assert not bad, bad[:10]


@pytest.mark.parametrize(("lang", "unplayed"), [("ru", "несыгранн"), ("uk", "незігран")])
def test_a_pending_game_is_one_word_never_the_unplayed_round(lang, unplayed):
    """The glossary's pending game (paired, its result not yet known) is «недоигранная» / «недограна» («партий не
    доиграно»): the odds' titles said «несыгранных партий», the word of C.07 Art. 16's unplayed rounds (byes,
    forfeits), beside the standings' «партий не доиграно»."""
    from babel.messages.pofile import read_po

    row = next(r for r in glossary() if r["en"] == "pending")
    stems = {"ru": ("недоигранн", "не доиграно"), "uk": ("недогран", "не дограно")}[lang]
    assert all(s.split()[-1] in str(row[lang]) for s in stems)
    path = ROOT / "tiebreak" / "render" / "locale" / lang / "LC_MESSAGES" / "tiebreak.po"
    with open(path, "rb") as f:
        catalogue = read_po(f)
    pending = [(m.id, text) for m in catalogue if m.id and "pending" in str(m.id)
               for text in (m.string if isinstance(m.string, tuple) else (m.string,))]
    assert len(pending) >= 10
    wrong = [(i, text) for i, text in pending if unplayed in text.lower() or not any(s in text for s in stems)]
    assert not wrong, wrong


@pytest.mark.parametrize(("lang", "fide"), [("ru", "ФИДЕ"), ("uk", "ФІДЕ")])
def test_fide_in_a_sentence_is_the_glossarys_word(lang, fide):
    """«идентификатор FIDE», «рейтинги FIDE», «по умолчанию FIDE» beside the site's «ID ФИДЕ» and «список ФИДЕ»: in a
    sentence FIDE is the glossary's word; the codes that hold it (``fide-2024``, ``--system fide``) stay."""
    from babel.messages.pofile import read_po

    assert next(r for r in glossary() if r["en"] == "FIDE")[lang] == fide
    with open(ROOT / "tiebreak" / "render" / "locale" / lang / "LC_MESSAGES" / "tiebreak.po", "rb") as f:
        catalogue = read_po(f)
    latin = [text for m in catalogue if m.id for text in (m.string if isinstance(m.string, tuple) else (m.string,))
             if re.search(r"(?<=[ (])FIDE(?![\w-])", text)]
    assert not latin, latin
    assert sum(fide in text for m in catalogue if m.id for text in
               (m.string if isinstance(m.string, tuple) else (m.string,))) >= 20


def _visible(page: str) -> str:
    """The text a reader sees on an HTML page (no markup, style, script or title)."""
    text = re.sub(r"<(style|title|script)\b[^>]*>.*?</\1>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "\n", text))


def _event_names() -> list[str]:
    return [line[4:].strip() for f in (EXAMPLE, TEAM, ROUND_ROBIN) if f.exists()
            for line in f.read_text(encoding="utf-8").splitlines() if line.startswith("012 ")]


def _commands(tmp: Path) -> list[list[str]]:
    prizes = tmp / "prizes.csv"
    prizes.write_text("place,1,300\nplace,2,200\nplace,3,100\n", encoding="utf-8")
    players = tmp / "players.txt"
    players.write_text("".join(f"Player{k}, {('AUS', 'NZL', 'IND')[k % 3]}\n" for k in range(10)), encoding="utf-8")
    e = str(EXAMPLE)
    return [
        ["standings", e, "--seed", "1", "--columns", "fed,rating,perf,change"],
        ["standings", e, "--seed", "1", "--format", "html"],
        ["standings", str(TEAM)],
        ["standings", str(TEAM), "--format", "html"],
        ["standings", str(ROUND_ROBIN)],
        ["standings", str(ROUND_ROBIN), "--format", "html"],
        ["explain", e, "--player", "9", "--seed", "1"],
        ["explain", e, "--players", "7", "9", "--seed", "1"],
        ["explain", str(TEAM), "--player", "1"],
        ["check", e, "--published", str(PUBLISHED)],
        ["odds", str(TEAM), "--after-round", "2"],
        ["odds", str(ROUND_ROBIN), "--after-round", "6"],
        ["odds", e, "--after-round", "5", "--simulations", "2000", "--seed", "1"],
        ["ratings", e],
        ["playoffs", e, "--seed", "1", "--places", "3"],
        ["prizes", e, "--prizes", str(prizes), "--seed", "1"],
        ["varma", str(players), "--seed", "3"],
        ["berger", "6"],
        ["odds", str(ROUND_ROBIN), "--after-round", "6", "--format", "html"],
        ["check", e, "--published", str(PUBLISHED), "--format", "html"],
        ["ratings", e, "--format", "html"],
    ]


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_command_speaks_the_glossary(lang, tmp_path, capsys):
    """Each command's output (and its notes) in Russian and Ukrainian: no variant of the glossary, no English word,
    thousands never written with a comma, the start-number column never 'Ном'."""
    for argv in _commands(tmp_path):
        main([*argv, "--lang", lang])
        out = capsys.readouterr()
        text = out.out + out.err
        if "--format" in argv:
            text = _visible(text)
        text = text.replace(str(tmp_path), "").replace(str(ROOT), "")
        for name in _event_names():  # names from the file stay as they are
            text = text.replace(name, "")
        assert not variants(text, lang), (argv, variants(text, lang))
        assert not english(text.replace("tiebreak:", "")), (argv, english(text)[:10])
        assert not re.search(r"\d,\d{3}(?!\d)", text), (argv, re.findall(r".{20}\d,\d{3}.{10}", text))
    assert "Ном" not in text


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_odds_count_their_outcomes_in_the_right_form(lang, capsys):
    """Example T after round 2: two matches of two boards pending, 3^4 = 81 outcomes (81 takes the form of 1)."""
    assert main(["odds", str(TEAM), "--after-round", "2", "--lang", lang]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert {"ru": "все 81 исход", "uk": "усі 81 наслідок"}[lang] in head and head.endswith(("исход", "наслідок"))


@pytest.mark.parametrize("argv", [["list"], ["presets"]], ids=["list", "presets"])
@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_catalogue_commands_speak_the_glossary(argv, lang, capsys):
    """`presets` writes a preset's own rule set as a word ('правила uscf'), not as '[rules uscf]'."""
    assert main([*argv, "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert not variants(out, lang), variants(out, lang)
    if argv == ["presets"]:
        assert "[rules" not in out and {"ru": "правила uscf", "uk": "правила uscf"}[lang] in out


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_count_takes_its_plural_form(lang):
    """1 place settled, 2 places; 1 исход, 3 исхода, 81 исход, 6 000 исходов (never 6,000: read as six)."""
    from tiebreak.render.i18n import plural
    from tiebreak.render.words import COUNTS

    one, many = COUNTS["live"]["places_settled"]
    said = [plural("live:places_settled", one, many, n, lang) for n in (1, 3, 5, 21, 6000)]
    assert said == {"en": ["1 place settled", "3 places settled", "5 places settled", "21 places settled",
                           "6,000 places settled"],
                    "ru": ["определено 1 место", "определено 3 места", "определено 5 мест", "определено 21 место",
                           "определено 6\u202f000 мест"],
                    "uk": ["визначено 1 місце", "визначено 3 місця", "визначено 5 місць", "визначено 21 місце",
                           "визначено 6\u202f000 місць"]}[lang]


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_explaining_two_players_never_cuts_a_word(lang, capsys):
    """Nos. 1 and 4 of the example both took a half-point bye in round 1 (TRF 'H'), no. 1 zero-point byes in rounds
    6-7 and forfeit losses in 4-5: each cell of the table is a whole round kind and its value."""
    from tiebreak.render.words import KINDS

    assert main(["explain", str(EXAMPLE), "--players", "1", "4", "--tiebreaks", "BH,PTS", "--lang", lang]) == 0
    rows = [re.split(r"\s{2,}", x.strip()) for x in capsys.readouterr().out.splitlines() if re.match(r"  \d ", x)]
    names = {KINDS[k][lang] for k in KINDS}
    cells = [row[k] for row in rows for k in (1, 4)]  # each round's result of each player: round, result, opponent...
    assert len(rows) == 7 and {len(row) for row in rows} == {7} and len(cells) == 14
    assert all(c in names for c in cells), cells
    assert cells[0] == {"en": "half-point bye", "ru": "бай в пол-очка", "uk": "бай в пів очка"}[lang]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_team_explanation_keeps_long_names_whole_and_apart_from_the_points(lang, tmp_path, capsys):
    """A team named with 30 letters: the name whole, then the match points after a gap."""
    text = TEAM.read_text(encoding="utf-8")
    long = "Northern Suburbs Chess Club Red"
    changed = re.sub(r"^(013 )B\b(\s*)", lambda m: m.group(1) + long + m.group(2)[len(long) - 1:], text, flags=re.M)
    assert long in changed  # the bundled team record of B renamed (its shape known: a failure, never a skip)
    (tmp_path / "t.trf").write_text(changed, encoding="utf-8")
    assert main(["explain", str(tmp_path / "t.trf"), "--player", "1", "--lang", lang]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if long in x)
    assert re.search(re.escape(long) + r"\s{2,}(MP|МО) 2", line), line


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_words_of_the_tables_are_the_glossarys(lang):
    """The catalogue's words for the concepts of the glossary are the glossary's own."""
    from tiebreak.render.i18n import kind_name, model_name, word
    from tiebreak.render.words import TEAM_WORDS

    g = {r["concept"].split(" (")[0]: r[lang] for r in glossary()}
    assert word("crosstable", lang).lower() == g["crosstable"]
    assert word("bye", lang) == g["bye"] and TEAM_WORDS.text("bye", lang) == g["bye"]
    for kind, concept in (("PAB", "pairing-allocated bye"), ("FPB", "full-point bye"), ("HPB", "half-point bye"),
                          ("ZPB", "zero-point bye")):
        assert kind_name(kind, lang) == g[concept]
    assert word("seed", lang) == g["seed of the lots"]
    assert word("legend", lang).lower() == {"ru": "дополнительные показатели", "uk": "додаткові показники"}[lang]
    assert TEAM_WORDS.text("mp", lang) == "МО" and TEAM_WORDS.text("gp", lang) == {"ru": "ИО", "uk": "ІО"}[lang]
    assert model_name("equal", lang) == g["outcome model: every result 1/3"]
    assert word("number", lang) == "№"


#: the seeds' words: the Arbiters' Manual 13.15.4-5 «Индивидуальные (Командные) турниры по швейцарской системе» (seed
#: 000), C.07 15.3 «Для турнірів за швейцарською системою» (seed 001); C.07 7.6 «Кількість фактично зіграних партій»
#: (seed 001), «фактически сыгранной партии» (seed 004)
SWISS = {"ru": ("личный турнир по швейцарской системе", "командный турнир по швейцарской системе"),
         "uk": ("особистий турнір за швейцарською системою", "командний турнір за швейцарською системою")}
REP = {"ru": "Количество фактически сыгранных партий", "uk": "Кількість фактично зіграних партій"}


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_presets_and_the_catalogue_say_the_seeds_words(lang, capsys):
    """The presets' descriptions said «личная швейцарка», «командна швейцарка» beside the glossary's «швейцарская
    система»; REP was «…сыгранных туров» in Russian, «…зіграних партій» in Ukrainian: the seeds' words on the command
    line (``presets``, ``list``) and on the page (its presets' tooltips, its list of codes)."""
    from starlette.testclient import TestClient

    from tiebreak.web.app import create_app

    rows = {r["en"]: r for r in glossary()}
    assert rows["Swiss"][lang].split(" (")[0] in {"ru": "швейцарская система", "uk": "швейцарська система"}[lang]
    assert rows["Rounds elected to play"][lang] == REP[lang] and rows["event type"][lang].startswith("систем")
    assert main(["presets", "--lang", lang]) == 0
    presets = capsys.readouterr().out
    assert main(["list", "--lang", lang]) == 0
    listed = capsys.readouterr().out
    page = html.unescape(TestClient(create_app(workers=1)).get("/", params={"lang": lang}).text)
    for face, text in (("presets", presets), ("page", page)):
        assert all(s in text for s in SWISS[lang]) and "швейцарк" not in text, face
    for face, text in (("list", listed), ("page", page)):
        assert REP[lang] in text and "сыгранных туров" not in text, face
