"""Turkish draughts move generation on 64-bit boards (the engine's hot path).

Bit i is square i: a1 = 0, b1 = 1, ... h1 = 7, a2 = 8, ... h8 = 63. A raw move is `(path,
captured)`: the squares the piece visits, start first, then every landing square, and the
squares of the pieces it takes, in the order taken (empty for a step). Every function takes
the mover's men and kings, the opponent's pieces, and whether the mover is White (White's men
move up the board, towards rank 8).
"""

from __future__ import annotations

from collections.abc import Iterator

FULL = (1 << 64) - 1
FILE_A = 0x0101010101010101
FILE_H = FILE_A << 7
RANK_1 = 0xFF
RANK_8 = 0xFF << 56

UP, DOWN, LEFT, RIGHT = range(4)
#: (file, rank) steps of each direction, and each direction's reverse (no 180-degree turn)
DELTAS = ((0, 1), (0, -1), (-1, 0), (1, 0))
REVERSE = (DOWN, UP, RIGHT, LEFT)
WHITE_MAN_DIRECTIONS = (UP, LEFT, RIGHT)
BLACK_MAN_DIRECTIONS = (DOWN, LEFT, RIGHT)
NO_DIRECTION = -1

RawMove = tuple[tuple[int, ...], tuple[int, ...]]


def _ray(square: int, direction: int) -> tuple[int, ...]:
    """The squares from `square` (not included) to the board's edge in `direction`."""
    file, rank = square % 8, square // 8
    df, dr = DELTAS[direction]
    out = []
    file, rank = file + df, rank + dr
    while 0 <= file < 8 and 0 <= rank < 8:
        out.append(rank * 8 + file)
        file, rank = file + df, rank + dr
    return tuple(out)


#: RAYS[d][s]: the squares from s to the edge in direction d; STEP[d][s]: the first (-1: none)
RAYS = tuple(tuple(_ray(s, d) for s in range(64)) for d in range(4))
STEP = tuple(tuple(ray[0] if ray else -1 for ray in RAYS[d]) for d in range(4))


