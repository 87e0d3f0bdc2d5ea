"""The Crown: material (a side without a Prince cannot win), and the race of the two Princes
to the crown, a13 (steps measured on the board's own `step_neighbours`): a weighted sum of
counts for the side to move, the weights fitted to the outcomes of self-play."""

from __future__ import annotations

from rules import get_game

from . import BoardPosition, Computer, Evaluator, WeightedSum, distances

GAME = get_game("the-crown")
CROWN = GAME.cell_names.index("a13")
TO_CROWN = distances(GAME.step_neighbours, CROWN)
NO_PRINCE = 30  # the steps to the crown counted for a side without a Prince
LETTERS = {"w": ("P", "K", "S"), "b": ("p", "k", "s")}

#: what each count is worth to the side to move (100: one in the logit of its chance to
#: win); fitted by `bench/fit_evaluation.py the-crown`. A Prince is worth "princes" less
#: "steps" times (NO_PRINCE less its steps): 103 at home (12 steps), 247 halfway, 607 (with
#: "next") one step from the crown.
WEIGHTS = {
    "princes": -329,  # ours less theirs
    "knights": 155,
    "soldiers": 16,
    "steps": -24,  # our Prince's steps to the crown
    "their_steps": 24,
    "next": 240,  # our Prince is one step from the crown
    "their_next": -248,
}


def _side(board: str, letters: tuple[str, str, str]) -> tuple[int, int, int, int]:
    """Princes, Knights, Soldiers, and the Prince's steps to the crown."""
    prince, knight, soldier = letters
    at = board.find(prince)
    steps = NO_PRINCE if at < 0 else TO_CROWN[at]
    return int(at >= 0), board.count(knight), board.count(soldier), steps


def counts(position: BoardPosition) -> tuple[int, ...]:
    """The counts WEIGHTS weighs (in its order), for the side to move."""
    board = position.board
    them = "b" if position.turn == "w" else "w"
    princes, knights, soldiers, steps = _side(board, LETTERS[position.turn])
    their_princes, their_knights, their_soldiers, their_steps = _side(board, LETTERS[them])
    return (
        princes - their_princes,
        knights - their_knights,
        soldiers - their_soldiers,
        steps,
        their_steps,
        int(steps == 1),
        int(their_steps == 1),
    )


SUM = WeightedSum(WEIGHTS, counts)
features, evaluate = SUM.features, SUM.evaluate

EVALUATOR = Evaluator(
    evaluate,
    lambda position, move: move.dst >= 0 and position.board[move.dst] != ".",
    check_extension=True,
    # 58.8% over 80 games at 0.3 s a move against none (docs/computer-opponent.md)
    check_plies=4,
)
COMPUTER = Computer(game_id="the-crown", evaluator=EVALUATOR, nodes=20_000, scale=139.0)
