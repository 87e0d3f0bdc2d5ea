"""Play anywhere (issue 49) in the service, on both engines: the reach of a challenge and its
match recorded and carried (a ballot pair's two games, a rematch, a game against the
computer); casual games (played in answers, or in a DM) unrated, in each person's casual
record and in no server's (nor its puzzles); such games and challenges their players' alone,
acted on from anywhere, and no match at all to anyone else; turn notices by default in
answers; /mygames in every place."""

from __future__ import annotations

from ai.puzzles import Puzzle
from bot.service import Actor, Reach, SideRecord
from bot.service.match_service import MatchService
from bot.service.views import MatchView
from tests.servicekit import ALICE, BOB, CAROL, GUILD, by, refused

#: a DM between Alice and Bob (no server: guild 0), and each one's DM with the bot
DM, ALICE_DM, BOB_DM, CAROL_DM = 500, 510, 520, 530
#: a channel of the tests' server where the bot only answers (a user-installed bot)
ELSEWHERE = 20
BOT = 999
#: a position with a win to find (tests/bot/service/test_puzzles.py's)
POSITION = "B:WK7,22,26,28:B4,13,20,21"


def in_dm(user: int, channel: int = DM) -> Actor:
    return Actor(0, channel, user, Reach.ANSWERS if channel == DM else Reach.POSTS)


def answering(user: int, channel: int = ELSEWHERE) -> Actor:
    return Actor(GUILD, channel, user, Reach.ANSWERS)


async def casual_match(
    service: MatchService, where: Actor, opponent: Actor, side: str = "black"
) -> MatchView:
    """Alice challenges Bob where `where` is, Bob accepts as `opponent`."""
    made = await service.challenges.challenge(where, "checkers", opponent_id=BOB, side=side)
    return await service.challenges.accept(opponent, made.id)


def no_match(number: int) -> str:
    return rf"^There is no match #{number}\. "


# --- reach recorded and carried ---
async def test_a_challenge_and_its_match_keep_the_challengers_reach(
    service: MatchService,
) -> None:
    made = await service.challenges.challenge(answering(ALICE), "checkers", opponent_id=BOB)
    assert made.reach == Reach.ANSWERS
    match = await service.challenges.accept(answering(BOB), made.id)
    assert match.reach == Reach.ANSWERS and match.private
    posted = await service.challenges.challenge(by(ALICE), "checkers", opponent_id=BOB)
    assert posted.reach == Reach.POSTS
    assert not (await service.challenges.accept(by(BOB), posted.id)).private


async def test_both_games_of_a_ballot_pair_take_the_challenges_reach(
    service: MatchService,
) -> None:
    made = await service.challenges.challenge(
        answering(ALICE), "checkers", opponent_id=BOB, opening="ballot"
    )
    first = await service.challenges.accept(answering(BOB), made.id)
    assert first.pair_id is not None
    second = await service.match(first.pair_id)
    assert (first.reach, second.reach) == (Reach.ANSWERS, Reach.ANSWERS)


async def test_a_rematch_takes_the_askers_reach_or_the_games_asked_elsewhere(
    service: MatchService,
) -> None:
    match = await casual_match(service, answering(ALICE), answering(BOB))
    await service.play.resign(answering(BOB), match.id)
    # asked where it was played: the asker's reach (the server added the bot meanwhile)
    asked = await service.challenges.rematch(Actor(GUILD, ELSEWHERE, BOB), match.id)
    assert asked.reach == Reach.POSTS and asked.channel_id == ELSEWHERE
    # asked by its player from their DM with the bot: played where the game was, as it was
    second = await casual_match(service, in_dm(ALICE), in_dm(BOB))
    await service.play.resign(in_dm(BOB), second.id)
    again = await service.rematch(in_dm(BOB, BOB_DM), second.id)
    assert again.challenge is not None
    assert (again.challenge.reach, again.challenge.channel_id) == (Reach.ANSWERS, DM)


async def test_a_game_against_the_computer_takes_the_players_reach(
    service: MatchService,
) -> None:
    match = await service.computer.start(answering(ALICE), BOT, "checkers", side="black")
    assert match.reach == Reach.ANSWERS and match.private
    await service.play.resign(answering(ALICE), match.id)
    again = await service.computer.rematch(Actor(GUILD, ELSEWHERE, ALICE), match.id)
    assert again.reach == Reach.POSTS and again.channel_id == ELSEWHERE


