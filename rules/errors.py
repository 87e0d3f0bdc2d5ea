"""The engine's exception family: every message is fit to show a player as is.

A message is a template with named placeholders and its parameters
(`IllegalMove("{move} is not a legal move here", move="11-15")`): `str(error)` is the English
text, and `error.template` and `error.params` let the bot show it in another language (the
templates are in its catalogs). A parameter is notation or a number, shown as it is, or one
of the rules' words, which the bot translates too: a `Word` (a side's or a game's name, as
the catalogs have it), a `Phrase` (a message of its own, such as a list of moves with "and 3
more"; `Phrases` with a plural) or a `Saying` (words the rules' wording makes, such as a
game's result)."""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import Translations


def _filled(template: str, params: Mapping[str, object]) -> str:
    """The template with its placeholders filled (a template without parameters is its
    text as it is, as gettext's and the bot's `Text` take it)."""
    return template.format(**params) if params else template


class Word(str):
    """A parameter that is one of the rules' words, whose English text is a message of the
    catalogs (a side's name, a game's name): the bot translates it before filling it in."""

    __slots__ = ()

    def worded(self, translations: Translations) -> str:
        return translations.gettext(self) if self else ""


class Phrase(str):
    """A parameter that is a message of its own: a template and its parameters (which may be
    words too); its text is the English one."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> Phrase:
        phrase = super().__new__(cls, _filled(template, params))
        phrase.template, phrase.params = template, params
        return phrase

    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, Any]]:
        return (self.template,), self.params

    def worded(self, translations: Translations) -> str:
        return worded(self.template, self.params, translations)


class Phrases(str):
    """A `Phrase` with a plural: the form for `n` ('1 piece', '3 pieces'; {n} is filled too,
    and some languages have three forms)."""

    singular: str
    plural: str
    n: int
    params: dict[str, Any]

    def __new__(cls, singular: str, plural: str, n: int, /, **params: Any) -> Phrases:
        phrases = super().__new__(cls, (singular if n == 1 else plural).format(n=n, **params))
        phrases.singular, phrases.plural, phrases.n, phrases.params = singular, plural, n, params
        return phrases

    def __getnewargs_ex__(self) -> tuple[tuple[str, str, int], dict[str, Any]]:
        return (self.singular, self.plural, self.n), self.params

    def worded(self, translations: Translations) -> str:
        values = {name: _worded(value, translations) for name, value in self.params.items()}
        return translations.ngettext(self.singular, self.plural, self.n).format(n=self.n, **values)


class Saying(str):
    """A parameter worded by the rules' wording, given the catalog (a game's result: 'Black
    won (White resigned)'); its text is the English one."""

    say: Callable[[Translations], str]

    def __new__(cls, say: Callable[[Translations], str]) -> Saying:
        saying = super().__new__(cls, say(gettext.NullTranslations()))
        saying.say = say
        return saying

    def __reduce__(self) -> tuple[type[str], tuple[str]]:
        return str, (str(self),)  # its function may not cross to another process: its text does

    def worded(self, translations: Translations) -> str:
        return self.say(translations)


#: the parameters the bot translates
Wording = Word | Phrase | Phrases | Saying


def _worded(value: object, translations: Translations) -> object:
    return value.worded(translations) if isinstance(value, Wording) else value


def worded(template: str, params: Mapping[str, object], translations: Translations) -> str:
    """A template and its parameters in the catalog's language (words translated too)."""
    values = {name: _worded(value, translations) for name, value in params.items()}
    return _filled(translations.gettext(template), values)


def _rebuilt(cls: type[RulesError], template: str, params: dict[str, Any]) -> RulesError:
    return cls(template, **params)


class RulesError(ValueError):
    """Base of every error the rules engine raises on bad input: its message's `template`
    and `params`; `str()` is the English text."""

    template: str
    params: dict[str, Any]

    def __init__(self, template: str, /, **params: Any) -> None:
        super().__init__(_filled(template, params))
        self.template, self.params = template, params

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt, (type(self), self.template, self.params)

    def worded(self, translations: Translations) -> str:
        """The message in the catalog's language."""
        return worded(self.template, self.params, translations)


class UnknownGame(RulesError):
    """No game is registered under that id."""


class BadPosition(RulesError):
    """A position text that cannot be decoded, or describes an impossible position."""


class IllegalMove(RulesError):
    """Move text that is malformed, ambiguous or not legal in the position."""


class GameOver(IllegalMove):
    """A move was submitted after the game had ended."""