def bits_of(mask: int) -> Iterator[int]:
    """Bit indices set in mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _up(x: int) -> int:
    return (x << 8) & FULL


def _down(x: int) -> int:
    return x >> 8


def _left(x: int) -> int:
    return (x & ~FILE_A) >> 1


def _right(x: int) -> int:
    return (x & ~FILE_H) << 1


def _man_jumpers(men: int, opp: int, empty: int, white: bool) -> int:
    """The men with a capture: the next square (forward or sideways) holds an enemy piece and
    the one beyond it is empty."""
    sideways = _right(opp & _right(empty)) | _left(opp & _left(empty))
    forward = _down(opp & _down(empty)) if white else _up(opp & _up(empty))
    return men & (sideways | forward)


def _man_sequences(
    square: int,
    path: tuple[int, ...],
    taken: tuple[int, ...],
    directions: tuple[int, ...],
    opp: int,
    empty: int,
    out: list[RawMove],
) -> None:
    """Depth-first: every complete capture of a man from `square`, each piece taken off the
    board as it is jumped. A man on its last row goes on capturing sideways, still a man
    (it is crowned when the move ends there)."""
    extended = False
    for d in directions:
        over = STEP[d][square]
        if over < 0 or not opp >> over & 1:
            continue
        land = STEP[d][over]
        if land < 0 or not empty >> land & 1:
            continue
        extended = True
        gone = 1 << over
        _man_sequences(
            land, (*path, land), (*taken, over), directions, opp ^ gone, empty | gone, out
        )
    if not extended and taken:
        out.append((path, taken))


def _king_sequences(
    square: int,
    path: tuple[int, ...],
    taken: tuple[int, ...],
    banned: int,
    opp: int,
    empty: int,
    out: list[RawMove],
) -> None:
    """Depth-first: every complete capture of a flying king from `square`. It passes empty
    squares (those freed by its own captures too), jumps the first piece it meets if that is
    an enemy's with an empty square beyond, and lands on any empty square past it; it never
    turns back the way it came (`banned`, the reverse of its last capture)."""
    extended = False
    for d in range(4):
        if d == banned:
            continue
        ray = RAYS[d][square]
        i, n = 0, len(ray)
        while i < n and empty >> ray[i] & 1:
            i += 1
        if i + 1 >= n or not opp >> ray[i] & 1 or not empty >> ray[i + 1] & 1:
            continue
        over = ray[i]
        gone = 1 << over
        after_opp, after_empty = opp ^ gone, empty | gone
        for land in ray[i + 1 :]:
            if not empty >> land & 1:
                break
            extended = True
            _king_sequences(
                land, (*path, land), (*taken, over), REVERSE[d], after_opp, after_empty, out
            )
    if not extended and taken:
        out.append((path, taken))


def capture_sequences(men: int, kings: int, opp: int, white: bool) -> list[RawMove]:
    """Every complete capture sequence, however many pieces it takes (the majority rule is
    `generate`'s): the move parser names a shorter one when it is tried."""
    empty = ~(men | kings | opp) & FULL
    out: list[RawMove] = []
    directions = WHITE_MAN_DIRECTIONS if white else BLACK_MAN_DIRECTIONS
    for s in bits_of(_man_jumpers(men, opp, empty, white)):
        _man_sequences(s, (s,), (), directions, opp, empty | 1 << s, out)
    for s in bits_of(kings):
        _king_sequences(s, (s,), (), NO_DIRECTION, opp, empty | 1 << s, out)
    return out


def _majority(sequences: list[RawMove]) -> list[RawMove]:
    """The sequences taking the most pieces, one for each start, end and set of pieces taken
    (two routes to the same captures are one move: the lowest path is kept)."""
    most = max(len(taken) for _, taken in sequences)
    kept: dict[tuple[int, int, frozenset[int]], RawMove] = {}
    for path, taken in sequences:
        if len(taken) != most:
            continue
        key = (path[0], path[-1], frozenset(taken))
        if key not in kept or path_key(path) < path_key(kept[key][0]):
            kept[key] = (path, taken)
    return list(kept.values())


def path_key(path: tuple[int, ...]) -> tuple[int, ...]:
    """A path's place in the canonical order: square by square, as the names sort (a1 a2 ...
    a8 b1 ...), so moves list as their texts do."""
    return tuple((s % 8) * 8 + s // 8 for s in path)


def _steps(men: int, kings: int, empty: int, white: bool) -> list[RawMove]:
    out: list[RawMove] = []
    forward, back = (_up, -8) if white else (_down, 8)
    for shifted, delta in ((forward(men), back), (_left(men), 1), (_right(men), -1)):
        out.extend(((t + delta, t), ()) for t in bits_of(shifted & empty))
    for s in bits_of(kings):
        for d in range(4):
            for t in RAYS[d][s]:
                if not empty >> t & 1:
                    break
                out.append(((s, t), ()))
    return out


def _count_steps(men: int, kings: int, empty: int, white: bool) -> int:
    forward = _up(men) if white else _down(men)
    total = (
        (forward & empty).bit_count()
        + (_left(men) & empty).bit_count()
        + (_right(men) & empty).bit_count()
    )
    for s in bits_of(kings):
        for d in range(4):
            for t in RAYS[d][s]:
                if not empty >> t & 1:
                    break
                total += 1
    return total


def generate(men: int, kings: int, opp: int, white: bool) -> list[RawMove]:
    """All legal raw moves: a capture when there is one (the most pieces), else the steps."""
    sequences = capture_sequences(men, kings, opp, white)
    if sequences:
        return _majority(sequences)
    return _steps(men, kings, ~(men | kings | opp) & FULL, white)


def count(men: int, kings: int, opp: int, white: bool) -> int:
    """The number of legal moves, without building the steps."""
    sequences = capture_sequences(men, kings, opp, white)
    if sequences:
        return len(_majority(sequences))
    return _count_steps(men, kings, ~(men | kings | opp) & FULL, white)


def make(
    men: int, kings: int, opp_men: int, opp_kings: int, move: RawMove, white: bool
) -> tuple[int, int, int, int]:
    """(men, kings, opp_men, opp_kings) after the move; a man ending on its last row is
    crowned."""
    path, taken = move
    src, dst = 1 << path[0], 1 << path[-1]
    if men & src:
        men ^= src
        if dst & (RANK_8 if white else RANK_1):
            kings |= dst
        else:
            men |= dst
    else:
        kings = kings & ~src | dst  # a king's capture may end where it began
    for s in taken:
        gone = ~(1 << s)
        opp_men &= gone
        opp_kings &= gone
    return men, kings, opp_men, opp_kings


def finished(men: int, kings: int, opp: int, white: bool) -> bool:
    """Whether the pieces end the game: a side with none, or one piece each and no capture
    for the side to move (the federation's draw); such a position has no moves."""
    own = men | kings
    if not own or not opp:
        return True
    one_each = own & (own - 1) == 0 and opp & (opp - 1) == 0
    return one_each and not capture_sequences(men, kings, opp, white)


def perft(men: int, kings: int, opp_men: int, opp_kings: int, white: bool, depth: int) -> int:
    """Leaf count for the side to move (men and kings are the mover's); depth >= 1."""
    opp = opp_men | opp_kings
    if finished(men, kings, opp, white):
        return 0
    if depth == 1:
        return count(men, kings, opp, white)
    total = 0
    for move in generate(men, kings, opp, white):
        m, k, om, ok = make(men, kings, opp_men, opp_kings, move, white)
        total += perft(om, ok, m, k, not white, depth - 1)
    return total
