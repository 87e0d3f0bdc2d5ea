"""Perft speed: `python bench/perft.py GAME DEPTH [--position TEXT]` prints leaf nodes per second.

For Checkers it also walks the same tree with py-draughts (captures forced, last ply counted
without being made, as ours does) and prints the ratio ours/theirs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import get_game


def timed(count: Any, *args: Any) -> tuple[int, float]:
    start = time.perf_counter()
    leaves = count(*args)
    return leaves, time.perf_counter() - start


def py_draughts_perft(fen: str, depth: int) -> int:
    from draughts import AmericanBoard
    from draughts.boards.american import _CORE

    board = AmericanBoard.from_fen(fen)

    def moves() -> list[Any]:
        return board._legal_moves_from_core(_CORE, max_capture=False, captures_optional=False)

    def walk(d: int) -> int:
        legal = moves()
        if d == 1:
            return len(legal)
        total = 0
        for move in legal:
            board.push(move)
            total += walk(d - 1)
            board.pop()
        return total

    return walk(depth)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("depth", type=int)
    parser.add_argument("--position")
    args = parser.parse_args()
    game = get_game(args.game)
    position = game.decode(args.position) if args.position else game.initial_position()
    leaves, seconds = timed(game.perft, position, args.depth)
    ours = leaves / seconds
    print(f"{game.id} perft({args.depth}) = {leaves} in {seconds:.2f} s: {ours:,.0f} leaves/s")
    if game.id == "checkers" and args.depth >= 1:
        theirs_leaves, theirs_s = timed(py_draughts_perft, game.encode(position), args.depth)
        theirs = theirs_leaves / theirs_s
        print(
            f"py-draughts 1.10.1 (forced captures) = {theirs_leaves} in {theirs_s:.2f} s: "
            f"{theirs:,.0f} leaves/s"
        )
        print(f"ratio ours/theirs: {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
