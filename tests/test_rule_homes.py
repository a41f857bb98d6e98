"""Rules the engine keeps in one function each, asked by every route: whether a player may
draw on a normal turn (``may_draw``, R4.4, R4.5, A7).

Each test names the rule it checks and asserts exact outcomes on both routes: the fast
route (``unorules.apply`` and ``unorules.legal_actions`` in a calm state) and the general
route (``apply_general`` and ``legal_general``), which must agree because they ask the
same function.
"""

from __future__ import annotations

import attrs
import pytest

import unorules as uno
from unorules._engine.gate import fast_route
from unorules._engine.general import apply_general
from unorules._engine.listing import legal_general
from unorules._engine.moves import may_draw
from unorules.rules import FastPath

PROFILES = ("mattel", "mattel-108", "swedish", "danish")


def _refusal(state: uno.State, action: uno.Action) -> tuple[str, str]:
    """The code and message of the refusal of ``action``, the same on both routes."""
    with pytest.raises(uno.IllegalAction) as fast:
        uno.apply(state, action)
    with pytest.raises(uno.IllegalAction) as general:
        apply_general(state, action)
    assert (fast.value.code, str(fast.value)) == (general.value.code, str(general.value))
    return fast.value.code.value, str(fast.value)


# -- may_draw -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "with_a_card"),
    [("mattel", True), ("mattel-108", True), ("swedish", False), ("danish", False)],
)
def test_a7_may_draw_holding_a_card_to_lay_only_with_voluntary_draws(
    profile: str, with_a_card: bool
) -> None:
    """A7: the modern and older sheets let a player holding a playable card draw instead
    (R4.5); the Swedish and Danish sheets do not. With nothing to lay, every profile
    lets the player draw (R4.4)."""
    rules = uno.get_profile(profile)
    assert may_draw(rules, layable=True) is with_a_card
    assert may_draw(rules, layable=False) is True


def test_a7_the_fast_route_asks_may_draw_under_every_rules_that_may_refuse_a_draw() -> None:
    """A7: the fast route skips ``may_draw`` only where ``Match.limits_draws`` is off,
    that is with every option declared ``LIMITS_DRAWS`` at its default; there
    ``may_draw`` allows every draw, whatever the profile."""
    limiting = [
        f.name for f in attrs.fields(uno.Rules) if f.metadata["fast"] is FastPath.LIMITS_DRAWS
    ]
    assert limiting == ["voluntary_draw"]
    for profile in PROFILES:
        for value in (False, True):
            rules = uno.get_profile(profile).but(voluntary_draw=value)
            if not fast_route(rules).limits_draws:
                assert value is True
                assert may_draw(rules, layable=True) and may_draw(rules, layable=False)


def test_a7_swedish_draw_holding_a_card_to_lay_is_refused_and_unlisted_on_both_routes() -> None:
    """A7 (E24): under the Swedish sheet, P1 holding R3 on R5 may not draw: neither
    listing offers the draw and both routes refuse it with the same message."""
    s = uno.State.from_position("G1/R3,B8/G2/G3 R5 red 1+ play *", rules=uno.get_profile("swedish"))
    assert s._calm
    assert uno.legal_actions(s, 1) == legal_general(s, 1)
    assert uno.Draw(1) not in uno.legal_actions(s, 1)
    assert uno.legal_actions(s) == legal_general(s, None)
    assert _refusal(s, uno.Draw(1)) == (
        "wrong_phase",
        "player 1 can play (R3) and these rules allow drawing only when unable to (A7)",
    )


@pytest.mark.parametrize("profile", ["swedish", "mattel"])
def test_r4_4_draw_with_nothing_to_lay_is_listed_and_taken_on_both_routes(profile: str) -> None:
    """R4.4: P1 with nothing to lay on R5 (Y3, B8) draws, under every profile: both
    listings offer the draw, and both routes give the same state (G7 drawn, kept: it
    does not match, so the turn passes to P2)."""
    s = uno.State.from_position(
        "G1/Y3,B8/G2/G3 *,R5 red 1+ play G7,R1 dealer=0", rules=uno.get_profile(profile)
    )
    assert s._calm
    assert uno.legal_actions(s, 1) == legal_general(s, 1) == (uno.Draw(1), uno.CallUno(1))
    fast = uno.apply(s, uno.Draw(1))
    assert fast == apply_general(s, uno.Draw(1))
    assert [str(c) for c in fast.hands[1]] == ["Y3", "G7", "B8"]
    assert fast.current_player == 2


def test_r4_5_mattel_draw_holding_a_card_to_lay_is_listed_and_taken_on_both_routes() -> None:
    """R4.5: under the modern sheet P1 holding R3 on R5 may draw instead of laying it;
    both listings offer the draw after its plays, and both routes give the same state."""
    s = uno.State.from_position("G1/R3,B8/G2/G3 *,R5 red 1+ play G7,R1 dealer=0")
    assert uno.legal_actions(s, 1) == legal_general(s, 1)
    assert uno.legal_actions(s, 1) == (
        uno.Play(1, "R3"),
        uno.Play(1, "R3", uno=True),
        uno.Draw(1),
        uno.CallUno(1),
    )
    fast = uno.apply(s, uno.Draw(1))
    assert fast == apply_general(s, uno.Draw(1))
    assert [str(c) for c in fast.hands[1]] == ["R3", "G7", "B8"]
    assert fast.current_player == 2
