"""Laying cards: the checks a play must pass (:func:`check`), then laying them and the
first card's effect (:func:`lay`).

The general route runs both; the fast route (:mod:`unorules._engine.fast`) proves with a
few cheap tests that :func:`check` would pass and calls :func:`lay` alone. Laying closes
the UNO windows (C2, C9), puts the cards on the discard pile (the last one on top sets the
color, or the color named for a wild), runs the effect of the first card's rank (the card
rooms), charges a false UNO call (C16), and ends the round when the player went out
(R11.1), or begins the next turn.

>>> import unorules as uno
>>> rules = uno.MATTEL.but(hand_size=3)
>>> deal = uno.Deal(dealer=1, hands=[["R2", "G4", "B6"], ["B1", "B7", "Y3"]], turned=["R7"])
>>> s = uno.new_game(2, rules, deal=deal)
>>> t = uno.apply(s, uno.Play(0, "R2"))
>>> str(t.top_card), t.current_player, [str(c) for c in t.hands[0]]
('R2', 1, ['G4', 'B6'])
"""

from __future__ import annotations

from typing import Final, NoReturn

from unorules._echo import shown_int
from unorules._engine import calls, knowledge, piles
from unorules._engine.discard_all import discard_all, left_after
from unorules._engine.draw_two import draw_two
from unorules._engine.draws import draw_cards
from unorules._engine.flip import flip
from unorules._engine.laying import CardEffect
from unorules._engine.legality import (
    check_also,
    color_error,
    last_card_error,
    matching,
    may_end_on,
    named_card,
    restriction,
    side_colors,
    stacks_on,
)
from unorules._engine.numbers import needs_target, number
from unorules._engine.piles import Named, with_hand
from unorules._engine.reverse import reverse, wild_reverse_draw_four
from unorules._engine.roulette import names_color, roulette
from unorules._engine.skip import skip, skip_everyone
from unorules._engine.turns import begin_turn, close, end_round, not_your_turn
from unorules._engine.wilds import (
    customizable,
    redeals_last_card,
    shuffle_hands,
    wild,
    wild_draw_color,
    wild_draw_four,
    wild_draw_two,
)
from unorules.actions import Play
from unorules.cards import EVERY_CARD, Card, Rank
from unorules.errors import ErrorCode, IllegalAction
from unorules.rules import ShuffleHandsLastCard, Stacking
from unorules.state import Discard, Phase, State, draft, freeze, ledger

__all__ = ["RANK_EFFECTS", "check", "lay"]

_BY_VALUE: Final = Stacking.BY_VALUE
_CHALLENGE: Final = Phase.CHALLENGE
_DRAWN: Final = Phase.DRAWN
_GO_OUT: Final = ShuffleHandsLastCard.GO_OUT
_PENALTY: Final = Phase.PENALTY
_PLAY: Final = Phase.PLAY
_ROULETTE: Final = Phase.ROULETTE
_SHUFFLE_HANDS: Final = Rank.WILD_SHUFFLE_HANDS

RANK_EFFECTS: Final[dict[Rank, CardEffect]] = {
    **{rank: number for rank in Rank if rank.number is not None},
    Rank.SKIP: skip,
    Rank.REVERSE: reverse,
    Rank.DRAW_TWO: draw_two,
    Rank.WILD: wild,
    Rank.WILD_DRAW_FOUR: wild_draw_four,
    Rank.WILD_SHUFFLE_HANDS: shuffle_hands,
    Rank.WILD_CUSTOMIZABLE: customizable,
    # UNO Show 'Em No Mercy (Skip Everyone: UNO Flip!'s dark side too, FL2.5)
    Rank.DRAW_FOUR: draw_two,
    Rank.SKIP_EVERYONE: skip_everyone,
    Rank.DISCARD_ALL: discard_all,
    Rank.WILD_REVERSE_DRAW_FOUR: wild_reverse_draw_four,
    Rank.WILD_DRAW_SIX: draw_two,
    Rank.WILD_DRAW_TEN: draw_two,
    Rank.WILD_COLOR_ROULETTE: roulette,
    # UNO Flip! (FL2.5, FL2.6)
    Rank.DRAW_ONE: draw_cards,
    Rank.DRAW_FIVE: draw_cards,
    Rank.FLIP: flip,
    Rank.WILD_DRAW_TWO: wild_draw_two,
    Rank.WILD_DRAW_COLOR: wild_draw_color,
}
"""The effect of each rank: the card rooms."""

_EFFECT_OF: Final[dict[Card, CardEffect]] = {card: RANK_EFFECTS[card.rank] for card in EVERY_CARD}
""":data:`RANK_EFFECTS` by card: cards hash by identity, in C (an enum member hashes in Python)."""


