"""An explicit deal: how a round starts when the host (or a transcript) did the shuffling.

>>> deal = Deal(dealer=0, hands=[["R1", "G2"], ["B3", "Y4"]], turned=["G5"])
>>> deal.hands[1]
(Card.parse('B3'), Card.parse('Y4'))
>>> deal.draw_pile is None
True
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from unorules._echo import shown, shown_int
from unorules.cards import Card, Side

__all__ = ["Deal"]


def _card_list(value: object, field: str) -> tuple[Card, ...]:
    """A list of cards, the error naming ``field``."""
    if isinstance(value, str | Card):
        raise TypeError(f"{field} is a list of cards, not a single card {shown(value)}")
    if not isinstance(value, Iterable):
        raise TypeError(f"{field} is a list of cards, not {shown_int(value)}")
    return _cards_at(value, field)


def _cards_at(value: Iterable[object], field: str) -> tuple[Card, ...]:
    """The cards of ``value`` in order; a bad one is named by its index in ``field``
    (``drawn[1]: not a card: 'X'``)."""
    out: list[Card] = []
    for item in value:
        if isinstance(item, Card):
            out.append(item.facing(Side.LIGHT))  # a UNO Flip! card is named light face up
            continue
        try:
            out.append(Card.parse(item))  # type: ignore[arg-type]  # parse names a non-string
        except TypeError as err:
            raise TypeError(f"{field}[{len(out)}]: {err}") from None
        except ValueError as err:
            raise ValueError(f"{field}[{len(out)}]: {err}") from None
    return tuple(out)


def _turned(value: Iterable[Card | str]) -> tuple[Card, ...]:
    return _card_list(value, "turned")


def _draw_pile(value: Iterable[Card | str] | None) -> tuple[Card, ...] | None:
    return None if value is None else _card_list(value, "draw_pile")


_SMALL: Final = 10**6
"""Seats up to this (either way) need no further check: the common case, kept cheap."""


def _too_long(value: int) -> bool:
    """Whether ``value`` has more digits than Python will write (4,300 unless changed with
    :func:`sys.set_int_max_str_digits`): such a seat is refused when a deal or an action is
    made, as ``repr``, the engine's messages and JSON could not write it. Other seats not
    at the table (-1, 10**30) are the engine's to refuse, with a rule code (``bad_deal``,
    ``not_your_turn``...)."""
    if -_SMALL <= value <= _SMALL:
        return False
    limit = sys.get_int_max_str_digits()
    return limit != 0 and abs(value) >= 10**limit


def _dealer(value: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"dealer is a seat, a whole number, not {shown(value)}")
    if not -_SMALL <= value <= _SMALL and _too_long(value):  # the check is cheap at a table
        raise TypeError(
            f"dealer is a seat, a whole number, not {shown_int(value)} (too long to write)"
        )
    return value


def _hands(value: Sequence[Iterable[Card | str]]) -> tuple[tuple[Card, ...], ...]:
    if isinstance(value, str | Card) or not isinstance(value, Iterable):
        raise TypeError(f"hands is a list of hands (lists of cards), not {shown_int(value)}")
    return tuple(_card_list(hand, f"hands[{seat}]") for seat, hand in enumerate(value))


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
    ValueError: turned[0]: not a card: 'WD4' (examples: R7, G+2, BS, YR, W, W+4, WS, WC, ...
    >>> Deal(dealer=1, hands=[["R1"], ["G2", 7]], turned=["R5"])
    Traceback (most recent call last):
    ...
    TypeError: hands[1][1]: a card is written as a string such as 'R7', not 7
    """

    dealer: int = attrs.field(converter=_dealer)
    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    turned: tuple[Card, ...] = attrs.field(converter=_turned)
    draw_pile: tuple[Card, ...] | None = attrs.field(default=None, converter=_draw_pile)
