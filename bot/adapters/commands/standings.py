"""Handlers of how players stand: the leaderboard (by rating, or this month's points), a
player's stats with their rating chart, and two players' record against each other."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.adapters.commands.group import Context, HandlerGroup
from bot.adapters.commands.lookups import PAGE, paged
from bot.adapters.commands.registry import Option, command
from bot.adapters.replies import Attachment, Message, Response
from bot.adapters.wording import points_text
from bot.runtime import workers
from bot.service import GameStats, HeadToHead, pick_game
from render.charts import rating_png
from rules import GAMES, counted, get_game

#: a leaderboard button's number: (the period's place in PERIODS times the games' count,
#: plus the game's place in GAMES) times this, plus the page
PAGE_CODE = 100_000
GAME_IDS = list(GAMES)
PERIODS = ("all", "month")
#: the latest games /versus lists
RECENT = 5


def month_start(now: float) -> tuple[float, str]:
    """The start of the calendar month (UTC) `now` is in, and its name ('November 2026')."""
    day = datetime.fromtimestamp(now, UTC)
    start = day.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    return start.timestamp(), f"{start:%B %Y}"


class StandingCommands(HandlerGroup):
    @command(
        "leaderboard",
        "The best players of a game on this server: by rating, or by this month's points.",
        Option("game", "game", "which game", required=True),
        Option("period", "text", "all (by rating, the default) or month", choices=PERIODS),
        example="/leaderboard game:checkers period:month",
    )
    async def leaderboard(self, ctx: Context, game: str, period: str | None = None) -> Response:
        chosen = (period or "all").strip().lower()
        if chosen not in PERIODS:
            return Response(
                reply=Message(f"The period is all or month, not {chosen[:20]!r}."), ephemeral=True
            )
        message = await self._leaderboard_message(ctx, pick_game(game).id, chosen, 0)
        return Response(reply=message)

    async def leaderboard_page(self, ctx: Context, code: int) -> Response:
        """A Previous / Next press: `code` names the period, the game and the page."""
        which, page = divmod(code, PAGE_CODE)
        period, index = divmod(which, len(GAME_IDS))
        if period >= len(PERIODS):
            return Response(reply=Message("That button is no longer in use."), ephemeral=True)
        message = await self._leaderboard_message(ctx, GAME_IDS[index], PERIODS[period], page)
        return Response(edit_origin=message)

    async def _leaderboard_message(
        self, ctx: Context, game_id: str, period: str, page: int
    ) -> Message:
        """A page of the server's leaderboard, with the reader's own place when it is not on
        that page."""
        standings = self.service.standings
        name = pick_game(game_id).name
        code = (PERIODS.index(period) * len(GAME_IDS) + GAME_IDS.index(game_id)) * PAGE_CODE
        if period == "month":
            since, month = month_start(self.service.clock())
            season = await standings.season(ctx.guild_id, game_id, since)
            if not season:
                return Message(f"Nobody has finished a rated {name} game here in {month} yet.")
            at = paged(page, len(season), "lbpage", lambda n: code + n)
            shown = season[at.number * PAGE : (at.number + 1) * PAGE]
            text = "\n".join(
                f"{r.rank}. {self.words.person(r.user_id, r.name)} — {points_text(r.points)}, "
                f"{counted(r.wins + r.draws + r.losses, 'game')}, {r.wins}-{r.draws}-{r.losses}"
                for r in shown
            )
            mine = next((r for r in season if r.user_id == ctx.user_id), None)
            if mine is not None and mine not in shown:
                text += f"\nYour place: #{mine.rank} of {len(season)}."
            title = f"{name} leaderboard, {month} (points, W-D-L){at.suffix}"
            return Message(text, title=title, buttons=at.buttons)
        rank, total = await standings.place(ctx.guild_id, game_id, ctx.user_id)
        if not total:
            return Message(f"Nobody has finished a rated {name} game here yet.")
        at = paged(page, total, "lbpage", lambda n: code + n)
        rows = await standings.leaderboard(ctx.guild_id, game_id, PAGE, at.number * PAGE)
        text = self.words.leaderboard(rows)
        if rank is not None and not any(r.user_id == ctx.user_id for r in rows):
            text += f"\nYour place: #{rank} of {total}."
        return Message(text, title=f"{name} leaderboard (W-D-L){at.suffix}", buttons=at.buttons)

    @command(
        "stats",
        "A player's rating and record in each game, with a chart of their rating.",
        Option("user", "user", "whose stats (default: yours)"),
        Option("game", "game", "one game only"),
    )
    async def stats(
        self, ctx: Context, user: int | None = None, game: str | None = None
    ) -> Response:
        who = user if user is not None else ctx.user_id
        stats = await self.service.standings.stats(ctx.guild_id, who, game)
        known = await self.service.standings.known_name(ctx.guild_id, who)
        name = self.words.person(who, known)
        solved, tried = await self.service.puzzles.record(ctx.guild_id, who)
        puzzles = (("Puzzles", f"{solved} solved of {tried} (the first answer counts)"),)
        if not stats and not tried:
            return Response(reply=Message(f"{name} has no finished games here yet."))
        rated = any(s.rating is not None for s in stats)
        charts = await self._charts(ctx, who, known or "This player", stats)
        return Response(
            reply=Message(
                "Rating (with '?' while provisional: too few games to settle it), then "
                "wins-draws-losses, in all and on each side."
                if rated
                else "Wins-draws-losses against the computer, by its level (unrated).",
                title=f"Stats for {name}",
                fields=self.words.stats(stats) + (puzzles if tried else ()),
                files=charts,
            )
        )

    async def _charts(
        self, ctx: Context, who: int, name: str, stats: list[GameStats]
    ) -> tuple[Attachment, ...]:
        """A rating chart for each game the player has rated games of."""
        charts = []
        for s in stats:
            history = await self.service.standings.rating_history(ctx.guild_id, s.game_id, who)
            if not history:
                continue
            title = f"{name}: {get_game(s.game_id).name} rating (± two deviations)"
            band = [(rating, 2 * rd) for rating, rd in history]
            png = await workers.run(rating_png, band, title)
            charts.append(Attachment(f"rating-{s.game_id}-{who}.png", png))
        return tuple(charts)

    @command(
        "versus",
        "Two players' record against each other, per game and side, and their latest games.",
        Option("player", "user", "one player", required=True),
        Option("opponent", "user", "the other (default: you)"),
        Option("game", "game", "one game only"),
        example="/versus player:@alice opponent:@bob",
    )
    async def versus(
        self, ctx: Context, player: int, opponent: int | None = None, game: str | None = None
    ) -> Response:
        other = ctx.user_id if opponent is None else opponent
        record = await self.service.standings.versus(ctx.guild_id, player, other, game, RECENT)
        first, second = self.words.people.user(player), self.words.people.user(other)
        if not record.records:
            what = f" of {pick_game(game).name}" if game else ""
            return Response(
                reply=Message(f"{first} and {second} have no finished game{what} here.")
            )
        return Response(
            reply=Message(
                f"{first} against {second}.\n{self._latest(record)}",
                title="Head to head",
                fields=self._per_game(record, first, second),
            )
        )

    def _per_game(self, record: HeadToHead, first: str, second: str) -> tuple[tuple[str, str], ...]:
        fields = []
        for game_id, by_side in record.records.items():
            game = get_game(game_id)
            wins = sum(r.wins for r in by_side.values())
            draws = sum(r.draws for r in by_side.values())
            losses = sum(r.losses for r in by_side.values())
            sides = "; ".join(
                f"as {game.side_name(side)} {r.wins}-{r.draws}-{r.losses}"
                for side, r in by_side.items()
                if r.wins + r.draws + r.losses
            )
            fields.append(
                (
                    game.name,
                    f"{first} {counted(wins, 'win')}, {second} {counted(losses, 'win')}, "
                    f"{counted(draws, 'draw')} ({first} {sides})",
                )
            )
        return tuple(fields)

    def _latest(self, record: HeadToHead) -> str:
        lines = [
            f"#{m.id} {get_game(m.game_id).name}: {self.words.result(m)}" for m in record.recent
        ]
        return "Latest games:\n" + "\n".join(lines)
