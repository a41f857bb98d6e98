"""The game: :func:`new_game`, :func:`legal_actions`, :func:`is_legal` and :func:`apply`.

:func:`apply` is the only way a game moves, and it is pure: it returns a new
:class:`~unorules.State` and never changes the one it is given, even when it rejects the
action with :class:`~unorules.IllegalAction`.

>>> import attrs, unorules as uno
>>> rules = attrs.evolve(uno.MATTEL, hand_size=3)
>>> deal = uno.Deal(dealer=1, hands=[["R2", "RR", "G4"], ["B1", "B7", "Y3"]], turned=["R7"])
>>> s = uno.new_game(2, rules, deal=deal)
>>> s.current_player, uno.legal_actions(s, 0)
(0, (Play(0, 'R2'), Play(0, 'RR'), Draw(0), CallUno(0)))

With two players a Reverse acts as a Skip (R5.5), so player 0 moves again:

>>> s2 = uno.apply(s, uno.Play(0, "RR"))
>>> str(s2.top_card), s2.current_player, len(s2.hands[0])
('RR', 0, 2)
>>> len(s.hands[0])  # the state it was applied to is unchanged
3
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter
from typing import Final, NoReturn

from unorules import rng
from unorules.actions import (
    Action,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    NextRound,
    Pass,
    Play,
)
from unorules.cards import ALL_CARDS, Card, Color, Rank
from unorules.deal import Deal
from unorules.effects import EFFECTS
from unorules.errors import ErrorCode, IllegalAction
from unorules.rules import (
    FirstDiscard,
    MultiPlay,
    Rules,
    ShuffleHandsLastCard,
    Stacking,
    TwoPlayerReverse,
    UnoWindow,
    WildDrawFourBlockers,
    WildDrawFourBluff,
    WildRestriction,
    get_profile,
)
from unorules.scoring import score_round
from unorules.state import (
    Discard,
    Match,
    Phase,
    State,
    _Draft,
    _Slots,
    draft,
    freeze,
    seal,
)

__all__ = ["apply", "cut_for_dealer", "is_legal", "legal_actions", "new_game"]

_PLAY: Final = Phase.PLAY
_DRAWN: Final = Phase.DRAWN
_CHALLENGE: Final = Phase.CHALLENGE
_PENALTY: Final = Phase.PENALTY
_CHOOSE: Final = Phase.CHOOSE_COLOR
_ROUND_OVER: Final = Phase.ROUND_OVER
_GAME_OVER: Final = Phase.GAME_OVER

_SKIP: Final = Rank.SKIP
_REVERSE: Final = Rank.REVERSE
_DRAW_TWO: Final = Rank.DRAW_TWO
_WILD: Final = Rank.WILD
_WD4: Final = Rank.WILD_DRAW_FOUR
_WSH: Final = Rank.WILD_SHUFFLE_HANDS
_WC: Final = Rank.WILD_CUSTOMIZABLE
_SEVEN: Final = Rank.SEVEN
_ZERO: Final = Rank.ZERO

# Reading an enum member as a class attribute goes through EnumType's Python-level
# attribute hook on CPython 3.11 (about 75 ns); the ones read on every game are kept here.
_FIRST_STAYS: Final = FirstDiscard.APPLY_EFFECTS
_FIRST_NO_SPECIALS: Final = FirstDiscard.RESHUFFLE_ALL_SPECIALS
_FIRST_EFFECTS: Final = (FirstDiscard.APPLY_EFFECTS, FirstDiscard.RESHUFFLE_WILDS_ONLY)
_REVERSE_SKIPS: Final = TwoPlayerReverse.SKIP
_COLORS: Final = tuple(Color)
_INDEX: Final = attrgetter("index")

# What may be laid on what by matching alone (R4.1, R4.2): on a colored top card, its color,
# its number or symbol, and every wild; on a wild, the named color and every wild.
_WILDS: Final = frozenset(c for c in ALL_CARDS if c.is_wild)
_ON_CARD: Final[dict[Card, frozenset[Card]]] = {
    top: frozenset(c for c in ALL_CARDS if c.is_wild or c.color is top.color or c.rank is top.rank)
    for top in ALL_CARDS
    if not top.is_wild
}
_ON_COLOR: Final[dict[Color, frozenset[Card]]] = {
    color: frozenset(c for c in ALL_CARDS if c.is_wild or c.color is color) for color in Color
}


_OF_COLOR: Final[dict[Color, frozenset[Card]]] = {
    color: frozenset(c for c in ALL_CARDS if c.color is color) for color in Color
}


def _matching(top: Card, color: Color | None) -> frozenset[Card]:
    if top.is_wild:
        return _ON_COLOR[color] if color is not None else frozenset()
    return _ON_CARD[top]


def _fail(code: ErrorCode, message: str) -> NoReturn:
    raise IllegalAction(code, message)


# == setting up ==================================================================================


def cut_for_dealer(cards: Sequence[Card | str]) -> tuple[int, ...]:
    """The seats with the highest card in the cut for the dealer: one seat deals; several
    tied seats draw again (R3.1, A16). Cards with a symbol count as zero.

    >>> cut_for_dealer(["RS", "G3", "W+4", "Y2"])
    (1,)
    >>> cut_for_dealer(["R5", "B5", "Y1"])
    (0, 1)
    """
    values = [_CUT_VALUE[c if isinstance(c, Card) else Card.parse(c)] for c in cards]
    if not values:
        raise ValueError("the cut needs at least one card")
    best = max(values)
    if values.count(best) == 1:
        return (values.index(best),)
    return tuple([seat for seat, value in enumerate(values) if value == best])


_CUT_VALUE: Final = {card: card.number if card.number is not None else 0 for card in ALL_CARDS}


_NAMES: Final = tuple(tuple(f"P{i}" for i in range(n)) for n in range(11))


def new_game(
    players: int | Sequence[str],
    rules: Rules | str | None = None,
    seed: int | None = None,
    *,
    deal: Deal | None = None,
) -> State:
    """Start a match: cut for the dealer, deal, turn the first card.

    Args:
        players: how many seats (2 to 10), or the players' names in seat order.
        rules: a :class:`~unorules.Rules` value or a profile name; ``"mattel"`` by default.
        seed: fixes every shuffle of the match; without it a fresh seed is drawn and
            recorded in the state (:attr:`~unorules.State.seed`).
        deal: start the first round from this explicit deal instead of cutting and
            shuffling (see :class:`~unorules.Deal`).

    >>> s = new_game(4, "mattel", seed=2024)
    >>> s.players, s.draw_pile_size, [len(h) for h in s.hands]
    (4, 83, [7, 7, 7, 7])
    >>> new_game(4, "mattel", seed=2024) == s  # the same seed, the same game
    True
    >>> new_game(1)
    Traceback (most recent call last):
    ...
    ValueError: UNO is played by 2 to 10 players, not 1
    """
    if isinstance(players, int) and not isinstance(players, bool):
        count = players
        names = _NAMES[count] if 0 <= count <= 10 else ()
    elif isinstance(players, Sequence) and not isinstance(players, str):
        names = tuple(players)
        count = len(names)
        if not all(isinstance(n, str) for n in names):
            raise TypeError("player names must be strings")
        if len(set(names)) != len(names):
            raise ValueError(f"player names must differ: {list(names)}")
    else:
        raise TypeError(f"players is a number of seats or a list of names, not {players!r}")
    if not 2 <= count <= 10:
        raise ValueError(f"UNO is played by 2 to 10 players, not {count}")
    if rules is None:
        rules = get_profile("mattel")
    elif isinstance(rules, str):
        rules = get_profile(rules)
    elif not isinstance(rules, Rules):
        raise TypeError(f"rules is a Rules value or a profile name, not {rules!r}")
    if seed is None:
        seed = rng.fresh_seed()
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"a seed is an integer from 0 to 2**64 - 1, not {seed!r}")
    elif not 0 <= seed < 1 << 64:
        raise ValueError(f"a seed is an integer from 0 to 2**64 - 1, not {seed!r}")
    if rules.teams:
        if count % rules.teams or count // rules.teams < 2:
            raise ValueError(
                f"{count} players cannot form {rules.teams} teams of at least two"
                " (seat s plays in team s % teams)"
            )
        sides = tuple(s % rules.teams for s in range(count))
    else:
        sides = tuple(range(count))
    if rules.hand_size * count + 1 > rules.deck_size:
        raise ValueError(
            f"{count} hands of {rules.hand_size} need more than the {rules.deck_size} cards"
        )
    counter = 0
    if deal is None:
        dealer, counter = _cut(count, rules, seed)
    else:
        if not isinstance(deal, Deal):
            raise TypeError(f"deal must be a Deal, not {deal!r}")
        dealer = deal.dealer
    match = Match(
        rules=rules,
        names=names,
        seed=seed,
        round=0,
        dealer=dealer,
        sides=sides,
        totals=(0,) * len(set(sides)),
        out=(False,) * count,
        turned=(),
    )
    return _start_round(match, counter, deal)


def _cut(count: int, rules: Rules, seed: int) -> tuple[int, int]:
    """Cut for the dealer with the generator; returns the dealer and the next counter."""
    counter = 0
    contenders: Sequence[int] = range(count)
    deck = rules.deck()
    while True:
        # Each round of the cut draws one card per contender from the whole deck (the
        # cut cards go back before the deal); tied highest seats draw again (A16).
        drawn = rng.sample(deck, len(contenders), seed=seed, counter=counter)
        counter += 1
        highest = cut_for_dealer(drawn)
        if len(highest) == 1:
            return contenders[highest[0]], counter
        contenders = [contenders[i] for i in highest]


def _returns_first(rules: Rules, card: Card) -> bool:
    """Whether a card turned up first goes back into the pile (R3.5, A2, C5)."""
    how = rules.first_discard
    if how is _FIRST_STAYS:
        return card.rank is _WD4
    if how is _FIRST_NO_SPECIALS:
        return card.is_action
    return card.is_wild


def _start_round(m: Match, counter: int, deal: Deal | None) -> State:
    """Deal (or take the explicit deal), turn the first card and apply its effect."""
    rules = m.rules
    n = len(m.names)
    d = _Draft()
    d.direction = 1
    d._strict = False
    d._idle = 0
    _settle_all(d)
    if deal is None:
        cards = rng._shuffled(rules.deck(), seed=m.seed, counter=counter)
        counter += 1
        # Dealt one card at a time from the dealer's left (R3.2): the i-th seat in that
        # order gets cards i, i + k, i + 2k, ... of the shuffled deck (k seats in play).
        order = _seats_from(m, m.dealer)
        k = len(order)
        dealt = rules.hand_size * k
        hands: list[tuple[Card, ...]] = [()] * n
        for i, seat in enumerate(order):
            hands[seat] = tuple(sorted(cards[i:dealt:k], key=_INDEX))
        d.hands = tuple(hands)
        top = cards[dealt]
        turned = [top]
        # The draw pile is _pile[_pos:]: it shares the shuffled deck's storage.
        d._pile = cards
        d._pos = dealt + 1
        if _returns_first(rules, top):
            pile = list(cards[dealt + 1 :])
            while True:
                # The card goes back into the pile at random, below the top (R3.5).
                at = 1 + rng.randbelow(len(pile), seed=m.seed, counter=counter)
                counter += 1
                pile.insert(at, top)
                top = pile.pop(0)
                turned.append(top)
                if not _returns_first(rules, top):
                    break
            d._pile = tuple(pile)
            d._pos = 0
    else:
        pile_known, pile_cards, counter = _check_deal(m, deal, counter)
        turned = list(deal.turned)
        top = turned[-1]
        d.hands = tuple(tuple(sorted(h, key=_INDEX)) for h in deal.hands)
        d._pile = pile_cards
        d._pos = 0
        d._strict = pile_known
    d._m = _with_turned(m, tuple(turned))
    d._rng = counter
    d._discard = (top, None)
    d.color = top.color
    dealer = m.dealer
    first = _step(d, dealer, 1)
    effects = rules.first_discard in _FIRST_EFFECTS
    rank = top.rank
    d.phase = _PLAY
    if top.is_wild:
        # A wild that stays (W, WS, WC under apply_effects): the first player names the
        # color; a Shuffle Hands or Customizable does nothing more (R3.5, R8.6, R9.4).
        d.current_player = first
        d.phase = _CHOOSE
        d.color = None
    elif effects and rank is _SKIP:
        _begin_turn(d, _step(d, dealer, 2))
    elif effects and rank is _REVERSE:
        d.direction = -1
        _begin_turn(d, dealer)
    elif effects and rank is _DRAW_TWO:
        _draw(d, first, 2, None)
        _begin_turn(d, _step(d, first, 1))
    else:
        _begin_turn(d, first)
    return freeze(d)


def _with_turned(m: Match, turned: tuple[Card, ...]) -> Match:
    """``m`` with the turned cards recorded. ``m`` is always a fresh Match that no state
    holds yet (made by :func:`new_game` or :class:`NextRound`), so it is completed in place
    instead of copied."""
    m.turned = turned
    return m


def _check_deal(m: Match, deal: Deal, counter: int) -> tuple[bool, tuple[Card, ...], int]:
    """Check an explicit deal (code bad_deal) and return the draw pile to use."""
    rules = m.rules
    n = len(m.names)
    bad = ErrorCode.BAD_DEAL
    if not isinstance(deal, Deal):
        raise TypeError(f"deal must be a Deal, not {deal!r}")
    if not isinstance(deal.dealer, int) or not 0 <= deal.dealer < n:
        _fail(bad, f"the dealer must be a seat of this table (0 to {n - 1}), not {deal.dealer!r}")
    if deal.dealer != m.dealer:
        _fail(bad, f"the dealer of this round is seat {m.dealer}, not {deal.dealer}")
    if len(deal.hands) != n:
        _fail(bad, f"{len(deal.hands)} hands dealt for {n} players")
    for seat, hand in enumerate(deal.hands):
        want = 0 if m.out[seat] else rules.hand_size
        if len(hand) != want:
            got = f"{len(hand)} card" + ("" if len(hand) == 1 else "s")
            _fail(bad, f"seat {seat} was dealt {got}, not {want}")
    if not deal.turned:
        _fail(bad, "no card was turned up to start the discard pile")
    for card in deal.turned[:-1]:
        if not _returns_first(rules, card):
            _fail(
                bad,
                f"{card} was turned up and then another card: under these rules {card}"
                " stays as the first card (R3.5)",
            )
    if _returns_first(rules, deal.turned[-1]):
        _fail(bad, f"{deal.turned[-1]} cannot be the first card in play: it goes back (R3.5)")
    deck = _count(rules.deck())
    used = _count(itertools.chain(*deal.hands, [deal.turned[-1]]))
    returned = deal.turned[:-1]
    if deal.draw_pile is not None:
        used = _count(itertools.chain(*deal.hands, [deal.turned[-1]], deal.draw_pile))
        if used != deck:
            _fail(bad, "hands, turned cards and draw pile are not the deck: " + _diff(deck, used))
        pile_count = _count(deal.draw_pile)
        for card in returned:
            if pile_count.get(card, 0) < returned.count(card):
                _fail(bad, f"{card} went back into the draw pile but is not in it")
        return True, deal.draw_pile, counter
    extra = {c: k - deck.get(c, 0) for c, k in used.items() if k > deck.get(c, 0)}
    if extra:
        # Only the excess: with draw_pile=None the rest of the deck is not "missing".
        too_many = (f"{k} {c} too many" for c, k in sorted(extra.items(), key=lambda i: i[0].index))
        _fail(bad, "more cards dealt than the deck holds: " + ", ".join(too_many))
    rest = [c for c in ALL_CARDS for _ in range(deck.get(c, 0) - used.get(c, 0))]
    pile = rng.shuffled(rest, seed=m.seed, counter=counter)
    return False, tuple(pile), counter + 1


def _count(cards: Iterable[Card]) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def _diff(deck: dict[Card, int], used: dict[Card, int]) -> str:
    parts = []
    for c in ALL_CARDS:
        k = used.get(c, 0) - deck.get(c, 0)
        if k > 0:
            parts.append(f"{k} {c} too many")
        elif k < 0:
            parts.append(f"{-k} {c} missing")
    return ", ".join(parts[:8]) + (", ..." if len(parts) > 8 else "")


# == turn order ================================================================================


def _seats_from(m: Match, seat: int) -> list[int]:
    """The seats still in the match clockwise, starting left of ``seat``."""
    n = len(m.names)
    order = [(seat + i) % n for i in range(1, n + 1)]
    return order if m.full else [s for s in order if not m.out[s]]


def _step(d: _Slots, seat: int, steps: int) -> int:
    """The seat ``steps`` places on from ``seat`` in the current direction, counting only
    seats still in the match."""
    m = d._m
    n = len(m.out)
    if len(m.active) == n:
        return (seat + d.direction * steps) % n
    out = m.out
    for _ in range(steps):
        seat = (seat + d.direction) % n
        while out[seat]:
            seat = (seat + d.direction) % n
    return seat


def _begin_turn(d: _Draft, seat: int) -> None:
    """Give ``seat`` a normal turn (a seat that lost its next turn passes it on)."""
    while d._lost and seat in d._lost:
        d._lost = tuple(s for s in d._lost if s != seat)
        seat = _step(d, seat, 1)
    if d._lock != seat:
        d._lock = -1  # only the move right after a Reverse is limited (C6)
    d.current_player = seat
    d.phase = _PLAY
    d._drawn = None
    if d._uno and seat in d._uno and d._m.rules.uno_window is UnoWindow.UNTIL_OFFENDER_TURN:
        # Swedish: the offender's own turn begins, so the call is overdue (C9).
        d._uno = tuple(s for s in d._uno if s != seat)
        d._overdue = (*d._overdue, seat)


def _two_players(d: _Slots) -> bool:
    return len(d._m.active) == 2


# == drawing ====================================================================================


class _Named:
    """The cards an action's ``drawn=`` names, consumed in order."""

    __slots__ = ("cards", "i")

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards
        self.i = 0

    def next(self) -> Card:
        if self.i >= len(self.cards):
            _fail(
                ErrorCode.DRAW_MISMATCH,
                f"drawn names {len(self.cards)} card(s) but this action draws more",
            )
        card = self.cards[self.i]
        self.i += 1
        return card

    def finish(self) -> None:
        if self.i != len(self.cards):
            _fail(
                ErrorCode.DRAW_MISMATCH,
                f"drawn names {len(self.cards)} card(s) but this action draws {self.i}",
            )


