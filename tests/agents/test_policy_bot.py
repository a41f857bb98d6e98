"""PolicyBot (issue 27, item 3): the shipped network loads, plays only legal actions,
is deterministic for a seed, plays wherever a bot plays (by name too), refuses the rules
its observation cannot read, and its inputs are the observation vector's entries."""

from __future__ import annotations

import base64
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import unorules as uno
from unorules.agents import bots, encoding, policy
from unorules.agents.policy import (
    FEATURES,
    INPUTS,
    WEIGHTS,
    WEIGHTS_FORMAT,
    PolicyBot,
    PolicyNetwork,
)


def _games(count: int, seed: int, rules: str = "mattel", players: int = 2) -> list[uno.State]:
    """States met in rounds of HeuristicBot against RandomBot."""
    rand = random.Random(seed)
    seen: list[uno.State] = []
    for g in range(count):
        start = uno.new_game(players, rules, seed=seed * 1000 + g)
        table: list[bots.Bot] = [bots.HeuristicBot(g), *bots.random_bots(players - 1, seed=g)]
        for _, state in bots.play(start, table, rounds=1):
            if state.current_player is not None and rand.random() < 0.3:
                seen.append(state)
    return seen


def test_policy_bot_shipped_weights_have_the_documented_shape() -> None:
    doc = json.loads(Path(WEIGHTS).read_text(encoding="utf-8"))
    assert doc["format"] == WEIGHTS_FORMAT == "unorules-policy/1"
    assert doc["inputs"] == INPUTS == 406
    assert doc["outputs"] == encoding.N_TOKENS == 149
    assert doc["hidden"] == [64, 64]
    widths = [406, 64, 64, 149]
    assert len(doc["layers"]) == 3
    for i, layer in enumerate(doc["layers"]):
        # float16 values, little-endian: 2 bytes each, weight in x out, then the bias
        assert len(base64.b64decode(layer["weight"])) == 2 * widths[i] * widths[i + 1]
        assert len(base64.b64decode(layer["bias"])) == 2 * widths[i + 1]
    assert "command" in doc["trained"] and doc["trained"]["seed"] == 0
    assert Path(WEIGHTS).stat().st_size < 120_000  # kilobytes, not megabytes
    assert PolicyNetwork.load().hidden == (64, 64)


def test_policy_bot_is_registered_and_exported_where_bots_are() -> None:
    assert bots.BOTS["policy"] is PolicyBot
    assert bots.get_bot("policy") is PolicyBot
    assert uno.bots.PolicyBot is PolicyBot
    assert isinstance(bots.get_bot("policy")(3), PolicyBot)


@pytest.mark.parametrize(
    ("rules", "players"), [("mattel", 2), ("mattel", 4), ("swedish", 3), ("danish", 4)]
)
def test_policy_bot_chooses_only_legal_actions(rules: str, players: int) -> None:
    for state in _games(6, 7, rules, players):
        seat = state.current_player
        assert seat is not None
        assert PolicyBot(1).act(state, seat) in uno.legal_actions(state, seat)


def test_policy_bot_plays_whole_games_in_play_and_tournament() -> None:
    start = uno.new_game(3, "mattel", seed=11)
    table: list[bots.Bot] = [PolicyBot(1), bots.HeuristicBot(2), bots.RandomBot(3)]
    *_, (_, last) = bots.play(start, table, rounds=1)
    assert last.phase is uno.Phase.ROUND_OVER and last.round_winner is not None
    result = uno.tournament(["policy", "random"], games=10, seed=3)
    assert result.bots == ("policy", "random")
    assert sum(result.wins) + result.stuck_rounds == result.rounds_played == 10


def test_policy_bot_is_deterministic_for_a_seed() -> None:
    def moves(seed: int) -> list[uno.Action]:
        start = uno.new_game(2, "mattel", seed=21)
        return [a for a, _ in bots.play(start, [PolicyBot(seed), PolicyBot(seed + 1)], rounds=1)]

    assert moves(5) == moves(5)


def test_policy_bot_refuses_rules_its_observation_cannot_read() -> None:
    for profile in ("mattel-no-mercy", "mattel-flip"):
        state = uno.new_game(2, profile, seed=1)
        before = state
        with pytest.raises(ValueError, match="PolicyBot's observation encodes the 56 classic"):
            PolicyBot(0).act(state, state.current_player or 0)
        assert state == before


