"""The match service over a real SQLite file: lifecycle, refusals, races, deadlines, ratings."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.errors import Refusal
from bot.service import Actor
from bot.service.match_service import MatchService
from bot.store import Store
from bot.store.checkdb import check_db
from bot.store.migrations import head_revision, legacy_version, revision
from rules import Outcome, Termination, get_game, reason_text
from tests.gamekit import GAME_IDS
from tests.servicekit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    Clock,
    by,
    legacy_database,
    play_random,
    refused,
    result,
    start_match,
    swept,
)


# --- whole games ---
@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_random_games_to_the_end_with_ratings(
    service: MatchService, db_url: str, game_id: str
) -> None:
    rng = random.Random(game_id)
    await service.standings.remember(GUILD, ALICE, "Alice", "Alice")
    await service.standings.remember(GUILD, BOB, "Bob", "Bob")
    for _ in range(2):
        match = await play_random(service, await start_match(service, game_id), rng)
        assert match.status == "finished" and match.outcome is not None
        assert len(match.moves) == match.ply > 0
    board = await service.standings.leaderboard(GUILD, game_id)
    assert {row.user_id for row in board} == {ALICE, BOB}
    assert [row.rank for row in board] == [1, 2]
    assert board[0].rating >= board[1].rating
    assert all(row.games == 2 for row in board)
    assert {row.name for row in board} == {"Alice", "Bob"}
    wins = sum(r.wins for r in board)
    losses = sum(r.losses for r in board)
    assert wins == losses and sum(r.draws for r in board) % 2 == 0
    count, problems = await check_db(db_url)
    assert count == 2 and problems == []


async def test_move_result_carries_the_canonical_move_and_the_turn(service: MatchService) -> None:
    match = await start_match(service, side="black")
    result = await service.play.move(by(ALICE), " 11 x 15 ")
    assert result.move == "11-15"
    assert result.match.position_text.startswith("W:") and result.match.side_to_move == "w"
    assert result.match.user_to_move == BOB
    assert result.match.moves == ("11-15",)
    assert not result.finished and match.players == {"b": ALICE, "w": BOB}


# --- refusals ---
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"game_id": "checkers", "opponent_id": ALICE}, "challenge yourself"),
        ({"game_id": "chess"}, "no game called 'chess'"),
        ({"game_id": "checkers", "side": "green"}, "no side called 'green'"),
        ({"game_id": "checkers", "move_time": 30}, "between 1 minute and 14 days"),
        ({"game_id": "checkers", "move_time": "15d"}, "between 1 minute and 14 days"),
        ({"game_id": "checkers", "move_time": "soon"}, "is not a time limit"),
    ],
)
async def test_challenge_refusals(
    service: MatchService, options: dict[str, Any], message: str
) -> None:
    await refused(service, service.challenges.challenge(by(ALICE), **options), message)


async def test_the_open_challenges_limit_counts_per_server(service: MatchService) -> None:
    """Five unanswered challenges on one server do not stop a challenge on another."""
    for channel in range(5):
        await service.challenges.challenge(
            Actor(GUILD, channel, ALICE), "checkers", opponent_id=BOB
        )
    await refused(
        service,
        service.challenges.challenge(by(ALICE), "checkers", opponent_id=CAROL),
        "You already have 5 open challenges on this server",
    )
    elsewhere = await service.challenges.challenge(Actor(GUILD + 1, CHANNEL, ALICE), "the-crown")
    assert elsewhere.status == "open" and elsewhere.guild_id == GUILD + 1


async def test_answering_challenge_refusals(service: MatchService, clock: Clock) -> None:
    challenge = await service.challenges.challenge(by(ALICE), "checkers", opponent_id=BOB)
    await refused(
        service,
        service.challenges.accept(by(ALICE), challenge.id),
        "cannot accept your own",
    )
    await refused(
        service,
        service.challenges.accept(by(CAROL), challenge.id),
        "is for user 102, not you",
    )
    await refused(
        service,
        service.challenges.decline(by(CAROL), challenge.id),
        "Only the challenged player",
    )
    await refused(
        service,
        service.challenges.decline(by(ALICE), challenge.id),
        "use Cancel",
    )
    await refused(
        service,
        service.challenges.cancel(by(BOB), challenge.id),
        "Only the player who made",
    )
    await refused(service, service.challenges.accept(by(BOB), 999), "no challenge #999")
    clock.now += 16 * 60
    await refused(service, service.challenges.accept(by(BOB), challenge.id), "has expired")


async def test_answered_challenges_cannot_be_answered_again(service: MatchService) -> None:
    declined = await service.challenges.challenge(by(ALICE), "checkers", opponent_id=BOB)
    assert (await service.challenges.decline(by(BOB), declined.id)).status == "declined"
    await refused(
        service,
        service.challenges.accept(by(BOB), declined.id),
        "already declined",
    )
    cancelled = await service.challenges.challenge(by(ALICE), "checkers")
    assert (await service.challenges.cancel(by(ALICE), cancelled.id)).status == "cancelled"
    await refused(
        service,
        service.challenges.accept(by(BOB), cancelled.id),
        "already cancelled",
    )


async def test_open_challenge_anyone_but_the_challenger_may_accept(service: MatchService) -> None:
    challenge = await service.challenges.challenge(by(ALICE), "three-crowns", side="green")
    assert challenge.opponent_id is None
    match = await service.challenges.accept(by(CAROL), challenge.id)
    assert match.players == {"g": ALICE, "b": CAROL}
    await refused(
        service,
        service.challenges.accept(by(BOB), challenge.id),
        "already accepted",
    )


async def test_move_refusals(service: MatchService) -> None:
    await refused(
        service,
        service.play.move(by(ALICE), "11-15"),
        "no game in progress in this channel",
    )
    match = await start_match(service, side="black")
    await refused(
        service,
        service.play.move(by(BOB), "22-18"),
        "not your turn: waiting for user 101",
    )
    await refused(
        service,
        service.play.move(by(CAROL), "11-15", match.id),
        "not playing in Checkers #1",
    )
    await refused(service, service.play.move(by(ALICE), "11-18"), "is not legal")
    await refused(service, service.play.move(by(ALICE), "hello"), "is not a checkers move")
    await refused(service, service.play.move(by(ALICE), "9" * 500), "too long")
    await refused(service, service.play.move(by(ALICE), "11-15", 999), "no match #999")
    await refused(
        service,
        service.play.move(Actor(2, CHANNEL, ALICE), "11-15", match.id),
        "no match #1 on this server",
    )
    await service.play.resign(by(ALICE))
    await refused(
        service,
        service.play.move(by(ALICE), "11-15", match.id),
        r"is over\. user 102 \(White\) won",
    )


async def test_several_matches_in_a_channel_need_an_id(service: MatchService) -> None:
    first = await start_match(service, side="black")
    second = await start_match(
        service, "three-musketeers", challenger=CAROL, opponent=ALICE, side="enemy"
    )
    await service.standings.remember(GUILD, CAROL, "Carol", "Carol")
    await refused(
        service,
        service.play.move(by(ALICE), "11-15"),
        r"Several games are in progress here \(#1 Checkers: user 101 vs user 102, "
        r"#2 Three Musketeers: user 101 vs user 103\): say which",
    )
    assert (await service.play.move(by(ALICE), "11-15", first.id)).move == "11-15"
    assert (await service.play.move(by(ALICE), "a1xa2", second.id)).move == "a1xa2"


async def test_a_thread_finds_its_match(service: MatchService) -> None:
    await start_match(service, side="black")
    other = await start_match(service, "checkers", challenger=ALICE, opponent=CAROL, side="black")
    await service.play.bind_thread(other.id, 555)
    assert (await service.play.move(Actor(GUILD, 555, ALICE), "11-15")).match.id == other.id


async def test_other_action_refusals(service: MatchService) -> None:
    match = await start_match(service, side="black")
    await refused(service, service.play.resign(by(CAROL), match.id), "not playing")
    await refused(service, service.play.answer_draw(by(BOB), True), "no draw offer")
    await service.play.offer_draw(by(ALICE))
    await refused(service, service.play.offer_draw(by(ALICE)), "already offered a draw")
    await refused(service, service.play.answer_draw(by(ALICE), True), "no draw offer")
    await refused(
        service,
        service.challenges.rematch(by(ALICE), match.id),
        "still being played",
    )
    await service.play.move(by(ALICE), "11-15")
    await service.play.move(by(BOB), "22-18")
    await refused(service, service.play.abort_game(by(ALICE)), "can no longer be aborted")
    await service.play.resign(by(BOB))
    await refused(
        service,
        service.challenges.rematch(by(CAROL), match.id),
        "Only the players",
    )


# --- draws, aborts, rematches ---
async def test_draw_offer_lapses_when_the_opponent_moves(service: MatchService) -> None:
    await start_match(service, side="black")
    offered = await service.play.offer_draw(by(ALICE))
    assert not offered.agreed and offered.match.draw_offer_by == ALICE
    await service.play.move(by(ALICE), "11-15")  # the offerer moving keeps the offer
    assert (await service._shared.find.match(offered.match.id)).draw_offer_by == ALICE
    await service.play.move(by(BOB), "22-18")  # the receiver moving lets it lapse
    assert (await service._shared.find.match(offered.match.id)).draw_offer_by is None


async def test_an_offer_declined_while_the_offerers_move_is_on_its_way_stays_declined(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a move keeps of a draw offer is judged on the match as it is when the move is
    written, not as it was read: another process's decline in between is not undone."""
    match = await start_match(service, side="black")
    await service.play.offer_draw(by(ALICE))
    other = MatchService(service._shared.store, clock=service.clock)  # another process's service
    read = service._shared.records.record

    async def declined_meanwhile(row: Any) -> Any:
        await other.play.answer_draw(by(BOB), False, match.id)
        return await read(row)

    monkeypatch.setattr(service._shared.records, "record", declined_meanwhile)
    moved = await service.play.move(by(ALICE), "11-15")
    assert moved.match.ply == 1 and moved.match.draw_offer_by is None
    assert (await service.match(match.id)).draw_offer_by is None


