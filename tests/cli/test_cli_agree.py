"""A command that agrees with itself (issue 28): every verb takes the same bot names, seats
as many players, plays as many games, spells its options alike, prints one interval
format, shows an example in its help and its progress wherever it runs; what the command
prints a study as, Python prints too."""

from __future__ import annotations

import argparse
import json
import shlex
from pathlib import Path

import pytest

import unorules as uno
from unorules.cli import VERBS, _common, _parser, main
from unorules.formats import transcript

Capture = pytest.CaptureFixture[str]

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "examples" / "transcripts" / "games.jsonl"


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def parsed(*argv: str) -> argparse.Namespace:
    return _parser().parse_args(list(argv))


# == bot names ===================================================================================


def test_match_takes_the_built_in_bot_names_simulate_takes(capsys: Capture) -> None:
    """`match --bot heuristic` ran a program called heuristic ("No such file")."""
    argv = ["match", "--bot", "heuristic", "--bot", "random", "--rounds", "1", "--seed", "2"]
    code, out, err = run(capsys, *argv, "--quiet")
    assert (code, err) == (0, "")
    assert " heuristic " in out and " random " in out


def test_one_registry_of_bot_names() -> None:
    from unorules.agents import bots, match
    from unorules.studies import study

    assert match.BUILTIN_BOTS is study.BOTS is bots.BOTS
    assert {"random", "heuristic", "monte-carlo"} <= set(bots.BOTS)


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "1"],
        ["compare", "mattel", "danish", "--games", "1"],
        ["play"],
        ["record"],
        ["match", "--bot", "random"],
    ],
    ids=["simulate", "compare", "play", "record", "match"],
)
def test_a_mistyped_bot_gets_did_you_mean_in_every_verb(capsys: Capture, argv: list[str]) -> None:
    code, out, err = run(capsys, *argv, "--bot", "heuristc")
    assert code == 2 and out == ""
    verb = argv[0]
    assert err.startswith(f"unorules {verb}: error: --bot: unknown bot 'heuristc';")
    assert "did you mean 'heuristic'?" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("verb", ["simulate", "compare", "play", "record"])
def test_a_program_plays_in_match_only(capsys: Capture, verb: str) -> None:
    argv = [verb, *(["mattel", "danish"] if verb == "compare" else []), "--bot", "node bot.js"]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert "unknown bot 'node bot.js'" in err and "unorules match" in err


@pytest.mark.parametrize("verb", ["play", "record"])
def test_play_and_record_take_named_bots(capsys: Capture, verb: str) -> None:
    argv = [verb, "--players", "2", "--rounds", "1", "--seed", "5"]
    code, out, _ = run(capsys, *argv, "--bot", "heuristic", "--bot", "random")
    assert code == 0
    assert out != run(capsys, *argv)[1]  # heuristic play is not random play


# == the shared defaults =========================================================================


def _seats(verb: str, capsys: Capture) -> int:
    argv = {
        "play": ["play", "--rounds", "1", "--seed", "1"],
        "simulate": ["simulate", "--games", "1", "--rounds", "1", "--json"],
        "compare": ["compare", "mattel", "danish", "--games", "1", "--rounds", "1", "--json"],
        "record": ["record", "--rounds", "1", "--seed", "1"],
        "match": ["match", "--bot", "random", "--rounds", "1", "--seed", "1", "--json", "-q"],
    }[verb]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    if verb == "play":
        return int(out.split(": ")[1].split()[0])
    data = json.loads(out)
    if verb == "record":
        return int(data["players"])
    if verb == "match":
        return len(data["bots"])
    return int(data["players"])


@pytest.mark.parametrize("verb", ["play", "simulate", "compare", "record", "match"])
def test_every_verb_seats_four_players_by_default(capsys: Capture, verb: str) -> None:
    """`play` seated 3 by default, the other verbs 4 (`match`: one seat per --bot, and
    one --bot fills the default seats)."""
    assert _seats(verb, capsys) == _common.PLAYERS == 4


def test_simulate_and_compare_play_as_many_games_by_default() -> None:
    """`simulate` played 100 games and `compare` 1000."""
    simulate = parsed("simulate").games
    compare = parsed("compare", "mattel", "danish").games
    assert simulate == compare == _common.STUDY_GAMES


