"""A fixed token space for every action, for reinforcement learning and other agents.

A flat index per action is impossible (one ten-player state with Seven-O and multi-card
play has over a thousand distinct plays), so an action is a short **sequence of tokens**
from one fixed space of :data:`N_TOKENS_ALL` tokens, the same for 2 to 10 players and
every profile: seats are counted from the actor (``1`` is the next seat clockwise). Most
actions are one token; a wild is one token with its color; a UNO Flip! card adds its
other face; a multi-card play adds a token per further card; a Seven-O 7 (or a No
Mercy 7) adds its target; saying UNO with the play adds :data:`UNO`; and where a shorter
action is itself legal next to longer ones, :data:`STOP` ends it.

====================  ======================  ===============================================
tokens                name                    meaning
====================  ======================  ===============================================
0                     :data:`NOOP`            decline (an interjection window, see the docs)
1-52                  ``play_token(card)``    lay this colored card first (by card index)
53-68                 ``play_token(w, c)``    lay wild ``w`` (W, W+4, WS, WC) naming color ``c``
69-120                ``also_token(card)``    a further card of a multi-card play
121-129               ``target_token(k)``     Seven-O: swap with the seat ``k`` places on
130                   :data:`UNO`             say UNO with this play
131                   :data:`DRAW`            draw (a turn's draw, or take the penalty)
132                   :data:`PASS`            keep the card just drawn
133                   :data:`CHALLENGE`       challenge the Wild Draw Four
134-137               ``color_token(c)``      name the color of a first wild (ChooseColor)
138-146               ``catch_token(k)``      catch the seat ``k`` places on (CatchUno)
147                   :data:`CALL`            say UNO on its own (CallUno)
148                   :data:`STOP`            the action is complete as it stands
149-220               ``play_token(card)``    lay this No Mercy or UNO Flip! colored face
                                              first (by card index: R+4, RSE, RDA..., R+1,
                                              RF..., the dark colors' faces)
221-245               ``play_token(w, c)``    lay No Mercy's WR+4, W+6, W+10 naming a color,
                                              its WCR (which names none: its victim does),
                                              UNO Flip!'s W+2 naming a light color, its W
                                              and W+C naming a dark color
246-352               ``back_token(face)``    the other face of the UNO Flip! card laid
353-356               ``color_token(c)``      name a dark color (pink, teal, orange,
                                              purple): UNO Flip!'s ChooseColor
====================  ======================  ===============================================

The first 149 tokens (:data:`N_TOKENS`) are the classic games' and keep their numbers;
the 208 after them (to :data:`N_TOKENS_ALL`) name No Mercy's and UNO Flip!'s cards. A
UNO Flip! card is named by its face in play (what it matches and does), then by its
other face (:func:`back_token`: two cards of a hand may show the same face and differ on
the other, and which one is laid is a choice); :func:`encode` needs the side in play for
it (``side=``). No Mercy's other choices have the classic tokens: a 7's swap target is a
``target_token``, the Roulette victim's color a ``color_token``, a stack answered or
taken a play or :data:`DRAW`.

The grammar of a play is ``PLAY BACK? ALSO* TARGET? UNO? STOP?`` (``BACK`` exactly for a
UNO Flip! card); every other action is its one token. :func:`encode` gives an action's
tokens, :func:`decode` reads them back, and an :class:`ActionBuilder` walks the legal
actions token by token, listing at each step the tokens that lead to a legal action (the
mask):

>>> import unorules as uno
>>> from unorules.agents import encoding as enc
>>> rules = uno.MATTEL.but(hand_size=2)
>>> deal = uno.Deal(dealer=1, hands=[["R2", "W"], ["B1", "B7"]], turned=["R7"])
>>> state = uno.new_game(2, rules, deal=deal)
>>> b = enc.ActionBuilder(uno.legal_actions(state, 0), players=2)
>>> [enc.describe(t) for t in b.tokens()]
['play R2', 'play W red', 'play W yellow', 'play W green', 'play W blue', 'draw', 'call UNO']
>>> b.push(enc.play_token(uno.Card.parse("W"), uno.Color.BLUE)) is None  # UNO or not?
True
>>> [enc.describe(t) for t in b.tokens()]
['UNO', 'stop']
>>> b.push(enc.UNO)
Play(0, 'W', 'blue', uno=True)
>>> enc.encode(uno.Play(3, "R7", target=1, uno=True), players=4)
(8, 122, 130)
>>> enc.decode((8, 122, 130), player=3, players=4)
Play(3, 'R7', uno=True, target=1)

Actions that name cards drawn (``drawn``) or the result of a Wild Shuffle Hands
(``hands``) have no tokens: those are the host's to decide, never a player's.
This module needs nothing beyond the core; the integrations turn masks into arrays.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import Final, TypeAlias

from unorules._echo import shown
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
from unorules.cards import (
    ALL_CARDS,
    DARK_COLORS,
    DARK_FACES,
    EVERY_CARD,
    LIGHT_COLORS,
    LIGHT_FACES,
    Card,
    Color,
    Rank,
    Side,
)

__all__ = [
    "CALL",
    "CHALLENGE",
    "DRAW",
    "MAX_PLAYERS",
    "NOOP",
    "N_TOKENS",
    "N_TOKENS_ALL",
    "PASS",
    "STOP",
    "UNO",
    "ActionBuilder",
    "action_token",
    "also_token",
    "back_token",
    "catch_token",
    "color_token",
    "decode",
    "describe",
    "encode",
    "legal_tokens",
    "play_token",
    "target_token",
]

MAX_PLAYERS: Final = 10
"""The largest table the token space covers (relative seats 1 to 9).

