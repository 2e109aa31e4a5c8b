"""The package's rooms (issue 15): no import circles, the engine imports nothing outside itself, no oversized module.

The graph is read from the source text (every ``import``/``from`` statement, at any depth), not from what Python
happens to have loaded, so a late import inside a function counts as well; imports under ``if TYPE_CHECKING:`` are
for annotations only and never run, so they do not count.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

PKG = Path(__file__).resolve().parents[1] / "tiebreak"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def _tree(path: Path) -> ast.Module:
    """The parsed source of ``path``, parsed once for the module's tests (read only)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _imports(path: Path) -> set[str]:
    """The tiebreak modules that ``path`` imports (absolute names)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _runtime_nodes(_tree(path)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("tiebreak"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("tiebreak"):
                continue
            for a in node.names:  # "from . import trf" names a module; "from .model import Kind" a member
                candidate = f"{target}.{a.name}"
                found.add(candidate if _exists(candidate) else target)
    return {m for m in found if _exists(m)}


def _runtime_nodes(tree: ast.AST):
    """Every node, except those under ``if TYPE_CHECKING:`` (imports for annotations only, never run)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                stack.extend(child.orelse)
                continue
            stack.append(child)


def _exists(module: str) -> bool:
    p = PKG.parent.joinpath(*module.split("."))
    return p.with_suffix(".py").is_file() or (p / "__init__.py").is_file()


@functools.cache
def _graph() -> dict[str, set[str]]:
    """Each module's imports, read when a test first asks (not at collection, in every worker; read only)."""
    return {_module_name(p): _imports(p) for p in PKG.rglob("*.py")}


def test_the_graph_is_read():
    # a hand-checked edge of each kind: relative sibling, relative parent, late import inside a function
    assert "tiebreak.engine.model" in _graph()["tiebreak.engine.passes"]
    assert "tiebreak.engine.errors" in _graph()["tiebreak.formats.trf"]
    assert "tiebreak.render.html" in _graph()["tiebreak.app.standings"]


def test_no_import_circles():
    # a package importing its own submodules (tiebreak/__init__ -> tiebreak.engine.standings) is not a circle of
    # modules; every other edge counts, a module importing a package above it too (that runs the package's __init__:
    # tiebreak.formats.x importing the root's version ran tiebreak/__init__, which imports tiebreak.formats.trf)
    edges = {m: {t for t in ts if not t.startswith(m + ".") or m == t} for m, ts in _graph().items()}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for t in sorted(edges.get(m, ())):
            if state.get(t) == 1:
                raise AssertionError("import circle: " + " -> ".join(stack[stack.index(t):] + [t]))
            if t not in state:
                visit(t)
        stack.pop()
        state[m] = 2

    for m in sorted(edges):
        if m not in state:
            visit(m)


def test_engine_imports_only_the_engine():
    outside = {m: sorted(t for t in ts if not t.startswith("tiebreak.engine"))
               for m, ts in _graph().items() if m.startswith("tiebreak.engine")}
    assert {m: ts for m, ts in outside.items() if ts} == {}


def test_arbiter_imports_no_face():
    # the arbiter's tools return data and messages; the renderers and the faces word them (issue 33)
    faces = ("tiebreak.render", "tiebreak.web", "tiebreak.cli", "tiebreak.site", "tiebreak.live")
    found = {m: sorted(t for t in ts if t.startswith(faces)) for m, ts in _graph().items() if m.startswith("tiebreak.arbiter")}
    assert {m: ts for m, ts in found.items() if ts} == {}


