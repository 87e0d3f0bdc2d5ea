"""Checkers as its players play it, through the console: a ballot pair challenged, its two
games started in threads of their own, each board naming the ballot and, once a game is
over, the pair's score; a free-jump game whose every board and result say its house rule."""

from __future__ import annotations

from bot.adapters.console import Console
from bot.service.match_service import MatchService
from rules import GameRecord, get_game

CHECKERS = get_game("checkers")


def shown(output: list[str], start: str) -> bool:
    """Whether the console printed a line starting so."""
    return any(line.startswith(start) for line in output)


async def test_a_ballot_pair_is_played_in_two_threads(
    console: tuple[Console, list[str]], service: MatchService
) -> None:
    bot, output = console
    await bot.line("alice: /challenge @bob checkers side:black opening:ballot")
    assert "a ballot pair: one of the ACF's three-move openings" in output[0]
    await bot.line("bob: [Accept]")
    first, second = await service.match(1), await service.match(2)
    number = first.ballot or 0
    ballot = f"Ballot {number}: {CHECKERS.ballots[number]}"
    assert second.ballot == number and second.players == {"b": first.players["w"],
                                                           "w": first.players["b"]}  # fmt: skip
    for start in (
        f"#general bot (edited): **Checkers #1** ({ballot}, game 1 of 2) has started: "
        "Black: @alice, White: @bob.",
        "#general bot: [thread #checkers-1 opened]",
        f"#checkers-1 bot: **Checkers #1** ({ballot}, game 1 of 2) — @bob accepted. "
        "Black: @alice, White: @bob. @bob (White) to move.",
        f"#general bot: **Checkers #2** ({ballot}, game 2 of 2) has started: "
        "Black: @bob, White: @alice.",
        "#general bot: [thread #checkers-2 opened]",
        f"#checkers-2 bot: **Checkers #2** ({ballot}, game 2 of 2) — @bob accepted. "
        "Black: @bob, White: @alice. @alice (White) to move.",
    ):
        assert shown(output, start), start
    played = GameRecord.replay(CHECKERS, CHECKERS.ballots[number].split())
    white = CHECKERS.format_move(CHECKERS.legal_moves(played.position)[0])
    for line in (f"#checkers-1 bob: /move {white}", f"#checkers-2 alice: /move {white}",
                 "#checkers-1 bob: [Resign]", "#checkers-1 bob: [Yes, resign]",
                 "alice: /mygames"):  # fmt: skip
        await bot.line(line)
    for start in (
        f"#checkers-1 bot: **Checkers #1** ({ballot}, game 1 of 2) — @bob played {white}.",
        f"#checkers-2 bot: **Checkers #2** ({ballot}, game 2 of 2) — @alice played {white}.",
        f"#checkers-1 bot: **Checkers #1** ({ballot}, game 1 of 2 · match @alice 1-0 @bob) — "
        "@bob resigned. Game over. @alice (Black) won.",
        f"#general bot (to alice): **Checkers #2** (ballot {number}, game 2 of 2 with #1) "
        "against bob — their move",
    ):
        assert shown(output, start), start


async def test_a_free_jump_game_says_its_house_rule_on_every_board(
    console: tuple[Console, list[str]],
) -> None:
    bot, output = console
    for line in (
        "alice: /challenge @bob checkers side:black captures:free",
        "bob: [Accept]",
        "#checkers-1 alice: /move 11-15",
        "#checkers-1 bob: /move 22-18",
        "#checkers-1 alice: /move 12-16",  # 15x22 left, as the house rule allows
        "#checkers-1 bob: [Resign]",
        "#checkers-1 bob: [Yes, resign]",
    ):
        await bot.line(line)
    assert "house rule: free jumps, unrated; 1 day per move" in output[0]
    boards = [line for line in output if line.startswith("#checkers-1 bot: **Checkers #1")]
    assert len(boards) == 5 and all(
        b.startswith("#checkers-1 bot: **Checkers #1** (house rule: free jumps, unrated) — ")
        for b in boards
    )
    assert "@alice played 12-16. @bob (White) to move." in boards[3]
    assert boards[4].endswith("@bob resigned. Game over. @alice (Black) won.")
    assert any("The game ends as a loss and it is unrated." in line for line in output)
    assert not any("(to alice)" in line for line in output)  # no move of hers was refused
