"""The benchmark tooling's own logic: ``instructions.py --by-action`` groups the
benchmark's moves by kind, and its figures are only as good as that grouping."""

from __future__ import annotations

import argparse
import gc
import random
from collections.abc import Callable, Sequence

import attrs
import pytest
from loaders import BENCHMARKS, load_script

import unorules as uno

instructions = load_script(BENCHMARKS, "instructions")


def _kind(state: uno.State, action: uno.Action) -> str:
    kind: str = instructions.kind_of(state, action, uno.apply(state, action))
    return kind


def test_by_action_names_each_kind_of_move() -> None:
    rules = attrs.evolve(uno.MATTEL, hand_size=3)
    deal = uno.Deal(dealer=1, hands=[["R2", "RS", "W"], ["B1", "B7", "Y3"]], turned=["R7"])
    s = uno.new_game(2, rules, deal=deal)
    assert _kind(s, uno.Play(0, "R2")) == "number card"
    assert _kind(s, uno.Play(0, "RS")) == "Skip"
    assert _kind(s, uno.Play(0, "W", "blue")) == "Wild"
    assert _kind(s, uno.Draw(0)) in ("draw, turn passes", "draw, card may be laid")
    skipped = uno.apply(s, uno.Play(0, "RS"))  # with two players, 0 moves again
    assert _kind(skipped, uno.Play(0, "R2", uno=True)) == "play saying UNO"
    last = uno.State.from_position("W/B1,B7 R7 red 0+ play *", rules=rules)
    assert _kind(last, uno.Play(0, "W", "red")) == "play going out"


def test_by_action_groups_every_move_of_the_benchmark_once() -> None:
    groups = instructions.action_groups(2, 4, 1)
    listing = groups.pop("listing")
    assert set(groups) == set(instructions.KINDS)
    grouped = [pair for pairs in groups.values() for pair in pairs]
    assert len(grouped) == len(listing) > 0
    assert {id(state) for state, _ in grouped} == {id(state) for state, _ in listing}
    assert groups["number card"] and groups["draw, turn passes"]
    for state, action in groups["draw, card may be laid"]:
        assert uno.apply(state, action).phase is uno.Phase.DRAWN
    for state, action in groups["draw, turn passes"]:
        assert uno.apply(state, action).phase is uno.Phase.PLAY


def test_split_policy_workload_makes_the_benchmark_games_choices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # --split counts the policy by making its choice in every state of the benchmark's
    # games: with the same random generator, that is the games' own choices, in order.
    import bench

    made: list[uno.Action] = []
    policy = bench.make_policy

    def recording(
        profile: str = bench.PROFILE,
    ) -> Callable[[uno.State, Sequence[uno.Action], random.Random], uno.Action]:
        choose = policy(profile)

        def chosen(state: uno.State, acts: Sequence[uno.Action], rng: random.Random) -> uno.Action:
            made.append(choose(state, acts, rng))
            return made[-1]

        return chosen

    games = [a for history in bench.record_unorules(2, 3, 1) for a in history]
    monkeypatch.setattr(bench, "make_policy", recording)
    # The workload records the games first (with the policy: the first half of what is
    # made), then makes the counted choices: the same again, in the same order.
    try:
        exec(instructions._POLICY.format(players=2, games=3, repeats=1, rules="mattel"), {})
        assert made == games + games
        made.clear()
        exec(instructions._POLICY.format(players=2, games=3, repeats=0, rules="mattel"), {})
        assert made == games  # 0 repeats: only the recording, which both runs share
    finally:
        gc.enable()  # the workload turns the collector off for its counted run


def test_split_deals_workload_deals_the_benchmark_games(monkeypatch: pytest.MonkeyPatch) -> None:
    import bench

    dealt: list[tuple[int, uno.Rules, int]] = []
    new_game = uno.new_game

    def dealing(players: int, rules: uno.Rules, seed: int) -> uno.State:
        dealt.append((players, rules, seed))
        return new_game(players, rules=rules, seed=seed)

    monkeypatch.setattr(uno, "new_game", dealing)
    exec(instructions._DEALS.format(players=3, games=2, rules=bench.PROFILE), {})
    rules = uno.get_profile(bench.PROFILE)
    assert dealt == [(3, rules, bench.game_seed(1, 0)), (3, rules, bench.game_seed(1, 1))]


def test_split_target_must_be_a_number_above_zero() -> None:
    assert instructions.fraction("0.8") == 0.8
    for bad in ("0", "-1", "nan", "fast"):
        with pytest.raises(argparse.ArgumentTypeError):
            instructions.fraction(bad)


def test_engine_budget_leaves_out_the_deals_and_the_policy() -> None:
    figures = {"light": 800.0, "deals": 150.0, "policy": 250.0}
    assert instructions.engine_budget(figures, 0.80) == 600.0  # 1000 - 150 - 250
    assert instructions.engine_budget(figures, 0.50) == 1200.0


def test_rules_option_reaches_every_workload() -> None:
    # --rules NAME: each workload plays that profile through bench's one loop.
    import bench

    for code in (instructions._WORKLOAD["unorules"], instructions._DEALS, instructions._POLICY):
        assert "{rules!r}" in code
    exec(instructions._WORKLOAD["unorules"].format(players=2, games=2, rules="mattel-no-mercy"))
    groups = instructions.action_groups(2, 4, 1, "mattel-no-mercy")
    record = bench.record_unorules(2, 4, 1, "mattel-no-mercy")
    assert len(groups["listing"]) == sum(len(h) for h in record)
    with pytest.raises(SystemExit) as refused:  # argparse: a usage error names the choices
        instructions.main(["--rules", "no-such-profile"])
    assert refused.value.code == 2


def test_readers_workloads_run_each_reader_over_real_positions() -> None:
    """``readers.py``'s workloads: each runs its reader once at every position (the count
    ``run_here`` returns, which the figures divide by) without an error, for both
    encoder versions, and leaves the cyclic collector on as it found it."""
    pytest.importorskip("numpy")
    readers = load_script(BENCHMARKS, "readers")
    assert gc.isenabled()
    for name, (code, fields) in readers.READERS.items():
        calls = readers.run_here(code, fields)
        assert calls > 100, name  # 20 games of at most 60 steps
        assert readers.run_here(code, fields, repeats=1) == calls, name
        assert gc.isenabled(), name


def test_policy_speed_times_policy_bot_on_the_states_where_bots_acted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``policy_speed.py`` records every state where either bot acted (both seats: the
    heuristic's states too) and times PolicyBot's ``act`` once on each of them per pass."""
    from unorules.agents import bots

    policy_speed = load_script(BENCHMARKS, "policy_speed")
    positions = policy_speed.states(2)
    seats = {seat for _, seat in positions}
    assert seats == {0, 1}
    for state, seat in positions:
        assert state.current_player == seat
    timed: list[tuple[uno.State, int]] = []
    act = bots.PolicyBot.act

    def counted(self: bots.PolicyBot, state: uno.State, seat: int) -> uno.Action:
        timed.append((state, seat))
        return act(self, state, seat)

    monkeypatch.setattr(bots.PolicyBot, "act", counted)
    policy_speed.decisions_per_second(positions[:20], passes=2)
    assert timed == positions[:20] * 2
