"""The page's form takes its choices and first values from the one declaration (issue 33), not from words of its own:
the player columns are those ``--columns`` names (its help, written here by hand), the series' points the declared
example, the guide's (docs/guide/index.md: ``--points place:10,8,6,5,4,3,2,1``)."""

from __future__ import annotations

import re

import pytest


def test_the_pages_columns_and_series_points_are_the_declared_ones():
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tiebreak.app.declared import OPTIONS
    from tiebreak.web.app import create_app

    page = TestClient(create_app()).get("/", params={"lang": "uk"}).text
    columns = re.findall(r'<input type="checkbox" value="(\w+)"', page)
    assert columns == ["title", "fed", "rating", "club", "sex", "birth", "perf", "change"]
    assert "title,fed,rating,club,sex,birth,perf,change" in OPTIONS["columns"].help
    assert re.search(r'id="series-points" data-option="points" value="place:10,8,6,5,4,3,2,1"', page)
    assert OPTIONS["points"].example == "place:10,8,6,5,4,3,2,1"