>>> MAX_PLAYERS
10
"""

_COLORS: Final = LIGHT_COLORS
_WILDS: Final = (
    Rank.WILD,
    Rank.WILD_DRAW_FOUR,
    Rank.WILD_SHUFFLE_HANDS,
    Rank.WILD_CUSTOMIZABLE,
)
_COLORED: Final = tuple(c for c in ALL_CARDS if not c.is_wild)  # index 0..51
_CLASSIC: Final = len(ALL_CARDS)
_NM_WILDS: Final = (Rank.WILD_REVERSE_DRAW_FOUR, Rank.WILD_DRAW_SIX, Rank.WILD_DRAW_TEN)

NOOP: Final = 0
"""Decline: the answer of a seat offered an interjection it does not take.

>>> NOOP, describe(NOOP)
(0, 'no-op')
"""
_PLAY: Final = 1
_PLAY_WILD: Final = _PLAY + len(_COLORED)  # 53
_ALSO: Final = _PLAY_WILD + 4 * len(_COLORS)  # 69
_TARGET: Final = _ALSO + len(_COLORED)  # 121, relative seats 1..9 -> 121..129
UNO: Final = _TARGET + MAX_PLAYERS - 1  # 130
"""Say UNO with the play (``Play(..., uno=True)``).

>>> import unorules as uno
>>> encode(uno.Play(0, "R2", uno=True), 2)[-1] == UNO == 130
True
"""
DRAW: Final = UNO + 1
"""Draw: a turn's draw, or taking a pending penalty.

>>> import unorules as uno
>>> decode([DRAW], player=1, players=3)
Draw(1)
"""
PASS: Final = DRAW + 1
"""Keep the card just drawn.

>>> decode([PASS], player=0, players=2)
Pass(0)
"""
CHALLENGE: Final = PASS + 1
"""Challenge the Wild Draw Four just laid.

>>> decode([CHALLENGE], player=1, players=2)
Challenge(1)
"""
_COLOR: Final = CHALLENGE + 1  # 134..137
_CATCH: Final = _COLOR + len(_COLORS)  # 138..146
CALL: Final = _CATCH + MAX_PLAYERS - 1  # 147
"""Say UNO on its own (:class:`~unorules.CallUno`).

>>> decode([CALL], player=2, players=4)
CallUno(2)
"""
STOP: Final = CALL + 1  # 148
"""End an action whose tokens so far are a legal action that longer ones extend.

>>> decode([1, STOP], player=0, players=2)
Play(0, 'R0')
"""
N_TOKENS: Final = STOP + 1
"""The size of the classic games' token space (149): the action space of the
environments' versions 0 and 1. Every action of a classic game has tokens below it.

