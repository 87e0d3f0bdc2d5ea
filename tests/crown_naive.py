"""A deliberately plain implementation of The Crown's moves, straight from the rules' wording.

No pins, no shortcuts: every pseudo-move is played and the Prince's safety is tested by
generating all enemy targets. The tests compare the engine's fast generator against it.
"""

from __future__ import annotations

from rules.the_crown_board import (
    BLACK_HOME,
    BLACK_KINGDOM,
    NEIGHBOURS,
    RAYS,
    WHITE_HOME,
    WHITE_KINGDOM,
)

OWN = {"w": "PKS", "b": "pks"}


def targets(board: str, cell: int) -> set[int]:
    piece = board[cell]
    side = "w" if piece.isupper() else "b"
    kingdom = WHITE_KINGDOM if side == "w" else BLACK_KINGDOM
    own = OWN[side]
    if piece in "Pp" or (piece in "Ss" and cell not in kingdom):
        return {n for n in NEIGHBOURS[cell] if board[n] not in own}
    reach = len(board) if piece in "Kk" else 2
    out = set()
    for ray in RAYS[cell]:
        for x in ray[:reach]:
            if board[x] != ".":
                if board[x] not in own:
                    out.add(x)
                break
            out.add(x)
    return out


def attacked(board: str, cell: int, by: str) -> bool:
    return any(board[c] in OWN[by] and cell in targets(board, c) for c in range(len(board)))


def legal(board: str, side: str) -> set[tuple[int, int]]:
    enemy = "b" if side == "w" else "w"
    prince_letter = OWN[side][0]
    home = WHITE_HOME if side == "w" else BLACK_HOME
    out = set()
    for src in range(len(board)):
        if board[src] not in OWN[side]:
            continue
        for dst in targets(board, src):
            cells = list(board)
            piece = cells[src]
            cells[src] = "."
            cells[dst] = prince_letter if piece == OWN[side][2] and dst == home else piece
            after = "".join(cells)
            if after.count(prince_letter) > 1:
                continue
            prince = after.find(prince_letter)
            if prince >= 0 and attacked(after, prince, enemy):
                continue
            out.add((src, dst))
    prince = board.find(prince_letter)
    if not out and prince >= 0 and attacked(board, prince, enemy):
        return {(prince, -1)}
    return out
