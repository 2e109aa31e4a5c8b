"""What the README's first command installs (``pip install -e .``, no extras) runs every command it names without
an extra: ``standings --format html/pdf`` and ``site`` render from the page templates (Jinja2), so Jinja2 is a
dependency of the package itself, not of the ``web`` extra (with the extra only, they stopped with a traceback,
``No module named 'jinja2'``)."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# the faces that the base install runs; web/ and live/ are the extras' (FastAPI, watchfiles, SQLAlchemy)
BASE = ["engine", "formats", "arbiter", "render", "cli", "site"]
TRANSITIVE = {"markupsafe": "jinja2"}  # Jinja2's own dependency


def top_level_imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:  # module level only: lazy imports are checked
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"tiebreak", "__future__"}


def test_the_base_faces_import_only_the_base_dependencies():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    base = {re.match(r"[A-Za-z0-9_.-]+", d).group(0).lower().replace("-", "_") for d in project["dependencies"]}
    missing = {}
    for folder in BASE:
        for path in sorted((ROOT / "tiebreak" / folder).glob("*.py")):
            for name in top_level_imports(path):
                if TRANSITIVE.get(name, name) not in base:
                    missing[f"{folder}/{path.name}"] = name
    assert not missing
