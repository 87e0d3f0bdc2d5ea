"""The Crown's move generation on board strings (the engine's hot path).

A board is a string of 49 characters by cell index: 'P', 'K', 'S' White's Prince, Knights and
Soldiers, 'p', 'k', 's' Black's, '.' empty. A raw move is (from, to); to == LEAVE for the leave
move of a checkmated Prince.
"""

from __future__ import annotations

from .the_crown_board import (
    BLACK_HOME,
    BLACK_KINGDOM,
    BRANCHES,
    CROWN,
    NEIGHBOURS,
    ON_LINES,
    RAYS,
    SIZE,
    WHITE_HOME,
    WHITE_KINGDOM,
)

WHITE, BLACK = "w", "b"
EMPTY = "."
LEAVE = -1
RawMove = tuple[int, int]

#: per side: (Prince, Knight, Soldier) letters, home cell, kingdom membership by cell
PIECES = {WHITE: ("P", "K", "S"), BLACK: ("p", "k", "s")}
OWN = {WHITE: "PKS", BLACK: "pks"}
HOME = {WHITE: WHITE_HOME, BLACK: BLACK_HOME}
IN_KINGDOM = {
    WHITE: tuple(c in WHITE_KINGDOM for c in range(SIZE)),
    BLACK: tuple(c in BLACK_KINGDOM for c in range(SIZE)),
}
OTHER = {WHITE: BLACK, BLACK: WHITE}


def attacked(board: str, target: int, by: str) -> bool:
    """Whether side `by` attacks `target`: look outward along its rays for the first piece."""
    _, knight, soldier = PIECES[by]
    attackers = OWN[by]
    kingdom = IN_KINGDOM[by]
    for n, continuations in BRANCHES[target]:
        piece = board[n]
        if piece != EMPTY:
            if piece in attackers:
                return True
            continue
        for ray in continuations:
            first = True
            for x in ray:
                piece = board[x]
                if piece != EMPTY:
                    if piece == knight or (first and piece == soldier and kingdom[x]):
                        return True
                    break
                first = False
    return False


def _cells(board: str, letters: str) -> list[int]:
    """The cells holding any of `letters`, found by search rather than by a walk of all 49."""
    out = []
    for letter in letters:
        c = board.find(letter)
        while c >= 0:
            out.append(c)
            c = board.find(letter, c + 1)
    return out


def pseudo_moves(board: str, side: str) -> list[RawMove]:
    """Every move the pieces' movement allows, ignoring check and the one-Prince rule."""
    prince, knight, _ = PIECES[side]
    own = OWN[side]
    kingdom = IN_KINGDOM[side]
    out: list[RawMove] = []
    for c in _cells(board, own):
        piece = board[c]
        if piece == prince or (piece != knight and not kingdom[c]):
            out += [(c, n) for n in NEIGHBOURS[c] if board[n] not in own]
            continue
        slide = piece == knight
        for n, continuations in BRANCHES[c]:
            x = board[n]
            if x in own:
                continue
            out.append((c, n))
            if x != EMPTY:
                continue
            for ray in continuations:
                for y in ray if slide else ray[:1]:
                    z = board[y]
                    if z == EMPTY:
                        out.append((c, y))
                        continue
                    if z not in own:
                        out.append((c, y))
                    break
    return out


def _moved(board: str, src: int, dst: int, piece: str) -> str:
    """The board with `src` emptied and `piece` put on `dst`."""
    if src < dst:
        return f"{board[:src]}{EMPTY}{board[src + 1 : dst]}{piece}{board[dst + 1 :]}"
    return f"{board[:dst]}{piece}{board[dst + 1 : src]}{EMPTY}{board[src + 1 :]}"


def make(board: str, move: RawMove, side: str) -> str:
    """The board after a raw move (a Soldier reaching its home cell becomes a Prince)."""
    src, dst = move
    if dst == LEAVE:
        return f"{board[:src]}{EMPTY}{board[src + 1 :]}"
    piece = board[src]
    prince, _, soldier = PIECES[side]
    return _moved(board, src, dst, prince if piece == soldier and dst == HOME[side] else piece)