def test_policy_bot_catches_a_forgotten_uno_in_and_out_of_turn() -> None:
    rules = uno.MATTEL.but(hand_size=2)
    deal = uno.Deal(dealer=1, hands=[["R2", "G5"], ["B1", "R9"]], turned=["R7"])
    state = uno.new_game(2, rules, deal=deal)
    forgot = uno.apply(state, uno.Play(0, "R2"))  # seat 0 lays R2 without saying UNO
    assert 0 in forgot.uno_exposed
    assert PolicyBot(0).interject(forgot, 1) == uno.CatchUno(1, 0)
    assert PolicyBot(0).act(forgot, 1) == uno.CatchUno(1, 0)


def test_policy_bot_choices_drop_calls_and_plays_that_forget_uno() -> None:
    rules = uno.MATTEL.but(hand_size=2)
    deal = uno.Deal(dealer=1, hands=[["R2", "G5"], ["B1", "R9"]], turned=["R7"])
    view = uno.observe(uno.new_game(2, rules, deal=deal), 0)
    assert policy.choices(view) == (uno.Play(0, "R2", uno=True), uno.Draw(0))


def test_policy_bot_weights_file_errors_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "other"}', encoding="utf-8")
    with pytest.raises(ValueError, match=r"policy weights .*bad\.json: format is not"):
        PolicyBot(0, weights=bad)
    with pytest.raises(ValueError, match=r"policy weights .*missing\.json: cannot read them"):
        PolicyBot(0, weights=tmp_path / "missing.json")


def test_policy_network_round_trips_its_weights_file(tmp_path: Path) -> None:
    net = PolicyNetwork.load()
    path = tmp_path / "again.json"
    path.write_text(net.to_json({"seed": 0}), encoding="utf-8")
    again = PolicyNetwork.load(path)
    x = {0: 0.25, 120: 1.0, 170: 1.0}
    assert again.scores(x, range(encoding.N_TOKENS)) == net.scores(x, range(encoding.N_TOKENS))


