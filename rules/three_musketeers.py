"""Three Musketeers, exactly as shared/rules/three-musketeers.md defines it."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from .base import (
    Ending,
    Game,
    Outcome,
    Termination,
    position_fields,
    quote,
    remembers_moves,
    suggest,
)
from .errors import BadPosition, IllegalMove, Word
from .grid import EMPTY, ORTHOGONAL, Grid, GridPictures, PathMove

MUSKETEERS, ENEMY = "m", "e"
GRID = Grid(5, 5)
NEIGHBOURS = GRID.neighbours(ORTHOGONAL)
CAPTURES = GRID.step_moves(NEIGHBOURS, written_with_x=True)
STEPS = GRID.step_moves(NEIGHBOURS, written_with_x=False)
MAX_ENEMY = 22
#: the enemy's win: the three Musketeers in one rank or file
LINED_UP = Ending("aligned", "the Musketeers are lined up")


@dataclass(frozen=True, slots=True)
class ThreeMusketeersPosition:
    """25 cells ('M', 'E' or '.'), index = (rank - 1) * 5 + file, and the side to move."""

    board: str
    turn: str


def lined_up(board: str) -> bool:
    """Whether the three Musketeers share one rank or one file."""
    cells = [i for i, c in enumerate(board) if c == "M"]
    return len({c // 5 for c in cells}) == 1 or len({c % 5 for c in cells}) == 1


class ThreeMusketeers(GridPictures, Game[ThreeMusketeersPosition, PathMove]):
    id, name, sides = "three-musketeers", "Three Musketeers", (MUSKETEERS, ENEMY)
    side_names = MappingProxyType({MUSKETEERS: "the Musketeers", ENEMY: "the enemy"})
    plural_sides = frozenset({MUSKETEERS})
    piece_names = MappingProxyType(
        {"M": (MUSKETEERS, "Musketeer", "Musketeers"), "E": (ENEMY, "enemy piece", "enemy pieces")}
    )
    repetition_limit = None
    endings = (LINED_UP,)
    stuck_win_reason = "no enemy piece is left next to a Musketeer"
    asymmetric = True
    start = "EEEEM/EEEEE/EEMEE/EEEEE/MEEEE m"
    rules_help = """\
A 5×5 board (files a–e, ranks 1–5): three Musketeers against Cardinal Richelieu's 22 men.
**The Musketeers move first.**

- A Musketeer moves one cell up, down, left or right **onto an enemy piece and captures it**;
  it can never move to an empty cell. An enemy piece steps one cell orthogonally onto an
  empty cell.
- The **enemy wins** the moment all three Musketeers stand in one rank or one file —
  **[house]** whoever made the move that lined them up.
- The **Musketeers win** when the side to move has no legal move (when it is the enemy that
  is stuck: **[house]**, the convention of online implementations).
- **[house]** Draws only by agreement; either side may resign. No repetition rule is needed:
  every Musketeer move captures, so a game lasts at most 22 Musketeer turns.
- Moves: `c3xc4` (Musketeer), `b3-c3` (enemy); either separator is accepted, any case.
  Position: `EEEEM/EEEEE/EEMEE/EEEEE/MEEEE m` (ranks 5 to 1, digits for empty runs, side to
  move `m` or `e`).
