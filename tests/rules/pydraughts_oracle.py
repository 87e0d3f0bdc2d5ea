"""pydraughts 0.6.7 as an oracle for the five draughts games, in a process of its own.

Run as `python pydraughts_oracle.py FOLDER`, FOLDER holding pydraughts (`make install-test`
puts it in .venv/pydraughts): its import name, `draughts`, is py-draughts' too, so it is
never imported beside the tests. Each line on stdin is a request, `{"game": id, "position":
text, "depth": n}` (position in our PDN FEN, squares as our games name them); each line on
stdout answers it: `{"moves": [[path, captured], ...], "perft": {"1": n, ...}}`, a path being
the squares a move visits (start, every landing square), captured the squares it takes, both
in our names, and perft counted to `depth` (0: none).

Squares. pydraughts' Game numbers every board row by row from the top (Black's side), left to
right as White sees it, playable squares only: 5 a row on 10x10, 4 on 8x8, all 8 in Turkish;
the top row's first playable square is its second (b8, b10) except in Italian, whose board
is placed with its light corner at White's left (a1 light, a8 dark). So International's
1-50 (FMJD) and Italian's 1-32 (FID: 1 on a8, 32 on h1) are its own numbers; Russian and
Brazilian (a1 dark) and Turkish name squares algebraically and are converted here, not
through pydraughts' own algebraic conversion (which renumbers them, `convert.py`).

How pydraughts 0.6.7 plays them, and where it departs from the rules:
- it lists every capture path: two with the same start, end and captured pieces (a king's
  choice of landing squares that leads to the same captures, a loop taken either way) come
  twice; this oracle keeps the first of each (start, end, captured set), which is one move
  for us (FMJD), and counts perft over those;
- it takes a captured piece off the board at once but keeps its square out of a flying
  king's way, as the Turkish strike wants (FMJD, Russian, Brazilian); in Turkish it bars
  only the last one's square, which is the ban on turning back 180 degrees;
- Russian: it keeps a capture only if no other capture of the same piece begins with the
  same captured pieces and takes more (its way of making a capture go on while it can), so
  a complete capture beside a longer one that took the same first pieces by another route
  would be dropped; no such position turned up among 200,000 searched for it;
- Italian: of the captures meeting a king equally early it keeps them all, looking at the
  first king taken only, where FID's rule 8 (take where the stronger pieces are met first)
  goes on to the next: this oracle keeps those meeting the kings earliest, in order;
- Turkish: it lets a king's plain move pass over pieces (`Piece.get_directional_orthogonal_
  multiple_squares_adjacent_positions` never stops at one: d5-d1 over a man on d2); this
  oracle drops those moves, so the perft it counts is the rules' (kish's 85090 at depth 5
  from the start, where pydraughts alone counts 85146). A man reaching the far row while
  capturing goes on as a man, crowned at the end, as our rules have it;
- no draw rule ends its move generation (one piece each in Turkish, say), as perft wants.
"""

from __future__ import annotations

import importlib
import itertools
import json
import sys
from typing import Any

VARIANTS = {
    "international": "standard",
    "brazilian": "brazilian",
    "russian": "russian",
    "italian": "italian",
    "turkish": "turkish",
}
FILES = "abcdefgh"


def to_theirs(game: str, square: str) -> int:
    """pydraughts' number of one of our squares."""
    if game in ("international", "italian"):
        return int(square)
    file, rank = FILES.index(square[0]), int(square[1:])
    if game == "turkish":
        return (8 - rank) * 8 + file + 1
    return (8 - rank) * 4 + file // 2 + 1


def to_ours(game: str, number: int) -> str:
    """Our name of one of pydraughts' squares."""
    if game in ("international", "italian"):
        return str(number)
    row, column = divmod(number - 1, 8 if game == "turkish" else 4)
    rank = 8 - row
    file = column if game == "turkish" else 2 * column + (1 if row % 2 == 0 else 0)
    return f"{FILES[file]}{rank}"


def their_fen(game: str, position: str) -> str:
    """Our position text with pydraughts' square numbers."""
    side, *lists = position.strip().split(":")
    converted = []
    for pieces in lists:
        squares = [s for s in pieces[1:].split(",") if s]
        names = [
            ("K" if s[0] == "K" else "") + str(to_theirs(game, s.lstrip("K"))) for s in squares
        ]
        converted.append(pieces[0] + ",".join(names))
    return ":".join([side, *converted])


def passes_over_a_piece(board: Any, start: int, end: int) -> bool:
    """Whether a Turkish plain move from start to end crosses an occupied square."""
    (row, column), (end_row, end_column) = divmod(start - 1, 8), divmod(end - 1, 8)
    length = max(abs(end_row - row), abs(end_column - column))
    row_step, column_step = (end_row - row) // length, (end_column - column) // length
    crossed = {(row + i * row_step) * 8 + column + i * column_step + 1 for i in range(1, length)}
    return bool(crossed & set(board.board.searcher.filled_positions))


def legal_moves(board: Any) -> list[tuple[list[int], list[int]]]:
    """A position's moves as (path, captured), one for each (start, end, captured set)."""
    paths, captures = board.legal_moves()
    moves: dict[tuple[int, int, frozenset[int]], tuple[list[int], list[int]]] = {}
    for steps, taken in zip(paths, captures, strict=True):
        path = [steps[0][0], *(step[1] for step in steps)]
        captured = [square for square in taken if square is not None]
        if board.variant == "turkish" and not captured and passes_over_a_piece(board, *path):
            continue
        moves.setdefault((path[0], path[-1], frozenset(captured)), (path, captured))
    if board.variant == "italian":
        return kings_met_first(board, list(moves.values()))
    return list(moves.values())


def kings_met_first(
    board: Any, moves: list[tuple[list[int], list[int]]]
) -> list[tuple[list[int], list[int]]]:
    """The Italian captures that meet the kings they take earliest, compared in order."""
    pieces = board.board.searcher

    def met(move: tuple[list[int], list[int]]) -> tuple[bool, ...]:
        return tuple(pieces.get_piece_by_position(square).king for square in move[1])

    best = max(map(met, moves), default=())
    return [move for move in moves if met(move) == best]


def perft(board: Any, depth: int) -> int:
    moves = legal_moves(board)
    if depth == 1:
        return len(moves)
    total = 0
    for path, _ in moves:
        child = board.copy_fast()
        child.push([list(step) for step in itertools.pairwise(path)])
        total += perft(child, depth - 1)
    return total


def answer(game_class: Any, request: dict[str, Any]) -> dict[str, Any]:
    game = request["game"]
    board = game_class(VARIANTS[game], their_fen(game, request["position"]))
    moves = [
        [[to_ours(game, s) for s in path], [to_ours(game, s) for s in captured]]
        for path, captured in legal_moves(board)
    ]
    depths = range(1, request.get("depth", 0) + 1)
    return {"moves": moves, "perft": {str(d): perft(board, d) for d in depths}}


def main() -> None:
    sys.path.insert(0, sys.argv[1])
    game_class = importlib.import_module("draughts.core.game").Game
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(answer(game_class, json.loads(line))), flush=True)


if __name__ == "__main__":
    main()