@pytest.mark.parametrize(
    "argv",
    [
        ["play"],
        ["simulate"],
        ["compare", "mattel", "danish"],
        ["record"],
        ["match", "--bot", "random"],
    ],
    ids=["play", "simulate", "compare", "record", "match"],
)
def test_every_verb_spells_the_shared_options_alike(argv: list[str]) -> None:
    verb = argv[0]
    games = ("--games", "2") if verb != "play" else ()  # play shows one match
    quiet = ("--quiet",) if verb in ("simulate", "compare", "match") else ()  # the progress
    args = parsed(
        *argv,
        *("--option", "seven_o=true", "--seed", "9", "--players", "3", "--rounds", "1"),
        *("--bot", "heuristic", *games, *quiet),
    )
    assert (args.option, args.seed, args.players, args.rounds) == (["seven_o=true"], 9, 3, 1)
    assert args.bot == (["random"] if verb == "match" else []) + ["heuristic"]
    assert getattr(args, "games", None) == (2 if games else None)
    assert getattr(args, "quiet", None) == (True if quiet else None)
    if verb != "compare":  # compare names its profiles A and B
        assert parsed(*argv, "--rules", "danish").rules == "danish"


def test_record_and_match_record_one_game_by_default() -> None:
    assert parsed("record").games == parsed("match").games == 1


# == record ======================================================================================


def test_record_writes_the_seed_given(capsys: Capture) -> None:
    """`record --seed 3` wrote "seed": 3000009."""
    code, out, _ = run(capsys, "record", "--seed", "3", "--rounds", "1")
    assert code == 0 and json.loads(out)["seed"] == 3


def test_recorded_games_have_seeds_base_plus_index_each_reproducing_its_game(
    capsys: Capture,
) -> None:
    code, out, _ = run(capsys, "record", "--seed", "3", "--rounds", "1", "--games", "3")
    assert code == 0
    games = [json.loads(line) for line in out.splitlines()]
    assert [g["seed"] for g in games] == [3, 4, 5]
    code, alone, _ = run(capsys, "record", "--seed", "4", "--rounds", "1")
    assert json.loads(alone) == games[1]
    assert transcript.validate(out.splitlines()[2]).valid


# == render ======================================================================================


def test_render_of_a_multi_game_file_says_which_game_it_drew(
    capsys: Capture, tmp_path: Path
) -> None:
    """`render games.jsonl` quietly drew game 1."""
    page = tmp_path / "p.html"
    code, _, err = run(capsys, "render", str(GAMES), "-o", str(page))
    assert code == 0
    assert err == f"unorules render: drew game 1 of 4 in {GAMES} (choose one with --game N)\n"


def test_render_game_n_counts_from_one(capsys: Capture, tmp_path: Path) -> None:
    page = tmp_path / "p.html"
    code, _, err = run(capsys, "render", str(GAMES), "-o", str(page), "--game", "3")
    assert code == 0 and err == f"unorules render: drew game 3 of 4 in {GAMES}\n"
    by_line = tmp_path / "q.html"
    assert run(capsys, "render", str(GAMES), "-o", str(by_line), "--line", "3")[0] == 0
    assert page.read_text() == by_line.read_text()
    code, _, err = run(capsys, "render", str(GAMES), "-o", str(page), "--game", "5")
    assert code == 2 and err == (
        f"unorules render: error: --game: {GAMES} holds games 1 to 4, not 5\n"
    )


def test_render_of_a_one_game_file_says_nothing_on_stderr(capsys: Capture, tmp_path: Path) -> None:
    one = ROOT / "examples" / "transcripts" / "mattel-valid.json"
    code, _, err = run(capsys, "render", str(one), "-o", str(tmp_path / "p.html"))
    assert (code, err) == (0, "")


# == rules =======================================================================================


def test_rules_heads_its_option_column_alike_with_and_without_diff(capsys: Capture) -> None:
    heads = [run(capsys, "rules", *extra)[1].split()[0] for extra in ([], ["--diff"])]
    keys = json.loads(run(capsys, "rules", "--json")[1])["options"][0]
    assert heads == ["option", "option"] and "option" in keys


# == intervals ===================================================================================


def test_simulate_prints_every_interval_as_bounds_and_says_95_ci(capsys: Capture) -> None:
    """One line mixed `31.7% ±5.3` and `22.7% [18.3, 27.8]`."""
    code, out, _ = run(capsys, "simulate", "--games", "50", "--seed", "1", "--rounds", "1")
    assert code == 0
    assert "±" not in out
    assert "95% CI" in out.splitlines()[0]
    study = uno.simulate("mattel", 4, 50, seed=1, rounds=1)
    length = study.round_length
    assert length is not None
    assert f"mean {length.value:.1f} [{length.low:.1f}, {length.high:.1f}]" in out


# == help ========================================================================================


@pytest.mark.parametrize("verb", [verb.name for verb in VERBS])
def test_every_verb_help_has_an_example_that_parses(capsys: Capture, verb: str) -> None:
    code, out, _ = run(capsys, verb, "--help")
    assert code == 0
    examples = [ln.strip() for ln in out.split("\nexample:\n")[1].splitlines() if ln.strip()]
    command = examples[0]
    assert command.startswith(f"unorules {verb}")
    parsed(*shlex.split(command)[1:])  # a usage error would exit


