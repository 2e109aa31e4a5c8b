"""Every option declared once (tiebreak.app.declared, issue 33) is on every face that should take it, with the same
default and bounds: the command line's parser, the API's form models (their OpenAPI schema) and the page's form (its
rendered HTML, read with the standard library's HTML parser); a face that does not take it says why.  Its help is in
English, Russian and Ukrainian.  And the other way round: every argument of every command, every field of every API
form and every input of the page comes from exactly one declaration, and a value out of bounds or choices is refused
by every face, naming the option."""

from __future__ import annotations

import argparse
import functools
from html.parser import HTMLParser

import pytest

from tiebreak.app.declared import COMMANDS, FACES, OPTIONS, RANKING, Option
from tiebreak.cli import build_parser
from tiebreak.render.i18n import catalogue

pytest.importorskip("fastapi")
from tiebreak.web.app import create_app  # noqa: E402
from tiebreak.web.pages import _page  # noqa: E402

#: the API's forms by the name the declaration gives them (the explain, check, playoffs, prizes and series forms are
#: the standings' form and their own fields)
FORMS = {"standings": "StandingsForm", "odds": "OddsForm", "ratings": "RatingsForm", "playoffs": "PlayoffForm",
         "prizes": "PrizeForm", "explain": "ExplainForm", "check": "CheckForm", "series": "SeriesForm",
         "varma": "VarmaForm"}
#: the forms each form model is made of (the explain, check, playoffs, prizes and series forms are the standings' too)
MADE_OF = {name: {"standings", form} if form not in ("odds", "ratings", "varma") else {form}
           for form, name in FORMS.items()}


def _commands() -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


@functools.cache
def _app():
    """One app for the module: its requests are refusals, answered before any work, so none leaves state for the
    next (an app and its OpenAPI document made anew for each of the hundred options took a second each on a loaded
    machine)."""
    return create_app(workers=1)


def _openapi() -> dict:
    """The API's OpenAPI document (FastAPI makes it once per app; read only)."""
    return _app().openapi()


#: the command line's parser, made once (parsing leaves it as it was)
_parser = functools.cache(build_parser)


@functools.cache
def _actions() -> dict[str, dict[str, argparse.Action]]:
    """Each command's arguments by their flags, and its positional arguments by their name (made once: read only)."""
    return {name: {s: a for a in p._actions for s in (a.option_strings or [a.dest])}
            for name, p in _commands().items()}


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
        action = actions[command][(option.flags or (option.dest,))[0]]
        assert action.dest == option.dest and set(option.flags_of(command)) == set(action.option_strings)
        assert action.default == (False if option.kind is bool else option.default)
        assert option.positional or action.required == option.required
        if option.choices:
            assert list(option.choices) <= list(action.choices or [])
        if option.kind in (int, float):
            assert (action.type.low, action.type.high) == (option.low, option.high)  # type: ignore[union-attr]
        assert action.help == (option.help_of(command) or None)


def test_every_argument_of_every_command_is_declared_once():
    """Nothing the parser knows is written beside the declaration: each argument of each command (but ``-h``) is
    one declared option, and no two declarations give a command the same name or flag."""
    for command, parser in _commands().items():
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            declared = [o for o in OPTIONS.values() if command in o.commands and o.dest == action.dest
                        and set(o.flags_of(command)) == set(action.option_strings)]
            assert len(declared) == 1, (command, action.option_strings or action.dest)
    assert set(_commands()) == set(COMMANDS)


