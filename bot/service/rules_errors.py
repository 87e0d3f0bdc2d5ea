"""The rules engine's errors as the words of a refusal: translated when shown, in the
asker's language (the rules give a template and its parameters; their words are in the
catalogs, as the rules' own texts are)."""

from __future__ import annotations

from typing import Any

from bot.errors import Worded
from bot.i18n import Text, Texts, language, translations
from rules import Phrase, Phrases, RulesError, Saying, Word


def _part(value: Any) -> Any:
    """A parameter of a rules message, as a Text's parameter: its words translated when
    shown; notation and numbers as they are."""
    if isinstance(value, Word):
        return Text(value) if value else ""
    if isinstance(value, Phrase):
        return Text(value.template, **_parts(value.params))
    if isinstance(value, Phrases):
        return Texts(value.singular, value.plural, value.n, **_parts(value.params))
    if isinstance(value, Saying):
        return Worded(lambda _show: value.worded(translations(language())))
    return value


def _parts(params: dict[str, Any]) -> dict[str, Any]:
    return {name: _part(value) for name, value in params.items()}


def rules_text(err: RulesError) -> Text:
    """What a rules error says ('11-15 is not a legal move here'), translated when shown."""
    return Text(err.template, **_parts(err.params))


def sentence(message: str, typed: str = "") -> str:
    """A rules message as a sentence: capitalised, unless it starts with the move as typed."""
    first = message.split(" ", 1)[0].rstrip(":,")
    if first != "".join(typed.split()).lower():
        message = message[:1].upper() + message[1:]
    return f"{message}."


def refused(err: RulesError, typed: str = "") -> Worded:
    """A rules error as a refusal's sentence, in the asker's language when shown (`typed`:
    the move as the person typed it, left as they wrote it at the start)."""
    said = rules_text(err)
    return Worded(lambda show: sentence(said.text(show), typed))
