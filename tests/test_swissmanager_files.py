"""Swiss-Manager's own files (issue 35): ``.TUNX``, ``.TURX``, ``.TUTX``, ``.TUMX``, read by content.

Every file of ../shared/corpus/swiss-manager is compared with the reading of the same file by the independent
TypeScript parser echecsjs/tunx (``NAME.echecs.json`` beside it).  Where the two differ, docs/known-differences.md
says which is right; the tests below check that reason on each file: echecsjs reads every round as the next
ceil(players / 2) game records, where the file says how many records each round has (byes, absent players and team
boards make it more or fewer), and it leaves the byes out.  The team round robin (``.TUTX``), which the corpus lacks,
is a file made by hand from the layout (tests/smfile.py)."""

from __future__ import annotations

import json
import math
import shutil
from fractions import Fraction

import pytest
from smfile import make
from sources import CORPUS, cases, needs

from tiebreak import compute_standings
from tiebreak.cli import main
from tiebreak.engine.errors import InputError
from tiebreak.engine.model import Kind
from tiebreak.engine.team_matches import build as build_teams
from tiebreak.formats import readers
from tiebreak.formats.files import reading
from tiebreak.formats.swissmanager_file import parse
from tiebreak.render.i18n import problem

SM = CORPUS / "swiss-manager"
FILES = sorted(p.name for p in SM.glob("*.TU?X")) if SM.is_dir() else []
#: echecsjs's reading of a game, from White's side: (result, forfeit) -> our kind
THEIRS = {("white", None): Kind.WIN, ("black", None): Kind.LOSS, ("draw", None): Kind.DRAW,
          ("white", "black"): Kind.FORFEIT_WIN, ("black", "white"): Kind.FORFEIT_LOSS}


def _echecs(name):
    return json.loads((SM / name.rsplit(".", 1)[0]).with_suffix(".echecs.json").read_text(encoding="utf-8"))["tournament"]


def _games(t, r):
    """Our games of round ``r`` as echecsjs writes them: {(white, black): White's kind}."""
    out = {}
    for p in t.players:
        e = t.entry(p.start_no, r)
        if e.opponent is not None and e.colour == 1:
            out[(p.start_no, e.opponent)] = e.kind
    return out


@needs(SM)
def test_the_corpus_holds_every_kind_but_the_team_round_robin():
    kinds = {parse((SM / n).read_bytes(), n).kind for n in FILES}
    assert len(FILES) == 21 and kinds == {0, 1, 3}


@needs(SM)
@pytest.mark.parametrize("name", cases(FILES, SM))
def test_players_read_as_the_independent_parser_reads_them(name):
    t = readers.load(SM / name, [])
    theirs = _echecs(name)["players"]
    assert len(t.players) == len(theirs)
    for p, q in zip(t.players, theirs, strict=True):
        assert str(p.start_no) == q["id"]
        # one name has a space before its comma in the file's last name ("Bach , Shuvael"): we trim each part
        assert p.name == q["name"].replace(" ,", ",")
        assert (p.fide_id, p.federation, p.title) == (q.get("fideId", ""), q.get("federation", ""), q.get("title", ""))
        national = (q.get("nationalRatings") or [{}])[0].get("rating")
        assert p.national_rating == national
        # the national id (the player's text 5), as the independent parser reads it where it gives one (beside a
        # national rating only); one file writes ", 97852": read without the separators around it
        if q.get("nationalRatings"):
            assert p.national_id == q["nationalRatings"][0].get("nationalId", "").strip(" ,;")
        # echecsjs's rating is the FIDE rating, else the national one; ours is the FIDE rating, the national beside it
        assert (p.rating or p.national_rating) == q.get("rating")
        assert p.sex == ("w" if q.get("sex") == "w" else "m")


