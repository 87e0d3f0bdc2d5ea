"""Discord's published description of its HTTP API (tests/data/discord-api/openapi.json, MIT,
from discord/discord-api-spec) as the Discord double's contract: every request body the bot
sends is validated against its route's schema, with jsonschema (Draft 2020-12, which OpenAPI
3.1 uses). What it finds is said as Discord would: the route, the place in the body and the
limit broken.

The document is a floor: the double keeps Discord's stricter documented limits on top (a
bot's message content is 2,000 characters, the document allows 4,000)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

DOCUMENT = Path(__file__).parent / "data" / "discord-api" / "openapi.json"
_ROOT = "urn:discord-api"
#: discord.py sends snowflakes (and attachment indexes) as JSON integers, which Discord
#: accepts: where the document asks for a snowflake string, a non-negative integer does too
_SNOWFLAKE = {
    "anyOf": [
        {"type": "string", "pattern": "^(0|[1-9][0-9]*)$"},
        {"type": "integer", "minimum": 0},
    ]
}


#: the keywords that set limits (the others say which shape a union's branch has)
_LIMITS = frozenset(
    {"maxLength", "minLength", "maxItems", "minItems", "maximum", "minimum", "pattern",
     "uniqueItems", "maxProperties", "minProperties", "exclusiveMaximum", "exclusiveMinimum"}
)  # fmt: skip


@dataclass(frozen=True)
class Route:
    method: str
    template: str  # as the document writes it: /channels/{channel_id}/messages
    pattern: re.Pattern[str]
    body: dict[str, Any] | None  # the JSON request body's schema, if it takes one

    def parameters(self, path: str) -> dict[str, str]:
        """The path's parameters by name: {'channel_id': '123'}."""
        found = self.pattern.fullmatch(path)
        return found.groupdict() if found else {}


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"(\{[^}]+\})", template)
    regex = "".join(f"(?P<{p[1:-1]}>[^/]+)" if p.startswith("{") else re.escape(p) for p in parts)
    return re.compile(regex)


@cache
def _document() -> tuple[dict[str, Any], list[Route]]:
    document: dict[str, Any] = json.loads(DOCUMENT.read_text())
    document["components"]["schemas"]["SnowflakeType"] = _SNOWFLAKE
    routes = []
    for template, item in document["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            content = operation.get("requestBody", {}).get("content", {})
            schema = (content.get("application/json") or {}).get("schema")
            routes.append(Route(method.upper(), template, _pattern(template), schema))
    # literal segments first (/messages/@original before /messages/{message_id})
    routes.sort(key=lambda r: r.template.count("{"))
    return document, routes


@cache
def _registry() -> Registry[Any]:
    document, _ = _document()
    return Registry().with_resource(
        _ROOT, Resource.from_contents(document, default_specification=DRAFT202012)
    )


@cache
def _validator(method: str, template: str) -> Draft202012Validator | None:
    route = next(r for r in _document()[1] if (r.method, r.template) == (method, template))
    if route.body is None:
        return None
    schema = json.loads(json.dumps(route.body).replace('"#/', f'"{_ROOT}#/'))
    return Draft202012Validator(schema, registry=_registry())


def route_of(method: str, path: str) -> Route | None:
    """The document's route for a request (its path after /api/v10, no query)."""
    for route in _document()[1]:
        if route.method == method and route.pattern.fullmatch(path):
            return route
    return None


def breach(method: str, path: str, body: Any) -> str | None:
    """What in the request breaks the published contract (None: nothing): an unknown route,
    or the body's first error, with where it is and the limit it breaks."""
    route = route_of(method, path)
    if route is None:
        return f"{method} {path}: no such route in Discord's API"
    validator = _validator(method, route.template)
    if validator is None or body is None:
        return None
    leaves = [leaf for error in validator.iter_errors(body) for leaf in _leaves(error)]
    if not leaves:
        return None
    error = max(leaves, key=_telling)
    return f"{method} {route.template}: {_place(error)}: {_limit(error)}"


def _leaves(error: ValidationError) -> list[ValidationError]:
    """The errors under a union's (anyOf, oneOf): one a branch tried."""
    if not error.context:
        return [error]
    return [leaf for inner in error.context for leaf in _leaves(inner)]


def _telling(error: ValidationError) -> tuple[bool, int]:
    """The error that says most: a limit broken (rather than a union's branch of another
    shape), the deepest in the body (the field, not the object around it)."""
    return error.validator in _LIMITS, len(error.absolute_path)


def _place(error: ValidationError) -> str:
    return error.json_path.replace("$", "body", 1)


def _limit(error: ValidationError) -> str:
    """The broken rule, said as the document says it (maxLength 100, maxItems 25, ...)."""
    shown = repr(error.instance)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return f"{shown} breaks {error.validator} {error.validator_value!r}"[:300]
