"""Rules as data: every option that differs between rule sheets, and the named profiles.

A profile is just a :class:`Rules` value. A variant is made with :meth:`Rules.but`
(:func:`attrs.evolve` works too):

>>> stacking = get_profile("mattel").but(stacking=Stacking.SAME_TYPE)
>>> stacking.stacking
<Stacking.SAME_TYPE: 'same_type'>
>>> list(PROFILES)[:4]  # the built-in profiles come first; registered ones follow
['mattel', 'mattel-108', 'swedish', 'danish']

Options are checked when the value is made; a combination that makes no sense names the
options in conflict:

>>> get_profile("mattel-108").but(customizable_effect="extra-turn")
Traceback (most recent call last):
...
unorules.rules.RulesError: customizable_effect='extra-turn' needs Wild Customizable cards, ...
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Mapping
from typing import Any, Final

import attrs

from unorules._echo import capped, shown, shown_int
from unorules._registry import Registry
from unorules.cards import DARK_COLORS, EVERY_CARD, Card, Rank, build_deck
from unorules.effects import _EFFECTS, EFFECTS
from unorules.flipdeck import PAIRINGS, RANDOM, flip_deck

__all__ = [
    "DANISH",
    "MATTEL",
    "MATTEL_108",
    "MATTEL_FLIP",
    "MATTEL_NO_MERCY",
    "PROFILES",
    "SWEDISH",
    "CardPoints",
    "DeckCounts",
    "FirstDiscard",
    "FlipFirstCard",
    "FlipLastCard",
    "FlipWildChooser",
    "MultiPlay",
    "RouletteChooser",
    "Rules",
    "RulesError",
    "Scoring",
    "ShuffleHandsLastCard",
    "Stacking",
    "TwoPlayerReverse",
    "UnoWindow",
    "WildDrawFourBlockers",
    "WildDrawFourBluff",
    "WildRestriction",
    "get_profile",
    "option_docs",
    "register_profile",
    "rules_from_options",
    "rules_to_options",
]


class RulesError(ValueError):
    """Options that are out of range or make no sense together.

    >>> Rules(target=0)
    Traceback (most recent call last):
    ...
    unorules.rules.RulesError: target=0: the match target must be at least 1 point
    """


class FirstDiscard(enum.Enum):
    """What the first card turned up does (R3.5, A2, C5).

    >>> FirstDiscard("no_effects")
    <FirstDiscard.NO_EFFECTS: 'no_effects'>
    """

    APPLY_EFFECTS = "apply_effects"
    """The card's start-of-play rule: Skip skips the player left of the dealer, Reverse lets
    the dealer start counter-clockwise, Draw Two makes the first player draw 2 and lose the
    turn, a Wild (and WS, WC) lets the first player name the color, a Wild Draw Four goes
    back into the pile and another card is turned (R3.5)."""
    NO_EFFECTS = "no_effects"
    """Action cards do nothing; every wild goes back into the pile at a random place and
    another card is turned (A2 for the Swedish and Danish sheets, C5)."""
    RESHUFFLE_ALL_SPECIALS = "reshuffle_all_specials"
    """Any action or wild card goes back and another card is turned (the Danish guide's
    claim about the newest sheet, A2 (b))."""
    BURY_UNTIL_NUMBER = "bury_until_number"
    """No Mercy: every action card (the wilds too) turned up first is ignored and stays in
    the discard pile, under the next card turned, until a number card is on top; that
    card has no effect, not even a 0 or 7 (NM1.3 item 2, NM-A18)."""
    RESHUFFLE_WILDS_ONLY = "reshuffle_wilds_only"
    """Every wild goes back and another card is turned (Wild and Wild Draw Four, and Wild
    Shuffle Hands and Wild Customizable where the deck has them); other action cards take
    effect as in R3.5 (the 2018 sheet, A2 (c), whose wilds go back; a first Reverse makes
    the dealer start, as in R3.5, not "the player to the right")."""


class TwoPlayerReverse(enum.Enum):
    """What a Reverse does with two players (R5.5, A3).

    >>> TwoPlayerReverse.SKIP.value
    'skip'
    """

    SKIP = "skip"
    """It acts as a Skip: the player who laid it plays again (Mattel, Danish)."""
    PASS = "pass"
    """It only changes direction, so the opponent plays next (Swedish sheet)."""


class WildRestriction(enum.Enum):
    """When a plain Wild (and Wild Shuffle Hands, Wild Customizable) may be laid (R6.1).

    >>> WildRestriction.NO_CURRENT_COLOR.value
    'no_current_color'
    """

    NONE = "none"
    """On any turn, on any card (R6.1)."""
    NO_CURRENT_COLOR = "no_current_color"
    """Only by a player with no card of the current color (Swedish sheet, §2.4)."""
    NO_OTHER_PLAYABLE = "no_other_playable"
    """Only when no other card in hand may be laid (a house rule from the reader comments of the
    Swedish community sheet, A17)."""


class WildDrawFourBlockers(enum.Enum):
    """Which cards in hand make a Wild Draw Four a bluff (R7.2, A4).

    >>> WildDrawFourBlockers.ANY_LEGAL_CARD.value
    'any_legal_card'
    """

    COLOR = "color"
    """Only a card of the current color (Mattel, Swedish)."""
    ANY_LEGAL_CARD = "any_legal_card"
    """Any other card that could be laid now, other Wild Draw Fours excepted (Danish)."""


class WildDrawFourBluff(enum.Enum):
    """How a Wild Draw Four bluff is found out and what it costs (R7.3, A5, A6, C10).

    >>> WildDrawFourBluff.CHALLENGE.value
    'challenge'
    """

    CHALLENGE = "challenge"
    """Mattel: the victim may challenge before drawing. Guilty: the player who laid it
    draws 4 instead. Innocent: the challenger draws 6 and loses the turn. The named color
    stands either way."""
    TAKE_BACK = "take_back"
    """Danish sheet: guilty, the card goes back into its player's hand, who draws 2, and the
    previous top card and color are restored; innocent, the challenger draws 4 and loses
    the turn, nothing more."""
    EXTRA_FOUR = "extra_four"
    """Swedish sheet: the victim may accuse before drawing. Right: the offender draws 4
    extra and the victim still draws 4 and is skipped. Wrong: no cost."""


class UnoWindow(enum.Enum):
    """When a forgotten UNO may be caught (R10.2, A8, C2, C9).

    >>> UnoWindow.NEXT_TURN_ACTION.value
    'next_turn_action'
    """

    NEXT_TURN_ACTION = "next_turn_action"
    """From the moment the hand is down to one card until the first turn action (a play,
    or a draw that is not a penalty) of whoever moves next (C2)."""
    UNTIL_OFFENDER_TURN = "until_offender_turn"
    """Swedish: the offender may still call until another player's first turn action; from
    then on the call is overdue and a catch is accepted until the offender's own first turn
    action (C9)."""


class ShuffleHandsLastCard(enum.Enum):
    """A Wild Shuffle Hands laid as the last card (A9 (iv)).

    >>> ShuffleHandsLastCard.GO_OUT.value
    'go_out'
    """

    REDEAL = "redeal"
    """The hands are pooled and dealt anyway, the player's included: no win (as Mattel
    reportedly answered, A9 (iv))."""
    GO_OUT = "go_out"
    """It acts as a plain Wild and the player goes out (the other reading, A9 (iv))."""


class Scoring(enum.Enum):
    """How rounds are scored and a match is won (R13, A14, C17).

    >>> Scoring.ELIMINATION.value
    'elimination'
    """

    WINNER_TAKES_ALL = "winner_takes_all"
    """The round winner scores the points left in the opponents' hands; the first to the
    target wins (R13.1, R13.2)."""
    CUMULATIVE_LOWEST = "cumulative_lowest"
    """Every player adds the points of their own hand; when a total reaches the target the
    lowest total wins (R13.3; ties play on, C17)."""
    ELIMINATION = "elimination"
    """Every player adds their own hand; reaching the target eliminates; the last player
    left wins (Swedish method 2, A14)."""


class Stacking(enum.Enum):
    """Whether draw penalties may be passed on (house rule, §2.7, A18, C12).

    >>> Stacking.MIXED.value
    'mixed'
    """

    NONE = "none"
    """Official: the victim of a Draw Two or Wild Draw Four draws and loses the turn (R5.4)."""
    SAME_TYPE = "same_type"
    """Progressive UNO: a Draw Two on a Draw Two, a Wild Draw Four on a Wild Draw Four; the
    next player takes the total or stacks again."""
    MIXED = "mixed"
    """Also a Wild Draw Four on a Draw Two (never a Draw Two on a Wild Draw Four, C16)."""
    BY_VALUE = "by_value"
    """No Mercy (official there): any Draw card whose value is at least the value of the
    last Draw card laid (not the running total), whatever its color; only Draw cards answer
    (NM1.6, NM-A2 to NM-A6). For decks without a Wild Draw Four."""


class RouletteChooser(enum.Enum):
    """Who names the color a Wild Color Roulette's victim digs for (NM-A9).

    >>> RouletteChooser.VICTIM.value
    'victim'
    """

    VICTIM = "victim"
    """The victim names it, as their own action, and it stays in force; the player who
    laid the Roulette names nothing ("The next player chooses a color", NM1.5)."""
    PLAYER = "player"
    """The player who laid it names the color, as for any wild; the victim digs for it."""


class MultiPlay(enum.Enum):
    """Several cards laid in one motion (house rule, §2.7, A18).

    >>> MultiPlay.SAME_VALUE.value
    'same_value'
    """

    NONE = "none"
    """One card per turn (R4.3)."""
    IDENTICAL = "identical"
    """Further cards identical to the first (same color and number or symbol)."""
    SAME_VALUE = "same_value"
    """Further cards of the same number or symbol, any color; the last one sets the color."""


class FlipFirstCard(enum.Enum):
    """A Flip turned up as the first card of UNO Flip! (FL-A2).

    >>> FlipFirstCard("apply")
    <FlipFirstCard.APPLY: 'apply'>
    """

    APPLY = "apply"
    """As if the dealer had played it: the table turns over and the round starts on the
    dark side with the player to the dealer's left, who names the color if the face
    exposed is a wild (FL-A2 (a), the recommendation)."""
    REDRAW = "redraw"
    """It goes back into the pile and another card is turned, as a Wild Draw Two
    ([FL-OGRE] ruling D2, FL-A2 (b))."""
    IGNORE = "ignore"
    """It does nothing: a light card of its color (FL-A2 (c))."""


class FlipWildChooser(enum.Enum):
    """Who names the color when a Flip exposes a wild face (FL-A3).

    >>> FlipWildChooser.NEXT.value
    'next'
    """

    NEXT = "next"
    """The next player, who then plays (as for a first Wild, the recommendation)."""
    FLIPPER = "flipper"
    """The player who laid the Flip ([FL-OGRE] ruling D3); then the next player plays."""


class FlipLastCard(enum.Enum):
    """A Flip laid as a player's last card (FL-A11).

    >>> FlipLastCard.RESOLVE.value
    'resolve'
    """

    RESOLVE = "resolve"
    """The table turns over before the round is scored, so the hands are scored by the
    side the Flip turns to (the recommendation)."""
    IGNORE = "ignore"
    """The round is over at once: the hands are scored by the side of the Flip played."""


class FastPath(enum.Enum):
    """How the engine's fast paths treat a rule option: every option declares one, and
    the engine's gate (:func:`unorules._engine.gate.fast_path_admits`) is computed from
    these declarations, never listed by hand.

    >>> attrs.fields(Rules).skip_bounce.metadata["fast"]
    <FastPath.HONOURS: 'honours'>
    >>> attrs.fields(Rules).hand_size.metadata["fast"]
    <FastPath.NOT_READ: 'not_read'>
    >>> attrs.fields(Rules).wild_restriction.metadata["fast"]  # honoured by checking plays
    <FastPath.CHECKS_PLAYS: 'checks_plays'>
    """

    HONOURS = "honours"
    """The fast paths give the general route's result for every value: they reach the
    rule only through the rule functions both routes share, or decline (hand over to the
    general route) where its value matters."""
    CHECKS_PLAYS = "checks_plays"
    """Honoured, and at a value other than its default the option adds checks to a normal
    turn's plays beyond matching: the fast paths then ask the legality rule functions
    about every play and list the playable cards through them (``Match.checked``)."""
    SHAPES_PLAYS = "shapes_plays"
    """Honoured, and at a value other than its default the option gives some cards plays
    beyond one per color and UNO variant (a target, several cards at once): the fast
    paths then also check every play and take the current player's listing from the
    general listing's own function (``Match.compound``)."""
    COUNTS_TURNS = "counts_turns"
    """Honoured, and at a value other than its default turn actions are counted: the fast
    paths count them with the general route's counter (``Match.counts``)."""
    LIMITS_DRAWS = "limits_draws"
    """Honoured, and at a value other than its default a player may not always draw on a
    normal turn: the fast paths then ask the rule function
    (:func:`unorules._engine.moves.may_draw`) before they list or take a draw
    (``Match.limits_draws``). At its default, drawing is always allowed."""
    ASSUMES_DEFAULT = "assumes_default"
    """The fast paths are right for the default value only: rules with another value
    never take them."""
    NOT_READ = "not_read"
    """No code on the fast route reads the option: it matters only where the fast paths
    never go (a round's setup, a challenge, a catch)."""


