"""The Move button's picker: the legal moves of the player to move, to them alone, in lists
(`Select`s) of MOST_CHOICES at most; with more moves than one list holds, the pieces that
can move first, then where the chosen one goes. Each move is listed as its game's notation
writes it (a multi-jump is one entry), and each list names the position it was made for."""

from __future__ import annotations

from bot.adapters.replies import MOST_CHOICES, Choice, Message, Select
from bot.i18n import N_, _, ngettext
from bot.service import MatchView
from rules import get_game

#: said above the picker of the position now, when a choice came from an older one
MOVED_ON = N_("The game has moved on since that list was made: here is your move now.")


def lists_of(
    action: str, view: MatchView, placeholder: str, choices: list[Choice], first: int = 0
) -> tuple[Select, ...]:
    """The choices in lists of MOST_CHOICES, numbered on from `first` in their message."""
    parts = [choices[n : n + MOST_CHOICES] for n in range(0, len(choices), MOST_CHOICES)]
    return tuple(
        Select(
            placeholder if len(parts) == 1 else _part_of(placeholder, n + 1, len(parts)),
            action,
            view.id,
            view.position_id,
            tuple(part),
            first + n,
        )
        for n, part in enumerate(parts)
    )


def _part_of(placeholder: str, part: int, parts: int) -> str:
    # i18n: a list's placeholder when the choices fill several lists: "Your move (1 of 2)";
    # 150 characters at most
    return _("{list} ({part} of {parts})").format(list=placeholder, part=part, parts=parts)


def move_picker(view: MatchView, piece: str | None = None, *, note: str = "") -> Message:
    """The picker of the position of `view` (its player's move), `piece`'s moves listed
    under the pieces when the moves do not fit one list; `note` (a message id, N_) goes
    before its words."""
    game = get_game(view.game_id)
    moves: dict[str, list[str]] = {}  # where a move starts -> its moves, in the game's order
    for move in game.legal_moves(view.position):
        moves.setdefault(game.move_cells(move)[0], []).append(game.format_move(move))
    count = sum(len(from_there) for from_there in moves.values())
    named = {
        "game": view.game_name,
        "number": view.id,
        "side": _(game.side_name(view.side_to_move)),
    }
    before = f"{_(note)} " if note else ""
    if count <= MOST_CHOICES:
        listed = [Choice(move, move) for from_there in moves.values() for move in from_there]
        # i18n: {side} is the side the reader plays ("White")
        heading = _("Choose your move in **{game} #{number}** (you play {side}).").format(**named)
        # i18n: a list's placeholder, 150 characters at most (as are the two below)
        selects = lists_of("move", view, _("Your move"), listed)
        return Message(before + heading, selects=selects)
    pieces = [
        Choice(cell, cell, ", ".join(from_there), chosen=cell == piece)
        for cell, from_there in moves.items()
    ]
    selects = lists_of("piece", view, _("The piece to move"), pieces)
    if piece is not None and piece in moves:
        targets = [Choice(move, move) for move in moves[piece]]
        # i18n: {square} is a square's name as the game writes it ("c3", "11")
        where = _("Where the piece on {square} goes").format(square=piece)
        selects += lists_of("move", view, where, targets, len(selects))
    heading = ngettext(
        "Choose your move in **{game} #{number}** (you play {side}): {n} move, so the piece "
        "first, then where it goes.",
        "Choose your move in **{game} #{number}** (you play {side}): {n} moves, so the piece "
        "first, then where it goes.",
        count,
    ).format(n=count, **named)
    return Message(before + heading, selects=selects)
