"""A game's record as a file, as /history attaches it and the web site offers it: standard
PDN for a game PDN records (Checkers), else a heading, the result and the numbered moves."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import zip_longest

from bot.errors import join_parts
from bot.i18n import _
from bot.service.match_view import MatchStatus, MatchView
from bot.service.views import result_parts
from rules import get_game


def _numbered(moves: tuple[str, ...]) -> list[str]:
    """'1. 11-15 22-18', '2. 15x22 ...': one entry a move pair."""
    return [f"{n // 2 + 1}. {' '.join(moves[n : n + 2])}" for n in range(0, len(moves), 2)]


def _pdn_result(match: MatchView, sides: tuple[str, str]) -> str:
    """PDN's result: 1-0 when the first player (Checkers' Black) won, 0-1 for the second,
    1/2-1/2, *."""
    if match.status != MatchStatus.FINISHED:
        return "*"
    first, second = sides
    return {first: "1-0", second: "0-1", None: "1/2-1/2"}.get(match.winner_side, "*")


def record_file(
    match: MatchView, names: dict[int, str], marks: Sequence[str] = ()
) -> tuple[str, str]:
    """The move record as a file: (name, text). `names`: the players' names as plain text,
    by id; `marks`: a review's judgement of each move ('?!', '?', '??' or ''), written after
    it. Worded in the language spoken now (PDN's tag names and results stay PDN's)."""
    game = get_game(match.game_id)
    moves = _numbered(
        tuple(
            m + mark
            for m, mark in zip_longest(match.moves, marks[: len(match.moves)], fillvalue="")
        )
    )
    if game.pdn_game_type is not None:
        event = f"{_(game.name)} #{match.id}"
        if game.house_rule:
            # i18n: a game record's title: game: the game's name; rule: its house rule,
            # e.g. "free jumps"
            event = _("{game} #{number} (house rule: {rule})").format(
                game=_(game.name), number=match.id, rule=_(game.house_rule)
            )
        tags = {
            "Event": event,
            **{game.side_name(side): names[match.players[side]] for side in game.sides},
            "Result": _pdn_result(match, game.sides),
            "GameType": str(game.pdn_game_type),
        }
        head = [f'[{tag} "{value.replace(chr(34), chr(39))}"]' for tag, value in tags.items()]
        body = " ".join([*moves, tags["Result"]])
        return f"{game.id}-{match.id}.pdn", "\n".join([*head, "", body]) + "\n"
    sides = ", ".join(
        f"{_(game.side_name(side))}: {names[user]}" for side, user in match.players.items()
    )
    # i18n: someone whose name is unknown: {id} their user id
    unknown = _("player {id}")
    result = join_parts(result_parts(match), lambda user: names.get(user, unknown.format(id=user)))
    # i18n: a game record's result line, e.g. "Result: Draw (agreement)"
    lines = [
        f"{_(game.name)} #{match.id} — {sides}",
        _("Result: {result}").format(result=result),
        "",
    ]
    return f"{game.id}-{match.id}.txt", "\n".join([*lines, *moves]) + "\n"
