"""Results and statuses in words, for every game: the one place they are worded (but a
game's own endings, which bring their words: `Ending`).

How moves are counted where players read them: as a game's record numbers them. Move n is
the first side's n-th move and the second side's reply to it (`12. 11-15 22-18`); a place in
a game is a move number ("move 12", `12… 22-18` for the second side's half); a game's length
is its last move's number ("12 moves", whether or not the second side replied); "win in 3
moves" counts the winner's own moves, as a chess problem's "mate in 3" does. Plies (one
side's move each) are the engine's unit and stay in names and files, never in words.

Words people read take `translations` (the bot's catalog of the language spoken now; English
by default): the rules read no catalog, and tools/rules_messages.py lists their texts that no
call here names (sides, reasons, pieces) for the catalogs."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .base import ENGLISH, Ending, Game, Outcome, Termination, Translations, translated


def _repetition(n: int | None, translations: Translations) -> str:
    _ = translations.gettext
    if n == 2:
        return _("twofold repetition")
    if n == 3:
        return _("threefold repetition")
    # i18n: the draw by repetition, {n} the number of times a position occurred
    return _("{n}-fold repetition").format(n=n)


def reason_text(
    game: Game[Any, Any], outcome: Outcome, translations: Translations = ENGLISH
) -> str:
    """Why the game ended: 'White resigned', 'threefold repetition', 'Crowned Troika' (a
    game's own ending says it in its own words)."""
    _ = translations.gettext
    termination = outcome.termination
    if isinstance(termination, Ending):
        return translated(termination.text, translations)
    plural = outcome.side is not None and outcome.side in game.plural_sides
    # i18n: in "{side} has no legal move" when the game does not say whose move it was
    nobody = _("the side to move")
    side = game.side_name(outcome.side, translations) if outcome.side else nobody
    if termination == Termination.NO_PIECES:
        # i18n: {side} is a side's name ("White", "the Musketeers"); the second text is for
        # a side whose name is plural
        text = _("{side} have no pieces left") if plural else _("{side} has no pieces left")
        return text.format(side=side)
    if termination == Termination.NO_MOVES:
        if outcome.side is not None and outcome.side == outcome.winner:  # the stuck side won
            return translated(game.stuck_win_reason, translations)
        # i18n: {side} is a side's name; the second text is for a side whose name is plural
        text = _("{side} have no legal move") if plural else _("{side} has no legal move")
        return text.format(side=side)
    if termination == Termination.REPETITION:
        return _repetition(game.repetition_limit, translations)
    if termination == Termination.NO_PROGRESS:
        return translated(game.no_progress_reason, translations)
    if termination == Termination.RESIGNATION:
        # i18n: why a game ended; {side} is a side's name ("White", "the Musketeers")
        return _("{side} resigned").format(side=side)
    if termination == Termination.TIME:
        # i18n: why a game ended; {side} is a side's name ("White", "the Musketeers")
        return _("{side} ran out of time").format(side=side)
    return {
        # i18n: why a game ended in a draw
        Termination.STALEMATE: _("stalemate"),
        # i18n: why a game ended: both players agreed (to a draw)
        Termination.AGREEMENT: _("agreement"),
    }[termination]


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


#: how much of what someone typed a message quotes back
QUOTED = 30


def quoted(text: str, limit: int = QUOTED) -> str:
    """What someone typed, quoted for a message: at most `limit` characters, cut with '…'."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """'1 move', '2 moves', '1 ply', '3 plies' (with the plural given): English, for the
    command lines (words people read in the bot are the catalogs': `ngettext`)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def result_text(
    game: Game[Any, Any],
    outcome: Outcome,
    *,
    lower: bool = False,
    translations: Translations = ENGLISH,
) -> str:
    """'Black won (White resigned)' or 'Draw (agreement)'."""
    _ = translations.gettext
    reason = reason_text(game, outcome, translations)
    if outcome.winner is None:
        # i18n: a game's result, {reason} why it ended ("agreement"); lower case, as it may
        # be said within a sentence (it is capitalised at a sentence's start)
        text = _("draw ({reason})").format(reason=reason)
    else:
        # i18n: a game's result: {side} a side's name ("White", "the Musketeers"), {reason}
        # why it ended ("Black resigned")
        text = _("{side} won ({reason})").format(
            side=game.side_name(outcome.winner, translations), reason=reason
        )
    return text if lower else capitalised(text)


def command_line_text(outcome: Outcome | None, game: Game[Any, Any]) -> str:
    """`python -m rules apply`'s form: 'ongoing', 'draw (...)' or '<side letter> wins (...)'."""
    if outcome is None:
        return "ongoing"
    reason = reason_text(game, outcome)
    return f"draw ({reason})" if outcome.winner is None else f"{outcome.winner} wins ({reason})"


def check_text(game: Game[Any, Any], position: Any) -> str | None:
    """What the side to move must know of check, after its name, in English (the command
    line's): 'is in check, and to move', or 'is checkmated: the Prince leaves the board
    (play a3++)'; None when not in check."""
    if not game.in_check(position):
        return None
    leave = game.forced_exit(position)
    if leave is None:
        return "is in check, and to move"
    return f"is checkmated: the Prince leaves the board (play {game.format_move(leave)})"


def status_text(
    game: Game[Any, Any],
    position: Any,
    outcome: Outcome | None,
    translations: Translations = ENGLISH,
) -> str:
    """'Black to move' (with ' · check!' when in check), 'Black is checkmated: play a9++',
    or the result."""
    _ = translations.gettext
    if outcome is not None:
        return result_text(game, outcome, translations=translations)
    side = game.side_name(game.side_to_move(position), translations)
    if not game.in_check(position):
        # i18n: {side} a side's name ("White", "the Musketeers"); the sentence's first
        # letter is made a capital
        return capitalised(_("{side} to move").format(side=side))
    leave = game.forced_exit(position)
    if leave is None:
        # i18n: {side} a side's name ("White")
        return capitalised(_("{side} to move · check!").format(side=side))
    # i18n: {side} a side's name ("White"); {move} the move to play, as written ("a9++")
    said = _("{side} is checkmated: play {move}").format(side=side, move=game.format_move(leave))
    return capitalised(said)


def move_number(ply: int) -> int:
    """The number of the move played at `ply` (from 0): one number covers both sides'."""
    return ply // 2 + 1


def numbered_move(ply: int, move: str) -> str:
    """The move played at `ply` (from 0) as a record numbers it, one number a pair of
    moves: '41. 3-7' for the first side's, '41… 4-8' for the second's."""
    return f"{move_number(ply)}{'…' if ply % 2 else '.'} {move}"


def moves_text(plies: int, translations: Translations = ENGLISH) -> str:
    """A game's length as players count it, its last move's number: '12 moves' for 23 or
    24 plies, '1 move' for one side's first move alone."""
    n = (plies + 1) // 2
    # i18n: a game's length
    return translations.ngettext("{n} move", "{n} moves", n).format(n=n)


def win_within(plies: int) -> str:
    """'in 9 moves': a win `plies` plies away with the winner to move, counted in the
    winner's own moves (English, the command line's)."""
    return f"in {counted((plies + 1) // 2, 'move')}"


RULES_HELP_INTRO = """\
The exact rules, as the engine implements them. Points the original rule texts leave open are
our decisions and are marked **[house]**."""


def rules_help_page(games: Iterable[Game[Any, Any]]) -> str:
    """Every game's rules help as one Markdown page (docs/rules-help.md is this page)."""
    sections = [f"### {g.name} (`{g.id}`)\n\n{g.rules_help}" for g in games]
    return "\n\n".join(["# Rules help", RULES_HELP_INTRO, *sections])
