"""A round's start: the cut for the dealer (R3.1, A16), the deal (R3.2), the first card
and its effect (R3.5, A2, C5); an explicit deal's checks (``bad_deal``); the next round.

What each card does when it is turned up first is :data:`FIRST_CARD`, a table with an
entry for every rank: the card rooms' ``first_card`` functions, or
:func:`no_first_effect`. A rank without an entry stops the package from importing.

>>> import unorules as uno
>>> s = new_game(4, "mattel", seed=2024)
>>> s.players, s.draw_pile_size, [len(h) for h in s.hands]
(4, 83, [7, 7, 7, 7])
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final, NoReturn, TypeAlias

from unorules import rng
from unorules._echo import shown, shown_int, writable
from unorules._engine import draw_two, draws, flip, reverse, skip, turns, wilds
from unorules._engine.piles import INDEX, Named
from unorules._limits import refuse_past
from unorules.actions import NextRound
from unorules.cards import Card, Rank, Side
from unorules.deal import Deal
from unorules.errors import ErrorCode, IllegalAction
from unorules.rules import FirstDiscard, FlipFirstCard, Rules, get_profile, seat_sides
from unorules.state import Discard, Draft, Match, Phase, State, freeze, new_ledger

__all__ = [
    "FIRST_CARD",
    "FirstEffect",
    "cut_for_dealer",
    "new_game",
    "new_game_named",
    "next_round",
    "no_first_effect",
]

_ROUND_OVER: Final = Phase.ROUND_OVER

_FLIP: Final = Rank.FLIP
_REDRAW: Final = FlipFirstCard.REDRAW
_BURY: Final = FirstDiscard.BURY_UNTIL_NUMBER
_APPLY_EFFECTS: Final = FirstDiscard.APPLY_EFFECTS
_WD4: Final = Rank.WILD_DRAW_FOUR
_WILD_DRAW_TWO: Final = Rank.WILD_DRAW_TWO
_ALL_SPECIALS: Final = FirstDiscard.RESHUFFLE_ALL_SPECIALS
_PLAY: Final = Phase.PLAY
_LIGHT: Final = Side.LIGHT

_FIRST_EFFECTS: Final = (FirstDiscard.APPLY_EFFECTS, FirstDiscard.RESHUFFLE_WILDS_ONLY)


def _fail(code: ErrorCode, message: str) -> NoReturn:
    raise IllegalAction(code, message)


FirstEffect: TypeAlias = Callable[[Draft, int, "Named | None"], "int | None"]
"""What a card does when it is turned up first (R3.5), as ``effect(d, dealer, named)``:
``d`` is the new round's draft (the card on the discard pile, its color in force, the
direction 1, the phase ``play``), ``named`` the cards a draw it causes is named by (or
None). It returns the seat whose normal turn begins, or None when it set the turn
itself."""


def no_first_effect(d: Draft, dealer: int, named: Named | None) -> int:
    """No first-card effect: the player to the dealer's left starts (R3.4), matching the
    card (R3.5: a number card; under ``first_discard=no_effects`` every card, A2, C5).

    >>> import unorules as uno
    >>> deal = uno.Deal(dealer=0, hands=[["R1"], ["B1"], ["G1"]], turned=["Y5"])
    >>> s = uno.new_game(3, uno.MATTEL.but(hand_size=1), deal=deal)
    >>> s.current_player, s.direction, [len(h) for h in s.hands]
    (1, 1, [1, 1, 1])
    """
    return turns.step(d, dealer, 1)


def _every_rank(table: Mapping[Rank, FirstEffect]) -> dict[Rank, FirstEffect]:
    """``table`` as a dict, when it has an entry for every rank; else ``LookupError``
    naming the ranks without one, so that a new card family cannot silently do nothing
    when it is turned up first.

    >>> _every_rank({Rank.SKIP: no_first_effect})
    Traceback (most recent call last):
    ...
    LookupError: no first-card entry (R3.5) for ZERO, ONE, ... WILD_DRAW_COLOR: ...
    """
    missing = [rank.name for rank in Rank if rank not in table]
    if missing:
        raise LookupError(
            f"no first-card entry (R3.5) for {', '.join(missing)}: give each rank its"
            " room's first_card effect in FIRST_CARD, or no_first_effect"
        )
    return dict(table)


FIRST_CARD: Final[dict[Rank, FirstEffect]] = _every_rank(
    {
        **{rank: no_first_effect for rank in Rank if rank.number is not None},
        Rank.SKIP: skip.first_card,
        Rank.REVERSE: reverse.first_card,
        Rank.DRAW_TWO: draw_two.first_card,
        Rank.WILD: wilds.first_card,
        # Never reached: a Wild Draw Four turned up first goes back into the pile under
        # every first_discard (R3.5, A2); kept, it would ask for a color as any wild.
        Rank.WILD_DRAW_FOUR: wilds.first_card,
        Rank.WILD_SHUFFLE_HANDS: wilds.first_card,
        Rank.WILD_CUSTOMIZABLE: wilds.first_card,
        # UNO Show 'Em No Mercy: never kept. A deck holding these cards buries every
        # action card turned up first (first_discard=bury_until_number, NM1.3 item 2).
        # UNO Flip!'s dark Skip Everyone is never turned up first either (FL2.3 item 4).
        Rank.DRAW_FOUR: no_first_effect,
        Rank.SKIP_EVERYONE: no_first_effect,
        Rank.DISCARD_ALL: no_first_effect,
        Rank.WILD_REVERSE_DRAW_FOUR: no_first_effect,
        Rank.WILD_DRAW_SIX: no_first_effect,
        Rank.WILD_DRAW_TEN: no_first_effect,
        Rank.WILD_COLOR_ROULETTE: no_first_effect,
        # UNO Flip! (FL2.3 item 5). A Wild Draw Two goes back into the pile
        # and another card is turned; a Flip is applied (FL-A2), sent back or ignored as
        # flip_first_card says. A round starts on the light side, so the dark faces are
        # never turned up first (a first Flip exposes one, which does nothing: FL-A4).
        Rank.DRAW_ONE: draws.first_card,
        Rank.FLIP: flip.first_card,
        Rank.WILD_DRAW_TWO: wilds.first_card,
        Rank.DRAW_FIVE: no_first_effect,
        Rank.WILD_DRAW_COLOR: no_first_effect,
    }
)
"""What each rank does when it is turned up first and kept, under rules where first
cards have effects (``first_discard`` ``apply_effects`` or ``reshuffle_wilds_only``, A2,
C5): the card rooms' ``first_card`` functions, and :func:`no_first_effect` for the ranks
that have none. A wild is kept only where first cards have effects.