async def test_draw_by_agreement_both_ways(service: MatchService) -> None:
    await start_match(service)
    await service.play.offer_draw(by(ALICE))
    declined = await service.play.answer_draw(by(BOB), False)
    assert not declined.agreed and declined.match.draw_offer_by is None
    await service.play.offer_draw(by(ALICE))
    agreed = await service.play.offer_draw(by(BOB))  # offering back accepts
    assert agreed.agreed and result(agreed.match) == "Draw (agreement)"
    assert [r.draws for r in await service.standings.leaderboard(GUILD, "checkers")] == [1, 1]


async def test_abort_is_unrated(service: MatchService) -> None:
    await start_match(service, side="black")
    await service.play.move(by(ALICE), "11-15")
    view = await service.play.abort_game(by(BOB))
    assert view.status == "aborted" and result(view) == f"Aborted by <@{BOB}>"
    assert await service.standings.leaderboard(GUILD, "checkers") == []


async def test_rematch_swaps_sides(service: MatchService) -> None:
    match = await start_match(service, side="black")
    await service.play.resign(by(BOB))
    asked = await service.challenges.rematch(by(BOB), match.id)
    assert asked.challenger_side == "b" and asked.opponent_id == ALICE
    await refused(service, service.challenges.rematch(by(BOB), match.id), "already asked")
    both = await service.challenges.rematch(by(ALICE), match.id)  # Alice asking too accepts Bob's
    assert both.status == "accepted"
    again = await service._shared.find.match(both.match_id or 0)
    assert again.players == {"b": BOB, "w": ALICE}