def _named(drawn: tuple[Card, ...] | None) -> _Named | None:
    return None if drawn is None else _Named(drawn)


def _rebuild(d: _Draft) -> bool:
    """Turn the discard pile but its top card into a new draw pile (R12.1, C13).

    While a Danish Wild Draw Four can still be taken back, the card under it stays too:
    a successful challenge restores it as the top card (A6)."""
    top = d._discard
    if (
        d.phase is _CHALLENGE
        and d._challenge is not None
        and d._m.rules.wd4_bluff is WildDrawFourBluff.TAKE_BACK
        and top[1] is not None
    ):
        top = top[1]  # keep the top two cards
    below = top[1]
    if below is None:
        return False
    rest: list[Card] = []
    node: Discard | None = below
    while node is not None:
        rest.append(node[0])
        node = node[1]
    d._pile = rng._shuffled(rest, seed=d._m.seed, counter=d._rng)
    d._rng += 1
    d._pos = 0
    d._strict = False
    d._discard = (top[0], None) if top is d._discard else (d._discard[0], (top[0], None))
    return True


def _draw_one(d: _Draft, named: _Named | None) -> Card | None:
    if d._pos >= len(d._pile) and not _rebuild(d):
        return None
    if named is None:
        card = d._pile[d._pos]
        d._pos += 1
        return card
    want = named.next()
    if d._strict:
        card = d._pile[d._pos]
        if card is not want:
            _fail(
                ErrorCode.DRAW_MISMATCH,
                f"the draw pile's next card is {card}, but drawn names {want}",
            )
        d._pos += 1
        return card
    rest = d._pile[d._pos :]
    try:
        i = rest.index(want)
    except ValueError:
        _fail(ErrorCode.DRAW_MISMATCH, f"drawn names {want}, which is not in the draw pile")
    d._pile = rest[:i] + rest[i + 1 :]
    d._pos = 0
    return want


