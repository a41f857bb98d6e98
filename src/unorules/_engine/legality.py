"""What may be laid: matching (R4.1, R4.2), the wild restrictions (R6.1, §2.4, A17), the
last card (``no_finish_on_action``), the Wild Draw Four bluff test (R7.2, A4), what stacks
on a pending penalty (house rules, A18, C16), and several cards at once (A18).

Matching is a table lookup: :data:`ON_CARD` maps every colored top card to the cards
that match it, :data:`ON_COLOR` every named color (on a wild) to the cards that match it.

>>> from unorules.cards import Card
>>> from unorules.cards import Color
>>> sorted(str(c) for c in matching(Card.parse("R7"), Color.RED) if c.rank.number == 7)
['B7', 'G7', 'R7', 'Y7']
>>> Card.parse("W+4") in matching(Card.parse("G2"), Color.GREEN)
True
"""

from __future__ import annotations

from typing import Final, NoReturn

from unorules._engine.turns import may_not_answer
from unorules.cards import ALL_CARDS, DARK_FACES, LIGHT_FACES, NO_MERCY_CARDS, Card, Color, Rank
from unorules.errors import ErrorCode, IllegalAction
from unorules.rules import (
    MultiPlay,
    Rules,
    Stacking,
    WildDrawFourBlockers,
    WildRestriction,
)
from unorules.state import Fields, side_of

__all__ = [
    "ON_CARD",
    "ON_COLOR",
    "bluff",
    "can_lay",
    "check_also",
    "last_card_error",
    "matching",
    "may_end_on",
    "named_card",
    "playable",
    "restriction",
    "stackable",
    "stacks_on",
]

_IDENTICAL: Final = MultiPlay.IDENTICAL
_NO_CURRENT_COLOR: Final = WildRestriction.NO_CURRENT_COLOR
_NO_OTHER_PLAYABLE: Final = WildRestriction.NO_OTHER_PLAYABLE
_ONE_CARD: Final = MultiPlay.NONE

_NO_STACKING: Final = Stacking.NONE
_MIXED: Final = Stacking.MIXED
_BLOCKED_BY_COLOR: Final = WildDrawFourBlockers.COLOR
_UNRESTRICTED: Final = WildRestriction.NONE

_WD4: Final = Rank.WILD_DRAW_FOUR
_WILD_DRAWS: Final = frozenset({Rank.WILD_DRAW_FOUR, Rank.WILD_DRAW_TWO, Rank.WILD_DRAW_COLOR})
"""The wild draw cards whose restriction is a challengeable bluff (R7.2; UNO Flip!'s Wild
Draw Two and Wild Draw Color, FL2.5, FL-A7)."""
_DRAW_TWO: Final = Rank.DRAW_TWO
_SKIP: Final = Rank.SKIP
_BY_VALUE: Final = Stacking.BY_VALUE

_PLAIN: Final = ALL_CARDS + NO_MERCY_CARDS
"""The cards laid as themselves: the classic and No Mercy cards (UNO Flip!'s match by the
face of the side in play, in the ``FLIP_`` tables below)."""

ON_CARD: Final[dict[Card, frozenset[Card]]] = {
    top: frozenset(c for c in _PLAIN if c.is_wild or c.color is top.color or c.rank is top.rank)
    for top in _PLAIN
    if not top.is_wild
}
"""On a colored top card: its color, its number or symbol, and every wild (R4.1)."""
ON_COLOR: Final[dict[Color, frozenset[Card]]] = {
    color: frozenset(c for c in _PLAIN if c.is_wild or c.color is color) for color in Color
}
"""On a wild: the color named for it, and every wild (R4.2)."""
_OF_COLOR: Final[dict[Color, frozenset[Card]]] = {
    color: frozenset(c for c in _PLAIN if c.color is color) for color in Color
}

_FLIP_FACES: Final = LIGHT_FACES | DARK_FACES
FLIP_ON_CARD: Final[dict[Card, frozenset[Card]]] = {
    top: frozenset(
        c for c in _FLIP_FACES if c.is_wild or c.color is top.color or c.rank is top.rank
    )
    for top in _FLIP_FACES
    if not top.is_wild
}
"""UNO Flip!: on a colored top face, the faces that match it: its color, its number or
symbol, every wild (FL2.4: matching "by number, color or symbol", against the side in play).
A UNO Flip! card matches by its :attr:`~unorules.Card.face`."""
FLIP_ON_COLOR: Final[dict[Color, frozenset[Card]]] = {
    color: frozenset(c for c in _FLIP_FACES if c.is_wild or c.color is color) for color in Color
}
"""UNO Flip!: on a wild, the faces of the color named for it, and every wild."""


def _fail(code: ErrorCode, message: str) -> NoReturn:
    raise IllegalAction(code, message)


