"""Bring the catalogues to the terms of ``tiebreak/render/words.py``: run after a table's text became a term
(``'players': term('players')`` where it was ``'players': 'Players'``), after a table's word was removed or
reworded, or after a merge that took another branch's ``.po`` files.

Each term of ``TERMS`` gets its ``msgctxt "term"`` entry, its translation taken from the entry a table had for that
English (the script stops when the tables translated it two ways: choose one by hand, after docs/glossary.md); the
entries of a table's own context for a text that is now a term are removed, their section comments kept on the next
entry; so are the entries of a table's context (``<table>:<key>``) whose key the table no longer has or whose English
is no longer the table's (a context a message of the code names, ``prize:place``, is the message's and stays). The
rest of each file stays as it is, byte for byte. Then: ``pybabel compile -d tiebreak/render/locale -D
tiebreak``.

    python tools/terms_po.py
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tiebreak.render import words  # noqa: E402  (the checkout's package, not an installed one)
from tiebreak.render.catalogue import GLOSSARY  # noqa: E402

LOCALE = ROOT / "tiebreak" / "render" / "locale"


def _string(lines: list[str], keyword: str) -> str | None:
    """The text of a ``msgctxt``/``msgid``/``msgstr`` of an entry's lines (continued on the lines after it)."""
    parts: list[str] = []
    reading = False
    for line in lines:
        if line.startswith(keyword + " "):
            reading = True
            parts.append(line[len(keyword) + 1:])
        elif reading and line.startswith('"'):
            parts.append(line)
        else:
            reading = False
    return "".join(ast.literal_eval(p) for p in parts) if parts else None


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def retired() -> set[tuple[str, str]]:
    """(context, English) of every table's entry that is a term now."""
    tables = [t for t in vars(words).values() if isinstance(t, words.Table) and t is not words.TERMS]
    return {(f"{t.name}:{k}", str(en)) for t in tables for k, en in t.english.items()
            if isinstance(en, words.Term)}


def stale(ctx: str | None, en: str | None) -> bool:
    """Whether the entry (context ``ctx``, English ``en``) is a table's word the table no longer has: its key gone, or
    its English reworded (a count's entry, ``live:games_pending``, is its singular)."""
    name, _, key = (ctx or "").partition(":")
    if not key or ctx in _message_contexts():
        return False
    tables = {t.name: t.english for t in vars(words).values() if isinstance(t, words.Table)}
    counts = words.COUNTS
    if name not in tables:
        return False
    now = [str(tables[name][key])] if key in tables[name] else []
    return en not in now + list(counts.get(name, {}).get(key, ())[:1])


def _message_contexts() -> set[str]:
    """The contexts the code's messages name (``Message(..., context="prize:place")``)."""
    return {m for path in (ROOT / "tiebreak").rglob("*.py")
            for m in re.findall(r'context="([^"]+)"', path.read_text(encoding="utf-8"))}


def update(po: Path, old: set[tuple[str, str]]) -> tuple[int, int]:
    """Rewrite ``po``: (entries removed, terms added)."""
    entries = po.read_text(encoding="utf-8").split("\n\n")
    keyed = [(_string(e.split("\n"), "msgctxt"), _string(e.split("\n"), "msgid"), _string(e.split("\n"), "msgstr"), e)
             for e in entries]
    old = old | {(ctx, en) for ctx, en, _, _ in keyed if ctx is not None and en is not None and stale(ctx, en)}
    have = {(ctx, en) for ctx, en, _, _ in keyed}
    added = []
    for en in map(str, words.TERMS.english.values()):
        if (GLOSSARY, en) in have:
            continue
        said = {tr for ctx, msgid, tr, _ in keyed if msgid == en and (ctx, en) in old and tr}
        if len(said) != 1:
            raise SystemExit(f"{po}: {en!r} is translated {sorted(said) or 'nowhere'}: write its term entry by hand")
        flag = "#, python-brace-format\n" if re.search(r"\{\w*\}", en) else ""
        added.append(f'{flag}msgctxt "{GLOSSARY}"\nmsgid {_quoted(en)}\nmsgstr {_quoted(said.pop())}')
    kept: list[str] = []
    comments: list[str] = []
    for ctx, en, _, entry in keyed:
        if (ctx, en) in old:  # its section comment goes to the next entry kept
            comments += [line for line in entry.split("\n") if line.startswith("# ")]
            continue
        kept.append("\n".join([*comments, entry]))
        comments = []
    last = max((i for i, entry in enumerate(kept) if f'msgctxt "{GLOSSARY}"' in entry), default=len(kept) - 1)
    kept[last + 1:last + 1] = added
    po.write_text("\n\n".join(kept), encoding="utf-8")
    return len(entries) - len(kept) + len(added), len(added)


if __name__ == "__main__":
    old = retired()
    for lang in ("ru", "uk"):
        removed, added = update(LOCALE / lang / "LC_MESSAGES" / "tiebreak.po", old)
        print(f"{lang}: {removed} entries of the tables removed, {added} terms added")
