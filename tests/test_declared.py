"""Every option declared once (tiebreak.app.declared, issue 33) is on every face that should take it, with the same
default and bounds: the command line's parser, the API's form models (their OpenAPI schema) and the page's form (its
rendered HTML, read with the standard library's HTML parser); a face that does not take it says why.  Its help is in
English, Russian and Ukrainian."""

from __future__ import annotations

import argparse
from html.parser import HTMLParser

import pytest

from tiebreak.app.declared import FACES, OPTIONS, Option
from tiebreak.cli import build_parser
from tiebreak.render.i18n import catalogue

pytest.importorskip("fastapi")
from tiebreak.web.app import create_app  # noqa: E402
from tiebreak.web.pages import _page  # noqa: E402

#: the API's forms by the name the declaration gives them (the explain, check, playoffs, prizes and series forms are
#: the standings' form and their own fields)
FORMS = {"standings": "StandingsForm", "odds": "OddsForm", "ratings": "RatingsForm", "playoffs": "PlayoffForm",
         "prizes": "PrizeForm"}


def _actions() -> dict[str, dict[str, argparse.Action]]:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return {name: {s: a for a in p._actions for s in a.option_strings} for name, p in sub.choices.items()}


class _Inputs(HTMLParser):
    """The page's elements that carry a declared option (``data-option``), with their attributes and the values of
    the options of a select."""

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, dict[str, str | None]] = {}
        self.choices: dict[str, list[str]] = {}
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        key = given.get("data-option")
        if key:
            self.found[key] = given
            self._select = key if tag == "select" else None
        elif tag == "option" and self._select:
            self.choices.setdefault(self._select, []).append(given.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def _number(text: str | None) -> float | None:
    return None if text is None else float(text)


@pytest.mark.parametrize("option", OPTIONS.values(), ids=list(OPTIONS))
def test_every_option_is_on_the_command_line_with_its_default_and_bounds(option: Option):
    actions = _actions()
    if not option.commands:
        assert option.not_on.get("cli"), f"{option.key}: on no command, and no reason given"
    for command in option.commands:
        action = actions[command][option.flags[0]]
        assert action.dest == option.dest and set(option.flags) <= set(action.option_strings)
        assert action.default == (False if option.kind is bool else option.default)
        if option.choices:
            assert list(option.choices) <= list(action.choices or [])
        if option.kind in (int, float):
            assert (action.type.low, action.type.high) == (option.low, option.high)  # type: ignore[union-attr]
        assert action.help == option.help_of(command)


@pytest.mark.parametrize("option", OPTIONS.values(), ids=list(OPTIONS))
def test_every_option_is_in_the_api_with_its_default_and_bounds(option: Option):
    schemas = create_app(workers=1).openapi()["components"]["schemas"]
    if not option.forms:
        assert option.not_on.get("api"), f"{option.key}: in no API form, and no reason given"
    for form in option.forms:
        field = schemas[FORMS[form]]["properties"][option.dest]
        assert field.get("description") == option.help
        if option.kind in (int, float):
            assert (field["minimum"], field["maximum"]) == (option.low, option.high)
        if option.choices or option.offered:
            assert field["enum"] == [*(option.offered or option.choices), ""]
        if option.default is not None and option.kind is not bool:
            assert field["default"] == option.default


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_every_option_of_the_page_is_in_its_form_with_its_default_and_bounds(lang: str):
    page = _Inputs()
    page.feed(_page(lang))
    for option in OPTIONS.values():
        if not option.page:
            assert option.not_on.get("page"), f"{option.key}: not on the page, and no reason given"
            continue
        element = page.found.get(option.key)
        assert element is not None, f"the page has no input for {option.key}"
        if element.get("type") == "number":  # (a select offers the file's own rounds)
            assert (_number(element.get("min")), _number(element.get("max"))) == (option.low, option.high), option.key
            if option.default is not None:
                assert _number(element.get("value")) == option.default
        if option.key in page.choices and (option.choices or option.offered) and option.key != "after_round":
            offered = [c for c in page.choices[option.key] if c]
            assert set(offered) <= set(option.offered or option.choices), option.key
            if option.default is not None:  # the declared default is what the page shows first
                assert page.choices[option.key][0] == option.default, option.key


def test_every_face_that_leaves_an_option_out_is_a_face():
    for option in OPTIONS.values():
        assert set(option.not_on) <= {*FACES, "cli", *_actions()}, option.key


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_help_text_is_translated(lang: str):
    table = catalogue(lang)
    missing = [(o.key, text) for o in OPTIONS.values() for text in {o.help, *o.help_for.values()}
               if (None, text) not in table]
    assert not missing


def test_the_command_line_reference_shows_the_declaration():
    from pathlib import Path

    from tiebreak.app.declared import reference_table

    text = (Path(__file__).resolve().parents[1] / "docs" / "reference" / "command-line.md").read_text(encoding="utf-8")
    shown = text.split("<!-- declared options: tiebreak.app.declared.reference_table() -->\n", 1)[1]
    assert shown.split("<!-- end of the declared options -->", 1)[0] == reference_table()
