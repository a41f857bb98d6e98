"""UNO Flip!'s Flip card: the whole table turns over (FL2.6).

Laying a Flip (on its color or on any Flip, FL2.5) puts it on the discard pile; then:

1. the whole discard pile is turned over as one stack: its order reverses and every card
   shows its other face, so the Flip just played ends up at the bottom and the new top
   card is the other face of the card that was at the bottom (FL2.6 item 2, FL-A5);
2. the draw pile is turned over: its order reverses and every card shows its other face
   (item 3);
3. every hand is turned around (item 4), and what a seat knows of another hand turns
   with it;
4. the side in play changes (item 5); the color in force is the new top card's. The new
   top card's action does nothing (FL-A4). If it is a wild, a player names the color
   (FL-A3): the next player (``flip_exposed_wild_chooser="next"``), who then plays, or the
   player who laid the Flip (``"flipper"``), after whom the next player plays;
5. play passes to the next player (item 6).

Laid as the last card, the Flip turns the table before the round is scored, so the hands
are scored by the side it turns to (``flip_last_card="resolve"``, FL-A11), or the round
ends at once (``"ignore"``). Turned up first, it is applied as if the dealer had laid it
(``flip_first_card="apply"``, FL-A2): see :func:`first_card`.

>>> import unorules as uno
>>> rules = uno.MATTEL_FLIP.but(hand_size=2)
>>> deal = uno.Deal(dealer=1, hands=[["RF|P8", "G1|O5"], ["B2|O8", "B3|V8"]], turned=["R7|O1"])
>>> s = uno.apply(uno.new_game(2, rules, deal=deal), uno.Play(0, "RF", uno=True))
>>> s.side, [str(c) for c in s.discard_pile], str(s.top_card.face), s.color.value
(<Side.DARK: 'dark'>, ['RF|P8', 'R7|O1'], 'O1', 'orange')
>>> s.current_player, [str(c.face) for c in s.hands[1]]
(1, ['O8', 'V8'])
"""

from __future__ import annotations

from typing import Final

from unorules._engine.piles import INDEX, Named
from unorules._engine.turns import step
from unorules.actions import Play
from unorules.cards import Card
from unorules.rules import FlipFirstCard, FlipLastCard, FlipWildChooser
from unorules.state import Discard, Draft, Fields, Phase, State, ledger

__all__ = ["chosen_after_flip", "first_card", "flip", "turn_over", "turned_over_table"]

_CHOOSE_COLOR: Final = Phase.CHOOSE_COLOR
_FLIPPER_CHOOSES: Final = FlipWildChooser.FLIPPER
_IGNORE_FIRST: Final = FlipFirstCard.IGNORE
_IGNORE_LAST: Final = FlipLastCard.IGNORE
_NEXT_CHOOSES: Final = FlipWildChooser.NEXT


def _over(card: Card) -> Card:
    other = card.other
    assert other is not None, f"{card} has one face: only UNO Flip! cards turn over"
    return other


def turn_over(d: Draft) -> None:
    """Turn the whole table over (FL2.6 items 2 to 5): the discard pile as one stack, the
    draw pile, every hand and what seats know of other hands; the color in force becomes
    the new top card's (None when it is a wild)."""
    node: Discard | None = d._discard
    below: Discard | None = None
    while node is not None:  # from the top down: the old top ends at the bottom
        below = (_over(node[0]), below)
        node = node[1]
    assert below is not None
    d._discard = below
    pile = d._pile[d._pile_start :]
    d._pile = tuple(_over(c) for c in reversed(pile))
    d._pile_start = 0
    d.hands = tuple(tuple(sorted(map(_over, hand), key=INDEX)) for hand in d.hands)
    known = d._ledger.known
    if known:
        ledger(d).known = tuple(
            (seat, owner, tuple(sorted(map(_over, cards), key=INDEX)))
            for seat, owner, cards in known
        )
    d.color = below[0].color


def flip(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> int | None:
    """A Flip laid: the table turns over, and the next player plays, or a player first
    names the color of an exposed wild (FL2.6, FL-A3, FL-A11)."""
    p = a.player
    rules = d._match.rules
    nxt = step(d, p, 1)
    if not rest and rules.flip_last_card is _IGNORE_LAST:
        return nxt  # the round is over: scored by the side of the Flip played (FL-A11)
    turn_over(d)
    if d.color is None and rest:  # an exposed wild: someone names the color (FL-A3)
        d.current_player = nxt if rules.flip_exposed_wild_chooser is _NEXT_CHOOSES else p
        d.phase = _CHOOSE_COLOR
        return None
    return nxt


def chosen_after_flip(s: Fields) -> bool:
    """Whether the color being named now is for a wild a laid Flip exposed (the discard
    pile holds more than the first card) under ``flip_exposed_wild_chooser="flipper"``:
    then the next player plays after it, not the one who named it (FL-A3)."""
    return (
        s._match.rules.flip_exposed_wild_chooser is _FLIPPER_CHOOSES and s._discard[1] is not None
    )


def first_card(d: Draft, dealer: int, named: Named | None) -> int | None:
    """A Flip turned up first under ``flip_first_card="apply"`` (FL-A2 (a)): as if the
    dealer had laid it, the table turns over and the round starts on the dark side with
    the player to the dealer's left, who first names the color if the face exposed is a
    wild (the sheet's rule for a first Wild); an exposed action does nothing (FL-A4).
    Under ``flip_first_card="ignore"`` it is a light card of its color (FL-A2 (c))."""
    if d._match.rules.flip_first_card is _IGNORE_FIRST:
        return step(d, dealer, 1)
    turn_over(d)
    first = step(d, dealer, 1)
    if d.color is None:
        d.current_player = first
        d.phase = _CHOOSE_COLOR
        return None
    return first


def turned_over_table(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards`` (a pile, in order) turned over as one stack: reversed, other faces up."""
    return tuple(_over(c) for c in reversed(cards))
