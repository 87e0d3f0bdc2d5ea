"""The words of lists: a person's games, a channel's, a leaderboard, a player's stats,
the commands (/help)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.adapters.showing import Words, game_name, house_rule_text, record_text, side_name
from bot.i18n import _, ngettext
from bot.service import (
    GameStats,
    LeaderboardRow,
    Listing,
    MatchView,
    rating_text,
)
from rules import GAMES, get_game, move_number


class ListWording(Words):
    """The words of lists, in the language spoken now."""

    def my_games(self, listed: list[Listing], user_id: int) -> str:
        """A person's games, one a line: the game, the opponent, whose move and until when,
        where it is played, and a link to its latest board."""
        lines = []
        for item in listed:
            m = item.match
            mine = m.user_to_move == user_id
            if m.deadline is None:
                turn = _("**your move**") if mine else _("their move")
            else:
                when = self.people.when(m.deadline)
                turn = (
                    _("**your move**, time runs out {when}")
                    if mine
                    else _("their move, time runs out {when}")
                ).format(when=when)
            place = self.people.channel(m.thread_id or m.channel_id, m.guild_id)
            if m.guild_id:
                # i18n: where a game is played: a channel and a server
                where = _("{channel} on {server}").format(
                    channel=place, server=self.people.server(m.guild_id)
                )
            else:
                # i18n: where a game is played: a DM or group DM (no server's)
                where = _("{channel}, a DM").format(channel=place)
            shown = self._numbered(m.game_name, m.id, self.kind(m))
            if m.computer_level is not None:
                # i18n: a line of /mygames: {turn}: whose move, {place}: where it is played
                line = _("{game} against the computer (level {level}) — {turn} — {place}").format(
                    game=shown, level=m.computer_level, turn=turn, place=where
                )
            else:
                # i18n: a line of /mygames: {turn}: whose move, {place}: where it is played
                line = _("{game} against {opponent} — {turn} — {place}").format(
                    game=shown,
                    opponent=self.people.name(m.opponent_of(user_id) or 0),
                    turn=turn,
                    place=where,
                )
            at = item.board_at and self.people.link(m.guild_id, *item.board_at)
            if at:
                # i18n: a Markdown link to a game's latest board
                line += " — " + _("[latest board]({link})").format(link=at)
            lines.append(line)
        return "\n".join(lines)

    @staticmethod
    def kind(match: MatchView) -> str:
        """A game's kind in a list: 'ballot 37, game 1 of 2 with #13', 'house rule: free
        jumps' ('': a game from the start by its game's rules)."""
        if match.house_rule:
            return house_rule_text(match.house_rule)
        if match.pair_id is None:
            return ""
        # i18n: a game of a ballot pair: the ballot's number, and the pair's other game
        return _("ballot {ballot}, game {number} of 2 with #{other}").format(
            ballot=match.ballot, number=match.pair_number, other=match.pair_id
        )

    def games_here(self, matches: list[MatchView]) -> str:
        lines = []
        for m in matches:
            # i18n: a line of the games played in a channel: its number, name, sides, who is to
            # move and the move's number
            line = _("#{number} {game}: {sides} — {player} to move, move {move}").format(
                number=m.id,
                game=m.game_name,
                sides=self.sides(m),
                player=self.people.user(m.user_to_move),
                move=move_number(m.ply),
            )
            where = f" — {self.people.channel(m.thread_id)}" if m.thread_id else ""
            lines.append(line + where)
        return "\n".join(lines)

    def leaderboard(self, rows: list[LeaderboardRow]) -> str:
        return "\n".join(
            # i18n: a leaderboard's line: rank, player, rating, games played, and wins-draws-
            # losses ({record}, '3-1-2')
            ngettext(
                "{rank}. {player} — {rating}, {n} game, {record}",
                "{rank}. {player} — {rating}, {n} games, {record}",
                r.games,
            ).format(
                rank=r.rank,
                player=self.person(r.user_id, r.name),
                rating=rating_text(r.rating, r.rd),
                n=r.games,
                record=record_text(r.wins, r.draws, r.losses),
            )
            for r in rows
        )

    def person(self, user_id: int, name: str | None) -> str:
        """A remembered display name, shown literally, else the adapter's way to show them."""
        return self.people.literal(name) if name else self.people.user(user_id)

    def stats(self, stats: list[GameStats]) -> tuple[tuple[str, str], ...]:
        fields = []
        for s in stats:
            game = get_game(s.game_id)
            rating = _("unrated") if s.rating is None else rating_text(s.rating, s.rd or 0)
            sides = "; ".join(
                # i18n: a record with one side ('as Black 3-1-2': wins-draws-losses)
                _("as {side} {record}").format(
                    side=side_name(game, side), record=record_text(r.wins, r.draws, r.losses)
                )
                for side, r in s.by_side.items()
            )
            parts = []
            if s.rating is not None or s.wins + s.draws + s.losses:
                parts.append(
                    # i18n: a rating, the record (wins-draws-losses) and the records by side;
                    # W-D-L abbreviates win, draw, loss
                    _("{rating}, {record} (W-D-L); {sides}").format(
                        rating=rating, record=record_text(s.wins, s.draws, s.losses), sides=sides
                    )
                )
            if s.against_computer:
                levels = ", ".join(
                    # i18n: the record against one level of the computer ('level 3: 1-0-2')
                    _("level {level}: {record}").format(
                        level=n, record=record_text(r.wins, r.draws, r.losses)
                    )
                    for n, r in s.against_computer.items()
                )
                # i18n: {levels}: the records against each level ('level 3: 1-0-2, level 4: ...')
                parts.append(_("against the computer (unrated): {levels}").format(levels=levels))
            text = "; ".join(parts)
            fields.append((game_name(game), text))
        return tuple(fields)

    @staticmethod
    def help(commands: Sequence[tuple[str, str]]) -> str:
        """Each command, as (name, what it does: its description, translated here), and the
        games."""
        games = ", ".join(
            # i18n: a game in the list of games: its name and the id typed in commands
            _("{game} ({id})").format(game=game_name(g), id=g.id)
            for g in GAMES.values()
        )
        lines = [f"/{name} — {_(text) if text else text}" for name, text in commands]
        return "\n".join([*lines, _("Games: {games}.").format(games=games)])
