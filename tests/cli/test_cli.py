"""The ``unorules`` command, run in-process: every verb, --help, --version, exit codes."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import unorules as uno
from unorules.cli import main
from unorules.formats import transcript

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "transcripts"
VALID = EXAMPLES / "mattel-valid.json"
INVALID = EXAMPLES / "mattel-invalid-card_does_not_match.json"

Capture = pytest.CaptureFixture[str]


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# == help, version, usage errors =================================================================


def test_help_lists_the_verbs_and_exit_codes(capsys: Capture) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for word in ("validate", "simulate", "rules", "record", "exit codes", "2  usage error"):
        assert word in out


@pytest.mark.parametrize("verb", ["validate", "simulate", "rules", "record"])
def test_every_verb_has_help(capsys: Capture, verb: str) -> None:
    code, out, _ = run(capsys, verb, "--help")
    assert code == 0
    assert out.startswith(f"usage: unorules {verb}")
    assert "exit codes:" in out


def test_version(capsys: Capture) -> None:
    code, out, _ = run(capsys, "--version")
    assert (code, out) == (0, f"unorules {uno.__version__} (pure Python)\n") or uno.COMPILED
    assert (code, out) == (0, f"unorules {uno.__version__} (compiled)\n") or not uno.COMPILED


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["frobnicate"],
        ["validate"],
        ["validate", "--frobnicate", str(VALID)],
        ["simulate", "--games", "many"],
        ["rules", "--json", "--nope"],
    ],
)
def test_usage_errors_exit_2(capsys: Capture, argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and "usage:" in err


# == validate ====================================================================================


def test_validate_valid_and_invalid(capsys: Capture) -> None:
    assert run(capsys, "validate", str(VALID)) == (
        0,
        f"{VALID}: valid (1 round, 35 actions; scores 120 0 0)\n",
        "",
    )
    code, out, _ = run(capsys, "validate", str(VALID), str(INVALID))
    assert code == 1
    assert out.splitlines()[1] == (
        f"{INVALID}: invalid at round 1, action 3 (card_does_not_match): G9 does not match RS"
        " (color red): lay the same color, number or symbol, or a wild (R4.1)"
    )


def test_validate_json(capsys: Capture) -> None:
    jsonl = EXAMPLES / "games.jsonl"
    code, out, _ = run(capsys, "validate", "--json", str(INVALID), str(jsonl))
    assert code == 1
    entries = json.loads(out)
    assert [(e["file"], e["line"], e["valid"]) for e in entries] == [
        (str(INVALID), None, False),
        (str(jsonl), 1, True),
        (str(jsonl), 2, True),
        (str(jsonl), 3, True),
        (str(jsonl), 4, True),
    ]
    first = entries[0]
    assert first["error"]["code"] == "card_does_not_match"
    assert (first["error"]["round"], first["error"]["index"]) == (0, 2)
    assert first["error"]["path"] == "$.rounds[0].actions[2]"
    assert first["scores"] == [0, 0]
    assert first["final"] == {
        "phase": "play",
        "current_player": 1,
        "color": "red",
        "top_card": "RS",
        "direction": 1,
        "hand_sizes": [6, 6],
    }
    for entry in entries:
        assert {"file", "valid", "error", "scores", "final"} <= set(entry)


def test_validate_malformed_file_is_an_invalid_game(tmp_path: Path, capsys: Capture) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(b'{"format": "unorules/1", \xff')
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 1
    assert out.startswith(f"{path}: invalid at $ (malformed): not UTF-8 text")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n\n")
    code, out, _ = run(capsys, "validate", str(empty))
    assert code == 1 and "(malformed)" in out and len(out.splitlines()) == 1


def test_validate_rules_override(capsys: Capture) -> None:
    swedish = EXAMPLES / "swedish-invalid-wild_restricted.json"
    assert run(capsys, "validate", str(swedish))[0] == 1
    code, out, _ = run(capsys, "validate", "--rules", "mattel", str(swedish))
    assert code == 0 and ": valid (1 round, 1 action;" in out
    code, out, err = run(capsys, "validate", "--rules", "hoyle", str(swedish))
    assert code == 2 and out == "" and "unknown rules profile 'hoyle'" in err


def test_validate_prints_ambiguous_card_for_a_flip_face_two_cards_show(capsys: Capture) -> None:
    """ambiguous_card (UNO Flip!, FL2.2): Ann plays "B2" holding B2|O8 and B2|P6; the one
    line names the code, the action and both cards she could mean; exit 1."""
    path = EXAMPLES / "mattel-flip-invalid-ambiguous_card.json"
    code, out, err = run(capsys, "validate", str(path))
    assert code == 1 and err == ""
    assert out == (
        f"{path}: invalid at round 1, action 1 (ambiguous_card): player 0 holds 2 different"
        " cards showing B2: name one of B2|P6, B2|O8\n"
    )
    code, out, _ = run(capsys, "validate", "--json", str(path))
    error = json.loads(out)[0]["error"]
    assert code == 1 and error["code"] == "ambiguous_card"
    assert error["path"] == "$.rounds[0].actions[0]"


def test_validate_unopenable_files_exit_2_but_the_rest_is_checked(
    tmp_path: Path, capsys: Capture
) -> None:
    code, out, err = run(capsys, "validate", str(tmp_path / "gone.json"), str(INVALID))
    assert code == 2
    assert len(out.splitlines()) == 1 and "(card_does_not_match)" in out
    assert err == f"unorules: cannot open {tmp_path / 'gone.json'}: No such file or directory\n"


# == simulate ====================================================================================


def test_simulate_text(capsys: Capture) -> None:
    code, out, err = run(capsys, "simulate", "--games", "3", "--players", "3", "--seed", "5")
    assert code == 0 and err == ""  # no progress bar: stderr is not a terminal
    lines = out.splitlines()
    assert lines[0] == "games            3 (3 players, rules mattel, seed 5); [low, high] = 95% CI"
    assert [ln.split()[0] for ln in lines[1:]] == [
        "rounds",
        "actions/round",
        "round",
        "round",
        "match",
    ]
    assert "seat 0:" in lines[3] and "(3 matches finished)" in lines[-1]


def test_simulate_json_is_the_same_with_several_processes(capsys: Capture) -> None:
    argv = ["simulate", "--games", "6", "--rounds", "1", "--rules", "swedish", "--json"]
    code, out, _ = run(capsys, *argv, "--option", "seven_o=true", "--option", "jump_in=true")
    assert code == 0
    one = json.loads(out)
    assert one["rounds"] == 6 and one["profile"] == "swedish"
    assert one["rules"] == {"seven_o": True, "jump_in": True}
    assert sum(one["round_wins"]) + one["rounds_without_winner"] / 6 == pytest.approx(1, abs=1e-3)
    assert one["match_wins"] is None and one["matches_finished"] == 0
    assert one["actions_per_round"]["mean"] > 0 and one["round_points"]["mean"] > 0
    code, out, _ = run(
        capsys, *argv, "--option", "seven_o=true", "--option", "jump_in=true", "--jobs", "2"
    )
    assert code == 0 and json.loads(out) == one


def test_simulate_progress_bar_on_a_terminal(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    assert main(["simulate", "--games", "2", "--rounds", "1", "--players", "2"]) == 0
    assert screen.getvalue().endswith("] 2/2 games\n")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--option", "stack=mixed"], "did you mean 'stacking'"),
        (["--option", "stacking"], "KEY=VALUE"),
        (["--option", "stacking=always"], "stacking='always'"),
        (["--players", "11"], "2 to 10 players"),
        (["--players", "3", "--option", "teams=2"], "teams"),
        (["--rules", "uno-flip"], "unknown rules profile"),
        (["--games", "0"], "--games"),
        (["--jobs", "-1"], "--jobs"),
    ],
)
def test_simulate_usage_errors(capsys: Capture, argv: list[str], words: str) -> None:
    code, out, err = run(capsys, "simulate", "--games", "1", *argv)
    assert code == 2 and out == ""
    assert err.startswith("unorules simulate: error:") and words in err


# == rules =======================================================================================


def test_rules_table(capsys: Capture) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0
    lines = out.splitlines()
    # Every profile the registry knows, the built-in ones first (other tests and doctests in
    # this process may have registered more).
    assert lines[0].split() == ["option", *uno.PROFILES, "rules"]
    assert lines[0].split()[1:5] == ["mattel", "mattel-108", "swedish", "danish"]
    assert len(lines) == 1 + len(uno.compare_profiles())
    assert any(ln.startswith("wd4_bluff") and "take_back" in ln for ln in lines)
    # A long value every profile shares spans the columns: the classic profiles' points
    # (mattel-flip's Wild scores 40, so over every profile the points differ).
    code, out, _ = run(capsys, "rules", "mattel", "mattel-108", "swedish", "danish")
    assert any(ln.startswith("points") and "(all)" in ln for ln in out.splitlines())


def test_rules_diff_and_json(capsys: Capture) -> None:
    code, out, _ = run(capsys, "rules", "swedish", "danish", "--diff")
    assert code == 0
    shown = [ln.split()[0] for ln in out.splitlines()[1:]]
    assert "wd4_bluff" in shown and "target" not in shown
    code, out, _ = run(capsys, "rules", "mattel", "danish", "--json")
    data = json.loads(out)
    assert data["profiles"] == ["mattel", "danish"]
    bluff = next(o for o in data["options"] if o["option"] == "wd4_bluff")
    assert bluff["values"] == {"mattel": "challenge", "danish": "take_back"}
    assert bluff["rule"] and bluff["help"]
    code, _, err = run(capsys, "rules", "mattel", "uno-flip")
    assert code == 2 and "unknown rules profile 'uno-flip'" in err


# == record ======================================================================================


def test_record_to_stdout_validates(capsys: Capture) -> None:
    argv = ["record", "--players", "3", "--seed", "4", "--rounds", "2", "--rules", "danish"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    recorded = transcript.loads(out)
    assert recorded.seed is not None and len(recorded.rounds) == 2
    assert recorded.rules == uno.DANISH and len(recorded.players) == 3
    report = transcript.validate(out)
    assert report.valid and report.scores == recorded.result
    assert run(capsys, *argv)[1] == out  # the same seed, the same game


def test_record_files(tmp_path: Path, capsys: Capture) -> None:
    one = tmp_path / "one.json"
    code, out, _ = run(
        capsys, "record", "--seed", "1", "--rounds", "1", "--standalone", "-o", str(one)
    )
    assert (code, out) == (0, "")
    data = json.loads(one.read_text())
    assert "seed" not in data and "draw_pile" in data["rounds"][0]
    assert run(capsys, "validate", str(one))[0] == 0
    bare = tmp_path / "bare.json"
    assert (
        run(capsys, "record", "--seed", "2", "--rounds", "1", "--no-draw-pile", "-o", str(bare))[0]
        == 0
    )
    assert "drawn" in bare.read_text() and run(capsys, "validate", str(bare))[0] == 0
    many = tmp_path / "many.jsonl"
    argv = ["record", "--games", "3", "--seed", "7", "--rounds", "1", "--option", "jump_in=true"]
    assert run(capsys, *argv, "-o", str(many))[0] == 0
    code, out, _ = run(capsys, "validate", str(many))
    assert code == 0 and len(out.splitlines()) == 3
    code, _, err = run(capsys, *argv, "-o", str(tmp_path / "many.json"))
    assert code == 2 and "JSON Lines" in err
    code, _, err = run(capsys, "record", "--seed", "1", "-o", str(tmp_path / "no" / "x.json"))
    assert code == 2 and "cannot write" in err


def test_play_prints_a_seeded_match_move_by_move(capsys: pytest.CaptureFixture[str]) -> None:
    """`unorules play` (the README's demo): every move, the round results, the winner; the
    same seed prints the same match."""
    assert main(["play", "--seed", "7"]) == 0
    first = capsys.readouterr().out
    assert first.startswith("unorules play: 4 players (P0, P1, P2, P3), rules mattel, seed 7\n")
    assert "round 1: " in first and " plays " in first
    assert first.rstrip().splitlines()[-1].startswith("match over: ")
    assert main(["play", "--seed", "7"]) == 0
    assert capsys.readouterr().out == first


def test_play_with_names_one_round_and_a_house_rule(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--names", "Ann,Bo", "--seed", "3", "--rounds", "1", "--option", "seven_o=true"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "2 players (Ann, Bo)" in out
    assert "round 1 over: " in out and "round 2" not in out
    assert "P0" not in out.split("\n", 1)[1]


def test_play_says_hands_moved_not_drawn(capsys: pytest.CaptureFixture[str]) -> None:
    """A Seven-O 7 or 0 moves hands: the line says so, and counts no card drawn (the
    engine's record, not the hand sizes, says who drew)."""
    argv = ["play", "--players", "3", "--seed", "11", "--rounds", "3", "--option", "seven_o=true"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    swaps = [line for line in lines if " swapping with " in line]
    zeros = [line for line in lines if re.search(r" plays [RYGB]0\b", line)]
    assert swaps and zeros
    for line in swaps:
        assert re.search(r" -> P\d and P\d swap hands$", line), line
    for line in zeros:
        assert line.endswith(" -> hands pass on"), line


def test_play_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "11"]) == 2
    assert "2 to 10 players" in capsys.readouterr().err
    assert main(["play", "--rounds", "0"]) == 2


def test_play_refuses_an_empty_or_missing_name_and_a_players_count_names_contradict(
    capsys: Capture,
) -> None:
    for argv, message in (
        (["--names", ""], "--names is empty: give the players' names, comma-separated"),
        (["--names", " , "], "--names ' , ': name 1 is empty"),
        (["--names", "A,,B"], "--names 'A,,B': name 2 is empty"),
        (["--names", "A,B", "--players", "3"], "--players 3 but --names gives 2 names"),
        (
            ["--names", "A\x1b[31m,B"],
            "--names 'A\\x1b[31m,B': name 1 has a character that is not printable",
        ),
    ):
        code, out, err = run(capsys, "play", "--seed", "1", "--rounds", "1", *argv)
        assert (code, out) == (2, "")
        assert err == f"unorules play: error: {message}" + err.split(message, 1)[1]
    code, out, _ = run(
        capsys, "play", "--seed", "1", "--rounds", "1", "--names", "A,B", "--players", "2"
    )
    assert code == 0 and out.startswith("unorules play: 2 players (A, B)")


# == output that cannot be written, for every verb ===============================================


class Full(io.StringIO):
    """Standard output on a full disk."""

    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")


class ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


VERBS_THAT_PRINT = [
    ["rules"],
    ["record", "--seed", "1", "--rounds", "1"],
    ["play", "--seed", "3", "--rounds", "1"],
    ["simulate", "--games", "2", "--rounds", "1"],
    ["compare", "mattel", "swedish", "--games", "2", "--rounds", "1"],
    ["match", "--bot", "random", "--bot", "random", "--games", "1", "--rounds", "1"],
    ["validate", str(VALID)],
    ["render", str(VALID), "-o", "{tmp}/game.html"],
]


@pytest.mark.parametrize("argv", VERBS_THAT_PRINT, ids=lambda a: a[0])
def test_every_verb_says_it_cannot_write_the_output_and_exits_2(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    err = io.StringIO()
    monkeypatch.setattr("sys.stdout", Full())
    monkeypatch.setattr("sys.stderr", err)
    code = main([a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert (code, err.getvalue()) == (
        2,
        f"unorules {argv[0]}: cannot write the output: No space left on device\n",
    )


@pytest.mark.parametrize("argv", VERBS_THAT_PRINT, ids=lambda a: a[0])
def test_every_verb_stops_quietly_with_exit_2_on_a_closed_pipe(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    err = io.StringIO()
    monkeypatch.setattr("sys.stdout", ClosedPipe())
    monkeypatch.setattr("sys.stderr", err)
    code = main([a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert (code, err.getvalue()) == (2, "")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_rules_to_a_full_disk_is_one_line_and_exit_2() -> None:
    """Buffered output fails when it is flushed: still one line and exit 2, also at exit."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "unorules.cli", "rules"],
            stdout=full,
            stderr=subprocess.PIPE,
            check=False,
        )
    assert (done.returncode, done.stderr) == (
        2,
        b"unorules rules: cannot write the output: No space left on device\n",
    )


# == validate - ===================================================================================


def stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))


def test_validate_reads_one_game_from_standard_input(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin(monkeypatch, VALID.read_bytes())
    assert run(capsys, "validate", "-") == (
        0,
        "<stdin>: valid (1 round, 35 actions; scores 120 0 0)\n",
        "",
    )


def test_validate_reads_json_lines_from_standard_input(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = (EXAMPLES / "games.jsonl").read_bytes()
    stdin(monkeypatch, b"\n" + lines)  # a blank first line is still counted
    code, out, err = run(capsys, "validate", "-", "--json")
    reports = json.loads(out)
    assert (code, err) == (0, "")
    assert [(r["file"], r["line"], r["valid"]) for r in reports] == [
        ("<stdin>", n, True) for n in (2, 3, 4, 5)
    ]
    assert [r["actions"] for r in reports] == [70, 59, 79, 53]


def test_validate_standard_input_that_is_not_json_is_an_invalid_game(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin(monkeypatch, b"[1, 2")
    code, out, _ = run(capsys, "validate", "-", str(VALID))
    assert code == 1
    assert out.splitlines() == [
        "<stdin>: invalid at $ (malformed): not JSON: Expecting ',' delimiter: line 1 column 6"
        " (char 5)",
        f"{VALID}: valid (1 round, 35 actions; scores 120 0 0)",
    ]


def test_validate_reads_standard_input_once(capsys: Capture) -> None:
    code, _, err = run(capsys, "validate", "-", "-")
    assert (code, err) == (2, "unorules validate: error: - (standard input) may be given once\n")