>>> N_TOKENS
149
"""

# No Mercy's and UNO Flip!'s tokens, after the classic ones (whose numbers stay).
_NEW_COLORED: Final = tuple(c for c in EVERY_CARD[len(ALL_CARDS) :] if not c.is_wild)
"""The colored faces of No Mercy and UNO Flip! (72), in card order."""
_NEW_WILDS: Final[tuple[tuple[Card, Color | None], ...]] = (
    *((Card(rank), c) for rank in _NM_WILDS for c in LIGHT_COLORS),
    (Card(Rank.WILD_COLOR_ROULETTE), None),  # its victim names the color (NM1.5)
    *((Card(Rank.WILD_DRAW_TWO), c) for c in LIGHT_COLORS),
    *((Card(Rank.WILD), c) for c in DARK_COLORS),
    *((Card(Rank.WILD_DRAW_COLOR), c) for c in DARK_COLORS),
)
"""The wild faces of No Mercy and UNO Flip! laid first, each with the color it names."""
_BACKS: Final = tuple(sorted(LIGHT_FACES | DARK_FACES, key=operator.attrgetter("index")))
"""Every face of a UNO Flip! card (107: the Wild is on both sides), in card order."""
_PLAY_NEW: Final = N_TOKENS  # 149..220
_PLAY_WILD_NEW: Final = _PLAY_NEW + len(_NEW_COLORED)  # 221..245
_BACK: Final = _PLAY_WILD_NEW + len(_NEW_WILDS)  # 246..352
_COLOR_DARK: Final = _BACK + len(_BACKS)  # 353..356
N_TOKENS_ALL: Final = _COLOR_DARK + len(DARK_COLORS)
"""The size of the whole token space (357), every profile's: the action space of the
environments' version 2. The first :data:`N_TOKENS` are the classic ones.

>>> N_TOKENS_ALL, describe(N_TOKENS), describe(N_TOKENS_ALL - 1)
(357, 'play R+4', 'color purple')
"""

_WILD_SLOT: Final = {rank: i for i, rank in enumerate(_WILDS)}
_COLOR_SLOT: Final = {color: i for i, color in enumerate(_COLORS)}
_WILD_CARD: Final = {rank: Card(rank) for rank in _WILDS}


def _play_table() -> tuple[
    dict[tuple[Card, Color | None], int], tuple[tuple[Card, Color | None], ...]
]:
    """Every first token of a play, both ways: ``(face, color) -> token`` and back."""
    firsts: list[tuple[Card, Color | None]] = [(c, None) for c in _COLORED]
    firsts += [(_WILD_CARD[rank], c) for rank in _WILDS for c in _COLORS]
    assert len(firsts) == _ALSO - _PLAY
    firsts += [(c, None) for c in _NEW_COLORED]
    firsts += _NEW_WILDS
    by_token = tuple(firsts)
    out = {pair: _PLAY + i for i, pair in enumerate(by_token[: _ALSO - _PLAY])}
    out.update({pair: _PLAY_NEW + i for i, pair in enumerate(by_token[_ALSO - _PLAY :])})
    return out, by_token


_PLAY_OF, _PLAY_PAIRS = _play_table()
_BACK_OF: Final = {face: _BACK + i for i, face in enumerate(_BACKS)}
_DARK_SLOT: Final = {color: i for i, color in enumerate(DARK_COLORS)}


def _first_pair(token: int) -> tuple[Card, Color | None] | None:
    """The face and color a play's first token names, or None for another token."""
    if _PLAY <= token < _ALSO:
        return _PLAY_PAIRS[token - _PLAY]
    if _PLAY_NEW <= token < _BACK:
        return _PLAY_PAIRS[token - _PLAY_NEW + _ALSO - _PLAY]
    return None


