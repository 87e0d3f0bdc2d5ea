"""Reviews in the service, on a real database: asked for once a finished game, refused for a
game in play or without moves and past the computer's per-person limit, read a position at
a time, and judged from what is stored. Ratings' history and the records built on results
(head to head, a month's points)."""

from __future__ import annotations

import random

from ai.analysis import Reading
from bot.service import Actor
from bot.service.match_service import MatchService
from bot.store import Store
from tests.servicekit import ALICE, BOB, CAROL, GUILD, Clock, by, refused, start_match

BOT = 999


async def _played(service: MatchService, moves: list[str]) -> int:
    """A Checkers game, Alice Black, the moves played, then Bob resigns: its id."""
    match = await start_match(service, side="black")
    for n, move in enumerate(moves):
        await service.play.move(by(ALICE if n % 2 == 0 else BOB), move, match.id)
    await service.play.resign(by(BOB), match.id)
    return match.id


async def test_a_review_is_asked_for_once_and_judged_from_its_readings(
    service: MatchService,
) -> None:
    asked: list[int] = []
    service.on_analysis(asked.append)
    match_id = await _played(service, ["11-15", "22-18", "15x22"])
    first = await service.analyses.request(by(CAROL), match_id)  # a spectator may ask
    assert (first.requested_by, first.done, first.total, first.review) == (CAROL, 0, 4, None)
    again = await service.analyses.request(by(ALICE), match_id)
    assert again.requested_by == CAROL and asked == [match_id]  # one review a game
    job = await service.analyses.job(match_id)
    assert job is not None and [ply for ply, _ in job.missing] == [0, 1, 2, 3]
    await service.analyses.add(match_id, 0, Reading(0, "9-13"))
    await service.analyses.add(match_id, 0, Reading(55, "9-14"))  # a second writer: ignored
    job = await service.analyses.job(match_id)
    assert job is not None and [ply for ply, _ in job.missing] == [1, 2, 3]
    for ply, score in ((1, 0), (2, 800), (3, -800)):  # for the side to move
        await service.analyses.add(match_id, ply, Reading(score, "x"))
    made = await service.analyses.finish(match_id)
    assert made.complete and made.done == made.total == 4
    assert made.review is not None
    assert [j.move for j in made.review.moves] == ["11-15", "22-18", "15x22"]
    assert made.review.moves[1].mark == "??"  # White's 22-18 gave the game away
    assert made.review.moves[2].forced  # Black's capture was the only move
    assert await service.analyses.job(match_id) is None
    assert await service.analyses.unfinished() == []
    shown = await service.analyses.request(by(ALICE), match_id)
    assert shown.review == made.review and asked == [match_id]  # shown again, not redone


async def test_a_review_is_refused_for_a_game_in_play_or_without_moves(
    service: MatchService,
) -> None:
    playing = await start_match(service)
    await refused(service, service.analyses.request(by(ALICE), playing.id), "still being played")
    await service.play.abort_game(by(ALICE), playing.id)
    await refused(
        service, service.analyses.request(by(ALICE), playing.id), "before a move was played"
    )
    await refused(
        service, service.analyses.request(Actor(GUILD + 1, 5, ALICE), playing.id), "no match"
    )
    await refused(service, service.analyses.request(by(CAROL)), "no finished game here")


async def test_reviews_count_toward_the_computers_limit_a_person(store: Store) -> None:
    service = MatchService(store, clock=Clock(), rng=random.Random(1), computer_games=2)
    games = [await _played(service, ["11-15"]) for _ in range(3)]
    await service.computer.start(by(ALICE), BOT, "checkers", level=1)
    await service.analyses.request(by(ALICE), games[0])
    await refused(service, service.analyses.request(by(ALICE), games[1]), "already busy with 2")
    await refused(
        service, service.computer.start(by(ALICE), BOT, "the-crown"), "plays or reviews 2 games"
    )
    await service.analyses.request(by(BOB), games[1])  # another person's limit is their own
    for ply in range(2):
        await service.analyses.add(games[0], ply, Reading(0, ""))
    await service.analyses.finish(games[0])
    await service.analyses.request(by(ALICE), games[2])  # the finished review no longer counts


async def test_a_rated_game_records_both_ratings_in_their_history(service: MatchService) -> None:
    for _ in range(2):
        await _played(service, ["11-15"])
    alice = await service.standings.rating_history(GUILD, "checkers", ALICE)
    bob = await service.standings.rating_history(GUILD, "checkers", BOB)
    assert len(alice) == len(bob) == 2
    assert alice[0][0] > 1500 > bob[0][0] and alice[1][0] > alice[0][0]
    assert alice[1][1] < alice[0][1]  # the deviation shrinks as games are played
    assert await service.standings.rating_history(GUILD, "the-crown", ALICE) == []
    await service.computer.start(by(CAROL), BOT, "checkers", level=1)
    await service.play.resign(by(CAROL))
    assert await service.standings.rating_history(GUILD, "checkers", CAROL) == []  # unrated


async def test_head_to_head_counts_each_side_and_lists_the_latest(service: MatchService) -> None:
    first = await _played(service, ["11-15"])  # Alice (Black) wins
    match = await start_match(service, side="white")  # Alice White; she resigns
    await service.play.resign(by(ALICE), match.id)
    await start_match(service, challenger=ALICE, opponent=CAROL)  # not between the two
    record = await service.standings.versus(GUILD, ALICE, BOB, recent=5)
    black, white = record.records["checkers"]["b"], record.records["checkers"]["w"]
    assert (black.wins, black.losses, white.wins, white.losses) == (1, 0, 0, 1)
    assert [m.id for m in record.recent] == [match.id, first]
    assert (await service.standings.versus(GUILD, ALICE, BOB, "the-crown")).records == {}
    await refused(service, service.standings.versus(GUILD, ALICE, ALICE), "two different")


async def test_a_months_points_come_from_the_games_that_ended_in_it(
    service: MatchService, clock: Clock
) -> None:
    await _played(service, ["11-15"])  # Alice beats Bob
    since = clock.now + 1
    clock.now += 10
    await _played(service, ["11-15"])  # again, this month
    draw = await start_match(service, challenger=CAROL, opponent=BOB)
    await service.play.offer_draw(Actor(GUILD, draw.channel_id, CAROL), draw.id)
    await service.play.answer_draw(Actor(GUILD, draw.channel_id, BOB), True, draw.id)
    rows = await service.standings.season(GUILD, "checkers", since)
    assert [(r.user_id, r.points, r.wins, r.draws, r.losses) for r in rows] == [
        (ALICE, 1.0, 1, 0, 0), (CAROL, 0.5, 0, 1, 0), (BOB, 0.5, 0, 1, 1),
    ]  # fmt: skip
    assert [r.rank for r in rows] == [1, 2, 3]  # equal points: fewer games first