def matching(top: Card, color: Color | None) -> frozenset[Card]:
    """The cards that may be laid on ``top`` with ``color`` in force, by matching alone; a
    card matches when its :attr:`~unorules.Card.face` is in the set (a classic card is
    its own face; a UNO Flip! card matches by the face of the side in play, FL2.4)."""
    if top.up is not None:
        if top.is_wild:
            return FLIP_ON_COLOR[color] if color is not None else frozenset()
        return FLIP_ON_CARD[top.face]
    if top.is_wild:
        return ON_COLOR[color] if color is not None else frozenset()
    return ON_CARD[top]


def named_card(s: Fields, seat: int, card: Card) -> Card:
    """The card of ``seat``'s hand an action names (FL2.2): a UNO Flip! card named
    ``LIGHT|DARK`` is turned to the side in play; named by its face in play alone, it is
    the one card of the hand with that face. Named by a face of the side not in play, or
    by a face that several of its cards show, it is refused with the cards it could mean.
    A classic card is itself (whether it is held is checked later)."""
    side = side_of(s)
    if card.up is not None:
        return card.facing(side)
    if not s._match.rules.flip:
        return card
    hand = s.hands[seat]
    could = list(dict.fromkeys(c for c in hand if c.face is card))
    if len(could) == 1:
        return could[0]
    if could:
        raise IllegalAction(
            ErrorCode.AMBIGUOUS_CARD,
            f"player {seat} holds {len(could)} different cards showing {card}:"
            f" name one of {', '.join(map(str, could))}",
        )
    for c in hand:
        other = c.other
        if other is not None and other.face is card:
            raise IllegalAction(
                ErrorCode.CARD_NOT_IN_HAND,
                f"{card} is the {side.other.value} face of {c}, and the {side.value} side is in"
                f" play (FL2.6): name it {c} or {c.face}",
            )
    return card


def side_colors(s: Fields) -> tuple[Color, ...]:
    """The colors a wild may name now: those of the side in play (red, yellow, green,
    blue in every classic game; UNO Flip!'s dark side: pink, teal, orange, purple, FL2.4)."""
    return side_of(s).colors


def color_error(s: Fields, color: Color) -> IllegalAction | None:
    """Why ``color`` may not be named now (a color of the side not in play), or None."""
    side = side_of(s)
    if color.side is side:
        return None
    if not s._match.rules.flip:
        return IllegalAction(
            ErrorCode.BAD_COLOR,
            f"{color.value} is a color of UNO Flip!'s dark side, not of this game:"
            f" name {', '.join(c.value for c in side.colors)}",
        )
    return IllegalAction(
        ErrorCode.BAD_COLOR,
        f"{color.value} is a color of the {color.side.value} side, and the {side.value} side is"
        f" in play: name {', '.join(c.value for c in side.colors)}",
    )


def restriction(s: Fields, seat: int, card: Card, hand: tuple[Card, ...]) -> IllegalAction | None:
    """Why a card that matches may still not be laid by ``seat`` from ``hand``, or None."""
    rules = s._match.rules
    if s._ledger.answer_lock == seat and may_not_answer(s, seat, card):
        return IllegalAction(
            ErrorCode.CARD_DOES_NOT_MATCH,
            f"{card}: the player right after a {s._discard[0]} may not answer it by symbol (C6)",
        )
    if card.is_wild and card.rank not in _WILD_DRAWS:
        how = rules.wild_restriction
        if how is _NO_CURRENT_COLOR:
            color = s.color
            if any(c.color is color for c in hand):
                return IllegalAction(
                    ErrorCode.WILD_RESTRICTED,
                    f"{card} may only be laid without a card of the current color"
                    f" ({color.value if color else '-'}) in hand (§2.4)",
                )
        elif how is _NO_OTHER_PLAYABLE:
            match = matching(s._discard[0], s.color)
            if any(c.face in match and not c.is_wild for c in hand):
                return IllegalAction(
                    ErrorCode.WILD_RESTRICTED,
                    f"{card} may only be laid when no other card can be (house rule)",
                )
    if len(hand) == 1 and not may_end_on(rules, card):
        return last_card_error(card)
    return None


def may_end_on(rules: Rules, card: Card) -> bool:
    """Whether ``card`` may be a player's last card: under the house rule
    ``no_finish_on_action`` only a number card may (A18)."""
    return not (rules.no_finish_on_action and card.is_action)


def last_card_error(card: Card) -> IllegalAction:
    """The error for going out on ``card`` where :func:`may_end_on` forbids it."""
    return IllegalAction(
        ErrorCode.CARD_DOES_NOT_MATCH,
        f"{card}: the last card must be a number card (no_finish_on_action)",
    )


def can_lay(s: Fields, seat: int, card: Card, hand: tuple[Card, ...]) -> bool:
    """Whether ``seat`` may lay ``card`` (from ``hand``) on its normal turn now."""
    if card.face not in matching(s._discard[0], s.color):
        return False
    return restriction(s, seat, card, hand) is None


