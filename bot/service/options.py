"""Reading the options people type: sides, time limits, the opening and the captures."""

from __future__ import annotations

import re
from typing import Any

from bot.errors import Refusal
from bot.i18n import N_, Text, ngettext
from rules import Game, UnknownGame, get_game, quoted

MINUTE, HOUR, DAY = 60, 3600, 86400
MIN_MOVE_SECONDS, MAX_MOVE_SECONDS = MINUTE, 14 * DAY
#: the time per move when neither the challenge nor the settings say (DEFAULT_MOVE_TIME)
DEFAULT_MOVE_TIME = "1d"
_UNITS = {"s": 1, "m": MINUTE, "h": HOUR, "d": DAY}
_DURATION = re.compile(r"([0-9]+)\s*([smhd])")
#: longer numbers are out of range anyway (and int() of thousands of digits is refused)
_MAX_DIGITS = 9
_OUT_OF_RANGE = N_("The time per move must be between 1 minute and 14 days.")


def side_choice(game: Game[Any, Any], text: str | None) -> str | None:
    """The side letter asked for, or None for random ('black', 'the enemy', 'b', 'random')."""
    if text is None:
        return None
    wanted = " ".join(text.lower().split()).removeprefix("the ")
    if wanted in ("", "random", "any"):
        return None
    for side, name in game.side_names.items():
        if wanted in (side, name.lower().removeprefix("the ")):
            return side
    first, second = (n.lower().removeprefix("the ") for n in game.side_names.values())
    # i18n: typed: what was typed, quoted; first, second: the sides' names as typed in
    # commands (English: what the option takes), "random" too
    raise Refusal(
        Text(
            "{game} has no side called {typed}: choose {first}, {second} or random.",
            game=Text(game.name),
            typed=quoted(text),
            first=first,
            second=second,
        )
    )


#: where a game starts: from its start, or from a ballot (Checkers' three-move openings)
OPENINGS: tuple[str, str] = ("start", "ballot")
BALLOT = "ballot"
#: whether captures are compulsory (the rules) or free (free jumps, Checkers' house rule)
CAPTURES: tuple[str, str] = ("forced", "free")


def _chosen(text: str | None, choices: tuple[str, str], option: str) -> str:
    """The choice typed (the first, by default), refused if it is neither."""
    wanted = " ".join((text or "").lower().split()) or choices[0]
    if wanted not in choices:
        # i18n: option, first, second: an option's name and its two choices as typed in
        # commands (English, as the option takes them); typed: what was typed, quoted
        raise Refusal(
            Text(
                "{option} is {first} or {second}, not {typed}.",
                option=option,
                first=choices[0],
                second=choices[1],
                typed=quoted(text or ""),
            )
        )
    return wanted


def house_rules(game: Game[Any, Any], captures: str | None) -> Game[Any, Any]:
    """The rules a game is asked for by: its own (captures forced), or with free jumps, a
    house rule of Checkers' casual play."""
    if _chosen(captures, CAPTURES, "captures") == "forced":
        return get_game(game.id)
    try:
        return get_game(f"{game.id}:free-jumps")
    except UnknownGame:
        raise Refusal(
            Text(
                "captures:free (free jumps) is a house rule of Checkers: {game} is played by "
                "its own rules.",
                game=Text(game.name),
            )
        ) from None


def opening_choice(game: Game[Any, Any], text: str | None) -> str | None:
    """BALLOT for a ballot pair (Checkers' three-move openings), None for the start."""
    if _chosen(text, OPENINGS, "opening") == "start":
        return None
    if not game.ballots:
        raise Refusal(
            Text(
                "opening:ballot draws one of Checkers' three-move openings: {game} has no "
                "ballots, so it is played from the start.",
                game=Text(game.name),
            )
        )
    if game.house_rule:
        raise Refusal(
            Text(
                "A ballot pair is Checkers as its tournaments play it, captures forced: choose "
                "opening:ballot or captures:free, not both."
            )
        )
    return BALLOT


def move_seconds(value: int | str | None) -> int:
    """A per-move time limit: seconds, or text like '90m', '1h30m', '2d' (1 minute to 14 days)."""
    if value is None:
        value = DEFAULT_MOVE_TIME
    if isinstance(value, int):
        seconds = value
    else:
        text = value.strip().lower()
        parts = _DURATION.findall(text)
        if not parts or _DURATION.sub("", text).strip():
            # i18n: typed: what was typed, quoted; 30m, 2h, 1d, 1h30m: as typed (English units)
            raise Refusal(
                Text(
                    "{typed} is not a time limit: write it like 30m, 2h, 1d or 1h30m.",
                    typed=quoted(value),
                )
            )
        if any(len(n) > _MAX_DIGITS for n, _ in parts):
            raise Refusal(Text(_OUT_OF_RANGE))
        seconds = sum(int(n) * _UNITS[unit] for n, unit in parts)
    if not MIN_MOVE_SECONDS <= seconds <= MAX_MOVE_SECONDS:
        raise Refusal(Text(_OUT_OF_RANGE))
    return seconds


def duration_text(seconds: float) -> str:
    """Exactly, in its two largest units, in the language spoken now: '2 days', '1 hour 30
    minutes', '40 seconds'."""
    left = max(0, round(seconds))
    parts = []
    for size in (DAY, HOUR, MINUTE, 1):
        n, left = divmod(left, size)
        if n:
            parts.append(_units(n, size))
    return " ".join(parts[:2]) or _units(0, 1)


def _units(n: int, size: int) -> str:
    """'2 days', '1 hour', '30 minutes', '0 seconds'."""
    if size == DAY:
        return ngettext("{n} day", "{n} days", n).format(n=n)
    if size == HOUR:
        return ngettext("{n} hour", "{n} hours", n).format(n=n)
    if size == MINUTE:
        return ngettext("{n} minute", "{n} minutes", n).format(n=n)
    return ngettext("{n} second", "{n} seconds", n).format(n=n)
