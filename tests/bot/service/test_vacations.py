"""Vacations: a few days a month, the deadlines of the games where it is your move move by
them, and a move made meanwhile gives you your full time from the vacation's end, as does a
game begun meanwhile (accepted, or a tournament's game posted); games against the computer
are not held."""

from __future__ import annotations

from bot.service import Actor
from bot.service.match_service import MatchService
from bot.service.vacations import DAY, DAYS_A_MONTH, month_start
from tests.servicekit import ALICE, BOB, CAROL, GUILD, Clock, by, refused, start_match

#: the account the computer plays as, and a tournament's organiser
COMPUTER, ORGANISER = 999, 900


async def test_a_vacation_moves_your_deadlines_and_those_of_moves_made_meanwhile(
    service: MatchService, clock: Clock
) -> None:
    waiting = await start_match(service, side="black", move_time="1d")  # Alice to move
    other = await start_match(service, side="white", move_time="1h", channel=11)  # Bob to move
    taken = await service.vacations.take(ALICE, 3)
    assert taken.until == clock.now + 3 * DAY and taken.days_left == DAYS_A_MONTH - 3
    assert waiting.deadline is not None
    assert (await service.match(waiting.id)).deadline == waiting.deadline + 3 * DAY
    assert (await service.match(other.id)).deadline == other.deadline  # Bob's clock runs
    clock.now += 600
    moved = await service.play.move(by(BOB), "11-15", other.id)  # Bob moves: Alice to move
    assert moved.match.deadline == taken.until + 3600  # her full hour, after her vacation
    assert await service.vacations.away_until(ALICE) == taken.until
    clock.now = taken.until + 1
    assert await service.vacations.away_until(ALICE) is None


async def test_vacation_days_are_limited_a_month_and_refusals_write_nothing(
    service: MatchService, clock: Clock
) -> None:
    await refused(service, service.vacations.take(ALICE, 0), "1 to 14 days")
    await refused(service, service.vacations.take(ALICE, DAYS_A_MONTH + 1), "1 to 14 days")
    clock.now = month_start(clock.now) + 2 * DAY  # early in a month
    await service.vacations.take(ALICE, 10)
    await refused(service, service.vacations.take(ALICE, 1), "on vacation already")
    clock.now += 11 * DAY
    await refused(service, service.vacations.take(ALICE, 5), "You have 4 of 14")
    await service.vacations.take(ALICE, 4)
    clock.now += 5 * DAY
    await refused(service, service.vacations.take(ALICE, 1), "no vacation days left")


async def test_a_game_begun_while_its_first_player_is_away_waits_for_the_vacations_end(
    service: MatchService, clock: Clock
) -> None:
    """Before: a game accepted by or against a player on vacation gave them now + their time
    per move, and was lost on time during the vacation."""
    taken = await service.vacations.take(ALICE, 3)
    clock.now += 600
    # Alice accepts Bob's challenge and plays Black, who moves first
    accepted = await start_match(service, challenger=BOB, opponent=ALICE, side="white")
    assert accepted.deadline == taken.until + accepted.move_seconds
    # Bob accepts hers, and she moves first
    against = await start_match(service, side="black", move_time="1h", channel=11)
    assert against.deadline == taken.until + 3600
    bob_first = await start_match(service, side="white", move_time="1h", channel=12)
    assert bob_first.deadline == clock.now + 3600  # Bob is not away


async def test_a_vacation_holds_no_clock_in_a_game_against_the_computer(
    service: MatchService, clock: Clock
) -> None:
    """One rule for every deadline: a vacation moves none of those games' deadlines, so
    neither does a turn begun in one (before: the computer's move gave the full time from
    the vacation's end)."""
    game = await service.computer.start(by(ALICE), COMPUTER, "checkers", side="white")
    await service.vacations.take(ALICE, 3)
    turn = await service.computer.turn(game.id)
    assert turn is not None
    moved = await service.computer.move(turn, "11-15")
    assert moved.match.deadline == clock.now + game.move_seconds
    assert moved.match.away_until(clock.now) is None  # nor does its board say she is away


async def test_a_tournament_game_posted_while_its_first_player_is_away_waits_for_the_vacations_end(
    service: MatchService, clock: Clock
) -> None:
    """The clock starts when the board is posted: by the same rule (before: now + the time
    per move, though the board said the player was on vacation)."""
    organiser = Actor(GUILD, 50, ORGANISER)
    event = await service.tournaments.create(organiser, "checkers", "swiss", 1, "1h", allowed=True)
    for player in (ALICE, BOB, CAROL):
        await service.tournaments.join(Actor(GUILD, 50, player), event.id)
    await service.tournaments.start(organiser, event.id, moderator=True)
    news = await service.tournaments.advance(event.id)
    assert news is not None
    (game,) = news.games
    assert game.user_to_move is not None
    taken = await service.vacations.take(game.user_to_move, 2)
    (board,) = await service.tournaments.boards.due(event.id)
    assert board.match.deadline == taken.until + 3600  # as its board shows it
    clock.now += 5
    await service.tournaments.boards.posted(board)
    assert (await service.match(game.id)).deadline == taken.until + 3600