def _give(d: _Draft, seat: int, cards: Sequence[Card]) -> None:
    """``seat`` takes ``cards`` into its hand, which stays in card order."""
    hand = d.hands[seat]
    if len(cards) == 1:
        card = cards[0]
        i = bisect.bisect_right(hand, card.index, key=_INDEX)
        new = (*hand[:i], card, *hand[i:])
    else:
        new = tuple(sorted((*hand, *cards), key=_INDEX))
    d.hands = _with_hand(d.hands, seat, new)


def _with_hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    """``hands`` with ``seat``'s hand replaced by ``hand``."""
    if len(hands) == 2:  # the commonest table: no list round trip
        return (hand, hands[1]) if seat == 0 else (hands[0], hand)
    new = list(hands)
    new[seat] = hand
    return tuple(new)


def _draw(d: _Draft, seat: int, count: int, named: _Named | None) -> tuple[Card, ...]:
    """``seat`` draws ``count`` cards (fewer when both piles run out: A12)."""
    got: list[Card] = []
    for _ in range(count):
        card = _draw_one(d, named)
        if card is None:
            break
        got.append(card)
    if got:
        _give(d, seat, got)
    return tuple(got)


def _draw_until(
    d: _Draft, seat: int, stop: Callable[[Card], bool], limit: int | None, named: _Named | None
) -> tuple[Card, ...]:
    got: list[Card] = []
    while limit is None or len(got) < limit:
        card = _draw_one(d, named)
        if card is None:
            break
        got.append(card)
        if stop(card):
            break
    if got:
        _give(d, seat, got)
    return tuple(got)


# == what may be played ===========================================================================


def _can_lay(d: _Slots, seat: int, card: Card, hand: tuple[Card, ...]) -> bool:
    """Whether ``seat`` may lay ``card`` (from ``hand``) on its normal turn now."""
    top = d._discard[0]
    if card not in _matching(top, d.color):
        return False
    return _restriction(d, seat, card, hand) is None


def _restriction(d: _Slots, seat: int, card: Card, hand: tuple[Card, ...]) -> IllegalAction | None:
    """Why a card that matches may still not be laid, or None."""
    rules = d._m.rules
    top = d._discard[0]
    if d._lock == seat and card.rank is top.rank and card.color is not d.color:
        return IllegalAction(
            ErrorCode.CARD_DOES_NOT_MATCH,
            f"{card}: the player right after a {top} may not answer it by symbol (C6)",
        )
    if card.is_wild and card.rank is not _WD4:
        how = rules.wild_restriction
        if how is WildRestriction.NO_CURRENT_COLOR:
            color = d.color
            if any(c.color is color for c in hand):
                return IllegalAction(
                    ErrorCode.WILD_RESTRICTED,
                    f"{card} may only be laid without a card of the current color"
                    f" ({color.value if color else '-'}) in hand (§2.4)",
                )
        elif how is WildRestriction.NO_OTHER_PLAYABLE:
            match = _matching(top, d.color)
            if any(c in match and not c.is_wild for c in hand):
                return IllegalAction(
                    ErrorCode.WILD_RESTRICTED,
                    f"{card} may only be laid when no other card can be (house rule)",
                )
    if rules.no_finish_on_action and len(hand) == 1 and card.is_action:
        return IllegalAction(
            ErrorCode.CARD_DOES_NOT_MATCH,
            f"{card}: the last card must be a number card (no_finish_on_action)",
        )
    return None


def _bluff(d: _Slots, hand_after: tuple[Card, ...]) -> bool:
    """Whether a Wild Draw Four laid now, leaving ``hand_after``, is guilty (R7.2, A4)."""
    if not hand_after:
        return False
    color = d.color
    if d._m.rules.wd4_blockers is WildDrawFourBlockers.COLOR:
        return color is not None and not _OF_COLOR[color].isdisjoint(hand_after)
    match = _matching(d._discard[0], color)
    return any(c in match and c.rank is not _WD4 for c in hand_after)


def _playable(d: _Slots, seat: int) -> list[Card]:
    """The distinct cards ``seat`` may lay on its normal turn, in card order."""
    hand = d.hands[seat]
    match = _matching(d._discard[0], d.color)
    simple = d._lock != seat and d._m.rules.wild_restriction is WildRestriction.NONE
    simple = simple and not d._m.rules.no_finish_on_action
    out: list[Card] = []
    last = None
    for card in hand:
        if card is last:
            continue
        last = card
        if card in match and (simple or _restriction(d, seat, card, hand) is None):
            out.append(card)
    return out


# == legal actions ==============================================================================

_action_cache: dict[tuple[object, ...], tuple[Action, ...]] = {}


def _plays(seat: int, card: Card, uno: bool, target: int | None = None) -> tuple[Action, ...]:
    """The Play actions for one card: a color each for a wild, with and without UNO."""
    key = (seat, card, uno, target)
    found = _action_cache.get(key)
    if found is None:
        colors: tuple[Color | None, ...] = _COLORS if card.is_wild else (None,)
        found = tuple(
            Play(seat, card, color, uno=call, target=target)
            for color in colors
            for call in ((False, True) if uno else (False,))
        )
        _action_cache[key] = found
    return found


