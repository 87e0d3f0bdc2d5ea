"""Tournaments in the service, on a real database: a whole Swiss and a whole round-robin
played through, withdrawals, Three Musketeers' two games a pairing, ratings only when
rated, and each refusal in one line with nothing written."""

from __future__ import annotations

import random

from bot.service import Actor, MatchStatus
from bot.service.match_service import MatchService
from bot.service.tournament_boards import BOARD_ATTEMPTS
from bot.service.tournament_views import RoundNews
from bot.store import Store
from bot.store.announcement_table import CLAIM_SECONDS
from tests.servicekit import GUILD, Clock, refused, swept

CHANNEL = 50
ORGANISER = 900
PLAYERS = list(range(201, 210))  # nine


def at(user: int) -> Actor:
    return Actor(GUILD, CHANNEL, user)


async def _signed_up(
    service: MatchService, players: list[int], game: str = "checkers", **options: object
) -> int:
    event = await service.tournaments.create(
        at(ORGANISER),
        game,
        allowed=True,
        **options,  # type: ignore[arg-type]
    )
    for user in players:
        await service.tournaments.join(at(user), event.id)
    return event.id


async def _advanced(service: MatchService, event: int) -> RoundNews:
    news = await service.tournaments.advance(event)
    assert news is not None
    return news


async def _play_round(service: MatchService, news: RoundNews, rng: random.Random) -> None:
    """Each game of the round still going ends: one side resigns, or they agree a draw."""
    for match in news.games:
        if not (await service.match(match.id)).active:
            continue  # lost by a player who withdrew
        first, second = match.players.values()
        if rng.random() < 0.2:
            await service.play.offer_draw(at(first), match.id)
            await service.play.answer_draw(at(second), True, match.id)
        else:
            await service.play.resign(at(rng.choice((first, second))), match.id)


async def test_a_swiss_of_nine_is_played_from_sign_up_to_final_standings(
    service: MatchService,
) -> None:
    rng = random.Random(3)
    event = await _signed_up(service, PLAYERS, format="swiss", rounds=5, rated=True)
    await service.tournaments.start(at(ORGANISER), event, moderator=False)
    news = await _advanced(service, event)
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for number in range(1, 6):
        assert news.round == number and len(news.games) == 4 and len(news.byes) == 1
        byes += news.byes
        for match in news.games:
            pair = frozenset(match.players.values())
            assert pair not in met and match.channel_id == CHANNEL
            met.add(pair)
        assert await service.tournaments.advance(event) is None  # games go on
        await _play_round(service, news, rng)
        news = await _advanced(service, event)
    assert news.finished and news.round == 0
    assert len(set(byes)) == 5  # a bye at most once a player
    table = news.standings
    assert [s.rank for s in table] == list(range(1, 10))
    assert sum(s.points for s in table) == 5 * 4 + 5  # every game's point, and the byes
    assert all(s.left == 0 for s in table)
    assert await service.standings.rating_history(GUILD, "checkers", PLAYERS[0])  # rated


async def test_a_round_robin_meets_everyone_and_a_withdrawal_forfeits_the_rest(
    service: MatchService,
) -> None:
    rng = random.Random(5)
    four = PLAYERS[:4]
    event = await _signed_up(service, four, format="round-robin", rated=False)
    await service.tournaments.start(at(ORGANISER), event, moderator=True)
    news = await _advanced(service, event)
    assert news.tournament.rounds == 3 and len(news.games) == 2
    await refused(service, service.tournaments.join(at(PLAYERS[5]), event), "has begun")
    # the fourth player withdraws mid-game: that game is lost, the rest are forfeits
    gone = four[3]
    left = await service.tournaments.leave(at(gone), event)
    (lost,) = left.games  # returned over, to be shown so where it is played
    assert gone in lost.players.values() and not lost.active and lost.winner_id != gone
    assert gone in left.tournament.withdrawn
    for _ in range(3):
        await _play_round(service, news, rng)
        news = await _advanced(service, event)
        assert all(gone not in m.players.values() for m in news.games)
    assert news.finished
    results = await service.tournaments.results(event)
    assert len(results) == 6  # everyone met everyone
    theirs = [r for r in results if gone in (r.first, r.second)]
    assert all(r.first_points == (0.0 if r.first == gone else 1.0) for r in theirs)
    assert await service.standings.rating_history(GUILD, "checkers", four[0]) == []  # unrated