# == progress ====================================================================================


def test_progress_off_a_terminal_is_a_line_every_few_seconds(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("UNORULES_PROGRESS_SECONDS", "0")
    code, _, err = run(capsys, "simulate", "--games", "3", "--rounds", "1", "--players", "2")
    assert code == 0
    lines = err.splitlines()
    assert lines[-1].startswith("unorules simulate: 3/3 games")
    assert "\r" not in err and "\x1b" not in err
    assert any("games/s" in ln and "left" in ln for ln in lines[:-1])


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "3", "--rounds", "1", "--players", "2"],
        ["compare", "mattel", "danish", "--games", "3", "--rounds", "1", "--players", "2"],
        ["match", "--bot", "random", "--games", "3", "--rounds", "1", "--players", "2"],
    ],
    ids=["simulate", "compare", "match"],
)
def test_quiet_silences_the_progress(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    monkeypatch.setenv("UNORULES_PROGRESS_SECONDS", "0")
    code, _, err = run(capsys, *argv)
    assert code == 0 and f"unorules {argv[0]}: 3/3 games" in err
    code, _, err = run(capsys, *argv, "--quiet")
    assert (code, err) == (0, "")


def test_match_shows_games_done(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNORULES_PROGRESS_SECONDS", "0")
    code, _, err = run(capsys, "match", "--bot", "random", "--games", "2", "--rounds", "1")
    assert code == 0
    assert [ln.split(" games")[0] for ln in err.splitlines()] == [
        "unorules match: 1/2",
        "unorules match: 2/2",
    ]


def test_no_progress_line_by_default_for_a_short_run(capsys: Capture) -> None:
    code, _, err = run(capsys, "simulate", "--games", "2", "--rounds", "1", "--players", "2")
    assert (code, err) == (0, "")


# == the study's table, from Python ==============================================================


def test_str_of_a_study_is_the_table_simulate_prints(capsys: Capture) -> None:
    """`print(study)` dumped 1,500 characters of rule fields."""
    code, out, _ = run(capsys, "simulate", "--games", "20", "--seed", "3", "--rounds", "1")
    assert code == 0
    study = uno.simulate("mattel", 4, 20, seed=3, rounds=1)
    assert str(study) + "\n" == out


def test_str_of_a_comparison_is_the_table_compare_prints(capsys: Capture) -> None:
    argv = ["compare", "mattel", "mattel", "--option", "seven_o=true", "--games", "12"]
    code, out, _ = run(capsys, *argv, "--rounds", "1", "--players", "3")
    assert code == 0
    seven_o = uno.MATTEL.but(seven_o=True)
    assert str(uno.compare("mattel", seven_o, 3, 12, rounds=1)) + "\n" == out


def test_to_rows_gives_one_dict_per_figure() -> None:
    study = uno.simulate("mattel", 2, 10, seed=1, rounds=1)
    rows = study.to_rows()
    figures = study.figures()
    assert [r["figure"] for r in rows] == list(figures)
    first = rows[0]
    e = figures[str(first["figure"])]
    assert e is not None
    assert first == {"figure": "round_length", "value": e.value, "low": e.low, "high": e.high}
    comparison = uno.compare("mattel", "danish", 2, 10, rounds=1)
    crow = comparison.to_rows()[0]
    d = comparison.differences()["round_length"]
    assert d is not None
    assert crow["figure"] == "round_length" and crow["difference"] == d.value
    assert set(crow) == {"figure", "a", "b", "difference", "low", "high", "significant"}


# == the README's first command ==================================================================


def test_the_readme_first_command_is_one_short_round(capsys: Capture) -> None:
    """The first command printed a 584-line, 14-round match between three bots; the
    README promised "two simple bots". It shows now what the command prints."""
    text = (ROOT / "README.rst").read_text(encoding="utf-8")
    intro, block, rest = text.split(".. code-block:: ", 3)[:3]
    assert "one round" in " ".join(intro.split()) and block.startswith("console")
    command = " ".join(block.split("\n\n")[1].replace("\\", "").split())
    play, validate = (part.strip() for part in command.split("&&")[-2:])
    assert play.startswith("unorules play") and validate.startswith("unorules validate")
    code, out, _ = run(capsys, *shlex.split(play)[1:])
    assert code == 0
    lines = out.splitlines()
    assert len(lines) <= 30 and lines[0].startswith("unorules play: 2 players")
    assert sum(" over: " in ln for ln in lines) == 1
    code, verdict, _ = run(capsys, *shlex.split(validate)[1:])
    assert code == 0
    assert rest.startswith("text")
    shown = rest.split("\n\n")[1]
    assert [ln[3:] for ln in shown.splitlines()] == [*lines, verdict.rstrip("\n")]