>>> FIRST_CARD[Rank.DRAW_TWO] is draw_two.first_card, FIRST_CARD[Rank.SEVEN] is no_first_effect
(True, True)
"""


def cut_for_dealer(cards: Sequence[Card | str]) -> tuple[int, ...]:
    """The seats with the highest card in the cut for the dealer: one seat deals; several
    tied seats draw again (R3.1, A16). Cards with a symbol count as zero.

    >>> cut_for_dealer(["RS", "G3", "W+4", "Y2"])
    (1,)
    >>> cut_for_dealer(["R5", "B5", "Y1"])
    (0, 1)
    """
    values = [_cut_value(c if isinstance(c, Card) else Card.parse(c)) for c in cards]
    if not values:
        raise ValueError("the cut needs at least one card")
    best = max(values)
    if values.count(best) == 1:
        return (values.index(best),)
    return tuple([seat for seat, value in enumerate(values) if value == best])


def _cut_value(card: Card) -> int:
    """A card's value in the cut: its number, 0 for a symbol (R3.1; a UNO Flip! card by
    the light face it is shown by, FL-A14, FL2.3 item 1)."""
    number = card.facing(_LIGHT).number
    return 0 if number is None else number


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
    return _start_round(*_open_match(players, rules, seed, deal), deal)


def new_game_named(
    players: int | Sequence[str],
    rules: Rules | str | None,
    seed: int | None,
    *,
    deal: Deal,
    named: Named,
) -> State:
    """:func:`new_game` from an explicit deal, the cards the first card's effect draws
    (a first Draw Two, R3.5) named by ``named`` (probing or not), as ``drawn=`` names
    them for an action: for a host that deals that chance itself (the OpenSpiel game)."""
    state = _start_round(*_open_match(players, rules, seed, deal), deal, named)
    named.finish()
    return state


def _open_match(players: object, rules: object, seed: object, deal: object) -> tuple[Match, int]:
    """The checked arguments of :func:`new_game` as the first round's match, and the
    generator's counter after the cut. Its parameters are ``object``: it checks them, and
    in the compiled build a typed parameter would be checked first, in mypyc's words."""
    if isinstance(players, int) and not isinstance(players, bool):
        count = players
        names = _NAMES[count] if 0 <= count <= 10 else ()
    elif isinstance(players, Sequence) and not isinstance(players, str):
        names = tuple(players)
        count = len(names)
        if not all(isinstance(n, str) for n in names):
            raise TypeError("player names must be strings")
        if not all(writable(n) for n in names):
            raise ValueError("player names must be text UTF-8 can write (no lone surrogate)")
        if len(set(names)) != len(names):
            raise ValueError(f"player names must differ: {shown(list(names))}")
    else:
        raise TypeError(f"players is a number of seats or a list of names, not {shown(players)}")
    if not 2 <= count <= 10:
        raise ValueError(f"UNO is played by 2 to 10 players, not {shown_int(count)}")
    if rules is None:
        rules = get_profile("mattel")
    elif isinstance(rules, str):
        rules = get_profile(rules)
    elif not isinstance(rules, Rules):
        raise TypeError(f"rules is a Rules value or a profile name, not {shown(rules)}")
    if count > rules.max_players:
        raise ValueError(
            f"these rules seat 2 to {rules.max_players} players, not {count}"
            " (max_players; No Mercy: 2-6, NM1.3)"
        )
    if seed is None:
        seed = rng.fresh_seed()
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"a seed is an integer from 0 to 2**64 - 1, not {shown_int(seed)}")
    elif not 0 <= seed < 1 << 64:
        raise ValueError(f"a seed is an integer from 0 to 2**64 - 1, not {shown_int(seed)}")
    sides = seat_sides(rules, count)
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
    return match, counter


