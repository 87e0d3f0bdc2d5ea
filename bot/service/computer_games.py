"""Games against the computer: started at once (no challenge to answer), unrated, and the
computer's moves, which the bot's own account plays like a person would."""

from __future__ import annotations

from ai import DEFAULT_LEVEL, LEVELS
from bot.errors import Refusal
from bot.i18n import Text, Texts
from bot.service import options
from bot.service.clocks import start_clock
from bot.service.finding import no_match, pick_game, reach_again, shown_to
from bot.service.play import Play
from bot.service.shared import Shared
from bot.service.views import Actor, MatchView, MoveResult, Turn


class ComputerGames:
    def __init__(self, shared: Shared, play: Play) -> None:
        self.shared = shared
        self.play = play

    async def start(
        self,
        actor: Actor,
        computer_id: int,
        game_id: str,
        *,
        level: int | None = None,
        side: str | None = None,
        move_time: int | str | None = None,
        opening: str | None = None,
        captures: str | None = None,
    ) -> MatchView:
        """A game against the computer (`computer_id`: the account it plays as), at once:
        by the game's rules, or with free jumps (`captures`: free), which the computer plays
        too; never a ballot pair (two games between people)."""
        user_id = actor.user_id
        game = options.house_rules(pick_game(game_id), captures)
        if options.opening_choice(game, opening) is not None:
            raise Refusal(
                Text(
                    "A ballot pair is two games between people: challenge a person to it, or "
                    "play me from the start."
                )
            )
        level = DEFAULT_LEVEL if level is None else level
        if level not in LEVELS:
            raise Refusal(
                Text("There is no level {level}: the computer plays levels 1 to 5.", level=level)
            )
        if user_id == computer_id:
            raise Refusal(Text("The computer cannot play itself."))
        mine = options.side_choice(game, side) or self.shared.settings.rng.choice(game.sides)
        seconds = options.move_seconds(move_time)
        first, second = (user_id, computer_id) if mine == game.sides[0] else (computer_id, user_id)
        parity = 1 if mine == game.sides[0] else 0
        now = self.shared.settings.clock()
        start = game.encode(game.initial_position())
        async with self.shared.store.transaction() as db:
            most = self.shared.settings.computer_games
            if await self.shared.computer_jobs(user_id) >= most:
                raise Refusal(
                    Texts(
                        "The computer already plays or reviews {n} game of yours at once: "
                        "finish or resign one before starting another.",
                        "The computer already plays or reviews {n} games of yours at once: "
                        "finish or resign one before starting another.",
                        most,
                    )
                )
            match_id = await self.shared.matches.insert(
                db,
                {
                    "guild_id": actor.guild_id,
                    "channel_id": actor.channel_id,
                    "game_id": game.rules_id,
                    "first_user": first,
                    "second_user": second,
                    "start_position": start,
                    "position": start,
                    "move_seconds": seconds,
                    "created_at": now,
                    "computer_level": level,
                    "computer_parity": parity,
                    "reach": actor.reach,
                },
            )
            await start_clock(self.shared, db, match_id)
        view = await self.shared.find.match(match_id)
        self.shared.alarm.wake_by(view.remind_at)
        self.shared.turns.tell(view)
        return view

    async def rematch(self, actor: Actor, match_id: int) -> MatchView:
        """Another game against the computer at the same level, sides swapped, in the
        channel of the game before."""
        row, user_id = await self.shared.find.match_row(match_id), actor.user_id
        old = MatchView.of(row)
        if old.private and not shown_to(actor, row):
            raise Refusal(no_match(match_id))
        if (
            (not old.private and old.guild_id != actor.guild_id)
            or old.computer_id is None
            or old.side_of(user_id) is None
        ):
            raise Refusal(
                Text(
                    "Only the player of {game} #{number} can ask for its rematch.",
                    game=old.game_named,
                    number=match_id,
                )
            )
        if old.active:
            raise Refusal(
                Text(
                    "{game} #{number} is still in progress: finish it first.",
                    game=old.game_named,
                    number=match_id,
                )
            )
        game = pick_game(old.game_id)
        return await self.start(
            Actor(old.guild_id, old.channel_id, user_id, reach_again(actor, old)),
            old.computer_id,
            old.game_id,  # its rules: a house rule too
            level=old.computer_level,
            side=game.opponent(old.side_of(user_id) or game.sides[0]),  # a side letter
            move_time=old.move_seconds,
        )

    async def to_move(self) -> list[int]:
        """The games where it is the computer's turn (after a restart, too)."""
        return await self.shared.matches.computer_to_move(self.shared.settings.shards)

    async def turn(self, match_id: int) -> Turn | None:
        """The computer's turn in a match, or None if it is not (any more) its turn."""
        view = await self.shared.find.match(match_id)
        if not view.computer_to_move or view.computer_level is None:
            return None
        record = await self.shared.records.replay(match_id)
        game = pick_game(view.game_id)
        history = tuple(game.encode(p) for p in record.positions[:-1])
        player = view.opponent_of(view.computer_id or 0) or 0
        return Turn(
            match_id, player, view.game_id, view.position_text, history, view.computer_level
        )

    async def move(self, turn: Turn, move: str) -> MoveResult:
        """Play the computer's chosen move (refused if the game moved on meanwhile)."""
        view = await self.shared.find.match(turn.match_id)
        if view.computer_id is None or view.position_text != turn.position:
            raise Refusal(
                Text(
                    "{game} #{number} changed while the computer was thinking.",
                    game=view.game_named,
                    number=view.id,
                )
            )
        computer = Actor(view.guild_id, view.channel_id, view.computer_id)
        return await self.play.move(computer, move, turn.match_id)
