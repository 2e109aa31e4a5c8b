"""Every reader bounds a header's free text as the TRF reader does (a hostile 9,600-character event name would fill a
phone): the first 200 characters kept, the rest said in one warning naming the file and the field, in the reader's
language — whatever the format (PGN, Chess-JSON, a CSV crosstable, Sharly Chess)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from sources import CORPUS, needs

from tiebreak.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hobsons-bay-cup-2025.trf"
NAME = "Very long event " * 600  # 9,600 characters, counted by hand: 16 x 600
SAID = {"en": "{} characters of text; only the first 200 are kept",
        "ru": "{} символов текста; сохранены только первые 200",
        "uk": "{} символів тексту; збережено лише перші 200"}
FIELD = {"en": "event name", "ru": "название турнира", "uk": "назва турніру"}


def _standings(capsys, path: Path, lang: str = "en") -> tuple[str, str]:
    assert main(["standings", str(path), "--lang", lang]) == 0
    out = capsys.readouterr()
    return out.out, out.err


def _pgn(tmp_path: Path) -> tuple[Path, int]:
    """Two games of one round under the same long ``[Event]`` (PGN's event name is the tag its games share)."""
    game = '[Event "{}"]\n[Round "1"]\n[White "{}"]\n[Black "{}"]\n[Result "1-0"]\n\n1. e4 1-0\n\n'
    path = tmp_path / "long.pgn"
    path.write_text(game.format(NAME, "A", "B") + game.format(NAME, "C", "D"), encoding="utf-8")
    return path, len(NAME)  # the tag's text whole


def _chess_json(tmp_path: Path) -> tuple[Path, int]:
    """The bundled event written as Chess-JSON, then given the long name as its tournament's ``name``."""
    path = tmp_path / "long.json"
    assert main(["convert", str(EXAMPLE), str(path)]) == 0
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["event"]["tournaments"][0]["name"] = NAME
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path, len(NAME) - 1  # the reader strips the name's last space


def _crosstable(tmp_path: Path) -> tuple[Path, int]:
    """A crosstable export whose title line (the event's name) is 2,400 characters (16 x 150: the separator is
    guessed from the first 4,096 characters, which must reach the table)."""
    path, name = tmp_path / "long.csv", NAME[:2400]
    path.write_text(f"{name}\n\nRk.;Name;1.Rd;Pts.\n1;Ana;2w1;1\n2;Berta;1b0;0\n", encoding="utf-8")
    return path, len(name) - 1  # the reader strips the name's last space


@pytest.mark.parametrize("make", [_pgn, _chess_json, _crosstable])
@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_long_event_name_is_cut_with_the_trf_readers_warning(capsys, tmp_path, make, lang):
    path, count = make(tmp_path)
    capsys.readouterr()
    out, err = _standings(capsys, path, lang)
    assert f"{path} ({FIELD[lang]}): {SAID[lang].format(count)}" in err
    assert out.splitlines()[0] == NAME[:200] and NAME[:201] not in out


@needs(CORPUS / "sharly-chess" / "sce" / "championnat_scolaire_35_college_2026-3_4_7-m071.sce")
def test_a_sharly_chess_location_is_cut_with_the_same_warning(capsys, tmp_path):
    """A Sharly Chess database (of one tournament) whose event's location is 9,600 characters: kept to 200 as the
    TRF's record 022."""
    source = CORPUS / "sharly-chess" / "sce" / "championnat_scolaire_35_college_2026-3_4_7-m071.sce"
    path = tmp_path / source.name
    shutil.copy(source, path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE info SET location = ?", (NAME,))
    _, err = _standings(capsys, path)
    assert f"{path} (city): {SAID['en'].format(9600)}" in err
