"""A Griffe extension for the API reference: the doctest examples of our docstrings (``>>>`` lines and their output)
are shown as Python console blocks instead of being read as Markdown (where ``>>>`` would be a quotation), and Sphinx
roles (``:class:`~tiebreak.engine.model.Tournament```) as code."""

from __future__ import annotations

import re

import griffe

_ROLE = re.compile(r":(?:mod|class|func|meth|attr|data|exc):`~?([^`]+)`")


def fence_doctests(text: str) -> str:
    """Wrap every run of ``>>>``/``...`` lines and the output after them (up to a blank line) in a ``pycon`` fence.

    >>> print(fence_doctests("Add:\\n\\n>>> 1 + 1\\n2\\n\\nDone."))
    Add:
    <BLANKLINE>
    ```pycon
    >>> 1 + 1
    2
    ```
    <BLANKLINE>
    Done.
    """
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        starts = line.lstrip().startswith(">>>")
        if starts and not inside:
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    def on_object(self, *, obj: griffe.Object, **kwargs) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(_ROLE.sub(r"`\1`", obj.docstring.value))
