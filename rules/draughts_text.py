"""The draughts games' texts, by their square names: positions as PDN FEN (`W:W31-50:B1-20`,
`K` before a king; Turkish draughts' too), plain-text diagrams of the diagonal boards, and
the squares a move text names."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from .base import clean_move_text, position_fields, quote
from .checkers_board import bits_of
from .draughts_board import DiagonalBoard
from .errors import BadPosition, IllegalMove, RulesError, Word

WHITE, BLACK = "w", "b"
SIDE_NAMES = {WHITE: "White", BLACK: "Black"}
_FEN_WRAPPER = re.compile(r'^\[fen"(.*)"\]$')
_NUMBERED_ITEM = re.compile(r"^(k?)(\d+)(?:-(\d+))?$")
_LETTERED_ITEM = re.compile(r"^(k?)([a-z]\d+)$")
_NUMBERED_MOVE = re.compile(r"^\d+(?:[-x:]\d+)+$")
_LETTERED_MOVE = re.compile(r"^[a-z]\d+(?:[-x:]?[a-z]\d+)+$")
_NUMBER, _LETTERED_SQUARE = re.compile(r"\d+"), re.compile(r"[a-z]\d+")


class SquareNames(Protocol):
    """What reading and writing a position needs of a board: its squares' names in the game's
    order (and back), whether they are numbers, its size, and the row each side crowns on."""

    size: int
    numbered: bool
    names: tuple[str, ...]
    index: dict[str, int]
    crown: dict[str, int]


@dataclass(frozen=True, slots=True)
class DraughtsPosition:
    """Bitmasks over the game's squares (bit i: its i-th square, in the game's order) of
    White's pieces, Black's, and the kings of both; and the side to move."""

    white: int
    black: int
    kings: int
    turn: str

    def mover(self) -> tuple[int, int]:
        """(the side to move's pieces, the opponent's)."""
        return (self.white, self.black) if self.turn == WHITE else (self.black, self.white)


def encode(board: SquareNames, position: DraughtsPosition) -> str:
    """`W:W<White's squares>:B<Black's squares>`, each list in the game's square order."""

    def listed(pieces: int) -> str:
        return ",".join(
            ("K" if position.kings >> i & 1 else "") + board.names[i] for i in bits_of(pieces)
        )

    return f"{position.turn.upper()}:W{listed(position.white)}:B{listed(position.black)}"


def decode(board: SquareNames, text: str, game_name: str, most: int) -> DraughtsPosition:
    """A PDN FEN read (any case, spaces ignored, in a `[FEN "..."]` tag or not, ranges such
    as 31-50 on a numbered board); BadPosition saying what is wrong."""
    example = f"W:W{board.names[-1]}:B{board.names[0]}"
    s = "".join(position_fields(text, game_name)).lower()
    if wrapped := _FEN_WRAPPER.match(s):
        s = wrapped.group(1)
    fields = s.removesuffix(".").split(":")
    if len(fields) != 3:
        # i18n: {game} a game's name; {example} a position text
        raise BadPosition(
            "a position of {game} has three fields separated by ':', like {example} "
            "(the side to move, White's squares, Black's squares)",
            game=Word(game_name),
            example=example,
        )
    turn, *lists = fields
    if turn not in (WHITE, BLACK):
        # i18n: {typed} what the position text has instead, quoted
        raise BadPosition("the side to move must be W or B, not {typed}", typed=quote(turn))
    sides: dict[str, int] = {}
    kings = taken = 0
    for field in lists:
        colour, items = field[:1], field[1:]
        if colour not in (WHITE, BLACK) or colour in sides:
            # i18n: {game} a game's name
            raise BadPosition(
                "a position of {game} needs one W list and one B list", game=Word(game_name)
            )
        pieces = 0
        for item in filter(None, items.split(",")):
            for square, king in _squares_of(board, item):
                if taken >> square & 1:
                    raise BadPosition("square {square} is listed twice", square=board.names[square])
                taken |= 1 << square
                pieces |= 1 << square
                kings |= king << square
        if pieces.bit_count() > most:
            raise BadPosition("a side has at most {most} pieces", most=most)
        crowned_men = pieces & ~kings & board.crown[colour]
        if crowned_men:
            name = board.names[next(bits_of(crowned_men))]
            # i18n: {side} a side's name ("White"); {square} a square ("c1" or "46")
            raise BadPosition(
                "a {side} man cannot stand on {square}: it would be a king (write K{square})",
                side=Word(SIDE_NAMES[colour]),
                square=name,
            )
        sides[colour] = pieces
    return DraughtsPosition(sides[WHITE], sides[BLACK], kings, turn)


