"""Handlers of how players stand: the leaderboard (by rating, or this month's points), a
player's stats with their rating chart, and two players' record against each other."""

from __future__ import annotations

from datetime import UTC, datetime

from babel.dates import format_date

from bot.adapters.commands.group import Context, HandlerGroup
from bot.adapters.commands.lookups import PAGE, paged
from bot.adapters.commands.registry import Option, command
from bot.adapters.replies import Attachment, Message, Response
from bot.adapters.showing import game_name, house_rule_text, points_text, record_text
from bot.i18n import _, language, ngettext, speaking
from bot.runtime import workers
from bot.runtime.picture_words import picture_words
from bot.service import GameStats, HeadToHead, SeasonRow, SideRecord, is_private, pick_game
from render.charts import rating_png
from rules import GAMES, get_game

#: a leaderboard button's number: (the period's place in PERIODS times the games' count,
#: plus the game's place in GAMES) times this, plus the page
PAGE_CODE = 100_000
GAME_IDS = list(GAMES)
PERIODS = ("all", "month")
#: the latest games /versus lists
RECENT = 5


def month_start(now: float) -> tuple[float, str]:
    """The start of the calendar month (UTC) `now` is in, and its name in the language
    spoken ('November 2026', 'ноябрь 2026': the month as named on its own)."""
    day = datetime.fromtimestamp(now, UTC)
    start = day.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    return start.timestamp(), format_date(start.date(), "LLLL yyyy", locale=language())


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
            with speaking(ctx.locale):  # told to the asker alone
                # i18n: 'all' and 'month' are typed as they are; {value} is what was typed
                said = _("The period is all or month, not {value}.").format(value=repr(chosen[:20]))
            return Response(reply=Message(said), ephemeral=True)
        message = await self._leaderboard_message(ctx, pick_game(game).id, chosen, 0)
        return Response(reply=message)

    async def leaderboard_page(self, ctx: Context, code: int) -> Response:
        """A Previous / Next press: `code` names the period, the game and the page."""
        which, page = divmod(code, PAGE_CODE)
        period, index = divmod(which, len(GAME_IDS))
        if period >= len(PERIODS):
            with speaking(ctx.locale):  # told to the presser alone
                said = _("That button is no longer in use.")
            return Response(reply=Message(said), ephemeral=True)
        message = await self._leaderboard_message(ctx, GAME_IDS[index], PERIODS[period], page)
        return Response(edit_origin=message)

    async def _leaderboard_message(
        self, ctx: Context, game_id: str, period: str, page: int
    ) -> Message:
        """A page of the server's leaderboard, with the reader's own place when it is not on
        that page."""
        standings = self.service.standings
        name = _(pick_game(game_id).name)
        code = (PERIODS.index(period) * len(GAME_IDS) + GAME_IDS.index(game_id)) * PAGE_CODE
        if period == "month":
            since, month = month_start(self.service.clock())
            season = await standings.season(ctx.guild_id, game_id, since)
            if not season:
                # i18n: {game} is a game's name; {month} a month as named on its own, with
                # its year ('November 2026')
                return Message(
                    _("Nobody has finished a rated {game} game here in {month} yet.").format(
                        game=name, month=month
                    )
                )
            at = paged(page, len(season), "lbpage", lambda n: code + n)
            shown = season[at.number * PAGE : (at.number + 1) * PAGE]
            text = "\n".join(self._season_line(r) for r in shown)
            mine = next((r for r in season if r.user_id == ctx.user_id), None)
            if mine is not None and mine not in shown:
                text += "\n" + _place(mine.rank, len(season))
            # i18n: a title; {game} is a game's name, {month} a month and its year; W-D-L:
            # wins-draws-losses
            title = _("{game} leaderboard, {month} (points, W-D-L)").format(game=name, month=month)
            return Message(text, title=title + at.suffix, buttons=at.buttons)
        rank, total = await standings.place(ctx.guild_id, game_id, ctx.user_id)
        if not total:
            # i18n: {game} is a game's name
            return Message(_("Nobody has finished a rated {game} game here yet.").format(game=name))
        at = paged(page, total, "lbpage", lambda n: code + n)
        rows = await standings.leaderboard(ctx.guild_id, game_id, PAGE, at.number * PAGE)
        text = self.words.leaderboard(rows)
        if rank is not None and not any(r.user_id == ctx.user_id for r in rows):
            text += "\n" + _place(rank, total)
        # i18n: a title; {game} is a game's name; W-D-L: wins-draws-losses
        title = _("{game} leaderboard (W-D-L)").format(game=name)
        return Message(text, title=title + at.suffix, buttons=at.buttons)

    def _season_line(self, row: SeasonRow) -> str:
        """'1. @alice — 4½ points, 5 games, 4-1-0'."""
        games = row.wins + row.draws + row.losses
        # i18n: a leaderboard's line: {rank} a place, {player} a name, {points} like '4½
        # points', {n} games played and {record} wins-draws-losses ('4-1-0')
        return ngettext(
            "{rank}. {player} — {points}, {n} game, {record}",
            "{rank}. {player} — {points}, {n} games, {record}",
            games,
        ).format(
            rank=row.rank,
            player=self.words.person(row.user_id, row.name),
            points=points_text(row.points),
            n=games,
            record=f"{row.wins}-{row.draws}-{row.losses}",
        )

    @command(
        "stats",
        "A player's rating and record in each game, with a chart of their rating.",
        Option("user", "user", "whose stats (default: yours)"),
        Option("game", "game", "one game only"),
        guild_only=False,
    )
    async def stats(
        self, ctx: Context, user: int | None = None, game: str | None = None
    ) -> Response:
        """The player's rating and records on this server, and their casual record (games
        against people in DMs and where the bot only answers: no server's, never rated),
        first where the asker is in such a place."""
        who = user if user is not None else ctx.user_id
        stats = await self.service.standings.stats(ctx.guild_id, who, game)
        casual = await self.service.standings.casual(who, game)
        known = await self.service.standings.known_name(ctx.guild_id, who)
        name = self.words.person(who, known)
        solved, tried = await self.service.puzzles.record(ctx.guild_id, who)
        # i18n: a field of /stats: {solved} puzzles solved of {tried} tried
        solved_of = _("{solved} solved of {tried} (the first answer counts)")
        # i18n: a field's name in /stats
        puzzles = ((_("Puzzles"), solved_of.format(solved=solved, tried=tried)),)
        if not stats and not tried and not casual:
            # i18n: {player} is a player's name
            said = _("{player} has no finished games here yet.").format(player=name)
            return Response(reply=Message(said))
        fields = self.words.stats(stats)
        if casual:
            record = (_casual_field(casual),)
            casual_here = is_private(ctx.reach, ctx.guild_id)
            fields = record + fields if casual_here else fields + record
        # i18n: in a rating chart's title, for a player whose name is not known
        charts = await self._charts(ctx, who, known or _("This player"), stats)
        return Response(
            reply=Message(
                _stats_said(any(s.rating is not None for s in stats), bool(casual)),
                # i18n: a title; {player} is a player's name
                title=_("Stats for {player}").format(player=name),
                fields=fields + (puzzles if tried else ()),
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
            # i18n: a rating chart's title; {player} is a name, {game} a game's name
            title = _("{player}: {game} rating (± two deviations)").format(
                player=name, game=_(get_game(s.game_id).name)
            )
            band = [(rating, 2 * rd) for rating, rd in history]
            png = await workers.run(rating_png, band, title, picture_words())
            # i18n: a rating chart's description (alt text): {player} a name, {game} a game's
            # name, {first} and {last} the first and last ratings, {n} the rated games
            shown = ngettext(
                "Rating chart of {player} in {game}: {first} to {last} over {n} game",
                "Rating chart of {player} in {game}: {first} to {last} over {n} games",
                len(history),
            ).format(
                player=name,
                game=_(get_game(s.game_id).name),
                first=round(history[0][0]),
                last=round(history[-1][0]),
                n=len(history),
            )
            charts.append(Attachment(f"rating-{s.game_id}-{who}.png", png, shown))
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
            if game:
                # i18n: {first} and {second} are players, {game} a game's name
                none = _("{first} and {second} have no finished game of {game} here.")
            else:
                # i18n: {first} and {second} are players
                none = _("{first} and {second} have no finished game here.")
            said = none.format(
                first=first, second=second, game=_(pick_game(game).name) if game else ""
            )
            return Response(reply=Message(said))
        # i18n: {first} and {second} are players
        against = _("{first} against {second}.").format(first=first, second=second)
        return Response(
            reply=Message(
                f"{against}\n{self._latest(record)}",
                # i18n: the title of /versus
                title=_("Head to head"),
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
            # i18n: a record on one side: {side} is a side's name ('White'), {record}
            # wins-draws-losses ('2-0-1')
            as_side = _("as {side} {record}")
            sides = "; ".join(
                as_side.format(
                    side=_(game.side_name(side)), record=f"{r.wins}-{r.draws}-{r.losses}"
                )
                for side, r in by_side.items()
                if r.wins + r.draws + r.losses
            )
            # i18n: two players' record in a game: {first} and {second} are the players,
            # {first_wins} and {second_wins} like '3 wins', {draws} like '1 draw', {sides} the
            # first player's record on each side ('as White 2-0-1; as Black 1-1-0')
            said = _("{first} {first_wins}, {second} {second_wins}, {draws} ({first} {sides})")
            fields.append(
                (
                    _(game.name),
                    said.format(
                        first=first,
                        second=second,
                        first_wins=_wins(wins),
                        second_wins=_wins(losses),
                        draws=ngettext("{n} draw", "{n} draws", draws).format(n=draws),
                        sides=sides,
                    ),
                )
            )
        return tuple(fields)

    def _latest(self, record: HeadToHead) -> str:
        lines = [
            f"#{m.id} {_(get_game(m.game_id).name)}: {self.words.result(m)}" for m in record.recent
        ]
        # i18n: before a list of games, one a line
        return _("Latest games:") + "\n" + "\n".join(lines)


def _stats_said(rated: bool, casual: bool) -> str:
    """What /stats's figures are, above them."""
    if rated:
        return _(
            "Rating (with '?' while provisional: too few games to settle it), then "
            "wins-draws-losses, in all and on each side."
        )
    if casual:
        return _(
            "Wins-draws-losses, unrated: in casual games (DMs, and servers that have not "
            "added me) and against the computer, by its level."
        )
    return _("Wins-draws-losses against the computer, by its level (unrated).")


def _casual_field(casual: dict[str, SideRecord]) -> tuple[str, str]:
    """The casual record as a field of /stats: 'Checkers 3-1-0; The Crown 0-0-1'."""
    records = []
    for rules_id, r in casual.items():
        game = get_game(rules_id)  # a house rule's games apart from their game's own
        named = game_name(game)
        if game.house_rule:
            rule = house_rule_text(game.house_rule)
            # i18n: a game played by a house rule ('Checkers (house rule: free jumps)')
            named = _("{game} ({rule})").format(game=named, rule=rule)
        record = record_text(r.wins, r.draws, r.losses)
        # i18n: a game's record: {game} its name, {record} wins-draws-losses ('3-1-0')
        records.append(_("{game} {record}").format(game=named, record=record))
    # i18n: a field's name in /stats: games against people in DMs and on servers that have
    # not added the bot, never rated; W-D-L: wins-draws-losses
    return _("Casual games (W-D-L)"), "; ".join(records)


def _place(rank: int, of: int) -> str:
    """'Your place: #3 of 12.'"""
    # i18n: the reader's place in a leaderboard: {rank} of {total} players
    return _("Your place: #{rank} of {total}.").format(rank=rank, total=of)


def _wins(n: int) -> str:
    return ngettext("{n} win", "{n} wins", n).format(n=n)
