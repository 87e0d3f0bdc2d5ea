"""How the console reads a command's options: `option:value` pairs, or values alone, each
given to the first option it fits, a game's name or a move running on over several words."""

from __future__ import annotations

import re
from typing import Any

from bot.adapters.commands.registry import CommandSpec, Option, Someone
from bot.adapters.console_names import Names
from bot.i18n import _
from rules import quoted

_OPTION = re.compile(r"^([a-z_]+):(.*)$")
_MATCH = re.compile(r"#?[0-9]{1,20}")


def _fits(option: Option, word: str) -> bool:
    """A word typed without its option's name could be that option's value (or begin it:
    one of its choices, where it has them: `/board 12 yes`, `/notify every turn`)."""
    if option.choices:
        return _chosen(option, word)
    if option.kind == "user":
        return word.startswith("@")
    if option.kind == "number":
        return bool(_MATCH.fullmatch(word))
    return not word.startswith("@")


def _chosen(option: Option, words: str) -> bool:
    """`words` are one of the option's choices, or their first words."""
    typed = words.lower()
    return any(c == typed or c.startswith(typed + " ") for c in option.choices)


class OptionReader:
    """A command's options from the words typed after it, people named as `names` knows them."""

    def __init__(self, names: Names) -> None:
        self.names = names

    def options(self, spec: CommandSpec, args: list[str]) -> dict[str, Any]:
        """option:value pairs, or positional values: each goes to the first option left that
        it fits (a user is written @name, a number is one); a game's name or a move may run
        on over several words ("game:The Crown", "/move 11 15"), a choice as far as its
        words go ("/notify every turn")."""
        options = {o.name: o for o in spec.options}
        kinds = {o.name: o.kind for o in spec.options}
        given: dict[str, str] = {}
        free = list(kinds)
        last: str | None = None  # the option a following plain word may run on into
        for arg in args:
            m = _OPTION.match(arg)
            if m and m.group(1) in kinds:
                name, value = m.groups()
            elif (
                last is not None
                and not arg.startswith(("@", "#"))
                and not self._chosen_already(options[last], given[last], arg)
            ):
                given[last] += f" {arg}"
                continue
            elif free:  # the first option it fits; else the first left, to say why not
                name = next((n for n in free if _fits(options[n], arg)), free[0])
                value = arg
            else:
                raise ValueError(self._too_many(spec, arg))
            if name in free:
                free.remove(name)
            given[name] = value
            last = name if kinds[name] in ("game", "text") else None
        values: dict[str, Any] = {}
        for name, value in given.items():
            values[name] = self.value(kinds[name], value, name)
        return values

    @staticmethod
    def _chosen_already(option: Option, typed: str, word: str) -> bool:
        """A choice typed whole, or begun, that `word` does not go on with (`/board 1 yes
        2`): the word is another option's, or one too many."""
        return _chosen(option, typed) and not _chosen(option, f"{typed} {word}")

    @staticmethod
    def _too_many(spec: CommandSpec, arg: str) -> str:
        if not spec.options:
            # i18n: {command}: a command's name as typed; {value}: what was typed, quoted
            said = _("/{command} takes no options, so {value} is one too many.")
            return said.format(command=spec.name, value=quoted(arg))
        # i18n: {usage}: how the command is typed ('/move move: [match:]'), as typed
        said = _("/{command} is written {usage}, so {value} is one too many.")
        return said.format(command=spec.name, usage=spec.usage(), value=quoted(arg))

    def value(self, kind: str, text: str, name: str) -> Any:
        if kind == "user":  # the name typed is the one they go by, here and everywhere
            name = text.lstrip("@")
            return Someone(self.names.user_id(text), name, name)
        if kind == "number":
            if not _MATCH.fullmatch(text):
                example = "3" if name == "level" else "12"
                # i18n: {option}: an option's name as typed ('level', 'match'); {value}: what
                # was typed, quoted
                said = _("A {option} is a number like {example}, not {value}.")
                raise ValueError(said.format(option=name, example=example, value=quoted(text)))
            return int(text.lstrip("#"))
        return text  # a game's name is read by the rules' get_game, as on Discord
