"""The engine's exception family: every message is fit to show a player as is."""


class RulesError(ValueError):
    """Base of every error the rules engine raises on bad input."""


class UnknownGame(RulesError):
    """No game is registered under that id."""


class BadPosition(RulesError):
    """A position text that cannot be decoded, or describes an impossible position."""


class IllegalMove(RulesError):
    """Move text that is malformed, ambiguous or not legal in the position."""


class GameOver(IllegalMove):
    """A move was submitted after the game had ended."""
