"""The benchmark's two policies (benchmarks/bench.py and benchmarks/_rlcard.py) play the
policy that issue 6 fixes: a uniformly random distinct playable card, a uniformly random
color for a wild, drawing only when nothing is playable, playing a drawn card when it
can, always calling UNO, never challenging. The speed ratios rest on both engines
playing it, so it is checked here on each engine's action lists.

Frequencies are counted over a fixed seed, so each test is deterministic; the bounds are
about four standard deviations wide, and a policy that weighted a wild by its four
colors, or a duplicated card twice, would fall far outside them.
"""

from __future__ import annotations

import collections
import random
import sys
from collections.abc import Iterable, Iterator
from typing import Any

import attrs
from loaders import BENCHMARKS, load_script

import unorules as uno

rlcard_bench: Any = sys.modules.get("_rlcard") or load_script(BENCHMARKS, "_rlcard")
bench: Any = sys.modules.get("bench") or load_script(BENCHMARKS, "bench")

SAMPLES = 4000


def _deal(hands: list[list[str]], turned: str = "R7", pile: list[str] | None = None) -> uno.State:
    rules = attrs.evolve(uno.MATTEL, hand_size=len(hands[0]))
    return uno.new_game(
        2, rules, deal=uno.Deal(dealer=1, hands=hands, turned=[turned], draw_pile=pile)
    )


def _choices(state: uno.State, seed: int = 5) -> list[uno.Action]:
    choose = bench.make_policy()
    player = state.current_player
    assert player is not None
    legal = uno.legal_actions(state, player)
    rng = random.Random(seed)
    picks = [choose(state, legal, rng) for _ in range(SAMPLES)]
    assert all(a in legal for a in picks)
    return picks


def _near(count: int, share: float) -> bool:
    sd: float = (SAMPLES * share * (1 - share)) ** 0.5
    return abs(count - SAMPLES * share) < 4 * sd


def test_unorules_policy_picks_each_distinct_playable_card_alike() -> None:
    # On R7 five distinct cards are playable (R2 twice, R5, G7, W, W+4); B9 is not.
    state = _deal(
        [["R2", "R2", "R5", "G7", "B9", "W", "W+4"], ["B1", "B1", "B3", "B3", "B4", "B4", "B5"]]
    )
    picks = _choices(state)
    assert all(isinstance(a, uno.Play) and not a.uno for a in picks)
    cards = collections.Counter(str(a.card) for a in picks)  # type: ignore[union-attr]
    assert set(cards) == {"R2", "R5", "G7", "W", "W+4"}
    assert all(_near(k, 1 / 5) for k in cards.values()), cards
    colors = collections.Counter(a.color for a in picks if a.card.is_wild)  # type: ignore[union-attr]
    assert set(colors) == set(uno.Side.LIGHT.colors)
    wilds = sum(colors.values())
    assert all(abs(k - wilds / 4) < 4 * (wilds * 3 / 16) ** 0.5 for k in colors.values()), colors


def test_unorules_policy_calls_uno_exactly_when_one_card_is_left() -> None:
    two = _choices(_deal([["R2", "W"], ["B1", "B2"]]))
    assert all(isinstance(a, uno.Play) and a.uno for a in two)
    cards = collections.Counter(str(a.card) for a in two)  # type: ignore[union-attr]
    assert _near(cards["R2"], 1 / 2) and _near(cards["W"], 1 / 2), cards
    three = _choices(_deal([["R2", "R3", "W"], ["B1", "B2", "B3"]]))
    assert not any(a.uno for a in three)  # type: ignore[union-attr]


def test_unorules_policy_draws_only_when_nothing_is_playable_and_plays_the_drawn_card() -> None:
    deck_rest = ["R3", "B4"]
    state = _deal([["G1", "B2"], ["Y1", "Y2"]], pile=None)
    assert _choices(state) == [uno.Draw(0)] * SAMPLES
    state = _deal([["G1", "B2"], ["Y1", "Y2"]], pile=_rest_of_deck(deck_rest))
    drawn = uno.apply(state, uno.Draw(0))
    assert drawn.phase is uno.Phase.DRAWN
    assert set(_choices(drawn)) == {uno.Play(0, "R3")}


def _rest_of_deck(top: list[str]) -> list[str]:
    """The draw pile of a two-card deal on R7: ``top`` first, then the rest of the deck."""
    used = collections.Counter(["G1", "B2", "Y1", "Y2", "R7", *top])
    rest: list[str] = []
    for card in uno.MATTEL.deck():
        if used[str(card)]:
            used[str(card)] -= 1
        else:
            rest.append(str(card))
    return top + rest


def test_unorules_policy_never_challenges_and_skips_catches() -> None:
    state = _deal([["R2", "W+4", "G3"], ["Y1", "Y2", "Y3"]])
    challenged = uno.apply(state, uno.Play(0, "W+4", "red"))
    assert set(_choices(challenged)) == {uno.Draw(1)}
    # P0 goes to one card without calling: P1 may catch, and lists CatchUno before its
    # CallUno; the policy still finds P1's plays (R9, calling UNO).
    state = _deal([["R2", "R3"], ["R9", "B5"]])
    exposed = uno.apply(state, uno.Play(0, "R2"))
    legal = uno.legal_actions(exposed, 1)
    assert uno.CatchUno(1, 0) in legal
    assert set(_choices(exposed)) == {uno.Play(1, "R9", uno=True)}