def test_a_default_is_written_once():
    """The application layer's options take their defaults from the declaration (the odds budget, the players counted
    per team, the rule set, ...); the command line's typed views hold none, and each of their fields is a declared
    option of their command, so the parser made from the declarations gives every value."""
    from dataclasses import MISSING, fields

    from tiebreak.app import options as app_options
    from tiebreak.cli import args

    uses = {app_options.Options: RANKING, app_options.OddsOptions: ("odds",), app_options.RatingsOptions: ("ratings",)}
    checked = 0
    for options, commands in uses.items():
        for f in fields(options):
            declared = {o.default for o in OPTIONS.values() if o.dest == f.name and set(commands) & set(o.commands)
                        and o.kind is not bool and f.name not in ("format", "lang")}  # each face's own
            if declared and f.default is not MISSING:
                assert declared == {f.default}, (options.__name__, f.name)
                checked += 1
    assert checked >= 10
    views = {"standings": args.Standings, "check": args.Check, "explain": args.Explain, "convert": args.Convert,
             "berger": args.Berger, "varma": args.Varma, "ratings": args.Ratings, "playoffs": args.Playoffs,
             "prizes": args.Prizes, "series": args.Series, "odds": args.Odds, "list": args.Listing,
             "serve": args.Serve, "site": args.Site, "presets": args.Command}  # each command's (presets: its language)
    assert set(views) == set(COMMANDS)
    for command, view in views.items():
        dests = {o.dest for o in OPTIONS.values() if command in o.commands}
        for f in fields(view):
            assert f.default is MISSING and f.name in dests, (command, f.name)


@pytest.mark.parametrize("option", OPTIONS.values(), ids=list(OPTIONS))
def test_every_option_is_in_the_api_with_its_default_and_bounds(option: Option):
    schemas = _openapi()["components"]["schemas"]
    if not option.forms:
        assert option.not_on.get("api"), f"{option.key}: in no API form, and no reason given"
    for form in option.forms:
        field = _form_field(schemas, form, option.dest)
        assert field.get("description") == (option.help or None)
        if option.kind in (int, float):
            high = option.high if option.server_high is None else option.server_high
            assert (field["minimum"], field["exclusiveMaximum" if option.below else "maximum"]) == (option.low, high)
        if option.choices or option.offered:
            assert field["enum"] == [*(option.offered or option.choices), *option.more_choices.get(form, ()), ""]
        if option.default is not None and option.kind is not bool:
            assert field["default"] == option.default
        if option.example is not None:  # shown in /docs as a value to try
            assert field["examples"] == [[option.example] if option.many else option.example]


def _form_field(schemas: dict, form: str, name: str) -> dict:
    """A field of one of the API's forms (the Berger table's are the query parameters of GET /api/berger)."""
    if form == "berger":
        given = {p["name"]: p for p in _openapi()["paths"]["/api/berger"]["get"]["parameters"]}[name]
        return {**given["schema"], "description": given.get("description"),
                "examples": [e["value"] for e in given.get("examples", {}).values()]}
    return schemas[FORMS[form]]["properties"][name]


def test_every_field_of_every_api_form_is_declared_once():
    """Each field of each form model is a declared option of that form, or one of the API's own fields, which
    say why they are no command's option (tiebreak.web.fields.OWN_FIELDS)."""
    from tiebreak.web.fields import OWN_FIELDS

    schemas = _openapi()["components"]["schemas"]
    for name, forms in MADE_OF.items():
        for field in schemas[name]["properties"]:
            declared = [o for o in OPTIONS.values() if o.dest == field and forms & set(o.forms)]
            if field in OWN_FIELDS:
                assert not declared, (name, field)
            else:  # the check form's rules: the standings' declaration, with the check's more choices
                assert len({o.key for o in declared}) == 1, (name, field)


def test_every_input_of_the_page_is_declared():
    page = _Inputs()
    page.feed(_page("en"))
    for key in page.found:
        assert key in OPTIONS and OPTIONS[key].page, key


#: one value out of each bound or choice, for each declared option that a face refuses it on
_REFUSED = [(o, bad) for o in OPTIONS.values() if not o.positional
            for bad in ([str(int(o.high) + 1)] if o.kind is int and o.high is not None else [])
            + ([str(int(o.low) - 1)] if o.kind is int and o.low is not None else [])
            + (["nowhere"] if o.choices else [])]