async def test_resignation_rates_and_names_the_loser(service: MatchService) -> None:
    await start_match(service, side="white")
    view = await service.play.resign(by(ALICE))
    assert result(view) == "<@102> (Black) won (White resigned)"
    assert view.winner_id == BOB
    top = (await service.standings.leaderboard(GUILD, "checkers"))[0]
    assert top.user_id == BOB and top.rating > 1500 and top.wins == 1


async def test_stats_show_each_side_of_three_musketeers(service: MatchService) -> None:
    await start_match(service, "three-musketeers", side="musketeers")
    await service.play.resign(by(BOB))
    await start_match(service, "three-musketeers", side="enemy")
    await service.play.resign(by(BOB))
    (stats,) = await service.standings.stats(GUILD, ALICE, "three-musketeers")
    assert (stats.wins, stats.draws, stats.losses) == (2, 0, 0)
    assert stats.by_side["m"].wins == 1 and stats.by_side["e"].wins == 1
    assert stats.rating is not None and stats.rating > 1500
    assert await service.standings.stats(GUILD, CAROL) == []


# --- races ---
async def test_one_hundred_racing_submissions_land_once(service: MatchService, db_url: str) -> None:
    match = await start_match(service, side="black")
    outcomes = await asyncio.gather(
        *(service.play.move(by(ALICE), "11-15", match.id) for _ in range(100)),
        return_exceptions=True,
    )
    landed = [o for o in outcomes if not isinstance(o, Exception)]
    refusals = [o for o in outcomes if isinstance(o, Refusal)]
    assert len(landed) == 1 and len(refusals) == 99
    assert all("not your turn" in str(r) for r in refusals)
    assert (await service._shared.find.match(match.id)).moves == ("11-15",)
    assert (await check_db(db_url))[1] == []


