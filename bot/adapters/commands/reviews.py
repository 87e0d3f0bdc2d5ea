"""The computer's review of a finished game: /analyse and the Analyse button ask for it; its
post shows the progress, then the chart of the advantage, each player's accuracy and
judged moves, and a board for each of the worst moves."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from babel.lists import format_list
from babel.numbers import format_percent

from ai.analysis import Judged, Review
from bot.adapters.commands.group import Context, HandlerGroup
from bot.adapters.commands.registry import MATCH, command
from bot.adapters.replies import Attachment, Message, Response
from bot.i18n import _, language, ngettext, speaking
from bot.i18n.position_words import ALT_TEXT_LIMIT, position_words
from bot.runtime import workers
from bot.runtime.picture_words import picture_words
from bot.service import Analysis, Audience, MatchView
from render import board_png
from render.charts import advantage_png
from rules import get_game, move_number, numbered_move

#: the worst moves a review shows a board of
WORST_SHOWN = 3


class ReviewCommands(HandlerGroup):
    @command(
        "analyse",
        "The computer's review of a finished game: where it was won and lost, move by move.",
        MATCH,
        example="/analyse match:12",
        guild_only=False,
        private=True,
    )
    async def analyse(self, ctx: Context, match: int | None = None) -> Response:
        # a private channel's game asked of elsewhere: its players alone, privately
        meant = await self.service.analyses.meant(ctx.actor, match)
        alone = await self.service.site.audience(ctx.actor, meant) == Audience.PLAYER
        analysis = await self.service.analyses.request(ctx.actor, meant.id)
        # the game's name in the asker's language (the Analyse button runs in the server's)
        with speaking(ctx.locale):
            named = {"game": _game(analysis.match), "number": analysis.match.id}
        if analysis.review is not None:
            # made already: a link to its post, where the adapter has links and the post is
            # known; else the review itself, to the asker (posted anew where it was lost)
            link = await self._review_link(analysis.match)
            if link is not None:
                with speaking(ctx.locale):
                    # i18n: {game} is a game's name ("Checkers"), {link} a link to a post
                    text = _("The review of **{game} #{number}** is here: {link}")
                    return Response(reply=Message(text.format(link=link, **named)), ephemeral=True)
            if alone:  # to the asker only: no post of the review's to replace
                with speaking(ctx.locale):
                    review = await self.review_message(analysis)
                return Response(reply=replace(review, shows=None, in_place=False), ephemeral=True)
            with speaking(ctx.public_locale):  # a post everyone here reads
                return Response(reply=await self.review_message(analysis))
        # the review's own post shows its progress, where the game was played: one post,
        # edited by the one task that makes the review, so no answer can overtake it
        with speaking(ctx.locale):
            text = _(
                "The computer is reviewing **{game} #{number}**: the review appears where the "
                "game was played, and shows how far it is as it goes."
            )
            return Response(reply=Message(text.format(**named)), ephemeral=True)

    async def analyse_button(self, ctx: Context, match_id: int) -> Response:
        """The Analyse button of a finished game's board."""
        return await self.analyse(ctx, match_id)

    async def _review_link(self, match: MatchView) -> str | None:
        """A link to the post that shows a match's review (None: none known, or the
        adapter has no links)."""
        found = await self.service.shown_where(f"review:{match.id}")
        return None if found is None else self.words.people.link(match.guild_id, *found)

    async def review_message(self, analysis: Analysis) -> Message:
        """The review as it stands: its progress, or the whole review once made; each one
        replaces the last in place."""
        match = analysis.match
        game = get_game(match.game_id)
        shows = f"review:{match.id}"
        named = {"game": _game(match), "number": match.id}
        if analysis.review is None:
            # i18n: a review's progress: {done} of {n} positions read so far
            progress = ngettext(
                "The computer is reviewing **{game} #{number}**: {done} of {n} position read…",
                "The computer is reviewing **{game} #{number}**: {done} of {n} positions read…",
                analysis.total,
            ).format(done=analysis.done, n=analysis.total, **named)
            return Message(progress, shows=shows, in_place=True)
        review = analysis.review
        record = await self.service.replay(match)
        names = format_list(
            [self.words.people.user(u) for u in match.players.values()], locale=language()
        )
        first = game.sides[0]
        if first in game.plural_sides:
            # i18n: a chart's title: {side} is a side whose name is plural ("the Musketeers")
            title = _("{game} #{number}: {side}' chance to win")
        else:
            # i18n: a chart's title: {side} is a side's name ("White")
            title = _("{game} #{number}: {side}'s chance to win")
        chart = await workers.run(
            advantage_png,
            review.chances,
            [(j.ply, j.mark) for j in review.moves if j.mark],
            tuple(_(game.side_name(s)) for s in game.sides),
            title.format(side=_(game.side_name(first)), **named),
            picture_words(),
        )
        # its title says what the chart shows: its description (alt text) too
        titled = title.format(side=_(game.side_name(first)), **named)
        files = [Attachment(f"review-{match.id}.png", chart, titled)]
        for judged in review.worst(WORST_SHOWN):
            png = await workers.run(
                board_png, game.id, record.positions[judged.ply - 1], perspective=judged.side,
                played=judged.move, better=judged.best,
                caption=_caption(judged), words=picture_words(),
            )  # fmt: skip
            caption = _caption(judged)
            words = position_words(
                game, record.positions[judged.ply - 1], limit=ALT_TEXT_LIMIT - len(caption) - 2
            )
            shown = f"{caption}. {words}"
            files.append(Attachment(f"review-{match.id}-ply{judged.ply}.png", png, shown))
        if first in game.plural_sides:
            # i18n: {side} is a side whose name is plural ("the Musketeers"); ?!, ? and ?? are
            # the marks of moves judged inaccuracies, mistakes and blunders
            legend = _(
                "The chart: {side}' chance to win after each move, dots on the judged ones. "
                "Solid red arrows: moves played; dashed green: the computer's choice. "
                "/history marks the moves ?!, ? and ??."
            )
        else:
            # i18n: {side} is a side's name ("White"); ?!, ? and ?? are the marks of moves
            # judged inaccuracies, mistakes and blunders
            legend = _(
                "The chart: {side}'s chance to win after each move, dots on the judged ones. "
                "Solid red arrows: moves played; dashed green: the computer's choice. "
                "/history marks the moves ?!, ? and ??."
            )
        lines = [
            # i18n: {players} are the players ("@alice and @bob"), {result} the game's result
            _("**Review of {game} #{number}** ({players}): {result}.").format(
                players=names, result=self.words.result(match), **named
            ),
            *self._players(match, review),
            *self._worst(match, review),
            legend.format(side=_(game.side_name(first))),
        ]
        return Message("\n".join(lines), files=tuple(files), shows=shows, in_place=True)

    def _players(self, match: MatchView, review: Review) -> list[str]:
        game = get_game(match.game_id)
        lines = []
        for side, user in match.players.items():
            if side not in review.accuracy:
                continue
            counts = review.counts(side)
            judged = ", ".join(_judgements(word, n) for word, n in counts.items())
            # i18n: {player} is a person, {side} their side ("White"), {accuracy} a percentage
            # ("87%"), {judged} their judged moves ("0 blunders, 1 mistake, 2 inaccuracies")
            line = _("{player} ({side}): accuracy {accuracy}, {judged}.")
            lines.append(
                line.format(
                    player=self.words.people.user(user),
                    side=_(game.side_name(side)),
                    accuracy=_percent(review.accuracy[side]),
                    judged=judged,
                )
            )
        return lines

    def _worst(self, match: MatchView, review: Review) -> list[str]:
        game = get_game(match.game_id)
        worst = review.worst(WORST_SHOWN)
        lines = []
        if worst:
            moves = "; ".join(self._judged(game.id, j) for j in worst)
            # i18n: {moves} are the worst moves, each as "12. 11-15? (best 9-13: ...)"
            lines.append(_("Worst moves: {moves}.").format(moves=moves))
        if review.turned is not None:
            turn = review.moves[review.turned - 1]
            # i18n: {move} is a numbered move ("12. 11-15?"), {value} the game's value after it
            # ("White wins by move 21")
            line = _("The game turned at {move}: {value} from there.")
            move = numbered_move(turn.ply - 1, turn.move) + turn.mark
            lines.append(line.format(move=move, value=_value(game.id, turn)))
        return lines

    @staticmethod
    def _judged(game_id: str, judged: Judged) -> str:
        game = get_game(game_id)
        move = numbered_move(judged.ply - 1, judged.move) + judged.mark
        if judged.winner_after is not None and judged.winner_before != judged.winner_after:
            # i18n: {move} is a numbered move ("12. 11-15?"), {best} the computer's choice
            # ("9-13"), {value} the game's value after the move ("White wins by move 21")
            text = _("{move} (best {best}: {value} from there)")
            return text.format(move=move, best=judged.best, value=_value(game_id, judged))
        if judged.side in game.plural_sides:
            # i18n: {side} is a side whose name is plural ("the Musketeers"); its chance to win
            # before and after the move ("40%", "12%")
            text = _("{move} (best {best}: {side}' chance {before} → {after})")
        else:
            # i18n: {side} is a side's name ("White"); its chance to win before and after the
            # move ("40%", "12%")
            text = _("{move} (best {best}: {side}'s chance {before} → {after})")
        return text.format(
            move=move,
            best=judged.best,
            side=_(game.side_name(judged.side)),
            before=_percent(judged.before * 100),  # as '{:.0%}' does
            after=_percent(judged.after * 100),
        )


