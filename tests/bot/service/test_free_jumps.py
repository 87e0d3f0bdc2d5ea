"""Free jumps in the service, on both engines: a challenge with captures:free is played by
the house rule (a capture may be left), unrated everywhere (no rating, no leaderboard, the
site says casual, no puzzle made of it), its rules kept by a rematch and by a game against
the computer, whose turn names them; refused where it does not belong."""

from __future__ import annotations

from ai.puzzles import Puzzle
from bot.service import record_file
from bot.service.match_service import MatchService
from bot.service.views import MatchView
from tests.servicekit import ALICE, BOB, GUILD, by, refused

#: after 11-15 22-18 Black may take 15x22, and under free jumps may leave it
OFFERED_A_CAPTURE = ("11-15", "22-18")


async def free_game(service: MatchService, **options: str) -> MatchView:
    made = await service.challenges.challenge(
        by(ALICE), "checkers", opponent_id=BOB, side="black", captures="free", **options
    )
    return await service.challenges.accept(by(BOB), made.id)


async def test_a_capture_may_be_left_and_the_game_is_unrated(service: MatchService) -> None:
    match = await free_game(service)
    assert match.game_id == "checkers:free-jumps" and match.game_name == "Checkers"
    assert match.house_rule == "free jumps"
    await service.play.move(by(ALICE), OFFERED_A_CAPTURE[0])
    await service.play.move(by(BOB), OFFERED_A_CAPTURE[1])
    legal = await service.play.legal_moves(by(ALICE))
    assert "15x22" in legal and "12-16" in legal
    moved = await service.play.move(by(ALICE), "12-16")  # the capture left
    assert moved.move == "12-16"
    over = await service.play.resign(by(BOB))
    assert over.winner_id == ALICE
    assert await service.standings.leaderboard(GUILD, "checkers") == []
    assert await service.standings.stats(GUILD, ALICE, "checkers") == []
    rows = await service._shared.store.all("SELECT * FROM rating_history")
    assert rows == []
    name, text = record_file(over, {ALICE: "alice", BOB: "bob"})
    assert name == f"checkers-{over.id}.pdn"
    assert '[Event "Checkers #1 (house rule: free jumps)"]' in text
    assert "2. 12-16 1-0" in text


async def test_the_same_moves_under_checkers_own_rules_are_refused(
    service: MatchService,
) -> None:
    made = await service.challenges.challenge(
        by(ALICE), "checkers", opponent_id=BOB, side="black", captures="forced"
    )
    match = await service.challenges.accept(by(BOB), made.id)
    assert match.game_id == "checkers" and not match.house_rule
    for user, move in zip((ALICE, BOB), OFFERED_A_CAPTURE, strict=True):
        await service.play.move(by(user), move)
    await refused(service, service.play.move(by(ALICE), "12-16"), "a capture is mandatory")


async def test_a_rematch_and_a_game_against_the_computer_keep_the_house_rule(
    service: MatchService,
) -> None:
    match = await free_game(service)
    await service.play.resign(by(BOB))
    asked = await service.challenges.rematch(by(BOB), match.id)
    assert asked.game_id == "checkers:free-jumps"
    computer = 999
    against = await service.computer.start(
        by(ALICE), computer, "checkers", side="white", captures="free"
    )
    assert against.game_id == "checkers:free-jumps" and against.computer_to_move
    turn = await service.computer.turn(against.id)
    assert turn is not None and turn.game_id == "checkers:free-jumps"


async def test_a_free_jump_game_makes_no_puzzle(service: MatchService) -> None:
    """A puzzle is its game's, asked by the game's own rules: a house rule's game gives none."""
    match = await free_game(service)
    await service.play.resign(by(BOB))
    position = "B:W21-32:B1-12"
    await service.puzzles.add(match.id, 1, Puzzle(position, "11-15", "b", "win"))
    assert await service.puzzles.of_match(match.id) == []


async def test_the_site_says_a_free_jump_game_is_casual(service: MatchService) -> None:
    match = await free_game(service)
    token = await service.site.token_of(match.id)
    assert token is not None
    await service.site.turn(by(ALICE), manager=True, on=True)
    shown = await service.site.game(token)
    assert shown is not None
    assert not (await service.site.facts(shown)).rated


async def test_free_jumps_are_refused_where_they_do_not_belong(service: MatchService) -> None:
    for game, captures, why in (
        ("the-crown", "free", "a house rule of Checkers: The Crown is played by its own rules"),
        ("checkers", "none", "captures is forced or free, not 'none'"),
    ):
        await refused(
            service,
            service.challenges.challenge(by(ALICE), game, opponent_id=BOB, captures=captures),
            why,
        )
