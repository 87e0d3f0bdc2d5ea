"""What every part of the match service shares: the tables, the clock, the sweeper's wake-up,
the game records cache, and finding things (a match, a challenge, the match meant here)."""

from __future__ import annotations

import asyncio
import math
import random
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypedDict, Unpack

from bot.errors import Person, Refusal
from bot.runtime.shards import Shards
from bot.service.views import Actor, ChallengeView, MatchView
from bot.store import Row, Store
from bot.store.challenge_table import ChallengeRows
from bot.store.match_table import MatchRows
from rules import Game, GameRecord, UnknownGame, get_game

Clock = Callable[[], float]
CHALLENGE_SECONDS = 15 * 60
#: games against the computer a person may have in progress at once (on all servers)
COMPUTER_GAMES = 3
RECORD_CACHE = 2048


def pick_game(game_id: str) -> Game[Any, Any]:
    """The game, or a refusal naming the choices."""
    try:
        return get_game(game_id)
    except UnknownGame as err:
        raise Refusal(f"{str(err)[0].upper()}{str(err)[1:]}.") from None


def row_or_refusal(row: Row | None, otherwise: str) -> Row:
    """The row, or a refusal saying there is no such thing."""
    if row is None:
        raise Refusal(otherwise)
    return row


class CoreSettings(TypedDict, total=False):
    """How a service runs: its clock, its dice (sides drawn at random), challenge lifetime."""

    clock: Clock
    rng: random.Random | None
    challenge_seconds: int
    #: the servers this process looks after (None: all)
    shards: Shards | None
    #: games against the computer a person may have in progress at once
    computer_games: int


class Core:
    def __init__(self, store: Store, **settings: Unpack[CoreSettings]) -> None:
        self.store = store
        self.matches = MatchRows(store)
        self.challenges = ChallengeRows(store)
        self.clock = settings.get("clock", time.time)
        self.rng = settings.get("rng") or random.Random()
        self.challenge_seconds = settings.get("challenge_seconds", CHALLENGE_SECONDS)
        self.shards = settings.get("shards")
        self.computer_games = settings.get("computer_games", COMPUTER_GAMES)
        #: when the sweeper looks next, and the event that wakes it sooner (see `due`)
        self.wake_at = math.inf
        self.changed = asyncio.Event()
        self._records: OrderedDict[int, tuple[int, GameRecord]] = OrderedDict()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        #: told the id of each match where it has become the computer's turn
        self.computer_listeners: list[Callable[[int], None]] = []

    def computer_turn(self, match: MatchView) -> None:
        """Tell the computer player, if it is its turn in `match`."""
        if match.computer_to_move:
            for listener in self.computer_listeners:
                listener(match.id)

    def wake_sweeper_by(self, when: float | None) -> None:
        """Something falls due at `when`: wake the sweeper if that is before its next look."""
        if when is not None and when < self.wake_at:
            self.changed.set()

    def lock(self, match_id: int) -> asyncio.Lock:
        """Serialises one match's actions in this process (other processes: the ply guard)."""
        return self._locks.setdefault(match_id, asyncio.Lock())

    # --- rows and views ---
    async def match_row(self, match_id: int) -> Row:
        return row_or_refusal(
            await self.matches.get(match_id),
            f"There is no match #{match_id}. /games lists the games in progress.",
        )

    async def match(self, match_id: int) -> MatchView:
        """One match: players, position, move list and result."""
        row = await self.match_row(match_id)
        return MatchView.of(row, tuple(await self.matches.moves(match_id)))

    async def challenge_row(self, challenge_id: int) -> Row:
        return row_or_refusal(
            await self.challenges.get(challenge_id), f"There is no challenge #{challenge_id}."
        )

    async def challenge(self, challenge_id: int) -> ChallengeView:
        return ChallengeView.of(await self.challenge_row(challenge_id))

    async def record(self, row: Row) -> GameRecord:
        """The match's game record at its stored ply (cached; rebuilt from the move log)."""
        cached = self._records.get(row["id"])
        if cached and cached[0] == row["ply"]:
            self._records.move_to_end(row["id"])
            return cached[1]
        game = get_game(row["game_id"])
        moves = await self.matches.moves(row["id"])
        record = GameRecord.replay(game, moves, game.decode(row["start_position"]))
        self.cache(row["id"], row["ply"], record)
        return record

    def cache(self, match_id: int, ply: int, record: GameRecord) -> None:
        self._records[match_id] = (ply, record)
        self._records.move_to_end(match_id)
        while len(self._records) > RECORD_CACHE:
            self._records.popitem(last=False)

    async def replay(self, match_id: int) -> GameRecord:
        """The match's game record: every position and move, for pictures and replays."""
        return await self.record(await self.match_row(match_id))

    # --- the match meant ---
    async def resolve(self, actor: Actor, match_id: int | None = None) -> Row:
        """The match meant, for players and spectators alike: the number given (on this
        server), else the one whose thread this is, else the only game in progress here,
        else the user's only game here."""
        if match_id is not None:
            row = await self.match_row(match_id)
            if row["guild_id"] != actor.guild_id:
                raise Refusal(f"There is no match #{match_id} on this server.")
            return row
        bound = await self.matches.in_thread(actor.channel_id)
        if bound is not None:
            return bound
        here = await self.matches.active_here(actor.guild_id, actor.channel_id)
        mine = [r for r in here if actor.user_id in (r["first_user"], r["second_user"])]
        if len(here) == 1:
            return here[0]
        if len(mine) == 1:
            return mine[0]
        if not here:
            raise Refusal(
                "There is no game in progress in this channel: start one with /challenge, "
                "or give the match number."
            )
        parts: list[str | Person] = ["Several games are in progress here ("]
        for n, r in enumerate((mine or here)[:10]):
            parts += [", " if n else "", f"#{r['id']} {get_game(r['game_id']).name}: "]
            parts += [Person(r["first_user"]), " vs ", Person(r["second_user"])]
        raise Refusal(*parts, "): say which with its match number.")

    async def check_here(self, actor: Actor, match_id: int) -> None:
        """Refuse a button of a match pressed outside its channel and thread."""
        row = await self.match_row(match_id)
        if row["guild_id"] != actor.guild_id:
            raise Refusal(f"There is no match #{match_id} on this server.")
        if actor.channel_id not in (row["channel_id"], row["thread_id"]):
            raise Refusal(f"Match #{match_id} is played in another channel: act there.")
