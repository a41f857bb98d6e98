"""Observation version 2: one player's information as a fixed-size vector for every
profile, No Mercy and UNO Flip! included (needs numpy).

Version 2 is the vector of ``unorules/Uno-v2`` and ``unorules_uno_v2``. Like version 1
(:mod:`unorules.agents.observation`, which stays as it is for the classic games) it is
built only from what the observer may know, every entry is in [0, 1] (one-hot planes and
flags, counts divided by a cap and clipped at 1), and its size is the same for every
table of 2 to 10 seats; seats are counted from the observer (slot 0 is the observer,
slot 1 the next seat clockwise...), slots of seats the table does not have stay 0.

**One layout for every profile.** The card planes have an entry for each of the 134
faces a card can show (``unorules.cards.EVERY_CARD``, by
:attr:`~unorules.Card.index`: the 56 classic cards, No Mercy's 16, UNO Flip!'s 62), the
colors are all eight, the phases all eight; the segments a game does not use stay 0 (a
classic game's UNO Flip! faces, its ``side``, ``backs``, ``knocked_out``...). So the size
does not depend on the rules, as it does not on the table, and a model trained on one
profile reads another's vector. It is not version 1 plus zero segments: the card planes
have 134 entries where version 1 has 56, so every offset moves; the classic games keep
version 1 for the models trained on it.

A UNO Flip! card in play shows one face (its :attr:`~unorules.Card.face`, by which the
planes count it); the faces not in play that the table sees (FL-A13) are in ``hand_back``
(the observer's own cards' other faces), ``backs`` (every other hand's, as
:attr:`View.other_faces <unorules.View.other_faces>`) and ``draw_pile_back`` (the draw
pile's top card's, :attr:`View.draw_pile_other_face
<unorules.View.draw_pile_other_face>`). ``hand`` and ``hand_back`` count the faces, not
the pairs: which other face goes with which face in play is not in the vector.

=====================  ======  ======  ==============================================  ===========
segment                offset  length  content                                         scale
=====================  ======  ======  ==============================================  ===========
``hand``               0       134     copies of each face in play in the hand         / 8
``hand_back``          134     134     the other faces of the hand's UNO Flip! cards   / 8
``drawn_card``         268     134     the card just drawn (drawn phase, own)          0 or 1
``top``                402     134     the top card's face in play                     one-hot
``draw_pile_back``     536     134     the draw pile's top card's other face (Flip)    one-hot
``color``              670     8       the color in force (red, yellow, green, blue,   one-hot
                                       pink, teal, orange, purple)
``side``               678     1       1 when UNO Flip!'s dark side is in play         0 or 1
``phase``              679     8       the phase (play, drawn, choose_color,           one-hot
                                       challenge, penalty, roulette, round_over,
                                       game_over)
``direction``          687     1       1 clockwise, 0 counter-clockwise                0 or 1
``pending``            688     1       cards a pending penalty makes draw (No          / 25,
                                       Mercy: the stack)                               clipped
``draw_pile``          689     1       cards left to draw                              / deck size
``set_aside``          690     1       cards in the hands the Mercy rule set aside     / deck size
``interjecting``       691     1       1 when deciding out of turn                     0 or 1
``seats``              692     10      1 for each seat at the table                    0 or 1
``team``               702     10      1 for each seat on the observer's side          0 or 1
``hand_sizes``         712     10      cards each seat holds                           / 25,
                                                                                       clipped
``to_act``             722     10      the current player (the Roulette's victim in    one-hot
                                       the roulette phase)
``exposed``            732     10      seats that can be caught without UNO            0 or 1
``uno_open``           742     10      seats that may still say UNO safely             0 or 1
``uno_overdue``        752     10      seats whose call is overdue                     0 or 1
``answer_lock``        762     10      the seat that may not answer the Reverse on     0 or 1
                                       top with a Reverse (:rule:`C6`)
``challenge_color``    772     8       facing a challengeable wild draw: the color     0 or 1
                                       in force before it
``eliminated``         780     10      seats out of the match (elimination)            0 or 1
``knocked_out``        790     10      seats out of the round (No Mercy's Mercy rule)  0 or 1
``lost_turns``         800     10      seats that lose their next turn                 0 or 1
``scores``             810     10      match totals                                    / target,
                                                                                       clipped
``drawn_count``        820     10      cards each seat drew this round                 / 25,
                                                                                       clipped
``played``             830     1340    per seat (10 x 134): faces laid this round (a   / 8,
                                       Discard All's cards too)                        clipped
``known``              2170    1340    per seat (10 x 134): cards the observer knows   / 8
                                       in that hand (``View.known``)
``backs``              3510    1340    per seat (10 x 134): the other faces of that    / 8
                                       hand's cards (Flip; the observer's slot 0)
``prefix``             4850    357     tokens chosen so far for this action (the       / 4,
                                       whole token space, ``N_TOKENS_ALL``)            clipped
=====================  ======  ======  ==============================================  ===========

The caps are :data:`COPIES_CAP_V2` (8: No Mercy has 8 Wild Reverse Draw Fours and 8 Wild
Color Roulettes), :data:`COUNT_CAP_V2` (25: No Mercy's Mercy rule knocks out a hand of 25,
so every hand size below it reads apart) and :data:`PREFIX_CAP_V2` (4).

>>> import unorules as uno
>>> from unorules.agents import observation_v2 as obs2
>>> state = uno.new_game(2, "mattel-flip", seed=5)
>>> vec = obs2.encode(uno.observe(state, 0))
>>> vec.shape, vec.dtype, obs2.SIZE_V2
((5207,), dtype('float32'), 5207)
>>> hand = vec[obs2.SEGMENTS_V2["hand"]] * obs2.COPIES_CAP_V2  # seat 0's faces in play
>>> int(hand.sum()) == len(state.hands[0]), int(hand[uno.Card.parse("G3").index])  # G3|PF G3|V2
(True, 2)
>>> backs = vec[obs2.SEGMENTS_V2["backs"]].reshape(10, 134) * obs2.COPIES_CAP_V2  # by slot
>>> int(backs[1].sum()) == len(state.hands[1]), int(backs[0].sum())  # none for slot 0
(True, 0)
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from unorules._native import dress_public, mypyc_attr
from unorules.agents._vector import check_history
from unorules.agents.arena import DRAWN_CAP, PLAYED_CAP
from unorules.agents.encoding import MAX_PLAYERS, N_TOKENS_ALL
from unorules.cards import ALL_CARDS, EVERY_CARD, Color, Side
from unorules.rules import Rules
from unorules.state import Phase
from unorules.view import View

if TYPE_CHECKING:
    from unorules.agents.arena import Arena

__all__ = [
    "COPIES_CAP_V2",
    "COUNT_CAP_V2",
    "PREFIX_CAP_V2",
    "SEGMENTS_V2",
    "SIZE_V2",
    "ObservationEncoder",
    "encode",
    "encode_arena",
    "scale",
]

_K: Final = len(EVERY_CARD)  # 134 faces
_CLASSIC: Final = len(ALL_CARDS)  # 56: the classic faces, indices 0 to 55
_N: Final = MAX_PLAYERS
_COLORS: Final = tuple(Color)
_PHASES: Final = tuple(Phase)
_LAYOUT: Final = (
    ("hand", _K),
    ("hand_back", _K),
    ("drawn_card", _K),
    ("top", _K),
    ("draw_pile_back", _K),
    ("color", len(_COLORS)),
    ("side", 1),
    ("phase", len(_PHASES)),
    ("direction", 1),
    ("pending", 1),
    ("draw_pile", 1),
    ("set_aside", 1),
    ("interjecting", 1),
    ("seats", _N),
    ("team", _N),
    ("hand_sizes", _N),
    ("to_act", _N),
    ("exposed", _N),
    ("uno_open", _N),
    ("uno_overdue", _N),
    ("answer_lock", _N),
    ("challenge_color", len(_COLORS)),
    ("eliminated", _N),
    ("knocked_out", _N),
    ("lost_turns", _N),
    ("scores", _N),
    ("drawn_count", _N),
    ("played", _N * _K),
    ("known", _N * _K),
    ("backs", _N * _K),
    ("prefix", N_TOKENS_ALL),
)


def _slices() -> dict[str, slice]:
    out = {}
    at = 0
    for name, size in _LAYOUT:
        out[name] = slice(at, at + size)
        at += size
    return out


SEGMENTS_V2: Final[dict[str, slice]] = _slices()
"""Where each segment lies in the vector.

