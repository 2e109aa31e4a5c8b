"""The page's words in every language, and the notes and warnings of an answer translated (the JSON answers stay
English, as the command line writes them; the page asks for the reader's language here)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Query, Request
from pydantic import BaseModel, Field

from . import words
from .errors import ERRORS, request_language
from .fields import Lang, multipart

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
    return words.page_words(lang)


class TranslateForm(BaseModel):
    lang: Lang = None
    text: list[Annotated[str, Field(max_length=20_000)]] = Field(min_length=1, max_length=500,
                                                                 description="notes and warnings, as the answer has them")


@router.post("/translate", summary="Notes and warnings of an answer (English) in another language",
             response_model=list[str], responses={400: ERRORS[400], 413: ERRORS[413]},
             openapi_extra=multipart(TranslateForm))
async def translate(request: Request, form: Annotated[TranslateForm, Form()]) -> list[str]:
    lang = request.state.lang = request_language(request, form.lang)
    return [words.translate(t, lang) for t in form.text]
