"""The command line's own errors (argparse's: unknown option, bad choice, missing argument, a number that is not one)
in the user's language, and the typed views of every command's options (issue 15)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from tiebreak.cli import args as views
from tiebreak.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = str(ROOT / "examples" / "hobsons-bay-cup-2025.trf")
HUGE = "9" * 5000  # past Python's int digit limit (4,300): int() itself refuses it, with its own English message
SHOWN = "'" + "9" * 37 + "...'"  # the number as the message shows it: cut to 40 characters


def error_of(capsys, argv: list[str]) -> tuple[str, str]:
    """The usage block and the error line of a command line the parser refuses (exit status 2)."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err.rstrip("\n")
    usage, _, line = err.rpartition("\n")
    return usage, line


# the expected lines are written out by hand, in each language (the English ones are argparse's own wording)
CASES = [
    (["standings", EXAMPLE, "--seed", HUGE],
     f"tiebreak standings: error: argument --seed: {SHOWN} is out of range",
     f"tiebreak standings: ошибка: аргумент --seed: {SHOWN} вне допустимых пределов",
     f"tiebreak standings: помилка: аргумент --seed: {SHOWN} поза допустимими межами"),
    (["standings", EXAMPLE, "--bogus"],
     "tiebreak: error: unrecognized arguments: --bogus",
     "tiebreak: ошибка: нераспознанные аргументы: --bogus",
     "tiebreak: помилка: нерозпізнані аргументи: --bogus"),
    (["standings", EXAMPLE, "--system", "knockout"],
     "tiebreak standings: error: argument --system: invalid choice: 'knockout' (choose from 'swiss', 'rr', "
     "'round-robin')",
     "tiebreak standings: ошибка: аргумент --system: недопустимое значение 'knockout' (допустимые: 'swiss', 'rr', "
     "'round-robin')",
     "tiebreak standings: помилка: аргумент --system: неприпустиме значення 'knockout' (припустимі: 'swiss', 'rr', "
     "'round-robin')"),
    (["berger"],
     "tiebreak berger: error: the following arguments are required: players",
     "tiebreak berger: ошибка: не заданы обязательные аргументы: players",
     "tiebreak berger: помилка: не задано обов'язкові аргументи: players"),
    (["odds", EXAMPLE, "--seed"],
     "tiebreak odds: error: argument --seed: expected one argument",
     "tiebreak odds: ошибка: аргумент --seed: нужно одно значение",
     "tiebreak odds: помилка: аргумент --seed: потрібне одне значення"),
    (["explain", EXAMPLE, "--players", "1"],
     "tiebreak explain: error: argument --players: expected 2 arguments",
     "tiebreak explain: ошибка: аргумент --players: нужно значений: 2",
     "tiebreak explain: помилка: аргумент --players: потрібно значень: 2"),
    (["odds", EXAMPLE, "--p", "1"],
     "tiebreak odds: error: ambiguous option: --p could match --places, --player, --players, --points-from, --preset",
     "tiebreak odds: ошибка: неоднозначный параметр: --p может означать --places, --player, --players, --points-from, --preset",
     "tiebreak odds: помилка: неоднозначний параметр: --p може означати --places, --player, --players, --points-from, --preset"),
    (["odds", EXAMPLE, "--exact=yes"],
     "tiebreak odds: error: argument --exact: ignored explicit argument 'yes'",
     "tiebreak odds: ошибка: аргумент --exact: лишнее значение 'yes'",
     "tiebreak odds: помилка: аргумент --exact: зайве значення 'yes'"),
    (["playoffs", EXAMPLE, "--after", "²"],
     "tiebreak playoffs: error: argument --after: '²' is not a whole number",
     "tiebreak playoffs: ошибка: аргумент --after: '²' — не целое число",
     "tiebreak playoffs: помилка: аргумент --after: '²' не є цілим числом"),
    (["odds", EXAMPLE, "--draw-rate", "nan"],
     "tiebreak odds: error: argument --draw-rate: 'nan' is not a number",
     "tiebreak odds: ошибка: аргумент --draw-rate: 'nan' — не число",
     "tiebreak odds: помилка: аргумент --draw-rate: 'nan' не є числом"),
]


@pytest.mark.parametrize("argv,en,ru,uk", CASES, ids=[" ".join(c[0][:1] + c[0][2:3]) for c in CASES])
def test_parser_errors_are_in_the_users_language(argv, en, ru, uk, capsys):
    usage, line = error_of(capsys, argv)
    assert line == en and usage.startswith(f"usage: tiebreak {argv[0]}" if "tiebreak:" not in en else "usage: ")
    for lang, expected, usage_word in (("ru", ru, "использование"), ("uk", uk, "використання")):
        usage, line = error_of(capsys, [*argv, "--lang", lang])
        assert line == expected and usage.startswith(f"{usage_word}: tiebreak")
        usage, line = error_of(capsys, [*argv[:1], f"--lang={lang}", *argv[1:]])  # before the error, = form
        assert line == expected


