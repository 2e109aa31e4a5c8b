"""Doctests that read ``../shared`` (the sources beside the repository) skip on a clone without it; tests/sources.py
does the same for the test modules."""

import compileall
import multiprocessing
import os
import sys
from pathlib import Path

import pytest
from _pytest.assertion import rewrite
from _pytest.doctest import DoctestItem

ROOT = Path(__file__).resolve().parent
SHARED = ROOT.parent / "shared"
#: Python's bytecode cache (``__pycache__`` beside each module, ignored by git) is written even where
#: PYTHONDONTWRITEBYTECODE is set (as in Python's Docker images): else each of the suite's workers compiles the package
#: and rewrites every test module again (10 of its 19 s of processor time collecting), and so does every command and
#: server the tests start, in every run.  The servers and commands read what the workers wrote.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the workers' and the tests' programs' too
#: Alembic's environment runs only inside a migration (tiebreak.live.schema), never on import
collect_ignore = ["tiebreak/live/migrations/env.py"]


#: The slowest test files, slowest first: seconds of their tests (setup, call and teardown), summed, in a whole run
#: on a bare clone on two cores at load 8-17 (2026-11-27, 11:00, ``--durations=0``), but for test_declared and
#: test_output_option, which made their app and odds once since (4 s and 6 s alone).  pytest-xdist hands out whole
#: files (``--dist loadfile``) in the order collected; its own order (``--loadscope-reorder``: most tests first) put
#: the files of few long tests last, and the other workers waited at the end for the one still running them.  So
#: these go first, longest first, and the rest follow by their number of tests.  A file missing here only runs
#: later; a wrong figure only costs time.  Added since from a whole run on a quiet machine (2026-11-27, 13:00): mypy
#: (test_types) 47-55 s on a fresh clone, the live history 19-24 s, the broadcast at an address 16 s, the library
#: reference's build (test_docs) 13 s before its two tests: with few tests each, they came after 100-150 other files.
#: Added from a bare clone of main at load 12-20 (2026-11-27, 19:35, the files' wall time): the browser and server
#: files of a few tests each that came last (test_page_panel_race's one test and test_site_head's two ended the run
#: on two workers, 18 s each, while the pdf downloads' two tests took 61 s).
SLOWEST_FILES = {
    "tests/test_web.py": 152, "tests/test_odds_faces.py": 116, "tests/test_reference_checker.py": 99,
    "tests/test_one_question.py": 87, "tests/test_fuzz.py": 71, "tests/test_api_fuzz.py": 69,
    "tests/test_attacks.py": 68, "tests/test_properties.py": 66, "tests/test_site_real.py": 62,
    "tests/test_serve_orphans.py": 58, "tests/test_site.py": 58, "tests/test_server_limits.py": 55,
    "tests/test_site_card.py": 53, "tests/test_site_browser.py": 49, "tests/test_site_real_browser.py": 47,
    "tests/test_site_watch.py": 47, "tests/test_loading_everywhere.py": 46, "tests/test_page.py": 41,
    "tests/test_live_odds.py": 39, "tests/test_types.py": 55, "tests/test_glossary.py": 38,
    "tests/test_site_card_browser.py": 38, "tests/test_same_columns.py": 36, "tests/test_every_word.py": 34,
    "tests/test_faces.py": 34, "tests/test_live_broadcast.py": 34, "tests/test_live_fuzz.py": 32,
    "tests/test_odds_places.py": 31, "tests/test_layout.py": 31, "tests/test_live_card.py": 30,
    "tests/test_event_lot.py": 28, "tests/test_live_tables.py": 28, "tests/test_publishers.py": 27,
    "tests/test_site_rounds.py": 27, "tests/test_web_workers.py": 25, "tests/test_series_site.py": 25,
    "tests/test_team_faces.py": 24, "tests/test_live_server_limits.py": 24, "tests/test_live.py": 23,
    "tests/test_live_leadership.py": 22, "tests/test_same_notes.py": 21, "tests/test_value_rounds_faces.py": 21,
    "tests/test_pytest_summary.py": 21, "tests/test_trf_reread.py": 21,
    "tests/test_live_history.py": 24, "tests/test_live_remote.py": 16, "tests/test_docs.py": 16,
    "tests/test_site_downloads.py": 61, "tests/test_site_folder.py": 42, "tests/test_site_games.py": 38,
    "tests/test_site_playoff.py": 30, "tests/test_page_teams_playoffs.py": 28, "tests/test_serve_stop.py": 28,
    "tests/test_odds.py": 25, "tests/test_phone.py": 25,
    "tests/test_same_answer.py": 20, "tests/test_playoff_on_every_face.py": 19, "tests/test_team_bye_row.py": 18,
    "tests/test_site_head.py": 18, "tests/test_page_panel_race.py": 18, "tests/test_square.py": 15,
    "tests/test_page_steps.py": 14, "tests/test_page_ratings.py": 14,
}


