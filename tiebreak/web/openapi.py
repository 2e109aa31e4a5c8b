"""The OpenAPI 3.1 document of the JSON API (served at ``/openapi.json``; the contract tests check the app against it)."""

from __future__ import annotations

from .. import __version__
from ..engine.rules import COMPAT_CHOICES, RULE_CHOICES

_NUMBER_OR_NULL = {"type": ["number", "null"]}
_ERROR = {"type": "object", "required": ["error"],
          "properties": {"error": {"type": "string"}, "file": {"type": ["string", "null"]},
                         "line": {"type": ["integer", "null"]}, "column": {"type": ["integer", "null"]},
                         "field": {"type": ["string", "null"]},
                         "place": {"type": "string", "description": "file, line, column and field as a sentence in "
                                                                    "the request's language"}}}
_ERRORS = {
    "400": {"description": "bad input: the message names the file, line, column and field where it can",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
    "413": {"description": "upload too large",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
    "503": {"description": "time limit reached",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
}
_UPLOAD_FIELDS = {
    "file": {"type": "string", "format": "binary", "description": "TRF, Chess-JSON, Chess-Results XML, PGN, CSV or XLSX"},
    "example": {"type": "string", "description": "name of a bundled example instead of a file"},
    "tiebreaks": {"type": "string", "example": "PTS,BH/C1,BH,SB"},
    "preset": {"type": "string"},
    "rules": {"type": "string", "enum": list(RULE_CHOICES)},
    "compat": {"type": "string", "enum": list(COMPAT_CHOICES), "default": "text",
               "description": "text: our reading of C.07; reference: the FIDE reference checker's choices "
                              "(docs/known-differences.md K1-K3)"},
    "after_round": {"type": "integer"}, "unrated_rating": {"type": "integer"},
    "seed": {"type": "integer", "description": "seed of the lots that break the ties left after the list (C.07 4.2); "
                                               "every answer that ranks gives the seed it used (JSON `seed`, header "
                                               "X-Tiebreak-Seed): send it back to get the same order in any format"},
    "no_lots": {"type": "boolean", "description": "leave the ties unbroken (shared ranks) instead of drawing lots"},
    "system": {"type": "string", "enum": ["swiss", "rr"]},
    "players": {"type": "boolean", "description": "team event: rank the individual players"},
    "lang": {"type": "string", "enum": ["en", "ru", "uk"]}, "details": {"type": "boolean"},
    "columns": {"type": "string", "example": "title,fed,rating",
                "description": "player columns: auto, none, or title,fed,rating,club,sex,birth,perf,change"},
    "category": {"type": "array", "items": {"type": "string"}, "example": ["birth>=2010", "sex=w"],
                 "description": "category standings to add"},
    "team_ranking": {"type": "string", "enum": ["federation", "records"],
                     "description": "a team ranking inside the individual event"},
    "team_best": {"type": "integer"}, "team_tiebreaks": {"type": "string", "example": "TC,CUM"},
}


def _upload(extra: dict | None = None, required: list[str] | None = None) -> dict:
    schema = {"type": "object", "properties": {**_UPLOAD_FIELDS, **(extra or {})}}
    if required:
        schema["required"] = required
    return {"required": True, "content": {"multipart/form-data": {"schema": schema}}}


OPENAPI = {
    "openapi": "3.1.0",
    "info": {"title": "tiebreak", "version": __version__,
             "description": "Exact chess tournament standings by tie-break rules (FIDE C.07 2024/2026, Arbiters' "
                            "Manual Art. 13, USCF, Russian practice). The JSON shapes are those of the command line."},
    "paths": {
        "/api/standings": {"post": {
            "summary": "Standings of an uploaded tournament file",
            "requestBody": _upload({"format": {"type": "string", "enum": ["json", "text", "csv", "trf", "html",
                                                                          "chess-json", "pdf"]}}),
            "responses": {"200": {"description": "the standings; JSON as `tiebreak standings --format json`, other "
                                                 "formats as a download",
                                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Standings"}}}},
                          **_ERRORS}}},
        "/api/explain": {"post": {
            "summary": "How each value of a player (in a team event: of a team) was made, or what separated two",
            "requestBody": _upload({"player": {"type": "integer"}, "player2": {"type": "integer"}}, ["player"]),
            "responses": {"200": {"description": "explanation text and per-round details",
                                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Explanation"}}}},
                          **_ERRORS}}},
        "/api/check": {"post": {
            "summary": "Check published standings: differences under the announced rules, and the rule set that "
                       "reproduces them (the file's own ranks and values, or the export in 'published')",
            "requestBody": _upload({"published": {"type": "string", "format": "binary",
                                                  "description": "published standings: CSV/XLSX file or CSV text"}}),
            "responses": {"200": {"description": "the report, as `tiebreak check --format json`",
                                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Check"}}}},
                          **_ERRORS}}},
        "/api/playoffs": {"post": {
            "summary": "Play-off groups for tied places (Arbiters' Manual 13.2)",
            "requestBody": _upload({"places": {"type": "string", "example": "1,2"}}),
            "responses": {"200": {"description": "one entry per tied group at stake",
                                  "content": {"application/json": {"schema": {"type": "array", "items": {
                                      "$ref": "#/components/schemas/PlayoffGroup"}}}}},
                          **_ERRORS}}},
        "/api/prizes": {"post": {
            "summary": "Distribute a prize list on the final standings (shared, Hort or by tie-break; 13.2.6)",
            "requestBody": _upload({"prizes": {"type": "string", "example": "place,1,300\nplace,2,100\nrating<1600,1,50",
                                               "description": "CSV lines kind,place,amount (empty amount: a cup)"},
                                    "method": {"type": "string", "enum": ["shared", "hort", "tiebreak"]}},
                                   ["prizes"]),
            "responses": {"200": {"description": "one entry per prize awarded", "content": {"application/json": {
                "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Award"}}}}},
                          **_ERRORS}}},
        "/api/varma": {"post": {
            "summary": "Restricted drawing of lots with Varma tables (Arbiters' Manual 13.17)",
            "requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
                "type": "object", "required": ["list", "seed"],
                "properties": {"list": {"type": "string", "description": "9 to 24 lines 'Name, FED'"},
                               "seed": {"type": "integer", "description": "makes the draw repeatable"},
                               "variant": {"type": "string", "enum": ["s000", "fide"],
                                           "description": "12-player table: the Manual's (default) or C.05's"}}}}}},
            "responses": {"200": {"description": "pairing numbers, drawing order and the named schedule",
                                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/VarmaDraw"}}}},
                          "400": _ERRORS["400"], "413": _ERRORS["413"]}}},
        "/api/catalogue": {"get": {
            "summary": "Every tie-break: code, name, article, type, modifiers, family",
            "parameters": [{"name": "lang", "in": "query", "schema": {"type": "string", "enum": ["en", "ru", "uk"]}}],
            "responses": {"200": {"description": "the catalogue", "content": {"application/json": {"schema": {
                "type": "array", "items": {"$ref": "#/components/schemas/TieBreak"}}}}}}}},
        "/api/words": {"get": {
            "summary": "Every word of the page in one language (page, words, kinds of rounds, columns, sources)",
            "parameters": [{"name": "lang", "in": "query", "schema": {"type": "string", "enum": ["en", "ru", "uk"]}}],
            "responses": {"200": {"description": "groups of words by key", "content": {"application/json": {"schema": {
                "type": "object", "required": ["page", "words", "kinds", "columns", "sources"],
                "additionalProperties": {"type": "object"}}}}}}}},
        "/api/translate": {"post": {
            "summary": "Notes and warnings of an answer (English) in another language",
            "requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
                "type": "object", "properties": {"lang": {"type": "string", "enum": ["en", "ru", "uk"]},
                                                 "text": {"type": "array", "items": {"type": "string"}}}}}}},
            "responses": {"200": {"description": "the texts in the same order", "content": {"application/json": {
                "schema": {"type": "array", "items": {"type": "string"}}}}}, "413": _ERRORS["413"]}}},
        "/api/presets": {"get": {
            "summary": "Ready-made tie-break lists",
            "responses": {"200": {"description": "the presets", "content": {"application/json": {"schema": {
                "type": "array", "items": {"$ref": "#/components/schemas/Preset"}}}}}}}},
        "/api/berger": {"get": {
            "summary": "Berger round-robin schedule (Arbiters' Manual 13.16)",
            "parameters": [{"name": "players", "in": "query", "required": True,
                            "schema": {"type": "integer", "minimum": 2, "maximum": 1000}, "example": 6},
                           {"name": "double", "in": "query", "schema": {"type": "boolean"}}],
            "responses": {"200": {"description": "rounds of pairings (White, Black)", "content": {
                "application/json": {"schema": {"type": "object", "required": ["rounds"], "properties": {
                    "rounds": {"type": "array", "items": {"$ref": "#/components/schemas/BergerRound"}}}}}}},
                "400": _ERRORS["400"]}}},
        "/api/examples": {"get": {
            "summary": "Names of the bundled example tournaments",
            "responses": {"200": {"description": "file names", "content": {"application/json": {"schema": {
                "type": "array", "items": {"type": "string"}}}}}}}},
    },
    "components": {"schemas": {
        "Error": _ERROR,
        "Check": {"type": "object", "required": ["announced", "agree", "differences", "rules", "best_rules"],
                  "properties": {"announced": {"type": "string"}, "agree": {"type": "boolean"},
                                 "differences": {"type": "array", "items": {"type": "object"}},
                                 "rules": {"type": "array", "items": {"type": "object"}},
                                 "best_rules": {"type": "array", "items": {"type": "string"}}}},
        "Standings": {"type": "object", "required": ["schema", "tournament", "tiebreaks", "standings"],
                      "properties": {
                          "schema": {"type": "integer"},
                          "tournament": {"type": "object"},
                          "tiebreaks": {"type": "array", "items": {"type": "string"}},
                          "seed": {"type": ["integer", "null"]},
                          "standings": {"type": "array", "items": {"type": "object", "required": ["rank", "values"],
                                                                    "properties": {"rank": {"type": "integer"},
                                                                                   "points": _NUMBER_OR_NULL,
                                                                                   "values": {"type": "object"}}}},
                          "notes": {"type": "array", "items": {"type": "string"}},
                          "warnings": {"type": "array", "items": {"type": "string"}}}},
        "Explanation": {"type": "object", "required": ["players", "text"],
                        "properties": {"players": {"type": "array", "items": {"type": "integer"}},
                                       "text": {"type": "string"},
                                       "details": {"type": "object", "description":
                                                   "one player: every value's rounds; two players (player2): "
                                                   "separated_by, article, values, ranks, by_lot"},
                                       "team": {"type": "boolean"}, "name": {"type": "string"},
                                       "matches": {"type": "array", "items": {"type": "object"}}}},
        "PlayoffGroup": {"type": "object", "required": ["places", "players", "format"],
                         "properties": {"places": {"type": "array", "items": {"type": "integer"}},
                                        "players": {"type": "array", "items": {"type": "integer"}},
                                        "format": {"type": "string"},
                                        "stages": {"type": "array", "items": {"type": "string"}},
                                        "team": {"type": "boolean"}}},
        "TieBreak": {"type": "object", "required": ["code", "name", "article", "type"],
                     "properties": {"code": {"type": "string"}, "name": {"type": "string"},
                                    "article": {"type": "string"}, "type": {"type": "string"},
                                    "modifiers": {"type": "string"}, "family": {"type": "string"}}},
        "Preset": {"type": "object", "required": ["name", "tiebreaks"],
                   "properties": {"name": {"type": "string"}, "tiebreaks": {"type": "string"},
                                  "rules": {"type": ["string", "null"]}, "team": {"type": "boolean"},
                                  "source": {"type": "string"}}},
        "Award": {"type": "object", "required": ["rank", "start_no", "prize", "amount"],
                  "properties": {"rank": {"type": "integer"}, "start_no": {"type": "integer"},
                                 "name": {"type": "string"}, "prize": {"type": "string"}, "amount": _NUMBER_OR_NULL}},
        "VarmaDraw": {"type": "object", "required": ["seed", "numbers", "order", "conflicts", "rounds"],
                      "properties": {"seed": {"type": "integer"}, "numbers": {"type": "object"},
                                     "order": {"type": "array", "items": {"type": "object"}},
                                     "conflicts": {"type": "array"},
                                     "rounds": {"type": "array", "items": {"$ref": "#/components/schemas/BergerRound"}}}},
        "BergerRound": {"type": "object", "required": ["round", "pairings"],
                        "properties": {"round": {"type": "integer"}, "pairings": {"type": "array"}}},
    }},
}
