"""The arbiter's token of a live server (``serve --token``): what changes state (an event's list, rules, whether it is
published, a version held back published) is done for whoever gives it, and for nobody when the server has none.
The web face asks it in its dependency :func:`tiebreak.web.live.arbiter`.

>>> token = ArbiterToken("s3cret")
>>> token.admits(bearer("Bearer s3cret")), token.admits(bearer("bearer s3cret")), token.admits(bearer("s3cret"))
(True, True, False)
>>> bool(ArbiterToken(None)), ArbiterToken(None).admits("")
(False, False)
"""

from __future__ import annotations

import hmac


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header (None without one)."""
    return authorization[7:] if authorization and authorization.lower().startswith("bearer ") else None


class ArbiterToken:
    """The arbiter's token, or none (an empty one is none): true when the server has one."""

    def __init__(self, token: str | None) -> None:
        self._token = token or None

    def __bool__(self) -> bool:
        return self._token is not None

    def admits(self, given: str | None) -> bool:
        """Whether ``given`` is the arbiter's token (compared in constant time); without a token nobody is."""
        if not self._token or not given:
            return False
        return hmac.compare_digest(given.encode("utf-8"), self._token.encode("utf-8"))
