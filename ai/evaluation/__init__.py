"""Each game's evaluation for the search: a score for the side to move (100: one in the
logit of its chance to win, the weights fitted to self-play or to the solved game), what
counts as a capture (searched first), and the game's search options; and, beside it in the
game's module, the rest of what the computer knows of the game (its `Computer`).

The evaluations read the position objects' documented fields (the board string or the
bitboards of `rules`' position types) and the board geometry every `Game` publishes
(`cell_names`, `step_neighbours`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import mul
from typing import Any, Protocol


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


class UnreadableSolution(Exception):
    """A solved game's stored solution is missing or damaged (its positions are then
    searched like any game's)."""


class Proven(Protocol):
    """A position's value with perfect play: who wins, in how many plies."""

    @property
    def winner(self) -> str: ...
    @property
    def plies(self) -> int: ...


class Solution(Protocol):
    """What a solver tells of a position: its value if proven, its moves' values where
    known (best first), and what proves it."""

    @property
    def value(self) -> Proven | None: ...
    @property
    def moves(self) -> Sequence[tuple[Any, Proven]]: ...
    @property
    def proof(self) -> str: ...


class Solver(Protocol):
    """A solved game's perfect play (Three Musketeers': the module ai.three_musketeers);
    both raise UnreadableSolution when the stored solution cannot be read."""

    def solve(self, position: Any, seconds: float, nodes: int | None = None) -> Solution:
        """The position's value and its moves', within `seconds` and `nodes` positions."""

    def perfect_move(self, position: Any, seconds: float) -> tuple[Any, Proven, str] | None:
        """The move perfect play makes, the value it keeps and what proves it (None: not
        proven within `seconds`)."""


@dataclass(frozen=True, kw_only=True)
class Computer:
    """What the computer knows of one game beside its rules (ai.computers lists them)."""

    game_id: str
    evaluator: Evaluator
    #: positions searched for a move at level 4 (level 3: a fifth of them), and for each
    #: position a review reads
    nodes: int
    #: the review's chance curve, fitted to self-play by bench/fit_win_chance.py: the side
    #: to move's chance to win with a score is 1 / (1 + e^(-score / scale))
    scale: float
    #: plies a level looks ahead at most, by level number, where this game's differ from
    #: the level's own
    depths: Mapping[int, int] = field(default_factory=dict)
    #: perfect play, for a solved game
    solver: Solver | None = None
    #: the evaluation for the game played by a house rule, by the rule's words (Checkers'
    #: free jumps: captures are not forced, so not played out past the horizon)
    house_rules: Mapping[str, Evaluator] = field(default_factory=dict)


def distances(neighbours: tuple[tuple[int, ...], ...], *targets: int) -> tuple[int, ...]:
    """Steps from every cell to the nearest of `targets` (breadth first over
    `step_neighbours`)."""
    far = len(neighbours)
    steps = [far] * far
    frontier = sorted(set(targets))
    for target in frontier:
        steps[target] = 0
    while frontier:
        following = []
        for cell in frontier:
            for n in neighbours[cell]:
                if steps[n] == far:
                    steps[n] = steps[cell] + 1
                    following.append(n)
        frontier = following
    return tuple(steps)