_DISCARD_ALL: Final = Rank.DISCARD_ALL


def _fail(code: ErrorCode, message: str) -> NoReturn:
    raise IllegalAction(code, message)


def check(s: State, a: Play) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Raise :class:`~unorules.IllegalAction` unless ``a`` may be played now; return the
    cards it lays and the hand it leaves."""
    p = a.player
    card = named_card(s, p, a.card)
    phase = s.phase
    current = s.current_player
    rules = s._match.rules
    jump = False
    if phase is _PLAY:
        if p != current:
            if not rules.jump_in:
                not_your_turn(s, p)
            jump = True
    elif p != current:
        not_your_turn(s, p)
    elif phase is _DRAWN:
        if card is not s._drawn_card or a.also:
            _fail(
                ErrorCode.WRONG_PHASE,
                f"after drawing, only the card drawn ({s._drawn_card}) may be laid (R4.5)",
            )
    elif phase is _CHALLENGE or phase is _PENALTY:
        if a.also:
            _fail(
                ErrorCode.WRONG_PHASE,
                f"player {p} answers the pending {s._ledger.pending_draw} cards with one card:"
                " several cards are laid together only on a normal turn (A18)",
            )
        if not stacks_on(rules, s._discard[0], s.color, card):
            if rules.stacking is _BY_VALUE:
                _stack_refused(s, p, card)
            what = "challenge or draw" if phase is _CHALLENGE else "draw"
            _fail(
                ErrorCode.WRONG_PHASE,
                f"player {p} must {what} the pending {s._ledger.pending_draw} cards now;"
                f" {card} cannot be stacked on {s._discard[0]} under these rules",
            )
    elif phase is _ROULETTE:
        _fail(
            ErrorCode.WRONG_PHASE,
            f"player {p} must first name the color of the Wild Color Roulette (NM-A9): ChooseColor",
        )
    else:
        _fail(ErrorCode.WRONG_PHASE, f"player {p} must first name the color (R3.5)")
    hand = s.hands[p]
    laid = (card, *a.also) if a.also else (card,)
    rest = piles.take(hand, laid)
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
    if names_color(rules, card):
        if a.color is None:
            colors = ", ".join(c.value for c in side_colors(s))
            _fail(ErrorCode.BAD_COLOR, f"{card} is a wild: name a color ({colors})")
        wrong = color_error(s, a.color)
        if wrong is not None:
            raise wrong
    elif a.color is not None:
        if card.is_wild:
            _fail(
                ErrorCode.BAD_COLOR,
                f"{card} takes no color: its victim names the color to dig for (NM-A9)",
            )
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
        if card.face not in matching(s._discard[0], s.color):
            color = s.color.value if s.color else "-"
            _fail(
                ErrorCode.CARD_DOES_NOT_MATCH,
                f"{card} does not match {s._discard[0]} (color {color}):"
                " lay the same color, number or symbol, or a wild (R4.1)",
            )
        why = restriction(s, p, card, hand)
        if why is not None:
            raise why
    if a.also:
        check_also(rules, card, a.also)
    target = a.target
    if needs_target(rules, card, len(rest)):
        if (
            target is not None
            and 0 <= target < len(s._match.knocked)
            and (s._match.knocked[target])
        ):
            _fail(
                ErrorCode.WRONG_PHASE,
                f"a 7 swaps hands with another player still in play: seat {target} was"
                " knocked out of this round (NM1.7, NM1.8 item 5)",
            )
        if target is None or target == p or target not in s._match.active:
            _fail(
                ErrorCode.WRONG_PHASE,
                f"a 7 swaps hands (Seven-O): name another seat still in play as target,"
                f" not {shown_int(target)}",
            )
    elif target is not None:
        _fail(ErrorCode.WRONG_PHASE, f"target is only for a Seven-O 7 that swaps hands: {a}")
    if a.hands is not None and (
        card.rank is not _SHUFFLE_HANDS or (not rest and rules.shuffle_hands_last_card is _GO_OUT)
    ):
        _fail(ErrorCode.WRONG_PHASE, "hands= only fixes the deal of a Wild Shuffle Hands")
    left = len(left_after(card, rest)) if rest else 0
    if a.uno and (left > 1 or (not rest and redeals_last_card(rules, card))):
        # The call goes with the play that leaves one card (R10.1, C8); a play that goes
        # out may carry it too, where it is moot (the round ends). A Wild Shuffle Hands
        # laid last under ``redeal`` leaves no card without going out: refused as ever.
        _fail(ErrorCode.WRONG_PHASE, _false_call(p, laid, left))
    if not rest and not all(may_end_on(rules, c) for c in laid):
        raise last_card_error(laid[-1])
    return laid, rest


def _stack_refused(s: State, p: int, card: Card) -> NoReturn:
    """Why ``card`` cannot answer the No Mercy stack facing ``p`` (NM1.6 items 3 and 5)."""
    top = s._discard[0]
    need = top.rank.draw_value
    total = s._ledger.pending_draw
    value = card.rank.draw_value
    if not value:
        _fail(
            ErrorCode.WRONG_PHASE,
            f"player {p} faces a stack of {total} cards: only a Draw card of value {need} or"
            f" more answers it (NM1.6 item 5), not {card}; or draw the {total} cards",
        )
    if value < need:
        _fail(
            ErrorCode.CARD_DOES_NOT_MATCH,
            f"{card} (value {value}) is too small to answer the stack: the last Draw card,"
            f" {top}, has value {need}, and an answer must equal or exceed it (NM1.6 item 3);"
            f" or draw the {total} cards",
        )
    _fail(
        ErrorCode.CARD_DOES_NOT_MATCH,
        f"{card} must also match {top}'s color or symbol to answer the stack"
        " (stack_requires_match, NM-A3)",
    )


def _false_call(p: int, laid: tuple[Card, ...], left: int) -> str:
    """Why ``uno=True`` is refused on a play that leaves two cards or more, or that leaves
    none without going out (C8)."""
    cards = "no card" if not left else f"{left} cards"
    return (
        f"uno=True says UNO with the play that leaves one card (R10.1, C8): laying"
        f" {' '.join(map(str, laid))} leaves player {p} {cards}; say UNO at another time"
        f" with CallUno({p})"
    )


def lay(
    s: State, a: Play, laid: tuple[Card, ...], rest: tuple[Card, ...], named: Named | None
) -> State:
    """Lay ``laid`` (which :func:`check` allowed), leaving ``rest``, and resolve the play."""
    p = a.player
    d = draft(s)
    before = s.hands
    laid_hands = d.hands = with_hand(before, p, rest)
    led = s._ledger
    pending = led.pending_draw  # cards are pending exactly in phases challenge and penalty
    if not led.quiet:  # the ledger has something for a play to settle
        w = ledger(d)
        if led.calls.owed:  # a play closes UNO windows (C2, C9)
            w.calls = led.calls.turn_action(p, s._match.rules)
        w.idle_turns = 0
        if led.known:  # empty unless a seat knows another's cards (a shown hand, Seven-O)
            knowledge.laid(d, p, laid)
        w.answer_lock = -1  # laying a card ends the lock (C6)
        if pending:  # the play answers them
            w.pending_draw = 0
            w.challenge = None
    if not pending and p != s.current_player:
        d.current_player = p  # a Jump-In takes the turn
    card = laid[0]
    count = len(laid)
    if count == 1:
        d._discard = (card, s._discard)
        d.color = a.color if card.is_wild else card.color
    else:
        node: Discard = (card, s._discard)
        for c in laid[1:]:
            node = (c, node)
        d._discard = node
        d.color = a.color if card.is_wild else laid[-1].color
    d._drawn_card = None
    # The card's room. The common case reads no rule and calls no method: a subscript in
    # a try costs nothing until it fails, and a play that keeps cards reads no option.
    try:
        effect = _EFFECT_OF[card]
    except KeyError:  # a UNO Flip! card: by the rank of its face in play
        effect = RANK_EFFECTS[card.rank]
    if rest or s._match.rules.final_card_effect:
        nxt = effect(d, s, a, count, rest, pending, named)
    else:  # a final card wins at once with no effect (No Mercy R-last, NM-A17)
        nxt = None
    if (
        not d.hands[p]
        and (not rest or card.rank is _DISCARD_ALL)
        and not redeals_last_card(s._match.rules, card)
    ):
        if named is not None:  # the player went out (R11.1)
            named.finish()
        return end_round(d, p)
    if a.uno:
        penalty = calls.false_call_penalty(s._match.rules, len(d.hands[p]))
        if penalty:
            # check admits the call only on a play that leaves one card or goes out (C8;
            # going out returned above, where the call is moot); a swap, a
            # rotation or a redeal may still leave another number once it has resolved
            # (C7). The false call's penalty is drawn by this play: ``drawn`` names it too.
            piles.draw(d, p, penalty, named)
    if (
        (named is None or named.cards is None)
        and d.hands is laid_hands
        and (a.uno or len(rest) != 1)
        and not d._ledger.calls.owed
    ):
        # No card named (at most a log kept), only the player's hand changed (to a size
        # that owes no call, or to one card with UNO said), and nobody owed a call:
        # nothing to settle (C7) or finish.
        if nxt is not None:
            begin_turn(d, nxt)
        return freeze(d)
    return close(d, named, before, nxt, p if a.uno else -1)