@pytest.mark.parametrize("option, bad", _REFUSED, ids=[f"{o.key}={bad}" for o, bad in _REFUSED])
def test_a_value_out_of_bounds_or_choices_is_refused_by_every_face_naming_the_option(option: Option, bad: str,
                                                                                     capsys):
    from fastapi.testclient import TestClient

    for command in option.commands:  # exit 2 with argparse's words, naming the flag
        needed = {"varma": ["x.csv", "--seed", "1"], "berger": ["6"], "prizes": ["x.trf", "--prizes", "x"],
                  "series": ["x.trf", "--points", "score"], "site": ["x.trf", "-o", "d"], "convert": ["a", "b"],
                  "serve": [], "list": [], "presets": [], "check": []}.get(command, ["x.trf"])
        with pytest.raises(SystemExit) as stopped:
            _parser().parse_args([command, *needed, option.flags[0], *[bad] * (option.nargs or 1)])
        assert stopped.value.code == 2
        said = capsys.readouterr().err
        assert f"argument {'/'.join(option.flags)}: " in said and (bad in said), said
    if not option.forms:
        return
    if option.server_high is not None and bad == str(int(option.high or 0) + 1):
        bad = str(int(option.server_high) + 1)  # the API's own bound is lower
    with TestClient(_app()) as client:  # a 400 naming the field
        for form in option.forms:
            if form == "berger":  # GET /api/berger?players=N
                answer = client.get("/api/berger", params={"players": "6", option.dest: bad})
            else:
                answer = client.post(f"/api/{form}", data={"example": "hobsons-bay-cup-2025.trf", option.dest: bad,
                                                           "list": "x"})
            assert answer.status_code == 400 and answer.json()["field"] == option.dest, (form, answer.text)


#: the fields a form may have (Starlette's form parser, ``max_fields``)
FORM_FIELDS = 1000
#: the declared texts with a bound on the server's faces
_BOUNDED = [o for o in OPTIONS.values() if o.longest is not None]


@pytest.mark.parametrize("option", _BOUNDED, ids=[o.key for o in _BOUNDED])
def test_a_text_longer_than_declared_is_refused_by_the_api_naming_the_option(option: Option):
    """A text one character longer than its declared bound (each value of a repeated option), or one value more than
    a repeated option's declared most, is a 400 naming the field on every form that has it; the schema says both
    bounds."""
    from fastapi.testclient import TestClient

    schemas = _openapi()["components"]["schemas"]
    assert option.longest is not None
    too_long = "x" * (option.longest + 1)
    sent = [[too_long], ["x"] * (option.most + 1)] if option.many and option.most is not None else [too_long]
    with TestClient(_app()) as client:
        for form in option.forms:
            field = _form_field(schemas, form, option.dest)
            assert (field["items"] if option.many else field)["maxLength"] == option.longest
            assert field.get("maxItems") == option.most
            for value in sent:
                answer = client.post(f"/api/{form}", data={"example": "hobsons-bay-cup-2025.trf", option.dest: value})
                assert answer.status_code == 400, (form, answer.text)
                if len(value) < FORM_FIELDS:  # a form of more fields is refused whole by the form parser, unnamed
                    assert answer.json()["field"] == option.dest, (form, answer.text)


