"""Cards, their notation, the decks and the points cards score.

Every card is an interned value: there is exactly one :class:`Card` object for each of the
134 single-faced kinds of card (the 56 of the classic decks, the 16 that UNO Show 'Em No
Mercy adds, the 62 faces that UNO Flip! adds; ``Card(Rank.SEVEN, Color.RED) is
Card.parse("r7")``) and for each double-sided UNO Flip! card, so comparing and
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
import threading
from collections.abc import Iterable
from typing import Any, ClassVar, Final

from unorules._echo import shown

__all__ = [
    "ALL_CARDS",
    "DARK_COLORS",
    "DARK_FACES",
    "FLIP_FACES",
    "LIGHT_COLORS",
    "LIGHT_FACES",
    "Card",
    "Color",
    "Rank",
    "Side",
    "build_deck",
]
# EVERY_CARD and NO_MERCY_CARDS are public through unorules.cards, not re-exported at the top.


class Side(enum.Enum):
    """The side of UNO Flip! cards in play (FL2.2): the light side (red,
    yellow, green, blue; every classic game plays on it) or the dark side (pink, teal,
    orange, purple). Its value is the name used in JSON.

    >>> Side.LIGHT.other, [c.value for c in Side.DARK.colors]
    (<Side.DARK: 'dark'>, ['pink', 'teal', 'orange', 'purple'])
    """

    LIGHT = "light"
    DARK = "dark"

    __hash__ = object.__hash__  # as Color's: by identity, in C

    @property
    def other(self) -> Side:
        """The side a Flip turns to (FL2.6).

        >>> Side.DARK.other
        <Side.LIGHT: 'light'>
        """
        return _DARK if self is _LIGHT else _LIGHT

    @property
    def colors(self) -> tuple[Color, ...]:
        """The four colors of this side, in card order.

        >>> [c.letter for c in Side.LIGHT.colors]
        ['R', 'Y', 'G', 'B']
        """
        return LIGHT_COLORS if self is _LIGHT else DARK_COLORS


# The sides as constants for the methods that compare with them: on Python 3.11 a member
# read off its class goes through the enum metaclass's attribute hook.
_LIGHT: Final = Side.LIGHT
_DARK: Final = Side.DARK


class Color(enum.Enum):
    """The card colors. Their values are the names used in JSON. The first four are the
    classic colors (the light side of UNO Flip!); the last four are UNO Flip!'s dark side
    (FL2.2: ``P`` pink, ``T`` teal, ``O`` orange, ``V`` purple).

    >>> Color("red") is Color.RED
    True
    >>> [c.value for c in Color][:4]
    ['red', 'yellow', 'green', 'blue']
    >>> Color.PURPLE.letter, Color.PURPLE.side
    ('V', <Side.DARK: 'dark'>)
    """

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    # UNO Flip!'s dark side
    PINK = "pink"
    TEAL = "teal"
    ORANGE = "orange"
    PURPLE = "purple"

    # Members are singletons, equal only to themselves, so they hash by identity, in C:
    # Enum's own __hash__ is a Python function, and the engine keys tables by them.
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        """The one-letter code used in card notation.

        >>> Color.GREEN.letter
        'G'
        """
        return _LETTER[self]

    @property
    def side(self) -> Side:
        """The side of UNO Flip! cards this color belongs to (classic colors: light).

        >>> Color.TEAL.side, Color.RED.side
        (<Side.DARK: 'dark'>, <Side.LIGHT: 'light'>)
        """
        return _LIGHT if self in LIGHT_COLORS else _DARK

    @classmethod
    def parse(cls, text: str) -> Color:
        """A color from its name or letter, case-insensitive.

        >>> Color.parse("Blue"), Color.parse("y"), Color.parse("V")
        (<Color.BLUE: 'blue'>, <Color.YELLOW: 'yellow'>, <Color.PURPLE: 'purple'>)
        """
        key = text.strip().lower()
        for color in cls:
            if key in (color.value, _LETTER[color].lower()):
                return color
        raise ValueError(
            f"unknown color {shown(text)}: expected red, yellow, green or blue"
            " (UNO Flip!'s dark side: pink, teal, orange or purple)"
        )


LIGHT_COLORS: Final[tuple[Color, ...]] = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
"""The four classic colors, UNO Flip!'s light side: the colors of every classic game.

