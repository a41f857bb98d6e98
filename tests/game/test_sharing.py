"""Structural sharing: a state after an action shares with the state before it every part
the action did not change, checked by object identity (not by timing)."""

from __future__ import annotations

import copy
import pickle
import sys

import pytest

import unorules as uno


def _discard_nodes(state: uno.State) -> list[object]:
    nodes = []
    node: object = state._discard
    while node is not None:
        nodes.append(node)
        node = node[1]  # type: ignore[index]
    return nodes


@pytest.mark.incompatible_with_mypyc(
    "compiled, a state holds the discard pile's top pair unboxed (mypyc's fixed-length"
    " tuple), so each read of _discard is a new equal pair; the pile below it is shared"
)
def test_a_play_shares_the_pile_the_other_hands_and_the_discard_below() -> None:
    state = uno.State.from_position("R1,G2,B3/Y4,Y5,G7/G8,G9,B9 R5 red 0+ play *")
    after = uno.apply(state, uno.Play(0, "R1"))
    assert after._pile is state._pile  # the draw pile's storage is not copied
    assert after.hands[1] is state.hands[1] and after.hands[2] is state.hands[2]
    assert after.hands[0] is not state.hands[0]
    assert after._match is state._match  # rules, names, scores: one shared object
    assert after._discard[1] is state._discard  # the old pile is the new one's tail


@pytest.mark.incompatible_with_mypyc(
    "compiled, a state holds the discard pile's top pair unboxed (mypyc's fixed-length"
    " tuple), so each read of _discard is a new equal pair; the pile below it is shared"
)
def test_a_draw_shares_the_pile_storage_and_only_advances_past_the_card() -> None:
    state = uno.State.from_position("G2,B3/Y4,Y5 *,R5 red 0+ play R9,B1,B2")
    after = uno.apply(state, uno.Draw(0))
    assert after._pile is state._pile
    assert after.draw_pile_size == state.draw_pile_size - 1
    assert after.hands[1] is state.hands[1]
    assert after._discard is state._discard


def test_a_draw_two_shares_the_players_not_involved() -> None:
    state = uno.State.from_position("R+2,G2,B3/Y4,Y5,Y6/B7,B8,B9 R5 red 0+ play *")
    after = uno.apply(state, uno.Play(0, "R+2"))
    assert after.hands[2] is state.hands[2]
    assert after._pile is state._pile


def _unique_size(objects: list[object]) -> int:
    """Bytes of all distinct objects reachable through tuples from ``objects``."""
    seen: set[int] = set()
    total = 0
    stack = list(objects)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, uno.Card | int | bool | type(None)):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if isinstance(obj, tuple):
            stack.extend(obj)
        elif isinstance(obj, uno.State):
            stack.extend([obj.hands, obj._pile, obj._discard, obj._match])
    return total


def test_a_whole_game_history_costs_little_more_than_its_last_state() -> None:
    """Keeping every state of a round costs a small constant per action on top of the last
    state, instead of a full copy of the pile and the hands per action."""
    state = uno.new_game(4, seed=2026)
    history = [state]
    rng_pick = 0
    while not state.is_over and len(history) < 400:
        legal = uno.legal_actions(state, state.current_player)
        rng_pick = (rng_pick * 1103515245 + 12345) % 2**31
        state = uno.apply(state, legal[rng_pick % len(legal)])
        history.append(state)
    last = _unique_size([history[-1]])
    everything = _unique_size(list(history))
    per_action = (everything - last) / (len(history) - 1)
    # A full copy of one state (pile + hands + discard) is well over 1,500 bytes; a
    # shared history stays a few hundred bytes per action (one new hand tuple, the outer
    # hands tuple, one discard node and the state object itself).
    assert per_action < 600, per_action


def test_a_plain_play_and_draw_share_the_ledger() -> None:
    """What is owed and counted (the ledger) is one value shared until an action changes
    it: a plain play or draw changes none of it."""
    state = uno.State.from_position("R1,G2,B3/Y4,Y5,G7 R5 red 0+ play *")
    played = uno.apply(state, uno.Play(0, "R1"))
    assert played._ledger is state._ledger
    drew = uno.apply(played, uno.Draw(1))
    assert drew._ledger is state._ledger


def test_a_play_that_owes_a_call_gets_its_own_ledger() -> None:
    """Leaving one card without saying UNO opens a call (C7): a new ledger for the new
    state; the state before keeps its own, unchanged."""
    state = uno.State.from_position("R1,G2/Y4,Y5,G7 R5 red 0+ play *")
    after = uno.apply(state, uno.Play(0, "R1"))
    assert after._ledger is not state._ledger
    assert after._ledger.calls.open == (0,) and state._ledger.calls.open == ()
    assert after._ledger.calm is False and state._ledger.calm is True


def test_a_ledger_is_immutable_and_copies_as_itself() -> None:
    ledger = uno.new_game(2, seed=1)._ledger
    with pytest.raises(AttributeError, match="immutable"):
        ledger.idle_turns = 3
    with pytest.raises(AttributeError, match="immutable"):
        del ledger.idle_turns
    assert copy.copy(ledger) is ledger and copy.deepcopy(ledger) is ledger
    again = pickle.loads(pickle.dumps(ledger))
    assert type(again) is type(ledger) and again.key() == ledger.key()
    assert (again.calm, again.quiet) == (ledger.calm, ledger.quiet) == (True, True)
