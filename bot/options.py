"""Reading the options people type: sides and time limits."""

from __future__ import annotations

import re
from typing import Any

from rules import Game

from .errors import Refusal

MINUTE, HOUR, DAY = 60, 3600, 86400
MIN_MOVE_SECONDS, MAX_MOVE_SECONDS = MINUTE, 14 * DAY
DEFAULT_MOVE_SECONDS = DAY
_UNITS = {"s": 1, "m": MINUTE, "h": HOUR, "d": DAY}
_DURATION = re.compile(r"(\d+)\s*([smhd])")


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
    raise Refusal(f"{game.name} has no side called {text[:30]!r}: choose {names} or random.")


def move_seconds(value: int | str | None) -> int:
    """A per-move time limit: seconds, or text like '90m', '1h30m', '2d' (1 minute to 14 days)."""
    if value is None:
        return DEFAULT_MOVE_SECONDS
    if isinstance(value, int):
        seconds = value
    else:
        text = value.strip().lower()
        parts = _DURATION.findall(text)
        if not parts or _DURATION.sub("", text).strip():
            raise Refusal(
                f"{value[:30]!r} is not a time limit: write it like 30m, 2h, 1d or 1h30m."
            )
        seconds = sum(int(n) * _UNITS[unit] for n, unit in parts)
    if not MIN_MOVE_SECONDS <= seconds <= MAX_MOVE_SECONDS:
        raise Refusal("The time per move must be between 1 minute and 14 days.")
    return seconds


def duration_text(seconds: float) -> str:
    """'2 days', '3 hours', '15 minutes', '40 seconds'."""
    for unit, size in (("day", DAY), ("hour", HOUR), ("minute", MINUTE)):
        if seconds >= size:
            n = round(seconds / size)
            return f"{n} {unit}{'s' if n != 1 else ''}"
    n = max(0, round(seconds))
    return f"{n} second{'s' if n != 1 else ''}"