def test_no_circle_between_packages():
    # render imports the arbiter (to word its data), so the arbiter never imports render, even inside a function;
    # the root package counts too (its __init__ imports the engine and formats/, so none of them imports it: the
    # version is tiebreak/version.py, which imports nothing)
    package = {m: ".".join(m.split(".")[:2]) for m in _graph()}
    edges: dict[str, set[str]] = {}
    for m, ts in _graph().items():
        edges.setdefault(package[m], set()).update(package[t] for t in ts if package.get(t, package[m]) != package[m])
    reach = {p: set(ts) for p, ts in edges.items()}
    changed = True
    while changed:
        changed = False
        for ts in reach.values():
            more = set().union(*(reach.get(t, set()) for t in ts)) - ts
            if more:
                ts |= more
                changed = True
    assert sorted(p for p, ts in reach.items() if p in ts) == []


def test_the_layout_picture_is_the_codes():
    # docs/reference/layout.svg and the list in layout.md, drawn by tools/import_graph.py from the source
    import importlib.util

    spec = importlib.util.spec_from_file_location("import_graph", PKG.parent / "tools" / "import_graph.py")
    assert spec is not None and spec.loader is not None
    drawing = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(drawing)
    assert drawing.SVG.read_text(encoding="utf-8") == drawing.svg(), "run: python tools/import_graph.py"
    page = drawing.PAGE.read_text(encoding="utf-8")
    assert drawing.page(page) == page, "run: python tools/import_graph.py"
    # a hand-checked line: the engine imports nothing outside itself, and formats/ only the engine
    assert "engine/   layer 0" in page and "-> nothing" in page and re.search(r"formats/ +layer 1, .* -> engine \(\d+\)\n", page)


