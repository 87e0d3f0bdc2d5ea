"""Exact values of Three Musketeers positions by plain search over every line (each
position once), within a deadline: cheap late in the game, when few enemies are left and
at most two plies go by for each of them. A value is an int, as the solver stores it: 100
- n when the enemy wins n plies later, -(100 - n) when the Musketeers do, the winner
hurrying and the loser holding out."""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import combinations

from rules import get_game

ENEMY_WINS, MUSKETEERS_WIN = 100, -100
ALL = (1 << 25) - 1
NEIGHBOURS = tuple(
    sum(1 << n for n in cells) for cells in get_game("three-musketeers").step_neighbours
)
LINED = frozenset(
    (1 << a) | (1 << b) | (1 << c)
    for a, b, c in combinations(range(25), 3)
    if a // 5 == b // 5 == c // 5 or a % 5 == b % 5 == c % 5
)


class OutOfTime(Exception):
    pass


def further(value: int) -> int:
    """A value seen one ply earlier."""
    return value - 1 if value > 0 else value + 1


def cells(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Exact:
    """Values by search, each position's remembered; OutOfTime once `seconds` have passed
    or more than `nodes` positions were searched."""

    def __init__(self, seconds: float, nodes: int | None = None) -> None:
        self.known: dict[tuple[int, int, bool], int] = {}
        self.nodes = 0
        self._most = nodes or 1 << 62
        self._deadline = time.perf_counter() + seconds

    def value(self, musketeers: int, enemies: int, musketeers_move: bool) -> int:
        """The value of a position given by its cell masks."""
        key = (musketeers, enemies, musketeers_move)
        found = self.known.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.nodes > self._most or (
            not self.nodes & 1023 and time.perf_counter() > self._deadline
        ):
            raise OutOfTime()
        best: int | None = None
        if musketeers in LINED:
            value = ENEMY_WINS
        elif musketeers_move:
            for a in cells(musketeers):
                for b in cells(NEIGHBOURS[a] & enemies):
                    v = self.value(musketeers ^ (1 << a) ^ (1 << b), enemies ^ (1 << b), False)
                    best = v if best is None else min(best, v)
            value = MUSKETEERS_WIN if best is None else further(best)
        else:
            empty = ALL ^ musketeers ^ enemies
            for a in cells(enemies):
                for b in cells(NEIGHBOURS[a] & empty):
                    v = self.value(musketeers, enemies ^ (1 << a) ^ (1 << b), True)
                    best = v if best is None else max(best, v)
            value = MUSKETEERS_WIN if best is None else further(best)
        self.known[key] = value
        return value