>>> SEGMENTS_V2["hand"], SEGMENTS_V2["prefix"]
(slice(0, 134, None), slice(4850, 5207, None))
"""
SIZE_V2: Final = SEGMENTS_V2["prefix"].stop
"""The length of the vector, the same for every profile and table.

>>> SIZE_V2
5207
"""
COPIES_CAP_V2: Final = 8
"""Copies of a face (in a hand, laid, known, seen on a back) are divided by this, the
most copies of one face in any deck (No Mercy's Wild Reverse Draw Four and Wild Color
Roulette), and clipped at 1.

>>> COPIES_CAP_V2
8
"""
COUNT_CAP_V2: Final = 25
"""Hand sizes, a pending penalty and the cards each seat drew are divided by this and
clipped at 1: No Mercy knocks out a hand of 25 cards (NM1.8), so the sizes below it all
read apart.

>>> COUNT_CAP_V2
25
"""
PREFIX_CAP_V2: Final = 4
"""The tokens chosen so far are counted, divided by this and clipped at 1.

>>> PREFIX_CAP_V2
4
"""

_HAND: Final = SEGMENTS_V2["hand"].start
_HAND_BACK: Final = SEGMENTS_V2["hand_back"].start
_DRAWN: Final = SEGMENTS_V2["drawn_card"].start
_TOP: Final = SEGMENTS_V2["top"].start
_PILE_BACK: Final = SEGMENTS_V2["draw_pile_back"].start
_COLOR: Final = {c: SEGMENTS_V2["color"].start + i for i, c in enumerate(_COLORS)}
_SIDE: Final = SEGMENTS_V2["side"].start
_PHASE: Final = {p: SEGMENTS_V2["phase"].start + i for i, p in enumerate(_PHASES)}
_DIRECTION: Final = SEGMENTS_V2["direction"].start
_PENDING: Final = SEGMENTS_V2["pending"].start
_PILE: Final = SEGMENTS_V2["draw_pile"].start
_SET_ASIDE: Final = SEGMENTS_V2["set_aside"].start
_INTERJECT: Final = SEGMENTS_V2["interjecting"].start
_SEATS: Final = SEGMENTS_V2["seats"].start
_TEAM: Final = SEGMENTS_V2["team"].start
_SIZES: Final = SEGMENTS_V2["hand_sizes"].start
_TO_ACT: Final = SEGMENTS_V2["to_act"].start
_EXPOSED: Final = SEGMENTS_V2["exposed"].start
_UNO_OPEN: Final = SEGMENTS_V2["uno_open"].start
_UNO_OVERDUE: Final = SEGMENTS_V2["uno_overdue"].start
_LOCK: Final = SEGMENTS_V2["answer_lock"].start
_CHALLENGE_COLOR: Final = {
    c: SEGMENTS_V2["challenge_color"].start + i for i, c in enumerate(_COLORS)
}
_ELIMINATED: Final = SEGMENTS_V2["eliminated"].start
_KNOCKED: Final = SEGMENTS_V2["knocked_out"].start
_LOST: Final = SEGMENTS_V2["lost_turns"].start
_SCORES: Final = SEGMENTS_V2["scores"].start
_DRAWN_COUNT: Final = SEGMENTS_V2["drawn_count"].start
_PLAYED: Final = SEGMENTS_V2["played"].start
_KNOWN: Final = SEGMENTS_V2["known"].start
_BACKS: Final = SEGMENTS_V2["backs"].start
_PREFIX: Final = SEGMENTS_V2["prefix"].start
_ZERO: Final = array("f", bytes(4 * SIZE_V2))
_F32: Final = np.dtype(np.float32)
_ONE: Final = np.float32(1.0)
_COPY: Final = 1 / COPIES_CAP_V2  # 0.125: a copy's share, exact in binary
_COPY32: Final = np.float32(_COPY)
_TOKEN: Final = 1 / PREFIX_CAP_V2  # 0.25, exact
_CAP: Final = COUNT_CAP_V2


def scale(rules: Rules) -> npt.NDArray[np.float32]:
    """The factor of each entry from the counts to the vector (each count times its
    factor, clipped at 1, is the entry): one-hot and flag entries 1; copies of a face
    1 / :data:`COPIES_CAP_V2`; hand sizes, a pending penalty and the cards drawn
    1 / :data:`COUNT_CAP_V2`; the draw pile and the set-aside hands 1 / the deck's size;
    scores 1 / the target; the tokens chosen 1 / :data:`PREFIX_CAP_V2`.

    >>> import unorules as uno
    >>> f = scale(uno.get_profile("mattel-no-mercy"))
    >>> names = ("hand", "top", "scores", "draw_pile")
    >>> [round(float(f[SEGMENTS_V2[name]][0]), 5) for name in names]
    [0.125, 1.0, 0.001, 0.00595]
    """
    out = np.ones(SIZE_V2, dtype=np.float32)
    for name in ("hand", "hand_back", "played", "known", "backs"):
        out[SEGMENTS_V2[name]] = 1 / COPIES_CAP_V2
    for name in ("hand_sizes", "pending", "drawn_count"):
        out[SEGMENTS_V2[name]] = 1 / COUNT_CAP_V2
    out[SEGMENTS_V2["draw_pile"]] = 1 / rules.deck_size
    out[SEGMENTS_V2["set_aside"]] = 1 / rules.deck_size
    out[SEGMENTS_V2["scores"]] = 1 / max(rules.target, 1)
    out[SEGMENTS_V2["prefix"]] = 1 / PREFIX_CAP_V2
    return out


def _finish(out: array[float]) -> npt.NDArray[np.float32]:
    """The vector of ``out``, whose entries are written scaled (the same expressions in
    :func:`encode` and :meth:`ObservationEncoder.encode_arena`) but for ``played``,
    copied raw from the history and scaled here: a whole-vector multiply would cost as
    much again as the rest of the encoding."""
    vec = np.frombuffer(out, _F32)  # out is a fresh array: the vector owns it
    played = vec[_PLAYED:_KNOWN]
    played *= _COPY32
    np.fmin(played, _ONE, out=played)
    return vec


def encode(
    view: View,
    *,
    played: Sequence[Sequence[float]] | None = None,
    drawn: Sequence[int] | None = None,
    prefix: Sequence[int] = (),
    interjecting: bool = False,
) -> npt.NDArray[np.float32]:
    """The version 2 vector of ``view`` (under its own rules), with the public history if
    given (``played``: per absolute seat, faces laid by face index, as
    :attr:`Arena.played <unorules.agents.arena.Arena.played>`; ``drawn``: per seat, cards
    drawn), the tokens chosen so far and whether the observer decides out of turn.

    Raises:
        ValueError: history that does not fit the table (``played``: one row per seat, of
            56 counts under the classic deck, else 134; ``drawn``: one count per seat;
            ``prefix``: tokens from 0 to 356), naming the entry.

    >>> import unorules as uno
    >>> v = uno.observe(uno.new_game(3, "mattel-no-mercy", seed=2), 2)
    >>> vec = encode(v, drawn=[0, 5, 0])
    >>> vec[SEGMENTS_V2["drawn_count"]][:3].astype(float).round(3).tolist()  # seats 2, 0, 1
    [0.0, 0.0, 0.2]
    >>> vec[SEGMENTS_V2["phase"]].tolist().index(1.0), vec[SEGMENTS_V2["side"]].tolist()
    (0, [0.0])
    """
    rules = view.rules
    n = len(view.hand_sizes)
    check_history(  # rows of played as wide as the arena's (the classic 56, else every face)
        seats=n,
        kinds=_CLASSIC if rules.classic_cards else _K,
        tokens=N_TOKENS_ALL,
        played=played,
        drawn=drawn,
        prefix=prefix,
    )
    deck = rules.deck_size
    target = max(rules.target, 1)
    out = array("f", _ZERO)
    player = view.player
    for card in view.hand:
        out[_HAND + card.face.index] += _COPY
        turned = card.other
        if turned is not None:
            out[_HAND_BACK + turned.face.index] += _COPY
    if view.drawn_card is not None:
        out[_DRAWN + view.drawn_card.face.index] = 1.0
    out[_TOP + view.top_card.face.index] = 1.0
    if view.draw_pile_other_face is not None:
        out[_PILE_BACK + view.draw_pile_other_face.index] = 1.0
    if view.color is not None:
        out[_COLOR[view.color]] = 1.0
    if view.side is Side.DARK:
        out[_SIDE] = 1.0
    out[_PHASE[view.phase]] = 1.0
    if view.direction == 1:
        out[_DIRECTION] = 1.0
    pending = view.pending_draw
    out[_PENDING] = pending / _CAP if pending < _CAP else 1.0
    out[_PILE] = view.draw_pile_size / deck
    out[_SET_ASIDE] = view.set_aside_size / deck
    if interjecting:
        out[_INTERJECT] = 1.0
    teams = rules.teams
    for slot in range(n):
        seat = (player + slot) % n
        out[_SEATS + slot] = 1.0
        if seat == player or (teams and seat % teams == player % teams):
            out[_TEAM + slot] = 1.0
        size = view.hand_sizes[seat]
        out[_SIZES + slot] = size / _CAP if size < _CAP else 1.0
        score = view.scores[seat]
        out[_SCORES + slot] = score / target if score < target else 1.0
        if drawn is not None:
            count = min(drawn[seat], DRAWN_CAP)
            out[_DRAWN_COUNT + slot] = count / _CAP if count < _CAP else 1.0
        if played is not None:
            at = _PLAYED + _K * slot
            for i, value in enumerate(played[seat]):
                out[at + i] = min(float(value), PLAYED_CAP)
    if view.current_player is not None:
        out[_TO_ACT + (view.current_player - player) % n] = 1.0
    for segment, seats in (
        (_EXPOSED, view.uno_exposed),
        (_UNO_OPEN, view.uno_open),
        (_UNO_OVERDUE, view.uno_overdue),
        (_ELIMINATED, view.eliminated),
        (_KNOCKED, view.knocked_out),
        (_LOST, view.lost_turns),
    ):
        for seat in seats:
            out[segment + (seat - player) % n] = 1.0
    if view.answer_lock is not None:
        out[_LOCK + (view.answer_lock - player) % n] = 1.0
    if view.challenge_color is not None:
        out[_CHALLENGE_COLOR[view.challenge_color]] = 1.0
    for seat, cards in enumerate(view.known):
        at = _KNOWN + _K * ((seat - player) % n)
        for card in cards:
            out[at + card.face.index] += _COPY
    for seat, faces in enumerate(view.other_faces):
        at = _BACKS + _K * ((seat - player) % n)
        for face in faces:
            out[at + face.index] += _COPY
    for token in prefix:
        if out[_PREFIX + token] < 1.0:
            out[_PREFIX + token] += _TOKEN
    return _finish(out)


@mypyc_attr(native_class=False)  # Python callers construct it: see unorules._native
class ObservationEncoder:
    """Encodes version 2 observations at one kind of table quickly: the table's constant
    parts (seats, teams, the scale) are computed once. ``low`` and ``high`` are 0 and 1,
    the true bounds.

    >>> import unorules as uno
    >>> from unorules.agents.arena import Arena
    >>> arena = Arena(4, "mattel-no-mercy")
    >>> arena.reset(seed=4)
    >>> vec = ObservationEncoder(4, arena.rules).encode_arena(arena, 2)
    >>> vec[SEGMENTS_V2["seats"]].tolist()[:5], vec[SEGMENTS_V2["hand_sizes"]][:2] * COUNT_CAP_V2
    ([1.0, 1.0, 1.0, 1.0, 0.0], array([7., 7.], dtype=float32))
    """

    def __init__(self, players: int, rules: Rules) -> None:
        self.players = players
        self.rules = rules
        self.low = np.zeros(SIZE_V2, dtype=np.float32)
        self.high = np.ones(SIZE_V2, dtype=np.float32)
        self._deck = rules.deck_size
        self._target = max(rules.target, 1)
        self._flip = rules.flip
        teams = rules.teams
        self._rot = [[(p + k) % players for k in range(players)] for p in range(players)]
        self._templates = []
        for p in range(players):
            t = array("f", _ZERO)
            for slot, seat in enumerate(self._rot[p]):
                t[_SEATS + slot] = 1.0
                if seat == p or (teams and seat % teams == p % teams):
                    t[_TEAM + slot] = 1.0
            self._templates.append(t)

    def encode_arena(self, arena: Arena, player: int) -> npt.NDArray[np.float32]:
        """The vector of ``player`` at ``arena`` (see :func:`encode_arena`).

        >>> import unorules as uno
        >>> from unorules.agents.arena import Arena
        >>> arena = Arena(2, "mattel-flip")
        >>> arena.reset(seed=1)
        >>> ObservationEncoder(2, arena.rules).encode_arena(arena, 0).shape
        (5207,)
        """
        s = arena.state
        n = self.players
        out = array("f", self._templates[player])
        hands = s.hands
        flip = self._flip
        for card in hands[player]:
            out[card.face.index] += _COPY  # the hand segment starts at 0
        if flip:
            for card in hands[player]:
                out[_HAND_BACK + card.other.face.index] += _COPY  # type: ignore[union-attr]
            if s.side is Side.DARK:
                out[_SIDE] = 1.0
            start = s._pile_start
            if start < len(s._pile):
                out[_PILE_BACK + s._pile[start].other.face.index] = 1.0  # type: ignore[union-attr]
        current = s.current_player
        if current is not None:
            out[_TO_ACT + (current - player) % n] = 1.0
            if current == player:
                drawn_card = s.drawn_card
                if drawn_card is not None:
                    out[_DRAWN + drawn_card.face.index] = 1.0
        out[_TOP + s.top_card.face.index] = 1.0
        color = s.color
        if color is not None:
            out[_COLOR[color]] = 1.0
        out[_PHASE[s.phase]] = 1.0
        if s.direction == 1:
            out[_DIRECTION] = 1.0
        pending = s.pending_draw
        if pending:
            out[_PENDING] = pending / _CAP if pending < _CAP else 1.0
        deck = self._deck
        out[_PILE] = s.draw_pile_size / deck
        set_aside = s._ledger.set_aside
        if set_aside:
            out[_SET_ASIDE] = len(set_aside) / deck
        drawn = arena.drawn
        played = arena.played
        scores = arena.scores
        target = self._target
        for slot, seat in enumerate(self._rot[player]):
            size = len(hands[seat])
            out[_SIZES + slot] = size / _CAP if size < _CAP else 1.0
            score = scores[seat]
            if score:
                out[_SCORES + slot] = score / target if score < target else 1.0
            count = drawn[seat]
            if count:
                out[_DRAWN_COUNT + slot] = count / _CAP if count < _CAP else 1.0
            row = played[seat]
            at = _PLAYED + _K * slot
            out[at : at + len(row)] = row
            if flip and slot:
                at = _BACKS + _K * slot
                for card in hands[seat]:
                    out[at + card.other.face.index] += _COPY  # type: ignore[union-attr]
        for seat in arena.exposed:
            out[_EXPOSED + (seat - player) % n] = 1.0
        calls = s._ledger.calls
        if calls:
            for seat in calls.open:
                out[_UNO_OPEN + (seat - player) % n] = 1.0
            for seat in calls.overdue:
                out[_UNO_OVERDUE + (seat - player) % n] = 1.0
        lock = s._ledger.answer_lock
        if lock >= 0:
            out[_LOCK + (lock - player) % n] = 1.0
        challenge = s._ledger.challenge
        if challenge is not None and challenge.previous_color is not None:
            out[_CHALLENGE_COLOR[challenge.previous_color]] = 1.0
        if not s._match.full:
            for seat in s.eliminated:
                out[_ELIMINATED + (seat - player) % n] = 1.0
        for seat in s.knocked_out:
            out[_KNOCKED + (seat - player) % n] = 1.0
        for seat in s._ledger.lost_turns:
            out[_LOST + (seat - player) % n] = 1.0
        if s._ledger.known:
            for viewer, owner, cards in s._ledger.known:
                if viewer == player:
                    at = _KNOWN + _K * ((owner - player) % n)
                    for card in cards:
                        out[at + card.face.index] += _COPY
        if arena.actor == player:
            if arena.interjecting:
                out[_INTERJECT] = 1.0
            for token in arena.prefix:
                if out[_PREFIX + token] < 1.0:
                    out[_PREFIX + token] += _TOKEN
        return _finish(out)


_ENCODERS: dict[tuple[int, Rules], ObservationEncoder] = {}
_ENCODERS_MAX: Final = 64  # at most this many (players, rules) encoders are kept


def encode_arena(arena: Arena, player: int) -> npt.NDArray[np.float32]:
    """The version 2 vector of ``player`` at an :class:`~unorules.agents.arena.Arena`:
    the same as :func:`encode` of ``observe(arena.state, player)`` with the arena's
    history and the player's tokens so far, read from the state directly (faster).

    >>> import unorules as uno
    >>> from unorules.agents.arena import Arena
    >>> arena = Arena(3, "mattel-flip")
    >>> arena.reset(seed=4)
    >>> v = uno.observe(arena.state, 1)
    >>> bool((encode_arena(arena, 1) == encode(v, played=arena.played, drawn=arena.drawn)).all())
    True
    """
    key = (arena.players, arena.rules)
    encoder = _ENCODERS.get(key)
    if encoder is None:
        if len(_ENCODERS) >= _ENCODERS_MAX:
            _ENCODERS.clear()
        encoder = _ENCODERS[key] = ObservationEncoder(*key)
    return encoder.encode_arena(arena, player)


# The compiled build (issue 30) compiles this module too, so that the encoder reads the
# native State and cards natively (interpreted, each read is a descriptor call); its
# public names get their docstrings and signatures back here (nothing to do when pure).
dress_public([sys.modules[__name__]])