@needs(SM)
@pytest.mark.parametrize("name", cases(FILES, SM))
def test_every_round_as_the_independent_parser_reads_it_where_its_stride_holds(name):
    """Round by round, the games are echecsjs's wherever its fixed stride of ceil(n/2) records per round is the file's
    own count; elsewhere each of its games is a record of ours in the rounds its stride window covers."""
    f = parse((SM / name).read_bytes(), name)
    t = readers.load(SM / name, [])
    theirs = _echecs(name)["completedRounds"]
    stride = math.ceil(len(t.players) / 2)
    starts = [0]
    for rnd in f.rounds:
        starts.append(starts[-1] + len(rnd.games))
    for r, q in enumerate(theirs, 1):
        games = {(int(g["white"]), int(g["black"])): THEIRS[g["result"], g.get("forfeit")] for g in q["games"]
                 if "0" not in (g["white"], g["black"])}
        # echecsjs keeps a team's board whose other side is empty (0) as a game: a full-point bye here
        empty = {int(g["black"] if g["white"] == "0" else g["white"]) for g in q["games"] if "0" in (g["white"], g["black"])}
        # echecsjs leaves the byes out (the pairing-allocated bye, a player not paired); its "byes" are the team
        # boards whose other side is empty, which it reads as a full-point bye, as we do
        byes = {int(b["player"]) for b in q["byes"]}
        assert all(b["kind"] == "full" for b in q["byes"])
        window = range((r - 1) * stride, r * stride)
        covered = [k + 1 for k in range(len(f.rounds)) if starts[k] < window.stop and starts[k + 1] > window.start]
        if starts[r - 1] == (r - 1) * stride and starts[r] - starts[r - 1] == stride:
            covered = [r]
            assert games == _games(t, r)
        ours = {}
        for k in covered:
            ours.update(_games(t, k))
        assert games.items() <= ours.items()
        assert all(any(t.entry(no, k).kind is Kind.FPB for k in covered)
                   for no in byes | empty)


@needs(SM)
@pytest.mark.parametrize("name", cases(FILES, SM))
def test_points_are_the_independent_parsers_plus_the_byes_it_leaves_out(name):
    """Each player's points after the rounds echecsjs reads: its points plus our byes, for every player whose records
    all lie inside its stride window (the others' rounds are cut by that window: the test above)."""
    f = parse((SM / name).read_bytes(), name)
    t = readers.load(SM / name, [])
    theirs = _echecs(name)
    rounds = len(theirs["completedRounds"])
    reach = rounds * math.ceil(len(t.players) / 2)
    inside, outside, k = set(), set(), 0
    for r, rnd in enumerate(f.rounds, 1):
        for g in rnd.games:
            (inside if k < reach and r <= rounds else outside).update((g.white, g.black))
            k += 1
    # the byes echecsjs leaves out: the records with Black FFFF (a bye) or FFFE (not paired)
    left_out = {(r, g.white) for r, rnd in enumerate(f.rounds[:rounds], 1) for g in rnd.games if g.black >= 0xFFFE}
    checked = 0
    for p, q in zip(t.players, theirs["players"], strict=True):
        if p.start_no in outside and p.start_no in inside:
            continue
        bye_points = sum((t.score_system.points(t.entry(p.start_no, r).kind) for r, no in left_out
                          if no == p.start_no), Fraction(0))
        assert t.points(p.start_no, rounds) - bye_points == Fraction(q["points"])
        checked += 1
    assert checked or outside


@needs(SM)
def test_the_team_swiss_teams_line_ups_and_matches():
    """16 teams of 4 boards (6 players each); the team matches are the file's own pairings (section C3), and the
    board points of each match come from its board games: one forfeit board in round 1 (2-77, 1-0 by forfeit)."""
    name = "fexerj_swiss_team_93players.TUMX"
    f = parse((SM / name).read_bytes(), name)
    t = readers.load(SM / name, [])
    tt = build_teams(t)
    assert len(tt.teams) == 16 and tt.boards == 4 and f.boards == 4
    assert tt.teams[0].name == "TTC-A01" and tt.teams[0].members == [88, 89, 90, 91, 92, 93]
    assert sum(len(x.members) for x in tt.teams) == 93
    for r, rnd in enumerate(f.rounds, 1):
        assert len(rnd.matches) == 8 and len(rnd.games) == 32
        for m in rnd.matches:
            a, b = m.first - 1, m.second - 1
            assert tt.matches.opponent[a, r - 1] == b and tt.matches.opponent[b, r - 1] == a
            # the board points of both teams add up to the four boards
            assert tt.gp[a, r - 1] + tt.gp[b, r - 1] == 4 * tt.gp_scale
    assert t.entry(2, 1).kind is Kind.FORFEIT_WIN and t.entry(2, 1).opponent == 77
    # a board with its other side empty: a full-point bye for the present player, the board point for the team
    assert t.entry(34, 2).kind is Kind.FPB
    assert t.declared_tiebreaks == ["MP", "GP", "EDE", "BH:MP", "EMGSB"]


