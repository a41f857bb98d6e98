"""Cards, their notation, the decks and the points cards score.

Every card is an interned value: there is exactly one :class:`Card` object for each of the
56 kinds of card (``Card(Rank.SEVEN, Color.RED) is Card.parse("r7")``), so comparing and
hashing cards is as cheap as comparing object identities.

>>> Card.parse("R7")
Card.parse('R7')
>>> str(Card.parse("wild draw four"))
'W+4'
>>> len(build_deck())
112
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable
from typing import ClassVar, Final

from unorules._echo import shown

__all__ = [
    "ALL_CARDS",
    "Card",
    "Color",
    "Rank",
    "build_deck",
]


class Color(enum.Enum):
    """The four card colors. Their values are the names used in JSON.

    >>> Color("red") is Color.RED
    True
    >>> [c.value for c in Color]
    ['red', 'yellow', 'green', 'blue']
    """

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"

    # Members are singletons, equal only to themselves, so they hash by identity, in C:
    # Enum's own __hash__ is a Python function, and the engine keys tables by them.
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        """The one-letter code used in card notation.

        >>> Color.GREEN.letter
        'G'
        """
        return self.value[0].upper()

    @classmethod
    def parse(cls, text: str) -> Color:
        """A color from its name or letter, case-insensitive.

        >>> Color.parse("Blue"), Color.parse("y")
        (<Color.BLUE: 'blue'>, <Color.YELLOW: 'yellow'>)
        """
        key = text.strip().lower()
        for color in cls:
            if key in (color.value, color.value[0]):
                return color
        raise ValueError(f"unknown color {shown(text)}: expected red, yellow, green or blue")


class Rank(enum.Enum):
    """What a card is, apart from its color.

    >>> Rank.SEVEN.number
    7
    >>> Rank.SKIP.is_action, Rank.WILD.is_wild
    (True, True)
    """

    ZERO = "0"
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    SKIP = "skip"
    REVERSE = "reverse"
    DRAW_TWO = "draw_two"
    WILD = "wild"
    WILD_DRAW_FOUR = "wild_draw_four"
    WILD_SHUFFLE_HANDS = "wild_shuffle_hands"
    WILD_CUSTOMIZABLE = "wild_customizable"

    __hash__ = object.__hash__  # as Color's: by identity, in C

    @property
    def number(self) -> int | None:
        """The face value of a number card, None for the others.

        >>> Rank.NINE.number, Rank.REVERSE.number
        (9, None)
        """
        return int(self.value) if self.value.isdigit() else None

    @property
    def is_wild(self) -> bool:
        """True for the four wild ranks (they have no color).

        >>> Rank.WILD_SHUFFLE_HANDS.is_wild
        True
        """
        return self in _WILD_RANKS

    @property
    def is_action(self) -> bool:
        """True for every card that is not a number card (symbols and wilds).

        >>> Rank.DRAW_TWO.is_action, Rank.ZERO.is_action
        (True, False)
        """
        return not self.value.isdigit()


_WILD_RANKS: Final = frozenset(
    {Rank.WILD, Rank.WILD_DRAW_FOUR, Rank.WILD_SHUFFLE_HANDS, Rank.WILD_CUSTOMIZABLE}
)

_RANK_CODE: Final = {
    **{r: r.value for r in Rank if r.value.isdigit()},
    Rank.SKIP: "S",
    Rank.REVERSE: "R",
    Rank.DRAW_TWO: "+2",
    Rank.WILD: "W",
    Rank.WILD_DRAW_FOUR: "W+4",
    Rank.WILD_SHUFFLE_HANDS: "WS",
    Rank.WILD_CUSTOMIZABLE: "WC",
}
_RANK_LONG: Final = {
    Rank.ZERO: "0",
    **{r: r.value for r in Rank if r.value.isdigit()},
    Rank.SKIP: "skip",
    Rank.REVERSE: "reverse",
    Rank.DRAW_TWO: "draw two",
    Rank.WILD: "wild",
    Rank.WILD_DRAW_FOUR: "wild draw four",
    Rank.WILD_SHUFFLE_HANDS: "wild shuffle hands",
    Rank.WILD_CUSTOMIZABLE: "wild customizable",
}


class Card:
    """One card: a rank and, unless it is a wild, a color. Immutable and interned.

    ``Card(rank, color)`` returns the one shared object for that card; a wild rank takes
    no color and every other rank needs one. The notation (``R7``, ``B+2``, ``W+4``...) is
    described in :meth:`parse`.

    >>> Card(Rank.SEVEN, Color.RED)
    Card.parse('R7')
    >>> Card(Rank.SEVEN, Color.RED) is Card.parse("red 7")
    True
    >>> Card.parse("W").is_wild, Card.parse("W").color is None
    (True, True)
    >>> Card(Rank.WILD, Color.RED)
    Traceback (most recent call last):
    ...
    ValueError: a wild card has no color: got Rank.WILD with Color.RED

    Cards compare by identity and have no order of their own; :attr:`index` gives the
    canonical order that hands are kept in:

    >>> cards = [Card.parse(c) for c in ("W", "B3", "R9", "R2")]
    >>> [str(c) for c in sorted(cards, key=lambda c: c.index)]
    ['R2', 'R9', 'B3', 'W']
    """

    __slots__ = ("_code", "color", "index", "is_wild", "number", "rank")

    rank: Rank
    """What the card is."""
    color: Color | None
    """Its color; None for a wild card."""
    is_wild: bool
    """True for W, W+4, WS and WC."""
    number: int | None
    """The face value of a number card, None otherwise."""
    _code: str
    index: int
    """The card's place in the canonical order (0..55): colors red, yellow, green, blue,
    each 0-9, Skip, Reverse, Draw Two; then W, W+4, WS, WC. Hands are kept in this order."""

    _interned: ClassVar[dict[tuple[Rank, Color | None], Card]] = {}
    _by_text: ClassVar[dict[str, Card]] = {}

    def __new__(cls, rank: Rank, color: Color | None = None) -> Card:
        card = cls._interned.get((rank, color))
        if card is not None:
            return card
        if not isinstance(rank, Rank):
            raise TypeError(f"a card's rank must be a Rank, not {shown(rank)}")
        if rank.is_wild:
            given = color if isinstance(color, Color) else shown(color)
            raise ValueError(f"a wild card has no color: got {rank} with {given}")
        raise ValueError(f"{rank} needs a color (red, yellow, green or blue), got {shown(color)}")

    @classmethod
    def _make(cls, rank: Rank, color: Color | None, index: int) -> Card:
        card = object.__new__(cls)
        code = _RANK_CODE[rank] if color is None else color.letter + _RANK_CODE[rank]
        for name, value in (
            ("rank", rank),
            ("color", color),
            ("is_wild", rank.is_wild),
            ("number", rank.number),
            ("index", index),
            ("_code", code),
        ):
            object.__setattr__(card, name, value)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Color | None]]:
        return (Card, (self.rank, self.color))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    # Equality and hashing are object identity, inherited from object: every card is
    # interned, so two equal cards are the same object. Card defines no rich comparison
    # at all (no __lt__ either): one would route every ==, `in` and index() through a
    # Python-level slot, about 8 times slower. Sort cards by their index instead.

    def __str__(self) -> str:
        return self._code

    def __repr__(self) -> str:
        return f"Card.parse({self._code!r})"

    def _repr_svg_(self) -> str:
        """The card's picture, for notebooks (see :func:`unorules.pictures.svg.card`).

        >>> Card.parse("R7")._repr_svg_().startswith("<svg")
        True
        """
        from unorules.pictures import svg  # noqa: PLC0415 (svg imports this module)

        return svg.card(self)

    @property
    def is_action(self) -> bool:
        """True for Skip, Reverse, Draw Two and the wilds (anything but a number card).

        >>> Card.parse("G+2").is_action, Card.parse("G2").is_action
        (True, False)
        """
        return self.number is None

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card in short or long notation, case-insensitive.

        Short: ``R0``..``R9``, ``RS`` (skip), ``RR`` (reverse), ``R+2`` (draw two), and the
        same with ``Y``, ``G``, ``B``; ``W``, ``W+4``, ``WS`` (shuffle hands), ``WC``
        (customizable). Long: ``red 7``, ``blue skip``, ``green reverse``,
        ``yellow draw two``, ``wild``, ``wild draw four``, ``wild shuffle hands``,
        ``wild customizable``.

        >>> [str(Card.parse(t)) for t in ("b+2", "Yellow Draw Two", "ws", "green reverse")]
        ['B+2', 'Y+2', 'WS', 'GR']
        >>> Card.parse("R10")
        Traceback (most recent call last):
        ...
        ValueError: not a card: 'R10' (examples: R7, G+2, BS, YR, W, W+4, WS, WC, 'red 7')
        """
        if not isinstance(text, str):
            raise TypeError(f"a card is written as a string such as 'R7', not {shown(text)}")
        card = cls._by_text.get(" ".join(text.lower().split()))
        if card is None:
            raise ValueError(
                f"not a card: {shown(text)} (examples: R7, G+2, BS, YR, W, W+4, WS, WC, 'red 7')"
            )
        return card

    @property
    def points(self) -> int:
        """The points this card scores under the official table (numbers face value,
        Skip/Reverse/Draw Two 20, W and W+4 50, WS and WC 40). A profile can change
        them: see :class:`unorules.CardPoints`.

        >>> Card.parse("Y7").points, Card.parse("BS").points, Card.parse("WC").points
        (7, 20, 40)
        """
        if self.number is not None:
            return self.number
        if not self.is_wild:
            return 20
        return 40 if self.rank in (Rank.WILD_SHUFFLE_HANDS, Rank.WILD_CUSTOMIZABLE) else 50


