"""UNO Flip!'s deck as data: the composition of each side, and the face pairings
(FL2.2, FL-A1).

Each physical card has a light face and a dark face, written ``LIGHT|DARK`` (FL2.2).
Mattel does not publish which dark face is printed behind which light face. The default
pairing, ``"ogreface"``, is the only table found: transcribed from a physical deck by the
``ogreface/unomas`` engine (``packages/engine/src/data/deck.ts``, commit
``2e9df2dd63b57fe032f684b8235e7ccf50241034``), cited by [FL-OGRE], FL2.2,
and re-expressed here in the library's notation. It is graded [S] there: unverified
across print runs. The option ``flip_pairing="random"`` pairs the same faces at random
instead, once per match, from the match's seed.

A pairing is checked against the composition of both sides when it is loaded
(:func:`check_composition`): 112 cards, and on each side every colored face twice and
each wild four times.

>>> deck = flip_deck("ogreface")
>>> len(deck), str(deck[0])
(112, 'R1|P3')
>>> sorted(PAIRINGS)
['ogreface']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

from unorules import rng
from unorules.cards import DARK_COLORS, LIGHT_COLORS, Card, Rank, Side

__all__ = ["PAIRINGS", "RANDOM", "check_composition", "composition", "flip_deck", "pairing_cards"]

RANDOM: Final = "random"
"""The ``flip_pairing`` value that pairs the faces at random, once per match (FL-A1)."""

_PAIRING_DRAW: Final = (1 << 64) - 1
"""The generator draw a random pairing takes from the match's seed: one that no game
reaches (a state's counter stays below 2**63), so the pairing never moves a game's
other draws and is never drawn again."""

OGREFACE: Final = """\
W+2|O4 W+2|O7 W+2|P2 W+2|V9 W|P5 W|PF W|V7 W|T3
B1|VSE B1|VSE B2|O8 B2|P6 B3|V8 B3|T2 B4|V1 B4|T+5
B5|OR B5|P9 B6|VR B6|TSE B7|O3 B7|OSE B8|T4 B8|TR
B9|O5 B9|VF B+1|P6 B+1|T6 BF|V6 BF|V7 BR|O4 BR|W
BS|P9 BS|T1 G1|O5 G1|OF G2|T+5 G2|TSE G3|PF G3|V2
G4|P8 G4|T9 G5|O7 G5|T4 G6|P5 G6|W+C G7|O6 G7|T2
G8|PR G8|T9 G9|O+5 G9|PR G+1|O6 G+1|T6 GF|T3 GF|W+C
GR|O1 GR|P7 GS|O9 GS|V4 R1|P3 R1|V2 R2|OR R2|V+5
R3|P7 R3|W+C R4|OF R4|V+5 R5|P2 R5|T5 R6|O9 R6|PSE
R7|O1 R7|V5 R8|VR R8|T7 R9|V5 R9|TR R+1|P3 R+1|P4
RF|P8 RF|V3 RR|V3 RR|T7 RS|O+5 RS|W Y1|PSE Y1|W
Y2|T1 Y2|T8 Y3|P+5 Y3|V1 Y4|P+5 Y4|VF Y5|V9 Y5|T8
Y6|OSE Y6|W+C Y7|O2 Y7|V6 Y8|O2 Y8|P1 Y9|V4 Y9|T5
Y+1|P1 Y+1|V8 YF|O8 YF|P4 YR|TF YR|W YS|O3 YS|TF
"""
"""The default pairing [FL-OGRE], 112 physical cards in ``LIGHT|DARK`` notation, sorted
by light face (red, green... as the source lists them; the order does not matter)."""

PAIRINGS: Final[dict[str, str]] = {"ogreface": OGREFACE}
"""The known face pairings by name (``Rules.flip_pairing``): each a text of 112 cards in
``LIGHT|DARK`` notation separated by white space. A physical count can be added here as
data, without code changes."""


def composition(side: Side) -> Counter[Card]:
    """The faces of one side of the 112 cards (FL2.2): in each color two of
    each number 1 to 9 (no zeros) and two of each action (light: Draw One, Skip, Reverse,
    Flip; dark: Draw Five, Skip Everyone, Reverse, Flip); four Wild and four Wild Draw
    Two (light) or Wild Draw Color (dark).

    >>> light = composition(Side.LIGHT)
    >>> sum(light.values()), light[Card.parse("R+1")], light[Card.parse("W+2")]
    (112, 2, 4)
    >>> composition(Side.DARK)[Card.parse("VSE")]
    2
    """
    if side is Side.LIGHT:
        colors, actions, wild_draw = LIGHT_COLORS, _LIGHT_ACTIONS, Rank.WILD_DRAW_TWO
    else:
        colors, actions, wild_draw = DARK_COLORS, _DARK_ACTIONS, Rank.WILD_DRAW_COLOR
    out: Counter[Card] = Counter()
    for color in colors:
        for rank in (*_NUMBERS, *actions):
            out[Card(rank, color)] = 2
    out[Card(Rank.WILD)] = 4
    out[Card(wild_draw)] = 4
    return out


_NUMBERS: Final = tuple(r for r in Rank if r.number is not None and r.number > 0)
_LIGHT_ACTIONS: Final = (Rank.DRAW_ONE, Rank.SKIP, Rank.REVERSE, Rank.FLIP)
_DARK_ACTIONS: Final = (Rank.DRAW_FIVE, Rank.SKIP_EVERYONE, Rank.REVERSE, Rank.FLIP)


def check_composition(cards: Iterable[Card], name: str = "pairing") -> tuple[Card, ...]:
    """``cards`` (double-sided, light face up) in card order, when both sides have the
    composition of :func:`composition`; else ValueError naming what differs.

    >>> check_composition(pairing_cards(OGREFACE))[:2]
    (Card.parse('R1|P3'), Card.parse('R1|V2'))
    >>> check_composition([Card.parse("B2|O8")], "test")
    Traceback (most recent call last):
    ...
    ValueError: the test pairing holds 1 cards, not 112
    """
    deck = tuple(sorted(cards, key=_index))
    if len(deck) != 112:
        raise ValueError(f"the {name} pairing holds {len(deck)} cards, not 112")
    for side in Side:
        want = composition(side)
        got = Counter(c.facing(side).face for c in deck)
        if got != want:
            diff = [
                f"{got[c] - want[c]:+d} {c}"
                for c in sorted(got.keys() | want.keys(), key=_index)
                if got[c] != want[c]
            ]
            raise ValueError(
                f"the {name} pairing's {side.value} faces are not the deck's (FL2.2): "
                + ", ".join(diff[:8])
            )
    return deck


def _index(card: Card) -> int:
    return card.index


def pairing_cards(text: str) -> tuple[Card, ...]:
    """The cards of a pairing written ``LIGHT|DARK``, separated by white space, light
    face up.

    >>> pairing_cards("B2|O8 W|PF")
    (Card.parse('B2|O8'), Card.parse('W|PF'))
    """
    out = []
    for word in text.split():
        card = Card.parse(word)
        if card.up is None:
            raise ValueError(f"{word!r} is one face: a pairing lists cards as LIGHT|DARK")
        out.append(card)
    return tuple(out)


_CHECKED: Final[dict[str, tuple[Card, ...]]] = {}


def flip_deck(pairing: str, seed: int | None = None) -> tuple[Card, ...]:
    """The 112 cards of a UNO Flip! deck under ``pairing`` (a name of :data:`PAIRINGS`, or
    ``"random"`` with the match's ``seed``), light face up, in card order. A named pairing
    is checked once, when it is first loaded.

    >>> flip_deck("random", seed=1) == flip_deck("random", seed=1) != flip_deck("ogreface")
    True
    >>> flip_deck("random")
    Traceback (most recent call last):
    ...
    ValueError: a random face pairing is drawn from the match's seed: give seed=
    """
    if pairing == RANDOM:
        if seed is None:
            raise ValueError("a random face pairing is drawn from the match's seed: give seed=")
        light = sorted(composition(Side.LIGHT).elements(), key=_index)
        dark = rng._permuted(
            sorted(composition(Side.DARK).elements(), key=_index), seed=seed, counter=_PAIRING_DRAW
        )
        return tuple(sorted(map(Card.double, light, dark), key=_index))
    deck = _CHECKED.get(pairing)
    if deck is None:
        text = PAIRINGS.get(pairing)
        if text is None:
            known = ", ".join(sorted([*PAIRINGS, RANDOM]))
            raise ValueError(f"unknown UNO Flip! face pairing {pairing!r}; known: {known}")
        deck = _CHECKED[pairing] = check_composition(pairing_cards(text), pairing)
    return deck
