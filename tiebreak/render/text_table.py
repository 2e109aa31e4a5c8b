"""An aligned plain-text table: the standings', the crosstables' and the groups' tables in the text outputs."""

from __future__ import annotations

from ..formats.text import one_line


def text_table(head: list[str], body: list[list[str]], left: set[int]) -> list[str]:
    """An aligned plain-text table: the heading, a line of dashes, the rows; columns in ``left`` flush left, the
    others flush right.

    >>> text_table(["No", "Name"], [["7", "Ann"], ["12", "Bob"]], {1})
    ['No  Name', '--  ----', ' 7  Ann', '12  Bob']
    """
    head, body = [one_line(v) for v in head], [[one_line(v) for v in row] for row in body]  # no override of a line
    widths = [max(len(row[c]) for row in [head, *body]) for c in range(len(head))]

    def fmt(row: list[str]) -> str:
        return "  ".join(v.ljust(widths[c]) if c in left else v.rjust(widths[c]) for c, v in enumerate(row)).rstrip()

    return [fmt(head), fmt(["-" * w for w in widths]), *(fmt(r) for r in body)]
