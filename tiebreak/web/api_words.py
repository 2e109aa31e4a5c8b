"""The page's words in every language, and the notes and warnings of a JSON answer translated (the JSON answers stay
English, as the command line writes them; a client asks for the reader's language here, from the answer's ``said``;
the page's own answer, ``format=page``, has them worded already)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Query, Request
from pydantic import BaseModel, Field

from . import jobs
from .errors import ERRORS, request_language
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


#: texts one request may translate, and characters in each (the page sends at most 40 notes or warnings)
MAX_TEXTS, MAX_TEXT_LENGTH = 100, 2_000
#: characters translated in the handler itself (a few milliseconds); more go to a worker process
INLINE_CHARACTERS = 20_000


class TranslateForm(BaseModel):
    lang: Lang = None
    text: list[Annotated[str, Field(max_length=MAX_TEXT_LENGTH)]] = Field(
        min_length=1, max_length=MAX_TEXTS, description="notes and warnings, as the answer has them")


@router.post("/translate", summary="Notes and warnings of an answer in another language (each as its `said` has it)",
             response_model=list[str], responses={k: ERRORS[k] for k in (400, 413, 429, 503)},
             openapi_extra=multipart(TranslateForm))
async def translate(request: Request, form: Annotated[TranslateForm, Form()]) -> list[str]:
    lang = request.state.lang = request_language(request, form.lang)
    if sum(len(t) for t in form.text) <= INLINE_CHARACTERS:  # the time is linear in the text: a bounded cheap path
        return jobs.translate_all(form.text, lang)
    workers: WorkerPool = request.app.state.workers
    return await workers.run(jobs.translate_all, form.text, lang, client=client_of(request))