def play_token(card: Card, color: Color | None = None) -> int:
    """The token that lays ``card`` first (naming ``color`` for a wild). A UNO Flip!
    card is named by its face in play (:attr:`~unorules.Card.face`); its other face
    follows as a :func:`back_token`.

    >>> from unorules import Card, Color, Side
    >>> play_token(Card.parse("R0")), play_token(Card.parse("W+4"), Color.GREEN)
    (1, 59)
    >>> play_token(Card.parse("RDA")), play_token(Card.parse("WCR"))
    (151, 233)
    >>> play_token(Card.parse("R+1|P5")), play_token(Card.parse("R+1|P5", Side.DARK))
    (161, 173)
    >>> play_token(Card.parse("W"))
    Traceback (most recent call last):
    ...
    ValueError: a wild card is laid naming a color: W needs one
    >>> play_token(Card.parse("W+6"), Color.PINK)
    Traceback (most recent call last):
    ...
    ValueError: W+6 is not laid naming pink: no rules lay it so (no token)
    """
    face = card.face
    token = _PLAY_OF.get((face, color))
    if token is None:
        if face.rank is Rank.WILD_COLOR_ROULETTE:  # its victim names the color, not its player
            raise ValueError(f"{face} is laid naming no color: its victim names it (NM1.5)")
        if color is None:
            raise ValueError(f"a wild card is laid naming a color: {face} needs one")
        if not face.is_wild:
            raise ValueError(f"only a wild card names a color, not {face}")
        raise ValueError(f"{face} is not laid naming {color.value}: no rules lay it so (no token)")
    return token


def back_token(face: Card) -> int:
    """The token of a UNO Flip! card's other face (``face``, or ``face.face`` for a
    double-sided card turned over), which follows the token of its face in play: two
    cards with the same face in play may differ on the other.

    >>> from unorules import Card
    >>> back_token(Card.parse("O8")), back_token(Card.parse("R1")), back_token(Card.parse("W"))
    (333, 246, 290)
    >>> back_token(Card.parse("R0"))
    Traceback (most recent call last):
    ...
    ValueError: R0 is no face of a UNO Flip! card
    """
    token = _BACK_OF.get(face.face)
    if token is None:
        raise ValueError(f"{face.face} is no face of a UNO Flip! card")
    return token


def also_token(card: Card) -> int:
    """The token of ``card`` as a further card of a multi-card play.

    >>> from unorules import Card
    >>> also_token(Card.parse("R0")), also_token(Card.parse("B+2"))
    (69, 120)
    >>> also_token(Card.parse("RSE"))
    Traceback (most recent call last):
    ...
    ValueError: RSE is never a further card of a multi-card play: no rules lay No Mercy's ...
    """
    if card.is_wild:
        raise ValueError(f"a wild card is never a further card of a multi-card play: {card}")
    if card.index >= _CLASSIC:
        raise ValueError(
            f"{card} is never a further card of a multi-card play: no rules lay No Mercy's"
            " or UNO Flip!'s cards several at once"
        )
    return _ALSO + card.index


def _relative(offset: int, base: int, what: str) -> int:
    if not isinstance(offset, int) or not 1 <= offset < MAX_PLAYERS:
        raise ValueError(f"a {what} is a seat 1 to {MAX_PLAYERS - 1} places on, not {offset!r}")
    return base + offset - 1


def target_token(offset: int) -> int:
    """The token of a Seven-O target ``offset`` seats on from the actor (1 to 9).

    >>> target_token(1), target_token(9)
    (121, 129)
    """
    return _relative(offset, _TARGET, "Seven-O target")


def catch_token(offset: int) -> int:
    """The token that catches the seat ``offset`` places on from the actor (1 to 9).

    >>> catch_token(1)
    138
    """
    return _relative(offset, _CATCH, "catch target")


def color_token(color: Color) -> int:
    """The token that names ``color`` for a first wild (:class:`~unorules.ChooseColor`).

    >>> from unorules import Color
    >>> color_token(Color.RED), color_token(Color.BLUE), color_token(Color.PINK)
    (134, 137, 353)
    """
    slot = _COLOR_SLOT.get(color)
    return _COLOR + slot if slot is not None else _COLOR_DARK + _DARK_SLOT[color]


def _check_players(players: int) -> None:
    if not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"players is 2 to {MAX_PLAYERS}, not {players!r}")


def _offset(player: int, seat: int, players: int, what: str) -> int:
    if not 0 <= seat < players or seat == player:
        raise ValueError(f"{what} {seat!r} is not another seat of a {players}-player table")
    return (seat - player) % players


