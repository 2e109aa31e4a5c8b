"""The organiser's look of the site (``site --logo FILE --accent COLOUR``): the logo copied into ``assets/`` and shown
in every page's header, and an accent colour for the header, the menu and the pictures, written into the style sheet.

Both are hostile input until checked: the logo is a PNG, a JPEG or an SVG (known by its bytes, not by its name) of at
most :data:`LOGO_LIMIT` bytes, an SVG without scripts, event handlers, foreign content or references outside itself;
the colour a CSS colour name or ``#rgb``/``#rrggbb`` (read by ``webcolors``), written back as ``#rrggbb`` only.  Text
on the accent is white or near-black, whichever has the higher contrast (WCAG 2).

>>> accent_css(colour("#C8102E"))
':root{--accent:#c8102e;--on-accent:#fff;--link:#c8102e}\\n'
>>> accent_css(colour("gold"))
':root{--accent:#ffd700;--on-accent:#1d2430}\\n'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from defusedxml import ElementTree
from defusedxml.common import DefusedXmlException

from ..engine.errors import InputError, Place
from ..engine.messages import Message, os_reason

#: the largest logo copied into the site (a logo is a few KB; every page shows it)
LOGO_LIMIT = 512 * 1024
#: the logo's kinds by their first bytes
SIGNATURES = {b"\x89PNG\r\n\x1a\n": "png", b"\xff\xd8\xff": "jpg"}


@dataclass(frozen=True)
class Look:
    """The logo's bytes and its file name in ``assets/`` (``logo.png``, ``logo.jpg``, ``logo.svg``), and the accent
    colour as ``#rrggbb`` (None: the site's own)."""

    logo: bytes | None = None
    logo_name: str = ""
    accent: str | None = None


def read_look(logo: str | None, accent: str | None) -> Look:
    """The look asked for, checked (:class:`~tiebreak.engine.errors.InputError` naming the file or the option)."""
    data, name = (read_logo(logo), "") if logo else (None, "")
    if data is not None:
        name = "logo." + logo_kind(data, str(logo))
    return Look(data, name, colour(accent) if accent is not None else None)


def read_logo(path: str) -> bytes:
    p = Path(path)
    try:
        with p.open("rb") as f:
            data = f.read(LOGO_LIMIT + 1)
    except OSError as e:
        raise InputError(Message("cannot read the logo {}: {}", path, os_reason(e)), Place(path)) from None
    if len(data) > LOGO_LIMIT:
        raise InputError(Message("the logo {} is larger than {} KB; give a smaller image", path, LOGO_LIMIT // 1024),
                         Place(path))
    return data


def logo_kind(data: bytes, path: str) -> str:
    """``png``, ``jpg`` or ``svg`` (an SVG checked by :func:`check_svg`), from the bytes."""
    for signature, kind in SIGNATURES.items():
        if data.startswith(signature):
            return kind
    check_svg(data, path)
    return "svg"


#: what an SVG logo may not hold: scripts, event handlers, foreign content, and references outside the file
_UNSAFE_TAGS = {"script", "foreignobject", "iframe", "embed", "object", "audio", "video", "image", "use", "a",
                "animate", "set", "handler", "listener"}
_OUTSIDE = re.compile(r"url\s*\(\s*['\"]?\s*(?!#)|@import|javascript:", re.I)


def check_svg(data: bytes, path: str) -> None:
    """An SVG image without scripts or outside references (read by defusedxml: no entities, no network)."""
    def refuse(why: str) -> InputError:
        return InputError(Message("the logo {} is not a PNG, a JPEG or an SVG without scripts ({})", path, why),
                          Place(path))

    try:
        root = ElementTree.fromstring(data)
    except (ElementTree.ParseError, DefusedXmlException, ValueError) as e:
        raise refuse(type(e).__name__) from None
    if _local(root.tag) != "svg":
        raise refuse(_local(root.tag))
    for el in root.iter():
        tag = _local(el.tag)
        if tag in _UNSAFE_TAGS:
            raise refuse(tag)
        for key, value in el.attrib.items():
            attr = _local(key)
            if attr.startswith("on") or (attr == "href" and not value.startswith("#")) or _OUTSIDE.search(value):
                raise refuse(attr)
        if tag == "style" and _OUTSIDE.search(el.text or ""):
            raise refuse(tag)


def _local(name: str) -> str:
    return name.rsplit("}", 1)[-1].lower()


def colour(text: str) -> str:
    """A CSS colour as ``#rrggbb``: a name (``navy``) or ``#rgb``/``#rrggbb``."""
    import webcolors  # noqa: PLC0415  an extra's dependency ([web]): the base install builds a site without --accent

    value = text.strip()
    try:
        return webcolors.normalize_hex(value) if value.startswith("#") else webcolors.name_to_hex(value.lower())
    except ValueError:
        raise InputError(Message("--accent {}: not a CSS colour (a name such as navy, or #rgb or #rrggbb)", text),
                         Place(field="--accent")) from None


def _luminance(hex_colour: str) -> float:
    """WCAG 2's relative luminance."""
    channels = [int(hex_colour[k:k + 2], 16) / 255 for k in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: float, b: float) -> float:
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


#: the site's text colour (site.css), the text on a light accent
DARK = "#1d2430"


def accent_css(accent: str) -> str:
    """The style sheet's first rule: the accent, the text colour on it, and (when it reads on white, 4.5:1) the
    links' colour."""
    lum = _luminance(accent)
    on = "#fff" if _contrast(lum, 1.0) >= _contrast(lum, _luminance(DARK)) else DARK
    link = f";--link:{accent}" if _contrast(lum, 1.0) >= 4.5 else ""
    return f":root{{--accent:{accent};--on-accent:{on}{link}}}\n"
