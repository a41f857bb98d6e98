"""Issue 11, item 4 (the points of it fixed here): the profile registry under threads, a
recorded transcript that names built-in rules, the command's output errors, capped
echoes of input in messages, and impossible option values reported as ``malformed``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs
import pytest

import unorules as uno
from unorules import rules
from unorules.agents import bots
from unorules.cli import validate as _validating
from unorules.formats import transcript

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "transcripts"
VALID = EXAMPLES / "mattel-valid.json"
BIG = "R" * 5_000_000


def game(actions: list[object], **top: object) -> dict[str, object]:
    doc: dict[str, object] = {
        "format": "unorules/1",
        "rules": "mattel",
        "players": 2,
        "seed": 1,
        "rounds": [{"actions": actions}],
    }
    doc.update(top)
    return doc


def error_of(doc: object) -> transcript.Problem:
    report = transcript.validate(json.dumps(doc) if not isinstance(doc, str) else doc)
    assert report.error is not None
    return report.error


# == the registry under threads ==================================================================


@pytest.fixture
def fast_switching() -> Iterator[None]:
    """Switch threads as often as possible, so that a race shows within a second."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def test_registry_reads_while_another_thread_registers(fast_switching: None) -> None:
    """profile_name(), PROFILES and transcript.dumps() iterated the live registry: with
    register_profile in another thread they raised "dictionary changed size during
    iteration"."""
    added: list[str] = []
    errors: list[BaseException] = []
    done = threading.Event()
    unregistered = attrs.evolve(uno.MATTEL, target=77)
    t = transcript.Transcript(unregistered, 2, [transcript.Round()], seed=1)

    def writer() -> None:
        for i in range(3000):
            name = f"thread-test-{i}"
            uno.register_profile(name, attrs.evolve(uno.MATTEL, target=1000 + i))
            added.append(name)
        done.set()

    def reader(read: Callable[[], object]) -> None:
        try:
            while not done.is_set():
                read()
        except BaseException as exc:
            errors.append(exc)

    reads: list[Callable[[], object]] = [
        lambda: rules.profile_name(unregistered),
        lambda: list(uno.PROFILES.items()),
        lambda: transcript.dumps(t),
    ]
    threads = [threading.Thread(target=reader, args=(read,)) for read in reads]
    try:
        for thread in threads:
            thread.start()
        writer()
        for thread in threads:
            thread.join()
    finally:
        done.set()
        for name in added:
            rules._PROFILES.unregister(name)
    assert errors == []
    assert len(added) == 3000


def test_registering_one_name_twice_at_once_lets_one_win() -> None:
    barrier = threading.Barrier(8)
    outcomes: list[str] = []

    def register(i: int) -> None:
        barrier.wait()
        try:
            uno.register_profile("thread-once", attrs.evolve(uno.MATTEL, target=500 + i))
            outcomes.append("registered")
        except ValueError as exc:
            outcomes.append(str(exc))

    threads = [threading.Thread(target=register, args=(i,)) for i in range(8)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        rules._PROFILES.unregister("thread-once")
    assert outcomes.count("registered") == 1
    assert outcomes.count("profile 'thread-once' is already registered; pass replace=True") == 7


def test_profiles_stays_read_only() -> None:
    with pytest.raises(TypeError, match="does not support item assignment"):
        uno.PROFILES["house"] = uno.MATTEL  # type: ignore[index]
    assert list(uno.PROFILES)[:4] == ["mattel", "mattel-108", "swedish", "danish"]
    assert "mattel" in uno.PROFILES and "nope" not in uno.PROFILES


# == a recorded transcript means the same thing forever ==========================================


def test_record_names_a_built_in_profile_so_replacing_a_registered_one_changes_nothing() -> None:
    """The issue's reproduction: record under "house" (Seven-O on), replace "house", and
    the same text became invalid (wrong_phase)."""
    house = attrs.evolve(uno.MATTEL, seven_o=True)
    uno.register_profile("test-house", house, replace=True)
    try:
        start = uno.new_game(3, "test-house", seed=1)
        actions = [a for a, _ in bots.play(start, bots.random_bots(3, seed=1), rounds=1)]
        assert any(isinstance(a, uno.Play) and a.target is not None for a in actions)
        text = transcript.dumps(transcript.record(start, actions))
        assert json.loads(text)["rules"] == {"profile": "mattel", "options": {"seven_o": True}}
        assert transcript.validate(text).valid
        uno.register_profile("test-house", uno.MATTEL, replace=True)
        assert transcript.validate(text).valid
        # What naming the registered profile would have meant: invalid once it is replaced.
        by_name = json.loads(text)
        by_name["rules"] = "test-house"
        error = transcript.validate(by_name).error
        assert error is not None
        assert (error.code.value, error.index) == ("wrong_phase", 20)
    finally:
        rules._PROFILES.unregister("test-house")


def test_a_built_in_profile_is_written_by_its_name() -> None:
    t = transcript.Transcript(uno.SWEDISH, 2, [transcript.Round()], seed=1)
    assert t.to_dict()["rules"] == "swedish"
    variant = attrs.evolve(uno.DANISH, target=200)
    t = transcript.Transcript(variant, 2, [transcript.Round()], seed=1)
    assert t.to_dict()["rules"] == {"profile": "danish", "options": {"target": 200}}


# == output errors ===============================================================================


def command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "unorules.cli", *argv]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_output_to_a_full_disk_is_one_line_and_exit_2() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            command("validate", str(VALID)), stdout=full, stderr=subprocess.PIPE, check=False
        )
    assert done.returncode == 2
    assert done.stderr == b"unorules validate: cannot write the output: No space left on device\n"