def _encode(action: Action, players: int, side: Side | None) -> tuple[int, ...]:
    if isinstance(action, Play):
        if action.hands is not None or action.drawn is not None:
            raise ValueError(
                f"{action!r} names cards the host decides (drawn, hands): it has no tokens"
            )
        card = action.card
        if card.up is None:
            out = [play_token(card, action.color)]
        else:
            if side is None:
                raise ValueError(
                    f"{action!r} lays a UNO Flip! card, named by its face in play: give the"
                    " side in play (side=)"
                )
            card = card.facing(side)
            turned = card.other
            assert turned is not None
            out = [play_token(card, action.color), back_token(turned)]
        also = action.also
        if also:
            # apply() takes the middle cards in any order; the tokens list them in card
            # order, as legal_actions does, with the card that ends on top last.
            middle = sorted(also[:-1], key=_index)
            out.extend(also_token(c) for c in (*middle, also[-1]))
        if action.target is not None:
            out.append(_TARGET + _offset(action.player, action.target, players, "target") - 1)
        if action.uno:
            out.append(UNO)
        return tuple(out)
    if isinstance(action, NextRound):
        raise ValueError("NextRound is the host's to take: it has no tokens")
    if getattr(action, "drawn", None) is not None:
        raise ValueError(f"{action!r} names cards the host decides (drawn): it has no tokens")
    if isinstance(action, Draw):
        return (DRAW,)
    if isinstance(action, Pass):
        return (PASS,)
    if isinstance(action, Challenge):
        return (CHALLENGE,)
    if isinstance(action, CallUno):
        return (CALL,)
    if isinstance(action, ChooseColor):
        return (color_token(action.color),)
    if isinstance(action, CatchUno):
        return (_CATCH + _offset(action.player, action.target, players, "catch target") - 1,)
    raise TypeError(f"not an action: {action!r}")


def _index(card: Card) -> int:
    return card.index


_CACHE: dict[int, tuple[Action, int, Side | None, tuple[int, ...]]] = {}
"""Tokens by ``id(action)``; an entry holds its action, so the id cannot be reused while
the entry lives, and a hit is checked by identity (cheaper than hashing an action)."""
_CACHE_LIMIT: Final = 50_000


def encode(action: Action, players: int, side: Side | None = None) -> tuple[int, ...]:
    """The tokens of ``action`` at a table of ``players`` seats; ``side``, the side in
    play (``state.side``), is needed to name a UNO Flip! card by its face in play.

    The middle cards of a multi-card play are put in card order (:func:`unorules.apply`
    accepts them in any order, and :func:`unorules.legal_actions` lists them so).

    >>> import unorules as uno
    >>> encode(uno.Draw(1), 2), encode(uno.CatchUno(4, 1), 5)
    ((131,), (139,))
    >>> encode(uno.Play(0, "G5", also=["Y5", "B5", "R5"]), 3)  # Y5 and B5 in card order
    (32, 87, 113, 74)
    >>> encode(uno.Play(0, "W+2|P2", "pink"), 2, uno.Side.DARK)  # its P2 face named pink?
    Traceback (most recent call last):
    ...
    ValueError: only a wild card names a color, not P2
    >>> encode(uno.Play(0, "Y1|W", "pink"), 2, uno.Side.DARK)  # its W face, naming pink
    (238, 257)
    >>> encode(uno.Play(0, "R7", target=1), 2), encode(uno.ChooseColor(1, "pink"), 2)
    ((8, 121), (353,))
    >>> encode(uno.Draw(1, drawn=["R1"]), 2)
    Traceback (most recent call last):
    ...
    ValueError: Draw(1, drawn=['R1']) names cards the host decides (drawn): it has no tokens
    """
    found = _CACHE.get(id(action))
    if found is not None and found[0] is action and found[1] == players and found[2] is side:
        return found[3]
    _check_players(players)
    tokens = _encode(action, players, side)
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[id(action)] = (action, players, side, tokens)
    return tokens


