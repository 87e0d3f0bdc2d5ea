"""Reading the options people type: sides, time limits, the opening and the captures."""

from __future__ import annotations

import re
from typing import Any

from bot.errors import Refusal
from rules import Game, UnknownGame, counted, get_game, quoted

MINUTE, HOUR, DAY = 60, 3600, 86400
MIN_MOVE_SECONDS, MAX_MOVE_SECONDS = MINUTE, 14 * DAY
#: the time per move when neither the challenge nor the settings say (DEFAULT_MOVE_TIME)
DEFAULT_MOVE_TIME = "1d"
_UNITS = {"s": 1, "m": MINUTE, "h": HOUR, "d": DAY}
_DURATION = re.compile(r"([0-9]+)\s*([smhd])")
#: longer numbers are out of range anyway (and int() of thousands of digits is refused)
_MAX_DIGITS = 9


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
    names = ", ".join(n.lower().removeprefix("the ") for n in game.side_names.values())
    raise Refusal(f"{game.name} has no side called {quoted(text)}: choose {names} or random.")


#: where a game starts: from its start, or from a ballot (Checkers' three-move openings)
OPENINGS = ("start", "ballot")
BALLOT = "ballot"
#: whether captures are compulsory (the rules) or free (free jumps, Checkers' house rule)
CAPTURES = ("forced", "free")


def _chosen(text: str | None, choices: tuple[str, ...], option: str) -> str:
    """The choice typed (the first, by default), refused if it is none of them."""
    wanted = " ".join((text or "").lower().split()) or choices[0]
    if wanted not in choices:
        raise Refusal(f"{option} is {' or '.join(choices)}, not {quoted(text or '')}.")
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
            f"captures:free (free jumps) is a house rule of Checkers: {game.name} is "
            "played by its own rules."
        ) from None


def opening_choice(game: Game[Any, Any], text: str | None) -> str | None:
    """BALLOT for a ballot pair (Checkers' three-move openings), None for the start."""
    if _chosen(text, OPENINGS, "opening") == "start":
        return None
    if not game.ballots:
        raise Refusal(
            f"opening:ballot draws one of Checkers' three-move openings: {game.name} has no "
            "ballots, so it is played from the start."
        )
    if game.house_rule:
        raise Refusal(
            "A ballot pair is Checkers as its tournaments play it, captures forced: choose "
            "opening:ballot or captures:free, not both."
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
            raise Refusal(
                f"{quoted(value)} is not a time limit: write it like 30m, 2h, 1d or 1h30m."
            )
        if any(len(n) > _MAX_DIGITS for n, _ in parts):
            raise Refusal("The time per move must be between 1 minute and 14 days.")
        seconds = sum(int(n) * _UNITS[unit] for n, unit in parts)
    if not MIN_MOVE_SECONDS <= seconds <= MAX_MOVE_SECONDS:
        raise Refusal("The time per move must be between 1 minute and 14 days.")
    return seconds


def duration_text(seconds: float) -> str:
    """Exactly, in its two largest units: '2 days', '1 hour 30 minutes', '40 seconds'."""
    left = max(0, round(seconds))
    parts = []
    for unit, size in (("day", DAY), ("hour", HOUR), ("minute", MINUTE), ("second", 1)):
        n, left = divmod(left, size)
        if n:
            parts.append(counted(n, unit))
    return " ".join(parts[:2]) or "0 seconds"
