"""The programs in examples/ run, quickly, with small arguments.

Each is started as its own process (as a reader would run it) and checked for its exit
code and a few lines of its output.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def run(script: str, *args: str, stdin: str = "", expect: int = 0) -> str:
    """Run an example; check its exit code; return its output."""
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == expect, done.stdout + done.stderr
    return done.stdout


def test_every_example_is_tested() -> None:
    tested = {
        "terminal_game.py",
        "tournament.py",
        "custom_profile.py",
        "game_server.py",
        "validate_logs.py",
        "monte_carlo.py",
        "train_policy.py",
    }
    assert {p.name for p in EXAMPLES.glob("*.py")} == tested


def test_terminal_game_plays_itself() -> None:
    out = run("terminal_game.py", "--auto", "--seed", "3", "--players", "3")
    assert out.splitlines()[0].startswith("UNO, rules 'mattel'. ")
    assert "Round 1 over:" in out
    assert "Scores:" in out
    assert out.rstrip().endswith("(seed 3: --seed 3 plays this game again)")


def test_terminal_game_shows_the_seed_only_when_the_game_is_over() -> None:
    """The seed decides every hidden card (the bots' hands, the draw pile): the human sees
    it only after leaving or finishing, to replay the game."""
    out = run("terminal_game.py", "--players", "3", stdin="q\n")
    lines = out.rstrip().splitlines()
    assert "seed" not in "\n".join(lines[:-1])
    assert lines[-2].endswith("You left the game.")
    assert lines[-1].startswith("(seed ") and "plays this game again)" in lines[-1]


def test_terminal_game_reads_moves_from_the_input() -> None:
    out = run("terminal_game.py", "--seed", "3", stdin="1\n\nnonsense\n0\nq\n")
    assert "Your hand:" in out
    assert "  0) play " in out
    assert "type a number from 0 to" in out
    assert out.rstrip().splitlines()[-2].endswith("You left the game.")


def test_terminal_game_finishes_when_the_input_ends() -> None:
    out = run("terminal_game.py", "--seed", "4", "--rules", "swedish", stdin="0\n")
    assert "(input ended: a bot plays your seat from now on)" in out
    assert "Round 1 over:" in out


def test_tournament_is_reproducible() -> None:
    args = ("--games", "20", "--players", "3", "--seed", "5")
    out = run("tournament.py", *args)
    assert out.splitlines()[0] == "20 games, 3 players, rules mattel, seeds from 5"
    assert "keeper" in out
    assert "first-legal" in out
    assert run("tournament.py", *args) == out


def test_tournament_rejects_a_strategy_against_itself() -> None:
    run("tournament.py", "keeper", "keeper", expect=2)


def test_custom_profile_plays_records_and_validates(tmp_path: Path) -> None:
    saved = tmp_path / "party.json"
    out = run(
        "custom_profile.py", "--players", "3", "--seed", "2", "--rounds", "1", "--save", str(saved)
    )
    assert "The 'party' profile is mattel with:" in out
    assert "  stacking = same_type" in out
    options = ["customizable_effect", "jump_in", "seven_o", "stacking", "target"]
    assert f"transcript rules: mattel with {options}" in out  # never the registered name
    assert "transcript: valid" in out
    assert saved.exists()
    checked = run("custom_profile.py", "--check", str(saved))
    assert checked.startswith(f"{saved}: valid")


def test_game_server_sends_views_and_rejects_bad_replies() -> None:
    out = run("game_server.py", "--seed", "5", "--rounds", "2")
    assert "rounds played: 2; replies rejected: card_does_not_match" in out
    assert "Sloppy" in out
    assert "caught without UNO" in out


def test_game_server_verbose_prints_every_move() -> None:
    out = run("game_server.py", "--seed", "1", "--players", "2", "--verbose")
    assert "Sloppy: P0" in out or "Bot 1: P1" in out


def test_validate_logs_reports_each_game(tmp_path: Path) -> None:
    out = run("validate_logs.py", str(EXAMPLES / "transcripts"), expect=1)
    assert "ok       mattel-valid.json: valid" in out
    assert "INVALID  mattel-invalid-bad_color.json: invalid at round 1, action 1 (bad_color)" in out
    assert "  bad_color: 1" in out


def test_validate_logs_exit_0_when_every_game_is_valid(tmp_path: Path) -> None:
    nested = tmp_path / "2026" / "week-1"
    nested.mkdir(parents=True)
    shutil.copy(EXAMPLES / "transcripts" / "mattel-valid.json", nested)
    shutil.copy(EXAMPLES / "transcripts" / "games.jsonl", tmp_path)
    out = run("validate_logs.py", str(tmp_path), "--only-invalid")
    assert out.strip().startswith("5 game(s): 5 valid, 0 invalid")


@pytest.mark.parametrize("script", ["tournament.py", "validate_logs.py", "game_server.py"])
def test_examples_explain_themselves(script: str) -> None:
    assert "usage:" in run(script, "--help")


def test_monte_carlo_prints_its_win_rate() -> None:
    out = run("monte_carlo.py", "--rounds", "4", "--samples", "2", "--depth", "5")
    assert "MonteCarloBot(samples=2, playouts=1, depth=5) against RandomBot" in out
    assert "rounds 4, wins " in out
    assert "win rate " in out and "(95% interval " in out


def test_train_policy_without_its_extra_names_the_extra_in_one_line() -> None:
    """The training recipe (issue 27) needs torch and sb3-contrib, which no test extra
    installs: the suite never trains; without them the script says what to install."""
    if importlib.util.find_spec("torch") and importlib.util.find_spec("sb3_contrib"):
        pytest.skip("torch and sb3-contrib are installed: the script would train")
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "train_policy.py"), "--steps", "0"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("train_policy.py needs the extra: pip install 'unorules[train]'")
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--turn-limit", "-1"), "round_turn_limit=-1: 0 for no limit"),
        (("--rules", "nosuch"), "unknown rules profile 'nosuch'"),
    ],
)
def test_game_server_reports_a_bad_option_in_one_line(args: tuple[str, ...], message: str) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "game_server.py"), *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert f"game_server.py: error: {message}" in done.stderr


def test_validate_logs_stops_quietly_when_its_reader_goes_away() -> None:
    # `validate_logs.py FOLDER | head -1`: the pipe closes after the first line.
    with subprocess.Popen(
        [sys.executable, str(EXAMPLES / "validate_logs.py"), str(EXAMPLES / "transcripts")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        child.stdout.readline()
        child.stdout.close()
        err = child.stderr.read().decode()
        code = child.wait(timeout=120)
    assert (err, code) == ("", 1)