def test_rlcard_policy_picks_each_distinct_card_alike_and_a_wild_color_alike() -> None:
    legal = ["r-5", "r-5", "r-wild", "g-wild", "b-wild", "y-wild", "r-skip"]
    rng = random.Random(3)
    picks = collections.Counter(rlcard_bench.choose(legal, rng) for _ in range(SAMPLES))
    assert set(picks) <= set(legal)
    wild = sum(k for a, k in picks.items() if a.endswith("wild"))
    assert _near(picks["r-5"], 1 / 3) and _near(picks["r-skip"], 1 / 3) and _near(wild, 1 / 3)
    assert all(picks[c] > 0 for c in ("r-wild", "g-wild", "b-wild", "y-wild"))


def test_rlcard_policy_takes_the_draw_and_a_wild_draw_four_color() -> None:
    rng = random.Random(4)
    assert rlcard_bench.choose(["draw"], rng) == "draw"
    wd4 = ["r-wild_draw_4", "g-wild_draw_4", "b-wild_draw_4", "y-wild_draw_4"]
    picks = collections.Counter(rlcard_bench.choose(wd4, rng) for _ in range(SAMPLES))
    assert set(picks) == set(wd4) and all(_near(k, 1 / 4) for k in picks.values()), picks


def _no_mercy_states(players: int, games: int) -> list[uno.State]:
    record = bench.record_unorules(players, games, 1, "mattel-no-mercy")
    states: list[uno.State] = bench.replay(players, 1, record, "mattel-no-mercy")
    return states


def test_benchmark_plays_every_profile_with_the_general_policy_and_mattel_with_the_classic() -> (
    None
):
    # The classic policy reads mattel's listing by position; any other profile (No Mercy's
    # stacks, Roulette and 7 targets; Flip's faces) gets the policy read off the actions.
    assert bench.make_policy().__qualname__.startswith("classic_policy")
    assert bench.make_policy("mattel").__qualname__.startswith("classic_policy")
    for profile in bench.PROFILES[1:]:
        assert bench.make_policy(profile).__qualname__.startswith("general_policy")
    seconds, actions = bench.play_unorules(4, 6, 1, "mattel-no-mercy")
    record = bench.record_unorules(4, 6, 1, "mattel-no-mercy")
    assert seconds > 0 and actions == sum(len(history) for history in record)


def _general_choices(
    profile: str, states: Iterable[uno.State], seed: int
) -> Iterator[tuple[uno.State, uno.Action, list[uno.Play]]]:
    """The general policy's choice in each of ``states`` (checked legal), with the current
    player's plays it chose among."""
    choose = bench.make_policy(profile)
    rng = random.Random(seed)
    for state in states:
        player = state.current_player
        assert player is not None
        legal = uno.legal_actions(state, player)
        act = choose(state, legal, rng)
        assert act in legal
        yield state, act, [a for a in legal if type(a) is uno.Play and a.player == player]


def test_general_policy_on_no_mercy_lays_a_card_when_it_can_and_names_a_roulette_color() -> None:
    seen: collections.Counter[str] = collections.Counter()
    choices = _general_choices("mattel-no-mercy", _no_mercy_states(4, 30), 2)
    for state, act, plays in choices:
        seen[str(state.phase)] += 1
        if plays:
            assert isinstance(act, uno.Play)
            assert act.uno == any(p.uno for p in plays if p.card == act.card)
            seen["target"] += act.target is not None
        elif state.phase in (uno.Phase.ROULETTE, uno.Phase.CHOOSE_COLOR):
            assert isinstance(act, uno.ChooseColor) and act.player == state.current_player
        else:
            assert type(act) in (uno.Draw, uno.Pass)
    # the games reach No Mercy's own moves: stacks, Roulette victims, 7 swaps
    assert seen["penalty"] and seen["roulette"] and seen["target"], seen


def test_general_policy_picks_each_distinct_card_alike() -> None:
    choose = bench.make_policy("mattel-no-mercy")
    state = next(
        s
        for s in _no_mercy_states(4, 10)
        if s.phase is uno.Phase.PLAY
        and len({a.card for a in uno.legal_actions(s, s.current_player) if type(a) is uno.Play})
        >= 3
    )
    player = state.current_player
    assert player is not None
    legal = uno.legal_actions(state, player)
    cards = {a.card for a in legal if type(a) is uno.Play and a.player == player}
    rng = random.Random(6)
    picks = collections.Counter(choose(state, legal, rng).card for _ in range(SAMPLES))
    assert set(picks) == cards
    assert all(_near(k, 1 / len(cards)) for k in picks.values()), picks


def test_general_policy_on_flip_names_a_color_of_the_side_in_play_and_never_challenges() -> None:
    """``bench.py --rules mattel-flip``: the general policy plays UNO Flip!'s rounds to
    the end, lays a card when it can, names a color of the side in play (a wild's color on
    either side) and takes the Draw instead of challenging a Wild Draw Two or Draw Color."""
    assert "mattel-flip" in bench.PROFILES
    record = bench.record_unorules(4, 20, 1, "mattel-flip")
    states: list[uno.State] = bench.replay(4, 1, record, "mattel-flip")
    seen: collections.Counter[str] = collections.Counter()
    for state, act, plays in _general_choices("mattel-flip", states, 3):
        seen[str(state.phase)] += 1
        if plays:
            assert isinstance(act, uno.Play)
            if act.color is not None:
                assert act.color.side is state.side
                seen[state.side.value] += 1
        elif state.phase is uno.Phase.CHALLENGE:
            assert isinstance(act, uno.Draw)
        elif state.phase is uno.Phase.CHOOSE_COLOR:
            assert isinstance(act, uno.ChooseColor) and act.color.side is state.side
        else:
            assert type(act) in (uno.Draw, uno.Pass)
    # the games reach both sides' wild colors and Flip's challenges
    assert seen["light"] and seen["dark"] and seen["challenge"], seen
