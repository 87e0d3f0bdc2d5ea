"""Results and statuses in words, for every game: the one place they are worded (but a
game's own endings, which bring their words: `Ending`).

How moves are counted where players read them: as a game's record numbers them. Move n is
the first side's n-th move and the second side's reply to it (`12. 11-15 22-18`); a place in
a game is a move number ("move 12", `12… 22-18` for the second side's half); a game's length
is its last move's number ("12 moves", whether or not the second side replied); "win in 3
moves" counts the winner's own moves, as a chess problem's "mate in 3" does. Plies (one
side's move each) are the engine's unit and stay in names and files, never in words."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .base import Ending, Game, Outcome, Termination


def _fold(n: int | None) -> str:
    return {2: "twofold", 3: "threefold"}.get(n or 0, f"{n}-fold")


def reason_text(game: Game[Any, Any], outcome: Outcome) -> str:
    """Why the game ended: 'White resigned', 'threefold repetition', 'Crowned Troika' (a
    game's own ending says it in its own words)."""
    if isinstance(outcome.termination, Ending):
        return outcome.termination.text
    side = game.side_name(outcome.side) if outcome.side else "the side to move"
    has = game.side_has(outcome.side) if outcome.side else "has"
    stuck = f"{side} {has} no legal move"
    if outcome.side is not None and outcome.side == outcome.winner:  # the stuck side won
        stuck = game.stuck_win_reason
    return {
        Termination.NO_PIECES: f"{side} {has} no pieces left",
        Termination.NO_MOVES: stuck,
        Termination.STALEMATE: "stalemate",
        Termination.REPETITION: f"{_fold(game.repetition_limit)} repetition",
        Termination.NO_PROGRESS: game.no_progress_reason,
        Termination.AGREEMENT: "agreement",
        Termination.RESIGNATION: f"{side} resigned",
        Termination.TIME: f"{side} ran out of time",
    }[outcome.termination]


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


#: how much of what someone typed a message quotes back
QUOTED = 30


def quoted(text: str, limit: int = QUOTED) -> str:
    """What someone typed, quoted for a message: at most `limit` characters, cut with '…'."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """'1 move', '2 moves', '1 ply', '3 plies' (with the plural given)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def result_text(game: Game[Any, Any], outcome: Outcome, *, lower: bool = False) -> str:
    """'Black won (White resigned)' or 'Draw (agreement)'."""
    reason = reason_text(game, outcome)
    if outcome.winner is None:
        text = f"draw ({reason})"
    else:
        text = f"{game.side_name(outcome.winner)} won ({reason})"
    return text if lower else capitalised(text)


def command_line_text(outcome: Outcome | None, game: Game[Any, Any]) -> str:
    """`python -m rules apply`'s form: 'ongoing', 'draw (...)' or '<side letter> wins (...)'."""
    if outcome is None:
        return "ongoing"
    reason = reason_text(game, outcome)
    return f"draw ({reason})" if outcome.winner is None else f"{outcome.winner} wins ({reason})"


def check_text(game: Game[Any, Any], position: Any) -> str | None:
    """What the side to move must know of check, after its name: 'is in check, and to
    move', or 'is checkmated: the Prince leaves the board (play a3++)'; None when not in
    check."""
    if not game.in_check(position):
        return None
    leave = game.forced_exit(position)
    if leave is None:
        return "is in check, and to move"
    return f"is checkmated: the Prince leaves the board (play {game.format_move(leave)})"


def status_text(game: Game[Any, Any], position: Any, outcome: Outcome | None) -> str:
    """'Black to move' (with ' · check!' when in check), 'Black is checkmated: play a9++',
    or the result."""
    if outcome is not None:
        return result_text(game, outcome)
    side = capitalised(game.side_name(game.side_to_move(position)))
    if not game.in_check(position):
        return f"{side} to move"
    leave = game.forced_exit(position)
    if leave is None:
        return f"{side} to move · check!"
    return f"{side} is checkmated: play {game.format_move(leave)}"


def move_number(ply: int) -> int:
    """The number of the move played at `ply` (from 0): one number covers both sides'."""
    return ply // 2 + 1


def numbered_move(ply: int, move: str) -> str:
    """The move played at `ply` (from 0) as a record numbers it, one number a pair of
    moves: '41. 3-7' for the first side's, '41… 4-8' for the second's."""
    return f"{move_number(ply)}{'…' if ply % 2 else '.'} {move}"


def moves_text(plies: int) -> str:
    """A game's length as players count it, its last move's number: '12 moves' for 23 or
    24 plies, '1 move' for one side's first move alone."""
    return counted((plies + 1) // 2, "move")


def win_within(plies: int) -> str:
    """'in 9 moves': a win `plies` plies away with the winner to move, counted in the
    winner's own moves."""
    return f"in {counted((plies + 1) // 2, 'move')}"


def possessive(game: Game[Any, Any], side: str) -> str:
    """'White's', 'the Musketeers'' (a plural name takes the apostrophe alone)."""
    name = game.side_name(side)
    return f"{name}'" if side in game.plural_sides else f"{name}'s"


RULES_HELP_INTRO = """\
The exact rules, as the engine implements them. Points the original rule texts leave open are
our decisions and are marked **[house]**."""


def rules_help_page(games: Iterable[Game[Any, Any]]) -> str:
    """Every game's rules help as one Markdown page (docs/rules-help.md is this page)."""
    sections = [f"### {g.name} (`{g.id}`)\n\n{g.rules_help}" for g in games]
    return "\n\n".join(["# Rules help", RULES_HELP_INTRO, *sections])
