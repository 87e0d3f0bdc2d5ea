"""Fair play under pressure (issue 44, points 1-4): tournament games are not aborted by
their players (a moderator's call-off scores nobody), two vacations asked at once are one,
a join racing a tournament's start is either paired or refused, and a takeback is answered
only as the request it was shown for. Every race runs on SQLite and on PostgreSQL, each
side through a store of its own, as two processes would."""

from __future__ import annotations

import asyncio

import pytest

from bot.errors import Refusal
from bot.service import Actor
from bot.service.match_service import MatchService
from bot.service.pairings import NO_GAME
from bot.service.tournament_scores import entrants
from bot.service.vacations import DAY, DAYS_A_MONTH, month_start
from bot.store import Row, Store, Tx
from tests.servicekit import ALICE, BOB, GUILD, Clock, by, refused, start_match

CHANNEL = 50
ORGANISER = 900
PLAYERS = [201, 202, 203]
LATE = 204
TRIALS = 5


def at(user: int) -> Actor:
    return Actor(GUILD, CHANNEL, user)


async def _two_services(
    db_url: str, clock: Clock
) -> tuple[Store, Store, MatchService, MatchService]:
    one, two = await Store.open(db_url), await Store.open(db_url)
    return one, two, MatchService(one, clock=clock), MatchService(two, clock=clock)


# --- 2. two vacations at once are one ---
async def test_two_vacations_asked_at_once_take_the_days_once(db_url: str, clock: Clock) -> None:
    """Before: both /vacation days:14 succeeded (28 days in a month, the opponent's deadline
    moved 28 days). After: one is taken, the other refused, in every trial."""
    clock.now = month_start(clock.now) + DAY
    one, two, a, b = await _two_services(db_url, clock)
    try:
        for trial in range(TRIALS):
            user = 500 + trial
            match = await start_match(
                a, challenger=user, opponent=BOB, side="black", move_time="1d"
            )
            assert match.deadline is not None
            outcomes = await asyncio.gather(
                a.vacations.take(user, DAYS_A_MONTH),
                b.vacations.take(user, DAYS_A_MONTH),
                return_exceptions=True,
            )
            taken = [o for o in outcomes if not isinstance(o, BaseException)]
            refusals = [o for o in outcomes if isinstance(o, Refusal)]
            assert len(taken) == 1 and len(refusals) == 1, outcomes
            assert "on vacation already" in str(refusals[0])
            moved = (await a.match(match.id)).deadline
            assert moved == match.deadline + DAYS_A_MONTH * DAY  # once, not twice
            days = await a._shared.store.one(
                "SELECT SUM(days) FROM vacations WHERE user_id = ?", (user,)
            )
            assert days is not None and days[0] == DAYS_A_MONTH
    finally:
        await one.close()
        await two.close()


async def test_days_left_are_read_in_the_vacations_transaction(db_url: str, clock: Clock) -> None:
    """Two vacations of 8 days at once, with 14 a month: one is taken and the other told of
    the 6 days left (before: both, 16 days)."""
    clock.now = month_start(clock.now) + DAY
    one, two, a, b = await _two_services(db_url, clock)
    try:
        outcomes = await asyncio.gather(
            a.vacations.take(ALICE, 8), b.vacations.take(ALICE, 8), return_exceptions=True
        )
        assert sum(not isinstance(o, BaseException) for o in outcomes) == 1, outcomes
        clock.now += 9 * DAY  # the vacation over: what is left is 6 days
        await refused(a, a.vacations.take(ALICE, 7), "You have 6 of 14")
    finally:
        await one.close()
        await two.close()


# --- 3. a join racing the start: paired, or told it was too late ---
async def _signed_up(service: MatchService, format: str, rounds: int | None) -> int:
    event = await service.tournaments.create(
        at(ORGANISER), "checkers", format=format, rounds=rounds, allowed=True
    )
    for user in PLAYERS:
        await service.tournaments.join(at(user), event.id)
    return event.id


async def _start_and_pair(service: MatchService, event: int) -> None:
    await service.tournaments.start(at(ORGANISER), event, moderator=False)
    assert await service.tournaments.advance(event) is not None  # round 1, as the director