def pinned(board: str, prince: int, side: str) -> int:
    """Mask of own pieces that alone stand between the Prince and an enemy attacker on a ray."""
    own = OWN[side]
    _, knight, soldier = PIECES[OTHER[side]]
    kingdom = IN_KINGDOM[OTHER[side]]
    mask = 0
    for ray in RAYS[prince]:
        shield = -1
        for k, x in enumerate(ray):
            piece = board[x]
            if piece == EMPTY:
                continue
            if shield < 0:
                if piece not in own:
                    break
                shield = k
                continue
            if piece == knight or (shield == 0 and k == 1 and piece == soldier and kingdom[x]):
                mask |= 1 << ray[shield]
            break
    return mask


def legal_moves(board: str, side: str) -> list[RawMove]:
    """Legal moves of a position that is not finished; [leave] when checkmated."""
    out = _legal(board, side, pseudo_moves(board, side))
    if not out:
        prince = board.find(PIECES[side][0])
        if prince >= 0 and attacked(board, prince, OTHER[side]):
            return [(prince, LEAVE)]
    return out


def _legal(board: str, side: str, moves: list[RawMove]) -> list[RawMove]:
    """Those of `moves` (the pieces' moves) that leave the side's Prince unattacked and make
    no second Prince or one in check."""
    prince_char, _, soldier = PIECES[side]
    enemy = OTHER[side]
    home = HOME[side]
    prince = board.find(prince_char)
    if prince < 0:
        return [
            move
            for move in moves
            if not (
                move[1] == home
                and board[move[0]] == soldier
                and attacked(make(board, move, side), home, enemy)
            )
        ]
    out: list[RawMove] = []
    in_check = attacked(board, prince, enemy)
    shields = pinned(board, prince, side)
    # where the Prince may step: attacked or not with its own cell empty (whatever it takes
    # on the cell it steps to, attacks on that cell come from beyond it)
    away = f"{board[:prince]}{EMPTY}{board[prince + 1 :]}"
    for move in moves:
        src, dst = move
        if src == prince:
            if attacked(away, dst, enemy):
                continue
        elif dst == home and board[src] == soldier:
            continue  # a second Prince is never allowed
        elif (in_check or shields >> src & 1) and attacked(
            _moved(board, src, dst, board[src]), prince, enemy
        ):
            continue
        out.append(move)
    return out


def checking_moves(board: str, side: str) -> list[RawMove]:
    """Legal moves after which the enemy Prince is attacked: only a move from or to a cell on
    its lines can attack it (by the piece moved, or by one whose line it opens), a checkmated
    Prince's leave too."""
    target = board.find(PIECES[OTHER[side]][0])
    if target < 0:
        return []
    lines = ON_LINES[target]
    checks = [
        move
        for move in pseudo_moves(board, side)
        if (move[0] in lines or move[1] in lines)
        and attacked(make(board, move, side), target, side)
    ]
    if checks and (legal := _legal(board, side, checks)):
        return legal
    prince = board.find(PIECES[side][0])
    if prince not in lines or not attacked(board, prince, OTHER[side]):
        return []
    leave = legal_moves(board, side)
    if leave == [(prince, LEAVE)] and attacked(make(board, leave[0], side), target, side):
        return leave
    return []


def finished(board: str) -> bool:
    """Crowning, annihilation or no Princes: the position has no moves at all."""
    return (
        board[CROWN] in "Pp"
        or not any(p in board for p in "PKS")
        or not any(p in board for p in "pks")
        or ("P" not in board and "p" not in board)
    )


def perft(board: str, side: str, depth: int) -> int:
    """Leaf count of exactly `depth` >= 1 plies; finished positions have no moves."""
    if finished(board):
        return 0
    moves = legal_moves(board, side)
    if depth == 1:
        return len(moves)
    enemy = OTHER[side]
    return sum(perft(make(board, move, side), enemy, depth - 1) for move in moves)