def _cut(count: int, rules: Rules, seed: int) -> tuple[int, int]:
    """Cut for the dealer with the generator; returns the dealer and the next counter."""
    counter = 0
    contenders: Sequence[int] = range(count)
    deck = rules.deck(seed)
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
    """Whether a card turned up first goes back into the pile (R3.5, A2, C5; UNO Flip!'s
    Wild Draw Two, and its Flip under ``flip_first_card="redraw"``: FL2.3, FL-A2)."""
    how = rules.first_discard
    if card.rank is _FLIP and rules.flip_first_card is _REDRAW:
        return True
    if how is _BURY:
        return False  # buried in the discard pile instead (_buries_first)
    if how is _APPLY_EFFECTS:
        return card.rank is _WD4 or card.rank is _WILD_DRAW_TWO
    if how is _ALL_SPECIALS:
        return card.is_action
    return card.is_wild


def _buries_first(rules: Rules, card: Card) -> bool:
    """Whether a card turned up first is ignored and stays in the discard pile under the
    next one turned (No Mercy: every action card, the wilds too, NM1.3 item 2, NM-A18).

    >>> import unorules as uno
    >>> nm = uno.get_profile("mattel-no-mercy")
    >>> _buries_first(nm, Card.parse("W+6")), _buries_first(nm, Card.parse("R7"))
    (True, False)
    >>> _buries_first(uno.MATTEL, Card.parse("RS"))
    False
    """
    return rules.first_discard is _BURY and card.is_action


