"""Turkish draughts' board: its square names, positions, their PDN FEN text and diagram."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import draughts_text as text
from .draughts_text import BLACK, WHITE
from .turkish_moves import RANK_1, RANK_8, STEP, bits_of

MAX_PIECES = 16
#: every square's name by its bit: a1 = 0, b1 = 1, ... h8 = 63 (the game's cell order)
NAMES = tuple(f"{'abcdefgh'[s % 8]}{s // 8 + 1}" for s in range(64))
INDEX = {name: s for s, name in enumerate(NAMES)}
#: each square's orthogonal neighbours (a king's step), in cell order
NEIGHBOURS = tuple(tuple(sorted(n for d in range(4) if (n := STEP[d][s]) >= 0)) for s in range(64))


@dataclass(frozen=True, slots=True)
class TurkishPosition:
    """Bitboards (bit i = square i, a1 = 0) and the side to move."""

    white_men: int
    white_kings: int
    black_men: int
    black_kings: int
    turn: str

    def mover(self) -> tuple[int, int, int, int, bool]:
        """(men, kings, opponent's men, opponent's kings, mover is White)."""
        if self.turn == WHITE:
            return self.white_men, self.white_kings, self.black_men, self.black_kings, True
        return self.black_men, self.black_kings, self.white_men, self.white_kings, False

    def letters(self) -> dict[int, str]:
        """Square -> 'w' or 'b' for a man, 'W' or 'B' for a king."""
        out = {}
        for bits, letter in (
            (self.white_men, "w"), (self.white_kings, "W"),
            (self.black_men, "b"), (self.black_kings, "B"),
        ):  # fmt: skip
            for s in bits_of(bits):
                out[s] = letter
        return out


@dataclass
class _Squares:
    """Turkish draughts' 64 squares as the position text names them."""

    size: int = 8
    numbered: bool = False
    names: tuple[str, ...] = NAMES
    index: dict[str, int] = field(default_factory=lambda: INDEX)
    crown: dict[str, int] = field(default_factory=lambda: {WHITE: RANK_8, BLACK: RANK_1})


SQUARES = _Squares()


def encode(position: TurkishPosition) -> str:
    """`W:Wa2,b2,...:Ba6,...`: side to move, White's squares, Black's, K before a king, each
    list in cell order."""
    p = position
    kings = p.white_kings | p.black_kings
    white, black = p.white_men | p.white_kings, p.black_men | p.black_kings
    return text.encode(SQUARES, text.DraughtsPosition(white, black, kings, p.turn))


def decode(position_text: str, game_name: str) -> TurkishPosition:
    """A PDN FEN (any case, spaces ignored, `[FEN "..."]` around it allowed) as a position;
    BadPosition saying what is wrong."""
    p = text.decode(SQUARES, position_text, game_name, MAX_PIECES)
    return TurkishPosition(
        p.white & ~p.kings, p.white & p.kings, p.black & ~p.kings, p.black & p.kings, p.turn
    )


def diagram(position: TurkishPosition) -> str:
    """Rank 8 at the top, as White sees the board: men w and b, kings W and B."""
    letters = position.letters()
    rows = [
        f"{rank + 1} " + " ".join(letters.get(rank * 8 + file, ".") for file in range(8))
        for rank in range(7, -1, -1)
    ]
    return "\n".join([*rows, "  a b c d e f g h"])
