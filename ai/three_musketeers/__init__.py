"""Three Musketeers played perfectly: the enemy's stored winning strategy from the start
(the game is solved: the enemy wins in 33 plies), a move back onto it where one leads there,
and exact search where the strategy does not reach (late in the game, or in a position it
never leads to)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules import counted, get_game

from .exact import ENEMY_WINS, MUSKETEERS_WIN, Exact, OutOfTime, further
from .numbering import SYMMETRIES, canonical, ply_of
from .strategy import DamagedStrategy, shipped

GAME = get_game("three-musketeers")
MUSKETEERS, ENEMY = GAME.sides
#: the proof of an enemy move off the strategy after which it covers every Musketeer reply
#: (the value is that move's: another move might win sooner)
REJOINED = "a move back onto the stored strategy"


@dataclass(frozen=True)
class Value:
    """Who wins with best play on both sides (the winner hurrying, the loser holding out),
    and in how many plies."""

    winner: str
    plies: int

    @classmethod
    def of(cls, value: int) -> Value:
        return cls(ENEMY if value > 0 else MUSKETEERS, 100 - abs(value))

    def __str__(self) -> str:
        who = "enemy wins" if self.winner == ENEMY else "musketeers win"
        return f"{who} in {counted(self.plies, 'ply', 'plies')}"


@dataclass(frozen=True)
class Verdict:
    """A position's value, if proven, and its moves' values where known (best first)."""

    value: Value | None
    moves: tuple[tuple[Any, Value], ...] = ()
    proof: str = ""  # "the stored strategy", REJOINED, "exact search" or "the game is over"


def _masks(position: Any) -> tuple[int, int]:
    """The Musketeers' and the enemy's cells as bit masks (bit = cell)."""
    musketeers = enemies = 0
    for cell, piece in enumerate(position.board):
        if piece == "M":
            musketeers |= 1 << cell
        elif piece == "E":
            enemies |= 1 << cell
    return musketeers, enemies


def stored_move(position: Any) -> tuple[Any, int] | None:
    """The strategy's move and value (plies to the enemy's win) at an enemy position it
    covers, else None."""
    board = position.board
    musketeers = [cell for cell, piece in enumerate(board) if piece == "M"]
    enemies = [cell for cell, piece in enumerate(board) if piece == "E"]
    ply = ply_of(len(enemies), musketeers_to_move=False)
    if position.turn != ENEMY or ply < 1 or GAME.outcome(position) is not None:
        return None
    number, symmetry = canonical(musketeers, enemies)
    found = shipped().find(ply, number)
    if found is None:
        return None
    table = SYMMETRIES[symmetry]  # each symmetry is its own inverse
    stored_order = sorted(
        ((table[m.path[0]], table[m.path[1]]), m) for m in GAME.legal_moves(position)
    )
    if found.move >= len(stored_order):
        raise DamagedStrategy(f"the stored move of position {number} of ply {ply} is not legal")
    return stored_order[found.move][1], found.plies


def _strategy_value(position: Any) -> int | None:
    """A value the strategy proves: the game is over, or an enemy position it covers, or a
    Musketeer position whose every move leads to one of those; else None."""
    outcome = GAME.outcome(position)
    if outcome is not None:
        return ENEMY_WINS if outcome.winner == ENEMY else MUSKETEERS_WIN
    if position.turn == ENEMY:
        stored = stored_move(position)
        return None if stored is None else ENEMY_WINS - stored[1]
    values = [_strategy_value(GAME.apply(position, m)) for m in GAME.legal_moves(position)]
    known = [v for v in values if v is not None]
    return further(min(known)) if len(known) == len(values) else None


def _ranked(position: Any, values: dict[Any, int]) -> tuple[tuple[Any, Value], ...]:
    """Moves with their values, best first for the side to move."""
    sign = 1 if position.turn == ENEMY else -1
    return tuple((m, Value.of(values[m])) for m in sorted(values, key=lambda m: -sign * values[m]))


def solve(position: Any, seconds: float = 3.0, nodes: int | None = None) -> Verdict:
    """The position's value: from the stored strategy if it proves it, else by exact search
    within `seconds` and `nodes` positions; Verdict(None) if neither can tell."""
    proven = _strategy_value(position)
    if proven is not None and GAME.outcome(position) is not None:
        return Verdict(Value.of(proven), (), "the game is over")
    moves = GAME.legal_moves(position)
    if proven is not None or position.turn == ENEMY:
        after = {m: _strategy_value(GAME.apply(position, m)) for m in moves}
        known = {m: further(v) for m, v in after.items() if v is not None}
        if proven is not None:
            return Verdict(Value.of(proven), _ranked(position, known), "the stored strategy")
        if known and max(known.values()) > 0:
            # off the strategy, a move that leads back onto it: every Musketeer reply meets it
            return Verdict(Value.of(max(known.values())), _ranked(position, known), REJOINED)
    exact = Exact(seconds, nodes)
    values: dict[Any, int] = {}
    try:
        for move in moves:
            musketeers, enemies = _masks(child := GAME.apply(position, move))
            values[move] = further(exact.value(musketeers, enemies, child.turn == MUSKETEERS))
    except OutOfTime:
        return Verdict(None)
    best = max(values.values()) if position.turn == ENEMY else min(values.values())
    return Verdict(Value.of(best), _ranked(position, values), "exact search")


def perfect_move(position: Any, seconds: float) -> tuple[Any, Value, str] | None:
    """The move perfect play makes, the value it keeps: the strategy's move where it
    covers the enemy's position, else the best proven move (the fastest win, the longest
    resistance), and what proves it; None if neither the strategy nor `seconds` of exact
    search can tell."""
    stored = stored_move(position)
    if stored is not None:
        return stored[0], Value(ENEMY, stored[1]), "the stored strategy"
    verdict = solve(position, seconds)
    if verdict.value is None or not verdict.moves:
        return None
    move, value = verdict.moves[0]
    return move, value, verdict.proof
