"""Ballot pairs in the service, on both engines: an opening of the ACF's deck drawn by the
service's dice, two games begun from it with the colours reversed and linked, its moves the
first of each move log (drawn, so no one's to abort, take back or be judged on), the pair's
score; a tournament playing each pairing's ballot both ways; the refusals; and migration
0026, down and up again."""

from __future__ import annotations

import random
from collections.abc import Callable

from sqlalchemy import Connection, inspect

from ai.analysis import Reading
from bot.errors import join_parts
from bot.service import MatchStatus, record_file, terms_parts
from bot.service.match_service import MatchService
from bot.store import Store
from bot.store.tournament_tables import TournamentRows
from rules import GameRecord, get_game
from tests.migrationkit import migration_step
from tests.servicekit import ALICE, BOB, CAROL, Clock, by, refused, swept

CHECKERS = get_game("checkers")


async def ballot_pair(service: MatchService) -> tuple[int, int]:
    """Alice (Black in game 1) challenges Bob to a ballot pair; Bob accepts: the two ids."""
    made = await service.challenges.challenge(
        by(ALICE), "checkers", opponent_id=BOB, side="black", opening="ballot"
    )
    first = await service.challenges.accept(by(BOB), made.id)
    assert first.pair_id is not None
    return first.id, first.pair_id


def said(parts: tuple[object, ...]) -> str:
    return join_parts(parts, {ALICE: "alice", BOB: "bob"}.__getitem__)  # type: ignore[arg-type]


async def test_a_ballot_pair_is_two_games_from_one_opening_colours_reversed(
    service: MatchService,
) -> None:
    first_id, second_id = await ballot_pair(service)
    first, second = await service.match(first_id), await service.match(second_id)
    ballot = random.Random(1).choice(sorted(CHECKERS.ballots))  # the service's dice, fixed
    opening = CHECKERS.ballots[ballot].split()
    assert (first.ballot, second.ballot) == (ballot, ballot)
    assert (first.pair_id, second.pair_id) == (second_id, first_id)
    assert (first.pair_number, second.pair_number) == (1, 2)
    assert first.players == {"b": ALICE, "w": BOB} and second.players == {"b": BOB, "w": ALICE}
    played = GameRecord.replay(CHECKERS, opening)
    for match in (first, second):
        assert list(match.moves) == opening and match.ply == 3 and match.opening_plies == 3
        assert match.position_text == CHECKERS.encode(played.position)
        assert match.side_to_move == "w" and match.deadline is not None  # both clocks run
    rows = await service._shared.store.all(
        "SELECT ply, user_id FROM moves WHERE match_id = ? ORDER BY ply", (first_id,)
    )
    assert [tuple(r) for r in rows] == [(1, ALICE), (2, BOB), (3, ALICE)]  # by their sides
    shown = f"Ballot {ballot}: {' '.join(opening)}, game 1 of 2"
    assert said(terms_parts(first)) == shown
    # the record is the whole game from the start, as a ballot game is written
    name, text = record_file(first, {ALICE: "alice", BOB: "bob"})
    assert name == f"checkers-{first_id}.pdn"
    assert f"1. {opening[0]} {opening[1]} 2. {opening[2]} *" in text


async def test_the_pairs_score_counts_its_games_over(service: MatchService) -> None:
    first_id, second_id = await ballot_pair(service)
    await service.play.resign(by(BOB), first_id)  # Alice, Black in game 1, wins it
    first, second = await service.match(first_id), await service.match(second_id)
    assert first.pair_score() == second.pair_score() == ((ALICE, 1.0), (BOB, 0.0))
    assert said(terms_parts(second)).endswith("game 2 of 2 · match alice 1-0 bob")
    await service.play.offer_draw(by(BOB), second_id)
    await service.play.answer_draw(by(ALICE), True, second_id)
    second = await service.match(second_id)
    assert said(terms_parts(second)).endswith(" · match alice 1½-½ bob")


async def test_a_review_judges_the_players_moves_not_the_drawn_opening(
    service: MatchService,
) -> None:
    first_id, _ = await ballot_pair(service)
    white = (await service.play.legal_moves(by(BOB), first_id))[0]
    await service.play.move(by(BOB), white, first_id)
    await service.play.resign(by(ALICE), first_id)
    await service.analyses.request(by(ALICE), first_id)
    for ply, score in enumerate((0, 900, -900, 900, 900)):  # every move "gives the game away"
        await service.analyses.add(first_id, ply, Reading(score))
    review = (await service.analyses.finish(first_id)).review
    assert review is not None
    assert [(j.forced, j.mark) for j in review.moves] == [(True, "")] * 3 + [(False, "??")]