def _card_plays(s: _Slots, p: int, card: Card, hand: tuple[Card, ...]) -> tuple[Action, ...]:
    """The single-card plays of ``card`` by ``p``: with Seven-O a 7 that does not go out
    names each other seat as its swap target (A18); under ``no_finish_on_action`` an
    action card cannot be the last card (A18)."""
    if len(hand) == 1 and card.is_action and s._m.rules.no_finish_on_action:
        return ()
    if card.rank is _SEVEN and len(hand) > 1 and s._m.rules.seven_o:
        return tuple(a for t in s._m.active if t != p for a in _plays(p, card, len(hand) == 2, t))
    return _plays(p, card, len(hand) == 2)


def _single(kind: type[Action], *args: object) -> Action:
    key = (kind, *args)
    found = _action_cache.get(key)
    if found is None:
        found = (kind(*args),)  # type: ignore[arg-type]
        _action_cache[key] = found
    return found[0]


class _Seat:
    """One seat's interned actions, so listing them builds no new objects."""

    __slots__ = (
        "call",
        "call_only",
        "challenge",
        "challenge_call",
        "challenge_only",
        "draw",
        "draw_call",
        "draw_only",
        "one",
        "pass_",
        "pass_call",
        "pass_only",
        "two",
    )

    def __init__(self, p: int) -> None:
        self.one = {c: _plays(p, c, False) for c in ALL_CARDS}
        """The plays of each card by a hand that keeps two or more cards."""
        self.two = {c: _plays(p, c, True) for c in ALL_CARDS}
        """The plays of each card from a hand of two (without and with UNO)."""
        self.draw = _single(Draw, p)
        self.pass_ = _single(Pass, p)
        self.call = _single(CallUno, p)
        self.challenge = _single(Challenge, p)
        # How the seat's own actions end, alone or with its UNO call after them:
        self.draw_only: tuple[Action, ...] = (self.draw,)
        self.draw_call = (self.draw, self.call)
        """On a normal turn."""
        self.pass_only: tuple[Action, ...] = (self.pass_,)
        self.pass_call = (self.pass_, self.call)
        """After drawing a playable card."""
        self.challenge_only = (self.challenge, self.draw)
        self.challenge_call = (self.challenge, self.draw, self.call)
        """Facing a Wild Draw Four."""
        self.call_only: tuple[Action, ...] = (self.call,)


_SEATS: Final = tuple(_Seat(p) for p in range(10))
_CALLS: dict[tuple[int, ...], tuple[Action, ...]] = {}


def _calls(active: tuple[int, ...]) -> tuple[Action, ...]:
    found = _CALLS.get(active)
    if found is None:
        found = _CALLS[active] = tuple(_SEATS[p].call for p in active)
    return found


def legal_actions(state: State, player: int | None = None) -> tuple[Action, ...]:
    """Every action :func:`apply` accepts now, in a stable order; or only ``player``'s.

    The order: the current player's actions first (plays in card order, a wild once per
    color, each play that leaves one card without and with ``uno=True``; then draw, pass or
    challenge), then Jump-Ins, catches and UNO calls by seat. Actions that draw are listed
    without ``drawn``; :func:`apply` also accepts them naming the cards drawn. A multi-card
    play is listed once per outcome (the middle cards in card order); :func:`apply` accepts
    the middle cards in any order. Saying UNO is always allowed (C8), so every seat has a
    :class:`~unorules.CallUno`.

    >>> import attrs, unorules as uno
    >>> rules = attrs.evolve(uno.MATTEL, hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R2", "W"], ["B1", "B7"]], turned=["R7"])
    >>> uno.legal_actions(uno.new_game(2, rules, deal=deal), 0)  # doctest: +NORMALIZE_WHITESPACE
    (Play(0, 'R2'), Play(0, 'R2', uno=True),
     Play(0, 'W', 'red'), Play(0, 'W', 'red', uno=True), Play(0, 'W', 'yellow'),
     Play(0, 'W', 'yellow', uno=True), Play(0, 'W', 'green'), Play(0, 'W', 'green', uno=True),
     Play(0, 'W', 'blue'), Play(0, 'W', 'blue', uno=True), Draw(0), CallUno(0))
    """
    try:
        calm = state._calm  # only a State has it: cheaper than a type check
    except AttributeError:
        raise TypeError(
            f"legal_actions needs a State (from unorules.new_game), not {state!r}"
        ) from None
    current = state.current_player
    if player is not None and (player != current or type(player) is not int):
        _check_player(state._m, player)
    elif calm:
        # The common cases, kept lean: rules without house rules that change which cards
        # may be laid, no UNO window open, and a normal turn, a playable card just drawn,
        # or a Wild Draw Four to challenge or take.
        phase = state.phase
        # Tuples throughout: one to three playable cards are the rule, and concatenating
        # tuples of known size is cheaper than growing a list.
        out: tuple[Action, ...]
        if phase is _PLAY:
            tab = _SEATS[current]  # type: ignore[index]
            hand = state.hands[current]  # type: ignore[index]
            plays = tab.two if len(hand) == 2 else tab.one
            top = state._discard[0]
            match = _ON_COLOR[state.color] if top.is_wild else _ON_CARD[top]  # type: ignore[index]
            out = ()
            last = None
            for card in hand:  # in card order, so copies of a card are neighbours
                if card in match and card is not last:
                    last = card
                    out += plays[card]
            if state._m.rules.voluntary_draw or not out:
                if player is not None:
                    return out + tab.draw_call
                out += tab.draw_only
        elif phase is _DRAWN:
            tab = _SEATS[current]  # type: ignore[index]
            plays = tab.two if len(state.hands[current]) == 2 else tab.one  # type: ignore[index]
            if player is not None:
                return plays[state._drawn] + tab.pass_call  # type: ignore[index]
            out = plays[state._drawn] + tab.pass_only  # type: ignore[index]
        elif phase is _CHALLENGE:  # nothing stacks on a Wild Draw Four under these rules
            tab = _SEATS[current]  # type: ignore[index]
            if player is not None:
                return tab.challenge_call
            out = tab.challenge_only
        else:
            return _legal_general(state, player)
        if player is None:
            return out + _calls(state._m.active)
        return out + tab.call_only
    return _legal_general(state, player)


def _check_player(m: Match, player: object) -> None:
    """Accept a seat given as an ``int`` subclass (not ``bool``); reject anything else."""
    if not (
        isinstance(player, int) and 0 <= player < len(m.names) and not isinstance(player, bool)
    ):
        raise ValueError(
            f"there is no seat {player!r} at this table (seats 0 to {len(m.names) - 1})"
        )


def _legal_general(state: State, player: int | None) -> tuple[Action, ...]:
    """``legal_actions`` without the fast path: every phase and option."""
    phase = state.phase
    current = state.current_player
    if phase is _GAME_OVER:
        return ()
    if phase is _ROUND_OVER:
        return () if player is not None else (_single(NextRound),)
    assert current is not None
    out: list[Action] = []
    if player is None or player == current:
        out.extend(_turn_actions(state, current))
    active = state._m.active
    seats = active if player is None else (player,) if player in active else ()
    rules = state._m.rules
    top = state._discard[0]
    if rules.jump_in and phase is _PLAY and not top.is_wild:
        for seat in seats:
            if seat != current and top in state.hands[seat]:
                hand = state.hands[seat]
                out.extend(_card_plays(state, seat, top, hand))
                if rules.multi_play is not MultiPlay.NONE:
                    out.extend(_multi(state, seat, top, hand))
    exposed = state.uno_exposed
    for seat in seats:
        for target in exposed:
            if target != seat:
                out.append(_single(CatchUno, seat, target))
    for seat in seats:
        out.append(_single(CallUno, seat))
    return tuple(out)


def _turn_actions(s: State, p: int) -> list[Action]:
    phase = s.phase
    rules = s._m.rules
    hand = s.hands[p]
    out: list[Action] = []
    if phase is _PLAY:
        playable = _playable(s, p)
        for card in playable:
            out.extend(_card_plays(s, p, card, hand))
            if rules.multi_play is not MultiPlay.NONE and not card.is_wild:
                out.extend(_multi(s, p, card, hand))
        if not playable or rules.voluntary_draw:
            out.append(_single(Draw, p))
    elif phase is _DRAWN:
        drawn = s._drawn
        assert drawn is not None
        # Judged now, not when drawn: a catch or a false call may have added cards since,
        # and a wild restriction looks at the whole hand (A4).
        layable = _can_lay(s, p, drawn, hand)
        if layable:
            out.extend(_card_plays(s, p, drawn, hand))
        if not layable or not rules.draw_until_playable:
            out.append(_single(Pass, p))
    elif phase is _CHALLENGE or phase is _PENALTY:
        for card in _stackable(s, p):
            out.extend(_card_plays(s, p, card, hand))
        if phase is _CHALLENGE:
            out.append(_single(Challenge, p))
        out.append(_single(Draw, p))
    elif phase is _CHOOSE:
        out.extend(_single(ChooseColor, p, color) for color in _COLORS)
    return out


