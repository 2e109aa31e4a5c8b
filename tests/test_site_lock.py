"""One watcher per site folder (``tiebreak site --watch``): a second is refused, not let write the same pages at
the same time (two ran side by side, each numbering its own versions); a watcher stopped by a service manager
(SIGTERM, as ``systemctl stop`` or ``docker stop``) cleans up as Ctrl-C does: its spare files and its lock go (they
stayed beside the site, hundreds of empty files)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tiebreak.cli import main
from tiebreak.site.lock import WatchLock

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "hobsons-bay-cup-2025.trf"


def test_a_second_watcher_of_a_folder_is_refused(tmp_path, capsys, monkeypatch):
    pytest.importorskip("jinja2")
    import tiebreak.site.watch

    def watch(*args: object) -> None:
        raise AssertionError("a second watcher of the folder was let run")

    monkeypatch.setattr(tiebreak.site.watch, "watch", watch)
    out = tmp_path / "site"
    held = WatchLock(out).take()  # a watcher of the folder running
    try:
        assert main(["site", str(EXAMPLE), "-o", str(out), "--watch", "--lang", "ru"]) == 2
        assert "уже следит другой tiebreak" in capsys.readouterr().err
        assert not out.exists()  # nothing written
    finally:
        held.release()
    assert not (tmp_path / ".site.watch-lock").exists()


def test_a_watcher_stopped_by_sigterm_leaves_nothing_beside_the_site(tmp_path):
    pytest.importorskip("watchfiles")
    trf = tmp_path / "event.trf"
    trf.write_bytes(EXAMPLE.read_bytes())
    p = subprocess.Popen([sys.executable, "-m", "tiebreak.cli", "site", str(trf), "-o", str(tmp_path / "site"), "--watch"],
                         stderr=subprocess.PIPE, text=True)
    try:
        for line in p.stderr:  # the site written, the watcher waiting
            if "watching" in line:
                break
        for _ in range(300):  # waited for (at most 30 s), not slept on
            if (tmp_path / ".site.watch-lock").exists():
                break
            time.sleep(0.1)
        assert (tmp_path / ".site.watch-lock").exists()
        p.send_signal(signal.SIGTERM)
        assert p.wait(20) == 0
    finally:
        if p.poll() is None:
            p.kill()
    assert sorted(x.name for x in tmp_path.iterdir()) == ["event.trf", "site"]


def test_ctrl_c_during_the_first_build_stops_without_a_traceback(tmp_path, monkeypatch, capsys):
    """Ctrl-C while the first build of ``site --watch`` runs: the shell's status for an interrupted command (130),
    no traceback, and the folder's lock let go (a new watcher may start)."""
    import tiebreak.site.build as build

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(build, "build_site", interrupted)
    out = tmp_path / "site"
    event = Path(__file__).parent.parent / "examples" / "hobsons-bay-cup-2025.trf"
    assert main(["site", str(event), "-o", str(out), "--watch"]) == 130
    assert "Traceback" not in capsys.readouterr().err
    assert not list(tmp_path.glob(".site.watch-lock*"))


@pytest.mark.parametrize("lang, said", [("en", "site --watch needs the live extras: pip install 'tiebreak[live]'"),
                                        ("ru", "site --watch нужны дополнения live: pip install 'tiebreak[live]'")])
def test_watch_without_the_live_extras_says_what_to_install(tmp_path, monkeypatch, capsys, lang, said):
    """The README's first command installs no extras: ``site`` works, ``site --watch`` needs watchfiles (the live
    extras) and says so before it builds anything — no traceback, no folder written."""
    monkeypatch.setitem(sys.modules, "watchfiles", None)  # as on a base install
    event = Path(__file__).parent.parent / "examples" / "hobsons-bay-cup-2025.trf"
    assert main(["site", str(event), "-o", str(tmp_path / "site"), "--watch", "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert said in err and "watchfiles" in err and "Traceback" not in err
    assert not (tmp_path / "site").exists()