- The game is solved: with perfect play the enemy wins, the Musketeers lined up by their
  17th move. The computer's level 5 plays it perfectly."""

    def outcome(self, position: ThreeMusketeersPosition) -> Outcome | None:
        if lined_up(position.board):
            return Outcome(ENEMY, LINED_UP)
        if not self._moves(position):
            return Outcome(MUSKETEERS, Termination.NO_MOVES, position.turn)
        return None

    def winning_cells(self, position: ThreeMusketeersPosition) -> tuple[str, ...]:
        """The three Musketeers, when they are lined up."""
        board = position.board
        if not lined_up(board):
            return ()
        return tuple(GRID.names[c] for c in GRID.name_order if board[c] == "M")

    @remembers_moves
    def _moves(self, position: ThreeMusketeersPosition) -> list[PathMove]:
        board = position.board
        mover, target, moves = (
            ("M", "E", CAPTURES) if position.turn == MUSKETEERS else ("E", EMPTY, STEPS)
        )
        return [
            move
            for cell in GRID.name_order
            if board[cell] == mover
            for n, move in moves[cell].items()
            if board[n] == target
        ]

    def legal_moves(self, position: ThreeMusketeersPosition) -> list[PathMove]:
        if lined_up(position.board):
            return []
        return self._moves(position)

    def apply(self, position: ThreeMusketeersPosition, move: PathMove) -> ThreeMusketeersPosition:
        board = list(position.board)
        src, dst = move.path
        board[dst], board[src] = board[src], EMPTY
        return ThreeMusketeersPosition("".join(board), self.opponent(position.turn))

    def format_move(self, move: PathMove) -> str:
        return GRID.format_path(move)

    def parse_move(self, position: ThreeMusketeersPosition, text: str) -> PathMove:
        path, shown = GRID.parse_path(text, ("c3xc4", "b3-c3"))
        legal = self.legal_moves_or_game_over(position)
        if len(path) != 2:
            # i18n: {move} a move as typed
            raise IllegalMove(
                "{move} is not legal: a move goes from one cell to a neighbour", move=shown
            )
        for move in legal:
            if move.path == path:
                return move
        src, dst = path
        piece = "M" if position.turn == MUSKETEERS else "E"
        texts = [self.format_move(m) for m in legal]
        from_here = [t for m, t in zip(legal, texts, strict=True) if m.path[0] == src]
        tries, cell = suggest(from_here or texts), GRID.names[src]
        if position.board[src] != piece and piece == "M":
            # i18n: {move} a move as typed; {cell} a cell; {moves} moves to try instead
            raise IllegalMove(
                "{move} is not legal: there is no Musketeer on {cell} (try {moves})",
                move=shown,
                cell=cell,
                moves=tries,
            )
        if position.board[src] != piece:
            # i18n: {move} a move as typed; {cell} a cell; {moves} moves to try instead
            raise IllegalMove(
                "{move} is not legal: there is no enemy piece on {cell} (try {moves})",
                move=shown,
                cell=cell,
                moves=tries,
            )
        if dst not in NEIGHBOURS[src]:
            # i18n: {move} a move as typed; {moves} moves to try instead
            raise IllegalMove(
                "{move} is not legal: pieces move one cell up, down, left or right (try {moves})",
                move=shown,
                moves=tries,
            )
        if piece == "M":
            # i18n: {move} a move as typed; {moves} moves to try instead
            raise IllegalMove(
                "{move} is not legal: a Musketeer must capture an enemy piece next to it "
                "(try {moves})",
                move=shown,
                moves=tries,
            )
        # i18n: {move} a move as typed; {moves} moves to try instead
        raise IllegalMove(
            "{move} is not legal: an enemy piece steps onto an empty cell (try {moves})",
            move=shown,
            moves=tries,
        )

    # --- what a picture needs (pieces and move cells: GridPictures) ------------
    grid = GRID
    cell_names = GRID.names
    step_neighbours = NEIGHBOURS

    def captured_cells(self, position: ThreeMusketeersPosition, move: PathMove) -> tuple[str, ...]:
        """A Musketeer takes the enemy piece on the cell it moves to."""
        return (GRID.names[move.path[-1]],) if move.written_with_x else ()

    def encode(self, position: ThreeMusketeersPosition) -> str:
        return f"{GRID.encode_board(position.board)} {position.turn}"

    def decode(self, text: str) -> ThreeMusketeersPosition:
        fields = position_fields(text, self.name)
        if len(fields) != 2:
            # i18n: {game} a game's name; {example} a position text
            raise BadPosition(
                "a position of {game} has two fields: the board and the side to move, like "
                "{example}",
                game=Word(self.name),
                example=self.start,
            )
        board = GRID.decode_board(fields[0].upper(), "ME")
        turn = fields[1].lower()
        if turn not in self.sides:
            # i18n: {typed} what the position text has instead, quoted
            raise BadPosition(
                "the side to move must be m or e, not {typed}", typed=quote(fields[1])
            )
        if board.count("M") != 3:
            raise BadPosition("a position needs exactly three Musketeers (M)")
        if board.count("E") > MAX_ENEMY:
            raise BadPosition("the enemy has at most {most} pieces (E)", most=MAX_ENEMY)
        return ThreeMusketeersPosition(board, turn)

    def diagram(self, position: ThreeMusketeersPosition) -> str:
        rows = [
            f"{rank}  " + " ".join(position.board[(rank - 1) * 5 : rank * 5])
            for rank in range(5, 0, -1)
        ]
        return "\n".join([*rows, "   a b c d e"])
