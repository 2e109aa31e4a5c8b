"""The current round is one rule on every face (``tiebreak.views.pairings.current_round``): the website's menu and
round pages, the live screen's round and the standings' "after round" agree, and byes entered ahead for rounds not
paired yet make no round."""

import re
import shutil
import sqlite3

from sources import CORPUS, needs

from tiebreak.cli import main
from tiebreak.live.event import LiveEvent
from tiebreak.live.settings import Settings

FESTIVAL = CORPUS / "sharly-chess" / "sce" / "Festival2025-3_2_0-m055.sce"


def _rounds_with_boards(event: int) -> tuple[int, int]:
    """From the database itself (sqlite3, not the reader): the last round of tournament ``event`` with a board
    assigned, and the last round holding any pairing record."""
    with sqlite3.connect(f"file:{FESTIVAL}?mode=ro", uri=True) as db:
        boards, records = db.execute("select max(case when board_id is not null then round end), max(round) "
                                     "from pairing where tournament_id = ?", (event,)).fetchone()
    return boards, records


@needs(FESTIVAL)
def test_byes_entered_ahead_make_no_round_on_the_site_the_live_screen_or_the_standings(tmp_path, capsys):
    boards, records = _rounds_with_boards(4)
    assert (boards, records) == (6, 9)  # rounds 7-9: one requested bye each, no board: not paired yet
    assert main(["site", str(FESTIVAL), "--event", "4", "-o", str(tmp_path / "site")]) == 0
    for lang, word in (("en", "Round"), ("ru", "Тур"), ("uk", "Тур")):
        home = (tmp_path / "site" / lang / "index.html").read_text(encoding="utf-8")
        menu = [int(k) for k in re.findall(rf'href="round-(\d+)\.html">{word} \d+', home)]
        assert max(menu) == boards
        assert sorted(p.name for p in (tmp_path / "site" / lang).glob("round-*.html")) == [
            f"round-{k}.html" for k in range(1, boards + 1)]
    watched = tmp_path / "watch" / "fest.sce"
    watched.parent.mkdir()
    shutil.copyfile(FESTIVAL, watched)
    live = LiveEvent("fest.sce", watched, Settings(event=4))
    live.update()
    assert live.document is not None and live.document["live"]["round"] == boards
    capsys.readouterr()
    assert main(["standings", str(FESTIVAL), "--event", "4"]) == 0
    # the standings after the round before the one in play, its 23 games pending
    assert f"after round {boards - 1} of 9" in capsys.readouterr().out