def _intern_all() -> tuple[Card, ...]:
    cards: list[Card] = []
    colored = [r for r in Rank if not r.is_wild]
    for color in Color:
        for rank in colored:
            cards.append(Card._make(rank, color, len(cards)))
    for rank in (Rank.WILD, Rank.WILD_DRAW_FOUR, Rank.WILD_SHUFFLE_HANDS, Rank.WILD_CUSTOMIZABLE):
        cards.append(Card._make(rank, None, len(cards)))
    for card in cards:
        Card._interned[(card.rank, card.color)] = card
        Card._by_text[str(card).lower()] = card
        long = _RANK_LONG[card.rank]
        Card._by_text[long if card.color is None else f"{card.color.value} {long}"] = card
    return tuple(cards)


ALL_CARDS: Final[tuple[Card, ...]] = _intern_all()
"""The 56 kinds of card in canonical order (see :attr:`Card.index`).

>>> len(ALL_CARDS), str(ALL_CARDS[0]), str(ALL_CARDS[-1])
(56, 'R0', 'WC')
"""


@functools.lru_cache(maxsize=32)  # 8 decks; the same ones asked with keywords too
def build_deck(shuffle_hands: int = 1, customizable: int = 3) -> tuple[Card, ...]:
    """The cards of a deck in canonical order.

    The 108-card deck has, in each color, one 0, two each of 1-9, Skip, Reverse and Draw
    Two, plus four Wild and four Wild Draw Four (R1.2). The current 112-card deck adds one
    Wild Shuffle Hands and three Wild Customizable (R1.1); fewer Customizable cards may be
    used (R1.4).

    >>> len(build_deck()), len(build_deck(0, 0)), len(build_deck(1, 1))
    (112, 108, 110)
    """
    if not 0 <= shuffle_hands <= 1:
        raise ValueError(f"a deck holds 0 or 1 Wild Shuffle Hands, not {shuffle_hands}")
    if not 0 <= customizable <= 3:
        raise ValueError(f"a deck holds 0 to 3 Wild Customizable cards, not {customizable}")
    cards: list[Card] = []
    for card in ALL_CARDS:
        if card.color is not None:
            cards.extend([card] * (1 if card.number == 0 else 2))
        elif card.rank in (Rank.WILD, Rank.WILD_DRAW_FOUR):
            cards.extend([card] * 4)
        elif card.rank is Rank.WILD_SHUFFLE_HANDS:
            cards.extend([card] * shuffle_hands)
        else:
            cards.extend([card] * customizable)
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in notation, separated by spaces.

    >>> format_cards(build_deck()[:3])
    'R0 R1 R1'
    """
    return " ".join(map(str, cards))