@pytest.mark.parametrize("format", ["swiss", "round-robin"])
async def test_a_join_at_the_instant_of_the_start_is_paired_or_refused_never_both(
    db_url: str, clock: Clock, format: str
) -> None:
    """Before: the joiner was told "You are in" while round 1, paired from the players read
    before the join, left them out. After: whoever is told they are in plays round 1 (a
    game or the bye), and whoever is not is told why."""
    one, two, a, b = await _two_services(db_url, clock)
    try:
        for _ in range(TRIALS):
            event = await _signed_up(a, format, 3 if format == "swiss" else None)
            joined, _ = await asyncio.gather(
                b.tournaments.join(at(LATE), event),
                _start_and_pair(a, event),
                return_exceptions=True,
            )
            view = await a.tournaments.view(event)
            assert view.round == 1
            round_one = await a.tournaments.round_games(event, 1)
            paired = {p for g in round_one for p in (g.first, g.second) if p is not None}
            entered = set(view.players)
            if isinstance(joined, BaseException):
                assert isinstance(joined, Refusal), joined
                assert LATE not in entered
            elif joined.round == 0:  # told they are in before round 1: they play it
                assert LATE in joined.players and LATE in paired, (joined, round_one)
            else:  # a Swiss's late entry, after round 1 began: told they play from round 2
                assert format == "swiss" and joined.round == 1
                entered.discard(LATE)
            assert paired == entered  # nobody in round 1's draw is left out of it
    finally:
        await one.close()
        await two.close()