>>> [c.letter for c in LIGHT_COLORS]
['R', 'Y', 'G', 'B']
"""
DARK_COLORS: Final[tuple[Color, ...]] = (Color.PINK, Color.TEAL, Color.ORANGE, Color.PURPLE)
"""UNO Flip!'s dark colors (FL2.2).

>>> [c.letter for c in DARK_COLORS]
['P', 'T', 'O', 'V']
"""
_LETTER: Final[dict[Color, str]] = {
    Color.RED: "R",
    Color.YELLOW: "Y",
    Color.GREEN: "G",
    Color.BLUE: "B",
    Color.PINK: "P",
    Color.TEAL: "T",
    Color.ORANGE: "O",
    Color.PURPLE: "V",
}


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
    # UNO Show 'Em No Mercy (SKIP_EVERYONE serves UNO Flip!'s dark side too)
    DRAW_FOUR = "draw_four"
    SKIP_EVERYONE = "skip_everyone"
    DISCARD_ALL = "discard_all"
    WILD_REVERSE_DRAW_FOUR = "wild_reverse_draw_four"
    WILD_DRAW_SIX = "wild_draw_six"
    WILD_DRAW_TEN = "wild_draw_ten"
    WILD_COLOR_ROULETTE = "wild_color_roulette"
    # UNO Flip!
    DRAW_ONE = "draw_one"
    DRAW_FIVE = "draw_five"
    FLIP = "flip"
    WILD_DRAW_TWO = "wild_draw_two"
    WILD_DRAW_COLOR = "wild_draw_color"

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
        # UNO Flip!
        Rank.WILD_DRAW_TWO,
        Rank.WILD_DRAW_COLOR,
    }
)
_CLASSIC_COLORED: Final = tuple(Rank)[: tuple(Rank).index(Rank.DRAW_TWO) + 1]
"""The ranks of the classic colored cards, in card order (0-9, Skip, Reverse, Draw Two)."""

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
    # UNO Flip!
    Rank.DRAW_ONE: "+1",
    Rank.DRAW_FIVE: "+5",
    Rank.FLIP: "F",
    Rank.WILD_DRAW_TWO: "W+2",
    Rank.WILD_DRAW_COLOR: "W+C",
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
    # UNO Flip!
    Rank.DRAW_ONE: "draw one",
    Rank.DRAW_FIVE: "draw five",
    Rank.FLIP: "flip",
    Rank.WILD_DRAW_TWO: "wild draw two",
    Rank.WILD_DRAW_COLOR: "wild draw color",
}


_Mint = tuple[int, str, "Card | None", "Side | None"]

_MINTING: Final = threading.local()
"""What :meth:`Card.__new__` makes next, while this module makes a card (``_make``,
``_double``): its ``pending`` list (per thread, absent or empty otherwise) holds the
card's index, its code, the face in play of a double-sided card (None: the card itself)
and its side up. Per thread, so that a ``Card(rank, color)`` called by another thread
while a UNO Flip! card is made (a random pairing makes them during play) looks its card
up instead of taking what this module meant to make."""


def _mint_next(what: _Mint) -> None:
    """Tell :meth:`Card.__new__` what to make at its next call in this thread."""
    pending: list[_Mint] | None = getattr(_MINTING, "pending", None)
    if pending is None:
        pending = _MINTING.pending = []
    pending.append(what)


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

    __slots__ = ("_code", "color", "face", "index", "is_wild", "number", "other", "rank", "up")

    rank: Rank
    """What the card is (for a double-sided UNO Flip! card: its face in play)."""
    color: Color | None
    """Its color; None for a wild card."""
    is_wild: bool
    """True for W, W+4, WS, WC, the No Mercy wilds (WR+4, W+6, W+10, WCR) and UNO
    Flip!'s W+2 and W+C."""
    number: int | None
    """The face value of a number card, None otherwise."""
    _code: str
    index: int
    """The card's place in the canonical order: the classic cards 0..55 (colors red,
    yellow, green, blue, each 0-9, Skip, Reverse, Draw Two; then W, W+4, WS, WC), then the
    No Mercy cards 56..71 (each color's +4, SE, DA; then WR+4, W+6, W+10, WCR), then UNO
    Flip!'s faces 72..133, then its double-sided cards ordered by the face in play and
    then the other face. Hands are kept in this order. The classic cards keep their
    indices whatever is added after them (the observation vectors and chance outcomes are
    built on them)."""
    face: Card
    """The face in play: the card itself for a single-faced card; for a double-sided UNO
    Flip! card, the single-faced card that shows its face in play (``B2|O8`` on the light
    side shows ``B2``). Matching and scoring read it."""
    other: Card | None
    """A double-sided card turned over (the same physical card with its other face in
    play); None for a single-faced card."""
    up: Side | None
    """For a double-sided card, the side in play; None for a single-faced card."""

    _interned: ClassVar[dict[tuple[Rank, Color | None], Card]] = {}
    _by_text: ClassVar[dict[str, Card]] = {}
    _doubles: ClassVar[dict[tuple[Card, Card], Card]] = {}

    def __new__(cls, rank: Rank, color: Color | None = None) -> Card:
        pending: list[_Mint] | None = getattr(_MINTING, "pending", None)
        if pending:
            # This module makes a card (_make, _double): the one place a card is allocated,
            # in ``__new__`` itself, as the compiled build needs (mypyc allocates a native
            # instance only there; its stores below are then native ones).
            index, code, face, up = pending.pop()
            made = object.__new__(cls)
            object.__setattr__(made, "rank", rank)
            object.__setattr__(made, "color", color)
            object.__setattr__(made, "is_wild", rank.is_wild)
            object.__setattr__(made, "number", rank.number)
            object.__setattr__(made, "index", index)
            object.__setattr__(made, "_code", code)
            object.__setattr__(made, "face", made if face is None else face)
            object.__setattr__(made, "other", None)
            object.__setattr__(made, "up", up)
            return made
        card = cls._interned.get((rank, color))
        if card is not None:
            return card
        if not isinstance(rank, Rank):
            raise TypeError(f"a card's rank must be a Rank, not {shown(rank)}")
        if rank.is_wild:
            given = color if isinstance(color, Color) else shown(color)
            raise ValueError(f"a wild card has no color: got {rank} with {given}")
        if isinstance(color, Color):
            raise ValueError(f"there is no {color.value} {_RANK_LONG[rank]} card in any deck")
        raise ValueError(f"{rank} needs a color (red, yellow, green or blue), got {shown(color)}")

    @classmethod
    def _make(cls, rank: Rank, color: Color | None, index: int) -> Card:
        code = _RANK_CODE[rank] if color is None else color.letter + _RANK_CODE[rank]
        _mint_next((index, code, None, None))
        return Card(rank, color)

    @classmethod
    def double(cls, light: Card, dark: Card, up: Side = Side.LIGHT) -> Card:
        """The double-sided UNO Flip! card with faces ``light`` and ``dark``, with the
        face of side ``up`` in play (FL2.2; FL2.2 writes it
        ``LIGHT|DARK``). Interned like every card.

        >>> c = Card.double(Card.parse("B2"), Card.parse("O8"))
        >>> c, str(c.face), str(c.other.face), c.other.up
        (Card.parse('B2|O8'), 'B2', 'O8', <Side.DARK: 'dark'>)
        >>> Card.double(Card.parse("O8"), Card.parse("B2"))
        Traceback (most recent call last):
        ...
        ValueError: O8 is not a light face of UNO Flip! (R/Y/G/B 1-9, +1, S, R, F; W; W+2)
        """
        card = cls._doubles.get((light, dark))
        if card is None:
            if light not in _LIGHT_FACES:
                raise ValueError(
                    f"{light} is not a light face of UNO Flip! (R/Y/G/B 1-9, +1, S, R, F; W; W+2)"
                )
            if dark not in _DARK_FACES:
                raise ValueError(
                    f"{dark} is not a dark face of UNO Flip! (P/T/O/V 1-9, +5, SE, R, F; W; W+C)"
                )
            card = cls._double(light, dark)
        return card if up is Side.LIGHT else card.other  # type: ignore[return-value]

    @classmethod
    def _double(cls, light: Card, dark: Card) -> Card:
        code = f"{light._code}|{dark._code}"
        pair = []
        for face, back, up in ((light, dark, Side.LIGHT), (dark, light, Side.DARK)):
            _mint_next((_FACES + face.index * _FACES + back.index, code, face, up))
            pair.append(Card(face.rank, face.color))
        object.__setattr__(pair[0], "other", pair[1])
        object.__setattr__(pair[1], "other", pair[0])
        cls._doubles[(light, dark)] = pair[0]
        return pair[0]

    def facing(self, side: Side) -> Card:
        """This card with the face of ``side`` in play: the one function that reads a
        double-sided card's face for a side. A single-faced card is itself.

        >>> c = Card.parse("B2|O8")
        >>> str(c.facing(Side.DARK).face), c.facing(Side.LIGHT) is c
        ('O8', True)
        """
        if self.up is None or self.up is side:
            return self
        other = self.other
        assert other is not None
        return other

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        if self.up is not None:
            return (_unpickle_double, (self._code, self.up.value))
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
        if self.up is Side.DARK:
            return f"Card.parse({self._code!r}, Side.DARK)"
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
    def parse(cls, text: str, side: Side = Side.LIGHT) -> Card:
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

        UNO Flip!'s faces (FL2.2): ``R+1`` draw one, ``RF`` flip, ``W+2`` wild draw two
        on the light side; the dark colors ``P`` pink, ``T`` teal, ``O`` orange, ``V``
        purple with ``1``..``9``, ``+5`` draw five, ``SE`` skip everyone, ``R``, ``F``, and
        ``W``, ``W+C`` wild draw color. A double-sided card is written ``LIGHT|DARK``; it is
        read with the face of ``side`` in play.

        >>> [str(Card.parse(t)) for t in ("r+1", "pink draw five", "tse", "w+c", "w|pf")]
        ['R+1', 'P+5', 'TSE', 'W+C', 'W|PF']
        >>> Card.parse("b2|o8", Side.DARK).face
        Card.parse('O8')
        >>> [str(Card.parse(t)) for t in ("r+4", "Blue Skip Everyone", "gda", "wr+4", "W+10")]
        ['R+4', 'BSE', 'GDA', 'WR+4', 'W+10']
        >>> Card.parse("R10")
        Traceback (most recent call last):
        ...
        ValueError: not a card: 'R10' (examples: R7, G+2, BS, YR, W, W+4, WS, WC, 'red 7')
        """
        if not isinstance(text, str):
            raise TypeError(f"a card is written as a string such as 'R7', not {shown(text)}")
        key = " ".join(text.lower().split())
        card = cls._by_text.get(key)
        if card is None and "|" in key:
            light, _, dark = key.partition("|")
            faces = cls._by_text.get(light.strip()), cls._by_text.get(dark.strip())
            if faces[0] is not None and faces[1] is not None and "|" not in dark:
                card = cls.double(faces[0], faces[1])
                cls._by_text[key] = card  # read again at a dict's cost (JSON, positions)
        if card is None:
            raise ValueError(
                f"not a card: {shown(text)} (examples: R7, G+2, BS, YR, W, W+4, WS, WC, 'red 7')"
            )
        return card.facing(side) if card.up is not None else card

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
        flip = _FLIP_POINTS.get(self.rank)
        if flip is not None:
            return flip
        if self.rank is Rank.SKIP_EVERYONE and self.color in DARK_COLORS:
            return 30  # UNO Flip!'s (FL2.2); No Mercy's is an action card (NM1.10)
        if not self.is_wild:
            return 20
        return 40 if self.rank in (Rank.WILD_SHUFFLE_HANDS, Rank.WILD_CUSTOMIZABLE) else 50


_FLIP_POINTS: Final[dict[Rank, int]] = {
    Rank.DRAW_ONE: 10,
    Rank.DRAW_FIVE: 20,
    Rank.FLIP: 20,
    Rank.WILD_DRAW_TWO: 50,
    Rank.WILD_DRAW_COLOR: 60,
}
"""UNO Flip!'s own cards' points (FL2.2), and its dark Skip Everyone's 30 (No Mercy's,
on the classic colors, is an action card: 20); its Wild scores 40 there (the profile's
:class:`~unorules.CardPoints` says so)."""

_LIGHT_ACTIONS: Final = (Rank.DRAW_ONE, Rank.SKIP, Rank.REVERSE, Rank.FLIP)
_DARK_ACTIONS: Final = (Rank.DRAW_FIVE, Rank.SKIP_EVERYONE, Rank.REVERSE, Rank.FLIP)
_NUMBERS: Final = tuple(r for r in Rank if r.number is not None and r.number > 0)


def _register(cards: list[Card]) -> tuple[Card, ...]:
    """Intern ``cards`` (by rank and color, and by their short and long notation)."""
    for card in cards:
        Card._interned[(card.rank, card.color)] = card
        Card._by_text[str(card).lower()] = card
        long = _RANK_LONG[card.rank]
        Card._by_text[long if card.color is None else f"{card.color.value} {long}"] = card
    return tuple(cards)


def _intern(ranks: Iterable[Rank], start: int) -> tuple[Card, ...]:
    """The cards of ``ranks``: every colored one in each classic color, color by color,
    then the wild ones; indexed from ``start``."""
    cards: list[Card] = []
    chosen = tuple(ranks)
    for color in LIGHT_COLORS:
        for rank in chosen:
            if not rank.is_wild:
                cards.append(Card._make(rank, color, start + len(cards)))
    for rank in chosen:
        if rank.is_wild:
            cards.append(Card._make(rank, None, start + len(cards)))
    return _register(cards)


def _intern_flip(start: int) -> tuple[Card, ...]:
    """UNO Flip!'s faces that no other card has (FL2.2), indexed from ``start``."""
    cards: list[Card] = []
    for color in LIGHT_COLORS:
        for rank in (Rank.DRAW_ONE, Rank.FLIP):
            cards.append(Card._make(rank, color, start + len(cards)))
    cards.append(Card._make(Rank.WILD_DRAW_TWO, None, start + len(cards)))
    for color in DARK_COLORS:
        for rank in (*_NUMBERS, *_DARK_ACTIONS):
            cards.append(Card._make(rank, color, start + len(cards)))
    cards.append(Card._make(Rank.WILD_DRAW_COLOR, None, start + len(cards)))
    return _register(cards)


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
(16, 'R+4', 'WCR')
>>> NO_MERCY_CARDS[0].index
56
"""

FLIP_FACES: Final[tuple[Card, ...]] = _intern_flip(len(ALL_CARDS) + len(NO_MERCY_CARDS))
"""UNO Flip!'s 62 faces that no classic or No Mercy card has, in card order (indices 72
to 133: the light side's Draw One, Flip and Wild Draw Two; the dark colors' cards; Wild
Draw Color). The dark Skip Everyone is No Mercy's rank in a dark color.

