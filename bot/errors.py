"""The exceptions the service raises: refusals fit to show the person (naming people by id,
never by markup), and the store's and start-up's own failures."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Person:
    """Someone a message names; each adapter shows them its own way (a mention, @name)."""

    user_id: int


Part = str | Person


def join_parts(parts: tuple[Part, ...], show: Callable[[int], str]) -> str:
    return "".join(p if isinstance(p, str) else show(p.user_id) for p in parts)


class Refusal(Exception):
    """An action that was not carried out; nothing was written. Its text is built of parts:
    plain text and the Persons it names."""

    def __init__(self, *parts: Part) -> None:
        self.parts = parts
        super().__init__(join_parts(parts, lambda user_id: f"user {user_id}"))

    def text(self, show: Callable[[int], str]) -> str:
        return join_parts(self.parts, show)


class Outdated(Refusal):
    """A move chosen from a list made for an earlier position of its game (a picker): not
    played; the adapter offers the list of the position now."""


class CannotSave(Refusal):
    """The database refused a write (read-only, full, locked): rolled back, nothing written."""

    def __init__(self, why: str) -> None:
        super().__init__(
            f"The bot cannot save right now ({why}), so nothing was changed: "
            "please try again later."
        )
        self.why = why


class StartupError(Exception):
    """The bot cannot start; str() is one line saying what is wrong and what to do."""


class StoreError(StartupError):
    """The database cannot be opened or used at all; str() is one line saying why."""
