"""Cards, their notation, the decks and the points cards score.

Every card is an interned value: there is exactly one :class:`Card` object for each of the
72 kinds of card (the 56 of the classic decks, and the 16 that UNO Show 'Em No Mercy
adds; ``Card(Rank.SEVEN, Color.RED) is Card.parse("r7")``), so comparing and
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
# EVERY_CARD and NO_MERCY_CARDS are public through unorules.cards, not re-exported at the top.


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
    # UNO Show 'Em No Mercy
    DRAW_FOUR = "draw_four"
    SKIP_EVERYONE = "skip_everyone"
    DISCARD_ALL = "discard_all"
    WILD_REVERSE_DRAW_FOUR = "wild_reverse_draw_four"
    WILD_DRAW_SIX = "wild_draw_six"
    WILD_DRAW_TEN = "wild_draw_ten"
    WILD_COLOR_ROULETTE = "wild_color_roulette"

    __hash__ = object.__hash__  # as Color's: by identity, in C

    @property
    def number(self) -> int | None:
        """The face value of a number card, None for the others.

        >>> Rank.NINE.number, Rank.REVERSE.number
        (9, None)
        """
        return int(self.value) if self.value.isdigit() else None

    @property
    def draw_value(self) -> int:
        """What a Draw card adds to a No Mercy stack (NM1.6 item 1): 2
        for Draw Two, 4 for the colored Draw Four and the Wild Reverse Draw Four, 6 and
        10 for the Wild Draw Six and Ten; 0 for every other rank (the Wild Color Roulette
        is not a Draw card, NM-A11).

        >>> Rank.WILD_DRAW_SIX.draw_value, Rank.DRAW_TWO.draw_value
        (6, 2)
        >>> Rank.WILD_COLOR_ROULETTE.draw_value
        0
        """
        return _DRAW_VALUE.get(self, 0)

    @property
    def is_wild(self) -> bool:
        """True for the wild ranks (they have no color).

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
    {
        Rank.WILD,
        Rank.WILD_DRAW_FOUR,
        Rank.WILD_SHUFFLE_HANDS,
        Rank.WILD_CUSTOMIZABLE,
        # UNO Show 'Em No Mercy
        Rank.WILD_REVERSE_DRAW_FOUR,
        Rank.WILD_DRAW_SIX,
        Rank.WILD_DRAW_TEN,
        Rank.WILD_COLOR_ROULETTE,
    }
)

_CLASSIC_RANKS: Final = tuple(Rank)[: list(Rank).index(Rank.WILD_CUSTOMIZABLE) + 1]
"""The ranks of the classic decks, whose cards keep indices 0..55 (:data:`ALL_CARDS`)."""

_DRAW_VALUE: Final = {
    Rank.DRAW_TWO: 2,
    Rank.DRAW_FOUR: 4,
    Rank.WILD_REVERSE_DRAW_FOUR: 4,
    Rank.WILD_DRAW_SIX: 6,
    Rank.WILD_DRAW_TEN: 10,
}

