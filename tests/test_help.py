"""The command line and its documentation agree (issue 16): every option of every command is in the command-line
reference (docs/reference/command-line.md), and every option that its usage block gives a command is one the command
takes. ``--help`` is generated from the same parser, so it names the same options."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from tiebreak.cli import build_parser

README = (Path(__file__).resolve().parents[1] / "docs" / "reference" / "command-line.md").read_text(encoding="utf-8")


def _commands() -> dict[str, set[str]]:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return {name: {o for a in sp._actions for o in a.option_strings} for name, sp in sub.choices.items()}


def _usage_block() -> dict[str, set[str]]:
    """Command -> the options the reference's usage block (its first code block) shows for it."""
    block = README.split("```", 2)[1]
    shown: dict[str, set[str]] = {}
    current = None
    for line in block.splitlines():
        m = re.match(r"tiebreak (\w+)", line.strip())
        if m:
            current = m.group(1)
        if current:
            text = line.split("#", 1)[0]  # comments after the usage
            shown.setdefault(current, set()).update(re.findall(r"(?<![\w-])--[a-z][a-z-]*", text))
    return shown


def test_every_command_and_option_is_documented():
    for name, options in _commands().items():
        assert f"tiebreak {name}" in README, f"command {name} is not in the command-line reference"
        missing = sorted(o for o in options if o.startswith("--") and o != "--help" and o not in README)
        assert not missing, f"tiebreak {name}: {missing} not in the command-line reference"


def test_the_usage_block_names_only_real_options():
    commands = _commands()
    for name, shown in _usage_block().items():
        assert name in commands, f"the reference's usage block has a command {name!r} the program does not have"
        wrong = sorted(shown - commands[name])
        assert not wrong, f"the reference gives 'tiebreak {name}' options it does not take: {wrong}"
