"""Fair play through the commands (issue 44): an option's value outside its choices is
refused on every path that reaches a handler (the console's too), a takeback button answers
only the request it was shown for, and a moderator's call-off of a tournament game says
that it counts for neither player."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.adapters.commands.dispatch import Dispatcher
from bot.adapters.commands.group import Context
from bot.adapters.console import Console, Names
from bot.adapters.discord.components import GameButton
from bot.adapters.replies import Button, Response
from bot.service import Actor
from bot.service.match_service import MatchService
from tests.servicekit import ALICE, BOB, CHANNEL, GUILD, snapshot, start_match

MODERATOR = 950


def _as(user: int, name: str, *, boss: bool = False, channel: int = CHANNEL) -> Context:
    return Context(GUILD, channel, user, name, moderator=boss, manager=boss)


def _text(response: Response) -> str:
    assert response.reply is not None
    return response.reply.text


# --- 5. values outside an option's choices ---
@pytest.mark.parametrize(
    ("line", "answer"),
    [
        ("mod: /settings web:ON", None),  # the same choice in another case: turned on
        ("mod: /settings web:yes", "/settings web takes on or off, not 'yes'."),
        ("mod: /settings theme:dark", "/settings web takes on or off, not 'theme:dark'."),
        ("mod: /settings web:of", "/settings web takes on or off, not 'of'."),
        (
            "mod: /tournament action:create game:checkers rounds:3 rated:maybe",
            "/tournament rated takes yes or no, not 'maybe'.",
        ),
        (
            "mod: /tournament action:create game:checkers rounds:3 format:knockout",
            "/tournament format takes swiss or round-robin, not 'knockout'.",
        ),
        (
            "alice: /notify mode:sometimes",
            "/notify mode takes every turn, reminders only or off, not 'sometimes'.",
        ),
        ("alice: /leaderboard game:checkers period:year", "takes all or month, not 'year'."),
    ],
)
async def test_a_value_outside_an_options_choices_is_refused_and_changes_nothing(
    service: MatchService, tmp_path: Path, line: str, answer: str | None
) -> None:
    """Before: web:ON (or web:yes, or theme:dark, taken as web's value) turned the site off,
    and rated:maybe made a rated event. After: one private line naming the values taken;
    nothing written. ON is on: the case of a choice does not matter."""
    lines: list[str] = []
    bot = Console(service, tmp_path, lines.append, moderators={"mod"})
    await bot.line("mod: /settings web:on")
    before = await snapshot(service._shared.store)
    site = await service.site.of(GUILD)
    assert site is not None and site.enabled
    await bot.line(line)
    site = await service.site.of(GUILD)
    assert site is not None and site.enabled  # still on
    if answer is None:
        assert "on the web site" in lines[-1]
        return
    assert lines[-1].endswith(answer) and "(to " in lines[-1], lines[-1]
    assert await snapshot(service._shared.store) == before
    assert await service.tournaments.running_ids() == []


async def test_values_outside_the_choices_are_refused_on_the_commands_own_path(
    service: MatchService,
) -> None:
    """What Discord's choices hide, sent anyway (a crafted interaction, another adapter):
    the dispatch itself refuses it, before any handler."""
    dispatcher = Dispatcher(service, Names())
    boss = _as(MODERATOR, "mod", boss=True)
    made = await dispatcher.run(
        "tournament", boss, action="create", game="checkers", rounds=3, rated="maybe"
    )
    assert made.ephemeral and _text(made) == "/tournament rated takes yes or no, not 'maybe'."
    assert await service.tournaments.running_ids() == []
    made = await dispatcher.run(
        "tournament", boss, action="create", game="checkers", rounds=3, rated=" NO "
    )
    assert "unrated" in _text(made)  # a choice in any case and spacing is that choice
    off = await dispatcher.run("settings", boss, web="Off")
    assert "off the web site" in _text(off)


# --- 4. a takeback button answers the request it was shown for ---
async def _asked(dispatcher: Dispatcher, service: MatchService) -> tuple[Button, Button]:
    """Alice asks to take back: the Accept and Decline buttons shown to Bob."""
    asked = await dispatcher.run("takeback", _as(ALICE, "alice"))
    boards = [m for m in (asked.reply, *asked.posts) if m is not None and m.buttons]
    (board,) = boards
    accept = next(b for b in board.buttons if b.action == "tbyes")
    decline = next(b for b in board.buttons if b.action == "tbno")
    return accept, decline


async def test_a_stale_accept_takeback_button_does_not_accept_a_later_request(
    service: MatchService,
) -> None:
    """Before: Accept pressed after its request lapsed accepted a later 2-ply request.
    After: refused in words, nothing written; the later request's own button works."""
    dispatcher = Dispatcher(service, Names())
    match = await start_match(service, side="black")
    await dispatcher.run("move", _as(ALICE, "alice"), move="11-15")
    stale, _ = await _asked(dispatcher, service)
    await dispatcher.run("move", _as(BOB, "bob"), move="22-18")  # the request lapses
    accept, decline = await _asked(dispatcher, service)  # 2 plies back this time
    assert stale.custom_id != accept.custom_id
    assert accept.custom_id == f"bgb:tbyes:{match.id}:{accept.request}"
    before = await snapshot(service._shared.store)
    pressed = await dispatcher.click(_as(BOB, "bob"), stale.custom_id)
    assert pressed.ephemeral and "That takeback request is over" in _text(pressed)
    assert await snapshot(service._shared.store) == before
    assert (await service.match(match.id)).ply == 2
    done = await dispatcher.click(_as(BOB, "bob"), accept.custom_id)
    assert "accepted the takeback" in _text(done)
    assert (await service.match(match.id)).ply == 0
    late = await dispatcher.click(_as(BOB, "bob"), decline.custom_id)  # answered already
    assert late.ephemeral and "is over" in _text(late)


async def test_a_takeback_button_from_before_the_change_answers_nothing_but_offers_the_request(
    service: MatchService,
) -> None:
    """A button posted before buttons named their request (`bgb:tbyes:<match>`) cannot
    say which it was shown for: it answers none, and its presser gets the request open
    now, described, with buttons that name it."""
    dispatcher = Dispatcher(service, Names())
    match = await start_match(service, side="black")
    await dispatcher.run("move", _as(ALICE, "alice"), move="11-15")
    accept, _ = await _asked(dispatcher, service)
    before = await snapshot(service._shared.store)
    old = await dispatcher.click(_as(BOB, "bob"), f"bgb:tbyes:{match.id}")
    assert old.ephemeral and old.reply is not None
    assert "answers none" in old.reply.text and "asks to take back" in old.reply.text
    assert old.reply.buttons[0].custom_id == accept.custom_id
    after = await snapshot(service._shared.store)
    assert {**after, "users": []} == {**before, "users": []}  # only Bob's name is new
    nobody = await dispatcher.click(_as(ALICE, "alice"), f"bgb:tbno:{match.id}")
    assert "no takeback request from your opponent" in _text(nobody)
    done = await dispatcher.click(_as(BOB, "bob"), old.reply.buttons[0].custom_id)
    assert "accepted the takeback" in _text(done)


@pytest.mark.parametrize(
    "custom_id",
    ["bgb:tbyes:1:x", "bgb:tbyes:1:2:3", "bgb:resign:1:2", "bgb:tbyes::2", "bgb:tbyes:1:"],
)
async def test_malformed_request_buttons_are_no_longer_in_use(
    service: MatchService, custom_id: str
) -> None:
    dispatcher = Dispatcher(service, Names())
    await start_match(service, side="black")
    pressed = await dispatcher.click(_as(ALICE, "alice"), custom_id)
    assert _text(pressed) == "That button is no longer in use."


def test_discord_routes_buttons_that_name_a_request_and_those_that_do_not() -> None:
    template = GameButton.__discord_ui_compiled_template__
    for custom_id in ("bgb:tbyes:12:7", "bgb:tbyes:12", "bgb:resign:3"):
        assert template.fullmatch(custom_id)
    assert not template.fullmatch("bgb:tbyes:12:7:1")


# --- 1. a moderator's call-off of a tournament game ---
async def test_a_moderator_calling_off_a_tournament_game_says_it_counts_for_neither(
    service: MatchService,
) -> None:
    players = [201, 202, 203]
    event = await service.tournaments.create(
        Actor(GUILD, CHANNEL, MODERATOR), "checkers", rounds=2, allowed=True
    )
    for user in players:
        await service.tournaments.join(Actor(GUILD, CHANNEL, user), event.id)
    await service.tournaments.start(Actor(GUILD, CHANNEL, MODERATOR), event.id, moderator=True)
    news = await service.tournaments.advance(event.id)
    assert news is not None
    game = news.games[0]
    dispatcher = Dispatcher(service, Names())
    player = game.user_to_move
    assert player is not None
    refusal = await dispatcher.run("abort", _as(player, "p"), match=game.id)
    assert "cannot be aborted: you may resign" in _text(refusal)
    called = await dispatcher.run("abort", _as(MODERATOR, "mod", boss=True), match=game.id)
    boards = [m.text for m in (called.reply, *called.posts) if m is not None]
    assert any("counts for neither player" in text for text in boards), boards
    pairings = await dispatcher.run(
        "tournament", _as(MODERATOR, "mod", boss=True), action="pairings", number=event.id
    )
    assert "called off, not scored" in _text(pairings)
