"""The computer's five levels: how long it thinks, how far it may look, and how often it
errs. Levels 1 and 2 err on purpose (a beginner's mistakes, not random moves): noise on
every evaluation, and at times the second or third best move. Level 2 looks two plies
ahead, five in Three Musketeers, where a ply is small (a Musketeer move is one of a few
captures) and the enemy's win is a long plan: five plies there cost about the positions two
cost in 3 Crowns. Levels 1-4 are bounded by depth or by positions searched, not by the clock, so
they play alike on any machine (and a seed repeats their choice); their seconds only cap a
slow machine. Level 4 searches about a fifth of the positions level 5 searches in its 3 s
on the 2-core reference machine, and level 3 a fifth of level 4's: a ply or two less each,
in every game (doubling the time buys less than a ply where moves are many). Level 5
searches as deep as its time allows, and plays Three Musketeers perfectly wherever it can
prove a win (the solved game's stored strategy, or exact search late in the game); where
every move is proven lost, its search picks one. A game's own figures (level 4's positions,
Three Musketeers' five plies) are on its `Computer`, beside its evaluation."""

from __future__ import annotations

from dataclasses import dataclass

from .computers import computer

#: no bound on depth but time and positions
UNBOUNDED = 64


@dataclass(frozen=True, kw_only=True)
class Level:
    number: int
    seconds: float  # thinking budget per move
    #: plies of full-width search at most (a game's Computer.depths may say otherwise)
    max_depth: int
    #: positions searched at most: the game's budget (Computer.nodes) divided by this
    #: (None: no such bound; the deepest complete depth counts)
    nodes_divisor: int | None
    #: each evaluation is off by up to this many points (100: one in the logit of the chance to win)
    noise: int
    slip: float  # chance of playing the second or third best move instead
    about: str
    #: plays a proven move where the game has perfect play (ai.perfect) and it finds one
    perfect: bool = False

    @property
    def exact(self) -> bool:
        """Whether the level judges every root move exactly (needed to pick a runner-up)."""
        return self.slip > 0 or self.noise > 0

    def depth(self, game_id: str) -> int:
        """Plies this level searches at most in `game_id`."""
        return computer(game_id).depths.get(self.number, self.max_depth)

    def nodes(self, game_id: str) -> int | None:
        """Positions this level searches at most in `game_id` (None: no such bound)."""
        if self.nodes_divisor is None:
            return None
        return computer(game_id).nodes // self.nodes_divisor


LEVELS = {
    1: Level(
        number=1,
        seconds=0.1,
        max_depth=1,
        nodes_divisor=None,
        noise=80,
        slip=0.35,
        about="beginner: looks one move ahead, often misjudges",
    ),
    2: Level(
        number=2,
        seconds=0.3,
        max_depth=2,
        nodes_divisor=None,
        noise=30,
        slip=0.12,
        about="casual: sees the reply, still slips now and then",
    ),
    3: Level(
        number=3,
        seconds=0.8,
        max_depth=UNBOUNDED,
        nodes_divisor=5,
        noise=0,
        slip=0.0,
        about="club: a fifth of level 4's positions, no deliberate mistakes",
    ),
    4: Level(
        number=4,
        seconds=1.5,
        max_depth=UNBOUNDED,
        nodes_divisor=1,
        noise=0,
        slip=0.0,
        about="strong: a fifth of the positions level 5 searches in 3 s",
    ),
    5: Level(
        number=5,
        seconds=3.0,
        max_depth=UNBOUNDED,
        nodes_divisor=None,
        noise=0,
        slip=0.0,
        about="strongest: searches as deep as 3 s allows; Three Musketeers' proven wins perfectly",
        perfect=True,
    ),
}
DEFAULT_LEVEL = 3


def level(number: int) -> Level:
    if number not in LEVELS:
        raise ValueError(f"level {number} does not exist: levels go from 1 to {max(LEVELS)}")
    return LEVELS[number]
