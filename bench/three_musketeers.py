"""The shipped Three Musketeers strategy, checked in full as the bot reads it:
`python bench/three_musketeers.py`.

From the start, every Musketeer move is followed and the stored move played at each enemy
turn, all through `rules` (moves, outcomes) and `ai.three_musketeers` (the reader), not the
C tool that wrote the file (`tm-solve verify` checks it with its own code, in under a
second). Prints the positions met, that every game ends in an enemy win, the time taken
and lookups per second; exits 1 at the first position the strategy fails."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.three_musketeers import stored_move
from ai.three_musketeers.numbering import canonical
from rules import get_game

GAME = get_game("three-musketeers")


def _number(position: object) -> int:
    board = position.board  # type: ignore[attr-defined]
    cells = [i for i, piece in enumerate(board) if piece == "M"]
    return canonical(cells, [i for i, piece in enumerate(board) if piece == "E"]).number


def main() -> int:
    started = time.perf_counter()
    turn = {0: GAME.initial_position()}
    musketeer_positions = enemy_positions = lined_up = ply = 0
    while turn:
        faced: dict[int, object] = {}
        for position in turn.values():
            for move in GAME.legal_moves(position):
                child = GAME.apply(position, move)
                outcome = GAME.outcome(child)
                if outcome is not None:
                    if outcome.winner != "e":
                        print(f"FAILED: the Musketeers win after {GAME.encode(child)}")
                        return 1
                    lined_up += 1
                else:
                    faced.setdefault(_number(child), child)
        musketeer_positions += len(turn)
        enemy_positions += len(faced)
        turn = {}
        for position in faced.values():
            found = stored_move(position)
            if found is None:
                print(f"FAILED: no stored move for {GAME.encode(position)}")
                return 1
            child = GAME.apply(position, found[0])
            if GAME.outcome(child) is not None:
                print(f"FAILED: the Musketeers win after {GAME.encode(child)}")
                return 1
            turn.setdefault(_number(child), child)
        ply += 2
        print(f"ply {ply:2d}: {musketeer_positions:9,} Musketeer, {enemy_positions:9,} enemy "
              f"positions so far ({time.perf_counter() - started:.0f} s)", flush=True)  # fmt: skip
    seconds = time.perf_counter() - started
    print(
        f"verified: {musketeer_positions:,} Musketeer positions, {enemy_positions:,} enemy "
        f"positions (each looked up: {enemy_positions / seconds:,.0f} a second, with the "
        f"rules' own moves), {lined_up:,} Musketeer moves lining them up; every game an "
        f"enemy win; {seconds:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