def decode(tokens: Sequence[int], player: int, players: int) -> Action:
    """The action that ``player`` takes with ``tokens`` at a table of ``players`` seats.

    A trailing :data:`STOP` is accepted. The result is checked for form only; whether it
    is legal is :func:`unorules.is_legal`'s to say.

    >>> decode([131], player=1, players=2)
    Draw(1)
    >>> decode([53, 148], player=0, players=2)
    Play(0, 'W', 'red')
    >>> decode([131, 132], player=0, players=2)
    Traceback (most recent call last):
    ...
    ValueError: token 1 (pass) cannot follow draw
    """
    _check_players(players)
    if not isinstance(player, int) or not 0 <= player < players:
        raise ValueError(f"player {player!r} is not a seat of a {players}-player table")
    seq = [_token(t, i) for i, t in enumerate(tokens)]
    if seq and seq[-1] == STOP:
        seq.pop()
    if not seq:
        raise ValueError("no tokens: an action needs at least one")
    first = seq[0]
    pair = _first_pair(first)
    if pair is None:
        if len(seq) > 1:
            raise ValueError(f"token 1 ({describe(seq[1])}) cannot follow {describe(first)}")
        return _single(first, player, players)
    card, color = pair
    i = 1
    if i < len(seq) and _BACK <= seq[i] < _COLOR_DARK:
        card = _double(card, color, _BACKS[seq[i] - _BACK])
        i += 1
    also: list[Card] = []
    while i < len(seq) and _ALSO <= seq[i] < _TARGET:
        also.append(_COLORED[seq[i] - _ALSO])
        i += 1
    target = None
    if i < len(seq) and _TARGET <= seq[i] < UNO:
        offset = seq[i] - _TARGET + 1
        if offset >= players:
            raise ValueError(f"token {i} targets seat {offset} places on at a {players}-seat table")
        target = (player + offset) % players
        i += 1
    uno = i < len(seq) and seq[i] == UNO
    i += uno
    if i < len(seq):
        raise ValueError(f"token {i} ({describe(seq[i])}) cannot follow {describe(seq[i - 1])}")
    return Play(player, card, color, uno=uno, target=target, also=also)


def _double(face: Card, color: Color | None, back: Card) -> Card:
    """The UNO Flip! card with ``face`` in play (naming ``color``) and ``back`` behind."""
    named = color if color is not None else face.color
    light_up = named is not None and named.side is Side.LIGHT
    try:
        card = Card.double(face, back) if light_up else Card.double(back, face)
    except ValueError as err:
        raise ValueError(f"token 1 (back {back}) cannot follow play {face}: {err}") from None
    return card if light_up else card.other  # type: ignore[return-value]


def action_token(value: object, space: int = N_TOKENS) -> int:
    """``value`` as an environment's action: a whole number (a numpy integer too), or a
    ``TypeError`` naming it and the environment's token ``space`` (:data:`N_TOKENS`, or
    :data:`N_TOKENS_ALL` for version 2). Whether it is a legal token now is for the arena
    to say.

    >>> import numpy as np
    >>> action_token(np.int64(3)), action_token(200)
    (3, 200)
    >>> action_token(1.5)
    Traceback (most recent call last):
    ...
    TypeError: an action is a token, a whole number from 0 to 148, not 1.5
    >>> action_token("3", N_TOKENS_ALL)
    Traceback (most recent call last):
    ...
    TypeError: an action is a token, a whole number from 0 to 356, not '3'
    """
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise TypeError(
        f"an action is a token, a whole number from 0 to {space - 1}, not {shown(value)}"
    )


def _token(value: object, i: int) -> int:
    """``value`` as a token (numpy integers too), or a ValueError naming position ``i``."""
    if not isinstance(value, bool):
        try:
            t = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
        else:
            if 0 <= t < N_TOKENS_ALL:
                return t
    raise ValueError(f"token {i} is {value!r}: tokens are whole numbers 0 to {N_TOKENS_ALL - 1}")


def _single(token: int, player: int, players: int) -> Action:
    if token == DRAW:
        return Draw(player)
    if token == PASS:
        return Pass(player)
    if token == CHALLENGE:
        return Challenge(player)
    if token == CALL:
        return CallUno(player)
    if _COLOR <= token < _CATCH:
        return ChooseColor(player, _COLORS[token - _COLOR])
    if _COLOR_DARK <= token < N_TOKENS_ALL:
        return ChooseColor(player, DARK_COLORS[token - _COLOR_DARK])
    if _CATCH <= token < CALL:
        offset = token - _CATCH + 1
        if offset >= players:
            raise ValueError(f"token 0 catches seat {offset} places on at a {players}-seat table")
        return CatchUno(player, (player + offset) % players)
    raise ValueError(f"token 0 ({describe(token)}) cannot start an action")


