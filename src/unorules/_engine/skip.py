"""Skip: the next player loses the turn (R5.1); the Skip bounce of a Draw Two (house
rule ``skip_bounce``, C16); and Skip Everyone (No Mercy's NM1.5, UNO Flip!'s dark
side FL2.5).

Several Skips laid together skip one player each (A18). Bounced on a pending Draw Two,
a Skip of the color in force passes the penalty on: the next player takes it and is
skipped. Turned up first, a Skip skips the player to the dealer's left (R3.5,
:func:`first_card`).

>>> import unorules as uno
>>> rules = uno.MATTEL.but(hand_size=2)
>>> deal = uno.Deal(dealer=2, hands=[["RS", "G1"], ["B2", "B3"], ["Y4", "Y5"]], turned=["R3"])
>>> uno.apply(uno.new_game(3, rules, deal=deal), uno.Play(0, "RS", uno=True)).current_player
2
"""

from __future__ import annotations

from typing import Final

from unorules._engine import piles
from unorules._engine.piles import Named
from unorules._engine.turns import step
from unorules.actions import Play
from unorules.cards import Card
from unorules.state import Draft, Phase, State

__all__ = ["first_card", "skip", "skip_everyone"]

_PENALTY: Final = Phase.PENALTY


def skip(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> int:
    """Skip the next player (one more for each further Skip laid with it)."""
    p = a.player
    if s.phase is _PENALTY:
        # Skip bounce: the next player takes the penalty and is skipped (C16).
        piles.draw(d, step(d, p, 1), pending, named)
        return step(d, p, 2)
    return step(d, p, 1 + count)


def skip_everyone(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> int:
    """Skip Everyone (No Mercy, NM1.5): every other player is skipped, and the player who
    laid it takes a whole new turn at once (a play if able, else draw until playable);
    the direction stays.

    >>> import unorules as uno
    >>> nm = uno.get_profile("mattel-no-mercy").but(hand_size=2)
    >>> deal = uno.Deal(dealer=2, hands=[["RSE", "G1"], ["B2", "B3"], ["Y4", "Y5"]],
    ...                 turned=["R3"])
    >>> s = uno.apply(uno.new_game(3, nm, deal=deal), uno.Play(0, "RSE", uno=True))
    >>> s.current_player, s.direction
    (0, 1)

    UNO Flip!'s dark Skip Everyone is the same rule (FL2.5): play returns to the player
    who laid it, who takes another full turn; with two players there is nothing else to
    decide (FL-A6). It is never turned up first: a round starts on the light side (FL2.3
    item 4).

    >>> s = uno.State.from_position(
    ...     "B6|TSE,Y1|W/B9|O5,B7|O3 B8|T4 teal 0+ play * side=dark", "mattel-flip"
    ... )
    >>> t = uno.apply(s, uno.Play(0, "TSE"))
    >>> t.current_player, str(t.top_card.face)
    (0, 'TSE')
    """
    return a.player


def first_card(d: Draft, dealer: int, named: Named | None) -> int:
    """A Skip turned up first (R3.5): the player to the dealer's left is skipped, and the
    next one starts."""
    return step(d, dealer, 2)