def test_policy_features_are_the_observation_vectors_entries() -> None:
    pytest.importorskip("numpy")
    obs = pytest.importorskip("unorules.agents.observation")
    index = policy.feature_indices(obs.SEGMENTS)
    assert len(index) == INPUTS
    assert [n for _, n in FEATURES] == [
        obs.SEGMENTS[name].stop - obs.SEGMENTS[name].start for name, _ in FEATURES
    ]
    for players, rules in ((2, "mattel"), (3, "swedish"), (4, "danish")):
        for state in _games(4, players, rules, players):
            seat = state.current_player
            assert seat is not None
            view = uno.observe(state, seat)
            for prefix, interjecting in (((), False), ((3, 3, 130), True)):
                full = obs.encode(
                    view,
                    prefix=prefix,
                    interjecting=interjecting,
                    rules=view.rules,
                    normalized=True,
                )
                mine = policy.features(view, prefix, interjecting=interjecting)
                # One writer for both (unorules.agents._vector): equal to the last bit.
                assert full[index].tolist() == mine


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (
            ["play", "--bot", "policy", "--bot", "heuristic", "--rounds", "1", "--seed", "1"],
            "round 1 over:",
        ),
        (
            ["match", "--bot", "policy", "--bot", "random", "--rounds", "1", "-q", "--seed", "2"],
            "policy",
        ),
        (["tournament", "--bot", "policy", "--bot", "random", "--games", "4", "-q"], "policy "),
    ],
)
def test_policy_bot_plays_in_the_command_by_name(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    from unorules.cli import main

    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert words in out and "Traceback" not in err


def _shipped_with(layer: int, field: str, value: object) -> dict[str, object]:
    doc: dict[str, object] = json.loads(Path(WEIGHTS).read_text(encoding="utf-8"))
    layers = doc["layers"]
    assert isinstance(layers, list)
    layers[layer][field] = value
    return doc


@pytest.mark.parametrize(
    ("layer", "field", "value", "words"),
    [
        (0, "weight", 123, r"layers\[0\]\.weight is not a base64 text but int$"),
        (1, "bias", None, r"layers\[1\]\.bias is not a base64 text but NoneType$"),
        (0, "bias", "not base64!", r"layers\[0\]\.bias is not base64 text$"),
        (2, "bias", "é", r"layers\[2\]\.bias is not base64 text$"),
        (1, "bias", "AAAAAA==", r"layers\[1\]\.bias: 2 numbers, not 64$"),
        (
            1,
            "bias",
            base64.b64encode(b"\x00\x7e" * 64).decode("ascii"),  # float16 NaN
            r"layers\[1\]\.bias holds a number that is not finite \(NaN or infinity\)$",
        ),
    ],
)
def test_policy_bot_weights_that_are_not_numbers_are_refused_naming_the_field(
    tmp_path: Path, layer: int, field: str, value: object, words: str
) -> None:
    bad = tmp_path / f"bad-{layer}-{field}.json"
    bad.write_text(json.dumps(_shipped_with(layer, field, value)), encoding="utf-8")
    with pytest.raises(ValueError, match=r"^policy weights .*bad-.*\.json: " + words):
        PolicyBot(0, weights=bad)


def test_policy_inputs_and_tokens_out_of_range_are_refused_naming_them() -> None:
    view = uno.observe(uno.new_game(2, seed=3), 0)
    net = PolicyNetwork.load()
    cases: list[tuple[object, str]] = [
        (lambda: policy.features(view, [3, 149]), r"^prefix\[1\] is 149, not a token"),
        (lambda: policy.features(view, [-1]), r"^prefix\[0\] is -1, not a token"),
        (lambda: policy.features(view, ["a"]), r"^prefix\[0\] is 'a', not a token"),  # type: ignore[list-item]
        (lambda: net.scores({INPUTS: 1.0}, [3]), r"^inputs has the key 406, not an input index"),
        (lambda: net.scores({-1: 1.0}, [3]), r"^inputs has the key -1, not an input index"),
        (lambda: net.scores({0: 1.0}, [True]), r"^tokens\[0\] is True, not a token"),
    ]
    for call, words in cases:
        with pytest.raises(ValueError, match=words):
            call()  # type: ignore[operator]


def test_policy_bot_decides_only_for_the_seat_to_act() -> None:
    state = uno.new_game(2, seed=4)
    other = 1 - (state.current_player or 0)
    words = f"^PolicyBot decides for the seat to act: the view is seat {other}'s, and seat"
    with pytest.raises(ValueError, match=words):
        PolicyBot(0).decide(uno.observe(state, other))
    with pytest.raises(ValueError, match=words):
        PolicyBot(0).act(state, other)


def test_policy_features_are_the_environments_vector_at_every_arena_decision() -> None:
    """The vector the environments (and PPO) read, version 1's ``encode_arena``, taken at
    ``feature_indices``, equals PolicyBot's inputs at every decision of arena games, the
    tokens chosen so far and the interjection windows included."""
    pytest.importorskip("numpy")
    obs = pytest.importorskip("unorules.agents.observation")
    from unorules.agents.arena import Arena

    index = policy.feature_indices(obs.SEGMENTS)
    rand = random.Random(5)
    checked = 0
    for players, rules in ((2, "mattel"), (3, "swedish"), (4, "danish")):
        arena = Arena(players, rules, interjections=True)
        encoder = obs.ObservationEncoder(players, arena.rules, normalized=True)  # version 1
        for game in range(3):
            arena.reset(seed=game)
            while not arena.done:
                seat = arena.actor
                assert seat is not None
                view = uno.observe(arena.state, seat)
                mine = policy.features(view, arena.prefix, interjecting=arena.interjecting)
                assert encoder.encode_arena(arena, seat)[index].tolist() == mine
                checked += 1
                tokens = arena.tokens()
                arena.step(tokens[rand.randrange(len(tokens))])
    assert checked > 300


def test_policy_bot_and_its_inputs_import_without_numpy() -> None:
    """PolicyBot runs in pure Python: numpy is an optional extra."""
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'numpy' or name.startswith('numpy.'):\n"
        "            raise ImportError('numpy is blocked')\n"
        "sys.meta_path.insert(0, Block())\n"
        "import unorules as uno\n"
        "from unorules.agents.policy import PolicyBot\n"
        "s = uno.new_game(2, seed=3)\n"
        "assert PolicyBot(1).act(s, s.current_player) in uno.legal_actions(s)\n"
        "assert 'numpy' not in sys.modules\n"
        "print('ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0 and done.stdout == "ok\n", done.stderr


def test_policy_network_shapes_that_do_not_fit_are_refused_naming_the_layer() -> None:
    out = ([[0.0] * encoding.N_TOKENS] * 2, [0.0] * encoding.N_TOKENS)
    cases = [
        (
            [([[0.0, 0.0]] * (INPUTS - 1), [0.0, 0.0]), out],
            "layers[0]: a weight of 406 rows, not 405",
        ),
        (
            [([[0.0, 0.0]] * (INPUTS - 1) + [[0.0]], [0.0, 0.0]), out],
            "layers[0]: row 405 of the weight has 1 numbers, not 2 (its bias's length)",
        ),
        (
            [([[0.0, 0.0]] * INPUTS, [0.0, 0.0]), ([[0.0], [0.0]], [0.0])],
            "layers: the last layer has 1 outputs, not 149",
        ),
    ]
    for layers, words in cases:
        with pytest.raises(ValueError) as refused:
            PolicyNetwork(layers)
        assert str(refused.value) == words
