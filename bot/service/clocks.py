"""When a player's time runs out: the one rule every deadline is set by (a game's start, a
move, a takeback, a vacation taken), and a new game's clock started by it."""

from __future__ import annotations

from bot.service.shared import Shared
from bot.service.views import MatchView
from bot.store import Row, Tx


def deadline(match: MatchView, side: str, now: float, left: float | None = None) -> float | None:
    """When the turn of `side` runs out: `left` seconds (default: a full time per move) from
    now, or from the end of that player's vacation under way (their clock stands still while
    they are away); None while the computer is to move (it is never out of time)."""
    if side == match.computer_side:
        return None
    runs_from = max(now, match.away_until(now, side) or now)
    return runs_from + (match.move_seconds if left is None else left)


async def start_clock(shared: Shared, db: Tx, match_id: int) -> Row | None:
    """Start the clock of a game begun without one (accepted, against the computer, a
    tournament game once its board is posted) by the rule, inside the caller's transaction:
    the row as it is after (None: not started, as the game is over, has a move after its
    opening, or has the computer to move)."""
    row = await shared.matches.get(match_id)
    if row is None:
        return None
    match = MatchView.of(row)
    due = deadline(match, match.side_to_move, shared.settings.clock())
    if due is None:
        return None
    return await shared.matches.start_clock(db, match_id, due, match.opening_plies)