def _option(
    default: Any, help: str, rule: str, *, fast: FastPath, since: int = 1, **kwargs: Any
) -> Any:
    """An attrs field with the text and rule reference used by the generated tables, the
    declaration of how the fast paths treat it, and the release that added it (``since``:
    an option added after the first is left out of a full option list at its default, so
    that the JSON of states and transcripts made without it stays byte for byte the same)."""
    return attrs.field(
        default=default,
        metadata={"help": help, "rule": rule, "fast": fast, "since": since},
        **kwargs,
    )


_OPTION_MAX: Final = 1 << 32
"""The largest value of an integer option that has no bound of its own (a target, a
penalty, card points): far above any real game, and an integer that can be written out."""

_HONOURS: Final = FastPath.HONOURS
_NOT_READ: Final = FastPath.NOT_READ
_CHECKS_PLAYS: Final = FastPath.CHECKS_PLAYS
_SHAPES_PLAYS: Final = FastPath.SHAPES_PLAYS
_COUNTS_TURNS: Final = FastPath.COUNTS_TURNS
_LIMITS_DRAWS: Final = FastPath.LIMITS_DRAWS
_ASSUMES_DEFAULT: Final = FastPath.ASSUMES_DEFAULT


def _deck_counts(value: object) -> object:
    """``deck_counts=``: None, a :class:`DeckCounts`, or a mapping of ranks to counts."""
    if value is None or isinstance(value, DeckCounts):
        return value
    if isinstance(value, Mapping):
        return DeckCounts.of(value)
    raise RulesError(f"deck_counts={shown(value)}: expected None, a DeckCounts or {_DECK_EXAMPLE}")


@attrs.frozen
class CardPoints:
    """What cards score at the end of a round (R13.1, A1). Number cards score their face.

    >>> CardPoints().of(Card.parse("WS")), CardPoints(shuffle_hands=50).of(Card.parse("WS"))
    (40, 50)
    """

    action: int = 20
    """Skip, Reverse, Draw Two."""
    wild: int = 50
    """Wild."""
    wild_draw_four: int = 50
    """Wild Draw Four."""
    shuffle_hands: int = 40
    """Wild Shuffle Hands (40 per the Mattel sheet; the Danish guide says 50, A1)."""
    customizable: int = 40
    """Wild Customizable (40, A1)."""
    wild_action: int = 50
    """The No Mercy wilds: Wild Reverse Draw Four, Wild Draw Six and Ten, Wild Color
    Roulette ("Any Wild Action Card" 50, NM1.10). The No Mercy colored
    action cards (Draw Four, Skip Everyone, Discard All) score ``action``."""
    # UNO Flip! (FL2.2); its Wild scores 40 (the ``mattel-flip`` profile)
    draw_one: int = 10
    """Draw One (UNO Flip!, light side)."""
    draw_five: int = 20
    """Draw Five (UNO Flip!, dark side)."""
    skip_everyone: int = 30
    """Skip Everyone of UNO Flip!'s dark side (No Mercy's, on the classic colors, scores
    ``action``)."""
    flip: int = 20
    """Flip (UNO Flip!, both sides)."""
    wild_draw_two: int = 50
    """Wild Draw Two (UNO Flip!, light side)."""
    wild_draw_color: int = 60
    """Wild Draw Color (UNO Flip!, dark side)."""

    def __attrs_post_init__(self) -> None:
        # Checked as Rules' integer options are: a whole number (not a bool), in range.
        for a in attrs.fields(CardPoints):
            value = getattr(self, a.name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"points.{a.name}={shown(value)}: expected an integer")
            if not 0 <= value <= _OPTION_MAX:
                raise RulesError(
                    f"points.{a.name}={shown_int(value)}: a card scores from 0 to 2**32 points"
                )

    def to_json(self) -> dict[str, int]:
        """The JSON form. ``wild_action``, added with the No Mercy cards, and the points of
        UNO Flip!'s cards are left out at their defaults, so that the JSON written before
        they existed stays the same.

        >>> CardPoints().to_json()["wild"], "wild_action" in CardPoints().to_json()
        (50, False)
        """
        default = CardPoints()
        return {
            k: v
            for k, v in attrs.asdict(self).items()
            if (k != "wild_action" and k not in _FLIP_POINT_FIELDS) or v != getattr(default, k)
        }

    def of(self, card: Card) -> int:
        """The points of one card.

        >>> CardPoints().of(Card.parse("G9")), CardPoints().of(Card.parse("W+4"))
        (9, 50)
        """
        if card.number is not None:
            return card.number
        rank = card.rank
        if rank is Rank.WILD:
            return self.wild
        if rank is Rank.WILD_DRAW_FOUR:
            return self.wild_draw_four
        if rank is Rank.WILD_SHUFFLE_HANDS:
            return self.shuffle_hands
        if rank is Rank.WILD_CUSTOMIZABLE:
            return self.customizable
        flip = _FLIP_RANK_POINTS.get(rank)
        if flip is not None and (rank is not Rank.SKIP_EVERYONE or card.color in DARK_COLORS):
            return int(getattr(self, flip))
        if card.is_wild:
            return self.wild_action
        return self.action