def test_the_live_arbiters_settings_are_bounded_by_the_declaration():
    """The live server's arbiter changes an event's ranking (POST /api/live/settings): every ranking option that
    ``serve`` takes but the lot (issue 33: the unrated players' rating and the system were settings nothing set),
    each with the same bound or choices as the command line's ``serve`` option and the API's forms."""
    from tiebreak.web.live import Settings

    fields = Settings.model_json_schema()["properties"]
    assert set(fields) == {"event", "published", "tiebreaks", "preset", "rules", "compat", "system", "unrated_rating",
                           "cumulative_half_bye"}
    assert fields["tiebreaks"]["maxLength"] == OPTIONS["tiebreaks"].longest == 1000
    for key in ("rules", "compat", "system", "cumulative_half_bye"):
        assert fields[key]["enum"] == [*OPTIONS[key].choices, ""], key
    assert (fields["unrated_rating"]["minimum"], fields["unrated_rating"]["maximum"]) == (
        OPTIONS["unrated_rating"].low, OPTIONS["unrated_rating"].high)
    assert all("serve" in OPTIONS[k].commands for k in fields if k not in ("event", "published"))


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
            high = option.high if option.server_high is None else option.server_high  # the page asks the API
            assert (_number(element.get("min")), _number(element.get("max"))) == (option.low, high), option.key
            if option.default is not None:
                assert _number(element.get("value")) == option.default
        if option.key in page.choices and (option.choices or option.offered) and option.key != "after_round":
            offered = [c for c in page.choices[option.key] if c]
            assert set(offered) <= set(option.offered or option.choices), option.key
            if option.default is not None:  # the declared default is what the page shows first
                assert page.choices[option.key][0] == option.default, option.key


