"""The one set of page templates (``tiebreak/render/templates``) and what they share: the Jinja2 environment and the
rows of a table made from cells.  The web page, the live screen, the event's website and the HTML and PDF downloads
are all made from these templates, so a table looks and reads the same wherever it is published.

A cell is a dict: ``text`` (escaped when written), and optionally ``href`` (a link), ``cls`` (the column's class:
``rank``, ``name``, ``pts``…), ``data`` (a ``data-v`` attribute), ``head`` (a row heading, ``<th scope="row">``),
``title`` (a ``title`` attribute) and ``sub`` (a second, smaller line: ``<small>``); a row is
``{"cells": [...], "cls": "..."}`` (on the web page also ``start_no``: the row's player or team).  A name (``cls``
``name``) may break after a comma as after a space
(``<wbr>``): "Ivanov,Ivan" wraps as "Ivanov," / "Ivan" in a narrow column, never inside a word.  A name is isolated
for bidirectional text (``<bdi>``, issue 34): an Arabic or Hebrew name, or a right-to-left override (U+202E) in a
hostile file, turns only itself around, never the link, the second line or the rest of the row.

>>> str(rows_html([{"cells": [{"text": "1"}, {"text": "Anna <A>", "href": "player-3.html", "cls": "name"}]}]))
'<tr><td>1</td><td class="name"><a href="player-3.html"><bdi>Anna &lt;A&gt;</bdi></a></td></tr>'
>>> cell_html({"text": "Ivanov,Ivan", "cls": "name"}), cell_html({"text": "3", "title": "MP 2", "sub": "2 / 3"})
('<td class="name"><bdi>Ivanov,<wbr>Ivan</bdi></td>', '<td title="MP 2">3<small>2 / 3</small></td>')
>>> isolated("\u202eAnna") + " — Open"  # a plain text (a page's title): first-strong isolate ... pop
'\u2068\u202eAnna\u2069 — Open'
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

TEMPLATES = Path(__file__).resolve().parent / "templates"
Cell = dict[str, Any]


#: a piece of a position's diagram (FEN's letter) as the text a page without script shows (the chess symbols, each
#: with the text variation selector: never drawn as an emoji); an empty square is empty
PIECE_GLYPHS = {"": "", **{letter: symbol + "\ufe0e" for letter, symbol in zip("KQRBNPkqrbnp", "♔♕♖♗♘♙♚♛♜♝♞♟")}}


@lru_cache(maxsize=1)
def environment() -> Environment:
    """The environment of every page (autoescaping on; templates read once)."""
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html"]), auto_reload=False)
    env.globals["rows_html"] = rows_html
    env.globals["piece_glyphs"] = PIECE_GLYPHS  # the position's diagram (diagram.html): the live screen's, the site's
    env.filters["isolated"] = isolated
    env.filters["wbr"] = wbr
    return env


def isolated(text: object) -> str:
    """A name in a plain text (a page's ``<title>``, where no element can be) isolated for bidirectional text:
    between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, so an override inside it ends with it."""
    return f"\u2068{text}\u2069"


def wbr(name: str) -> Markup:
    """A name that may break after its comma ("Ivanov,Ivan") as after a space, never inside a word, its direction
    kept to itself (as :func:`cell_html` writes a name cell).

    >>> str(wbr("Ivanov,<Ivan>"))
    '<bdi>Ivanov,<wbr>&lt;Ivan&gt;</bdi>'
    """
    return Markup("<bdi>" + str(escape(name)).replace(",", ",<wbr>") + "</bdi>")


@lru_cache(maxsize=65536)
def _escaped(text: str) -> str:
    return escape(text)


def cell_html(c: Cell) -> str:
    """One cell as HTML (its text and attributes escaped)."""
    head, cls, data, href = c.get("head"), c.get("cls"), c.get("data"), c.get("href")
    tag = "th" if head else "td"
    attrs = (' scope="row"' if head else "") + (f' class="{cls}"' if cls else "") + (
        f' data-v="{_escaped(data)}"' if data else "")
    text = _escaped(c.get("text", ""))
    if cls and "name" in cls.split():
        # a break after the comma of "Ivanov,Ivan", not inside a word; the name's direction kept to itself
        text = "<bdi>" + text.replace(",", ",<wbr>") + "</bdi>"
    if "title" in c:
        attrs += f' title="{_escaped(c["title"])}"'
    inner = f'<a href="{_escaped(href)}">{text}</a>' if href else text
    if "mark" in c:  # a colour mark before the name: a square seen, its word read (site.css: .pc, .visually-hidden)
        mark, said = c["mark"]
        said = f'<span class="visually-hidden">{_escaped(said)}: </span>'
        inner = f'<span class="pc {mark}" aria-hidden="true"></span>{said}{inner}'
    if "sub" in c:
        sub_cls = f' class="{c["sub_cls"]}"' if c.get("sub_cls") else ""
        inner += f"<small{sub_cls}>{_escaped(c['sub'])}</small>"
    return f"<{tag}{attrs}>{inner}</{tag}>"


def rows_html(rows: list[dict[str, Any]]) -> Markup:
    """The rows of a table body as HTML (every text escaped): made in Python, not in the template, because a
    standings table of 2,000 players is made for three languages at once (the rows have no words)."""
    return Markup("\n".join(_row_tag(r) + "".join(cell_html(c) for c in r["cells"]) + "</tr>" for r in rows))


def _row_tag(r: dict[str, Any]) -> str:
    """A row's tag: its class, and on the web page the number it explains (``start_no``: the row can be chosen from
    the keyboard too)."""
    attrs = (f' class="{r["cls"]}"' if r.get("cls") else "") + (
        f' data-start-no="{int(r["start_no"])}" tabindex="0"' if "start_no" in r else "")
    return f"<tr{attrs}>"
