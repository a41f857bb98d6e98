"""The benchmark tooling's own logic: ``instructions.py --by-action`` groups the
benchmark's moves by kind, and its figures are only as good as that grouping."""

from __future__ import annotations

import attrs
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
