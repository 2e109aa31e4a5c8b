"""``-o FILE`` is one option of every command that writes an output (declared once, tiebreak.app.declared.WRITTEN),
with the same rules everywhere: the file holds what standard output would, an input is never written over (the
event, the prize list: its bytes stay as they were), an existing file is replaced only with ``--force``, and no
temporary file is left beside it."""

from __future__ import annotations

import pytest
from sources import ROOT

from tiebreak.app.declared import OPTIONS, WRITTEN
from tiebreak.cli import main

EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"


def _commands(tmp_path) -> dict[str, list[str]]:
    event = tmp_path / "event.trf"
    event.write_bytes(EXAMPLE.read_bytes())
    (tmp_path / "prizes.csv").write_text("place,1,100\nplace,2,50\n", encoding="utf-8")
    (tmp_path / "players.csv").write_text("".join(f"Player {k}, {fed}\n" for k, fed in
                                                  enumerate(["AUS", "AUS", "NZL", "IND", "IND", "ENG"] * 2)),
                                          encoding="utf-8")
    return {"explain": ["explain", str(event), "--player", "7"],
            # 100 outcomes drawn, not 1,847: the test compares what is written, not the odds
            "odds": ["odds", str(event), "--after-round", "6", "--simulations", "100"],
            "prizes": ["prizes", str(event), "--prizes", str(tmp_path / "prizes.csv")],
            "playoffs": ["playoffs", str(event)],
            "series": ["series", str(event), str(event), "--points", "score"],
            "ratings": ["ratings", str(event)],
            "check": ["check", str(event)],
            "berger": ["berger", "6"],
            "varma": ["varma", str(tmp_path / "players.csv"), "--seed", "1"]}


def test_every_command_that_writes_takes_the_one_declared_option():
    assert set(OPTIONS["output"].commands) == {"standings", *WRITTEN}
    assert set(OPTIONS["force"].commands) >= {"standings", *WRITTEN}


@pytest.mark.parametrize("command", ["explain", "odds", "prizes", "playoffs", "series", "berger", "varma"])
def test_the_file_holds_what_standard_output_would(capsys, tmp_path, command):
    argv = _commands(tmp_path)[command]
    capsys.readouterr()
    main(argv)
    shown = capsys.readouterr().out
    target = tmp_path / "out.txt"
    assert main([*argv, "-o", str(target)]) in (0, 1)
    assert target.read_text(encoding="utf-8") == shown and shown
    assert main([*argv, "-o", str(target)]) == 2  # it exists now
    assert "--force" in capsys.readouterr().err
    assert main([*argv, "-o", str(target), "--force"]) in (0, 1)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no temporary file left


@pytest.mark.parametrize(("command", "victim"), [("explain", "event.trf"), ("odds", "event.trf"),
                                                 ("prizes", "prizes.csv"), ("playoffs", "event.trf"),
                                                 ("series", "event.trf"), ("varma", "players.csv")])
def test_an_input_is_never_written_over(capsys, tmp_path, command, victim):
    argv = _commands(tmp_path)[command]
    before = (tmp_path / victim).read_bytes()
    assert main([*argv, "-o", str(tmp_path / victim), "--force"]) == 2
    assert "would write over the input" in capsys.readouterr().err
    assert (tmp_path / victim).read_bytes() == before


def test_the_apis_downloads_are_dated_by_the_event(tmp_path):
    # the API's pages of a bundled example say the event's own date, never the clock's nor the file's time: the
    # odds' and the ratings' as the standings'
    import datetime

    web = pytest.importorskip("starlette.testclient")
    from tiebreak.web import create_app

    day = datetime.date(2025, 8, 5)  # the event's last day, its record 052 (05/08/2025): never the file's time
    client = web.TestClient(create_app())
    html = {"accept": "text/html"}
    for endpoint, form in (("/api/standings", {"format": "html"}), ("/api/ratings", {}),
                           ("/api/odds", {"after_round": "6", "format": "html", "simulations": "100"})):
        r = client.post(endpoint, data={"example": EXAMPLE.name, "lang": "ru", **form}, headers=html)
        assert r.status_code == 200, (endpoint, r.text[:300])
        assert f'@top-right{{content:"{day.isoformat()}"' in r.text, endpoint