async def test_three_musketeers_pairs_play_twice_with_the_sides_swapped(
    service: MatchService,
) -> None:
    event = await _signed_up(service, PLAYERS[:4], "three-musketeers", format="swiss", rounds=2)
    await service.tournaments.start(at(ORGANISER), event, moderator=False)
    news = await _advanced(service, event)
    assert len(news.games) == 4
    await refused(service, service.takebacks.ask(at(PLAYERS[0]), news.games[0].id), "not taken")
    pairs: dict[frozenset[int], list[int]] = {}
    for match in news.games:
        pairs.setdefault(frozenset(match.players.values()), []).append(match.players["m"])
    assert all(len(set(musketeers)) == 2 for musketeers in pairs.values())


async def test_bad_input_is_refused_in_one_line_and_writes_nothing(service: MatchService) -> None:
    tournaments = service.tournaments
    for rounds in (0, 100, None):
        await refused(
            service,
            tournaments.create(at(ORGANISER), "checkers", "swiss", rounds, allowed=True),
            "A Swiss needs its rounds: 1 to 20.",
        )
    await refused(
        service, tournaments.create(at(1), "checkers", "swiss", 3, allowed=False), "Only members"
    )
    await refused(
        service, tournaments.create(at(ORGANISER), "checkers", "knockout", 3, allowed=True), "swiss"
    )
    event = await _signed_up(service, PLAYERS[:2], format="swiss", rounds=3)
    await refused(service, tournaments.join(at(PLAYERS[0]), event), "already in")
    await refused(service, tournaments.start(at(ORGANISER), event, moderator=False), "needs 3")
    await refused(service, tournaments.start(at(PLAYERS[0]), event, moderator=False), "Only")
    await refused(service, tournaments.cancel(at(PLAYERS[1]), event, moderator=False), "Only")
    await refused(service, tournaments.join(Actor(GUILD + 1, 1, 5), event), "no tournament")
    await refused(service, tournaments.leave(at(PLAYERS[5]), event), "not playing")
    cancelled = await tournaments.cancel(at(PLAYERS[1]), event, moderator=True)
    assert cancelled.tournament.status == "cancelled" and cancelled.games == ()
    await refused(service, tournaments.join(at(PLAYERS[5]), event), "is over")


async def test_an_event_with_a_start_set_starts_by_itself_when_due(
    service: MatchService, clock: Clock
) -> None:
    told: list[tuple[int, int | None]] = []
    service.on_tournament(lambda event, match: told.append((event, match)))
    event = await _signed_up(service, PLAYERS[:3], format="swiss", rounds=2, starts="2h")
    assert told == [(event, None)]  # the director keeps its start
    assert await service.tournaments.running_ids() == [event]
    assert await service.tournaments.start_due(event) is None  # not yet
    clock.now += 2 * 3600
    started = await service.tournaments.start_due(event)
    assert started is not None and started.status == "running"
    assert await service.tournaments.start_due(event) is None  # once


async def test_an_event_due_with_too_few_players_stays_in_sign_up(
    service: MatchService, clock: Clock
) -> None:
    event = await _signed_up(service, PLAYERS[:2], format="swiss", rounds=2, starts="1h")
    clock.now += 3600
    assert await service.tournaments.start_due(event) is None
    assert (await service.tournaments.view(event)).status == "signup"


async def test_a_games_clock_starts_at_its_board_and_a_restart_posts_the_boards_left(
    service: MatchService, store: Store, clock: Clock
) -> None:
    event = await _signed_up(service, PLAYERS[:8], format="swiss", rounds=2, move_time="1h")
    await service.tournaments.start(at(ORGANISER), event, moderator=False)
    news = await _advanced(service, event)
    games = [m.id for m in news.games]
    assert len(games) == 4 and all(m.deadline is None for m in news.games)
    clock.now += 30 * 86_400  # long past its time per move: no clock runs before its board
    assert await swept(service) == []  # the sweeper neither times them out nor posts boards
    assert all([(await service.match(m)).active for m in games])
    boards = service.tournaments.boards
    first, second = await boards.due(event, limit=2)
    assert first.round == 1 and set(first.pings) == set(first.match.players.values())
    await boards.posted(first)
    assert (await service.match(first.match.id)).deadline == clock.now + 3600
    # the process stops here, with the second board claimed and not posted
    again = MatchService(store, clock=clock)
    assert await again.tournaments.boards.left(event) == 3
    rest = await again.tournaments.boards.due(event)
    assert [b.match.id for b in rest] == games[2:]  # the stopped process's claim still holds
    for board in rest:
        await again.tournaments.boards.posted(board)
    clock.now += CLAIM_SECONDS  # its claim lapses: the board is posted after all
    (late,) = await again.tournaments.boards.due(event)
    assert late.match.id == second.match.id
    assert (await again.match(late.match.id)).deadline is None
    await again.tournaments.boards.posted(late)
    assert (await again.match(late.match.id)).deadline == clock.now + 3600
    assert await again.tournaments.boards.left(event) == 0
    assert await again.tournaments.boards.due(event) == []