_FLIP_RANK_POINTS: Final[dict[Rank, str]] = {
    Rank.DRAW_ONE: "draw_one",
    Rank.DRAW_FIVE: "draw_five",
    Rank.SKIP_EVERYONE: "skip_everyone",
    Rank.FLIP: "flip",
    Rank.WILD_DRAW_TWO: "wild_draw_two",
    Rank.WILD_DRAW_COLOR: "wild_draw_color",
}


def _known_pairing(instance: Rules, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str):
        raise RulesError(f"flip_pairing={shown(value)}: expected a string")
    if value and value != RANDOM and value not in PAIRINGS:
        known = ", ".join(sorted([*PAIRINGS, RANDOM]))
        raise RulesError(f"flip_pairing={shown(value)}: unknown face pairing; known: {known}")


_DECK_EXAMPLE: Final = "a mapping of rank names to counts, e.g. {'draw_two': 3}"


@attrs.frozen
class DeckCounts:
    """A deck as data: how many cards of each rank it holds, so that a physical count can
    correct a deck without code changes (NM1.2, NM-A1). A
    colored rank counts per color (each color has that many); a wild rank counts in all.
    In JSON it is an object of rank names (:class:`~unorules.Rank` values) to counts.
    The option ``deck_counts`` of :class:`Rules` holds one.

    >>> deck = DeckCounts.of({"0": 1, "draw_two": 2, "wild": 4})
    >>> deck.size, deck.count(Rank.DRAW_TWO)
    (16, 2)
    >>> [str(c) for c in deck.cards()[:3]]
    ['R0', 'R+2', 'R+2']
    >>> DeckCounts.of({"joker": 2})
    Traceback (most recent call last):
    ...
    unorules.rules.RulesError: deck: unknown rank 'joker'; ranks are written as in JSON: ...
    """

    counts: tuple[tuple[Rank, int], ...]
    """``(rank, count)`` pairs in rank order, without zero counts."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.counts, tuple):
            raise RulesError(f"deck={shown(self.counts)}: expected {_DECK_EXAMPLE}")
        for pair in self.counts:
            if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], Rank)):
                raise RulesError(f"deck: {shown(pair)} is not a (Rank, count) pair")
            rank, count = pair
            if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 64:
                raise RulesError(
                    f"deck: {rank.value}={shown(count)}: a rank's count is a whole number"
                    " from 1 to 64 (leave out a rank the deck does not hold)"
                )
        order = [rank for rank, _ in self.counts]
        if order != sorted(set(order), key=list(Rank).index):
            raise RulesError("deck: each rank at most once, in rank order (use DeckCounts.of)")

    @classmethod
    def of(cls, counts: Mapping[str | Rank, int]) -> DeckCounts:
        """A deck from a mapping of ranks (or their JSON names) to counts; zero counts are
        dropped.

        >>> DeckCounts.of({Rank.WILD: 4, "skip": 0}).counts
        ((<Rank.WILD: 'wild'>, 4),)
        """
        if not isinstance(counts, Mapping):
            raise RulesError(f"deck={shown(counts)}: expected {_DECK_EXAMPLE}")
        got: dict[Rank, int] = {}
        for key, count in counts.items():
            if isinstance(key, Rank):
                rank = key
            else:
                try:
                    rank = Rank(key)
                except ValueError:
                    known = "'0' to '9', " + ", ".join(
                        repr(r.value) for r in Rank if r.number is None
                    )
                    raise RulesError(
                        f"deck: unknown rank {shown(key)}; ranks are written as in JSON: {known}"
                    ) from None
            if count != 0 or not isinstance(count, int) or isinstance(count, bool):
                got[rank] = count
        return cls(tuple((rank, got[rank]) for rank in Rank if rank in got))

    def count(self, rank: Rank) -> int:
        """Cards of ``rank`` per color (colored) or in all (wild); 0 if none.

        >>> NO_MERCY_DECK.count(Rank.WILD_COLOR_ROULETTE), NO_MERCY_DECK.count(Rank.WILD)
        (8, 0)
        """
        for r, k in self.counts:
            if r is rank:
                return k
        return 0

    @property
    def size(self) -> int:
        """How many cards the deck holds.

        >>> NO_MERCY_DECK.size
        168
        """
        return sum(k if rank.is_wild else 4 * k for rank, k in self.counts)

    def cards(self) -> tuple[Card, ...]:
        """The deck's cards in canonical order (:attr:`~unorules.Card.index`).

        >>> len(NO_MERCY_DECK.cards()), str(NO_MERCY_DECK.cards()[-1])
        (168, 'WCR')
        """
        per = dict(self.counts)
        return tuple(
            card
            for card in EVERY_CARD
            if card.color not in DARK_COLORS  # the classic colors (UNO Flip!'s light side)
            for _ in range(per.get(card.rank, 0))
        )

    def to_json(self) -> dict[str, int]:
        """The JSON form: rank names to counts.

        >>> DeckCounts.of({"wild": 4, "0": 1}).to_json()
        {'0': 1, 'wild': 4}
        """
        return {rank.value: k for rank, k in self.counts}


def classic_deck(shuffle_hands: int = 1, customizable: int = 3) -> DeckCounts:
    """The classic deck (R1.1, R1.2) as :class:`DeckCounts`: what ``deck_counts=None``
    deals.

    >>> classic_deck().cards() == build_deck(), classic_deck(0, 0).size
    (True, 108)
    """
    counts: dict[str | Rank, int] = {"0": 1, **{str(k): 2 for k in range(1, 10)}}
    counts.update({"skip": 2, "reverse": 2, "draw_two": 2, "wild": 4, "wild_draw_four": 4})
    counts.update({"wild_shuffle_hands": shuffle_hands, "wild_customizable": customizable})
    return DeckCounts.of(counts)


NO_MERCY_DECK: Final = DeckCounts.of(
    {
        **{str(k): 2 for k in range(10)},
        "draw_two": 3,
        "draw_four": 2,
        "skip": 3,
        "skip_everyone": 2,
        "reverse": 3,
        "discard_all": 3,
        "wild_reverse_draw_four": 8,
        "wild_draw_six": 4,
        "wild_draw_ten": 4,
        "wild_color_roulette": 8,
    }
)
"""UNO Show 'Em No Mercy's 168 cards, the breakdown D-FW (NM1.2, NM-A1):
per color two of each number 0-9, three Draw Two, two Draw Four, three Skip, two Skip
Everyone, three Reverse, three Discard All; eight Wild Reverse Draw Four, four Wild Draw
Six, four Wild Draw Ten, eight Wild Color Roulette. The sheet gives only the total: a
physical count corrects it with ``deck_counts=``.

