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
every move is proven lost, its search picks one."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

#: the key of `Level.max_depth` and `Level.max_nodes` for a game the table does not list
OTHER_GAMES = "other games"
#: no bound on depth but time and positions
UNBOUNDED: Mapping[str, int] = {OTHER_GAMES: 64}


def _by_game(table: Mapping[str, int], game_id: str) -> int:
    """`table`'s figure for `game_id`, or for games it does not list."""
    return table.get(game_id, table[OTHER_GAMES])


@dataclass(frozen=True, kw_only=True)
class Level:
    number: int
    seconds: float  # thinking budget per move
    max_depth: Mapping[str, int]  # plies of full-width search at most, by game id
    #: positions searched at most, by game id (the deepest complete depth counts)
    max_nodes: Mapping[str, int] | None
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
        return _by_game(self.max_depth, game_id)

    def nodes(self, game_id: str) -> int | None:
        """Positions this level searches at most in `game_id` (None: no such bound)."""
        if self.max_nodes is None:
            return None
        return _by_game(self.max_nodes, game_id)


LEVELS = {
    1: Level(
        number=1,
        seconds=0.1,
        max_depth={OTHER_GAMES: 1},
        max_nodes=None,
        noise=80,
        slip=0.35,
        about="beginner: looks one move ahead, often misjudges",
    ),
    2: Level(
        number=2,
        seconds=0.3,
        max_depth={"three-musketeers": 5, OTHER_GAMES: 2},
        max_nodes=None,
        noise=30,
        slip=0.12,
        about="casual: sees the reply, still slips now and then",
    ),
    3: Level(
        number=3,
        seconds=0.8,
        max_depth=UNBOUNDED,
        max_nodes={
            "checkers": 8_000,
            "three-musketeers": 10_000,
            "three-crowns": 4_000,
            "the-crown": 4_000,
            OTHER_GAMES: 8_000,
        },
        noise=0,
        slip=0.0,
        about="club: a fifth of level 4's positions, no deliberate mistakes",
    ),
    4: Level(
        number=4,
        seconds=1.5,
        max_depth=UNBOUNDED,
        max_nodes={
            "checkers": 40_000,
            "three-musketeers": 50_000,
            "three-crowns": 20_000,
            "the-crown": 20_000,
            OTHER_GAMES: 40_000,
        },
        noise=0,
        slip=0.0,
        about="strong: a fifth of the positions level 5 searches in 3 s",
    ),
    5: Level(
        number=5,
        seconds=3.0,
        max_depth=UNBOUNDED,
        max_nodes=None,
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