def _game(match: MatchView) -> str:
    """The match's game's name, in the language spoken."""
    return _(get_game(match.game_id).name)


def _percent(points: float) -> str:
    """`points` of 100 as '45%' in the language spoken ('45 %' in French), rounded as
    '{:.0f}' rounds."""
    return format_percent(Decimal(f"{points:.0f}") / 100, locale=language())


def _caption(judged: Judged) -> str:
    """A worst move's board caption: '12. 11-15? · best 9-13'."""
    move = numbered_move(judged.ply - 1, judged.move) + judged.mark
    # i18n: a board picture's caption: {move} is the move played ("12. 11-15?"), {best} the
    # computer's choice ("9-13")
    return _("{move} · best {best}").format(move=move, best=judged.best)


def _judgements(word: str, n: int) -> str:
    """'1 blunder', '2 mistakes', '0 inaccuracies' in the language spoken."""
    if word == "blunder":
        # i18n: a move judged a blunder (??) by the computer's review
        text = ngettext("{n} blunder", "{n} blunders", n)
    elif word == "mistake":
        # i18n: a move judged a mistake (?) by the computer's review
        text = ngettext("{n} mistake", "{n} mistakes", n)
    else:
        # i18n: a move judged an inaccuracy (?!) by the computer's review
        text = ngettext("{n} inaccuracy", "{n} inaccuracies", n)
    return text.format(n=n)


def _value(game_id: str, judged: Judged) -> str:
    """'the Musketeers win by move 21': the solved game's value after the move, with the
    number of the move that ends the game with best play where the solution counts it."""
    game = get_game(game_id)
    assert judged.winner_after is not None
    side = _(game.side_name(judged.winner_after))
    plural = judged.winner_after in game.plural_sides
    if judged.plies_after is None:  # known from its neighbours, not counted
        if plural:
            # i18n: a solved game's value: {side} (a plural name, "the Musketeers") wins with
            # best play
            return _("{side} win").format(side=side)
        # i18n: a solved game's value: {side} ("White") wins with best play
        return _("{side} wins").format(side=side)
    number = move_number(judged.ply - 1 + judged.plies_after)
    if plural:
        # i18n: a solved game's value: {side} (a plural name, "the Musketeers") wins with best
        # play by move {number}
        return _("{side} win by move {number}").format(side=side, number=number)
    # i18n: a solved game's value: {side} ("White") wins with best play by move {number}
    return _("{side} wins by move {number}").format(side=side, number=number)
