"""The rules engine: pure, synchronous, standard library only."""

from .base import Game, Outcome
from .errors import BadPosition, GameOver, IllegalMove, RulesError, UnknownGame
from .record import GameRecord
from .registry import GAMES, get_game

__all__ = [
    "GAMES",
    "BadPosition",
    "Game",
    "GameOver",
    "GameRecord",
    "IllegalMove",
    "Outcome",
    "RulesError",
    "UnknownGame",
    "get_game",
]