def playable(s: Fields, seat: int) -> list[Card]:
    """The distinct cards ``seat`` may lay on its normal turn, in card order."""
    hand = s.hands[seat]
    match = matching(s._discard[0], s.color)
    rules = s._match.rules
    # Without an answer lock on the seat, or a last card under the last-card rule, only a
    # wild restriction can forbid a matching card, and only a wild.
    simple = s._ledger.answer_lock != seat and (len(hand) > 1 or not rules.no_finish_on_action)
    free = rules.wild_restriction is _UNRESTRICTED
    out: list[Card] = []
    last = None
    for card in hand:
        if card is last:
            continue
        last = card
        if card.face in match and (
            (simple and (free or not card.is_wild)) or restriction(s, seat, card, hand) is None
        ):
            out.append(card)
    return out


def bluff(s: Fields, hand_after: tuple[Card, ...]) -> bool:
    """Whether a Wild Draw Four laid now, leaving ``hand_after``, is a bluff (R7.2, A4):
    the hand still holds a card of the color in force (or, under the house rule, any
    other card that matches). UNO Flip!'s Wild Draw Two and Wild Draw Color have the same
    restriction (FL2.5, FL-A7, FL-A8: the color in force; a wild never counts)."""
    if not hand_after:
        return False
    color = s.color
    if s._match.rules.wd4_blockers is _BLOCKED_BY_COLOR:
        if hand_after[0].up is not None:
            return color is not None and any(c.color is color for c in hand_after)
        return color is not None and not _OF_COLOR[color].isdisjoint(hand_after)
    match = matching(s._discard[0], color)
    return any(c.face in match and c.rank not in _WILD_DRAWS for c in hand_after)


def stacks_on(rules: Rules, top: Card, color: Color | None, card: Card) -> bool:
    """Whether ``card`` answers the pending penalty of ``top`` (house rules, A18, C16):
    a Draw Two on a Draw Two (stacking), a Wild Draw Four on a Draw Two (mixed stacking)
    or on a Wild Draw Four (stacking), a Skip of the color in force on a Draw Two (Skip
    bounce). Under No Mercy's ``stacking=by_value``: a Draw card whose value is at least
    that of ``top``, the last Draw card laid, whatever its color (NM1.6 items 1 to 5, NM-A2,
    NM-A3, NM-A5, NM-A6), and also matching it under ``stack_requires_match``.

    >>> import unorules as uno
    >>> nm, C = uno.get_profile("mattel-no-mercy"), Card.parse
    >>> stacks_on(nm, C("Y+2"), Color.YELLOW, C("G+4"))
    True
    >>> stacks_on(nm, C("W+6"), Color.RED, C("R+4"))
    False
    >>> stacks_on(nm, C("R+4"), Color.RED, C("WR+4")), stacks_on(nm, C("R+2"), Color.RED, C("RS"))
    (True, False)
    """
    if rules.stacking is _BY_VALUE:
        value = card.rank.draw_value
        if not value or value < top.rank.draw_value:
            return False
        return (
            not rules.stack_requires_match
            or card.is_wild
            or card.color is color
            or card.rank is top.rank
        )
    if top.rank is _DRAW_TWO:
        if card.rank is _DRAW_TWO:
            return rules.stacking is not _NO_STACKING
        if card.rank is _WD4:
            return rules.stacking is _MIXED
        if card.rank is _SKIP:
            return rules.skip_bounce and card.color is color
        return False
    if top.rank is _WD4:
        return card.rank is _WD4 and rules.stacking is not _NO_STACKING
    return False


def stackable(s: Fields, seat: int) -> list[Card]:
    """The distinct cards the victim of a pending penalty may lay on it."""
    rules = s._match.rules
    top = s._discard[0]
    out: list[Card] = []
    last = None
    for card in s.hands[seat]:
        if card is last:
            continue
        last = card
        if stacks_on(rules, top, s.color, card):
            out.append(card)
    return out


def same_kind(rules: Rules, first: Card, card: Card) -> bool:
    """Whether ``card`` may be laid together with ``first`` (A18): identical to it, or of
    the same number or symbol, as ``multi_play`` says; never a wild."""
    if rules.multi_play is _IDENTICAL:
        return card is first
    return card.rank is first.rank and not card.is_wild


def check_also(rules: Rules, first: Card, also: tuple[Card, ...]) -> None:
    """Raise unless ``also`` may be laid together with ``first`` (A18)."""
    if rules.multi_play is _ONE_CARD:
        _fail(
            ErrorCode.CARD_DOES_NOT_MATCH,
            "one card per turn (R4.3): laying several cards needs the multi_play house rule",
        )
    if first.is_wild or any(c.is_wild for c in also):
        _fail(ErrorCode.CARD_DOES_NOT_MATCH, "wild cards cannot be laid together with others")
    for c in also:
        if not same_kind(rules, first, c):
            kind = "identical to" if rules.multi_play is _IDENTICAL else "the same as"
            _fail(
                ErrorCode.CARD_DOES_NOT_MATCH,
                f"{c} cannot be laid with {first}: further cards must be {kind} {first} (A18)",
            )
