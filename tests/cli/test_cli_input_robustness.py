"""Input-robustness defects found in review, one test (or more) each: timeouts a thread
cannot wait, input echoed uncapped, an answer decoded twice, a wrong default in --help,
and parsed JSON whose objects have keys that are not strings."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import unorules as uno
from unorules.agents.botio import BotFault, ExternalBot, SeatActionError, action_from_seat
from unorules.agents.match import BotSpec, run_match
from unorules.cli import main
from unorules.formats import jsonio, transcript

ROOT = Path(__file__).resolve().parents[2]
PY_BOT = f"{sys.executable} {ROOT / 'examples' / 'bots' / 'random_bot.py'}"
BAD_BOT = ROOT / "tests" / "agents" / "bots" / "bad_bot.py"
VALID = ROOT / "examples" / "transcripts" / "mattel-valid.json"

Capture = pytest.CaptureFixture[str]


def bad(mode: str) -> str:
    return f"{sys.executable} {BAD_BOT} {mode}"


def valid_transcript() -> dict[str, object]:
    data = json.loads(VALID.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


# == 1. a timeout longer than a thread can wait =================================================


@pytest.mark.parametrize("option", ["--timeout", "--startup-timeout"])
@pytest.mark.parametrize("value", ["inf", "1e10"])
@pytest.mark.parametrize("bot", [PY_BOT, "random"], ids=["program", "builtin"])
def test_match_refuses_a_timeout_above_timeout_max_as_a_usage_error(
    option: str, value: str, bot: str, capsys: Capture
) -> None:
    code = main(["match", "--bot", bot, "--bot", "random", "--rounds", "1", "--seed", "1",
                 option, value])  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.startswith("usage: unorules match ")
    assert err.endswith(
        f"\nunorules match: error: argument {option}: a number of seconds above 0 and at most"
        f" {threading.TIMEOUT_MAX:g}, not {float(value)}\n"
    )


@pytest.mark.parametrize("value", ["nan", "-1"])
def test_match_still_refuses_nan_and_negative_timeouts(value: str, capsys: Capture) -> None:
    code = main(["match", "--bot", "random", "--bot", "random", "--timeout", value])
    assert code == 2
    assert "timeout: a number of seconds above 0" in capsys.readouterr().err


def test_match_takes_timeout_max_itself(capsys: Capture) -> None:
    code = main(["match", "--bot", "random", "--bot", "random", "--rounds", "1", "--seed", "1",
                 "--timeout", repr(threading.TIMEOUT_MAX)])  # fmt: skip
    assert code == 0
    assert capsys.readouterr().out.startswith("match: 1 game, 2 bots, seed 1\n")


@pytest.mark.parametrize("seconds", [float("inf"), 1e10, float("nan"), 0.0, -1.0])
def test_external_bot_refuses_a_timeout_it_cannot_wait_before_starting(seconds: float) -> None:
    with pytest.raises(ValueError, match=r"^timeout: a number of seconds above 0 and at most "):
        ExternalBot(["/no/such/program"], label="bot 0", timeout=seconds)  # not started


def test_external_bot_refuses_a_hello_timeout_it_cannot_wait() -> None:
    bot = ExternalBot([sys.executable, "-c", "import sys; sys.stdin.read()"], label="bot 0",
                      timeout=5)  # fmt: skip
    try:
        with pytest.raises(ValueError, match=r"^timeout: .* not inf$"):
            bot.hello(timeout=float("inf"))  # was OverflowError from the queue's wait
    finally:
        bot.close()


def test_run_match_with_a_program_refuses_an_infinite_startup_timeout() -> None:
    with pytest.raises(ValueError, match=r"^startup_timeout: .* at most .* not inf$"):
        run_match([PY_BOT, "random"], uno.MATTEL, rounds=1, seed=1,
                  startup_timeout=float("inf"))  # fmt: skip


@pytest.mark.parametrize("name", ["timeout", "startup_timeout"])
def test_run_match_with_built_in_bots_refuses_a_wait_no_thread_can_make(name: str) -> None:
    """From Python too, with no program to start: ``inf`` is not a timeout (before, it
    was taken silently by a match of built-in bots)."""
    with pytest.raises(ValueError, match=rf"^{name}: a number of seconds above 0 and at most"):
        options: dict[str, Any] = {name: float("inf")}
        run_match(["random", "random"], uno.MATTEL, rounds=1, seed=1, **options)


# == 2. input echoed uncapped ===================================================================


def test_validate_caps_the_scores_a_result_mismatch_quotes(tmp_path: Path, capsys: Capture) -> None:
    data = valid_transcript()
    data["result"] = {"scores": [0] * 1_000_000}
    report = transcript.validate(data)
    error = report.error
    assert error is not None
    assert error.code == "result_mismatch"
    assert error.path == "$.result.scores"
    assert error.message.startswith("result says scores [0, 0, 0, ")
    assert error.message.endswith(", 0,…, but the replayed game ends with [120, 0, 0]")
    assert len(error.message) < 200
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    out, err = capsys.readouterr()
    assert max(len(line) for line in (out + err).splitlines()) < 400


def test_a_result_mismatch_still_quotes_a_short_result_whole() -> None:
    data = valid_transcript()
    data["result"] = {"scores": [5, 7, 9]}
    error = transcript.validate(data).error
    assert error is not None
    assert (
        error.message == "result says scores [5, 7, 9], but the replayed game ends with [120, 0, 0]"
    )


def test_a_seat_of_4000_digits_is_echoed_capped() -> None:
    state = uno.new_game(2, seed=1)
    seat = state.current_player
    assert seat is not None
    player = int("9" * 4000)
    with pytest.raises(SeatActionError) as caught:
        action_from_seat(state, seat, {"player": player, "draw": True})
    message = str(caught.value)
    assert caught.value.code == "not_your_seat"
    assert message.startswith(f"at $.player: seat {seat} may act only for itself, not for seat 999")
    assert message.endswith("…")
    assert len(message) < 130


@pytest.mark.parametrize("key", ["target", "catch"])
def test_an_illegal_action_naming_a_seat_of_4000_digits_is_echoed_capped(key: str) -> None:
    state = uno.new_game(2, seed=1)
    seat = state.current_player
    assert seat is not None
    data: dict[str, object] = {"player": seat, key: int("9" * 4000)}
    if key == "target":
        data["play"] = "R7"
    with pytest.raises(SeatActionError) as caught:
        action_from_seat(state, seat, data)
    message = str(caught.value)
    assert caught.value.code == "illegal"
    # The action's text names the long seat by its length (unorules._echo.shown_int).
    shown = "plays R7 swapping with" if key == "target" else "catches"
    assert message == (
        f"P{seat} {shown} P<an integer of 4000 digits>: not one of the 2 legal actions of"
        f" seat {seat} now"
    )


def test_match_fault_for_a_seat_of_4000_digits_is_short() -> None:
    result = run_match([bad("huge_seat"), "random"], uno.MATTEL, rounds=1, seed=3, timeout=5)
    (fault,) = result.faults
    assert fault.kind == "refused"
    assert "9' (and 3906 more): at $.player: seat 0 may act only for itself, not for seat 99" in (
        fault.message
    )
    assert fault.message.endswith("9…")
    label = BotSpec.parse(bad("huge_seat")).label
    assert len(fault.message) - len(label) < 330  # was 4.3 KB


# == 3. an answer decoded twice =================================================================


def test_match_refuses_a_double_encoded_answer() -> None:
    spec = bad("double_encoded")
    result = run_match([spec, "random"], uno.MATTEL, rounds=1, seed=3, timeout=5)
    (fault,) = result.faults  # was: a whole round with no fault
    assert (fault.bot, fault.game, fault.kind) == (0, 0, "refused")
    label = BotSpec.parse(spec).label
    assert fault.message.startswith(f"bot 0 ({label}): answered decide (game 1, round 1, seat ")
    assert fault.message.endswith(
        ': at $: an action (e.g. {"player": 0, "play": "R7"}) is a JSON object, not a string'
    )
    assert r"""with '"{\\"player\\": """ in fault.message  # the line as written
    assert transcript.validate(result.games[0].transcript).valid


