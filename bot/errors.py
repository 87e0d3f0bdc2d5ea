"""The exceptions the service raises: refusals fit to show the person (naming people by id,
never by markup), and the store's and start-up's own failures."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.i18n import Person, Text, Texts

#: a piece of a message: plain text, someone it names, or a text translated when shown
Part = str | Person | Text | Texts


def join_parts(parts: tuple[Part, ...], show: Callable[[int], str]) -> str:
    """The parts as one text, in the language spoken now."""
    return "".join(
        p if isinstance(p, str) else show(p.user_id) if isinstance(p, Person) else p.text(show)
        for p in parts
    )


def _anyone(user_id: int) -> str:
    return f"user {user_id}"


class Worded(Text):
    """A part worded when it is shown, in the language spoken then, by `word` (given how
    the adapter shows people): words a `Text` cannot hold, such as the rules' own (worded by
    a function) or a list of parts."""

    word: Callable[[Callable[[int], str]], str]

    def __init__(self, word: Callable[[Callable[[int], str]], str]) -> None:
        super().__init__("")
        object.__setattr__(self, "word", word)

    def text(self, show: Callable[[int], str] = _anyone) -> str:
        return self.word(show)


def joined(parts: Sequence[Part], separator: str = ", ") -> Worded:
    """Parts one after another, `separator` between them, as one part (a list that a Text
    names as one of its parameters), each shown when the whole is."""
    between: list[Part] = []
    for n, part in enumerate(parts):
        between += [separator, part] if n else [part]
    return Worded(lambda show: join_parts(tuple(between), show))


class Refusal(Exception):
    """An action that was not carried out; nothing was written. Its text is built of parts:
    plain text, the Persons it names, and Texts, translated when shown (in the asker's
    language: word a refusal with `Text`, not `_`, which translates at once)."""

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
            Text(
                "The bot cannot save right now ({why}), so nothing was changed: "
                "please try again later.",
                why=Text(why),
            )
        )
        self.why = why


class StartupError(Exception):
    """The bot cannot start; str() is one line saying what is wrong and what to do."""


class StoreError(StartupError):
    """The database cannot be opened or used at all; str() is one line saying why."""
