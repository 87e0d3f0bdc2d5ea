"""Tournaments inside a server, run by the bot from sign-up to final standings: Swiss (FIDE
Dutch) or round-robin (Berger), each round's games started at once under the event's time
per move, the next round paired when the last game of a round ends. Three Musketeers is
asymmetric: each pairing is two games, the sides swapped."""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import Person, Refusal
from bot.runtime import workers
from bot.service import options
from bot.service.finding import pick_game
from bot.service.pairings import BYE_POINTS, Pairing, round_robin, round_robin_rounds, swiss
from bot.service.play import Play
from bot.service.shared import Shared
from bot.service.tournament_scores import Result, Standing, entrants, standings
from bot.service.views import Actor, MatchView
from bot.store import Row, Tx
from bot.store.tournament_tables import TournamentRows
from rules import Outcome, Termination

FORMATS = ("swiss", "round-robin")
STATUSES = ("signup", "running", "finished", "cancelled")
MAX_ROUNDS = 20
MIN_PLAYERS = 3
#: games whose two sides differ too much for one game a pairing: two, the sides swapped
TWO_GAMES = frozenset({"three-musketeers"})


@dataclass(frozen=True)
class TournamentView:
    id: int
    guild_id: int
    channel_id: int
    game_id: str
    format: str
    rounds: int
    move_seconds: int
    rated: bool
    organiser_id: int
    status: str  # signup, running, finished, cancelled
    round: int  # the round under way (0: not started)
    players: tuple[int, ...]  # in starting order
    withdrawn: frozenset[int]

    @property
    def late_joining(self) -> bool:
        """A Swiss takes players until half its rounds have started."""
        return self.format == "swiss" and self.round * 2 < self.rounds


@dataclass(frozen=True)
class RoundNews:
    """A round begun (its games and byes) or the event over (`round` 0), with the standings
    after the rounds before it."""

    tournament: TournamentView
    round: int
    games: tuple[MatchView, ...]
    byes: tuple[int, ...]
    standings: tuple[Standing, ...]

    @property
    def finished(self) -> bool:
        return self.tournament.status == "finished"


def _view(row: Row, players: list[Row]) -> TournamentView:
    return TournamentView(
        row["id"], row["guild_id"], row["channel_id"], row["game_id"], row["format"],
        row["rounds"], row["move_seconds"], bool(row["rated"]), row["organiser_id"],
        row["status"], row["round"], tuple(p["user_id"] for p in players),
        frozenset(p["user_id"] for p in players if p["withdrawn_at"] is not None),
    )  # fmt: skip


def result_of(row: Row) -> Result:
    """A tournament game's result from its row (and its match's, once over)."""
    points = row["points"]
    if points is None and row["match_status"] == "finished":
        winner = row["winner_side"]
        first_side = "first" if row["match_first"] == row["first_user"] else "second"
        points = 0.5 if winner is None else _won(row["game_id"], winner, first_side)
    elif points is None and row["match_status"] == "aborted":
        points = 0.0 if row["match_ply"] == 0 else 0.5  # no first move in time: a loss
    return Result(row["round"], row["first_user"], row["second_user"], points)


def _won(game_id: str, winner: str, first_side: str) -> float:
    sides = pick_game(game_id).sides
    return 1.0 if (winner == sides[0]) == (first_side == "first") else 0.0


