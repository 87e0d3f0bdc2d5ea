"""The computer's five levels: how long it thinks, how far it may look, and how often it
errs. Levels 1 and 2 err on purpose (a beginner's mistakes, not random moves): noise on
every evaluation, and at times the second or third best move. Levels 1-3 are bounded by
depth or by positions searched, not by the clock, so they play alike on any machine (and a
seed repeats their choice); levels 4 and 5 search as deep as their time allows. Level 5
plays Three Musketeers perfectly wherever it can prove the move (the solved game's stored
strategy, or exact search late in the game)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    number: int
    seconds: float  # thinking budget per move
    max_depth: int  # plies of full-width search at most
    max_nodes: int | None  # positions searched at most (the deepest complete depth counts)
    noise: int  # each evaluation is off by up to this many points (100: a man)
    slip: float  # chance of playing the second or third best move instead
    about: str
    #: plays a proven move where the game has perfect play (ai.perfect) and it finds one
    perfect: bool = False

    @property
    def exact(self) -> bool:
        """Whether the level judges every root move exactly (needed to pick a runner-up)."""
        return self.slip > 0 or self.noise > 0


LEVELS = {
    1: Level(1, 0.1, 1, None, 80, 0.35, "beginner: looks one move ahead, often misjudges"),
    2: Level(2, 0.3, 2, None, 30, 0.12, "casual: sees the reply, still slips now and then"),
    3: Level(3, 0.8, 64, 20_000, 0, 0.0, "club: 20,000 positions, no deliberate mistakes"),
    4: Level(4, 1.5, 64, None, 0, 0.0, "strong: searches as deep as 1.5 s allows"),
    5: Level(
        5,
        3.0,
        64,
        None,
        0,
        0.0,
        "strongest: searches as deep as 3 s allows; perfect in Three Musketeers where proven",
        perfect=True,
    ),
}
DEFAULT_LEVEL = 3


def level(number: int) -> Level:
    if number not in LEVELS:
        raise ValueError(f"level {number} does not exist: levels go from 1 to {max(LEVELS)}")
    return LEVELS[number]
