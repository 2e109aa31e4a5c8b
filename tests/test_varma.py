"""Varma tables and the restricted drawing of lots (Arbiters' Manual 13.17; spec §11.2)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sources import SEEDS, needs

from tiebreak.arbiter.varma import FIDE_12, TABLES, _packable, draw, last_rounds_meetings, table


def _printed(text: str, numbers: list[int]) -> bool:
    return re.search(r"\(\s*" + r"\s*,\s*".join(map(str, numbers)) + r"\s*\)", text) is not None


@needs(SEEDS)
def test_tables_are_those_of_the_seeds():
    """Every set as printed in seed 000 (sets numbered 1-4 there); the 11/12 annex version in seed 004."""
    s000 = next(SEEDS.glob("000_*.txt")).read_text(encoding="utf-8")
    s004 = next(SEEDS.glob("004_*.txt")).read_text(encoding="utf-8")
    assert all(_printed(s000, numbers) for sets in TABLES.values() for numbers in sets.values())
    assert _printed(s004, FIDE_12["B"]) and _printed(s004, FIDE_12["C"])
    assert not _printed(s000, FIDE_12["B"])


@pytest.mark.parametrize("n", sorted(TABLES))
def test_each_table_is_a_partition_that_avoids_last_round_meetings(n):
    sets = table(n)
    assert sorted(x for v in sets.values() for x in v) == list(range(1, n + 1))
    meets = last_rounds_meetings(n)
    for numbers in sets.values():
        assert not [p for p in meets if p <= set(numbers)], (n, numbers)


def test_the_fide_11_12_table_lets_6_and_12_meet_in_the_last_round():
    meets = last_rounds_meetings(12)
    assert meets[frozenset((6, 12))] == 11 and {6, 12} <= set(table(12, "fide")["C"])


def test_drawing_order_and_reproducibility():
    players = [("Zed", "NOR"), ("Amy", "NOR"), ("Kim", "NOR"), ("Bo", "AUT"), ("Al", "AUT"), ("Ed", "BUL"),
               ("Cy", "BUL")] + [(f"X{i}", f"Y{i}") for i in range(5)]
    d = draw(players, seed=5)
    assert [o[:2] for o in d.order[:7]] == [("NOR", "Amy"), ("NOR", "Kim"), ("NOR", "Zed"), ("AUT", "Al"),
                                            ("AUT", "Bo"), ("BUL", "Cy"), ("BUL", "Ed")]
    assert len({o[2] for o in d.order[:3]}) == 1  # team-mates draw from one envelope
    assert draw(players, seed=5).numbers == d.numbers and sorted(d.numbers.values()) == list(range(1, 13))


@settings(max_examples=200, deadline=None)
@given(st.integers(9, 24), st.lists(st.integers(1, 6), min_size=1, max_size=8), st.integers(0, 10**6))
def test_satisfiable_restrictions_are_always_satisfied(n, sizes, seed):
    players = []
    for f, size in enumerate(sizes):
        players += [(f"F{f}-{k}", f"F{f:02d}") for k in range(size)]
    players = players[:n]
    players += [(f"S{k}", f"S{k:02d}") for k in range(n - len(players))]
    sets = table(n)
    if n % 2:
        for v in sets.values():
            if n + 1 in v:
                v.remove(n + 1)
    contingents = sorted((sum(1 for _, f in players if f == fed) for fed in {f for _, f in players}), reverse=True)
    if not _packable([c for c in contingents if c > 1], [len(v) for v in sets.values()]):
        return  # not satisfiable with these sets
    d = draw(players, seed)
    assert d.conflicts == []
    assert sorted(d.numbers.values()) == list(range(1, n + 1)) if n % 2 == 0 else len(d.numbers) == n


#: 8 players, two of each of four federations: one fewer than the smallest table (9-10, Arbiters' Manual 13.17)
EIGHT = [(f"P{k}", ("NOR", "UKR", "USA", "GER")[k % 4]) for k in range(8)]
TOO_FEW = {"en": "Varma tables are for 9 to 24 players, the list has 8",
           "ru": "таблицы Варма — для 9–24 участников, в списке 8",
           "uk": "таблиці Варми — для 9–24 учасників, у списку 8"}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_list_of_eight_is_refused_in_the_users_language_on_every_face(lang, tmp_path, capsys):
    """The library's draw and table said a bare English ValueError ("Varma tables cover 9 to 24 players, not 8");
    now one message, the list's, in the user's language: the library's error, the command line, the API (the page
    shows its error)."""
    from starlette.testclient import TestClient

    from tiebreak.cli import main
    from tiebreak.engine.errors import InputError
    from tiebreak.render.i18n import message
    from tiebreak.web.app import create_app

    for call, count in ((lambda: draw(EIGHT, seed=1), 8), (lambda: table(8), 8), (lambda: table(25), 25)):
        with pytest.raises(InputError) as raised:
            call()
        assert message(raised.value.message, lang) == TOO_FEW[lang].removesuffix("8") + str(count)
    listed = tmp_path / "players.txt"
    listed.write_text("".join(f"{n}, {f}\n" for n, f in EIGHT), encoding="utf-8")
    assert main(["varma", str(listed), "--seed", "1", "--lang", lang]) != 0
    assert capsys.readouterr().err.strip().endswith(f"{listed}: {TOO_FEW[lang]}")
    r = TestClient(create_app(workers=1)).post("/api/varma", data={"list": listed.read_text(encoding="utf-8"),
                                                                   "seed": "1", "lang": lang})
    assert r.status_code == 400 and r.json()["error"] == TOO_FEW[lang] and r.json()["field"] == "list"


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_seeds_help_names_it_as_the_glossary_does(lang, capsys):
    """varma's ``--seed`` said «делает жеребьёвку повторяемой» («робить жеребкування повторюваним») beside the
    glossary's seed of the lots, «номер жребия» («номер жеребу»), a lot «жребий» («жереб»): now the glossary's
    words, as the API's error for a seed that is not a number says them."""
    from tiebreak.cli import main

    with pytest.raises(SystemExit):
        main(["varma", "--help", "--lang", lang])
    out = " ".join(capsys.readouterr().out.split())
    said = {"en": "--seed SEED seed of the lots (it makes the draw repeatable)",
            "ru": "--seed SEED номер жребия (он делает жребий воспроизводимым)",
            "uk": "--seed SEED номер жеребу (він робить жереб відтворюваним)"}[lang]
    assert said in out and "жеребьёвк" not in out and "жеребкуванн" not in out
