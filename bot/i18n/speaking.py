"""The language spoken now (a context variable: each interaction, post or notice sets its
reader's), and translating into it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from bot.i18n.catalogs import translations

_spoken: ContextVar[str] = ContextVar("locale", default="en")


def language() -> str:
    """The locale spoken now ('en', 'de', 'pt_BR', ...)."""
    return _spoken.get()


@contextmanager
def speaking(locale: str) -> Iterator[None]:
    """Speak `locale` in this block (and in the tasks it starts)."""
    token = _spoken.set(locale)
    try:
        yield
    finally:
        _spoken.reset(token)


def _(message: str) -> str:
    """`message` in the language spoken now."""
    return translations(_spoken.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for `n` ('{n} move', '{n} moves'; Russian and Polish have three)."""
    return translations(_spoken.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` as worded in `context` (a command's name, not a sentence's word)."""
    return translations(_spoken.get()).pgettext(context, message)


def N_(message: str) -> str:
    """Marks a text for the catalogs; it is translated where it is shown."""
    return message


@dataclass(frozen=True)
class Person:
    """Someone a message names; each adapter shows them its own way (a mention, @name)."""

    user_id: int


def _shown(value: Any, show: Callable[[int], str]) -> Any:
    if isinstance(value, Person):
        return show(value.user_id)
    if isinstance(value, Text | Texts):
        return value.text(show)
    return value


@dataclass(frozen=True, init=False)
class Text:
    """A message translated when it is shown, in the language spoken then; `{name}`s in it
    are filled from `params` (Persons shown as the adapter shows people, Texts translated)."""

    message: str
    params: dict[str, Any] = field(default_factory=dict)

    def __init__(self, message: str, /, **params: Any) -> None:
        object.__setattr__(self, "message", message)
        object.__setattr__(self, "params", params)

    def text(self, show: Callable[[int], str] = lambda user_id: f"user {user_id}") -> str:
        values = {name: _shown(value, show) for name, value in self.params.items()}
        return _(self.message).format(**values) if values else _(self.message)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, init=False)
class Texts:
    """A `Text` with a plural: the form for `n` ({n} is filled too)."""

    singular: str
    plural: str
    n: int
    params: dict[str, Any] = field(default_factory=dict)

    def __init__(self, singular: str, plural: str, n: int, /, **params: Any) -> None:
        object.__setattr__(self, "singular", singular)
        object.__setattr__(self, "plural", plural)
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "params", params)

    def text(self, show: Callable[[int], str] = lambda user_id: f"user {user_id}") -> str:
        values = {name: _shown(value, show) for name, value in self.params.items()}
        return ngettext(self.singular, self.plural, self.n).format(n=self.n, **values)

    def __str__(self) -> str:
        return self.text()