def test_a_missing_file_is_named_in_the_users_language(capsys, tmp_path):
    missing = str(tmp_path / "missing.trf")
    assert main(["standings", missing, "--lang", "ru"]) == 2
    assert capsys.readouterr().err == f"tiebreak: ошибка: {missing}: не удаётся прочитать файл: нет такого файла или папки\n"
    assert main(["standings", str(tmp_path), "--lang", "uk"]) == 2
    assert capsys.readouterr().err == f"tiebreak: помилка: {tmp_path}: не вдається прочитати файл: це тека\n"


def test_a_huge_start_number_in_fix_is_refused_in_the_users_language(capsys):
    """It reached int() (Python's digit limit: a traceback)."""
    assert main(["odds", EXAMPLE, "--after-round", "6", "--fix", f"{HUGE}-1=1-0", "--lang", "ru"]) == 2
    assert capsys.readouterr().err == f"tiebreak: ошибка: {EXAMPLE} (fix): {SHOWN} вне допустимых пределов\n"  # the file


def test_a_white_advantage_beyond_the_pages_bound_is_refused(capsys):
    """1e12 rating points made every probability nan (10**(R/400) overflows) and the odds 100 % for the order as it
    stands; the page's bound is -1000..1000."""
    argv = ["odds", EXAMPLE, "--after-round", "6", "--model", "elo", "--simulations", "100"]
    with pytest.raises(SystemExit) as stopped:  # the declared bounds, when the command line is read
        main([*argv, "--white-advantage", "1e12", "--lang", "uk"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == ("tiebreak odds: помилка: аргумент --white-advantage: '1e12' поза "
                                                        "межами -1000..1000")
    assert main([*argv, "--white-advantage", "1000", "--seed", "1"]) == 0


def test_a_port_no_socket_can_bind_is_refused_before_the_server_starts(capsys):
    with pytest.raises(SystemExit) as stopped:  # as argparse refuses a value outside its declared bounds
        main(["serve", "--port", "70000", "--lang", "uk"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.endswith("tiebreak serve: помилка: аргумент --port: '70000' поза межами 0..65535\n")


def test_numbers_of_the_options_are_read_as_before(capsys):
    """The bounded parsing takes what ``int``/``float`` took from real users: signs, a decimal exponent."""
    ns = build_parser().parse_args(["odds", EXAMPLE, "--seed", "+12", "--white-advantage=-3.5e1",
                                    "--simulations", "+1000", "--draw-rate", "0,25", "--places", "007"])
    assert (ns.seed, ns.white_advantage, ns.simulations, ns.draw_rate, ns.places) == (12, -35.0, 1000, 0.25, 7)
    assert type(ns.seed) is int and type(ns.white_advantage) is float


# one command line of each command, and the view its function reads it through
COMMANDS = [
    (["standings", EXAMPLE], views.Standings),
    (["check", EXAMPLE], views.Check),
    (["explain", EXAMPLE, "--player", "3"], views.Explain),
    (["convert", "a.pgn", "b.trf"], views.Convert),
    (["berger", "6"], views.Berger),
    (["varma", "players.csv", "--seed", "3"], views.Varma),
    (["ratings", EXAMPLE], views.Ratings),
    (["playoffs", EXAMPLE], views.Playoffs),
    (["prizes", EXAMPLE, "--prizes", "p.csv"], views.Prizes),
    (["odds", EXAMPLE], views.Odds),
    (["list"], views.Listing),
    (["presets"], views.Command),
    (["serve"], views.Serve),
    (["site", EXAMPLE, "-o", "site"], views.Site),
    (["series", EXAMPLE, EXAMPLE, "--points", "score"], views.Series),
]


def test_every_command_has_a_view_and_every_field_of_it_an_option():
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert {argv[0] for argv, _ in COMMANDS} == set(sub.choices)
    for argv, cls in COMMANDS:
        ns = parser.parse_args(argv)
        view = views.view(cls, ns)
        missing = [f for f in view.__dataclass_fields__ if not hasattr(ns, f)]
        assert not missing, (argv[0], missing)  # a field that no option fills would always keep its default
        assert view.lang == "en"


def test_the_language_of_the_errors_is_the_last_lang_given(capsys):
    _, line = error_of(capsys, ["standings", EXAMPLE, "--lang", "uk", "--lang", "ru", "--bogus"])
    assert line == "tiebreak: ошибка: нераспознанные аргументы: --bogus"


def test_argparses_own_messages_are_its_msgids_and_translated():
    """The eight messages argparse words itself (an unknown option, a missing argument, a bad choice, …) are
    recognised by their form (tiebreak/cli/options.py says why): each template is a msgid of the installed argparse
    (its ``%s``/``%(name)r`` as ``{}``), so a Python that rewords one fails here, and each has its Russian and
    Ukrainian."""
    import argparse
    import inspect
    import re

    from tiebreak.cli.options import _ARGPARSE
    from tiebreak.render.i18n import catalogue

    source = inspect.getsource(argparse)
    for _, template in _ARGPARSE:
        msgid = re.escape(template).replace(r"\{\}", r"%(?:\(\w+\))?[sr]")
        assert re.search(f"_\\(['\"]{msgid}['\"]|ngettext\\([^)]*['\"]{msgid}['\"]", source), template
        for lang in ("ru", "uk"):
            assert catalogue(lang).get((None, template)), (lang, template)
