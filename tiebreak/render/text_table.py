"""An aligned plain-text table: the standings', the crosstables' and the groups' tables in the text outputs."""

from __future__ import annotations

from ..formats.text import one_line


def text_table(head: list[str], body: list[list[str]], left: set[int]) -> list[str]:
    """An aligned plain-text table: the heading, a line of dashes, the rows; columns in ``left`` flush left, the
    others flush right.

    >>> text_table(["No", "Name"], [["7", "Ann"], ["12", "Bob"]], {1})
    ['No  Name', '--  ----', ' 7  Ann', '12  Bob']
    >>> text_table(["No", "Name"], [["7", "Ann\\nLee"]], {1})
    ['No  Name', '--  -------', ' 7  Ann Lee']
    """
    rows = [head, *body]
    flat = " ".join(" ".join(row) for row in rows)  # one look for a control character in the whole table
    if one_line(flat) != flat:  # (rare) each cell on one line: no override of a line
        rows = [[one_line(v) for v in row] for row in rows]
    head, body = rows[0], rows[1:]
    widths = [max(len(row[c]) for row in rows) for c in range(len(head))]

    def fmt(row: list[str]) -> str:
        return "  ".join(v.ljust(widths[c]) if c in left else v.rjust(widths[c]) for c, v in enumerate(row)).rstrip()

    return [fmt(head), fmt(["-" * w for w in widths]), *(fmt(r) for r in body)]