def _squares_of(board: SquareNames, item: str) -> list[tuple[int, bool]]:
    """The squares one FEN item names (`31`, `K7`, `31-35`, `c3`, `Kc3`), each with whether
    it holds a king."""
    pattern = _NUMBERED_ITEM if board.numbered else _LETTERED_ITEM
    first_name, last_name = board.names[0], board.names[-1]
    m = pattern.match(item)
    if not m and board.numbered:
        # i18n: {typed} what the position text has, quoted; {first} a square's number
        raise BadPosition(
            "{typed} is not a square, a king (K{first}) or a range (31-35)",
            typed=quote(item),
            first=first_name,
        )
    if not m:
        # i18n: {typed} what the position text has, quoted; {first} and {last} squares
        raise BadPosition(
            "{typed} is not a square, a king (K{first}) or a square ({first}, K{last})",
            typed=quote(item),
            first=first_name,
            last=last_name,
        )
    king = m.group(1) == "k"
    first = square_index(board, m.group(2), BadPosition)
    if not board.numbered or m.group(3) is None:
        return [(first, king)]
    last = square_index(board, m.group(3), BadPosition)
    if last < first:
        raise BadPosition(
            "the range {first}-{last} runs backwards", first=m.group(2), last=m.group(3)
        )
    return [(square, king) for square in range(first, last + 1)]


def square_index(board: SquareNames, name: str, error: type[RulesError]) -> int:
    """A square's place in the game's order, by its name; `error` saying why there is none."""
    if name in board.index:
        return board.index[name]
    template, params = _off_board(board, name)
    raise error(template, **params)


def _off_board(board: SquareNames, name: str) -> tuple[str, dict[str, object]]:
    """Why a square is not on the board: a message's template and parameters (said by the
    error the caller names: the templates are RulesError's, for the catalogs)."""
    if board.numbered:
        why = RulesError(
            "square {square} is not on the board: squares are 1-{last}",
            square=name,
            last=len(board.names),
        )
    else:
        files, ranks = "abcdefghij"[: board.size], range(1, board.size + 1)
        if name[0] in files and name[1:].isdigit() and int(name[1:]) in ranks:
            why = RulesError(
                "{square} is a light square: the game is played on the dark squares", square=name
            )
        else:
            # i18n: {square} a square as typed; {file} the last file's letter, {rank} the
            # last rank
            why = RulesError(
                "square {square} is not on the board: files are a-{file}, ranks 1-{rank}",
                square=name,
                file=files[-1],
                rank=board.size,
            )
    return why.template, why.params


def move_squares(
    board: SquareNames, text: str, examples: tuple[str, str]
) -> tuple[tuple[int, ...], str]:
    """The squares a move text names, and the text cleaned: `32-28`, `28x19x10`, `c3:e5`,
    `C3 - D4`, `c3d4` ('-', 'x' and ':' alike, spaces ignored, any case); IllegalMove if it is
    not a move's form."""
    cleaned = clean_move_text(text)
    form = _NUMBERED_MOVE if board.numbered else _LETTERED_MOVE
    if not form.match(cleaned):
        first, last = board.names[0], board.names[-1]
        # i18n: {typed} what the player typed, quoted; {first}-{last} the squares' names;
        # {step} and {capture} two moves as written ("32-28", "19x30")
        raise IllegalMove(
            "{typed} is not a move: name squares {first}-{last} joined by '-' for a step, "
            "'x' or ':' for a capture, like {step} or {capture}",
            typed=quote(text),
            first=first,
            last=last,
            step=examples[0],
            capture=examples[1],
        )
    named = (_NUMBER if board.numbered else _LETTERED_SQUARE).findall(cleaned)
    return tuple(square_index(board, s, IllegalMove) for s in named), cleaned


def diagram(board: DiagonalBoard, position: DraughtsPosition) -> str:
    """The board from White's side: w and b the men, W and B the kings, '.' an empty dark
    square; the numbers of each row beside it, or the ranks and files round it."""
    letters = {}
    for pieces, man in ((position.white, WHITE), (position.black, BLACK)):
        for i in bits_of(pieces):
            letters[i] = man.upper() if position.kings >> i & 1 else man
    lines = []
    for rank, row in zip(range(board.size, 0, -1), board.rows(), strict=True):
        cells = " ".join(" " if i is None else letters.get(i, ".") for i in row)
        if board.numbered:
            numbers = " ".join(f"{board.names[i]:>2}" for i in row if i is not None)
            lines.append(f"{cells}    {numbers}")
        else:
            lines.append(f"{rank} {cells}".rstrip())
    if not board.numbered:
        lines.append("  " + " ".join("abcdefghij"[: board.size]))
    return "\n".join(lines)
