"""3 Crowns: a weighted sum of counts for the side to move, the weights fitted to the
outcomes of self-play (`bench/fit_evaluation.py three-crowns`): captures (three win),
crowned stones, and lines of three with two stones and an empty cell: two crowned stones
threaten a Crowned Troika (a win), live where a third crowned stone stands next to the empty
cell, and two uncrowned ones a crowning."""

from __future__ import annotations

import re
from operator import itemgetter

from rules import get_game

from . import Computer, CrownsPosition, Evaluator, WeightedSum

SIZE = 8
NEIGHBOURS = get_game("three-crowns").step_neighbours

#: what each count is worth to the side to move (100: one in the logit of its chance to
#: win); fitted by `bench/fit_evaluation.py three-crowns`
WEIGHTS = {
    "captures": 42,  # ours less theirs
    "crowned": 56,  # our crowned stones less theirs
    "crown_threats": 31,  # two of our crowned stones and an empty cell in a line
    "their_crown_threats": -26,
    "live_threats": 345,  # empty cells where a step of ours makes a Crowned Troika
    "their_live_threats": -124,
    "troika_threats": 4,  # two of our uncrowned stones and an empty cell in a line
    "their_troika_threats": -4,
    "crownings": 12,  # empty cells where a step of ours crowns the stone
    "their_crownings": -12,
}


def _lines() -> tuple[tuple[int, ...], ...]:
    """Every rank, file and diagonal of three cells or more (index = rank * 8 + file)."""
    out = []
    for dr, df in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for rank in range(SIZE):
            for file in range(SIZE):
                if 0 <= rank - dr < SIZE and 0 <= file - df < SIZE:
                    continue  # not where a line starts
                cells = []
                r, f = rank, file
                while 0 <= r < SIZE and 0 <= f < SIZE:
                    cells.append(r * SIZE + f)
                    r, f = r + dr, f + df
                if len(cells) >= 3:
                    out.append(tuple(cells))
    return tuple(out)


LINES = _lines()
#: the cell at each place of the lines' text (-1: the "|" ending a line)
_CELLS = tuple(cell for line in LINES for cell in (*line, -1))
#: the board's lines as one text, each line followed by "|" (so no window spans two lines)
_READ = itemgetter(*_CELLS)
#: where two stones of a kind and an empty cell make three in a row
_GAPS = {
    stone: re.compile(f"(?=({stone}{stone}\\.|\\.{stone}{stone}|{stone}\\.{stone}))")
    for stone in "GBgb"
}


def _threats(text: str, stone: str) -> int:
    """Three cells in a row with two of `stone` and one empty (counted once a pattern a
    line stretch: close enough for an evaluation)."""
    two = stone * 2
    return text.count(two + ".") + text.count("." + two) + text.count(f"{stone}.{stone}")


def _live(board: str, text: str, stone: str) -> int:
    """Empty cells where a step of a `stone` makes three in a row (with crowned stones a
    Crowned Troika, with uncrowned ones a crowning): the gap of two in a line, next to one
    more such stone than the two beside it in that line."""
    cells = set()
    for found in _GAPS[stone].finditer(text):
        pattern = found.group(1)
        gap = _CELLS[found.start() + pattern.index(".")]
        beside = 2 if pattern[1] == "." else 1
        if sum(board[n] == stone for n in NEIGHBOURS[gap]) > beside:
            cells.add(gap)
    return len(cells)


def counts(position: CrownsPosition) -> tuple[int, ...]:
    """The counts WEIGHTS weighs (in its order), for the side to move."""
    board = position.board
    green_caps, black_caps = position.captures
    text = "".join(_READ(board + "|"))
    us, them = ("g", "b") if position.turn == "g" else ("b", "g")
    ours, theirs = us.upper(), them.upper()
    captures = green_caps - black_caps
    our_threats, their_threats = _threats(text, ours), _threats(text, theirs)
    our_troikas, their_troikas = _threats(text, us), _threats(text, them)
    return (
        captures if us == "g" else -captures,
        board.count(ours) - board.count(theirs),
        our_threats,
        their_threats,
        _live(board, text, ours) if our_threats else 0,
        _live(board, text, theirs) if their_threats else 0,
        our_troikas,
        their_troikas,
        _live(board, text, us) if our_troikas else 0,
        _live(board, text, them) if their_troikas else 0,
    )


SUM = WeightedSum(WEIGHTS, counts)
features, evaluate = SUM.features, SUM.evaluate

EVALUATOR = Evaluator(evaluate, lambda position, move: len(move.path) == 3)
COMPUTER = Computer(game_id="three-crowns", evaluator=EVALUATOR, nodes=20_000, scale=81.0)