def _stackable(s: _Slots, p: int) -> list[Card]:
    """Cards the victim of a pending penalty may lay on it (house rules, A18, C16)."""
    rules = s._m.rules
    top = s._discard[0]
    out: list[Card] = []
    last = None
    for card in s.hands[p]:
        if card is last:
            continue
        last = card
        if _stacks_on(rules, top, s.color, card):
            out.append(card)
    return out


def _stacks_on(rules: Rules, top: Card, color: Color | None, card: Card) -> bool:
    if top.rank is _DRAW_TWO:
        if card.rank is _DRAW_TWO:
            return rules.stacking is not Stacking.NONE
        if card.rank is _WD4:
            return rules.stacking is Stacking.MIXED
        if card.rank is _SKIP:
            return rules.skip_bounce and card.color is color
        return False
    if top.rank is _WD4:
        return card.rank is _WD4 and rules.stacking is not Stacking.NONE
    return False


def _multi(s: _Slots, p: int, first: Card, hand: tuple[Card, ...]) -> list[Action]:
    """Multi-card plays starting with ``first``: one per outcome (cards laid, last card)."""
    rules = s._m.rules
    if first.is_wild:
        return []
    rest = list(hand)
    rest.remove(first)
    if rules.multi_play is MultiPlay.IDENTICAL:
        extra = [c for c in rest if c is first]
    else:
        extra = [c for c in rest if c.rank is first.rank and not c.is_wild]
    if not extra:
        return []
    counts = _count(extra)
    kinds = sorted(counts, key=_INDEX)
    out: list[Action] = []
    target_options: tuple[int | None, ...] = (None,)
    for amounts in itertools.product(*(range(counts[k] + 1) for k in kinds)):
        total = sum(amounts)
        if total == 0:
            continue
        chosen = [k for k, a in zip(kinds, amounts, strict=True) for _ in range(a)]
        left = len(hand) - 1 - total
        if rules.no_finish_on_action and left == 0 and first.is_action:
            continue
        if rules.seven_o and first.rank is _SEVEN and left > 0:
            target_options = tuple(t for t in s._m.active if t != p)
        else:
            target_options = (None,)
        for last_kind in dict.fromkeys(chosen):
            middle = list(chosen)
            middle.remove(last_kind)
            also = (*middle, last_kind)
            for t in target_options:
                for call in (False, True) if left == 1 else (False,):
                    out.append(Play(p, first, uno=call, also=also, target=t))
    return out


def is_legal(state: State, action: Action) -> bool:
    """Whether :func:`apply` accepts ``action`` now.

    >>> import attrs, unorules as uno
    >>> rules = attrs.evolve(uno.MATTEL, hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R2", "G5"], ["B1", "R9"]], turned=["R7"])
    >>> s = uno.new_game(2, rules, deal=deal)
    >>> uno.is_legal(s, uno.Play(0, "R2")), uno.is_legal(s, uno.Play(0, "G5"))
    (True, False)
    """
    try:
        apply(state, action)
    except IllegalAction:
        return False
    return True


# == apply ========================================================================================


def apply(state: State, action: Action) -> State:
    """The state after ``action``. Pure: ``state`` itself never changes.

    Raises :class:`~unorules.IllegalAction` (with a stable code and a message naming the
    rule) when the action is not allowed now; ``TypeError`` when it is not an action.

    >>> import attrs, unorules as uno
    >>> rules = attrs.evolve(uno.MATTEL, hand_size=2)
    >>> deal = uno.Deal(dealer=1, hands=[["R2", "G5"], ["B1", "R9"]], turned=["R7"])
    >>> s = uno.new_game(2, rules, deal=deal)
    >>> uno.apply(s, uno.Play(1, "R9"))
    Traceback (most recent call last):
    ...
    unorules.errors.IllegalAction: player 1 may not act now: it is player 0's turn
    >>> uno.apply(s, uno.Play(0, "G5"))
    Traceback (most recent call last):
    ...
    unorules.errors.IllegalAction: G5 does not match R7 (color red): lay the same color, ...
    """
    kind = type(action)
    # The fast paths accept only the current player's plain moves, so they need none of
    # the checks below; anything else (including every error) takes the general path.
    # They read state._calm first, so a value that is not a State fails there at no cost
    # to the common case, and is reported below.
    try:
        if kind is Play:
            done = _fast_play(state, action)  # type: ignore[arg-type]
            if done is not None:
                return done
        elif kind is Draw:
            done = _fast_draw(state, action)  # type: ignore[arg-type]
            if done is not None:
                return done
    except AttributeError:
        if type(state) is State:
            raise
    if type(state) is not State:
        raise TypeError(f"apply needs a State (from unorules.new_game), not {state!r}")
    return _apply_general(state, action)


