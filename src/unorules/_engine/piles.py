"""The draw pile: drawing, the cards an action's ``drawn=`` names, the rebuild from the
discard pile (R12.1, C13); and taking cards into and out of hands, which stay in card
order.

>>> import attrs, unorules as uno
>>> from unorules.state import draft
>>> s = uno.new_game(2, seed=4)
>>> d = draft(s)
>>> got = draw(d, 0, 2, None)
>>> got == s.draw_pile[:2], len(d.hands[0])
(True, 9)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Final, NoReturn

from unorules import rng
from unorules._engine import mercy
from unorules.cards import Card
from unorules.errors import ErrorCode, IllegalAction
from unorules.state import Discard, Draft, ledger, side_of

__all__ = ["MoreChance", "Named", "draw", "draw_until", "give", "named", "take", "with_hand"]

INDEX: Final = attrgetter("index")
"""A card's place in card order: hands are sorted by it."""


def _mismatch(message: str) -> NoReturn:
    raise IllegalAction(ErrorCode.DRAW_MISMATCH, message)


class MoreChance(BaseException):
    """Raised while probing an action (``Named(..., probe=True)``) where it needs chance
    that it does not name: the first card it draws beyond those its ``drawn=`` names, or
    the redeal of a Wild Shuffle Hands without ``hands=``. A ``BaseException``, like
    ``GeneratorExit``: a signal that passes through code (a registered card effect) that
    catches ``Exception``."""

    def __init__(self, cards: tuple[Card, ...], seats: tuple[int, ...] = ()) -> None:
        super().__init__(cards, seats)
        self.cards = cards
        """A draw: what the card may be, the draw pile at that point, rebuilt if it ran
        out (its next card alone when its order is known). A redeal: the pooled cards."""
        self.seats = seats
        """A redeal: the seats in dealing order (pooled card ``i`` goes to seat
        ``seats[i % len(seats)]``). A draw: empty."""


class Named:
    """What chance produced for one action, and what the action did: the cards its
    ``drawn=`` names, consumed in order; or, with ``cards=None``, a log of the cards drawn
    from the top of the pile. The rooms that draw, move hands, take a card back or
    resolve a challenge note it here when they are given one (:func:`unorules.step`
    reports an action this way; :func:`~unorules.apply` gives none, and nothing is
    noted). With ``probe=True``, drawing one card more than ``cards`` names raises
    :class:`MoreChance` (:func:`unorules._engine.general.next_chance` asks this way)."""

    __slots__ = (
        "cards",
        "challenge_won",
        "discarded",
        "draws",
        "i",
        "knocked",
        "log",
        "moved",
        "probe",
        "rebuilt",
        "redealt",
        "shuffled",
        "taken_back",
    )

    def __init__(self, cards: tuple[Card, ...] | None, *, probe: bool = False) -> None:
        self.cards = cards
        self.probe = probe
        self.i = 0
        """How many of ``cards`` were drawn."""
        # The sequences are tuples grown by concatenation: an action draws once or twice,
        # and a tuple is cheaper to make (every action step takes has a log) and to hand on.
        self.log: tuple[Card, ...] = ()
        """With ``cards=None``: the cards drawn, in order."""
        self.draws: tuple[tuple[int, tuple[Card, ...]], ...] = ()
        """Who drew which cards, one entry per draw that drew any (:func:`draw`,
        :func:`draw_until`), in order."""
        self.rebuilt = False
        """The draw pile ran out and was rebuilt while the action drew."""
        self.shuffled = False
        """A Wild Shuffle Hands dealt the pooled hands with the generator."""
        self.moved: tuple[int, ...] | None = None
        """Seven-O moved the hands: the hand seat ``s`` held is now held by ``moved[s]``."""
        self.redealt = False
        """A Wild Shuffle Hands pooled the hands and dealt them again (with the generator
        or as ``hands=`` says)."""
        self.taken_back: tuple[int, Card] | None = None
        """A Wild Draw Four taken back into its player's hand: ``(seat, card)`` (A6)."""
        self.challenge_won: bool | None = None
        """A challenge resolved: whether it succeeded (the Wild Draw Four was a bluff)."""
        self.discarded: tuple[Card, ...] = ()
        """A Discard All's extra cards, put under it (No Mercy)."""
        self.knocked: tuple[int, ...] = ()
        """The seats the Mercy rule knocked out (No Mercy)."""

    def next(self) -> Card:
        cards = self.cards
        assert cards is not None
        if self.i >= len(cards):
            _mismatch(f"drawn names {len(cards)} card(s) but this action draws more")
        card = cards[self.i]
        self.i += 1
        return card

    def finish(self) -> None:
        """Every named card was drawn (code draw_mismatch otherwise)."""
        if self.cards is not None and self.i != len(self.cards):
            _mismatch(f"drawn names {len(self.cards)} card(s) but this action draws {self.i}")


def named(drawn: tuple[Card, ...] | None) -> Named | None:
    """The consumer of an action's ``drawn=``: None when it names nothing."""
    return None if drawn is None else Named(drawn)