>>> NO_MERCY_DECK.size, NO_MERCY_DECK.count(Rank.DRAW_TWO)
(168, 3)
"""


def _known_effect(instance: Rules, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str):
        raise RulesError(f"{attribute.name}={shown(value)}: expected a string")
    if value not in EFFECTS:
        raise RulesError(f"{attribute.name}={_EFFECTS.unknown(value)}")


@attrs.frozen(cache_hash=True)  # hashed as a dict key by the caches: once, not per lookup
class Rules:
    """Every rule option. The defaults are the ``mattel`` profile (the current official
    112-card game). Each option names the rules it models, by their ids in the
    rules reference of the documentation (R…, A…, C…).

    >>> Rules() == get_profile("mattel")
    True
    >>> Rules().deck_size, get_profile("mattel-108").deck_size
    (112, 108)
    """

    # -- deck and setup -----------------------------------------------------------------
    shuffle_hands_cards: int = _option(
        1,
        "Wild Shuffle Hands cards in the deck (0 or 1)",
        "R1.1, R1.2",
        fast=_NOT_READ,
    )
    customizable_cards: int = _option(
        3,
        "Wild Customizable cards in the deck (0 to 3)",
        "R1.4, A10",
        fast=_NOT_READ,
    )
    customizable_effect: str = _option(
        "wild",
        "what a Wild Customizable does (a registered effect)",
        "R9, A10, C14",
        validator=_known_effect,
        fast=_HONOURS,
    )
    hand_size: int = _option(7, "cards dealt to each player", "R3.2", fast=_NOT_READ)
    first_discard: FirstDiscard = _option(
        FirstDiscard.APPLY_EFFECTS,
        "what the first card turned up does",
        "R3.5, A2, C5",
        fast=_NOT_READ,
    )
    # -- the turn -------------------------------------------------------------------------
    voluntary_draw: bool = _option(
        True,
        "a player holding a playable card may draw instead",
        "R4.5, A7",
        fast=_LIMITS_DRAWS,
    )
    play_drawn_card: bool = _option(
        True,
        "a playable drawn card may be laid in the same turn",
        "R4.4, R4.6",
        fast=_HONOURS,
    )
    two_player_reverse: TwoPlayerReverse = _option(
        TwoPlayerReverse.SKIP,
        "what a Reverse does with two players",
        "R5.5, A3",
        fast=_HONOURS,
    )
    next_may_answer_symbol: bool = _option(
        True,
        "the player right after a Reverse may answer it with a Reverse of another color",
        "A13, C6",
        fast=_HONOURS,
    )
    # -- wild cards -------------------------------------------------------------------------
    wild_restriction: WildRestriction = _option(
        WildRestriction.NONE,
        "when a plain Wild may be laid",
        "R6.1, §2.4, A17",
        fast=_CHECKS_PLAYS,
    )
    wd4_blockers: WildDrawFourBlockers = _option(
        WildDrawFourBlockers.COLOR,
        "cards in hand that make a Wild Draw Four a bluff",
        "R7.2, A4",
        fast=_HONOURS,
    )
    wd4_bluff: WildDrawFourBluff = _option(
        WildDrawFourBluff.CHALLENGE,
        "how a Wild Draw Four bluff is punished",
        "R7.3, A5, A6",
        fast=_HONOURS,
    )
    challenger_plays_after_success: bool = _option(
        True,
        "after a successful challenge the challenger takes the turn",
        "A5 (i)",
        fast=_NOT_READ,
    )
    shuffle_hands_last_card: ShuffleHandsLastCard = _option(
        ShuffleHandsLastCard.REDEAL,
        "a Wild Shuffle Hands laid as the last card",
        "A9 (iv)",
        fast=_HONOURS,
    )
    # -- UNO ---------------------------------------------------------------------------------
    uno_penalty: int = _option(
        2, "cards drawn when caught not saying UNO", "R10.2, A8", fast=_NOT_READ
    )
    uno_penalty_loses_turn: bool = _option(
        False,
        "a caught player also loses the next turn",
        "A8, C9",
        fast=_NOT_READ,
    )
    uno_window: UnoWindow = _option(
        UnoWindow.NEXT_TURN_ACTION,
        "when a forgotten UNO may be caught",
        "R10.2, A8, C2, C9",
        fast=_HONOURS,
    )
    false_uno_penalty: int = _option(
        0,
        "cards drawn for calling UNO without holding one card",
        "§2.7, C16",
        fast=_HONOURS,
    )
    # -- scoring -----------------------------------------------------------------------------
    points: CardPoints = _option(CardPoints(), "what each card scores", "R13.1, A1", fast=_HONOURS)
    scoring: Scoring = _option(
        Scoring.WINNER_TAKES_ALL,
        "how rounds are scored and the match won",
        "R13, A14",
        fast=_HONOURS,
    )
    target: int = _option(500, "points that end the match", "R13.2", fast=_HONOURS)
    teams: int = _option(
        0, "number of teams (0: none); seat s plays in team s % teams", "R14, A15", fast=_HONOURS
    )
    # -- house rules -------------------------------------------------------------------------
    stacking: Stacking = _option(
        Stacking.NONE, "draw penalties may be passed on", "§2.7, A18", fast=_HONOURS
    )
    skip_bounce: bool = _option(
        False,
        "a Draw Two victim may bounce it with a Skip of its color",
        "§2.7, C16",
        fast=_HONOURS,
    )
    seven_o: bool = _option(
        False,
        "a 7 swaps hands with a chosen player, a 0 passes every hand on",
        "§2.7, A18",
        fast=_SHAPES_PLAYS,
    )
    jump_in: bool = _option(
        False,
        "a card identical to the top card may be laid out of turn",
        "§2.7, A18",
        fast=_HONOURS,
    )
    draw_until_playable: bool = _option(
        False,
        "draw until a playable card comes, then lay it",
        "§2.7, A18, C16",
        fast=_HONOURS,
    )
    draw_up_to: int = _option(
        1,
        "draw up to this many cards, stopping at a playable one",
        "§2.7, A18, C16",
        fast=_HONOURS,
    )
    no_finish_on_action: bool = _option(
        False, "the last card must be a number card", "§2.7, A18", fast=_CHECKS_PLAYS
    )
    multi_play: MultiPlay = _option(
        MultiPlay.NONE,
        "several cards of the same value laid at once",
        "§2.7, A18",
        fast=_SHAPES_PLAYS,
    )
    wild_draws_two: bool = _option(
        False,
        "a plain Wild makes the next player draw 2 and lose the turn",
        "§2.7, C16",
        fast=_HONOURS,
    )
    # -- hosting -----------------------------------------------------------------------------
    round_turn_limit: int = _option(
        0,
        "turn actions after which a round ends with no winner, as a stuck round (0: no limit)",
        "C2, C15",
        fast=_COUNTS_TURNS,
    )
    # -- UNO Show 'Em No Mercy (the rules reference's NM1.2 to NM1.10) -----------------
    # Every option here is declared ASSUMES_DEFAULT: rules that change one take the
    # general route, which holds every No Mercy rule (the fast paths know none of them).
    deck_counts: DeckCounts | None = _option(
        None,
        "the deck as card counts per rank (None: the classic deck that shuffle_hands_cards"
        " and customizable_cards describe)",
        "R1.1, NM1.2, NM-A1",
        converter=_deck_counts,
        fast=_ASSUMES_DEFAULT,
        since=3,
    )
    max_players: int = _option(
        10,
        "the most players the game seats",
        "R3.1, NM1.3 item 1, NM-A21",
        fast=_NOT_READ,
        since=3,
    )
    mercy: int = _option(
        0,
        "a player whose hand reaches this many cards is knocked out of the round, the hand"
        " set aside until the next rebuild of the draw pile (0: no Mercy rule)",
        "NM1.8, NM-A14, NM-A15, NM-A16",
        fast=_ASSUMES_DEFAULT,
        since=3,
    )
    knockout_points: int = _option(
        0,
        "points the round's winner scores for each player knocked out in it",
        "NM1.10",
        fast=_ASSUMES_DEFAULT,
        since=3,
    )
    stack_requires_match: bool = _option(
        False,
        "under stacking=by_value an answer must also match the last Draw card's color or symbol",
        "NM1.6 item 3, NM-A3",
        fast=_ASSUMES_DEFAULT,
        since=3,
    )
    reverse_draw_hits_self: bool = _option(
        True,
        "with two players a Wild Reverse Draw Four targets its own player (else the opponent)",
        "NM1.5, NM-A8",
        fast=_ASSUMES_DEFAULT,
        since=3,
    )
    roulette_chooser: RouletteChooser = _option(
        RouletteChooser.VICTIM,
        "who names the color a Wild Color Roulette's victim digs for",
        "NM1.5, NM-A9",
        fast=_ASSUMES_DEFAULT,
        since=3,
    )
    final_card_effect: bool = _option(
        True,
        "the effect of a card that empties its player's hand resolves (a final Draw Two"
        " still makes the next player draw)",
        "R11.3, NM1.5 R-last, NM-A17",
        fast=_ASSUMES_DEFAULT,
        since=3,
    )
    # -- UNO Flip! (FL2.1 to FL2.7) ----------------------------------------------------
    flip_pairing: str = _option(
        "",
        "UNO Flip!'s face pairing: '' for a classic game, a pairing's name"
        " ('ogreface', the transcribed table) or 'random' (drawn once per match)",
        "FL-A1, FL2.2",
        validator=_known_pairing,
        fast=FastPath.ASSUMES_DEFAULT,
        since=3,
    )
    flip_first_card: FlipFirstCard = _option(
        FlipFirstCard.APPLY, "a Flip turned up first", "FL-A2, FL2.3", fast=_NOT_READ, since=3
    )
    flip_exposed_wild_chooser: FlipWildChooser = _option(
        FlipWildChooser.NEXT,
        "who names the color when a Flip exposes a wild face",
        "FL-A3, FL2.6",
        fast=_NOT_READ,
        since=3,
    )
    flip_last_card: FlipLastCard = _option(
        FlipLastCard.RESOLVE,
        "a Flip laid as the last card turns the table before scoring",
        "FL-A11, FL2.7",
        fast=_NOT_READ,
        since=3,
    )

    def __attrs_post_init__(self) -> None:
        problems = _conflicts(self)
        if problems:
            raise RulesError("; ".join(problems))

    def but(self, **changes: Any) -> Rules:
        """These rules with some options changed: how a variant is made. The new value is
        checked like any other (:class:`RulesError` for an unknown option, a wrong type or
        a combination that makes no sense); ``self`` is unchanged.

        >>> stacking = get_profile("mattel").but(stacking=Stacking.SAME_TYPE, target=250)
        >>> stacking.stacking, stacking.target, get_profile("mattel").target
        (<Stacking.SAME_TYPE: 'same_type'>, 250, 500)
        >>> Rules().but(stack=True)
        Traceback (most recent call last):
        ...
        unorules.rules.RulesError: unknown rule option 'stack'; did you mean 'stacking'?
        """
        fields = attrs.fields_dict(Rules)
        for name in changes:
            if name not in fields:
                close = difflib.get_close_matches(name, list(fields), n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise RulesError(f"unknown rule option {name!r}{hint}")
        return attrs.evolve(self, **changes)

    @property
    def deck_size(self) -> int:
        """How many cards the deck holds.

        >>> Rules().but(customizable_cards=1).deck_size, MATTEL_FLIP.deck_size
        (110, 112)
        """
        if self.flip_pairing:
            return 112
        if self.deck_counts is not None:
            return self.deck_counts.size
        return 108 + self.shuffle_hands_cards + self.customizable_cards

    @property
    def flip(self) -> bool:
        """Whether these are UNO Flip!'s rules (double-sided cards, ``flip_pairing``).

        >>> MATTEL_FLIP.flip, MATTEL.flip
        (True, False)
        """
        return bool(self.flip_pairing)

    def deck(self, seed: int | None = None) -> tuple[Card, ...]:
        """The cards of this deck in canonical order (UNO Flip!'s light face up; a random
        pairing is drawn from the match's ``seed``).

        >>> len(get_profile("swedish").deck()), len(get_profile("mattel-no-mercy").deck())
        (108, 168)
        >>> str(MATTEL_FLIP.deck()[-1])
        'W+2|V9'
        """
        if self.flip_pairing:
            return flip_deck(self.flip_pairing, seed)
        if self.deck_counts is not None:
            return self.deck_counts.cards()
        return build_deck(self.shuffle_hands_cards, self.customizable_cards)

    @property
    def classic_cards(self) -> bool:
        """Whether the deck holds only the 56 kinds of card of the classic decks (what
        the observation vectors of ``unorules/Uno-v1`` and the OpenSpiel game encode).

        >>> Rules().classic_cards, get_profile("mattel-no-mercy").classic_cards
        (True, False)
        >>> MATTEL_FLIP.classic_cards
        False
        """
        if self.flip_pairing:  # UNO Flip!'s double-sided cards
            return False
        counts = self.deck_counts
        return counts is None or not any(rank in _NO_MERCY_RANKS for rank, _ in counts.counts)

    def refuse_unless_classic(self, what: str, instead: str | None = None) -> None:
        """Raise ``ValueError`` naming ``what`` unless :attr:`classic_cards`; ``instead``
        names what encodes these rules' cards, if anything does.

        >>> get_profile("mattel-no-mercy").refuse_unless_classic("this vector")
        Traceback (most recent call last):
        ...
        ValueError: this vector encodes the 56 classic cards; these rules' deck holds ...
        """
        if not self.classic_cards:
            holds = (
                "UNO Flip!'s double-sided cards"
                if self.flip_pairing
                else "UNO Show 'Em No Mercy's cards"
            )
            raise ValueError(
                f"{what} encodes the 56 classic cards; these rules' deck holds {holds},"
                + (
                    " which need an observation of their own (not written yet)"
                    if instead is None
                    else f" which {instead} encodes"
                )
            )

    @property
    def composition(self) -> DeckCounts:
        """The deck as card counts, the classic one included.

        >>> Rules().composition == classic_deck(1, 3)
        True
        """
        if self.deck_counts is not None:
            return self.deck_counts
        return classic_deck(self.shuffle_hands_cards, self.customizable_cards)

    def card_points(self, card: Card) -> int:
        """The points a card scores under these rules.

        >>> Rules().card_points(Card.parse("WC"))
        40
        """
        return self.points.of(card)


def _options_section() -> str:
    """The options part of :class:`Rules`' docstring, generated from the fields' metadata
    so that the text and the rule references are written once."""
    lines = ["", "    The options, each with its ``mattel`` default and the rules it models:", ""]
    for a in attrs.fields(Rules):
        help_text = a.metadata["help"]
        lines += [
            f"    ``{a.name}`` (``mattel``: {_show(a.default)})",
            f"        {help_text[0].upper()}{help_text[1:]}. Models {a.metadata['rule']}.",
            "",
        ]
    return "\n".join(lines)


_NO_MERCY_RANKS: Final = frozenset(
    {
        Rank.DRAW_FOUR,
        Rank.SKIP_EVERYONE,
        Rank.DISCARD_ALL,
        Rank.WILD_REVERSE_DRAW_FOUR,
        Rank.WILD_DRAW_SIX,
        Rank.WILD_DRAW_TEN,
        Rank.WILD_COLOR_ROULETTE,
    }
)


def _no_mercy_conflicts(r: Rules) -> list[str]:
    """The combinations the No Mercy rules refuse, each with its reason."""
    problems: list[str] = []
    deck = r.deck_counts
    if deck is not None:
        for name, rank in (
            ("shuffle_hands_cards", Rank.WILD_SHUFFLE_HANDS),
            ("customizable_cards", Rank.WILD_CUSTOMIZABLE),
        ):
            if getattr(r, name) != deck.count(rank):
                problems.append(
                    f"{name}={getattr(r, name)} but deck holds {deck.count(rank)} {rank.value}:"
                    " with deck_counts set, give the same count"
                )
        if r.hand_size * 2 + 1 > deck.size:
            problems.append(f"deck holds {deck.size} cards: too few to deal two hands")
    ranks = {rank for rank, _ in r.composition.counts}
    no_mercy = sorted(rank.value for rank in ranks & _NO_MERCY_RANKS)
    has_wd4 = Rank.WILD_DRAW_FOUR in ranks
    if no_mercy:
        cards = ", ".join(no_mercy)
        if r.first_discard is not FirstDiscard.BURY_UNTIL_NUMBER:
            problems.append(
                f"first_discard={r.first_discard.value}: the No Mercy cards ({cards}) have no"
                " first-card rule; they are buried (first_discard=bury_until_number, NM1.3)"
            )
        if r.stacking is not Stacking.BY_VALUE:
            problems.append(
                f"stacking={r.stacking.value}: the No Mercy Draw cards stack by value"
                " (stacking=by_value, NM1.6); the classic stacking house rules know only"
                " Draw Two and Wild Draw Four"
            )
    if r.stacking is Stacking.BY_VALUE:
        if has_wd4:
            problems.append(
                "stacking=by_value is No Mercy's stacking, for a deck without Wild Draw"
                " Four (its challenge has no place in a stack): use stacking=mixed, the"
                " classic house rule, for the classic deck"
            )
        if r.skip_bounce:
            problems.append(
                "skip_bounce=True: under stacking=by_value only Draw cards answer a stack"
                " (NM1.6 item 5, NM-A6)"
            )
        if r.jump_in:
            problems.append(
                "jump_in=True: no sheet says how a Jump-In meets a No Mercy stack, Roulette"
                " or Discard All, so the two are not combined"
            )
        if r.multi_play is not MultiPlay.NONE:
            problems.append(
                f"multi_play={r.multi_play.value}: stacking=by_value compares one Draw card"
                " with the last one laid (NM1.6); several cards at once have no value there"
            )
    elif r.stack_requires_match:
        problems.append("stack_requires_match=True only applies with stacking=by_value")
    if r.mercy:
        if r.teams:
            problems.append(
                f"mercy={r.mercy} with teams={r.teams}: no sheet scores a team whose player"
                " was knocked out"
            )
        if r.scoring is not Scoring.WINNER_TAKES_ALL:
            problems.append(
                f"mercy={r.mercy} with scoring={r.scoring.value}: knockouts are scored by"
                " the winner (NM1.10), under scoring=winner_takes_all"
            )
        if r.mercy <= r.hand_size:
            problems.append(f"mercy={r.mercy} must exceed hand_size={r.hand_size}")
    elif r.knockout_points:
        problems.append(f"knockout_points={r.knockout_points} needs the Mercy rule (mercy > 0)")
    if r.hand_size * r.max_players + 1 > r.deck_size and r.max_players > 2:
        problems.append(
            f"max_players={r.max_players}: {r.max_players} hands of {r.hand_size} need more"
            f" than the {r.deck_size} cards"
        )
    return problems


def _conflicts(r: Rules) -> list[str]:
    problems: list[str] = []

    def bounded(name: str, low: int, high: int | None, what: str) -> None:
        value = getattr(r, name)
        if not isinstance(value, int) or isinstance(value, bool):
            problems.append(f"{name}={shown(value)}: expected an integer")
        elif value < low or (high is not None and value > high):
            problems.append(f"{name}={shown_int(value)}: {what}")
        elif high is None and value > _OPTION_MAX:
            problems.append(f"{name}={shown_int(value)}: at most 2**32")

    bounded("shuffle_hands_cards", 0, 1, "a deck holds 0 or 1 Wild Shuffle Hands")
    bounded("customizable_cards", 0, 3, "a deck holds 0 to 3 Wild Customizable cards")
    bounded("hand_size", 1, 10, "deal from 1 to 10 cards")
    bounded("uno_penalty", 0, None, "a penalty cannot be negative")
    bounded("false_uno_penalty", 0, None, "a penalty cannot be negative")
    bounded("target", 1, None, "the match target must be at least 1 point")
    bounded("draw_up_to", 1, None, "a player draws at least 1 card")
    bounded("round_turn_limit", 0, 1 << 32, "0 for no limit, or up to 2**32 turn actions")
    bounded("max_players", 2, 10, "UNO seats 2 to 10 players")
    if r.mercy != 0 or isinstance(r.mercy, bool) or not isinstance(r.mercy, int):
        bounded("mercy", 2, 1000, "0 for no Mercy rule, or a hand size from 2 to 1000")
    bounded("knockout_points", 0, None, "points cannot be negative")
    if r.teams != 0 or isinstance(r.teams, bool) or not isinstance(r.teams, int):
        bounded("teams", 2, 5, "0 for no teams, or 2 to 5 teams")
    for a in attrs.fields(Rules):
        if isinstance(a.default, bool) and type(getattr(r, a.name)) is not bool:
            problems.append(f"{a.name}={shown(getattr(r, a.name))}: expected True or False")
    for name, kind in (
        ("first_discard", FirstDiscard),
        ("two_player_reverse", TwoPlayerReverse),
        ("wild_restriction", WildRestriction),
        ("wd4_blockers", WildDrawFourBlockers),
        ("wd4_bluff", WildDrawFourBluff),
        ("shuffle_hands_last_card", ShuffleHandsLastCard),
        ("uno_window", UnoWindow),
        ("scoring", Scoring),
        ("stacking", Stacking),
        ("multi_play", MultiPlay),
        ("flip_first_card", FlipFirstCard),
        ("flip_exposed_wild_chooser", FlipWildChooser),
        ("flip_last_card", FlipLastCard),
        ("roulette_chooser", RouletteChooser),
    ):
        if not isinstance(getattr(r, name), kind):
            problems.append(f"{name}={shown(getattr(r, name))}: expected a {kind.__name__}")
    if not isinstance(r.points, CardPoints):
        problems.append(f"points={shown(r.points)}: expected a CardPoints")
    if problems:
        return problems
    problems += _no_mercy_conflicts(r)
    if r.customizable_effect != "wild" and r.customizable_cards == 0:
        problems.append(
            f"customizable_effect={shown(r.customizable_effect)} needs Wild Customizable cards,"
            " but customizable_cards=0"
        )
    if r.shuffle_hands_last_card is ShuffleHandsLastCard.GO_OUT and r.shuffle_hands_cards == 0:
        problems.append(
            "shuffle_hands_last_card=go_out needs a Wild Shuffle Hands, but shuffle_hands_cards=0"
        )
    if r.draw_until_playable and r.draw_up_to > 1:
        problems.append(
            f"draw_until_playable=True and draw_up_to={r.draw_up_to} are two different draw"
            " rules: choose one"
        )
    if r.draw_until_playable and not r.play_drawn_card:
        problems.append(
            "draw_until_playable=True needs play_drawn_card=True (the card drawn must be laid)"
        )
    problems += _flip_conflicts(r)
    return problems


def _flip_conflicts(r: Rules) -> list[str]:
    """What UNO Flip!'s rules cannot be combined with, and why; or the Flip options set
    for a classic deck."""
    if not r.flip_pairing:
        return [
            f"{a.name}={_show(getattr(r, a.name))} is a UNO Flip! option: it needs a Flip deck"
            " (flip_pairing)"
            for a in attrs.fields(Rules)
            if a.name.startswith("flip_")
            and a.name != "flip_pairing"
            and getattr(r, a.name) != a.default
        ]
    refused = (
        (
            r.shuffle_hands_cards or r.customizable_cards,
            "shuffle_hands_cards and"
            " customizable_cards must be 0: the UNO Flip! deck has no such cards (FL2.2)",
        ),
        (
            r.stacking is not Stacking.NONE,
            f"stacking={r.stacking.value} stacks Draw Twos and"
            " Wild Draw Fours, which the UNO Flip! deck does not have (FL2.1: no stacking)",
        ),
        (
            r.skip_bounce,
            "skip_bounce=True bounces a Draw Two, which the UNO Flip! deck does not have",
        ),
        (r.seven_o, "seven_o=True passes hands on a 0, and the UNO Flip! deck has no 0 (FL2.2)"),
        (
            r.jump_in,
            "jump_in=True needs a card identical to the top card, and two UNO Flip!"
            " cards with the same face in play may differ on the other face",
        ),
        (
            r.multi_play is not MultiPlay.NONE,
            f"multi_play={r.multi_play.value}: several"
            " Flips laid together would turn the table an undefined number of times",
        ),
        (
            r.wd4_bluff is not WildDrawFourBluff.CHALLENGE,
            f"wd4_bluff={r.wd4_bluff.value}:"
            " UNO Flip!'s wild draw cards are challenged as the sheet says (FL2.5, FL-A10)",
        ),
        (
            r.deck_counts is not None,
            "deck_counts must be None: the UNO Flip! deck is its face pairing's table"
            " (FL2.2), not a count of ranks",
        ),
        (
            r.mercy,
            f"mercy={r.mercy}: the Mercy rule is UNO Show 'Em No Mercy's (NM1.7);"
            " UNO Flip! has none",
        ),
        (
            not r.final_card_effect,
            "final_card_effect=False: UNO Flip!'s last card is settled by flip_last_card"
            " (FL2.7, FL-A11)",
        ),
    )
    return [f"flip_pairing={r.flip_pairing!r}: {why}" for bad, why in refused if bad]


MATTEL: Final = Rules()
"""``mattel``: the current official Mattel game with the 112-card deck (one Wild Shuffle
Hands, three Wild Customizable). Sources: the Mattel sheet in Swedish translation with its
quick guide and FAQ, the Danish guide, Mattel's GDJ85 and R2822 sheets. Its rules are
the official game of the rules reference (R1 to R14) and the ``mattel`` column of the
profile matrix (§2.1 to §2.6).

>>> MATTEL.deck_size, MATTEL.voluntary_draw
(112, True)
"""

MATTEL_108: Final = attrs.evolve(MATTEL, shuffle_hands_cards=0, customizable_cards=0)
"""``mattel-108``: the older official Mattel sheet with the 108-card deck (no Wild Shuffle
Hands, no Wild Customizable); otherwise as ``mattel``. Sources: the classic rules text
of the older Mattel sheet, everything2, Wikipedia; the ``mattel-108`` column of the
profile matrix (§2.1 to §2.6).

>>> MATTEL_108.deck_size
108
"""

SWEDISH: Final = attrs.evolve(
    MATTEL_108,
    first_discard=FirstDiscard.NO_EFFECTS,
    voluntary_draw=False,
    two_player_reverse=TwoPlayerReverse.PASS,
    next_may_answer_symbol=False,
    wild_restriction=WildRestriction.NO_CURRENT_COLOR,
    wd4_bluff=WildDrawFourBluff.EXTRA_FOUR,
    uno_penalty_loses_turn=True,
    uno_window=UnoWindow.UNTIL_OFFENDER_TURN,
)
"""``swedish``: the Swedish community sheet "UNO-regler" (its main text; its reader
comments are house rules). 108 cards; the first card has no effect (a wild is turned
back); no drawing while able to play; two-player Reverse hands the turn to the opponent;
no Reverse answered by symbol by the player right after; a Wild only without a card of the
current color; a Wild Draw Four bluff costs 4 extra cards; a forgotten UNO costs 2 cards and
the next turn. Source: the Swedish community sheet; the ``swedish`` column of the profile
matrix (§2.1 to §2.6) and C6, C9, C10.

>>> SWEDISH.two_player_reverse
<TwoPlayerReverse.PASS: 'pass'>
"""

DANISH: Final = attrs.evolve(
    MATTEL_108,
    first_discard=FirstDiscard.NO_EFFECTS,
    voluntary_draw=False,
    wd4_blockers=WildDrawFourBlockers.ANY_LEGAL_CARD,
    wd4_bluff=WildDrawFourBluff.TAKE_BACK,
)
"""``danish``: the Danish sheet "UNO Spilleregler". 108 cards; the round starts
normally whatever the first card (a wild is turned back); no drawing while able to play; a
Wild Draw Four only without any other card that could be laid; a discovered bluff goes
back into the hand with 2 penalty cards and the previous top card and color restored.
Source: the Danish sheet; the ``danish`` column of the profile matrix (§2.1 to §2.6)
and C10.

>>> DANISH.wd4_blockers
<WildDrawFourBlockers.ANY_LEGAL_CARD: 'any_legal_card'>
"""


MATTEL_NO_MERCY: Final = attrs.evolve(
    MATTEL,
    shuffle_hands_cards=0,
    customizable_cards=0,
    deck_counts=NO_MERCY_DECK,
    max_players=6,
    first_discard=FirstDiscard.BURY_UNTIL_NUMBER,
    voluntary_draw=False,
    draw_until_playable=True,
    stacking=Stacking.BY_VALUE,
    seven_o=True,
    mercy=25,
    knockout_points=250,
    target=1000,
    final_card_effect=False,
)
"""``mattel-no-mercy``: UNO Show 'Em No Mercy (Mattel HWV18, 2023), 168 cards (the D-FW
breakdown, ``unorules.rules.NO_MERCY_DECK``), 2 to 6 players. Action cards turned up first are
buried until a number card, which has no effect; a player with no playable card draws
until one comes and must lay it, and one holding a playable card must lay one; Draw cards
stack by value against the last one laid; a 7 swaps with a chosen player and a 0 passes
every hand on, both mandatory; a hand reaching 25 cards is knocked out; a final card wins
at once with no effect; the last player standing wins; 1000 points, 250 for each knockout.
No Wild Draw Four, no challenge. Source: the rules NM1.2 to NM1.10 and the decisions (NM-A1 to
NM-A22).

