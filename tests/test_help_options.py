"""Every ranking option of odds, explain, prizes and playoffs says what it does in --help (issue 40), in English,
Russian and Ukrainian: argparse leaves an option without help text alone on its line, followed by the next option."""

from __future__ import annotations

import re

import pytest

from tiebreak.cli import main

OPTIONS = ("--after-round", "--seed", "--preset", "--unrated-rating")


def described(text: str) -> dict[str, str]:
    """Option -> its help text, as argparse lays out the help (the text on the option's line or the lines under it)."""
    out: dict[str, str] = {}
    current = None
    for line in text.splitlines():
        m = re.match(r"  (--[a-z-]+)(?: [A-Z_]+)?(?:  +(.*))?$", line)
        if m:
            current = m.group(1)
            out[current] = m.group(2) or ""
        elif current and re.match(r" {20,}\S", line):
            out[current] += " " + line.strip()
        else:
            current = None
    return out


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("command", ["odds", "explain", "prizes", "playoffs", "standings"])
def test_every_ranking_option_is_described(capsys, command, lang):
    with pytest.raises(SystemExit):
        main([command, "--help", "--lang", lang])
    helps = described(capsys.readouterr().out)
    for option in OPTIONS:
        assert helps.get(option, "").strip(), (command, lang, option)
        if lang != "en":
            assert not re.search(r"\b(the|of|for|after|rating)\b", helps[option]), (command, lang, option)
