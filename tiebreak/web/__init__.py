"""The web page and JSON API: ``tiebreak serve`` (FastAPI; extras ``pip install 'tiebreak[web]'``).

Every computation goes through :mod:`tiebreak.app`, so the API gives the same JSON as the command line.  An
upload lives in a temporary folder for the length of its request and is then deleted; nothing is kept.

>>> from fastapi.testclient import TestClient
>>> TestClient(create_app()).get("/api/presets").json()[0]["name"]
'fide-rr'
"""

from __future__ import annotations

from .app import create_app, serve

__all__ = ["create_app", "serve"]