def _apply_general(state: State, action: Action) -> State:
    """``apply`` without the fast paths: every rule, option and error check."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise TypeError(f"not an action: {action!r}")
    if state.phase is _GAME_OVER:
        _fail(ErrorCode.WRONG_PHASE, f"the match is over: {action} is not possible")
    if type(action) is not NextRound:
        _check_seat(state, action.player)  # type: ignore[union-attr]
    return handler(state, action)


def _check_seat(s: State, seat: int) -> None:
    m = s._m
    if not 0 <= seat < len(m.names):
        _fail(
            ErrorCode.NOT_YOUR_TURN,
            f"there is no seat {seat} at this table (seats 0 to {len(m.names) - 1})",
        )
    if m.out[seat]:
        _fail(ErrorCode.NOT_YOUR_TURN, f"player {seat} has been eliminated from the match")
    if s.phase is _ROUND_OVER:
        _fail(ErrorCode.WRONG_PHASE, "the round is over: only NextRound() is possible")


def _not_your_turn(s: State, seat: int) -> NoReturn:
    _fail(
        ErrorCode.NOT_YOUR_TURN,
        f"player {seat} may not act now: it is player {s.current_player}'s turn",
    )


def _turn_action(d: _Draft, actor: int) -> None:
    """A play, or a draw that is not a penalty: it closes UNO windows (C2, C9)."""
    if d._uno or d._overdue:
        if d._m.rules.uno_window is UnoWindow.NEXT_TURN_ACTION:
            d._uno = ()
        else:
            d._overdue = tuple(s for s in (*d._overdue, *d._uno) if s != actor)
            d._uno = ()


def _settle_uno(d: _Draft, before: tuple[tuple[Card, ...], ...], caller: int) -> None:
    """Who owes an UNO call once an action has resolved (A8, C7): every seat whose hand
    changed and now holds one card, except a player who called with the play."""
    hands = d.hands
    if hands is before:
        return
    for seat, hand in enumerate(hands):
        if hand is before[seat]:
            continue
        if seat in d._uno:
            d._uno = tuple(s for s in d._uno if s != seat)
        if seat in d._overdue:
            d._overdue = tuple(s for s in d._overdue if s != seat)
        if len(hand) == 1 and seat != caller:
            d._uno = (*d._uno, seat)


def _done(
    d: _Draft,
    named: _Named | None,
    before: tuple[tuple[Card, ...], ...],
    nxt: int | None = None,
) -> State:
    """Close an action: every card ``drawn=`` named was drawn, UNO obligations are settled
    (C7), the next turn begins (when ``nxt`` is given), and the draft is frozen."""
    if named is not None:
        named.finish()
    _settle_uno(d, before, -1)
    if nxt is not None:
        _begin_turn(d, nxt)
    return freeze(d)


def _remove(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...] | None:
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


def _fast_play(s: State, a: Play) -> State | None:
    """A plain play on a normal turn, done directly; None when the general path must
    decide (unusual options, an error to report, an UNO call owed, going out).

    Only for a calm state (``_calm``: no UNO window, lost turn or answer lock open, rules
    without house rules that change how cards are laid), which it leaves calm.
    """
    p = a.player
    if not s._calm or p != s.current_player or not a._single:
        return None
    card = a.card
    phase = s.phase
    if phase is not _PLAY and (phase is not _DRAWN or card is not s._drawn):
        return None
    m = s._m
    hand = s.hands[p]
    size = len(hand)
    if size == 2:
        if not a.uno:
            return None  # the general path opens the UNO window (C7)
    elif a.uno and m.rules.false_uno_penalty:
        return None  # a false call costs cards (C16)
    top = s._discard[0]
    if card not in (_ON_COLOR[s.color] if top.is_wild else _ON_CARD[top]):  # type: ignore[index]
        return None
    try:
        i = hand.index(card)  # cards compare by identity, so this is a C-level scan
    except ValueError:
        return None
    rank = card.rank
    if card.is_wild:
        color = a.color
        if color is None or rank is _WSH or (rank is _WC and not m.plain_custom):
            return None
    elif a.color is not None:
        return None
    else:
        color = card.color
    if size == 1 and (rank is _DRAW_TWO or rank is _WD4):
        return None  # going out with a penalty for the next player
    # draft_move(s), written out here and in _fast_draw, as seal(d) is at their ends:
    # these two carry most moves, and the two calls cost 2.5% of a benchmark game.
    d = _Draft()
    d._m = m
    d._calm = True
    d._pile = s._pile
    d._pos = s._pos
    d._strict = s._strict
    d.direction = s.direction
    d._rng = s._rng
    d._pending = s._pending
    d._challenge = s._challenge
    d._uno = s._uno
    d._overdue = s._overdue
    d._lost = s._lost
    d._lock = s._lock
    rest = hand[:i] + hand[i + 1 :]
    hands = s.hands
    if len(hands) == 2:  # _with_hand(hands, p, rest), written out
        d.hands = (rest, hands[1]) if p == 0 else (hands[0], rest)
    else:
        d.hands = _with_hand(hands, p, rest)
    d._discard = (card, s._discard)
    d.phase = _PLAY
    d._drawn = None
    d.color = color
    d._idle = 0
    direction = s.direction
    if size == 1:  # going out (R11.1)
        if rank is _REVERSE:
            d.direction = -direction
        d.current_player = p
        return _end_round(d, p)
    n = len(m.names)
    if card.number is not None:
        nxt = (p + direction) % n
    elif rank is _SKIP:
        nxt = (p + 2 * direction) % n
    elif rank is _REVERSE:
        direction = d.direction = -direction
        if n == 2 and m.rules.two_player_reverse is _REVERSE_SKIPS:
            nxt = p
        else:
            nxt = (p + direction) % n
            if not m.rules.next_may_answer_symbol:
                d._lock = nxt
                d._calm = False
    elif rank is _DRAW_TWO:
        victim = (p + direction) % n
        pos = s._pos
        if pos + 2 > len(s._pile):
            return None  # the pile must be rebuilt
        d._pos = pos + 2
        _give(d, victim, s._pile[pos : pos + 2])
        nxt = (p + 2 * direction) % n
    elif rank is not _WD4:  # a Wild, or a Wild Customizable that acts as one
        nxt = (p + direction) % n
    else:  # Wild Draw Four: the victim may challenge (R7.3)
        d._pending = 4
        d._challenge = (p, _bluff(s, rest), s.color)
        d.current_player = (p + direction) % n
        d.phase = _CHALLENGE
        return seal(d)
    d.current_player = nxt
    d.__class__ = State  # type: ignore[assignment]  # seal(d)
    return d  # type: ignore[return-value]


def _apply_play(s: State, a: Play) -> State:
    p = a.player
    card = a.card
    phase = s.phase
    current = s.current_player
    rules = s._m.rules
    jump = False
    if phase is _PLAY:
        if p != current:
            if not rules.jump_in:
                _not_your_turn(s, p)
            jump = True
    elif p != current:
        _not_your_turn(s, p)
    elif phase is _DRAWN:
        if card is not s._drawn or a.also:
            _fail(
                ErrorCode.WRONG_PHASE,
                f"after drawing, only the card drawn ({s._drawn}) may be laid (R4.5)",
            )
    elif phase is _CHALLENGE or phase is _PENALTY:
        if a.also:
            _fail(
                ErrorCode.WRONG_PHASE,
                f"player {p} answers the pending {s._pending} cards with one card:"
                " several cards are laid together only on a normal turn (A18)",
            )
        if not _stacks_on(rules, s._discard[0], s.color, card):
            what = "challenge or draw" if phase is _CHALLENGE else "draw"
            _fail(
                ErrorCode.WRONG_PHASE,
                f"player {p} must {what} the pending {s._pending} cards now;"
                f" {card} cannot be stacked on {s._discard[0]} under these rules",
            )
    else:
        _fail(ErrorCode.WRONG_PHASE, f"player {p} must first name the color (R3.5)")
    hand = s.hands[p]
    laid = (card, *a.also) if a.also else (card,)
    rest = _remove(hand, laid)
    if rest is None:
        held = list(hand)
        missing = []
        for c in laid:
            if c in held:
                held.remove(c)
            else:
                missing.append(c)
        _fail(
            ErrorCode.CARD_NOT_IN_HAND,
            f"player {p} does not hold {' '.join(map(str, missing))}"
            + (f" (laying {' '.join(map(str, laid))})" if len(laid) > 1 else ""),
        )
    if card.is_wild:
        if a.color is None:
            _fail(ErrorCode.BAD_COLOR, f"{card} is a wild: name a color (red, yellow, green, blue)")
    elif a.color is not None:
        _fail(ErrorCode.BAD_COLOR, f"{card} is not a wild: it takes no color")
    if jump:
        top = s._discard[0]
        if card is not top or card.is_wild:
            _fail(
                ErrorCode.NOT_YOUR_TURN,
                f"player {p} may not act now: it is player {current}'s turn, and a Jump-In"
                f" needs a card identical to {top}, not a wild (A18); {card} is not one",
            )
    elif phase is _PLAY or phase is _DRAWN:
        if card not in _matching(s._discard[0], s.color):
            color = s.color.value if s.color else "-"
            _fail(
                ErrorCode.CARD_DOES_NOT_MATCH,
                f"{card} does not match {s._discard[0]} (color {color}):"
                " lay the same color, number or symbol, or a wild (R4.1)",
            )
        why = _restriction(s, p, card, hand)
        if why is not None:
            raise why
    if a.also:
        _check_also(rules, card, a.also, rest)
    target = a.target
    if rules.seven_o and card.rank is _SEVEN and rest:
        if target is None or target == p or target not in s._m.active:
            _fail(
                ErrorCode.WRONG_PHASE,
                f"a 7 swaps hands (Seven-O): name another seat still in play as target,"
                f" not {target}",
            )
    elif target is not None:
        _fail(ErrorCode.WRONG_PHASE, f"target is only for a Seven-O 7 that swaps hands: {a}")
    if a.hands is not None and (card.rank is not _WSH or (not rest and _goes_out_wsh(rules))):
        _fail(ErrorCode.WRONG_PHASE, "hands= only fixes the deal of a Wild Shuffle Hands")
    if rules.no_finish_on_action and not rest and any(c.is_action for c in laid):
        _fail(
            ErrorCode.CARD_DOES_NOT_MATCH,
            f"{laid[-1]}: the last card must be a number card (no_finish_on_action)",
        )

    d = draft(s)
    before = s.hands
    named = _named(a.drawn)
    _turn_action(d, p)
    d._idle = 0
    d.hands = _with_hand(s.hands, p, rest)
    node: Discard = s._discard
    prev_color = s.color
    for c in laid:
        node = (c, node)
    d._discard = node
    top = laid[-1]
    d.color = a.color if card.is_wild else top.color
    d._drawn = None
    d._lock = -1
    d.current_player = p
    pending = s._pending if phase is _CHALLENGE or phase is _PENALTY else 0
    d._pending = 0
    d._challenge = None
    out = not rest
    k = len(laid)
    rank = card.rank
    nxt: int | None = None  # None: the effect set the turn itself
    if rank is _WD4:
        victim = _step(d, p, 1)
        total = pending + 4 * k
        if out:
            _draw(d, victim, total, named)
        else:
            guilty = _bluff(s, rest)
            d._pending = total
            d._challenge = (p, guilty, prev_color)
            d.current_player = victim
            d.phase = _CHALLENGE
    elif rank is _DRAW_TWO:
        victim = _step(d, p, 1)
        total = pending + 2 * k
        if rules.stacking is not Stacking.NONE or rules.skip_bounce:
            if out:
                _draw(d, victim, total, named)
            else:
                d._pending = total
                d.current_player = victim
                d.phase = _PENALTY
        else:
            _draw(d, victim, total, named)
            nxt = _step(d, p, 2)
    elif rank is _SKIP:
        if phase is _PENALTY:
            # Skip bounce: the next player takes the penalty and is skipped (C16).
            victim = _step(d, p, 1)
            _draw(d, victim, pending, named)
            nxt = _step(d, p, 2)
        else:
            nxt = _step(d, p, 1 + k)
    elif rank is _REVERSE:
        if k % 2:
            d.direction = -d.direction
        if _two_players(d) and rules.two_player_reverse is TwoPlayerReverse.SKIP:
            nxt = _step(d, p, 1 + k)
        else:
            nxt = _step(d, p, 1)
            if not rules.next_may_answer_symbol:
                d._lock = nxt
    elif rank is _WSH:
        if out and _goes_out_wsh(rules):
            pass
        else:
            _shuffle_hands(d, p, a.hands)
            out = False
            nxt = _step(d, p, 1)
    elif rank is _WC:
        nxt = _custom(d, p, named)
    elif rank is _WILD:
        if rules.wild_draws_two:
            _draw(d, _step(d, p, 1), 2, named)
            nxt = _step(d, p, 2)
        else:
            nxt = _step(d, p, 1)
    else:
        if rules.seven_o and not out:
            if rank is _SEVEN:
                assert target is not None
                _swap(d, p, target)
            elif rank is _ZERO:
                for _ in range(k):
                    _rotate(d)
        nxt = _step(d, p, 1)
    ended = out and not d.hands[p]
    if not ended and a.uno and len(d.hands[p]) != 1 and rules.false_uno_penalty:
        # The false call's penalty is drawn by this play: ``drawn`` names it too (SPEC §1).
        _draw(d, p, rules.false_uno_penalty, named)
    if named is not None:
        named.finish()
    if ended:
        return _end_round(d, p)
    _settle_uno(d, before, p if a.uno else -1)
    if nxt is not None:
        _begin_turn(d, nxt)
    return freeze(d)


def _goes_out_wsh(rules: Rules) -> bool:
    return rules.shuffle_hands_last_card is ShuffleHandsLastCard.GO_OUT


def _check_also(rules: Rules, first: Card, also: tuple[Card, ...], rest: tuple[Card, ...]) -> None:
    if rules.multi_play is MultiPlay.NONE:
        _fail(
            ErrorCode.CARD_DOES_NOT_MATCH,
            "one card per turn (R4.3): laying several cards needs the multi_play house rule",
        )
    if first.is_wild or any(c.is_wild for c in also):
        _fail(ErrorCode.CARD_DOES_NOT_MATCH, "wild cards cannot be laid together with others")
    for c in also:
        same = c is first if rules.multi_play is MultiPlay.IDENTICAL else c.rank is first.rank
        if not same:
            kind = "identical to" if rules.multi_play is MultiPlay.IDENTICAL else "the same as"
            _fail(
                ErrorCode.CARD_DOES_NOT_MATCH,
                f"{c} cannot be laid with {first}: further cards must be {kind} {first} (A18)",
            )


def _swap(d: _Draft, p: int, target: int) -> None:
    hands = list(d.hands)
    hands[p], hands[target] = hands[target], hands[p]
    d.hands = tuple(hands)


def _rotate(d: _Draft) -> None:
    """Seven-O 0: every hand passes one seat in the direction of play (A18)."""
    hands = list(d.hands)
    new = list(hands)
    for seat in d._m.active:
        new[_step(d, seat, 1)] = hands[seat]
    d.hands = tuple(new)


def _shuffle_hands(d: _Draft, p: int, fixed: tuple[tuple[Card, ...], ...] | None) -> None:
    """Wild Shuffle Hands: pool every hand (the player's too), shuffle, deal one at a time
    from the player's left, clockwise, until none is left (R8.2, R8.3, A9)."""
    m = d._m
    n = len(m.names)
    order = _seats_from(m, p)
    pool = [c for s in order for c in d.hands[s]]
    k = len(order)
    if fixed is not None:
        # The i-th seat in dealing order gets cards i, i + k, i + 2k, ... of the pool.
        sizes = [0] * n
        for i, seat in enumerate(order):
            sizes[seat] = len(range(i, len(pool), k))
        if len(fixed) != n or [len(h) for h in fixed] != sizes:
            _fail(
                ErrorCode.DRAW_MISMATCH,
                f"hands= must give every seat its share of the {len(pool)} pooled cards,"
                f" dealt from player {order[0]}: sizes {sizes}",
            )
        if _count(itertools.chain(*fixed)) != _count(pool):
            _fail(ErrorCode.DRAW_MISMATCH, "hands= must hold exactly the pooled cards")
        d.hands = tuple(tuple(sorted(h, key=_INDEX)) for h in fixed)
        return
    cards = rng._shuffled(pool, seed=m.seed, counter=d._rng)
    d._rng += 1
    dealt: list[tuple[Card, ...]] = [()] * n
    for i, seat in enumerate(order):
        dealt[seat] = tuple(sorted(cards[i::k], key=_INDEX))
    d.hands = tuple(dealt)


class _Context:
    """The :class:`~unorules.EffectContext` a Wild Customizable's effect works with."""

    def __init__(self, d: _Draft, player: int, named: _Named | None) -> None:
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
        return len(self._d._m.names)

    @property
    def next_player(self) -> int:
        return _step(self._d, self.player, 1)

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self._d.hands[seat]

    def draw(self, seat: int, count: int) -> tuple[Card, ...]:
        return _draw(self._d, seat, count, self._named)

    def draw_until(self, seat: int, stop: Callable[[Card], bool]) -> tuple[Card, ...]:
        return _draw_until(self._d, seat, stop, None, self._named)

    def skip_next(self) -> None:
        self.skip += 1

    def extra_turn(self) -> None:
        self.again = True


def _custom(d: _Draft, p: int, named: _Named | None) -> int:
    ctx = _Context(d, p, named)
    EFFECTS[d._m.rules.customizable_effect](ctx)
    if ctx.again:
        return p
    return _step(d, p, 1 + ctx.skip)


def _end_round(d: _Draft, winner: int | None) -> State:
    m = score_round(d._m, d.hands, winner)
    d._m = m
    d.current_player = None
    d.phase = _GAME_OVER if m.winner is not None else _ROUND_OVER
    _settle_all(d)
    return freeze(d)


def _settle_all(d: _Draft) -> None:
    """Nothing pending: no penalty or challenge, no drawn card, no UNO window, lost turn
    or answer lock (a round that starts or ends)."""
    d._pending = 0
    d._challenge = None
    d._drawn = None
    d._uno = ()
    d._overdue = ()
    d._lost = ()
    d._lock = -1


def _fast_draw(s: State, a: Draw) -> State | None:
    """A plain one-card draw on a normal turn, or taking a Wild Draw Four unchallenged,
    in a calm state; None when the general path must decide."""
    p = a.player
    if not s._calm or p != s.current_player or a.drawn is not None:
        return None
    phase = s.phase
    m = s._m
    pos = s._pos
    pile = s._pile
    if phase is _CHALLENGE:
        # Accepting the penalty (R7.3): draw it and lose the turn.
        count = s._pending
        if pos + count > len(pile):
            return None  # the pile must be rebuilt
        d = draft(s)
        d._pos = pos + count
        _give(d, p, pile[pos : pos + count])
        d._pending = 0
        d._challenge = None
        d.current_player = (p + s.direction) % len(m.names)
        d.phase = _PLAY
        return seal(d)
    if phase is not _PLAY or not m.rules.voluntary_draw or pos >= len(pile):
        return None
    d = _Draft()  # draft_move(s), written out (see _fast_play)
    d._m = m
    d._calm = True
    d._pile = pile
    d._pos = pos + 1
    d._strict = s._strict
    d.direction = s.direction
    d._rng = s._rng
    d._pending = s._pending
    d._challenge = s._challenge
    d._uno = s._uno
    d._overdue = s._overdue
    d._lost = s._lost
    d._lock = s._lock
    card = pile[pos]
    d._idle = 0
    # _give(d, p, (card,)) written out: this is the commonest move after a plain play
    hand = s.hands[p]
    i = bisect.bisect_right(hand, card.index, key=_INDEX)
    new = (*hand[:i], card, *hand[i:])
    hands = s.hands
    if len(hands) == 2:  # _with_hand(hands, p, new), written out
        d.hands = (new, hands[1]) if p == 0 else (hands[0], new)
    else:
        d.hands = _with_hand(hands, p, new)
    top = d._discard = s._discard
    color = d.color = s.color
    if card in (_ON_COLOR[color] if top[0].is_wild else _ON_CARD[top[0]]):  # type: ignore[index]
        d.current_player = p
        d.phase = _DRAWN
        d._drawn = card
    else:
        d.current_player = (p + s.direction) % len(m.names)
        d.phase = _PLAY
        d._drawn = None
    d.__class__ = State  # type: ignore[assignment]  # seal(d)
    return d  # type: ignore[return-value]


def _apply_draw(s: State, a: Draw) -> State:
    p = a.player
    if p != s.current_player:
        _not_your_turn(s, p)
    phase = s.phase
    rules = s._m.rules
    named = _named(a.drawn)
    d = draft(s)
    before = s.hands
    if phase is _CHALLENGE or phase is _PENALTY:
        # Accepting the penalty: a penalty draw, not a turn action (A8).
        _draw(d, p, s._pending, named)
        d._pending = 0
        d._challenge = None
        nxt = _step(d, p, 1)
    elif phase is _PLAY:
        playable = _playable(s, p)
        if playable and not rules.voluntary_draw:
            _fail(
                ErrorCode.WRONG_PHASE,
                f"player {p} can play ({', '.join(map(str, playable))}) and these rules"
                " allow drawing only when unable to (A7)",
            )
        _turn_action(d, p)
        if rules.draw_until_playable or rules.draw_up_to > 1:
            limit = None if rules.draw_until_playable else rules.draw_up_to
            got = _draw_until(d, p, lambda c: _can_lay(d, p, c, d.hands[p]), limit, named)
        else:
            got = _draw(d, p, 1, named)
        if named is not None:
            named.finish()
        _settle_uno(d, before, -1)
        if not got:
            d._idle += 1
            if d._idle >= len(d._m.active):
                return _end_round(d, None)  # a stuck round (C15)
            _begin_turn(d, _step(d, p, 1))
            return freeze(d)
        d._idle = 0
        card = got[-1]
        if rules.play_drawn_card and _can_lay(d, p, card, d.hands[p]):
            d.phase = _DRAWN
            d._drawn = card
            return freeze(d)
        _begin_turn(d, _step(d, p, 1))
        return freeze(d)
    else:
        what = "name the color" if phase is _CHOOSE else "play the card drawn or pass"
        _fail(ErrorCode.WRONG_PHASE, f"player {p} must {what} now, not draw")
    return _done(d, named, before, nxt)


def _apply_pass(s: State, a: Pass) -> State:
    p = a.player
    if p != s.current_player:
        _not_your_turn(s, p)
    m = s._m
    if s.phase is _DRAWN and m.plain and m.full and not s._lost:
        d = draft(s)
        d.phase = _PLAY
        d._drawn = None
        d.current_player = (p + s.direction) % len(m.names)
        if d._uno and m.rules.uno_window is UnoWindow.UNTIL_OFFENDER_TURN:
            _begin_turn(d, d.current_player)
        return freeze(d)
    if s.phase is not _DRAWN:
        _fail(ErrorCode.WRONG_PHASE, "pass keeps a card just drawn: there is none now (R4.6)")
    drawn = s._drawn
    if s._m.rules.draw_until_playable and drawn is not None and _can_lay(s, p, drawn, s.hands[p]):
        _fail(ErrorCode.WRONG_PHASE, f"the card drawn ({drawn}) must be laid (A18)")
    d = draft(s)
    _begin_turn(d, _step(d, p, 1))
    return freeze(d)


def _apply_call(s: State, a: CallUno) -> State:
    p = a.player
    penalty = s._m.rules.false_uno_penalty
    if p in s._uno:
        d = draft(s)
        d._uno = tuple(x for x in s._uno if x != p)
    elif penalty and len(s.hands[p]) != 1:
        d = draft(s)
        named = _named(a.drawn)
        before = s.hands
        _draw(d, p, penalty, named)
        return _done(d, named, before)
    elif a.drawn:
        _fail(
            ErrorCode.DRAW_MISMATCH, f"drawn names {len(a.drawn)} card(s) but this call draws none"
        )
    else:
        return s  # an early or needless call changes nothing (R10.4, C8)
    if a.drawn:
        _fail(
            ErrorCode.DRAW_MISMATCH, f"drawn names {len(a.drawn)} card(s) but this call draws none"
        )
    return freeze(d)


def _apply_catch(s: State, a: CatchUno) -> State:
    p, target = a.player, a.target
    if target == p:
        _fail(ErrorCode.NOTHING_TO_CATCH, f"player {p} cannot catch themself")
    if not 0 <= target < s.players:
        _fail(
            ErrorCode.NOTHING_TO_CATCH,
            f"there is no seat {target} at this table (seats 0 to {s.players - 1}) to catch",
        )
    if target not in s.uno_exposed:
        if len(s.hands[target]) != 1:
            why = "has not one card"
        elif target in s._uno and s._m.rules.uno_window is UnoWindow.UNTIL_OFFENDER_TURN:
            why = "may still say UNO until another player has moved (C9)"
        else:
            why = "said UNO or can no longer be caught"
        _fail(ErrorCode.NOTHING_TO_CATCH, f"player {target} {why}: nothing to catch")
    rules = s._m.rules
    d = draft(s)
    d._uno = tuple(x for x in s._uno if x != target)
    d._overdue = tuple(x for x in s._overdue if x != target)
    named = _named(a.drawn)
    before = s.hands
    _draw(d, target, rules.uno_penalty, named)
    if named is not None:
        named.finish()
    if rules.uno_penalty_loses_turn:
        d._lost = (*d._lost, target)
        if d.current_player == target and d.phase is _PLAY:
            _begin_turn(d, target)
    _settle_uno(d, before, -1)
    return freeze(d)


def _apply_challenge(s: State, a: Challenge) -> State:
    p = a.player
    if s.phase is not _CHALLENGE:
        _fail(ErrorCode.WRONG_PHASE, "there is no Wild Draw Four to challenge now (A5)")
    if p != s.current_player:
        _fail(
            ErrorCode.NOT_YOUR_TURN,
            f"only player {s.current_player}, who must draw, may challenge (R7.3)",
        )
    assert s._challenge is not None
    offender, guilty, prev_color = s._challenge
    rules = s._m.rules
    named = _named(a.drawn)
    d = draft(s)
    before = s.hands
    pending = s._pending
    d._pending = 0
    d._challenge = None
    how = rules.wd4_bluff
    nxt: int
    if how is WildDrawFourBluff.CHALLENGE:
        if guilty:
            _draw(d, offender, pending, named)
            nxt = p if rules.challenger_plays_after_success else _step(d, p, 1)
        else:
            _draw(d, p, pending + 2, named)
            nxt = _step(d, p, 1)
    elif how is WildDrawFourBluff.TAKE_BACK:
        if guilty:
            wd4 = d._discard[0]
            below = d._discard[1]
            assert below is not None
            d._discard = below
            d.color = prev_color
            _give(d, offender, [wd4])
            _draw(d, offender, 2, named)
            rest = pending - 4
            if rest > 0:
                d._pending = rest
                d.current_player = p
                # Only the most recent Wild Draw Four can be challenged (A18): the rest
                # of the stack stands as a plain penalty.
                d.phase = _PENALTY
                return _done(d, named, before)
            nxt = p
        else:
            _draw(d, p, pending, named)
            nxt = _step(d, p, 1)
    else:  # the Swedish accusation (C10)
        if guilty:
            _draw(d, offender, 4, named)
        _draw(d, p, pending, named)
        nxt = _step(d, p, 1)
    return _done(d, named, before, nxt)


def _apply_choose(s: State, a: ChooseColor) -> State:
    p = a.player
    if s.phase is not _CHOOSE:
        _fail(ErrorCode.WRONG_PHASE, "a color is named this way only for a first wild card")
    if p != s.current_player:
        _not_your_turn(s, p)
    d = draft(s)
    d.color = a.color
    d.phase = _PLAY
    return freeze(d)


def _apply_next_round(s: State, a: NextRound) -> State:
    if s.phase is not _ROUND_OVER:
        _fail(ErrorCode.WRONG_PHASE, "the round is still being played")
    m = s._m
    n = len(m.names)
    dealer = (m.dealer + 1) % n
    while m.out[dealer]:
        dealer = (dealer + 1) % n
    nm = m.but(round=m.round + 1, dealer=dealer, round_winner=None, round_points=None)
    return _start_round(nm, s._rng, a.deal)


_HANDLERS: Final[dict[type, Callable[[State, Action], State]]] = {
    Play: _apply_play,  # type: ignore[dict-item]
    Draw: _apply_draw,  # type: ignore[dict-item]
    Pass: _apply_pass,  # type: ignore[dict-item]
    CallUno: _apply_call,  # type: ignore[dict-item]
    CatchUno: _apply_catch,  # type: ignore[dict-item]
    Challenge: _apply_challenge,  # type: ignore[dict-item]
    ChooseColor: _apply_choose,  # type: ignore[dict-item]
    NextRound: _apply_next_round,  # type: ignore[dict-item]
}