# --- casual games ---
async def test_casual_games_are_unrated_in_the_casual_record_and_no_servers(
    service: MatchService,
) -> None:
    in_a_dm = await casual_match(service, in_dm(ALICE), in_dm(BOB))
    await service.play.resign(in_dm(BOB), in_a_dm.id)
    answered = await casual_match(service, answering(ALICE), answering(BOB), side="white")
    await service.play.offer_draw(answering(ALICE), answered.id)
    await service.play.offer_draw(answering(BOB), answered.id)
    for guild in (0, GUILD):
        assert await service.standings.leaderboard(guild, "checkers") == []
        assert await service.standings.stats(guild, ALICE) == []
        assert await service.standings.season(guild, "checkers", 0.0) == []
    assert (await service.standings.versus(GUILD, ALICE, BOB)).records == {}
    assert await service.standings.casual(ALICE) == {"checkers": SideRecord(1, 1, 0)}
    assert await service.standings.casual(BOB, "checkers") == {"checkers": SideRecord(0, 1, 1)}
    assert await service.standings.casual(ALICE, "three-musketeers") == {}
    assert await service.standings.casual(CAROL) == {}
    # a game of the server's own is rated, and no casual game
    made = await service.challenges.challenge(by(ALICE), "checkers", opponent_id=BOB)
    await service.challenges.accept(by(BOB), made.id)
    await service.play.resign(by(BOB))
    (stats,) = await service.standings.stats(GUILD, ALICE)
    assert (stats.wins, stats.draws, stats.losses) == (1, 0, 0) and stats.rating is not None
    assert await service.standings.casual(ALICE) == {"checkers": SideRecord(1, 1, 0)}


async def test_games_against_the_computer_show_in_a_dm_as_they_do(
    service: MatchService,
) -> None:
    match = await service.computer.start(in_dm(ALICE, ALICE_DM), BOT, "checkers", level=1)
    await service.play.resign(in_dm(ALICE, ALICE_DM), match.id)
    (stats,) = await service.standings.stats(0, ALICE)
    assert stats.against_computer == {1: SideRecord(0, 0, 1)} and stats.wins == 0
    assert await service.standings.casual(ALICE) == {}


# --- privacy ---
async def test_a_private_game_is_no_match_to_anyone_elsewhere(service: MatchService) -> None:
    match = await casual_match(service, in_dm(ALICE), in_dm(BOB))
    # what a number that is no game says, word for word
    await refused(service, service.meant(in_dm(CAROL, CAROL_DM), 9999), no_match(9999))
    for stranger in (in_dm(CAROL, CAROL_DM), by(CAROL), answering(CAROL)):
        await refused(service, service.meant(stranger, match.id), no_match(match.id))
        await refused(service, service.check_here(stranger, match.id), no_match(match.id))
        await refused(service, service.play.move(stranger, "11-15", match.id), no_match(match.id))
        await refused(service, service.rematch(stranger, match.id), no_match(match.id))
        await refused(service, service.site.audience(stranger, match), no_match(match.id))
    # someone else in the game's own channel (a group DM) sees it, and only watches
    assert (await service.meant(in_dm(CAROL), match.id)).id == match.id
    await refused(service, service.play.move(in_dm(CAROL), "11-15", match.id), "only watch")


async def test_a_game_in_answers_is_no_match_in_the_servers_other_channels(
    service: MatchService,
) -> None:
    match = await casual_match(service, answering(ALICE), answering(BOB))
    await refused(service, service.meant(by(CAROL), match.id), no_match(match.id))
    assert (await service.meant(answering(CAROL), match.id)).id == match.id
    # a game the bot posts in stays the server's to see from its other channels
    made = await service.challenges.challenge(by(ALICE), "checkers", opponent_id=BOB)
    posted = await service.challenges.accept(by(BOB), made.id)
    assert (await service.meant(Actor(GUILD, 30, CAROL), posted.id)).id == posted.id


