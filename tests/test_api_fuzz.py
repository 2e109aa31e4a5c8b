"""Property-based fuzzing of the JSON API from its generated OpenAPI document (Schemathesis, issue 15): every
operation gets requests built from the document — valid ones, and ones that break it — against the app in-process.
No answer may be a server error, every answer must have a documented status, content type and shape, and a query
that breaks the document must be refused.  Bounded: a
fixed number of examples per operation (``TIEBREAK_FUZZ_EXAMPLES``, default 25; the whole run takes about a minute)."""

from __future__ import annotations

import os

import pytest

pytest.importorskip("fastapi")
schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import negative_data_rejection, positive_data_acceptance  # noqa: E402

from tiebreak.web import create_app  # noqa: E402

APP = create_app(time_limit=30)
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)
EXAMPLES = int(os.environ.get("TIEBREAK_FUZZ_EXAMPLES", "25"))
#: operation -> statuses answered, to see that the fuzzing got past the checks into the computations
STATUSES: dict[str, set[int]] = {}


def _fuzzing(method: str, path: str):
    """The test of one operation: requests built from the document, valid ones and ones that break it."""
    @SCHEMA.include(method=method, path=path).parametrize()
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def test(case):
        # every other check runs.  A request the document allows may still be refused with 400 for what no schema
        # can say (a file that is not a tournament, no file at all, a player the file lacks).  And a form sends text
        # only: the object or number Schemathesis puts where the document says "string" arrives as a valid string,
        # so the check that schema-breaking requests are refused runs on the query fields (GET), not on the forms.
        excluded = [positive_data_acceptance] + ([negative_data_rejection] if case.method == "POST" else [])
        response = case.call_and_validate(excluded_checks=excluded)
        STATUSES.setdefault(f"{case.method} {case.path}", set()).add(response.status_code)

    return test


# one test per operation (one test of every operation runs only the first under pytest-xdist, which the suite uses):
# test_fuzz_post_api_standings, test_fuzz_get_api_berger...
for _operation in [r.ok() for r in SCHEMA.get_all_operations()]:
    globals()["test_fuzz_" + _operation.method.lower() + _operation.path.replace("/", "_")] = _fuzzing(
        _operation.method.upper(), _operation.path)


def test_the_fuzzing_reached_the_computations():
    if not STATUSES:
        pytest.skip("run with the fuzzing test above")
    print(STATUSES)
    for operation in ("POST /api/standings", "POST /api/explain", "POST /api/playoffs", "GET /api/berger"):
        assert {200, 400} <= STATUSES.get(operation, set()), (operation, STATUSES)