>>> MATTEL_NO_MERCY.deck_size, MATTEL_NO_MERCY.mercy, MATTEL_NO_MERCY.stacking.value
(168, 25, 'by_value')
"""


# UNO Flip! (FL2.1 to FL2.7)
MATTEL_FLIP: Final = attrs.evolve(
    MATTEL_108,
    flip_pairing="ogreface",
    points=CardPoints(wild=40),
)
"""``mattel-flip``: UNO Flip! (Mattel GDR44), 112 double-sided cards, 2 to 10 players;
the face pairing transcribed from a physical deck (FL-A1). As ``mattel`` otherwise: a
voluntary draw, the drawn card playable, a two-player Reverse acts as a Skip (FL-A6),
a Wild Draw Two or Wild Draw Color laid while holding the color in force may be
challenged (FL-A7, FL-A8), UNO costs 2, 500 points win (or the cumulative-low mode).
Source: the UNO Flip! page of the rules reference (FL2.1 to FL2.7, FL-A1 to FL-A14).

>>> MATTEL_FLIP.deck_size, MATTEL_FLIP.points.wild, MATTEL_FLIP.flip_pairing
(112, 40, 'ogreface')
"""


def _check_profile(name: object, rules: object) -> None:
    if not isinstance(rules, Rules):
        raise TypeError(f"register_profile needs a Rules value, not {type(rules).__name__}")
    if not isinstance(name, str) or not name.strip() or name != name.strip():
        raise ValueError(
            f"a profile name is a non-empty string without outer spaces: {shown(name)}"
        )


_PROFILES: Final[Registry[Rules]] = Registry(
    "profile",
    {
        "mattel": MATTEL,
        "mattel-108": MATTEL_108,
        "swedish": SWEDISH,
        "danish": DANISH,
        "mattel-no-mercy": MATTEL_NO_MERCY,
        "mattel-flip": MATTEL_FLIP,
    },
    check=_check_profile,
    unknown="unknown rules profile {name}; {hint}known profiles: {known}",
    sort_known=False,
    title="PROFILES",
)
BUILT_IN_ORDER: Final = _PROFILES.built_in
"""The built-in profiles' names, in the order a transcript tries them (not in ``__all__``).