def _rebuild(d: Draft) -> bool:
    """Turn the discard pile but its top card into a new draw pile (R12.1, C13), with
    the knocked-out hands set aside under the Mercy rule (No Mercy, NM1.8 item 3).

    While a Wild Draw Four can still be taken back (the pending challenge says so: the
    Danish sheet, A6), the card under it stays too: a successful challenge restores it."""
    top = d._discard
    challenge = d._ledger.challenge
    # A flag, not ``top is d._discard`` below: compiled, a read of the pair is a new tuple.
    two = challenge is not None and challenge.take_back and top[1] is not None
    if two:
        top = top[1]  # keep the top two cards
    below = top[1]
    aside = d._ledger.set_aside
    if below is None and not aside:
        return False
    rest: list[Card] = []
    node: Discard | None = below
    while node is not None:
        rest.append(node[0])
        node = node[1]
    w = ledger(d)
    if aside:
        rest += aside
        w.set_aside = ()
    d._pile = rng._shuffled(rest, seed=d._match.seed, counter=d._ledger.rng_counter)
    w.rng_counter += 1
    d._pile_start = 0
    w.pile_order_fixed = False
    d._discard = (d._discard[0], (top[0], None)) if two else (top[0], None)
    return True


def _draw_one(d: Draft, named: Named | None) -> Card | None:
    """The next card drawn, or None when both piles are spent (A12)."""
    if d._pile_start >= len(d._pile):
        if not _rebuild(d):
            return None
        if named is not None:
            named.rebuilt = True
    if named is None or named.cards is None:
        card = d._pile[d._pile_start]
        d._pile_start += 1
        if named is not None:
            named.log += (card,)
        return card
    if named.probe and named.i >= len(named.cards):
        start = d._pile_start
        raise MoreChance(
            d._pile[start : start + 1] if d._ledger.pile_order_fixed else d._pile[start:]
        )
    want = named.next()
    if want.up is not None:  # a UNO Flip! card is named light face up: turn it to the side
        want = want.facing(side_of(d))
    if d._ledger.pile_order_fixed:
        card = d._pile[d._pile_start]
        if card is not want:
            _mismatch(f"the draw pile's next card is {card}, but drawn names {want}")
        d._pile_start += 1
        return card
    rest = d._pile[d._pile_start :]
    try:
        i = rest.index(want)
    except ValueError:
        _mismatch(f"drawn names {want}, which is not in the draw pile")
    d._pile = rest[:i] + rest[i + 1 :]
    d._pile_start = 0
    return want


def draw(d: Draft, seat: int, count: int, named: Named | None) -> tuple[Card, ...]:
    """``seat`` draws ``count`` cards (fewer when both piles run out: A12)."""
    if d._match.mercy:
        return draw_until(d, seat, _never, count, named)
    start = d._pile_start
    if named is None and start + count <= len(d._pile):
        got = d._pile[start : start + count]  # the common case: off the top, no rebuild
        d._pile_start = start + count
    elif named is not None and named.cards is None and start + count <= len(d._pile):
        got = d._pile[start : start + count]  # the same, logged
        d._pile_start = start + count
        named.log += got
        named.draws += ((seat, got),)
    else:
        cards: list[Card] = []
        for _ in range(count):
            card = _draw_one(d, named)
            if card is None:
                break
            cards.append(card)
        got = tuple(cards)
        if named is not None and got:
            named.draws += ((seat, got),)
    if got:
        give(d, seat, got)
    return got


def draw_until(
    d: Draft, seat: int, stop: Callable[[Card], bool], limit: int | None, named: Named | None
) -> tuple[Card, ...]:
    """``seat`` draws one card at a time until ``stop(card)``, ``limit`` cards, or the
    piles run out; it keeps every card. Each card joins the hand as it is drawn, so
    ``stop`` judges it in the hand it would be laid from (the last-card rule counts the
    cards drawn before it). Under the Mercy rule the hand is checked after each card: one
    that reaches the count is knocked out, and the drawing stops (NM1.8, NM-A14)."""
    got: list[Card] = []
    while limit is None or len(got) < limit:
        card = _draw_one(d, named)
        if card is None:
            break
        got.append(card)
        give(d, seat, (card,))
        if mercy.reached(d, seat):
            mercy.knock_out(d, seat)
            if named is not None:
                named.knocked += (seat,)
            break
        if stop(card):
            break
    out = tuple(got)
    if named is not None and out:
        named.draws += ((seat, out),)
    return out


def _never(card: Card) -> bool:
    """A draw of a fixed count: no card stops it."""
    return False


def give(d: Draft, seat: int, cards: Sequence[Card]) -> None:
    """``seat`` takes ``cards`` into its hand, which stays in card order."""
    hand = d.hands[seat]
    if len(cards) == 1:
        card = cards[0]
        index = card.index
        i = 0
        for held in hand:  # a short hand in card order: compiled, a native loop
            if held.index > index:
                break
            i += 1
        new = hand[:i] + (card,) + hand[i:]  # noqa: RUF005 (two concatenations are cheaper)
    else:
        new = tuple(sorted((*hand, *cards), key=INDEX))
    d.hands = with_hand(d.hands, seat, new)


def with_hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    """``hands`` with ``seat``'s hand replaced by ``hand``."""
    if len(hands) == 2:  # the commonest table: no list round trip
        return (hand, hands[1]) if seat == 0 else (hands[0], hand)
    new = list(hands)
    new[seat] = hand
    return tuple(new)


def take(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """``hand`` without ``cards`` (one copy each), or None when it does not hold them."""
    if len(cards) == 1:
        card = cards[0]
        for i, c in enumerate(hand):
            if c is card:
                return hand[:i] + hand[i + 1 :]
        return None
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)