@needs(SM)
def test_the_events_details_and_the_chess_results_number():
    t = readers.load(SM / "2023_elllobregat_a_753347.TUNX", [])
    lines = t.extra["lines"]
    assert t.name == "IV Elllobregat Open Chess Tmnt Grupo A" and t.type_text == "Swiss System"
    assert (t.start_date.isoformat(), t.end_date.isoformat()) == ("2023-11-30", "2023-12-08")
    assert "022 Sant Boi de Llobregat" in lines and "032 ESP" in lines
    assert "102 IA Siludakis, Hernan 127965" in lines
    assert [x for x in lines if x[:3] == "112"] == ["112 IA Ramos Vizuete, Miguel 22232656", "112 NA Pardina Albert 54597471"]
    assert "122 90min/40moves + 15min/end + 30sec from move 1" in lines
    assert t.extra["chess_results"] == 753347 and t.extra["fide_event"] == 327289
    days = next(x for x in lines if x[:3] == "132")
    assert days[91:99] == "23/11/30" and days[171:179] == "23/12/08"
    assert t.player(1).name == "Fedoseev, Vladimir" and t.player(1).rating == 2675 and t.player(1).title == "GM"


@needs(SM)
def test_the_configured_tie_breaks_with_the_unknown_ones_named():
    warnings = []
    t = readers.load(SM / "sample.TUNX", warnings)
    # Swiss-Manager 11, 84 (one result cut), 84, 85, 61 (Arranz: no equivalent)
    assert t.declared_tiebreaks == ["PTS", "DE", "BH/C1", "BH", "SB"]
    assert [w.message for w in warnings] == [
        "tie-break 5 left out: Swiss-Manager tie-break 61 has no equivalent here (see 'tiebreak list --swiss-manager')"]
    assert readers.load(SM / "argentine_blitz_1200000.TUNX", []).declared_tiebreaks == \
        ["PTS", "BH", "DE", "SB", "PS", "KS/L50"]
    warnings = []
    readers.load(SM / "esp_1385606.TUNX", warnings)
    assert any("parameter bytes 14:1 are not understood" in w.message for w in warnings)


@needs(SM)
def test_events_in_play_give_the_standings_as_they_stand():
    # round 2 of 5 in play: six results in, four games still played, one bye and three players not paired
    t = readers.load(SM / "brazilian_circuit_1370000.TUNX", [])
    assert sorted(t.pending) == [(2, 2, 16), (2, 4, 1), (2, 12, 3), (2, 13, 18)]
    assert t.entry(24, 2).kind is Kind.PAB and t.entry(9, 2).kind is Kind.ZPB
    assert all(t.entry(9, r).kind is Kind.ABSENT for r in (3, 4, 5))  # announced absent: nothing recorded yet
    s = compute_standings(t)
    assert s.rows[0].points == 2
    # round 4 of 5 paired, no result in yet
    t = readers.load(SM / "esp_1385606.TUNX", [])
    assert len(t.pending) == 7 and t.rounds_with_results == 3
    # no round paired yet
    t = readers.load(SM / "cro_1386036.TUNX", [])
    assert t.rounds == 7 and t.rounds_with_results == 0 and not t.pending
    assert [r.points for r in compute_standings(t).rows] == [0] * 5


@needs(SM)
def test_a_swiss_manager_file_is_known_by_its_content(tmp_path):
    for target in ("event.trf", "event", "EVENT.tumx"):
        shutil.copy(SM / "sample.TUNX", tmp_path / target)
        assert readers.load(tmp_path / target, []).name == "Circuito Sesc de Xadrez - 2026"
    (tmp_path / "text.TUNX").write_text("012 Open\n")
    with pytest.raises(InputError, match="not a Swiss-Manager file") as e:
        readers.load(tmp_path / "text.TUNX", [])
    assert e.value.place.field == "byte 0 (header)"