>>> BUILT_IN_ORDER
('mattel', 'mattel-108', 'swedish', 'danish', 'mattel-no-mercy', 'mattel-flip')
"""

PROFILES: Final[Mapping[str, Rules]] = _PROFILES.view
"""Read-only mapping of profile name to :class:`Rules`; registered profiles appear here.
Iterating it is safe while another thread registers a profile (it iterates a snapshot).

>>> PROFILES["danish"].voluntary_draw
False
>>> PROFILES["house"] = Rules()
Traceback (most recent call last):
...
TypeError: 'RegistryView' object does not support item assignment
"""


def seat_sides(rules: Rules, players: int) -> tuple[int, ...]:
    """The side of each of ``players`` seats: in team play seat ``s`` plays in team
    ``s % teams`` (so teammates sit apart, A15), else each seat is its own side. The
    players must split into equal teams of at least two, else ValueError.

    >>> seat_sides(MATTEL.but(teams=2), 4), seat_sides(MATTEL, 3)
    ((0, 1, 0, 1), (0, 1, 2))
    >>> seat_sides(MATTEL.but(teams=2), 5)
    Traceback (most recent call last):
    ...
    ValueError: 5 players cannot form 2 equal teams of at least two (seat s plays in team s % teams)
    """
    teams = rules.teams
    if not teams:
        return tuple(range(players))
    if players % teams or players // teams < 2:
        raise ValueError(
            f"{players} players cannot form {teams} equal teams of at least two"
            " (seat s plays in team s % teams)"
        )
    return tuple(s % teams for s in range(players))


def get_profile(name: str) -> Rules:
    """The rules of a named profile; a ``ValueError`` names the known ones, and the one
    meant when the name is a near miss.

    >>> get_profile("swedish").uno_penalty_loses_turn
    True
    >>> get_profile("hoyle")
    Traceback (most recent call last):
    ...
    ValueError: unknown rules profile 'hoyle'; known profiles: mattel, mattel-108, ...
    >>> get_profile("mattle")
    Traceback (most recent call last):
    ...
    ValueError: unknown rules profile 'mattle'; did you mean 'mattel'? known profiles: ...
    """
    return _PROFILES.get(name)


def register_profile(name: str, rules: Rules, *, replace: bool = False) -> None:
    """Make ``rules`` known under ``name`` (so transcripts and the command line can name it).

    Registering an existing name needs ``replace=True``; the four built-in profiles can
    never be replaced. Safe to call while other threads read the registry
    (:func:`get_profile`, :data:`PROFILES`, transcripts being written). A transcript
    names its rules by a built-in profile and the options that differ, never by a
    registered name, so replacing one never changes a transcript's meaning.

    >>> import attrs
    >>> register_profile("doc-stacking", MATTEL.but(stacking=Stacking.SAME_TYPE))
    >>> get_profile("doc-stacking").stacking
    <Stacking.SAME_TYPE: 'same_type'>
    >>> register_profile("mattel", MATTEL_108, replace=True)
    Traceback (most recent call last):
    ...
    ValueError: 'mattel' is a built-in profile and cannot be replaced
    """
    _PROFILES.register(name, rules, replace=replace)


def profile_name(rules: Rules) -> str | None:
    """The name a :class:`Rules` value is registered under, if any (built-ins first).

    >>> profile_name(SWEDISH), profile_name(SWEDISH.but(target=100))
    ('swedish', None)
    """
    for name, value in _PROFILES.items():
        if value == rules:
            return name
    return None


def option_docs() -> dict[str, tuple[str, str]]:
    """Each option's name mapped to its one-line help and the rules it models.

    >>> option_docs()["two_player_reverse"]
    ('what a Reverse does with two players', 'R5.5, A3')
    """
    return {a.name: (a.metadata["help"], a.metadata["rule"]) for a in attrs.fields(Rules)}


# -- conversion to and from plain JSON values ------------------------------------------------

_ENUMS: Final[dict[str, type[enum.Enum]]] = {
    a.name: a.type
    for a in attrs.fields(attrs.resolve_types(Rules))
    if isinstance(a.type, type) and issubclass(a.type, enum.Enum)
}


def option_value(name: str, value: object) -> object:
    """One option's JSON value as the Python value :class:`Rules` takes; a
    :class:`RulesError` if the option cannot take it (not in ``__all__``).

    >>> option_value("stacking", "same_type")
    <Stacking.SAME_TYPE: 'same_type'>
    >>> option_value("hand_size", "7")
    Traceback (most recent call last):
    ...
    unorules.rules.RulesError: hand_size='7': expected a whole number
    """
    if name in _ENUMS:
        try:
            return _ENUMS[name](value)
        except ValueError:
            choices = ", ".join(repr(m.value) for m in _ENUMS[name])
            raise RulesError(f"{name}={shown(value)}: expected one of {choices}") from None
    if name == "deck_counts":
        if value is None:
            return None
        if not isinstance(value, dict):
            raise RulesError(f"deck_counts={shown(value)}: expected null or {_DECK_EXAMPLE}")
        for key, item in value.items():
            if not isinstance(item, int) or isinstance(item, bool):
                raise RulesError(
                    f"deck_counts.{capped(str(key))}={shown(item)}: expected a whole number"
                )
        return DeckCounts.of(value)
    if name == "points":
        if not isinstance(value, dict):
            raise RulesError(f"points={shown(value)}: expected an object of card points")
        known = {a.name for a in attrs.fields(CardPoints)}
        unknown = sorted(set(value) - known)
        if unknown:
            raise RulesError(
                f"points: unknown key(s) {capped(', '.join(unknown))};"
                f" known: {', '.join(sorted(known))}"
            )
        for key, item in value.items():
            if not isinstance(item, int) or isinstance(item, bool) or item < 0:
                raise RulesError(
                    f"points.{capped(key)}={shown(item)}: expected a whole number >= 0"
                )
        return attrs.evolve(CardPoints(), **value)
    expected = attrs.fields_dict(Rules)[name].default
    if isinstance(expected, bool):
        if not isinstance(value, bool):
            raise RulesError(f"{name}={shown(value)}: expected true or false")
    elif isinstance(expected, int):
        if not isinstance(value, int) or isinstance(value, bool):
            raise RulesError(f"{name}={shown(value)}: expected a whole number")
    elif isinstance(expected, str) and not isinstance(value, str):
        raise RulesError(f"{name}={shown(value)}: expected a string")
    return value


def rules_from_options(base: Rules, options: Mapping[str, object]) -> Rules:
    """``base`` with options overridden from plain JSON values (as in a transcript).

    >>> rules_from_options(MATTEL, {"stacking": "same_type", "target": 250}).target
    250
    >>> rules_from_options(MATTEL, {"stack": "yes"})
    Traceback (most recent call last):
    ...
    unorules.rules.RulesError: unknown rule option 'stack'; did you mean 'stacking'?
    """
    fields = attrs.fields_dict(Rules)
    changes: dict[str, Any] = {}
    for name, value in options.items():
        if name not in fields:
            close = difflib.get_close_matches(str(name)[:100], list(fields), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise RulesError(f"unknown rule option {shown(name)}{hint}")
        changes[name] = option_value(name, value)
    return attrs.evolve(base, **changes)


def rules_to_options(
    rules: Rules, base: Rules | None = None, *, compact: bool = False
) -> dict[str, object]:
    """The options of ``rules`` that differ from ``base`` (all of them without a base), as
    plain JSON values. With ``compact`` and no base, an option added after the first
    release is left out at its default (a state's JSON: the same bytes as before it).

    >>> rules_to_options(SWEDISH, MATTEL_108)["two_player_reverse"]
    'pass'
    >>> rules_to_options(MATTEL, MATTEL)
    {}
    >>> "mercy" in rules_to_options(MATTEL), "mercy" in rules_to_options(MATTEL, compact=True)
    (True, False)
    >>> "flip_pairing" in rules_to_options(MATTEL, compact=True)
    False
    >>> rules_to_options(MATTEL_FLIP, compact=True)["flip_pairing"]
    'ogreface'
    """
    out: dict[str, object] = {}
    for a in attrs.fields(Rules):
        value = getattr(rules, a.name)
        if base is not None and value == getattr(base, a.name):
            continue
        if compact and base is None and a.metadata["since"] > 1 and value == a.default:
            continue  # an option newer than the first release, at its default
        if isinstance(value, enum.Enum):
            out[a.name] = value.value
        elif isinstance(value, CardPoints | DeckCounts):
            out[a.name] = value.to_json()
        else:
            out[a.name] = value
    return out


_FLIP_POINT_FIELDS: Final = frozenset(_FLIP_RANK_POINTS.values())
"""The fields of :class:`CardPoints` that UNO Flip! added."""


def compare_profiles(names: list[str] | None = None) -> list[tuple[str, str, list[str]]]:
    """The options of several profiles side by side, generated from the :class:`Rules`
    data: one row per option, ``(option, rule reference, [value per profile])``.

    >>> rows = compare_profiles(["mattel", "swedish"])
    >>> [row for row in rows if row[0] == "voluntary_draw"]
    [('voluntary_draw', 'R4.5, A7', ['yes', 'no'])]
    """
    chosen = names if names is not None else [n for n, _ in _PROFILES.items()]
    values = [get_profile(n) for n in chosen]
    rows: list[tuple[str, str, list[str]]] = []
    for a in attrs.fields(Rules):
        rows.append((a.name, a.metadata["rule"], [_show(getattr(r, a.name)) for r in values]))
    return rows


def _show(value: object) -> str:
    if value == "":  # flip_pairing of a classic game: no UNO Flip! deck
        return "(none)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, CardPoints):
        default = CardPoints()
        return ", ".join(
            f"{k} {v}"
            for k, v in attrs.asdict(value).items()
            if k not in _FLIP_POINT_FIELDS or v != getattr(default, k)  # UNO Flip!'s where set
        )
    if isinstance(value, DeckCounts):  # the whole table is in the profile's docs
        return f"{value.size} cards" + (" (D-FW)" if value == NO_MERCY_DECK else "")
    if value is None:
        return "classic"
    return str(value)


Rules.__doc__ = (Rules.__doc__ or "") + _options_section()
