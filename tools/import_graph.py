"""The package's shape as a picture: which folder of ``tiebreak/`` imports which, read from the source (every
``import`` at any depth, imports inside functions counted; those under ``if TYPE_CHECKING:`` only name types and
never run, so they are left out), drawn as an SVG in layers (a folder above every folder it imports) and written as
a text list.

    python tools/import_graph.py          # writes docs/reference/layout.svg and the list in docs/reference/layout.md

``tests/test_layout.py`` checks that both are current, so the picture in the documentation is the code's.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "tiebreak"
SVG = ROOT / "docs" / "reference" / "layout.svg"
PAGE = ROOT / "docs" / "reference" / "layout.md"
#: the lines of the page between these markers are the list this script writes
BEGIN, END = "<!-- import graph: tools/import_graph.py -->", "<!-- end of the import graph -->"
#: what each folder is, in a few words (the box's second line)
ROLE = {"engine": "pure: model, tie-breaks", "formats": "the files", "arbiter": "the arbiter's tools",
        "views": "tables without words", "render": "words, HTML, PDF", "app": "one module per use case",
        "cli": "command line", "web": "page and API", "site": "event website", "live": "live standings"}


def _folder(path: Path) -> str:
    """The folder of ``tiebreak/`` a module is in (``root`` for the package's own modules)."""
    parts = path.relative_to(PKG).parts
    return parts[0] if len(parts) > 1 else "root"


def _runtime_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """The import statements that run (none under ``if TYPE_CHECKING:``)."""
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                stack.extend(child.orelse)
            else:
                stack.append(child)
    return found


def _targets(path: Path, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The folders of ``tiebreak`` an import statement of ``path`` names."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    elif node.level:
        here = list(path.relative_to(ROOT).with_suffix("").parts)[:-1]
        base = here[: len(here) - node.level + 1]
        names = [".".join(base + ([node.module] if node.module else []) + ([a.name] if not node.module else []))
                 for a in node.names]
    else:
        names = [node.module or ""]
    out = []
    for name in names:
        parts = name.split(".")
        if parts[0] == "tiebreak" and len(parts) > 1 and (PKG / parts[1]).is_dir():
            out.append(parts[1])
    return out


def graph() -> tuple[dict[str, int], Counter[tuple[str, str]]]:
    """The folders (with their count of modules) and the import statements from one folder into another."""
    modules: Counter[str] = Counter()
    edges: Counter[tuple[str, str]] = Counter()
    for path in sorted(PKG.rglob("*.py")):
        here = _folder(path)
        if here == "root":
            continue
        modules[here] += 1
        for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            for there in _targets(path, node):
                if there != here:
                    edges[here, there] += 1
    return dict(modules), edges


def layers(folders: list[str], edges: Counter[tuple[str, str]]) -> dict[str, int]:
    """Each folder's layer: 0 for a folder that imports no other, else one above the highest folder it imports."""
    level: dict[str, int] = {}

    def of(f: str, seen: tuple[str, ...]) -> int:
        if f not in level:
            below = [t for (a, t) in edges if a == f and t not in seen]
            level[f] = 1 + max((of(t, (*seen, f)) for t in below), default=-1)
        return level[f]

    for f in folders:
        of(f, ())
    return level


def text() -> str:
    """The list: each folder, top layer first, and the folders it imports (with the count of import statements)."""
    modules, edges = graph()
    level = layers(sorted(modules), edges)
    lines = []
    for f in sorted(modules, key=lambda x: (-level[x], x)):
        out = sorted(((t, n) for (a, t), n in edges.items() if a == f), key=lambda x: (-level[x[0]], x[0]))
        lines.append(f"{f + '/':<9} layer {level[f]}, {modules[f]:>2} modules -> "
                     + (", ".join(f"{t} ({n})" for t, n in out) or "nothing"))
    return "\n".join(lines)


def direct(edges: Counter[tuple[str, str]]) -> Counter[tuple[str, str]]:
    """The edges no other path joins (the transitive reduction): what the picture draws, so each arrow is a step
    down; the list names every import."""
    def reaches(a: str, t: str, skip: tuple[str, str]) -> bool:
        stack, seen = [a], set()
        while stack:
            x = stack.pop()
            for (u, v) in edges:
                if u == x and (u, v) != skip and v not in seen:
                    if v == t:
                        return True
                    seen.add(v)
                    stack.append(v)
        return False

    return Counter({e: n for e, n in edges.items() if not reaches(e[0], e[1], e)})


def svg() -> str:
    """The picture: a row of boxes per layer (the faces at the top, the engine at the bottom), an arrow for each
    folder imported that no other path reaches, thicker for more import statements."""
    modules, every = graph()
    level = layers(sorted(modules), every)
    edges = direct(every)
    rows: dict[int, list[str]] = {}
    for f in sorted(modules):
        rows.setdefault(level[f], []).append(f)
    top = max(rows)
    box_w, box_h, gap_x, gap_y, width = 150, 46, 30, 70, 760
    at: dict[str, tuple[float, float]] = {}
    for k, row in rows.items():
        y = 20 + (top - k) * (box_h + gap_y)
        span = len(row) * box_w + (len(row) - 1) * gap_x
        for j, f in enumerate(row):
            at[f] = ((width - span) / 2 + j * (box_w + gap_x), y)
    height = 20 + (top + 1) * (box_h + gap_y) - gap_y + 20
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           'font-family="sans-serif" font-size="13">',
           '<title>tiebreak: which folder imports which (tools/import_graph.py)</title>',
           '<defs><marker id="head" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" '
           'markerUnits="userSpaceOnUse" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#667"/></marker></defs>',
           f'<rect width="{width}" height="{height}" fill="#fff"/>']
    outs = {f: sorted((t for (a, t) in edges if a == f), key=lambda t: at[t][0] + level[t]) for f in at}
    ins = {f: sorted((a for (a, t) in edges if t == f), key=lambda a: at[a][0] - level[a]) for f in at}
    for (a, t), n in sorted(edges.items(), key=lambda e: -e[1]):
        (ax, ay), (tx, ty) = at[a], at[t]
        x1 = ax + box_w * (outs[a].index(t) + 1) / (len(outs[a]) + 1)
        x2 = tx + box_w * (ins[t].index(a) + 1) / (len(ins[t]) + 1)
        y1, y2 = ay + box_h, ty
        skip = level[a] - level[t]
        if skip > 1:  # past the rows between (no path through them): bowed out to a side, clear of their boxes
            side = 1 if x2 >= tx + box_w / 2 else -1
            bow = side * (box_w / 2 + 18 * skip)
            c1x, c2x = x1 + bow, x2 + bow
            route = f"M{x1:.0f},{y1:.0f} C{c1x:.0f},{y1 + gap_y:.0f} {c2x:.0f},{y2 - gap_y:.0f} {x2:.0f},{y2:.0f}"
        else:
            route = f"M{x1:.0f},{y1:.0f} L{x2:.0f},{y2:.0f}"
        stroke = min(0.8 + n / 20, 4)
        out.append(f'<path d="{route}" fill="none" stroke="#667" stroke-opacity="0.6" stroke-width="{stroke:.1f}" '
                   f'marker-end="url(#head)"><title>{a} imports {t}: {n} import statements</title></path>')
    for f, (x, y) in sorted(at.items()):
        out.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{box_w}" height="{box_h}" rx="6" fill="#eef2f7" '
                   'stroke="#34495e"/>')
        out.append(f'<text x="{x + box_w / 2:.0f}" y="{y + 19:.0f}" text-anchor="middle" font-weight="bold">'
                   f'{escape(f)}/ ({modules[f]})</text>')
        out.append(f'<text x="{x + box_w / 2:.0f}" y="{y + 36:.0f}" text-anchor="middle" fill="#444" '
                   f'font-size="11">{escape(ROLE.get(f, ""))}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def page(current: str) -> str:
    """The layout page with the list between its markers made anew."""
    block = f"{BEGIN}\n```text\n{text()}\n```\n{END}"
    return re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: block, current, flags=re.S)


def main() -> int:
    SVG.write_text(svg(), encoding="utf-8")
    PAGE.write_text(page(PAGE.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {SVG.relative_to(ROOT)} and the list in {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