class Tournaments:
    def __init__(self, shared: Shared, play: Play) -> None:
        self.shared = shared
        self.play = play
        self.rows = TournamentRows(shared.store)

    # --- looking ---
    async def view(self, tournament_id: int, guild_id: int | None = None) -> TournamentView:
        row = await self.rows.get(tournament_id)
        if row is None or (guild_id is not None and row["guild_id"] != guild_id):
            raise Refusal(f"There is no tournament #{tournament_id} on this server.")
        return _view(row, await self.rows.players(tournament_id))

    async def meant(self, actor: Actor, tournament_id: int | None) -> TournamentView:
        """The event meant: the number given (on this server), else the one in sign-up or
        under way in this channel, else the channel's last one."""
        if tournament_id is not None:
            return await self.view(tournament_id, actor.guild_id)
        rows = [
            r
            for r in await self.rows.of_server(actor.guild_id, STATUSES)
            if r["channel_id"] == actor.channel_id
        ]
        going = [r for r in rows if r["status"] in ("signup", "running")]
        if len(going) > 1:
            raise Refusal("Several tournaments are under way in this channel: give its number.")
        if not rows:
            raise Refusal("There is no tournament in this channel: give its number.")
        row = (going or rows)[-1]
        return _view(row, await self.rows.players(row["id"]))

    async def results(self, tournament_id: int) -> list[Result]:
        return [result_of(r) for r in await self.rows.games(tournament_id)]

    async def table(self, tournament_id: int) -> list[Standing]:
        """The standings now: points, Sonneborn-Berger, Buchholz, games left."""
        view = await self.view(tournament_id)
        return standings(view.players, await self.results(tournament_id))

    async def round_games(self, tournament_id: int, round_number: int) -> list[Result]:
        return [r for r in await self.results(tournament_id) if r.round == round_number]

    async def running_ids(self) -> list[int]:
        """The events under way on the servers this process looks after."""
        shards = self.shared.settings.shards
        return [
            r["id"]
            for r in await self.rows.running()
            if shards is None or shards.owns(r["guild_id"])
        ]

    # --- acting ---
    async def create(
        self,
        actor: Actor,
        game_id: str,
        format: str = "swiss",
        rounds: int | None = None,
        move_time: int | str | None = None,
        rated: bool = True,
        *,
        allowed: bool,
    ) -> TournamentView:
        """A new event in this channel, open for sign-up (by a moderator)."""
        if not allowed:
            raise Refusal("Only members who may manage messages here can create a tournament.")
        game = pick_game(game_id)
        if format not in FORMATS:
            raise Refusal(f"The format is swiss or round-robin, not {format[:20]!r}.")
        if format == "swiss" and (rounds is None or not 1 <= rounds <= MAX_ROUNDS):
            raise Refusal(f"A Swiss needs its rounds: 1 to {MAX_ROUNDS}.")
        seconds = options.move_seconds(move_time)
        async with self.shared.store.transaction() as db:
            tournament_id = await self.rows.insert(
                db,
                {
                    "guild_id": actor.guild_id,
                    "channel_id": actor.channel_id,
                    "game_id": game.id,
                    "format": format,
                    "rounds": rounds or 0,
                    "move_seconds": seconds,
                    "rated": int(rated),
                    "organiser_id": actor.user_id,
                    "created_at": self.shared.settings.clock(),
                },
            )
        return await self.view(tournament_id)

    async def join(self, actor: Actor, tournament_id: int) -> TournamentView:
        async with self.shared.store.transaction() as db:
            view = await self._held(db, actor, tournament_id)
            if view.status == "running" and not view.late_joining:
                late = "it has begun" if view.format == "round-robin" else "half its rounds began"
                raise Refusal(f"Tournament #{view.id} takes no more players: {late}.")
            if view.status not in ("signup", "running"):
                raise Refusal(f"Tournament #{view.id} is over.")
            now = self.shared.settings.clock()
            if not await self.rows.add_player(db, view.id, actor.user_id, now):
                raise Refusal(f"You are already in tournament #{view.id}.")
        return await self.view(tournament_id)

    async def leave(self, actor: Actor, tournament_id: int) -> TournamentView:
        """Leave before it starts; withdraw once it runs: the games under way are lost, the
        games played stand, and no more are paired."""
        async with self.shared.store.transaction() as db:
            view = await self._held(db, actor, tournament_id)
            if actor.user_id not in view.players or actor.user_id in view.withdrawn:
                raise Refusal(f"You are not playing in tournament #{view.id}.")
            if view.status == "signup":
                await self.rows.remove_player(db, view.id, actor.user_id)
            elif view.status == "running":
                await self.rows.withdraw(db, view.id, actor.user_id, self.shared.settings.clock())
                for match in await self._unfinished(db, view.id, actor.user_id):
                    game = pick_game(match["game_id"])
                    side = game.sides[0] if match["first_user"] == actor.user_id else game.sides[1]
                    withdrew = Outcome(game.opponent(side), Termination.RESIGNATION, side)
                    await self.play.finish(db, match, withdrew)
            else:
                raise Refusal(f"Tournament #{view.id} is over.")
        return await self.view(tournament_id)

    async def start(self, actor: Actor, tournament_id: int, *, moderator: bool) -> TournamentView:
        async with self.shared.store.transaction() as db:
            view = await self._held(db, actor, tournament_id)
            self._may_run(actor, view, moderator)
            if view.status != "signup":
                raise Refusal(f"Tournament #{view.id} has already begun.")
            if len(view.players) < MIN_PLAYERS:
                raise Refusal(
                    f"Tournament #{view.id} needs {MIN_PLAYERS} players to begin: it has "
                    f"{len(view.players)}."
                )
            rounds = view.rounds
            if view.format == "round-robin":
                rounds = round_robin_rounds(len(view.players))
            await self.rows.update(db, view.id, {"status": "running", "rounds": rounds})
        self.shared.tournament_games.tell(tournament_id)  # its first round: paired and posted
        return await self.view(tournament_id)

    async def cancel(self, actor: Actor, tournament_id: int, *, moderator: bool) -> TournamentView:
        """End the event: its unfinished games are aborted, nothing more is paired."""
        async with self.shared.store.transaction() as db:
            view = await self._held(db, actor, tournament_id)
            self._may_run(actor, view, moderator)
            if view.status not in ("signup", "running"):
                raise Refusal(f"Tournament #{view.id} is already over.")
            await self.rows.update(db, view.id, {"status": "cancelled"})
            for match in await self._unfinished(db, view.id):
                await self.play.abort(db, match, "the tournament was cancelled", actor.user_id)
        return await self.view(tournament_id)

    async def advance(self, tournament_id: int) -> RoundNews | None:
        """If the round under way is over (or none has begun), pair and begin the next, or
        end the event after its last: the news to post; None while games go on. (The adapter
        calls this when told a tournament may move on, and for every event under way after a
        restart.)"""
        view = await self.view(tournament_id)
        if view.status != "running":
            return None
        results = await self.results(tournament_id)
        if any(r.first_points is None for r in results if r.round == view.round):
            return None
        active = [p for p in view.players if p not in view.withdrawn]
        table = tuple(standings(view.players, results))
        if view.round >= view.rounds or len(active) < 2:
            async with self.shared.store.transaction() as db:
                held = await self._held(db, None, tournament_id)
                if held.status != "running" or held.round != view.round:
                    return None  # another process was first
                await self.rows.update(db, view.id, {"status": "finished"})
            return RoundNews(await self.view(tournament_id), 0, (), (), table)
        number = view.round + 1
        pairings = await self._pair(view, results, active, number)
        async with self.shared.store.transaction() as db:
            held = await self._held(db, None, tournament_id)
            if held.status != "running" or held.round != view.round:
                return None  # another process began this round
            matches, byes = await self._begin(db, held, number, pairings)
            await self.rows.update(db, view.id, {"round": number})
        games = tuple([await self.shared.find.match(m) for m in matches])
        return RoundNews(await self.view(tournament_id), number, games, byes, table)

    # --- inside ---
    async def _held(self, db: Tx, actor: Actor | None, tournament_id: int) -> TournamentView:
        row = await self.rows.get(tournament_id, db)
        if row is None or (actor is not None and row["guild_id"] != actor.guild_id):
            raise Refusal(f"There is no tournament #{tournament_id} on this server.")
        return _view(row, await self.rows.players(tournament_id, db))

    @staticmethod
    def _may_run(actor: Actor, view: TournamentView, moderator: bool) -> None:
        if actor.user_id != view.organiser_id and not moderator:
            raise Refusal(
                "Only ", Person(view.organiser_id), " (who created it) or a moderator can do that."
            )

    async def _unfinished(
        self, db: Tx, tournament_id: int, user_id: int | None = None
    ) -> list[Row]:
        rows = await db.all(
            "SELECT m.*, NULL AS remind_at FROM matches m WHERE m.tournament_id = ? "
            "AND m.status = 'active'",
            (tournament_id,),
        )
        return [
            r for r in rows if user_id is None or user_id in (r["first_user"], r["second_user"])
        ]

    async def _pair(
        self, view: TournamentView, results: list[Result], active: list[int], number: int
    ) -> list[Pairing]:
        if view.format == "round-robin":
            return round_robin(view.players, number)  # everyone, withdrawn too: forfeits
        state = [e for e in entrants(view.players, results, number - 1) if e.id in active]
        return await workers.run(swiss, state, number, view.rounds)  # up to a second: off the loop

    async def _begin(
        self, db: Tx, view: TournamentView, number: int, pairings: list[Pairing]
    ) -> tuple[list[int], tuple[int, ...]]:
        """The round's games (matches started now), byes and forfeits, written."""
        game = pick_game(view.game_id)
        start = game.encode(game.initial_position())
        now = self.shared.settings.clock()
        two = view.game_id in TWO_GAMES
        matches, byes, board = [], [], 0
        for p in pairings:
            sides = (
                [(p.first, p.second), (p.second, p.first)]
                if two and p.second
                else [(p.first, p.second)]
            )
            for first, second in sides:
                board += 1
                values = {"tournament_id": view.id, "round": number, "board": board}
                if second is None or first is None:
                    byes.append(p.first)
                    await self.rows.add_game(
                        db, {**values, "first_user": p.first, "points": BYE_POINTS}
                    )
                    continue
                gone = {first, second} & view.withdrawn
                if gone:  # a round-robin game of a player who withdrew: a forfeit
                    points = 0.5 if len(gone) == 2 else 0.0 if first in gone else 1.0
                    await self.rows.add_game(
                        db, {**values, "first_user": first, "second_user": second, "points": points}
                    )
                    continue
                match_id = await self.shared.matches.insert(
                    db,
                    {
                        "guild_id": view.guild_id, "channel_id": view.channel_id,
                        "game_id": game.id, "first_user": first, "second_user": second,
                        "start_position": start, "position": start,
                        "move_seconds": view.move_seconds, "deadline": now + view.move_seconds,
                        "created_at": now, "tournament_id": view.id,
                    },
                )  # fmt: skip
                await self.rows.add_game(
                    db, {**values, "first_user": first, "second_user": second, "match_id": match_id}
                )
                matches.append(match_id)
        if matches:
            self.shared.alarm.wake_by(now + min(view.move_seconds, 3600) / 4)
        return matches, tuple(byes)