@needs(SM)
def test_a_file_cut_short_or_with_a_count_larger_than_the_file_is_refused_where_it_fails(tmp_path):
    data = (SM / "sample.TUNX").read_bytes()
    with pytest.raises(InputError, match="does not end with Swiss-Manager's directory") as e:
        parse(data[:len(data) // 2], "cut.TUNX")
    assert e.value.place.field == f"byte {len(data) // 2 - 36} (directory)"
    config = data.index(b"\x95\xff\x89\x44")
    big = bytearray(data)
    big[config + 23:config + 25] = (5000).to_bytes(2, "little")
    with pytest.raises(InputError, match="5000 records do not fit") as e:
        parse(bytes(big), "big.TUNX")
    assert e.value.place.field == f"byte {config + 23} (configuration: players)"
    # the place in the reader's language too (a new user saw "byte … (configuration, …)" inside Ukrainian warnings)
    assert problem(e.value, "uk").startswith(f"big.TUNX (байт {config + 23} (налаштування: учасники)): ")
    assert problem(e.value, "ru").startswith(f"big.TUNX (байт {config + 23} (настройки: участники)): ")


def test_a_team_round_robin_made_by_hand():
    """Three teams of two boards (``.TUTX``, kind 2: the corpus has none), the first three rounds of the round robin,
    each match in its two fixed board slots.  By hand: round 1 Alpha-Beta 1½-½; round 2 Gamma-Alpha ½-1½, Gamma's
    board 2 empty (Alpha's no. 2 has the board's point: a full-point bye); round 3 Beta-Gamma 1-0 with board 2 empty on
    both sides; the team without a match rests (nothing)."""
    players = [{"last": f"{team}{k}", "first": "P", "team": t, "board": k} for t, team in enumerate("ABC", 1)
               for k in (1, 2)]
    rounds = [[(1, 3, 1), (4, 2, 2)], [(5, 1, 2), (0, 2, 5)], [(3, 5, 1), (0, 0, 0)]]
    data = make(2, players, rounds, teams=["Alpha", "Beta", "Gamma"], matches=[[(1, 2)], [(3, 1)], [(2, 3)]],
                boards=2, tiebreaks=[(13, b""), (1, b"")], days=[20260101, 20260102, 20260103])
    path = CORPUS.parent / "no-such-folder"  # the bytes are given to the reader: no file is written
    with reading(path / "hand.dat", data):
        t = readers.load(path / "hand.dat", [])
    assert t.type_text == "Team Round Robin" and t.declared_tiebreaks == ["MP", "GP"]
    assert t.entry(2, 2).kind is Kind.FPB
    tt = build_teams(t)
    assert [x.name for x in tt.teams] == ["Alpha", "Beta", "Gamma"] and [x.members for x in tt.teams] == \
        [[1, 2], [3, 4], [5, 6]]
    assert (tt.gp / tt.gp_scale).tolist() == [[1.5, 1.5, 0], [0.5, 0, 1], [0, 0.5, 0]]
    assert [t.extra["lines"][k] for k in (1, 3)] == ["032 AUT", "112 FA First Deputy"]


@needs(SM)
def test_convert_to_trf_keeps_players_results_and_the_events_details(tmp_path):
    target = tmp_path / "sample.trf"
    assert main(["convert", str(SM / "sample.TUNX"), str(target)]) == 0
    back = readers.load(target, [])
    t = readers.load(SM / "sample.TUNX", [])
    assert readers.differences(t, back) == ""
    text = target.read_text()
    assert "022 Curitiba-PR" in text and "122 7'+5'' ou 12' KO" in text and "chess-results tournament 1378181" in text


@needs(SM)
@pytest.mark.parametrize("name", ["sample.TUNX", "russian_weekend_1383000.TUNX", "fexerj_round_robin_6players.TURX",
                                  "fexerj_swiss_team_93players.TUMX"])
def test_standings_in_every_language_give_the_same_order(name, capsys):
    orders = []
    for lang in ("en", "ru", "uk"):
        assert main(["standings", str(SM / name), "--format", "json", "--lang", lang, "--no-lots"]) == 0
        doc = json.loads(capsys.readouterr().out)
        rows = doc.get("standings") or doc.get("teams") or doc["rows"]
        orders.append([r.get("start_no") or r.get("team") for r in rows])
    assert orders[0] == orders[1] == orders[2] and len(orders[0]) > 1


@needs(SM)
@pytest.mark.parametrize("name", ["austria_roundrobin_vereinsmeisterschaft_1288524.TUNX", "aut_1384474.TUNX",
                                  "fexerj_round_robin_6players.TURX", "russian_weekend_1383000.TUNX",
                                  "srb_1386568.TUNX", "argentine_blitz_1200000.TUNX"])
def test_our_order_keeps_the_independent_parsers_point_groups(name):
    """echecsjs ranks by points alone; where it reads every round (its stride holds), each of our places lies in the
    player's point group, the points being echecsjs's plus the byes it leaves out (the test above)."""
    t = readers.load(SM / name, [])
    byes = (Kind.PAB, Kind.FPB, Kind.HPB)
    points = {}
    for q in _echecs(name)["players"]:
        i = t.row(int(q["id"]))
        points[int(q["id"])] = Fraction(q["points"]) + sum(
            (t.score_system.points(Kind(int(x))) for x in t.kind[i] if x in byes), Fraction(0))
    for row in compute_standings(t, lots=False).rows:
        above = sum(1 for x in points.values() if x > points[row.start_no])
        level = sum(1 for x in points.values() if x == points[row.start_no])
        assert above < row.rank <= above + level


@needs(SM)
@pytest.mark.parametrize("name", cases(FILES, SM))
def test_every_file_converts_to_trf_and_chess_json(name, tmp_path):
    """The conversion reads its output back before writing it (readers.convert): the same players, rounds, results."""
    for suffix in (".trf", ".json"):
        readers.convert(SM / name, tmp_path / f"out{suffix}", [])
        assert (tmp_path / f"out{suffix}").exists()


def test_a_tie_break_that_does_not_fit_the_event_is_left_out_with_a_warning():
    """Match points (13) in an individual Swiss, as a file Swiss-Manager made from a team template may hold: named in
    a warning and left out, so the standings still compute."""
    from tiebreak.formats.swissmanager_read import build

    f = parse(make(0, [{"last": "Ann"}, {"last": "Bob"}], [[(1, 2, 1)]], tiebreaks=[(13, b""), (84, b"\x01")]), "x")
    warnings = []
    t = build(f, "x", warnings)
    assert t.declared_tiebreaks == ["PTS", "BH/C1"]
    assert [w.message for w in warnings] == ["tie-break 1 left out: MP is a team tie-break (C.07 Arts 11-13), and "
                                             "players are ranked here; give tie-breaks of individual events "
                                             "(see 'tiebreak list')"]
    assert [r.start_no for r in compute_standings(t).rows] == [1, 2]


@needs(SM / "russian_weekend_1383000.TUNX", SM / "russian_weekend_1383000.echecs.json")
def test_a_value_cut_to_a_trf_field_is_a_warning_naming_the_player_and_the_field(tmp_path, capsys):
    """TRF's name field is 33 characters wide (columns 15-47): no. 10's name in the corpus's independent reading
    (echecs.json) is 35 characters, so it is cut, and said so, in each language."""
    names = {p["startingRank"]: p["name"] for p in json.loads(
        (SM / "russian_weekend_1383000.echecs.json").read_text(encoding="utf-8"))["tournament"]["players"]}
    assert len(names[10]) == 35 and all(len(n) <= 33 for no, n in names.items() if no != 10)
    said = {"en": "(name): player 10 Полугрудов, Александр Александрович: cut to 33 characters: "
                  "'Полугрудов, Александр Александров'",
            "ru": "(имя): участник 10 Полугрудов, Александр Александрович: обрезано до 33 знаков: "
                  "'Полугрудов, Александр Александров'",
            "uk": "(ім'я): учасник 10 Полугрудов, Александр Александрович: обрізано до 33 знаків: "
                  "'Полугрудов, Александр Александров'"}
    for lang, text in said.items():
        target = tmp_path / f"rw-{lang}.trf"
        assert main(["convert", str(SM / "russian_weekend_1383000.TUNX"), str(target), "--lang", lang]) == 0
        err = capsys.readouterr().err
        assert text in err and err.count(f"{target} (") == 1  # the one value cut
        assert names[10][:33] in target.read_text(encoding="utf-8")
