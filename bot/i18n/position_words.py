"""A position in words, for those who cannot see the picture (a screen reader reads a board's
alt text) and for text boards: the game, who is to move (or the result), the last move, then
each side's pieces by kind and cell: 'Checkers. White to move; last move 11-15. White: men
21, 22, 25; king 7. Black: men 1, 3, 9.' In the language spoken now, and at most
`ALT_TEXT_LIMIT` characters (Discord's alt text): a longer one counts its pieces instead of
naming every cell, the largest groups first."""

from __future__ import annotations

from typing import Any

from bot.i18n import _, language, translations
from rules import Game, Outcome, capitalised, status_text

#: the most characters of an attachment's description (alt text) Discord keeps
ALT_TEXT_LIMIT = 1024


def position_words(
    game: Game[Any, Any],
    position: Any,
    *,
    last_move: str | None = None,
    outcome: Outcome | None = None,
    limit: int = ALT_TEXT_LIMIT,
) -> str:
    """The position in words (see the module); `last_move` as written ('11-15'), `outcome`
    the game's result where the position alone does not tell it (a resignation)."""
    words = translations(language())
    outcome = outcome or game.outcome(position)
    status = status_text(game, position, outcome, words)
    if last_move:
        # i18n: a board in words (alt text), its first sentence: {game} the game's name,
        # {status} who is to move or the result ("White to move"), {move} the last move
        # as written ("11-15")
        head = _("{game}. {status}; last move {move}.").format(
            game=_(game.name), status=status, move=last_move
        )
    else:
        # i18n: a board in words (alt text), its first sentence: {game} the game's name,
        # {status} who is to move or the result ("White to move")
        head = _("{game}. {status}.").format(game=_(game.name), status=status)
    groups = _groups(game, position)
    extra = _extras(game, position)
    counted: set[tuple[str, str]] = set()  # the (side, letter) groups said as a count
    # the largest groups are counted first, until the text fits
    by_size = sorted(groups, key=lambda key: -len(groups[key]))
    while True:
        text = " ".join([head, *(_side_words(game, side, groups, counted) for side in game.sides)])
        text = " ".join([text, *extra])
        if len(text) <= limit or len(counted) == len(by_size):
            break
        counted.add(by_size[len(counted)])
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _groups(game: Game[Any, Any], position: Any) -> dict[tuple[str, str], list[str]]:
    """Each side's pieces of each kind, (side, letter) -> cells in the game's cell order,
    the kinds in the order the game lists them."""
    order = {cell: i for i, cell in enumerate(game.cell_names)}
    kinds = list(game.piece_names)
    pieces = sorted(game.pieces(position).items(), key=lambda item: order.get(item[0], 0))
    groups: dict[tuple[str, str], list[str]] = {}
    for letter in kinds:
        side = game.piece_names[letter][0]
        cells = [cell for cell, piece in pieces if piece == letter]
        if cells:
            groups[side, letter] = cells
    return groups


def _side_words(
    game: Game[Any, Any],
    side: str,
    groups: dict[tuple[str, str], list[str]],
    counted: set[tuple[str, str]],
) -> str:
    """'White: men 21, 22, 25; king 7.' (or '12 men' for a group counted)."""
    words = translations(language())
    said = []
    for (owner, letter), cells in groups.items():
        if owner != side:
            continue
        piece = game.piece_name(letter, len(cells), words)
        if (owner, letter) in counted:
            # i18n: a number of pieces in a board in words: "12 men" ({piece} is already in
            # the form for {count})
            said.append(_("{count} {piece}").format(count=len(cells), piece=piece))
        else:
            # i18n: pieces of one kind in a board in words, then the cells they stand on:
            # "men 21, 22, 25" ({piece} is already in the form for their number)
            said.append(_("{piece} {cells}").format(piece=piece, cells=", ".join(cells)))
    name = capitalised(game.side_name(side, words))
    if not said:
        # i18n: a board in words: a side without a piece; {side} its name ("White")
        return _("{side}: no pieces.").format(side=name)
    # i18n: a board in words: a side's pieces; {side} its name ("White"), {pieces} its pieces
    # by kind, separated by semicolons ("men 21, 22; king 7")
    return _("{side}: {pieces}.").format(side=name, pieces="; ".join(said))


def _extras(game: Game[Any, Any], position: Any) -> list[str]:
    """What else a player must know of the position: 3 Crowns' captures so far."""
    captures = getattr(position, "captures", None)
    if game.id != "three-crowns" or not isinstance(captures, tuple):
        return []
    green, black = captures
    # i18n: under 3 Crowns' board: how many stones each side has captured
    said = _("captures: Green {green}, Black {black}").format(green=green, black=black)
    return [capitalised(said) + "."]
