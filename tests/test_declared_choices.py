"""The arbiter tools' choices and defaults are defined once, in the tool's own module (``tiebreak.arbiter.choices``,
``clubs``, ``rating_report``), and every face reads them there: changed there, they change the command line's parser
and help, the API's schema, the page's form, the application layer's options and the tool itself.  A test that the
declaration agrees with the tools would pass with two definitions; this one changes the one definition (in a fresh
process, before anything reads it) and looks at every face."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytest.importorskip("fastapi")

#: the tools' definitions changed as an edit of their modules would change them, then each face asked
#: the one definition edited: each line of tiebreak/arbiter/choices.py as it is, and as the test changes it
EDITS = {
    "WHITE_ADVANTAGE, MOST_WHITE_ADVANTAGE = 35, 1000": "WHITE_ADVANTAGE, MOST_WHITE_ADVANTAGE = 50, 900",
    'MODELS = ("equal", "elo")': 'MODELS = ("elo", "equal")',
    'PRIZE_METHODS = ("shared", "hort", "tiebreak")': 'PRIZE_METHODS = ("tiebreak", "shared", "hort")',
    'VARMA_VARIANTS = ("s000", "fide")': 'VARMA_VARIANTS = ("fide", "s000")',
    "MAX_SIMULATIONS = 1_000_000": "MAX_SIMULATIONS = 500_000",
    'TEAM_BEST, MOST_TEAM_BEST, TEAM_TIEBREAKS = 4, 100, "TC"': 'TEAM_BEST, MOST_TEAM_BEST, TEAM_TIEBREAKS = 6, 50, "CUM"',
    'RATING_SYSTEMS = ("fide", "ru", "harkness", "uscf")': 'RATING_SYSTEMS = ("uscf", "fide", "ru", "harkness")',
}

#: the tools' module made from its edited text before anything reads it, then each face asked
_CHANGED = """
import inspect, json, sys, types
import tiebreak.arbiter
path = tiebreak.arbiter.__path__[0] + "/choices.py"
text = open(path, encoding="utf-8").read()
for old, new in json.loads(sys.argv[1]).items():
    assert text.count(old) == 1, old
    text = text.replace(old, new)
c = types.ModuleType("tiebreak.arbiter.choices")
c.__file__, c.__package__ = path, "tiebreak.arbiter"
sys.modules[c.__name__] = tiebreak.arbiter.choices = c
exec(compile(text, path, "exec"), c.__dict__)

from tiebreak.cli import build_parser
from tiebreak.app.options import OddsOptions, Options, RatingsOptions
from tiebreak.arbiter import clubs, prizes, rating_report, varma
from tiebreak.arbiter.odds import compute_odds
from tiebreak.web.app import create_app
from tiebreak.web.pages import _page

p = build_parser()
odds = p.parse_args(["odds", "a.trf"])
sub = next(a for a in p._actions if a.dest == "command").choices
schemas = create_app(workers=1).openapi()["components"]["schemas"]
odds_form, prize_form = schemas["OddsForm"]["properties"], schemas["PrizeForm"]["properties"]
print(json.dumps({
    "cli": [odds.white_advantage, odds.model, p.parse_args(["prizes", "a.trf", "--prizes", "p.csv"]).method,
            p.parse_args(["varma", "l.csv", "--seed", "1"]).variant, p.parse_args(["standings", "a.trf"]).team_best,
            p.parse_args(["standings", "a.trf"]).team_tiebreaks, p.parse_args(["ratings", "a.trf"]).system],
    "help": " ".join(sub["odds"].format_help().split()),
    "api": [odds_form["white_advantage"]["default"], odds_form["white_advantage"]["maximum"],
            odds_form["model"]["enum"], prize_form["method"]["default"], prize_form["method"]["enum"],
            odds_form["simulations"]["maximum"], schemas["StandingsForm"]["properties"]["team_best"]["maximum"]],
    "app": [OddsOptions().white_advantage, OddsOptions().model, Options().team_best, RatingsOptions().system],
    "tools": [inspect.signature(compute_odds).parameters["white_advantage"].default,
              inspect.signature(compute_odds).parameters["model"].default,
              inspect.signature(prizes.allocate).parameters["method"].default,
              inspect.signature(varma.draw).parameters["variant"].default,
              inspect.signature(clubs.club_ranking).parameters["best"].default,
              inspect.signature(rating_report.report).parameters["system"].default],
    "page": _page("en"),
}))
"""


@pytest.fixture(scope="module")
def faces() -> dict:
    done = subprocess.run([sys.executable, "-c", _CHANGED, json.dumps(EDITS)], capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)


def test_the_command_line_takes_the_tools_definitions(faces):
    assert faces["cli"] == [50, "elo", "tiebreak", "fide", 6, "CUM", "uscf"]


def test_the_help_says_the_tools_definitions(faces):
    help_ = faces["help"]
    assert "elo model: White's edge in rating points (default: 50; from -900 to 900)" in help_
    assert "{elo,equal}" in help_ and "(default: elo)" in help_
    assert "(at most 500000; default: 100000 for a round robin" in help_


def test_the_api_schema_says_the_tools_definitions(faces):
    assert faces["api"] == [50, 900, ["elo", "equal", ""], "tiebreak", ["tiebreak", "shared", "hort", ""], 500_000,
                            50]


def test_the_application_and_the_tools_take_the_one_definition(faces):
    assert faces["app"] == [50, "elo", 6, "uscf"]
    assert faces["tools"] == [50, "elo", "tiebreak", "fide", 6, "uscf"]


def test_the_page_form_offers_the_tools_definitions(faces):
    page = faces["page"]
    method = page[page.index('data-option="method"'):]
    method = method[:method.index("</select>")]
    assert [v.split('"')[0] for v in method.split('value="')[1:]] == ["tiebreak", "shared", "hort"]
    team_best = page[page.index('data-option="team_best"'):]
    assert 'value="6"' in team_best[:team_best.index(">")]