async def test_two_services_on_one_database_cannot_both_land(db_url: str, clock: Clock) -> None:
    path = db_url
    one, two = await Store.open(path), await Store.open(path)
    try:
        a, b = MatchService(one, clock=clock), MatchService(two, clock=clock)
        match = await start_match(a, side="black")
        await b._shared.find.match(match.id)
        results = await asyncio.gather(
            a.play.move(by(ALICE), "11-15", match.id),
            b.play.move(by(ALICE), "9-13", match.id),
            return_exceptions=True,
        )
        assert sum(not isinstance(r, Exception) for r in results) == 1
        assert len((await a._shared.find.match(match.id)).moves) == 1
    finally:
        await one.close()
        await two.close()


# --- deadlines ---
async def test_overdue_game_is_lost_on_time_after_a_restart(db_url: str, clock: Clock) -> None:
    path = db_url
    store = await Store.open(path)
    service = MatchService(store, clock=clock)
    match = await start_match(service, side="black", move_time="1h")
    await service.play.move(by(ALICE), "11-15")
    await store.close()
    clock.now += 3601
    store = await Store.open(path)  # a new process: the deadline comes from the database
    try:
        events, _ = await MatchService(store, clock=clock).deadlines.sweep()
        assert [e.kind for e in events] == ["timeout"]
        view = events[0].match
        assert view is not None and view.id == match.id
        assert result(view) == "<@101> (Black) won (White ran out of time)"
    finally:
        await store.close()


async def test_game_without_a_move_is_aborted_on_time(service: MatchService, clock: Clock) -> None:
    await start_match(service, move_time="10m")
    clock.now += 601
    events = await swept(service)
    assert [e.kind for e in events] == ["aborted"]
    assert await service.standings.leaderboard(GUILD, "checkers") == []


async def test_one_reminder_before_the_deadline(service: MatchService, clock: Clock) -> None:
    await start_match(service, move_time="4h")
    assert await swept(service) == []
    clock.now += 3 * 3600 + 1
    events = await swept(service)
    assert [e.kind for e in events] == ["reminder"] and 3500 < events[0].seconds_left < 3600
    assert await swept(service) == []


async def test_unanswered_challenges_expire(service: MatchService, clock: Clock) -> None:
    challenge = await service.challenges.challenge(by(ALICE), "checkers", opponent_id=BOB)
    clock.now += 15 * 60 + 1
    events = await swept(service)
    assert [e.kind for e in events] == ["expired"]
    assert (await service._shared.find.challenge(challenge.id)).status == "expired"


