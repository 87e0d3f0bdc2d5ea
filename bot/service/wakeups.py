"""Who the service wakes, and when: the sweeper when something falls due before its next
look, the computer player when it is its turn; and one lock a match, so that this process
decides one action of a match at a time."""

from __future__ import annotations

import asyncio
import math
import weakref
from collections.abc import Callable

from bot.service.views import MatchView


class SweeperAlarm:
    def __init__(self) -> None:
        #: when the sweeper looks next (it sets this), and the event that wakes it sooner
        self.wake_at = math.inf
        self.changed = asyncio.Event()

    def wake_by(self, when: float | None) -> None:
        """Something falls due at `when`: wake the sweeper if that is before its next look."""
        if when is not None and when < self.wake_at:
            self.changed.set()


class ComputerTurns:
    def __init__(self) -> None:
        #: told the id of each match where it has become the computer's turn
        self.listeners: list[Callable[[int], None]] = []

    def tell(self, match: MatchView) -> None:
        """Tell the computer player, if it is its turn in `match`."""
        if match.computer_to_move:
            for listener in self.listeners:
                listener(match.id)


class MatchLocks:
    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def of(self, match_id: int) -> asyncio.Lock:
        """Serialises one match's actions in this process (other processes: the ply guard)."""
        return self._locks.setdefault(match_id, asyncio.Lock())


class TournamentGames:
    def __init__(self) -> None:
        #: told (tournament id, match id or None) when a tournament may move on: one of its
        #: games ended (inside the transaction that ended it: a listener acts once that
        #: match's lock is free), or it began
        self.listeners: list[Callable[[int, int | None], None]] = []

    def ended(self, match_id: int, tournament_id: int | None) -> None:
        if tournament_id is not None:
            self.tell(tournament_id, match_id)

    def tell(self, tournament_id: int, match_id: int | None = None) -> None:
        for listener in self.listeners:
            listener(tournament_id, match_id)
