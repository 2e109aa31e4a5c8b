"""Live standings: files watched while an event is played, standings recomputed on every change and kept.

:mod:`.pending` finds the games being played and the places that are settled, :mod:`.event` keeps one event's last
good version (re-reading only what changed), :mod:`.history` stores every version (SQLite or any SQLAlchemy URL),
:mod:`.watch` follows the files with ``watchfiles`` and tells the subscribers.  The web face is
:mod:`tiebreak.web.live`.
"""
