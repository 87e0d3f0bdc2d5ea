"""Each game's evaluation for the search: a score for the side to move (100: one in the
logit of its chance to win, the weights fitted to self-play or to the solved game), what
counts as a capture (searched first), and the game's search options.

The evaluations read the position objects' documented fields (the board string or the
bitboards of `rules`' position types) and the board geometry every `Game` publishes
(`cell_names`, `step_neighbours`). A game without an evaluation here is still played: by
search alone, which sees wins, losses and draws but nothing in between.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from operator import mul
from typing import Any, Protocol

from rules import Game


class BoardPosition(Protocol):
    """The fields of a position on a board string (one character a cell, in cell_names
    order): Three Musketeers, 3 Crowns and The Crown."""

    @property
    def board(self) -> str: ...
    @property
    def turn(self) -> str: ...


class CrownsPosition(BoardPosition, Protocol):
    """3 Crowns' position also counts the stones each side has captured (Green, Black)."""

    @property
    def captures(self) -> tuple[int, int]: ...


class BitboardPosition(Protocol):
    """The fields of a Checkers position (bit i is square i + 1)."""

    @property
    def black_men(self) -> int: ...
    @property
    def black_kings(self) -> int: ...
    @property
    def white_men(self) -> int: ...
    @property
    def white_kings(self) -> int: ...
    @property
    def turn(self) -> str: ...


@dataclass(frozen=True)
class Evaluator:
    evaluate: Callable[[Any], int]
    is_capture: Callable[[Any, Any], bool]
    #: captures are forced, so they are played out past the search horizon
    quiescence: bool = False
    #: a side in check answers it with every move past the horizon (so a mate there is seen)
    check_extension: bool = False
    #: past the horizon, a side may check instead of standing on the evaluation, for this
    #: many plies of checks and answers
    check_plies: int = 0


@dataclass(frozen=True)
class WeightedSum:
    """An evaluation that weighs counts: `counts(position)` gives them in `weights`' order
    (what `bench/fit_evaluation.py` fits the weights of)."""

    weights: Mapping[str, int]
    counts: Callable[[Any], tuple[int, ...]]
    _values: tuple[int, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_values", tuple(self.weights.values()))

    def features(self, position: Any) -> dict[str, int]:
        """The counts by name."""
        return dict(zip(self.weights, self.counts(position), strict=True))

    def evaluate(self, position: Any) -> int:
        return sum(map(mul, self._values, self.counts(position)))


def evaluator(game: Game[Any, Any]) -> Evaluator:
    from . import checkers, the_crown, three_crowns, three_musketeers

    known = {
        "checkers": checkers.EVALUATOR,
        "three-musketeers": three_musketeers.EVALUATOR,
        "three-crowns": three_crowns.EVALUATOR,
        "the-crown": the_crown.EVALUATOR,
    }
    if game.id in known:
        return known[game.id]
    return Evaluator(lambda position: 0, lambda position, move: game.is_jump(move))


def distances(neighbours: tuple[tuple[int, ...], ...], target: int) -> tuple[int, ...]:
    """Steps from every cell to `target` (breadth first over `step_neighbours`)."""
    far = len(neighbours)
    steps = [far] * far
    steps[target] = 0
    frontier = [target]
    while frontier:
        following = []
        for cell in frontier:
            for n in neighbours[cell]:
                if steps[n] == far:
                    steps[n] = steps[cell] + 1
                    following.append(n)
        frontier = following
    return tuple(steps)