async def test_its_players_act_on_a_private_game_from_anywhere(service: MatchService) -> None:
    match = await casual_match(service, in_dm(ALICE), in_dm(BOB))
    for anywhere in (in_dm(ALICE, ALICE_DM), by(ALICE), answering(ALICE)):
        await service.check_here(anywhere, match.id)  # a button of a board DMed to her
        assert (await service.meant(anywhere, match.id)).id == match.id
    moved = await service.play.move(in_dm(ALICE, ALICE_DM), "11-15", match.id)
    assert moved.match.ply == 1
    await service.play.move(by(BOB), "24-20", match.id)
    # a game the bot posts in is acted on in its own channel only, as before
    made = await service.challenges.challenge(by(ALICE), "checkers", opponent_id=BOB)
    posted = await service.challenges.accept(by(BOB), made.id)
    await refused(service, service.check_here(in_dm(ALICE, ALICE_DM), posted.id), "this server")
    await refused(service, service.check_here(Actor(GUILD, 30, ALICE), posted.id), "another")


async def test_a_private_challenge_is_its_players_and_its_channels(
    service: MatchService,
) -> None:
    made = await service.challenges.challenge(in_dm(ALICE), "checkers", opponent_id=BOB)
    no_challenge = rf"^There is no challenge #{made.id}\.$"
    for stranger in (in_dm(CAROL, CAROL_DM), by(CAROL)):
        await refused(service, service.challenges.accept(stranger, made.id), no_challenge)
        await refused(service, service.challenges.decline(stranger, made.id), no_challenge)
    await refused(service, service.challenges.accept(in_dm(CAROL), made.id), "is for")
    # Bob answers it from his DM with the bot: the game is played in the DM it was made in
    match = await service.challenges.accept(in_dm(BOB, BOB_DM), made.id)
    assert (match.guild_id, match.channel_id, match.reach) == (0, DM, Reach.ANSWERS)
    # an open one: anyone in its channel may take it up
    opened = await service.challenges.challenge(in_dm(ALICE), "checkers")
    await refused(service, service.challenges.accept(by(CAROL), opened.id), "no challenge")
    taken = await service.challenges.accept(in_dm(CAROL), opened.id)
    assert set(taken.players.values()) == {ALICE, CAROL} and taken.private


async def test_a_private_game_gives_the_server_no_puzzle(service: MatchService) -> None:
    match = await casual_match(service, answering(ALICE), answering(BOB))
    await service.play.resign(answering(BOB), match.id)
    await service.puzzles.add(match.id, 47, Puzzle(POSITION, "21-25", "b", "win"))
    assert await service.puzzles.of_match(match.id) == []


# --- turn notices ---
async def test_a_game_in_answers_tells_every_turn_unless_chosen_otherwise(
    service: MatchService,
) -> None:
    match = await casual_match(service, answering(ALICE), answering(BOB))
    assert await service.notices.to_remind(match) == ALICE  # never chose: told
    moved = await service.play.move(answering(ALICE), "11-15", match.id)
    assert moved.tell == BOB
    assert await service.notices.choose(ALICE, "off") is None
    assert await service.notices.mode(ALICE) is None
    replied = await service.play.move(answering(BOB), "24-20", match.id)
    assert replied.tell is None and await service.notices.to_remind(replied.match) is None
    await service.notices.choose(BOB, "reminders only")
    third = await service.play.move(answering(ALICE), "8-11", match.id)
    assert third.tell is None and await service.notices.to_remind(third.match) == BOB


async def test_where_the_bot_posts_notices_stay_opt_in(service: MatchService) -> None:
    made = await service.challenges.challenge(by(ALICE), "checkers", opponent_id=BOB, side="black")
    match = await service.challenges.accept(by(BOB), made.id)
    assert await service.notices.to_remind(match) is None
    assert (await service.play.move(by(ALICE), "11-15")).tell is None
    await service.notices.turn_off(BOB)  # their DMs closed: as if they chose off
    private = await casual_match(service, answering(ALICE), answering(BOB))
    await service.play.move(answering(ALICE), "11-15", private.id)
    moved = await service.play.move(answering(BOB), "24-20", private.id)
    assert moved.tell == ALICE
    assert (await service.play.move(answering(ALICE), "8-11", private.id)).tell is None


# --- /mygames ---
async def test_my_games_are_listed_from_every_place(service: MatchService) -> None:
    in_a_dm = await casual_match(service, in_dm(ALICE), in_dm(BOB))
    answered = await casual_match(service, answering(ALICE), answering(BOB))
    made = await service.challenges.challenge(by(ALICE), "checkers", opponent_id=BOB)
    posted = await service.challenges.accept(by(BOB), made.id)
    listed = {item.match.id for item in await service.games_everywhere(ALICE)}
    assert listed == {in_a_dm.id, answered.id, posted.id}
