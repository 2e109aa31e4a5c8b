"""No function over about 60 lines without a reason (issue 33: a function does one thing, split by concern).

Every function and method of the package is read with ``ast``; its body (from the first statement, the docstring
included, to the last line) may be at most :data:`MOST` lines, unless a comment on the ``def`` line, or in the
comments just above it (above its decorators), says why: ``# long: <the reason>``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PKG = Path(__file__).resolve().parents[1] / "tiebreak"
#: the most lines a function's body may have without a reason
MOST = 60
REASON = re.compile(r"#\s*long:\s*\S")
#: the long readers of tiebreak/formats/ today, being split by concern (issue 33); to be removed once they are
KNOWN = {
    "formats/chessjson_read.py: _Reader.read",
    "formats/chessresults.py: _Reader.read",
    "formats/crosstable.py: from_rows",
    "formats/papi.py: load",
    "formats/pgn.py: loads",
    "formats/published.py: from_rows",
    "formats/trf_read.py: _Reader.read",
}


def long_functions(source: str, most: int = MOST) -> list[tuple[str, int]]:
    """(Qualified name, lines of the body) of every function of ``source`` whose body is over ``most`` lines and
    gives no reason.

    >>> body = "\\n".join(f"    x{i} = {i}" for i in range(61))
    >>> long_functions("def f():\\n" + body + "\\n\\nclass C:\\n    def g(self):\\n        pass\\n")
    [('f', 61)]
    >>> long_functions("# long: one table of cases, read as one\\ndef f():\\n" + body)
    []
    >>> long_functions("@property\\ndef f():  # long: the same, on the def line\\n" + body)
    []
    """
    lines = source.splitlines()
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (child.end_lineno or child.lineno) - child.body[0].lineno + 1
                if length > most and not _reason(lines, child):
                    found.append((prefix + child.name, length))
                visit(child, prefix + child.name + ".")
            elif isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


def _reason(lines: list[str], node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether the ``def`` line, or the comment lines just above the function (and its decorators), give a reason."""
    if REASON.search(lines[node.lineno - 1]):
        return True
    at = min([node.lineno] + [d.lineno for d in node.decorator_list]) - 2
    while at >= 0 and lines[at].strip().startswith("#"):
        if REASON.search(lines[at]):
            return True
        at -= 1
    return False


def test_no_function_is_over_sixty_lines_without_a_reason():
    found = sorted(f"{path.relative_to(PKG).as_posix()}: {name} ({length} lines)"
                   for path in PKG.rglob("*.py")
                   for name, length in long_functions(path.read_text(encoding="utf-8")))
    assert [x for x in found if x.rpartition(" (")[0] not in KNOWN] == []
