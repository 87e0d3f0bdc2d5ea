"""The computer's review of a finished game: /analyse and the Analyse button ask for it; its
post shows the progress, then the chart of the advantage, each player's accuracy and
judged moves, and a board for each of the worst moves."""

from __future__ import annotations

from dataclasses import replace

from ai.analysis import PLURALS, Judged, Review
from bot.adapters.commands.group import Context, HandlerGroup
from bot.adapters.commands.registry import MATCH, command
from bot.adapters.replies import Attachment, Message, Response
from bot.runtime import workers
from bot.service import Analysis, Audience, MatchView
from render import board_png
from render.charts import advantage_png
from rules import counted, get_game, move_number, numbered_move, possessive

#: the worst moves a review shows a board of
WORST_SHOWN = 3


class ReviewCommands(HandlerGroup):
    @command(
        "analyse",
        "The computer's review of a finished game: where it was won and lost, move by move.",
        MATCH,
        example="/analyse match:12",
    )
    async def analyse(self, ctx: Context, match: int | None = None) -> Response:
        # a private channel's game asked of elsewhere: its players alone, privately
        meant = await self.service.analyses.meant(ctx.actor, match)
        alone = await self.service.site.audience(ctx.actor, meant) == Audience.PLAYER
        analysis = await self.service.analyses.request(ctx.actor, meant.id)
        name = f"{get_game(analysis.match.game_id).name} #{analysis.match.id}"
        if analysis.review is not None:
            # made already: a link to its post, where the adapter has links and the post is
            # known; else the review itself, to the asker (posted anew where it was lost)
            link = await self._review_link(analysis.match)
            if link is not None:
                return Response(
                    reply=Message(f"The review of **{name}** is here: {link}"), ephemeral=True
                )
            review = await self.review_message(analysis)
            if alone:  # to the asker only: no post of the review's to replace
                return Response(reply=replace(review, shows=None, in_place=False), ephemeral=True)
            return Response(reply=review)
        # the review's own post shows its progress, where the game was played: one post,
        # edited by the one task that makes the review, so no answer can overtake it
        return Response(
            reply=Message(
                f"The computer is reviewing **{name}**: the review appears where the game "
                "was played, and shows how far it is as it goes."
            ),
            ephemeral=True,
        )

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
        if analysis.review is None:
            return Message(
                f"The computer is reviewing **{game.name} #{match.id}**: "
                f"{analysis.done} of {counted(analysis.total, 'position')} read…",
                shows=shows,
                in_place=True,
            )
        review = analysis.review
        record = await self.service.replay(match)
        names = " and ".join(self.words.people.user(u) for u in match.players.values())
        chart = await workers.run(
            advantage_png,
            review.chances,
            [(j.ply, j.mark) for j in review.moves if j.mark],
            tuple(game.side_name(s) for s in game.sides),
            f"{game.name} #{match.id}: {possessive(game, game.sides[0])} chance to win",
        )
        files = [Attachment(f"review-{match.id}.png", chart)]
        for judged in review.worst(WORST_SHOWN):
            png = await workers.run(
                board_png, game.id, record.positions[judged.ply - 1], perspective=judged.side,
                played=judged.move, better=judged.best,
                caption=f"{numbered_move(judged.ply - 1, judged.move)}{judged.mark} · "
                f"best {judged.best}",
            )  # fmt: skip
            files.append(Attachment(f"review-{match.id}-ply{judged.ply}.png", png))
        lines = [
            f"**Review of {game.name} #{match.id}** ({names}): {self.words.result(match)}.",
            *self._players(match, review),
            *self._worst(match, review),
            f"The chart: {possessive(game, game.sides[0])} chance to win after each move, "
            "dots on the judged ones. Red arrows: moves played; green: the computer's choice. "
            "/history marks the moves ?!, ? and ??.",
        ]
        return Message("\n".join(lines), files=tuple(files), shows=shows, in_place=True)

    def _players(self, match: MatchView, review: Review) -> list[str]:
        game = get_game(match.game_id)
        lines = []
        for side, user in match.players.items():
            if side not in review.accuracy:
                continue
            counts = review.counts(side)
            judged = ", ".join(counted(n, word, PLURALS[word]) for word, n in counts.items())
            lines.append(
                f"{self.words.people.user(user)} ({game.side_name(side)}): accuracy "
                f"{review.accuracy[side]:.0f}%, {judged}."
            )
        return lines

    def _worst(self, match: MatchView, review: Review) -> list[str]:
        game = get_game(match.game_id)
        worst = review.worst(WORST_SHOWN)
        lines = []
        if worst:
            lines.append("Worst moves: " + "; ".join(self._judged(game.id, j) for j in worst) + ".")
        if review.turned is not None:
            turn = review.moves[review.turned - 1]
            lines.append(
                f"The game turned at {numbered_move(turn.ply - 1, turn.move)}{turn.mark}: "
                f"{_value(game.id, turn)} from there."
            )
        return lines

    @staticmethod
    def _judged(game_id: str, judged: Judged) -> str:
        game = get_game(game_id)
        shown = f"{numbered_move(judged.ply - 1, judged.move)}{judged.mark} (best {judged.best}: "
        if judged.winner_after is not None and judged.winner_before != judged.winner_after:
            return shown + f"{_value(game_id, judged)} from there)"
        mover = possessive(game, judged.side)
        return shown + f"{mover} chance {judged.before:.0%} → {judged.after:.0%})"


def _value(game_id: str, judged: Judged) -> str:
    """'the Musketeers win by move 21': the solved game's value after the move, with the
    number of the move that ends the game with best play where the solution counts it."""
    game = get_game(game_id)
    assert judged.winner_after is not None
    verb = "win" if judged.winner_after in game.plural_sides else "wins"
    value = f"{game.side_name(judged.winner_after)} {verb}"
    if judged.plies_after is None:  # known from its neighbours, not counted
        return value
    return f"{value} by move {move_number(judged.ply - 1 + judged.plies_after)}"
