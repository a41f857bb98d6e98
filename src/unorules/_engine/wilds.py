"""The wild cards: Wild (R6), Wild Draw Four (R7), Wild Shuffle Hands (R8) and Wild
Customizable (R9, A10, C14). The color named with a wild is set when it is laid
(:mod:`unorules._engine.play`); this room is what each does after that.

- a Wild passes the turn on; under the house rule ``wild_draws_two`` the next player
  draws two and loses the turn (C16);
- a Wild Draw Four opens a challenge (:mod:`unorules._engine.challenge`); laid as the last
  card, its victim simply draws (R11.3);
- a Wild Shuffle Hands pools every hand, shuffles and deals them out again from the
  player's left (R8.2, R8.3, A9); laid as the last card it goes out or redeals as the
  profile says (A9 iv);
- a Wild Customizable runs its registered effect (:mod:`unorules.effects`).

Turned up first and kept (R3.5), a wild does nothing but ask the player to the dealer's
left for the color (:func:`first_card`).

>>> import unorules as uno
>>> rules = uno.MATTEL.but(hand_size=2)
>>> deal = uno.Deal(dealer=1, hands=[["W", "G1"], ["B2", "B3"]], turned=["R3"])
>>> s = uno.apply(uno.new_game(2, rules, deal=deal), uno.Play(0, "W", "blue", uno=True))
>>> s.color, s.current_player
(<Color.BLUE: 'blue'>, 1)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Final

from unorules import rng
from unorules._engine import knowledge, piles, turns
from unorules._engine.challenge import draw_penalty, open_challenge
from unorules._engine.piles import INDEX, MoreChance, Named
from unorules._engine.turns import step
from unorules.actions import Play
from unorules.cards import Card, Color, Rank
from unorules.effects import EFFECTS
from unorules.errors import ErrorCode, IllegalAction
from unorules.rules import Rules, ShuffleHandsLastCard
from unorules.state import Draft, Phase, State, ledger

__all__ = [
    "customizable",
    "first_card",
    "shuffle_hands",
    "wild",
    "wild_draw_color",
    "wild_draw_four",
    "wild_draw_two",
]

_CHOOSE_COLOR: Final = Phase.CHOOSE_COLOR

_SHUFFLE_HANDS: Final = Rank.WILD_SHUFFLE_HANDS
_REDEAL: Final = ShuffleHandsLastCard.REDEAL


def wild(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> int:
    """A Wild: the next player moves (under ``wild_draws_two`` they draw two and are
    skipped, C16)."""
    p = a.player
    if d._match.rules.wild_draws_two:
        piles.draw(d, step(d, p, 1), 2, named)
        return step(d, p, 2)
    return step(d, p, 1)


def wild_draw_four(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> None:
    """A Wild Draw Four: the next player may challenge it or draw four (per card laid,
    plus any penalty it was stacked on); laid as the last card, they draw (R11.3)."""
    p = a.player
    victim = step(d, p, 1)
    total = pending + 4 * count
    if not rest:
        piles.draw(d, victim, total, named)
    else:
        open_challenge(d, s, p, victim=victim, total=total, hand_after=rest)


def wild_draw_two(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> None:
    """UNO Flip!'s Wild Draw Two (FL2.5): the next player may challenge it (guilty: its
    player draws 2 instead; innocent: the challenger draws 2 + 2) or draw 2, and loses
    the turn; laid as the last card, the next player draws 2 (FL2.7)."""
    p = a.player
    victim = step(d, p, 1)
    if not rest:
        piles.draw(d, victim, 2, named)
    else:
        open_challenge(d, s, p, victim=victim, total=2, hand_after=rest)


def wild_draw_color(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> None:
    """UNO Flip!'s Wild Draw Color (FL2.5): the next player may challenge it (guilty: its
    player draws until the color named instead; innocent: the challenger draws until it,
    then 2 more, FL-A10) or draw until the color named (FL-A9), and loses the turn; laid
    as the last card, the next player draws until the color (FL2.7). No card count is
    pending: the card on top says the draw is until its color."""
    p = a.player
    victim = step(d, p, 1)
    if not rest:
        draw_penalty(d, victim, 0, named)
    else:
        open_challenge(d, s, p, victim=victim, total=0, hand_after=rest)


def redeals_last_card(rules: Rules, card: Card) -> bool:
    """Whether ``card``, laid as the player's last card, deals the hands again instead of
    ending the round: a Wild Shuffle Hands under the Mattel reading (A9 iv), even when
    the redeal leaves the player no card."""
    return card.rank is _SHUFFLE_HANDS and rules.shuffle_hands_last_card is _REDEAL


def shuffle_hands(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> int | None:
    """Wild Shuffle Hands: pool every hand (the player's too), shuffle, deal one at a time
    from the player's left, clockwise, until none is left (R8.2, R8.3, A9)."""
    if not rest and not redeals_last_card(d._match.rules, a.card):
        return None  # it goes out (A9 iv)
    p = a.player
    m = d._match
    n = len(m.names)
    order = turns.seats_from(m, p)
    pool = [c for s in order for c in d.hands[s]]
    k = len(order)
    fixed = a.hands
    if fixed is not None:
        # The i-th seat in dealing order gets cards i, i + k, i + 2k, ... of the pool.
        sizes = [0] * n
        for i, seat in enumerate(order):
            sizes[seat] = len(range(i, len(pool), k))
        if len(fixed) != n or [len(h) for h in fixed] != sizes:
            raise IllegalAction(
                ErrorCode.DRAW_MISMATCH,
                f"hands= must give every seat its share of the {len(pool)} pooled cards,"
                f" dealt from player {order[0]}: sizes {sizes}",
            )
        if _count(itertools.chain(*fixed)) != _count(pool):
            raise IllegalAction(
                ErrorCode.DRAW_MISMATCH, "hands= must hold exactly the pooled cards"
            )
        d.hands = tuple(tuple(sorted(h, key=INDEX)) for h in fixed)
    else:
        if named is not None and named.probe:
            raise MoreChance(tuple(pool), tuple(order))  # a host deals this chance itself
        cards = rng._shuffled(pool, seed=m.seed, counter=d._ledger.rng_counter)
        ledger(d).rng_counter += 1
        if named is not None:
            named.shuffled = True
        dealt: list[tuple[Card, ...]] = [()] * n
        for i, seat in enumerate(order):
            dealt[seat] = tuple(sorted(cards[i::k], key=INDEX))
        d.hands = tuple(dealt)
    if named is not None:
        named.redealt = True
    knowledge.forget(d)  # pooled and dealt again: nobody knows another hand (R8.2)
    return step(d, p, 1)


def _count(cards: Iterable[Card]) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


class _Context:
    """The :class:`~unorules.EffectContext` a Wild Customizable's effect works with."""

    def __init__(self, d: Draft, player: int, named: Named | None) -> None:
        self._d = d
        self._named = named
        self.player = player
        color = d.color
        assert color is not None
        self.color: Color = color
        self.skip = 0
        self.again = False

    @property
    def players(self) -> int:
        return len(self._d._match.names)

    @property
    def next_player(self) -> int:
        return step(self._d, self.player, 1)

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self._d.hands[seat]

    def draw(self, seat: int, count: int) -> tuple[Card, ...]:
        return piles.draw(self._d, seat, count, self._named)

    def draw_until(self, seat: int, stop: Callable[[Card], bool]) -> tuple[Card, ...]:
        return piles.draw_until(self._d, seat, stop, None, self._named)

    def skip_next(self) -> None:
        self.skip += 1

    def extra_turn(self) -> None:
        self.again = True


def customizable(
    d: Draft,
    s: State,
    a: Play,
    count: int,
    rest: tuple[Card, ...],
    pending: int,
    named: Named | None,
) -> int:
    """Wild Customizable: its registered effect runs, then the turn passes as it says."""
    p = a.player
    ctx = _Context(d, p, named)
    EFFECTS[d._match.rules.customizable_effect](ctx)
    if ctx.again:
        return p
    return step(d, p, 1 + ctx.skip)


def first_card(d: Draft, dealer: int, named: Named | None) -> None:
    """A wild turned up first and kept (R3.5): the player to the dealer's left names the
    color (:class:`~unorules.ChooseColor`) and then plays. A Shuffle Hands shuffles
    nothing and a Customizable runs no effect (R8.6, R9.4); a Wild Draw Four is never
    kept: it goes back into the pile (R3.5)."""
    d.current_player = step(d, dealer, 1)
    d.phase = _CHOOSE_COLOR
    d.color = None