>>> len(FLIP_FACES), str(FLIP_FACES[0]), str(FLIP_FACES[-1]), FLIP_FACES[0].index
(62, 'R+1', 'W+C', 72)
"""

EVERY_CARD: Final[tuple[Card, ...]] = ALL_CARDS + NO_MERCY_CARDS + FLIP_FACES
"""Every single-faced card the library knows, in canonical order:
``EVERY_CARD[i].index == i``. (UNO Flip!'s double-sided cards are pairs of these faces,
indexed after them: see :meth:`Card.double`.)

>>> all(card.index == i for i, card in enumerate(EVERY_CARD)), len(EVERY_CARD)
(True, 134)
"""
_FACES: Final = len(EVERY_CARD)
"""How many single-faced cards there are (the indices of double-sided cards follow)."""

LIGHT_FACES: Final[frozenset[Card]] = frozenset(
    [Card(r, c) for c in LIGHT_COLORS for r in (*_NUMBERS, *_LIGHT_ACTIONS)]
    + [Card(Rank.WILD), Card(Rank.WILD_DRAW_TWO)]
)
"""The faces a UNO Flip! card may show on its light side (FL2.2).

>>> len(LIGHT_FACES)
54
"""
DARK_FACES: Final[frozenset[Card]] = frozenset(
    [Card(r, c) for c in DARK_COLORS for r in (*_NUMBERS, *_DARK_ACTIONS)]
    + [Card(Rank.WILD), Card(Rank.WILD_DRAW_COLOR)]
)
"""The faces a UNO Flip! card may show on its dark side (FL2.2).

>>> len(DARK_FACES)
54
"""
_LIGHT_FACES: Final = LIGHT_FACES
_DARK_FACES: Final = DARK_FACES


def _unpickle_double(code: str, up: str) -> Card:
    return Card.parse(code, Side(up))


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
