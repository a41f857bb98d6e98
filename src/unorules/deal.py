"""An explicit deal: how a round starts when the host (or a transcript) did the shuffling.

>>> deal = Deal(dealer=0, hands=[["R1", "G2"], ["B3", "Y4"]], turned=["G5"])
>>> deal.hands[1]
(Card.parse('B3'), Card.parse('Y4'))
>>> deal.draw_pile is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from unorules._echo import shown
from unorules.cards import Card

__all__ = ["Deal"]


def _cards(value: Iterable[Card | str]) -> tuple[Card, ...]:
    if isinstance(value, str | Card):
        raise TypeError(f"expected a list of cards, not a single card {shown(value)}")
    return tuple(c if isinstance(c, Card) else Card.parse(c) for c in value)


def _opt_cards(value: Iterable[Card | str] | None) -> tuple[Card, ...] | None:
    return None if value is None else _cards(value)


def _dealer(value: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"dealer is a seat, a whole number, not {value!r}")
    return value


def _hands(value: Sequence[Iterable[Card | str]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(_cards(hand) for hand in value)


@attrs.frozen
class Deal:
    """The start of a round as it was dealt: used by :func:`unorules.new_game` and
    :class:`unorules.NextRound` instead of the state's own shuffling.

    Attributes:
        dealer: the dealing seat.
        hands: the cards dealt to each seat (in seat order; an eliminated seat gets none).
        turned: the cards turned up to start the discard pile, in order; the last is the
            first card in play (earlier ones went back into the pile, e.g. a first Wild Draw
            Four).
        draw_pile: the draw pile once the start is over, top first; or None when its order
            is unknown (then the state shuffles the remainder with its generator, and a
            transcript must name every drawn card).

    ``hands`` + ``turned`` + ``draw_pile`` must be exactly the deck (code ``bad_deal``
    otherwise); with ``draw_pile=None`` the remainder is whatever the deck has left.

    >>> Deal(dealer=1, hands=[["R1"], ["G2"]], turned=["WD4"])
    Traceback (most recent call last):
    ...
    ValueError: not a card: 'WD4' (examples: R7, G+2, BS, YR, W, W+4, WS, WC, 'red 7')
    """

    dealer: int = attrs.field(converter=_dealer)
    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    turned: tuple[Card, ...] = attrs.field(converter=_cards)
    draw_pile: tuple[Card, ...] | None = attrs.field(default=None, converter=_opt_cards)