def test_match_names_a_plain_string_answer_as_not_an_action_object() -> None:
    result = run_match([bad("string"), "random"], uno.MATTEL, rounds=1, seed=3, timeout=5)
    (fault,) = result.faults
    assert fault.kind == "refused"
    assert fault.message.endswith(
        'with \'"draw"\': at $: an action (e.g. {"player": 0, "play": "R7"}) is a JSON'
        " object, not a string"
    )
    assert "not JSON" not in fault.message  # was: at $: not JSON: Expecting value


def test_a_string_hello_is_still_a_handshake_fault() -> None:
    code = "import sys; sys.stdin.readline(); print('\"hello\"', flush=True)"
    bot = ExternalBot([sys.executable, "-c", code], label="bot 0", timeout=5)
    try:
        with pytest.raises(BotFault) as caught:
            bot.hello()
    finally:
        bot.close()
    assert caught.value.kind == "handshake"


# == 4. play --help ==============================================================================


def test_play_help_gives_the_real_default_of_players(capsys: Capture) -> None:
    # play seats four by default, as every verb does (it seated three, issue 28).
    assert main(["play", "--help"]) == 0
    out = capsys.readouterr().out
    assert "seats, 2-10 (4)" in out
    assert "(3)" not in out
    code = main(["play", "--seed", "3", "--rounds", "1"])
    assert code == 0
    assert capsys.readouterr().out.startswith("unorules play: 4 players ")


