"""What every part of the match service shares, each part named for what it is: the store
and its tables, the settings the service runs by, finding things, the game records, and
who is woken when."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypedDict, Unpack

from bot.runtime.shards import Shards
from bot.service.finding import Finder
from bot.service.record_cache import RecordCache
from bot.service.wakeups import ComputerTurns, MatchLocks, SweeperAlarm, TournamentGames
from bot.store import Store
from bot.store.analysis_tables import AnalysisRows
from bot.store.ballot_rows import BallotRows
from bot.store.challenge_table import ChallengeRows
from bot.store.match_table import MatchRows

Clock = Callable[[], float]
CHALLENGE_SECONDS = 15 * 60
#: games against the computer a person may have in progress at once (on all servers)
COMPUTER_GAMES = 3


class ServiceOptions(TypedDict, total=False):
    """How a service runs, as MatchService takes it: see ServiceSettings."""

    clock: Clock
    rng: random.Random | None
    challenge_seconds: int
    shards: Shards | None
    computer_games: int


@dataclass(frozen=True)
class ServiceSettings:
    clock: Clock
    rng: random.Random  # the dice: sides drawn at random
    challenge_seconds: int  # how long a challenge waits for an answer
    shards: Shards | None  # the servers this process looks after (None: all)
    computer_games: int  # games against the computer a person may have going at once

    @classmethod
    def of(cls, options: ServiceOptions) -> ServiceSettings:
        return cls(
            clock=options.get("clock", time.time),
            rng=options.get("rng") or random.Random(),
            challenge_seconds=options.get("challenge_seconds", CHALLENGE_SECONDS),
            shards=options.get("shards"),
            computer_games=options.get("computer_games", COMPUTER_GAMES),
        )


class Shared:
    def __init__(self, store: Store, **options: Unpack[ServiceOptions]) -> None:
        self.store = store
        self.matches = MatchRows(store)
        self.challenges = ChallengeRows(store)
        self.settings = ServiceSettings.of(options)
        self.find = Finder(self.matches, self.challenges)
        self.records = RecordCache(self.find)
        self.alarm = SweeperAlarm()
        self.turns = ComputerTurns()
        self.locks = MatchLocks()
        self.tournament_games = TournamentGames()
        self.analyses = AnalysisRows(store)
        self.ballots = BallotRows(store)

    async def computer_jobs(self, user_id: int) -> int:
        """What the computer does for a person now: their games against it in progress and
        the reviews they asked for that are being made (both count toward one limit)."""
        games = await self.matches.against_computer(user_id)
        return games + await self.analyses.running_of(user_id)
