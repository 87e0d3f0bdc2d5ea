"""The rules engine: pure, synchronous, standard library only."""

from .base import Ending, Game, Outcome, Termination
from .errors import BadPosition, GameOver, IllegalMove, RulesError, UnknownGame
from .record import GameRecord
from .registry import GAMES, get_game
from .wording import (
    QUOTED,
    capitalised,
    check_text,
    command_line_text,
    counted,
    move_number,
    moves_text,
    numbered_move,
    possessive,
    quoted,
    reason_text,
    result_text,
    rules_help_page,
    status_text,
    win_within,
)

__all__ = [
    "GAMES",
    "QUOTED",
    "BadPosition",
    "Ending",
    "Game",
    "GameOver",
    "GameRecord",
    "IllegalMove",
    "Outcome",
    "RulesError",
    "Termination",
    "UnknownGame",
    "capitalised",
    "check_text",
    "command_line_text",
    "counted",
    "get_game",
    "move_number",
    "moves_text",
    "numbered_move",
    "possessive",
    "quoted",
    "reason_text",
    "result_text",
    "rules_help_page",
    "status_text",
    "win_within",
]