def describe(token: int) -> str:
    """A short English name for ``token``.

    >>> [describe(t) for t in (0, 1, 53, 69, 121, 130)]
    ['no-op', 'play R0', 'play W red', 'also R0', 'target +1', 'UNO']
    >>> [describe(t) for t in (131, 132, 133, 134, 138, 147, 148)]
    ['draw', 'pass', 'challenge', 'color red', 'catch +1', 'call UNO', 'stop']
    >>> [describe(t) for t in (149, 221, 233, 238, 246, 353)]
    ['play R+4', 'play WR+4 red', 'play WCR', 'play W pink', 'back R1', 'color pink']
    """
    if not isinstance(token, int) or not 0 <= token < N_TOKENS_ALL:
        raise ValueError(f"not a token: {token!r} (0 to {N_TOKENS_ALL - 1})")
    if token == NOOP:
        return "no-op"
    if token >= N_TOKENS:
        pair = _first_pair(token)
        if pair is not None:
            face, color = pair
            return f"play {face}" if color is None else f"play {face} {color.value}"
        if token < _COLOR_DARK:
            return f"back {_BACKS[token - _BACK]}"
        return f"color {DARK_COLORS[token - _COLOR_DARK].value}"
    if token < _PLAY_WILD:
        return f"play {_COLORED[token - _PLAY]}"
    if token < _ALSO:
        k = token - _PLAY_WILD
        return f"play {_WILD_CARD[_WILDS[k // 4]]} {_COLORS[k % 4].value}"
    if token < _TARGET:
        return f"also {_COLORED[token - _ALSO]}"
    if token < UNO:
        return f"target +{token - _TARGET + 1}"
    if _COLOR <= token < _CATCH:
        return f"color {_COLORS[token - _COLOR].value}"
    if _CATCH <= token < CALL:
        return f"catch +{token - _CATCH + 1}"
    return {UNO: "UNO", DRAW: "draw", PASS: "pass", CHALLENGE: "challenge", CALL: "call UNO"}.get(
        token, "stop"
    )


_Cand: TypeAlias = tuple[tuple[int, ...], Action]
_First: TypeAlias = dict[int, tuple[list[_Cand], Action | None]]
_Root: TypeAlias = tuple[tuple[Action, ...], list[_Cand], tuple[int, ...], _First]


def _root(acts: tuple[Action, ...], players: int, side: Side | None = None) -> _Root:
    """The first step of a builder over ``acts``: their tokens, the first tokens, and
    what each first token leads to. Built afresh each time (each action's tokens are
    cached by :func:`encode`): a table of roots by the ids of their actions cost more
    instructions per arena step than it saved."""
    cands = [(encode(a, players, side), a) for a in acts]
    groups: dict[int, list[_Cand]] = {}  # by first token, in the actions' order
    for cand in cands:
        group = groups.get(cand[0][0])
        if group is None:
            groups[cand[0][0]] = [cand]
        else:
            group.append(cand)
    tokens = tuple(sorted(groups))
    first: _First = {}
    for t in tokens:
        kept = groups[t]
        alone = len(kept) == 1 and len(kept[0][0]) == 1
        first[t] = (kept, kept[0][1] if alone else None)
    return (acts, cands, tokens, first)


