"""Three Musketeers' evaluation against the solved game (the table `make three-musketeers-strategy`
writes to out/three-musketeers, a signed byte a position: above 0 the enemy wins).

    python bench/three_musketeers_evaluation.py fit [--games 600]
        plays seeded games (levels 1 and 2, with random moves mixed in), labels every
        position with its exact outcome and fits the evaluation's WEIGHTS by logistic
        regression; prints them as ai/evaluation/three_musketeers.py writes them.
    python bench/three_musketeers_evaluation.py levels [--positions 200] [--levels 1,2,3,4]
        for each level, the share of won positions where its move keeps the win: enemy
        positions on the stored strategy (random Musketeers), and Musketeer positions left
        by a level-2 enemy's slips (random Musketeers).
"""

from __future__ import annotations

import argparse
import mmap
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import choose_move
from ai.evaluation.three_musketeers import WEIGHTS, features
from ai.three_musketeers import stored_move
from ai.three_musketeers.numbering import index, ply_of
from bench.fitting import computer, fit_weights, play
from rules import get_game

GAME = get_game("three-musketeers")


class SolvedTable:
    """The solver's values: plies to the end, above 0 an enemy win, below a Musketeers' one."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.plies: dict[int, mmap.mmap] = {}

    def value(self, position: Any) -> int:
        musketeers = [cell for cell, piece in enumerate(position.board) if piece == "M"]
        enemies = [cell for cell, piece in enumerate(position.board) if piece == "E"]
        ply = ply_of(len(enemies), position.turn == "m")
        if ply not in self.plies:
            with open(self.directory / f"ply-{ply:02d}.i8", "rb") as file:
                self.plies[ply] = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        byte = self.plies[ply][index(musketeers, enemies)]
        return byte - 256 if byte > 127 else byte


def fit(table: SolvedTable, games: int) -> None:
    rng = random.Random(5)
    rows: list[list[int]] = []
    won: list[float] = []  # 1: the Musketeers win
    for _ in range(games):
        player = computer(GAME, rng, (1, 2), rng.choice((0.05, 0.15, 0.3)))
        for position in play(GAME, {"e": player, "m": player}).positions:
            rows.append(list(features(position).values()))
            won.append(float(table.value(position) < 0))
    share = np.mean(won)
    print(f"{len(won):,} positions from {games} games; the Musketeers win {share:.1%} of them")
    fit_weights(list(WEIGHTS), rows, won)


def _strategy(position: Any) -> Any:
    """The stored strategy's move (it covers every enemy position its games reach)."""
    found = stored_move(position)
    assert found is not None, "the strategy does not cover a position of its own games"
    return found[0]


def _won_positions(table: SolvedTable, side: str, count: int) -> list[Any]:
    """Won positions of `side` to move with a choice to make, from seeded games."""
    rng = random.Random(3 if side == "e" else 9)
    enemy = computer(GAME, rng, (2,)) if side == "m" else _strategy

    def randomly(position: Any) -> Any:
        return rng.choice(GAME.legal_moves(position))

    found: list[Any] = []
    while len(found) < count:
        for position in play(GAME, {"e": enemy, "m": randomly}).positions:
            if (
                position.turn == side
                and GAME.outcome(position) is None
                and len(GAME.legal_moves(position)) > 1
                and 4 < position.board.count("E") < 20
                and (table.value(position) > 0) == (side == "e")
                and rng.random() < 0.15
                and len(found) < count
            ):
                found.append(position)
    return found


def levels(table: SolvedTable, count: int, numbers: list[int]) -> None:
    for side, name in (("e", "the enemy"), ("m", "the Musketeers")):
        positions = _won_positions(table, side, count)
        for number in numbers:
            kept = 0
            for n, position in enumerate(positions):
                child = GAME.apply(
                    position,
                    GAME.parse_move(position, choose_move(GAME.id, position, level=number, seed=n)),
                )
                kept += (table.value(child) > 0) == (side == "e")
            print(
                f"level {number} as {name:15s} keeps the win in {kept}/{count} "
                f"({kept / count:.1%}) won positions"
            )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("command", choices=["fit", "levels"])
    parser.add_argument("--table", type=Path, default=Path("out/three-musketeers"))
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--levels", default="1,2,3,4")
    args = parser.parse_args()
    if not (args.table / "ply-00.i8").exists():
        parser.error(f"no solved table in {args.table}: `make three-musketeers-strategy` writes it")
    table = SolvedTable(args.table)
    if args.command == "fit":
        fit(table, args.games)
    else:
        levels(table, args.positions, [int(n) for n in args.levels.split(",")])


if __name__ == "__main__":
    main()