async def test_a_round_is_paired_from_the_players_it_commits_with(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player joins (late joining in a Swiss) between the pairing's read of the players
    and its write: the round is paired again with them (before: left out)."""
    event = await _signed_up(service, "swiss", 3)
    await service.tournaments.start(at(ORGANISER), event, moderator=False)
    players = service.tournaments.rows.players
    calls = 0

    async def joined_meanwhile(tournament_id: int, db: Tx | None = None) -> list[Row]:
        nonlocal calls
        calls += 1
        found = await players(tournament_id, db)
        if calls == 1:  # the pairing's first read, outside its transaction
            await service.tournaments.join(at(LATE), event)
        return found

    monkeypatch.setattr(service.tournaments.rows, "players", joined_meanwhile)
    news = await service.tournaments.advance(event)
    assert news is not None and news.round == 1
    paired = {p for g in news.games for p in g.players.values()} | set(news.byes)
    assert paired == {*PLAYERS, LATE}


# --- 1. a tournament game is not aborted by its players; a moderator's call-off scores nobody ---
MODERATOR = 950


async def _first_round_game(service: MatchService) -> tuple[int, int, int, int]:
    """A Swiss of three begun: its one game of round 1 (match, first and second player) and
    the player with the bye."""
    event = await _signed_up(service, "swiss", 2)
    await service.tournaments.start(at(ORGANISER), event, moderator=False)
    news = await service.tournaments.advance(event)
    assert news is not None and len(news.games) == 1 and len(news.byes) == 1
    match = news.games[0]
    first = match.user_to_move
    assert first is not None
    second = next(p for p in match.players.values() if p != first)
    return event, match.id, first, second


async def test_players_cannot_abort_a_tournament_game_before_or_after_the_first_move(
    service: MatchService,
) -> None:
    """Before: /abort ended it, scored as a loss for the first player (before any move) or
    ½-½ (after one), so the second player could take a free win. After: refused, nothing
    written; resigning still works."""
    event, match, first, second = await _first_round_game(service)
    why = "cannot be aborted: you may resign, and a moderator may call it off"
    await refused(service, service.play.abort_game(at(second), match), why)
    await refused(service, service.play.abort_game(at(first), match), why)
    await service.play.move(at(first), "11-15", match)
    await refused(service, service.play.abort_game(at(first), match), why)
    await refused(service, service.play.abort_game(at(second), match), why)
    assert (await service.match(match)).active
    await service.play.resign(at(second), match)
    (game,) = [g for g in await service.tournaments.round_games(event, 1) if g.second]
    assert game.first_points == 1.0 and not game.called_off


@pytest.mark.parametrize("moved", [0, 1])
async def test_a_moderators_call_off_of_a_tournament_game_counts_for_neither_player(
    service: MatchService, moved: int
) -> None:
    """Before: a game called off before any move was the first player's loss, after one
    ½-½. After: no points to either, no tie-break, no colour, no meeting; the round is over
    and the next is paired."""
    event, match, first, second = await _first_round_game(service)
    if moved:
        await service.play.move(at(first), "11-15", match)
    await refused(
        service,
        service.play.abort_game(at(first), match, moderator=True),
        f"You play in Checkers #{match}",  # a moderator does not call off a game of their own
    )
    ended = await service.play.abort_game(at(MODERATOR), match, moderator=True)
    assert ended.status == "aborted" and ended.ended_by == MODERATOR
    results = await service.tournaments.round_games(event, 1)
    (called,) = [r for r in results if r.second is not None]
    assert called.called_off and called.first_points is None and not called.going
    table = {s.player: s for s in await service.tournaments.table(event)}
    for player in (first, second):
        assert table[player].points == 0.0 and table[player].left == 0
        assert table[player].buchholz == 0.0 and table[player].sonneborn_berger == 0.0
    news = await service.tournaments.advance(event)  # round 1 is over: round 2 is paired
    assert news is not None and news.round == 2
    state = {e.id: e for e in entrants(PLAYERS, await service.tournaments.results(event), 1)}
    for player in (first, second):
        assert state[player].colours == (NO_GAME,) and state[player].opponents == frozenset()


async def test_casual_rated_games_keep_their_abort_rule(service: MatchService) -> None:
    """Outside tournaments nothing changed: abort before both sides moved, not after."""
    match = await start_match(service, side="black")
    await service.play.move(by(ALICE), "11-15", match.id)
    assert (await service.play.abort_game(by(BOB), match.id)).status == "aborted"
    match = await start_match(service, side="black")
    await service.play.move(by(ALICE), "11-15", match.id)
    await service.play.move(by(BOB), "22-18", match.id)
    await refused(service, service.play.abort_game(by(ALICE), match.id), "Both sides have moved")


# --- 4. a takeback is answered only as the request it was shown for ---
async def test_an_answer_to_a_lapsed_takeback_request_does_not_answer_a_later_one(
    service: MatchService,
) -> None:
    """Before: Accept pressed after its request lapsed (a move voided it) accepted a later
    2-ply request. After: refused, nothing written; the later request's own answer works."""
    match = await start_match(service, side="black")
    await service.play.move(by(ALICE), "11-15")
    lapsed = (await service.takebacks.ask(by(ALICE))).match.takeback_request
    await service.play.move(by(BOB), "22-18")  # voids it
    later = (await service.takebacks.ask(by(ALICE))).match.takeback_request  # 2 plies back
    assert lapsed is not None and later is not None and lapsed != later
    for accept in (True, False):
        await refused(
            service, service.takebacks.answer(by(BOB), accept, match.id, lapsed), "is over"
        )
    done = await service.takebacks.answer(by(BOB), True, match.id, later)
    assert done.taken_back == 2 and done.match.ply == 0


async def test_a_request_after_an_accepted_takeback_is_another_request(
    service: MatchService,
) -> None:
    """The same player asks again at the same ply after a takeback and another move: the
    first request's buttons do not answer it; nor does a button of the other player's
    request, declined, answer theirs at the same ply."""
    match = await start_match(service, side="black")
    await service.play.move(by(ALICE), "11-15")
    first = (await service.takebacks.ask(by(ALICE))).match.takeback_request
    await service.takebacks.answer(by(BOB), True, match.id, first)
    await service.play.move(by(ALICE), "9-13")  # another move at the same ply
    again = (await service.takebacks.ask(by(ALICE))).match.takeback_request
    assert again != first
    await refused(service, service.takebacks.answer(by(BOB), True, match.id, first), "is over")
    await service.takebacks.answer(by(BOB), False, match.id, again)  # declined
    await service.play.move(by(BOB), "22-18")
    theirs = (await service.takebacks.ask(by(ALICE))).match.takeback_request
    await service.takebacks.answer(by(BOB), False, match.id, theirs)
    mine = (await service.takebacks.ask(by(BOB))).match.takeback_request  # same ply, Bob
    assert mine != theirs
    await refused(service, service.takebacks.answer(by(ALICE), True, match.id, theirs), "over")
    assert (await service.takebacks.answer(by(ALICE), True, match.id, mine)).taken_back == 1