async def test_a_board_that_fails_is_tried_again_on_its_own_then_given_up_with_its_clock_started(
    service: MatchService, clock: Clock
) -> None:
    event = await _signed_up(service, PLAYERS[:4], format="swiss", rounds=2, move_time="1h")
    await service.tournaments.start(at(ORGANISER), event, moderator=False)
    await _advanced(service, event)
    boards = service.tournaments.boards
    failing, other = await boards.due(event)
    assert not await boards.failed(failing, retry_in=10)
    await boards.posted(other)  # the other game goes on
    assert await boards.due(event) == []  # not before its pause
    for attempt in range(1, BOARD_ATTEMPTS):
        clock.now += 10
        (again,) = await boards.due(event)
        assert again.match.id == failing.match.id and again.attempts == attempt
        assert (await service.match(again.match.id)).deadline is None
        gave_up = await boards.failed(again, retry_in=10)
        assert gave_up == (attempt == BOARD_ATTEMPTS - 1)
    assert await boards.left(event) == 0  # given up: its clock runs, so the round can end
    assert (await service.match(failing.match.id)).deadline == clock.now + 3600


async def test_three_musketeers_two_games_a_pairing_ping_each_player_once(
    service: MatchService,
) -> None:
    event = await _signed_up(service, PLAYERS[:4], "three-musketeers", format="swiss", rounds=1)
    await service.tournaments.start(at(ORGANISER), event, moderator=False)
    news = await _advanced(service, event)
    due = await service.tournaments.boards.due(event, limit=10)
    assert [b.match.id for b in due] == [m.id for m in news.games] and len(due) == 4
    pinged = [p for b in due for p in b.pings]
    assert sorted(pinged) == sorted(PLAYERS[:4])


async def test_a_rounds_news_and_the_end_stay_due_until_posted_a_restart_too(
    service: MatchService, store: Store, clock: Clock
) -> None:
    """The news is made again from the event's row and games: the same as `advance` gave,
    due until marked posted, whoever asks (a process after a restart too)."""
    event = await _signed_up(service, PLAYERS[:5], format="swiss", rounds=2, move_time="1h")
    news = service.tournaments.news
    assert await news.due(event) is None  # in sign-up: nothing to say
    await service.tournaments.start(at(ORGANISER), event, moderator=False)
    paired = await _advanced(service, event)
    due = await news.due(event)
    assert due is not None and (due.round, due.byes, due.standings) == (
        paired.round, paired.byes, paired.standings
    )  # fmt: skip
    assert [m.id for m in due.games] == [m.id for m in paired.games]
    again = MatchService(store, clock=clock).tournaments.news  # the process restarted
    assert (await again.due(event)) == due
    await again.posted(due)
    assert await news.due(event) is None
    rng = random.Random(2)
    await _play_round(service, paired, rng)
    second = await _advanced(service, event)
    assert (await news.due(event)).round == 2  # type: ignore[union-attr]
    await news.posted(second)
    await _play_round(service, second, rng)
    end = await _advanced(service, event)
    due = await news.due(event)
    assert due is not None and (due.round, due.finished, due.standings) == (
        0, True, end.standings
    )  # fmt: skip
    await news.posted(due)
    assert await news.due(event) is None


async def test_a_cancellation_returns_the_games_it_called_off(service: MatchService) -> None:
    event = await _signed_up(service, PLAYERS[:4], format="swiss", rounds=2)
    await service.tournaments.start(at(ORGANISER), event, moderator=False)
    news = await _advanced(service, event)
    over, going = news.games
    await service.play.resign(at(next(iter(over.players.values()))), over.id)
    cancelled = await service.tournaments.cancel(at(ORGANISER), event, moderator=False)
    (called_off,) = cancelled.games  # to be shown so where it is played
    assert called_off.id == going.id and called_off.status == MatchStatus.ABORTED