def test_no_two_modules_import_each_other_even_for_type_hints():
    # an import under `if TYPE_CHECKING:` never runs, yet two modules importing each other through it still need
    # each other (live/event.py and live/odds.py, site/teams.py and site/team_rounds.py were such pairs): none is left
    def every_import(path: Path) -> set[str]:
        name = _module_name(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
                found.update(f"{target}.{a.name}" if _exists(f"{target}.{a.name}") else target for a in node.names)
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tiebreak"):
                found.update(f"{node.module}.{a.name}" if _exists(f"{node.module}.{a.name}") else str(node.module)
                             for a in node.names)
        return {m for m in found if _exists(m) and not name.startswith(m + ".") and m != name}

    full = {_module_name(p): every_import(p) for p in PKG.rglob("*.py")}
    pairs = sorted((a, b) for a, ts in full.items() for b in ts if a < b and a in full.get(b, set()))
    assert pairs == []


def test_no_circle_between_packages_even_for_type_hints():
    # a type named under `if TYPE_CHECKING:` is a dependence too: the live standings named the website's LiveSite
    # while the website named the live event (live -> site -> live); the hub now names a protocol of its own
    def packages(path: Path) -> set[str]:
        here = ".".join(_module_name(path).split(".")[:2])
        package = _module_name(path) if path.name == "__init__.py" else _module_name(path).rpartition(".")[0]
        found = set()
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                found.add(".".join(base + ([node.module] if node.module else [])))
            elif isinstance(node, ast.ImportFrom):
                found.add(node.module or "")
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
        return {".".join(m.split(".")[:2]) for m in found if m.startswith("tiebreak.")} - {here}

    edges: dict[str, set[str]] = {}
    for path in PKG.rglob("*.py"):
        if path.parent != PKG:  # the root package's __init__ names the public functions: no room of its own
            edges.setdefault(".".join(_module_name(path).split(".")[:2]), set()).update(packages(path))
    reach = {p: set(ts) for p, ts in edges.items()}
    for _ in edges:
        for ts in reach.values():
            ts |= set().union(*(reach.get(t, set()) for t in ts))
    assert sorted(p for p, ts in reach.items() if p in ts) == []


def test_rooms_match_the_readme():
    readme = (PKG.parent / "docs" / "reference" / "layout.md").read_text(encoding="utf-8")
    for sub in ("engine", "formats", "arbiter", "views", "render", "app", "web"):
        assert (PKG / sub / "__init__.py").is_file()
        assert f"tiebreak/{sub}/" in readme


def test_the_application_layer_is_below_the_faces():
    # the faces (command line, web, site, live) use the application layer; it uses none of them
    faces = ("tiebreak.cli", "tiebreak.web", "tiebreak.site", "tiebreak.live")
    up = {m: sorted(t for t in ts if t.startswith(faces)) for m, ts in _graph().items() if m.startswith("tiebreak.app")}
    assert {m: ts for m, ts in up.items() if ts} == {}
    below = ("tiebreak.engine", "tiebreak.formats", "tiebreak.arbiter", "tiebreak.render")
    down = {m: sorted(t for t in ts if t.startswith("tiebreak.app")) for m, ts in _graph().items() if m.startswith(below)}
    assert {m: ts for m, ts in down.items() if ts} == {}


def test_every_file_is_read_by_the_one_loader():
    # every command, endpoint, site build and live watch reads its file through tiebreak.app.load, so the options of
    # reading (--event, --points-from) work on all of them; the formats themselves (convert's read-back) aside
    calls = re.compile(r"\breaders\.load\(|from \S*readers import [^\n]*\bload\b")
    direct = sorted(str(p.relative_to(PKG)) for p in PKG.rglob("*.py")
                    if not p.is_relative_to(PKG / "formats") and calls.search(p.read_text(encoding="utf-8")))
    assert direct == ["app/load.py"]

#: the functions that produce results: the engine's rankings, the arbiter's reports, odds and columns
COMPUTE = {"compute_standings", "compute_team_standings", "compute_odds", "rating_report", "report", "minimal_sets",
           "player_columns", "rating_notes", "category_standings", "club_ranking", "check", "check_teams",
           "schedule", "named_schedule", "draw", "plan_playoffs", "allocate"}


def test_renderers_never_compute_or_change_results():
    # issue 33: a renderer only renders what the engine and the arbiter produced; it neither reruns a ranking or a
    # report nor adds notes to the standings it was given (two renderings of the same standings would differ)
    found = []
    for path in (PKG / "render").rglob("*.py"):
        tree = _tree(path)
        local = {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                if name in COMPUTE and name not in local:
                    found.append(f"{path.name}:{node.lineno} calls {name}")
                if isinstance(f, ast.Attribute) and f.attr in ("append", "extend", "insert") \
                        and isinstance(f.value, ast.Attribute) and f.value.attr == "notes":
                    found.append(f"{path.name}:{node.lineno} changes notes")
            elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Attribute) \
                    and node.target.attr == "notes":
                found.append(f"{path.name}:{node.lineno} changes notes")
    assert found == []


def test_the_imports_by_name_close_no_circle():
    # two imports are by a module's name, unseen by the graph above: the format readers (tiebreak.formats.readers
    # imports the reader a file needs) and the commands' modules (tiebreak.cli.options imports the one a command
    # runs); with those edges added the graph still has no circle
    from tiebreak.cli.parser import _COMMANDS as COMMANDS
    from tiebreak.formats.readers import READERS, WRITERS

    by_name = {"tiebreak.formats.readers": {f"tiebreak.formats.{m}" for m in {*READERS.values(), *WRITERS.values()}},
               "tiebreak.cli.options": {f"tiebreak.cli.{run.rsplit('.', 1)[0]}" for _, run in COMMANDS.values()}}
    assert "tiebreak.formats.sharly" in by_name["tiebreak.formats.readers"]
    assert "tiebreak.cli.files" in by_name["tiebreak.cli.options"]
    graph = {m: set(ts) | by_name.get(m, set()) for m, ts in _graph().items()}
    for start, names in by_name.items():
        for first in names:  # a path back to the module that imports by name is a circle
            seen, stack = set(), [first]
            while stack:
                m = stack.pop()
                assert m != start, f"import circle through {start} -> {first}"
                if m not in seen:
                    seen.add(m)
                    stack.extend(t for t in graph.get(m, ()) if not m.startswith(t + "."))