class ActionBuilder:
    """Builds one of ``actions`` token by token: :meth:`tokens` lists the tokens that lead
    to a legal action from the tokens pushed so far; :meth:`push` adds one and returns the
    action once the tokens name exactly one.

    ``actions`` are one seat's legal actions (``legal_actions(state, seat)``, possibly
    filtered); every one of them must be encodable (no ``drawn`` or ``hands``). ``side``
    is the side in play, which names a UNO Flip! card (:func:`encode`).

    >>> import unorules as uno
    >>> b = ActionBuilder([uno.Play(0, "R7"), uno.Play(0, "R7", also=["B7"])], players=2)
    >>> b.tokens(), b.push(8), b.tokens()
    ((8,), None, (115, 148))
    >>> b.push(STOP)
    Play(0, 'R7')
    >>> ActionBuilder([uno.Play(0, "R7")], players=2).push(5)
    Traceback (most recent call last):
    ...
    ValueError: token 5 (play R4) leads to no legal action here; legal: play R7
    """

    __slots__ = ("_actions", "_cands", "_depth", "_done", "_first", "_prefix", "_tokens", "players")

    def __init__(
        self, actions: Iterable[Action], players: int, *, side: Side | None = None
    ) -> None:
        acts = actions if type(actions) is tuple else tuple(actions)
        root = _root(acts, players, side)
        self.players = players
        self._actions = acts
        self._prefix: list[int] = []
        self._depth = 0
        self._done = False
        self._cands = root[1]
        self._tokens: tuple[int, ...] | None = root[2]
        self._first: _First | None = root[3]

    def __copy__(self) -> ActionBuilder:
        """A builder at the same point that moves on independently (for search)."""
        other = ActionBuilder.__new__(ActionBuilder)
        other.players = self.players
        other._actions = self._actions
        other._cands = self._cands
        other._prefix = list(self._prefix)
        other._depth = self._depth
        other._done = self._done
        other._tokens = self._tokens
        other._first = self._first
        return other

    def __deepcopy__(self, memo: dict[int, object]) -> ActionBuilder:
        """The same as ``copy.copy``: the actions are immutable values."""
        return self.__copy__()

    @property
    def prefix(self) -> tuple[int, ...]:
        """The tokens pushed so far for the action being built."""
        return tuple(self._prefix)

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions this builder chooses among."""
        return self._actions

    def tokens(self) -> tuple[int, ...]:
        """The tokens that may come next, ascending; ``()`` when there are no actions.

        >>> import unorules as uno
        >>> ActionBuilder([uno.Draw(0), uno.Play(0, "B1")], players=2).tokens()
        (41, 131)
        """
        found = self._tokens
        if found is None:
            k = self._depth
            out = {seq[k] if len(seq) > k else STOP for seq, _ in self._cands}
            found = self._tokens = tuple(sorted(out))
        return found

    def push(self, token: int) -> Action | None:
        """Add ``token``; return the action when it is complete, else None.

        Raises:
            ValueError: the token leads to no legal action (the builder is unchanged).

        >>> import unorules as uno
        >>> ActionBuilder([uno.Draw(0), uno.Play(0, "B1")], players=2).push(DRAW)
        Draw(0)
        """
        if self._done:
            raise ValueError("this action is complete: make a new builder for the next one")
        first = self._first
        if first is not None:  # the first token: looked up, not searched
            hit = first.get(token)
            if hit is not None:
                self._first = None
                self._prefix.append(token)
                self._depth = 1
                if hit[1] is not None:
                    self._done = True
                    return hit[1]
                self._cands = hit[0]
                self._tokens = None
                return None
        k = self._depth
        if token == STOP:
            ended = [c for c in self._cands if len(c[0]) == k]
            if ended and k:
                self._done = True
                return ended[0][1]
        else:
            kept = [c for c in self._cands if len(c[0]) > k and c[0][k] == token]
            if kept:
                self._cands = kept
                self._tokens = None
                self._prefix.append(token)
                self._depth = k + 1
                if len(kept) == 1 and len(kept[0][0]) == k + 1:
                    self._done = True
                    return kept[0][1]
                return None
        legal = ", ".join(describe(t) for t in self.tokens()) or "none"
        name = (
            describe(token) if isinstance(token, int) and 0 <= token < N_TOKENS_ALL else "unknown"
        )
        raise ValueError(f"token {token!r} ({name}) leads to no legal action here; legal: {legal}")


def legal_tokens(
    actions: Iterable[Action],
    players: int,
    prefix: Sequence[int] = (),
    *,
    side: Side | None = None,
) -> tuple[int, ...]:
    """The tokens that may follow ``prefix`` toward one of ``actions`` (the mask);
    ``side`` as :class:`ActionBuilder`.

    >>> import unorules as uno
    >>> legal_tokens([uno.Play(1, "R2"), uno.Play(1, "R2", uno=True), uno.Draw(1)], 2)
    (3, 131)
    >>> legal_tokens([uno.Play(1, "R2"), uno.Play(1, "R2", uno=True), uno.Draw(1)], 2, [3])
    (130, 148)
    """
    builder = ActionBuilder(actions, players, side=side)
    for token in prefix:
        if builder.push(token) is not None:
            raise ValueError(f"the prefix {list(prefix)} is already a complete action")
    return builder.tokens()