@pytest.mark.parametrize("verb", ["simulate", "compare", "record", "match"])
def test_other_verbs_keep_four_players_by_default(verb: str, capsys: Capture) -> None:
    assert main([verb, "--help"]) == 0
    assert "seats, 2-10 (4)" in capsys.readouterr().out


# == 5. parsed JSON whose objects have keys that are not strings ===============================


def with_key(data: dict[str, object], key: object, value: object) -> dict[object, object]:
    """``data`` and one more key (that JSON cannot have: not a string)."""
    out: dict[object, object] = {k: v for k, v in data.items()}
    out[key] = value
    return out


def _round0() -> dict[str, object]:
    rounds = valid_transcript()["rounds"]
    assert isinstance(rounds, list)
    first = rounds[0]
    assert isinstance(first, dict)
    return first


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (
            {1: "x"},
            "$[1]",
            "unknown key 1 in a transcript"
            " (allowed: format, rules, players, seed, meta, rounds, result)",
        ),
        (
            {"rules": {"profile": "mattel", None: 2}},
            "$.rules[None]",
            "unknown key None in rules (allowed: profile, options)",
        ),
        (
            {"rules": {"profile": "mattel", "options": {1: True}}},
            "$.rules.options[1]",
            "an option name is a string, not 1",
        ),
        (
            {"rounds": [with_key(_round0(), (1, 2), 3)]},
            "$.rounds[0][(1, 2)]",
            "unknown key (1, 2) in a round (allowed: dealer, hands, turned, draw_pile, actions)",
        ),
        (
            {"rounds": [{**_round0(), "actions": [{"player": 0, "draw": True, 5: 1}]}]},
            "$.rounds[0].actions[0][5]",
            "unknown key 5 in an action (allowed: player, one of",
        ),
    ],
)
def test_validate_reports_a_key_that_is_not_a_string_as_malformed(
    change: dict[object, object], path: str, message: str
) -> None:
    data: dict[object, object] = {k: v for k, v in valid_transcript().items()}
    data.update(change)
    report = transcript.validate(data)  # was TypeError: object of type 'int' has no len()
    error = report.error
    assert error is not None
    assert error.code == "malformed"
    assert error.path == path
    assert error.message.startswith(message)