_RANK_CODE: Final = {
    **{r: r.value for r in Rank if r.value.isdigit()},
    Rank.SKIP: "S",
    Rank.REVERSE: "R",
    Rank.DRAW_TWO: "+2",
    Rank.WILD: "W",
    Rank.WILD_DRAW_FOUR: "W+4",
    Rank.WILD_SHUFFLE_HANDS: "WS",
    Rank.WILD_CUSTOMIZABLE: "WC",
    # UNO Show 'Em No Mercy
    Rank.DRAW_FOUR: "+4",
    Rank.SKIP_EVERYONE: "SE",
    Rank.DISCARD_ALL: "DA",
    Rank.WILD_REVERSE_DRAW_FOUR: "WR+4",
    Rank.WILD_DRAW_SIX: "W+6",
    Rank.WILD_DRAW_TEN: "W+10",
    Rank.WILD_COLOR_ROULETTE: "WCR",
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
    # UNO Show 'Em No Mercy
    Rank.DRAW_FOUR: "draw four",
    Rank.SKIP_EVERYONE: "skip everyone",
    Rank.DISCARD_ALL: "discard all",
    Rank.WILD_REVERSE_DRAW_FOUR: "wild reverse draw four",
    Rank.WILD_DRAW_SIX: "wild draw six",
    Rank.WILD_DRAW_TEN: "wild draw ten",
    Rank.WILD_COLOR_ROULETTE: "wild color roulette",
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
    """True for W, W+4, WS, WC and the No Mercy wilds (WR+4, W+6, W+10, WCR)."""
    number: int | None
    """The face value of a number card, None otherwise."""
    _code: str
    index: int
    """The card's place in the canonical order: the classic cards 0..55 (colors red,
    yellow, green, blue, each 0-9, Skip, Reverse, Draw Two; then W, W+4, WS, WC), then the
    No Mercy cards 56..75 (each color's +4, SE, DA; then WR+4, W+6, W+10, WCR). Hands are
    kept in this order. The classic cards keep their indices whatever is added after them
    (the observation vectors and chance outcomes are built on them)."""

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
        ``wild customizable``. The No Mercy cards: ``R+4`` (``red draw four``),
        ``RSE`` (``red skip everyone``), ``RDA`` (``red discard all``), ``WR+4``
        (``wild reverse draw four``), ``W+6``, ``W+10`` (``wild draw six``, ``ten``),
        ``WCR`` (``wild color roulette``).

        >>> [str(Card.parse(t)) for t in ("b+2", "Yellow Draw Two", "ws", "green reverse")]
        ['B+2', 'Y+2', 'WS', 'GR']
        >>> [str(Card.parse(t)) for t in ("r+4", "Blue Skip Everyone", "gda", "wr+4", "W+10")]
        ['R+4', 'BSE', 'GDA', 'WR+4', 'W+10']
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


def _intern(ranks: Iterable[Rank], start: int) -> tuple[Card, ...]:
    """The cards of ``ranks``: every colored one in each color, color by color, then the
    wild ones; indexed from ``start``."""
    cards: list[Card] = []
    chosen = tuple(ranks)
    for color in Color:
        for rank in chosen:
            if not rank.is_wild:
                cards.append(Card._make(rank, color, start + len(cards)))
    for rank in chosen:
        if rank.is_wild:
            cards.append(Card._make(rank, None, start + len(cards)))
    for card in cards:
        Card._interned[(card.rank, card.color)] = card
        Card._by_text[str(card).lower()] = card
        long = _RANK_LONG[card.rank]
        Card._by_text[long if card.color is None else f"{card.color.value} {long}"] = card
    return tuple(cards)


ALL_CARDS: Final[tuple[Card, ...]] = _intern(_CLASSIC_RANKS, 0)
"""The 56 kinds of card of the classic decks in canonical order (see :attr:`Card.index`).

>>> len(ALL_CARDS), str(ALL_CARDS[0]), str(ALL_CARDS[-1])
(56, 'R0', 'WC')
"""

NO_MERCY_CARDS: Final[tuple[Card, ...]] = _intern(
    tuple(Rank)[len(_CLASSIC_RANKS) : list(Rank).index(Rank.WILD_COLOR_ROULETTE) + 1],
    len(ALL_CARDS),
)
"""The 16 kinds of card that UNO Show 'Em No Mercy adds, in canonical order (indices 56
to 71): each color's Draw Four, Skip Everyone and Discard All, then the Wild Reverse Draw
Four, Wild Draw Six, Wild Draw Ten and Wild Color Roulette (NM1.2).

>>> len(NO_MERCY_CARDS), str(NO_MERCY_CARDS[0]), str(NO_MERCY_CARDS[-1])
(20, 'R+4', 'WCR')
>>> NO_MERCY_CARDS[0].index
56
"""

EVERY_CARD: Final[tuple[Card, ...]] = ALL_CARDS + NO_MERCY_CARDS
"""Every kind of card the library knows, in canonical order: ``EVERY_CARD[i].index == i``.

>>> all(card.index == i for i, card in enumerate(EVERY_CARD)), len(EVERY_CARD)
(True, 76)
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