# --- the store ---
async def test_an_old_database_opens_and_upgrades(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    legacy_database(path, upto=1)
    with sqlite3.connect(path) as old:
        old.execute(
            "INSERT INTO matches (guild_id, channel_id, game_id, first_user, second_user, "
            "start_position, position, status, move_seconds, created_at) "
            "VALUES (1, 10, 'checkers', 101, 102, ?, ?, 'active', 3600, 0)",
            (
                "B:W21-32:B1-12",
                "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            ),
        )
    old.close()
    new = await Store.open(path)
    try:
        assert await revision(new.engine) == head_revision()
        assert await legacy_version(new.engine) == 9
        row = await new.one("SELECT reminded, game_id FROM matches")
        assert row is not None and tuple(row) == (0, "checkers")
        assert await new.all("SELECT * FROM users") == []
        # the old match is played on, and its row follows the move
        played = await MatchService(new, clock=lambda: 60.0).play.move(Actor(1, 10, 101), "11-15")
        assert played.match.ply == 1
        row = await new.one("SELECT ply, position, deadline, reminded FROM matches")
        after = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"
        assert row is not None and tuple(row) == (1, after, 3660.0, 0)
    finally:
        await new.close()


async def test_check_db_reports_a_tampered_position(service: MatchService, db_url: str) -> None:
    match = await start_match(service, side="black")
    await service.play.move(by(ALICE), "11-15")
    async with service._shared.store.transaction() as db:
        await db.run("UPDATE matches SET position = 'W:W:B1' WHERE id = ?", (match.id,))
    count, problems = await check_db(db_url)
    assert count == 1 and problems == ["match #1: stored position differs from the log replayed"]


async def test_a_nickname_stays_on_its_server(service: MatchService) -> None:
    await service.standings.remember(GUILD, ALICE, "Ally the Bold", "Alice")
    assert await service.standings.known_name(GUILD, ALICE) == "Ally the Bold"
    assert await service.standings.known_name(GUILD + 1, ALICE) == "Alice"
    for guild in (GUILD, GUILD + 1):
        challenge = await service.challenges.challenge(Actor(guild, CHANNEL, ALICE), "checkers")
        await service.challenges.accept(Actor(guild, CHANNEL, BOB), challenge.id)
        await service.play.resign(Actor(guild, CHANNEL, BOB))
    here = await service.standings.leaderboard(GUILD, "checkers")
    there = await service.standings.leaderboard(GUILD + 1, "checkers")
    assert [r.name for r in here] == ["Ally the Bold", None]
    assert [r.name for r in there] == ["Alice", None]  # Bob's name was never seen


def test_results_agree_in_number_and_name_their_pieces_alike() -> None:
    musketeers, crown = get_game("three-musketeers"), get_game("the-crown")
    stuck = Outcome("e", Termination.NO_MOVES, "m")
    assert reason_text(musketeers, stuck) == "the Musketeers have no legal move"
    assert reason_text(musketeers, Outcome("m", Termination.NO_MOVES, "e")).endswith(
        "the enemy has no legal move"
    )
    wiped = Outcome("w", Termination.NO_PIECES, "b")
    assert reason_text(crown, wiped) == "Black has no pieces left"


async def test_the_computer_is_not_offered_a_draw_it_never_takes(service: MatchService) -> None:
    match = await service.computer.start(by(ALICE), 999, "checkers", side="black")
    await service.play.move(by(ALICE), "11-15", match.id)
    await service.computer.move(
        (await service.computer.turn(match.id)) or pytest.fail("the computer's turn"), "22-18"
    )
    await refused(
        service,
        service.play.abort_game(by(ALICE), match.id),
        "can no longer be aborted: you may resign.",
    )


async def test_a_persons_games_everywhere_put_their_move_first(
    service: MatchService, clock: Clock
) -> None:
    """Games on two servers and against the computer: where it is Alice's move first (the
    soonest deadline first), then the others; games over and other people's are not listed."""
    waiting = await start_match(service, side="white", move_time="1d")  # Bob (Black) to move
    clock.now += 60
    soon = await start_match(service, "three-crowns", side="green", move_time="1h", channel=11)
    elsewhere = await service.challenges.challenge(Actor(GUILD + 1, 5, ALICE), "the-crown")
    later = await service.challenges.accept(Actor(GUILD + 1, 5, BOB), elsewhere.id)
    over = await start_match(service, channel=12)
    await service.play.resign(by(BOB), over.id)
    await start_match(service, challenger=BOB, opponent=CAROL, channel=13)
    listed = [item.match.id for item in await service.games_everywhere(ALICE)]
    mine = [m.id for m in (soon, later) if m.user_to_move == ALICE]
    theirs = [m.id for m in (waiting, soon, later) if m.id not in mine]
    assert listed == sorted(mine, key=lambda i: i != soon.id) + sorted(theirs)
    assert listed[0] == soon.id  # Alice's move, and its hour runs out first
    assert await service.games_everywhere(999) == []