@pytest.mark.parametrize(
    ("data", "path", "message"),
    [
        ({"player": 0, "draw": True, 5: 1}, "$[5]", "unknown key 5 in an action (allowed: "),
        ({"next_round": True, None: 1}, "$[None]", "unknown key None in a next_round action"),
        (
            {"next_round": True, "deal": {"dealer": 0, 2.5: 1}},
            "$.deal[2.5]",
            "unknown key 2.5 in a deal",
        ),
    ],
)
def test_action_from_dict_reports_a_key_that_is_not_a_string(
    data: dict[object, object], path: str, message: str
) -> None:
    with pytest.raises(jsonio.JSONError) as caught:
        jsonio.action_from_dict(data)
    assert caught.value.path == path
    assert str(caught.value).startswith(f"at {path}: {message}")


def test_view_from_dict_reports_a_key_that_is_not_a_string() -> None:
    view = jsonio.view_to_dict(uno.observe(uno.new_game(2, seed=1), 0))
    with pytest.raises(jsonio.JSONError, match=r"^at \$\[5\]: unknown key 5 in a view$"):
        jsonio.view_from_dict(with_key(view, 5, 1))
    legal = [{"player": 0, "draw": True, b"x": 1}]
    with pytest.raises(jsonio.JSONError, match=r"^at \$\.legal_actions\[0\]\[b'x'\]: unknown key"):
        jsonio.view_from_dict({**view, "legal_actions": legal})


def test_a_seat_sending_a_key_that_is_not_a_string_is_refused_as_malformed() -> None:
    state = uno.new_game(2, seed=1)
    seat = state.current_player
    assert seat is not None
    with pytest.raises(SeatActionError) as caught:
        action_from_seat(state, seat, {"player": seat, "draw": True, 7: 0})
    assert caught.value.code == "malformed"
    assert str(caught.value).startswith("at $[7]: unknown key 7 in an action")


# == names that UTF-8 cannot write ==============================================================


def test_a_name_with_a_lone_surrogate_is_refused_where_it_comes_in(
    tmp_path: Path, capsys: Capture
) -> None:
    """A JSON string may hold a lone surrogate ("\\ud800"), which no UTF-8 file, page or
    terminal can write: a transcript with one validated, then ``unorules render`` and
    ``transcript.write`` ended in ``UnicodeEncodeError``. It is refused where it comes in:
    the transcript (``$.players[0]``), ``new_game`` and a state's JSON (``$.names[0]``)."""
    text = (
        '{"format": "unorules/1", "rules": "mattel", "players": ["\\ud800", "Bo"],'
        ' "seed": 1, "rounds": [{"actions": []}]}'
    )
    report = transcript.validate(text)
    assert report.error is not None and report.error.path == "$.players[0]"
    assert "no lone surrogate" in report.error.message
    path = tmp_path / "s.json"
    path.write_text(text, encoding="utf-8")
    assert main(["render", str(path), "-o", str(tmp_path / "s.html")]) == 0
    assert "invalid at $.players[0]" in capsys.readouterr().out
    with pytest.raises(ValueError, match="no lone surrogate"):
        uno.new_game(["\ud800", "Bo"])
    data = uno.new_game(2, seed=1).to_dict()
    data["names"] = ["\ud800", "Bo"]
    with pytest.raises(ValueError, match=r"at \$\.names\[0\]: .*no lone surrogate"):
        uno.State.from_dict(data)


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--seed", "-1"],
        ["simulate", "--seed", "-1", "--games", "1"],
        ["match", "--bot", "random", "--bot", "random", "--rounds", "1", "--seed", "-5"],
        ["play", "--seed", str(2**64)],
    ],
)
def test_every_verb_takes_a_seed_from_0_to_2_to_the_64(argv: list[str], capsys: Capture) -> None:
    """A ``--seed`` is the same for every verb: ``simulate --seed -1`` played the games of
    seed 2**64 - 1, and ``match --seed -5`` was taken, while ``play --seed -1`` was refused."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "argument --seed: a seed is a whole number from 0 to 2**64 - 1, not" in err