def _start_round(m: Match, counter: int, deal: Deal | None, named: Named | None = None) -> State:
    """Deal (or take the explicit deal), turn the first card and apply its effect (the
    cards a first Draw Two draws named by ``named``, if given)."""
    rules = m.rules
    n = len(m.names)
    d = Draft()
    d.direction = 1
    d._drawn_card = None
    pile_known = False
    if deal is None:
        cards = rng._shuffled(rules.deck(m.seed), seed=m.seed, counter=counter)
        counter += 1
        # Dealt one card at a time from the dealer's left (R3.2): the i-th seat in that
        # order gets cards i, i + k, i + 2k, ... of the shuffled deck (k seats in play).
        order = turns.seats_from(m, m.dealer)
        k = len(order)
        dealt = rules.hand_size * k
        hands: list[tuple[Card, ...]] = [()] * n
        for i, seat in enumerate(order):
            hands[seat] = tuple(sorted(cards[i:dealt:k], key=INDEX))
        d.hands = tuple(hands)
        top = cards[dealt]
        turned = [top]
        # The draw pile is _pile[_pile_start:]: it shares the shuffled deck's storage.
        d._pile = cards
        d._pile_start = dealt + 1
        while _buries_first(rules, top) and d._pile_start < len(cards):
            top = cards[d._pile_start]  # the next card goes on top of it (NM1.3)
            turned.append(top)
            d._pile_start += 1
        if _returns_first(rules, top):
            pile = list(cards[dealt + 1 :])
            while True:
                # The card goes back into the pile at random, below the top (R3.5).
                refuse_past(counter + 1, "generator's draws", "turn up another first card")
                at = 1 + rng.randbelow(len(pile), seed=m.seed, counter=counter)
                counter += 1
                pile.insert(at, top)
                top = pile.pop(0)
                turned.append(top)
                if not _returns_first(rules, top):
                    break
            d._pile = tuple(pile)
            d._pile_start = 0
    else:
        pile_known, pile_cards, counter = _check_deal(m, deal, counter)
        turned = list(deal.turned)
        top = turned[-1]
        d.hands = tuple(tuple(sorted(h, key=INDEX)) for h in deal.hands)
        d._pile = pile_cards
        d._pile_start = 0
    d._match = _with_turned(m, tuple(turned))
    # A new deal: nothing owed or counted, and nobody knows another hand.
    d._ledger = new_ledger(pile_order_fixed=pile_known, rng_counter=counter)
    d._discard = (top, None)
    if len(turned) > 1 and _buries_first(rules, turned[0]):
        node: Discard | None = None
        for card in turned:  # the ignored cards stay under the first card (NM-A18)
            node = (card, node)
        assert node is not None
        d._discard = node
    d.color = top.color
    d.phase = _PLAY
    # The first card's effect (R3.5), where first cards have effects (A2, C5). A wild is
    # kept only there (_returns_first sends it back under the other first_discard values).
    effect = FIRST_CARD[top.rank] if rules.first_discard in _FIRST_EFFECTS else no_first_effect
    nxt = effect(d, m.dealer, named)
    if nxt is not None:
        turns.begin_turn(d, nxt)
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
        _fail(
            bad,
            f"the dealer must be a seat of this table (0 to {n - 1}), not {shown_int(deal.dealer)}",
        )
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
    buried = rules.first_discard is _BURY
    for card in deal.turned[:-1]:
        if buried and not card.is_action:
            _fail(
                bad,
                f"{card} was turned up and then another card: under these rules a number"
                " card stays as the first card (NM1.3)",
            )
        if not buried and not _returns_first(rules, card):
            _fail(
                bad,
                f"{card} was turned up and then another card: under these rules {card}"
                " stays as the first card (R3.5)",
            )
    if buried and deal.turned[-1].is_action:
        _fail(bad, f"{deal.turned[-1]} cannot be the first card in play: it is buried (NM1.3)")
    if _returns_first(rules, deal.turned[-1]):
        _fail(bad, f"{deal.turned[-1]} cannot be the first card in play: it goes back (R3.5)")
    deck = _count(rules.deck(m.seed))
    kept = deal.turned if buried else deal.turned[-1:]  # buried cards stay in the discards
    used = _count(itertools.chain(*deal.hands, kept))
    returned = () if buried else deal.turned[:-1]
    if deal.draw_pile is not None:
        used = _count(itertools.chain(*deal.hands, kept, deal.draw_pile))
        if used != deck:
            _fail(bad, "hands, turned cards and draw pile are not the deck: " + _diff(deck, used))
        pile_count = _count(deal.draw_pile)
        for card in returned:
            if pile_count.get(card, 0) < returned.count(card):
                _fail(bad, f"{card} went back into the draw pile but is not in it")
        return True, deal.draw_pile, counter
    # The cards turned and sent back are in the deck too (they went back into the pile).
    seen = _count(itertools.chain(*deal.hands, deal.turned))
    extra = {c: k - deck.get(c, 0) for c, k in seen.items() if k > deck.get(c, 0)}
    if extra:
        # Only the excess: with draw_pile=None the rest of the deck is not "missing".
        too_many = (f"{k} {c} too many" for c, k in sorted(extra.items(), key=lambda i: i[0].index))
        what = "dealt and turned up" if returned else "dealt"
        _fail(bad, f"more cards {what} than the deck holds: " + ", ".join(too_many))
    rest = [c for c in deck for _ in range(deck[c] - used.get(c, 0))]
    pile = rng._shuffled(rest, seed=m.seed, counter=counter)
    return False, pile, counter + 1


def _count(cards: Iterable[Card]) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def _diff(deck: dict[Card, int], used: dict[Card, int]) -> str:
    parts = []
    for c in sorted(deck.keys() | used.keys(), key=INDEX):
        k = used.get(c, 0) - deck.get(c, 0)
        if k > 0:
            parts.append(f"{k} {c} too many")
        elif k < 0:
            parts.append(f"{-k} {c} missing")
    return ", ".join(parts[:8]) + (", ..." if len(parts) > 8 else "")


def next_round(s: State, a: NextRound, named: Named | None) -> State:
    """Deal the next round after one has ended: the deal passes left (R3.3), skipping
    eliminated seats."""
    if s.phase is not _ROUND_OVER:
        _fail(ErrorCode.WRONG_PHASE, "the round is still being played")
    m = s._match
    n = len(m.names)
    dealer = (m.dealer + 1) % n
    while m.out[dealer]:
        dealer = (dealer + 1) % n
    refuse_past(m.round + 1, "round number", "deal another round")
    # Knocked-out players are dealt in again (NM-A22).
    nm = m.but(round=m.round + 1, dealer=dealer, round_winner=None, round_points=None, knocked=None)
    # NextRound names no card: a log (not a probe) notes what a first Draw Two draws.
    log = named if named is not None and named.cards is None else None
    return _start_round(nm, s._ledger.rng_counter, a.deal, log)