def _slowest_files_first(items: list[pytest.Item]) -> None:
    """Reorder ``items`` in place: the files of ``SLOWEST_FILES`` first (slowest first), then the others by their
    number of tests (most first); a file's tests keep their order.  The same order in every worker (xdist checks)."""
    files = [item.nodeid.split("::", 1)[0] for item in items]
    count: dict[str, int] = {}
    for f in files:
        count[f] = count.get(f, 0) + 1
    order = sorted(range(len(items)), key=lambda i: (-SLOWEST_FILES.get(files[i], 0), -count[files[i]], files[i], i))
    items[:] = [items[i] for i in order]


def pytest_collection_modifyitems(config, items):
    _slowest_files_first(items)
    if SHARED.is_dir():
        return
    for item in items:
        if isinstance(item, DoctestItem) and any("../shared/" in ex.source for ex in item.dtest.examples):
            item.add_marker(pytest.mark.skip(reason="the example reads ../shared, which is not beside the repository"))


def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (the README's command): two workers a core.  A third of the suite's time is waiting (servers,
    browsers, databases and programs started by the tests; measured: 8 min of processor time in 7 min on two cores),
    so a second worker per core fills it: 6 min 47 s with two workers on two cores, 5 min 48 s with four."""
    return 2 * _cores()


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


#: the run's configuration, read by the processes ``pytest_sessionstart`` forks to compile (assertion rewriting reads it)
_CONFIG: pytest.Config


def _compile_all(jobs: list[tuple[str, bool]]) -> None:
    """Write each module's bytecode, as pytest's assertion rewriting makes it (``True``) or as ``import`` does, unless
    it is there and up to date."""
    for path, rewritten in jobs:
        if not rewritten:
            compileall.compile_file(path, quiet=2)
            continue
        fn = Path(path)
        pyc = rewrite.get_cache_dir(fn) / (fn.name[:-3] + rewrite.PYC_TAIL)
        try:
            if rewrite.try_makedirs(pyc.parent) and rewrite._read_pyc(fn, pyc) is None:
                stamp, code = rewrite._rewrite_test(fn, _CONFIG)
                rewrite._write_pyc(_CONFIG.stash[rewrite.assertstate_key], code, stamp, pyc)
        except Exception:  # noqa: BLE001 -- pytest's private functions changed: the workers rewrite it, as before
            pass


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """Under pytest-xdist, compile once, before the workers start, what each worker would otherwise compile at the
    same time as the others on a fresh clone: the package, the test modules as pytest's assertion rewriting makes
    them, and the plugins it rewrites (hypothesis, anyio...), shared between processes forked for it, one a core.
    Measured on a fresh clone, processor time: each of the 4 workers 11.3 s from its start to its tests collected,
    7.3 s with this, which takes 6.2 s (0.3 s once the caches are there).  Only caches (``__pycache__``): what is
    missing or stale (pytest's private functions renamed by an upgrade) is compiled by the workers, as before."""
    global _CONFIG
    config = session.config
    if hasattr(config, "workerinput") or not config.pluginmanager.has_plugin("dsession"):
        return
    _CONFIG = config
    try:
        plugins = [str(fn) for fn in config.stash[rewrite.assertstate_key].hook._rewritten_names.values()]
    except (AttributeError, KeyError):
        plugins = []
    jobs = [(path, True) for path in plugins]
    for path in sorted((ROOT / "tests").glob("*.py")) + sorted((ROOT / "tiebreak").rglob("*.py")):
        jobs.append((str(path), path.parent.name == "tests" and path.name.startswith("test_")))
    if "fork" not in multiprocessing.get_all_start_methods():
        return
    cores = _cores()
    fork = multiprocessing.get_context("fork")
    forked = [fork.Process(target=_compile_all, args=(jobs[i::cores],)) for i in range(cores)]
    for process in forked:
        process.start()
    for process in forked:
        process.join()