def test_a_broken_pipe_stops_quietly_with_a_nonzero_exit(tmp_path: Path) -> None:
    """`unorules validate ... | head` exited 0 without checking the remaining games."""
    corpus = tmp_path / "many.jsonl"
    corpus.write_bytes(b"[]\n" * 20_000)  # 20,000 invalid games: far more than a pipe holds
    child = subprocess.Popen(
        command("validate", str(corpus)), stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert child.stdout is not None and child.stderr is not None
    first = child.stdout.readline()
    child.stdout.close()
    child.wait(timeout=60)
    assert first.startswith(f"{corpus}:1: invalid at $ (malformed)".encode())
    assert child.returncode == 2
    assert child.stderr.read() == b""
    child.stderr.close()


class Closed(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_broken_pipe_in_process_is_exit_2() -> None:
    err = io.StringIO()
    code = _validating.run([str(VALID)], rules=None, as_json=False, jobs=1, out=Closed(), err=err)
    assert (code, err.getvalue()) == (2, "")


# == echoed input is capped ======================================================================


def assert_capped(message: str) -> None:
    assert len(message) < 400, len(message)
    assert "…" in message


@pytest.mark.parametrize(
    ("doc", "code", "path"),
    [
        (game([{"player": 0, "play": BIG}]), "malformed", "$.rounds[0].actions[0].play"),
        (game([{"player": 0, "play": "W", "color": BIG}]), "malformed", None),
        (game([{"player": 0, "play": "R1", "uno": BIG}]), "malformed", None),
        (game([{"player": BIG, "draw": True}]), "malformed", None),
        (game([{"player": 0, "play": "R1", "target": [1] * 10**6}]), "malformed", None),
        (game([], format=BIG), "malformed", "$.format"),
        (game([], seed=BIG), "malformed", "$.seed"),
        (game([], rules=BIG), "unknown_rules", "$.rules"),
        (game([], rules={"profile": BIG}), "unknown_rules", "$.rules.profile"),
        (game([], rules={"profile": "mattel", "options": {"stacking": BIG}}), "malformed", None),
        (game([{"player": 0, "play": "R1", "also": ["R1"] * 200_000}]), "card_not_in_hand", None),
    ],
)
def test_a_huge_input_value_gives_a_short_message(
    doc: dict[str, object], code: str, path: str | None
) -> None:
    problem = error_of(doc)
    assert problem.code.value == code
    assert_capped(problem.message)
    if path is not None:
        assert problem.path == path


def test_a_huge_key_is_capped_in_the_message_and_in_the_path() -> None:
    problem = error_of(game([{"player": 0, "play": "R1", BIG: 1}]))
    assert problem.code.value == "malformed"
    assert_capped(problem.message)
    assert_capped(problem.path)
    assert problem.path.startswith('$.rounds[0].actions[0]["RRRR')
    problem = error_of(game([], rules={"profile": "mattel", "options": {BIG: 1}}))
    assert problem.code.value == "unknown_rules"
    assert_capped(problem.message)
    assert_capped(problem.path)
    problem = error_of(f'{{"{BIG}": 1, "{BIG}": 2}}')
    assert problem.message.startswith("not JSON: the key 'RRRR")
    assert_capped(problem.message)


@pytest.mark.parametrize(
    "make",
    [
        lambda: uno.Card.parse(BIG),
        lambda: uno.Play(0, BIG),
        lambda: uno.Play(0, "W", BIG),
        lambda: uno.Draw(0, drawn=BIG),
        lambda: uno.ChooseColor(0, BIG),
        lambda: uno.get_profile(BIG),
        lambda: uno.register_profile(" " + BIG, uno.MATTEL),
        lambda: uno.rules.rules_from_options(uno.MATTEL, {"hand_size": BIG}),
        lambda: uno.rules.rules_from_options(uno.MATTEL, {BIG: 1}),
        lambda: uno.apply(uno.new_game(2, seed=1), uno.Play(0, "R1", also=["R1"] * 100_000)),
    ],
)
def test_the_api_caps_what_it_echoes(make: Callable[[], object]) -> None:
    with pytest.raises((ValueError, TypeError)) as caught:
        make()
    assert_capped(str(caught.value))


def test_a_huge_number_is_capped_too() -> None:
    huge = 10**4000  # Python's int to text conversion allows 4300 digits
    problem = error_of(game([], players=huge))
    assert (problem.code.value, problem.path) == ("malformed", "$.players")
    assert_capped(problem.message)
    deal = {"dealer": huge, "hands": [[], []], "turned": [], "actions": []}
    problem = error_of(game([], rounds=[deal]))
    assert (problem.code.value, problem.path) == ("bad_deal", "$.rounds[0]")
    assert_capped(problem.message)


def test_short_input_is_echoed_whole() -> None:
    problem = error_of(game([{"player": 0, "play": "R10"}]))
    assert problem.message == (
        "not a card: 'R10' (examples: R7, G+2, BS, YR, W, W+4, WS, WC, 'red 7')"
    )


# == a known option with an impossible value =====================================================


def test_an_impossible_option_value_is_malformed_with_its_path() -> None:
    problem = error_of(game([], rules={"profile": "mattel", "options": {"hand_size": 99}}))
    assert (problem.code.value, problem.path) == ("malformed", "$.rules.options.hand_size")
    assert problem.message == "hand_size=99: deal from 1 to 10 cards"
    problem = error_of(game([], rules={"profile": "mattel", "options": {"hand_size": "7"}}))
    assert (problem.code.value, problem.path) == ("malformed", "$.rules.options.hand_size")


def test_an_unknown_option_name_or_effect_stays_unknown_rules() -> None:
    problem = error_of(game([], rules={"profile": "mattel", "options": {"hand_sizes": 7}}))
    assert (problem.code.value, problem.path) == ("unknown_rules", "$.rules.options.hand_sizes")
    effect = {"customizable_effect": "no-such-effect"}
    problem = error_of(game([], rules={"profile": "mattel", "options": effect}))
    assert (problem.code.value, problem.path) == (
        "unknown_rules",
        "$.rules.options.customizable_effect",
    )


def test_the_command_reports_an_impossible_option_as_malformed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = tmp_path / "g.json"
    p.write_text(json.dumps(game([], rules={"profile": "mattel", "options": {"hand_size": 99}})))
    from unorules.cli import main

    assert main(["validate", str(p)]) == 1
    out, _ = capsys.readouterr()
    assert out == (
        f"{p}: invalid at $.rules.options.hand_size (malformed): hand_size=99: deal from 1 to"
        " 10 cards\n"
    )