class _Page(_Inputs):
    """The page's declared inputs, and the words shown of each select's choices."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: dict[str, list[str]] = {}
        self._in_option = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        super().handle_starttag(tag, attrs)
        self._in_option = tag == "option" and self._select is not None

    def handle_data(self, data: str) -> None:
        if self._in_option and self._select:
            self.shown.setdefault(self._select, []).append(data.strip())
            self._in_option = False


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_pages_choices_defaults_and_examples_are_the_declared_ones(lang: str):
    """No choice, default or example is written in the page by hand: each select offers its declared choices (the
    kind of event once each, by the command line's first word for it), each box is ticked as its default, and the
    hints show the declared example or default."""
    page = _Page()
    page.feed(_page(lang))
    # the kinds of event as a user reads them (tiebreak standings --help: --system swiss, rr, round-robin)
    assert page.choices["system"] == ["", "swiss", "rr"]
    assert page.shown["system"][1:] == {"en": ["Swiss", "round robin"],
                                        "ru": ["швейцарская система", "круговая система"],
                                        "uk": ["швейцарська система", "колова система"]}[lang]
    for key in ("rules", "compat", "points_from", "rating_system", "method"):  # a default: no empty choice
        assert page.choices[key] == list(OPTIONS[key].choices), key
    for key in ("cumulative_half_bye", "publisher"):  # the empty choice: the rule set's or the file's
        assert page.choices[key] == ["", *OPTIONS[key].choices], key
    assert page.choices["team_ranking"] == ["", *OPTIONS["team_ranking"].offered]
    for key in ("compat", "points_from"):  # the script sends a choice other than the default the page says
        assert page.found[key]["data-default"] == OPTIONS[key].default
    for key in ("no_lots", "double"):
        assert ("checked" in page.found[key]) == OPTIONS[key].default
    assert page.found["team_tiebreaks"]["placeholder"] == "TC"  # Team Cumulative (USCF; the guide's team ranking)
    assert page.found["category"]["placeholder"] == OPTIONS["category"].example
    assert page.found["playoff_results"]["placeholder"] == OPTIONS["playoff_results"].example


def test_every_face_that_leaves_an_option_out_is_a_face():
    for option in OPTIONS.values():
        assert set(option.not_on) <= {*FACES, "cli", *_actions()}, option.key


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_help_text_is_translated(lang: str):
    table = catalogue(lang)
    missing = [(o.key, text) for o in OPTIONS.values() if o.commands  # as --help shows them
               for text in {o.help, *o.help_for.values()}  # a message with values by its identifier
               if text and (None, getattr(text, "template", text)) not in table]
    assert not missing


def test_the_command_line_reference_shows_the_declaration():
    from pathlib import Path

    from tiebreak.app.declared import reference_table

    text = (Path(__file__).resolve().parents[1] / "docs" / "reference" / "command-line.md").read_text(encoding="utf-8")
    shown = text.split("<!-- declared options: tiebreak.app.declared.reference_table() -->\n", 1)[1]
    assert shown.split("<!-- end of the declared options -->", 1)[0] == reference_table()


def test_a_help_never_repeats_its_default():
    """A declared default is said by the help from the declaration, never typed in a help text (where it would
    stay when the default changes)."""
    from tiebreak.app.declared import _plain

    for o in OPTIONS.values():
        if o.default is None or o.kind is bool:
            continue
        for text in (o.help, *o.help_for.values()):
            assert "(default)" not in text and f"default {_plain(o.default)}" not in text \
                and f"default: {_plain(o.default)}" not in text, (o.key, text)


@pytest.mark.parametrize("lang, said", [
    ("en", ["(default: 5; from 0 to 3600)", "(default: 1; from 0.5 to 600)", "(default: 127.0.0.1)"]),
    ("ru", ["(по умолчанию: 5; от 0 до 3600)", "(по умолчанию: 1; от 0.5 до 600)"]),
    ("uk", ["(за замовчуванням: 5; від 0 до 3600)", "(за замовчуванням: 1; від 0.5 до 600)"]),
])
def test_the_help_says_each_default_in_the_users_language(lang: str, said: list[str]):
    """``tiebreak serve --help``: a version not whole is held 5 s, at most an hour; a broadcast is asked at most once
    a second, from 0.5 to 600 s; the server listens on 127.0.0.1 (docs/reference/live.md, command-line.md)."""
    text = " ".join(_help(lang, "serve").split())  # argparse wraps the lines at the terminal's width
    for words in said:
        assert words in text, (lang, words)


def _help(lang: str, command: str) -> str:
    sub = next(a for a in build_parser(lang)._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices[command].format_help()


#: every option that does something only with another, on each command that says so
_NEEDING = [(o, c) for o in OPTIONS.values() for c in o.needs]


@pytest.mark.parametrize("option, command", _NEEDING, ids=[f"{c}-{o.key}" for o, c in _NEEDING])
def test_an_option_without_the_one_it_needs_is_refused_naming_both(option: Option, command: str, capsys):
    """``serve --seed 7`` without ``--watch`` (no live standings for a seed to draw) is refused, never dropped."""
    from tiebreak.cli import main

    value = ([str(int(option.high or 7))] if option.kind in (int, float) else  # a value other than the default
             [next(c for c in option.choices if c != option.default)] if option.choices else ["xyz"])
    given = [option.flags[0], *value] if option.kind is not bool else [option.flags[0]]
    needed = OPTIONS[option.needs[command][0]]
    files = {"serve": [], "site": ["x.trf", "-o", "out"], "standings": ["x.trf"]}[command]
    assert main([command, *files, *given, "--lang", "uk"]) == 2
    said = capsys.readouterr().err
    assert f"{option.flags[0]} потребує {needed.flags[0]}: " in said, said


def test_the_seed_of_serve_without_watch_is_refused_in_every_language(capsys):
    from tiebreak.cli import main

    for lang, words in (("en", "--seed needs --watch: it sets the live standings of the watched files"),
                        ("ru", "--seed требует --watch: этот параметр задаёт таблицу в реальном времени для "
                               "отслеживаемых файлов")):
        assert main(["serve", "--seed", "7", "--lang", lang]) == 2
        assert words in capsys.readouterr().err


def test_a_team_rankings_options_without_it_are_refused_by_the_api():
    """The API's form as the command line: players counted per team, but no team ranking asked for."""
    from fastapi.testclient import TestClient

    with TestClient(create_app(workers=1)) as client:
        answer = client.post("/api/standings", data={"example": "hobsons-bay-cup-2025.trf", "team_best": "3"})
        assert answer.status_code == 400 and answer.json()["field"] == "team_best", answer.text
        answer = client.post("/api/standings", data={"example": "hobsons-bay-cup-2025.trf", "team_best": "3",
                                                     "team_ranking": "federation"})
        assert answer.status_code == 200, answer.text
