"""`python -m rules`: the five commands, and one clear stderr line with exit 2 on bad input."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from rules.cli import main

START = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_games_lists_every_id(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = run(capsys, "games")
    assert code == 0 and "checkers" in lines


def test_perft_last_line_is_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "perft", "checkers", "4")[1][-1] == "1469"
    assert (
        run(capsys, "perft", "checkers", "2", "--position", "W:W21,28,30,32:B2,6,8,15,16,17,24")[1][
            -1
        ]
        == "23"
    )


def test_moves_in_canonical_order(capsys: pytest.CaptureFixture[str]) -> None:
    lines = run(capsys, "moves", "checkers")[1]
    assert lines == ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]


def test_show_has_diagram_position_and_status(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = run(capsys, "show", "checkers", "--position", "W:W:B18")
    assert code == 0
    assert "W:W:B18" in lines
    assert lines[-1] == "outcome: b wins (White has no pieces left)"


def test_apply_prints_outcome_then_position(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = run(capsys, "apply", "checkers", "11-15", "22-18", "15x22")
    assert code == 0
    assert lines[-2:] == [
        "outcome: ongoing",
        "W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,22",
    ]


def test_apply_judges_history_draws(capsys: pytest.CaptureFixture[str]) -> None:
    shuffle = ["29-25", "4-8", "25-29", "8-4"] * 2
    lines = run(capsys, "apply", "checkers", *shuffle, "--position", "W:WK29:BK4")[1]
    assert lines[-2:] == ["outcome: draw (threefold repetition)", "W:WK29:BK4"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["perft", "chess", "2"], "there is no game called 'chess'"),
        (["moves", "checkers", "--position", "B:W99:B1"], "square 99 is not on the board"),
        (
            ["apply", "checkers", "11-16", "9-13"],
            "move 2: 9-13 is not legal: there is no White piece on 9",
        ),
        (["apply", "checkers", "--position", "W:W:B18", "18-22"], "game is over"),
        (["perft", "checkers", "x"], "invalid int value"),
        (["perft", "checkers", "-1"], "depth must be between 0 and 64"),
        (["dance"], "invalid choice"),
        ([], "required"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, lines, err = run(capsys, *argv)
    assert code == 2
    assert lines == []
    assert err.count("\n") == 1 and message in err


@pytest.mark.processes
def test_as_a_real_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rules", "perft", "checkers", "3"], capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "302"
    bad = subprocess.run(
        [sys.executable, "-m", "rules", "moves", "checkers", "--position", "nonsense"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and bad.stderr.count("\n") == 1


def test_help_describes_every_subcommand_and_the_crown_names_its_rows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    said = capsys.readouterr().out
    for command in ("games", "perft", "moves", "show", "apply"):
        assert re.search(rf"^\s+{command}\s+\S", said, re.MULTILINE), command
    _, shown, _ = run(capsys, "show", "the-crown")
    assert [line.split()[0] for line in shown[:7]] == [
        "a13", "a11…b11", "a9…c9", "a7…d7", "a5…e5", "a3…f3", "a1…g1",
    ]  # fmt: skip
