"""The draughts family's evaluation (International, Brazilian, Russian, Italian and Turkish
draughts; each game's module weighs it): material, the men's advance toward the crowning row
and the men one step from it, the rear row kept while the opponent has men, the centre, and
trading down when ahead, counted for the side to move.

Its tables are built once a game, at import, from what the rules publish: the start's pieces
(`w` and `b` men, `W` and `B` kings), `cell_names` and `step_neighbours` (a king's step:
diagonal, or orthogonal in Turkish draughts); they are read on the positions' bitboards (bit
i: the game's i-th cell). A side's rear row is the row of its start farthest from the
opponent's men (the back row; in Turkish draughts the second row, its men never standing on
the first), its crowning row the row farthest from its own start, and the centre the cells
farthest from the edges and one step less (the middle four by four: the 8 central dark squares
of the diagonal boards, 16 squares of Turkish draughts' board).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from rules import Game, get_game

from . import BitboardPosition, Computer, Evaluator, WeightedSum, distances

#: the counts, ours less theirs, in the order every game's WEIGHTS lists them
FEATURES = (
    "men",
    "kings",
    "advance",  # rows the men have come from their own rear row
    "near",  # men one step from crowning
    "back",  # men on their own rear row while the opponent has men
    "centre",  # men and kings on the central cells
    "trade",  # the material lead in half men times the pieces off the board, over 4
)

#: what each count (ours less theirs) is worth to the side to move (100: one in the logit of
#: its chance to win) in International, Brazilian and Russian draughts, set by hand: a flying
#: king three men, a man one step from crowning a fifth of one
FLYING_KING_WEIGHTS = {
    "men": 100,
    "kings": 300,
    "advance": 2,
    "near": 20,
    "back": 5,
    "centre": 5,
    "trade": 1,
}

#: a position's White men, White kings, Black men and Black kings
Boards = tuple[int, int, int, int]


class SharedKingsPosition(Protocol):
    """The fields of a diagonal draughts position: each side's pieces, the kings of both."""

    @property
    def white(self) -> int: ...
    @property
    def black(self) -> int: ...
    @property
    def kings(self) -> int: ...
    @property
    def turn(self) -> str: ...


def shared_kings(position: SharedKingsPosition) -> Boards:
    """The four boards of International, Brazilian, Russian and Italian draughts' positions."""
    white, black, kings = position.white, position.black, position.kings
    return white & ~kings, white & kings, black & ~kings, black & kings


def men_and_kings(position: BitboardPosition) -> Boards:
    """The four boards of Turkish draughts' positions (and Checkers')."""
    return position.white_men, position.white_kings, position.black_men, position.black_kings


def _mask(cells: Iterable[int]) -> int:
    return sum(1 << cell for cell in cells)


@dataclass(frozen=True)
class _Side:
    """One side's masks: its men's rows from the rear row (row, mask of its cells), the rear
    row, the row one step from crowning."""

    rows: tuple[tuple[int, int], ...]
    rear: int
    near: int

    @classmethod
    def of(cls, neighbours: tuple[tuple[int, ...], ...], own: set[int], enemy: set[int]) -> _Side:
        from_enemy = distances(neighbours, *enemy)
        rear_steps = max(from_enemy[c] for c in own)
        rear = [c for c in own if from_enemy[c] == rear_steps]
        from_own = distances(neighbours, *own)
        crowning = {c for c, steps in enumerate(from_own) if steps == max(from_own)}
        to_crown = distances(neighbours, *crowning)
        far = to_crown[rear[0]]
        rows = tuple(
            (row, _mask(c for c, steps in enumerate(to_crown) if far - steps == row))
            for row in range(1, far + 1)
        )
        return cls(rows, _mask(rear), _mask(c for c, steps in enumerate(to_crown) if steps == 1))

    def counts(self, men: int, kings: int, centre: int) -> tuple[int, int, int, int, int, int]:
        """Men, kings, advance, near, rear row and centre."""
        advance = 0
        for row, mask in self.rows:
            if men & mask:
                advance += row * (men & mask).bit_count()
        return (
            men.bit_count(),
            kings.bit_count(),
            advance,
            (men & self.near).bit_count(),
            (men & self.rear).bit_count(),
            ((men | kings) & centre).bit_count(),
        )


def _centre(neighbours: tuple[tuple[int, ...], ...]) -> int:
    most = max(len(n) for n in neighbours)
    inward = distances(neighbours, *(c for c, n in enumerate(neighbours) if len(n) < most))
    return _mask(c for c, steps in enumerate(inward) if steps >= max(inward) - 1)


class DraughtsEvaluation:
    """One game's counts (FEATURES, read by `boards` on its positions) and their weighted sum;
    `king_men`: what a king is worth in men where the trade count weighs the lead (a flying
    king about three)."""

    def __init__(
        self,
        game_id: str,
        weights: Mapping[str, int],
        *,
        king_men: float,
        boards: Callable[[Any], Boards],
    ) -> None:
        if tuple(weights) != FEATURES:
            raise ValueError(f"{game_id}'s weights must name {', '.join(FEATURES)}, in order")
        game: Game[Any, Any] = get_game(game_id)
        start = game.initial_position()
        index = {name: i for i, name in enumerate(game.cell_names)}
        where = {
            letter: _mask(index[n] for n, p in game.pieces(start).items() if p == letter)
            for letter in "wWbB"
        }
        if boards(start) != (where["w"], where["W"], where["b"], where["B"]):
            raise ValueError(f"{game_id}'s positions do not hold its pieces as `boards` reads")
        white = {i for i in range(len(index)) if where["w"] >> i & 1}
        black = {i for i in range(len(index)) if where["b"] >> i & 1}
        neighbours = game.step_neighbours
        self.game, self._boards = game, boards
        self._white, self._black = (
            _Side.of(neighbours, white, black),
            _Side.of(neighbours, black, white),
        )
        self._centre = _centre(neighbours)
        self._start = len(white) + len(black)
        self._king_halves = round(2 * king_men)
        self.sum = WeightedSum(weights, self.counts)
        self.features, self.evaluate = self.sum.features, self.sum.evaluate

    def counts(self, position: Any) -> tuple[int, ...]:
        """The counts FEATURES names, for the side to move."""
        wm, wk, bm, bk = self._boards(position)
        ours = self._white.counts(wm, wk, self._centre)
        theirs = self._black.counts(bm, bk, self._centre)
        if position.turn == "b":
            ours, theirs = theirs, ours
        men, kings = ours[0] - theirs[0], ours[1] - theirs[1]
        back = (ours[4] if theirs[0] else 0) - (theirs[4] if ours[0] else 0)
        off = self._start - ours[0] - ours[1] - theirs[0] - theirs[1]
        return (
            men,
            kings,
            ours[2] - theirs[2],
            ours[3] - theirs[3],
            back,
            ours[5] - theirs[5],
            int((2 * men + self._king_halves * kings) * off / 4),
        )

    def computer(self, *, nodes: int, scale: float) -> Computer:
        """The game's Computer: this evaluation, and captures (forced) played out past the
        horizon."""
        game = self.game
        evaluator = Evaluator(
            self.evaluate, lambda position, move: game.is_jump(move), quiescence=True
        )
        return Computer(game_id=game.id, evaluator=evaluator, nodes=nodes, scale=scale)
