"""The page's words in every language, and the notes and warnings of a JSON answer translated (the JSON answers stay
English, as the command line writes them; a client asks for the reader's language here, from the answer's ``said``;
the page's own answer, ``format=page``, has them worded already)."""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, Form, Query, Request
from pydantic import BaseModel, Field

from ..engine.messages import Count, Message
from . import jobs
from .errors import ERRORS, ApiError, request_language
from .fields import Lang, multipart
from .page_words import page_words as words_in
from .uploads import client_of
from .workers import WorkerPool

router = APIRouter(prefix="/api", tags=["page"])


class PageWords(BaseModel):
    """Groups of words by key: the page's, the table's, kinds of rounds, columns, category and team-ranking sections,
    sources of values, a team's explanation."""

    page: dict[str, str]
    words: dict[str, str]
    kinds: dict[str, str]
    columns: dict[str, str]
    groups: dict[str, str]
    sources: dict[str, str]
    team: dict[str, str] = Field(description="the explanation panel of a team: matches, match and game points")
    ratings: dict[str, str] = Field(description="the rating-change tool: columns, systems, rules and their sources")


@router.get("/words", summary="Every word of the page in one language (page, words, kinds of rounds, columns, sources)",
            response_model=PageWords, responses={400: ERRORS[400]})
async def page_words(lang: Annotated[str, Query(max_length=20, description="en, ru or uk; another gives English")]
                     = "en") -> dict[str, dict[str, str]]:
    return words_in(lang)


#: texts one request may translate, and characters translated in each (the page sends at most 40 notes or warnings):
#: a warning said once for many alike is translated without its ``occurrences`` (:func:`translated_part`)
MAX_TEXTS, MAX_TEXT_LENGTH = 100, 2_000
#: characters of one request's texts in all, a warning's occurrences counted (the bound of 100 texts of 2,000)
MAX_CHARACTERS = MAX_TEXTS * MAX_TEXT_LENGTH
#: characters translated in the handler itself (a few milliseconds); more go to a worker process
INLINE_CHARACTERS = 20_000


class TranslateForm(BaseModel):
    lang: Lang = None
    text: list[Annotated[str, Field(max_length=MAX_CHARACTERS)]] = Field(
        min_length=1, max_length=MAX_TEXTS,
        description=f"notes and warnings, as the answer has them: each at most {MAX_TEXT_LENGTH:,} characters "
                    f"translated (a warning's occurrences are not: each is sent as it is, or on its own), "
                    f"{MAX_CHARACTERS:,} in all")


def translated_part(text: str) -> str:
    """What of ``text`` (a note or warning of an answer's ``said``) is translated: a warning said once for many alike
    (:func:`tiebreak.engine.errors.grouped`) is worded from its message and place, so its ``occurrences`` (each a
    warning of its own, which a client may send as one more text) are left out; any other text as it is.

    >>> one = {"place": {"file": "a.trf", "line": 31, "column": 159, "field": None}, "message": "x"}
    >>> translated_part(json.dumps({**one, "occurrences": [one] * 30})) == json.dumps(one)
    True
    """
    if len(text) <= MAX_TEXT_LENGTH or not text.startswith("{") or '"occurrences"' not in text:
        return text
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):  # not an answer's warning: counted whole
        return text
    if not isinstance(obj, dict) or "occurrences" not in obj:
        return text
    del obj["occurrences"]
    return json.dumps(obj, ensure_ascii=False)


def _too_long(length: int, bound: int) -> ApiError:
    return ApiError(400, Message("the field {} is too long ({} characters; at most {})", "text", Count(length),
                                 Count(bound)), field="text")


@router.post("/translate", summary="Notes and warnings of an answer in another language (each as its `said` has it)",
             response_model=list[str], responses={k: ERRORS[k] for k in (400, 413, 429, 503)},
             openapi_extra=multipart(TranslateForm))
async def translate(request: Request, form: Annotated[TranslateForm, Form()]) -> list[str]:
    lang = request.state.lang = request_language(request, form.lang)
    if (total := sum(map(len, form.text))) > MAX_CHARACTERS:
        raise _too_long(total, MAX_CHARACTERS)
    texts = [translated_part(t) for t in form.text]  # (read at most MAX_CHARACTERS: a few milliseconds)
    if (over := next((t for t in texts if len(t) > MAX_TEXT_LENGTH), None)) is not None:
        raise _too_long(len(over), MAX_TEXT_LENGTH)
    if sum(map(len, texts)) <= INLINE_CHARACTERS:  # the time is linear in the text: a bounded cheap path
        return jobs.translate_all(texts, lang)
    workers: WorkerPool = request.app.state.workers
    return await workers.run(jobs.translate_all, texts, lang, client=client_of(request))