async def test_the_opening_is_nobodys_move(service: MatchService, clock: Clock) -> None:
    """No takeback reaches into it, an abort counts only the players' own moves, and a game
    whose first player after it never moves is called off, as one never begun is."""
    first_id, second_id = await ballot_pair(service)
    await refused(service, service.takebacks.ask(by(BOB), first_id), "no move to take back")
    white_move = (await service.play.legal_moves(by(BOB), first_id))[0]
    await service.play.move(by(BOB), white_move, first_id)
    await refused(service, service.takebacks.ask(by(ALICE), first_id), "no move to take back")
    assert (await service.play.abort_game(by(ALICE), first_id)).status == MatchStatus.ABORTED
    clock.now += 2 * 86400  # nobody moves in game 2 after its opening
    events = await swept(service)
    assert [(e.kind, e.match and e.match.id) for e in events] == [("aborted", second_id)]
    assert (await service.match(second_id)).status == MatchStatus.ABORTED


async def test_ballots_are_refused_where_they_do_not_belong(service: MatchService) -> None:
    for game, options, why in (
        ("the-crown", {"opening": "ballot"}, "The Crown has no ballots"),
        ("checkers", {"opening": "ballot", "captures": "free"}, "not both"),
        ("checkers", {"opening": "ballots"}, "opening is start or ballot, not 'ballots'"),
    ):
        await refused(
            service,
            service.challenges.challenge(by(ALICE), game, opponent_id=BOB, **options),
            why,
        )
    await refused(
        service,
        service.computer.start(by(ALICE), 999, "checkers", opening="ballot"),
        "two games between people",
    )


async def test_a_ballot_games_rematch_is_a_new_ballot_pair(service: MatchService) -> None:
    first_id, _ = await ballot_pair(service)
    await service.play.resign(by(ALICE), first_id)
    asked = await service.rematch(by(BOB), first_id)
    assert asked.challenge is not None and asked.challenge.opening == "ballot"


async def test_a_tournament_plays_each_pairings_ballot_both_ways(service: MatchService) -> None:
    event = await service.tournaments.create(
        by(ALICE), "checkers", "round-robin", allowed=True, opening="ballot"
    )
    assert event.opening == "ballot"
    for user in (ALICE, BOB, CAROL):
        await service.tournaments.join(by(user), event.id)
    await service.tournaments.start(by(ALICE), event.id, moderator=False)
    news = await service.tournaments.advance(event.id)
    assert news is not None and news.byes and len(news.games) == 2
    one, other = news.games
    assert one.ballot == other.ballot and (one.pair_id, other.pair_id) == (other.id, one.id)
    assert one.players == {"b": other.players["w"], "w": other.players["b"]}
    assert list(one.moves) == CHECKERS.ballots[one.ballot or 0].split()
    # White, first to move after the opening, never moves: the sweeper calls the game off,
    # and it is White's loss (Black's point), as a first move not made is the mover's
    await service.tournaments.boards.posted((await service.tournaments.boards.due(event.id))[0])
    service._shared.settings.clock.now += 2 * 86400  # type: ignore[attr-defined]
    await swept(service)
    games = await TournamentRows(service._shared.store).games(event.id)
    results = dict(zip([g["match_id"] for g in games], await service.tournaments.results(event.id),
                       strict=True))  # fmt: skip
    assert [g["match_status"] for g in games if g["match_id"]] == ["aborted", "active"]
    assert results[one.id].first == one.players["b"] and results[one.id].first_points == 1.0
    assert results[other.id].going


async def test_a_house_rule_is_no_tournaments(service: MatchService) -> None:
    await refused(
        service,
        service.tournaments.create(by(ALICE), "checkers:free-jumps", "swiss", 3, allowed=True),
        "Free jumps is a house rule for casual games: a tournament plays Checkers by its own",
    )


def _step(name: str) -> Callable[[Connection], None]:
    return migration_step("0026_ballots.py", name)


def _columns(connection: Connection) -> dict[str, set[str]]:
    found = inspect(connection)
    return {t: {c["name"] for c in found.get_columns(t)} for t in ("challenges", "matches")}


async def test_migration_0026_goes_down_and_up_keeping_the_games(store: Store) -> None:
    service = MatchService(store, clock=Clock(), rng=random.Random(1))
    first_id, _ = await ballot_pair(service)
    async with store.engine.begin() as connection:
        await connection.run_sync(_step("downgrade"))
        columns = await connection.run_sync(_columns)
    assert "opening" not in columns["challenges"]
    assert not {"ballot", "pair_id"} & columns["matches"]
    async with store.engine.begin() as connection:
        await connection.run_sync(_step("upgrade"))
        columns = await connection.run_sync(_columns)
    assert {"ballot", "pair_id"} <= columns["matches"] and "opening" in columns["challenges"]
    # the games stand, unlinked: the columns came back empty
    rows = await store.all("SELECT id, ply, ballot, pair_id FROM matches ORDER BY id")
    assert [tuple(r) for r in rows] == [(first_id, 3, None, None), (first_id + 1, 3, None, None)]
    assert len((await service.match(first_id)).moves) == 3  # read as any game is
