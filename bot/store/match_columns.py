"""The columns a match is read with: its row, when its reminder falls due (decided here
only: REMINDER_AT), its players' vacations' ends and languages, and the other game of its
pair; and which matches are a server's own."""

from __future__ import annotations

#: a quarter of the time per move (at most an hour) before the deadline
REMINDER_AT = "(deadline - CASE WHEN move_seconds < 14400 THEN move_seconds / 4.0 ELSE 3600.0 END)"
#: the latest end of each player's vacations (a move reads it with its match: one read less)
_AWAY = (
    "(SELECT MAX(ends_at) FROM vacations v WHERE v.user_id = matches.first_user) AS first_away, "
    "(SELECT MAX(ends_at) FROM vacations v WHERE v.user_id = matches.second_user) AS second_away"
)
#: the other game of a ballot pair: its first player and its result so far (read with the
#: match, so a board shows the pair's score without a read of its own)
_PAIR = ", ".join(
    f"(SELECT p.{column} FROM matches p WHERE p.id = matches.pair_id) AS pair_{name}"
    for column, name in (("first_user", "first"), ("status", "status"), ("winner_side", "winner"))
)
#: each player's language as last seen (a turn notice to them is worded in it: no read of its own)
_LOCALES = (
    "(SELECT locale FROM people_settings s WHERE s.user_id = matches.first_user) "
    "AS first_locale, "
    "(SELECT locale FROM people_settings s WHERE s.user_id = matches.second_user) "
    "AS second_locale"
)
#: every column of a match, when its reminder falls due, its players' vacations' ends and
#: languages, and the other game of its pair
MATCH_COLUMNS = f"*, {REMINDER_AT} AS remind_at, {_AWAY}, {_LOCALES}, {_PAIR}"
MATCH_SELECT = f"SELECT {MATCH_COLUMNS} FROM matches"
#: a match that is its server's (bot.service.MatchView.private: not played where the bot only
#: answers, nor in a DM): people's games elsewhere are casual, in no server's records
OF_A_SERVER = "(reach = 'posts' AND guild_id <> 0)"
