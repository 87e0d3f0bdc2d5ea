"""How a tournament's posts put things in words: stages, scores, pairs, withdrawals, the boards
to come, and lists cut to fit a message."""

from __future__ import annotations

from collections.abc import Callable

from bot.adapters.commands.registry import listed
from bot.agents.director import BOARD_BURST, BOARD_PACE
from bot.i18n import _, ngettext
from bot.service import MatchView, Result, TournamentView

#: Discord's limit on a message's text
MOST_CHARACTERS = 2000


def rounds_over(event: TournamentView) -> int:
    return event.round - (event.status == "running")


def players_pair(match: MatchView, user: Callable[[int | None], str]) -> dict[str, str]:
    """A round's game's two players, shown: {first} and {second}."""
    players = list(match.players.values())
    return {"first": user(players[0]), "second": user(players[-1])}


def format_name(format: str) -> str:
    """A tournament's format, in words."""
    # i18n: a tournament's format, in its sign-up post
    return {"swiss": _("swiss"), "round-robin": _("round-robin")}.get(format, format)


def standings_stage(event: TournamentView) -> str:
    """How far the standings go: 'final standings', 'after round 2', 'during round 1'
    (never 'after round 0')."""
    done = rounds_over(event)
    if event.status == "finished":
        return _("final standings")
    if done:
        # i18n: how far a tournament's standings go
        return _("after round {round}").format(round=done)
    return _("during round 1") if event.status == "running" else _("before round 1")


def withdrawal_text(event: TournamentView, lost: tuple[MatchView, ...]) -> str:
    """A withdrawal, in words: what stands, what is lost."""
    if event.format == "swiss":
        said = _(
            "You have withdrawn from tournament #{number}: your games played stand, and you are "
            "paired no more."
        )
    else:
        said = _(
            "You have withdrawn from tournament #{number}: your games played stand, and the "
            "games you had yet to play count as lost."
        )
    said = said.format(number=event.id)
    if not lost:
        return said
    numbers = listed([f"#{match.id}" for match in lost])
    # i18n: {game} is a game's name, {numbers} the games' numbers ('#4 and #7')
    gone = ngettext(
        "Your game in progress, {game} {numbers}, is lost.",
        "Your games in progress, {game} {numbers}, are lost.",
        len(lost),
    ).format(game=lost[0].game_name, numbers=numbers)
    return f"{said} {gone}"


def names_listed(names: list[str], most: int = MOST_CHARACTERS // 2) -> str:
    """The names, as many as `most` characters take, then how many more there are."""
    shown = ""
    for n, name in enumerate(names):
        if len(shown) + len(name) > most:
            left = len(names) - n
            # i18n: {names} lists names, then how many more there are
            return ngettext("{names} and {n} more", "{names} and {n} more", left).format(
                names=shown, n=left
            )
        shown += (", " if shown else "") + name
    return shown


def boards_coming(games: int) -> str:
    """What the announcement says of the boards, which the director posts after it."""
    if not games:
        return _("no games this round.")
    # i18n: ends a round's announcement, after a colon
    clock = _("a game's clock starts when its board is posted, and its players are pinged there.")
    if games == 1:
        # i18n: {clock} says when a game's clock starts
        return _("1 game, in a thread of its own. Its board follows now: {clock}").format(
            clock=clock
        )
    late = (games - BOARD_BURST) * BOARD_PACE
    if late < 30:
        coming = _("Their boards follow now, one by one")
    else:
        # i18n: {time} is like '5 minutes'
        coming = _("Their boards are being posted one by one, the last in about {time}").format(
            time=_about(late)
        )
    # i18n: {coming} says how the boards follow, {clock} when a game's clock starts
    return ngettext(
        "{n} game, each in a thread of its own. {coming}: {clock}",
        "{n} games, each in a thread of its own. {coming}: {clock}",
        games,
    ).format(n=games, coming=coming, clock=clock)


def _about(seconds: float) -> str:
    minutes = max(1, round(seconds / 60))
    return ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes)


def split_lines(first: str, lines: list[str], more: str, most: int = MOST_CHARACTERS) -> list[str]:
    """`first` and then the lines, in as few messages of `most` characters as they fit in;
    each message after the first starts with `more`."""
    texts, text = [], first
    for line in lines:
        if len(text) + 1 + len(line) > most:
            texts.append(text)
            text = more
        text += "\n" + line
    return [*texts, text]


def score_text(game: Result) -> str:
    """'1-0', '½-½' (a score in any language), 'playing', or 'called off, not scored'."""
    if game.called_off:
        # i18n: a game's score in a round's pairings
        return _("called off, not scored")
    points = game.first_points
    if points is None:
        # i18n: a game's score in a round's pairings: not over yet
        return _("playing")
    return "½-½" if points == 0.5 else f"{points:g}-{1 - points:g}"
