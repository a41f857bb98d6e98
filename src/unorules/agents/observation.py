"""One player's information as a fixed-size numpy vector (needs numpy).

The vector has :data:`SIZE` float32 entries for every table of 2 to 10 seats; seats are
counted from the observer (slot 0 is the observer, slot 1 the next seat clockwise...),
slots of seats the table does not have stay 0. It is built only from what the observer
may know: the fields of :func:`unorules.observe`'s :class:`~unorules.View` (their own
hand and drawn card, the cards they know in other hands, every public count, the calls
of UNO still open or overdue, the Reverse lock), the public
history of the round (what each seat laid, how many cards each drew) and the tokens the
observer has chosen so far for the action being built.

Two versions share the layout. Version 1 (:class:`ObservationEncoder` with
``normalized=True``, :func:`encode` with ``normalized=True``; the environments
``unorules/Uno-v1`` and ``unorules_uno_v1``) puts every entry in [0, 1]: one-hot planes
and flags, and counts divided by a cap and clipped at 1, as OpenSpiel's and RLCard's card
games encode. Version 0 (the default of the functions here; the deprecated environments
``unorules/Uno-v0`` and ``unorules_uno_v0``) gives the raw counts, bounded by
:func:`bounds`. Slots of seats are counted from the observer (slot 0).

Both encode the 56 classic cards, and refuse rules whose deck holds No Mercy's or UNO
Flip!'s cards; version 2 (:mod:`unorules.agents.observation_v2`, ``unorules/Uno-v2``,
``unorules_uno_v2``) encodes every profile in a layout of its own.

=====================  ======  ======  =======================================  ==================
segment                offset  length  content                                  version 1 (v0)
=====================  ======  ======  =======================================  ==================
``hand``               0       56      copies of each card kind in the hand     / 4 (0-4)
``drawn_card``         56      56      the card just drawn (drawn phase, own)   0 or 1
``top``                112     56      the top card                             one-hot
``color``              168     4       the color in force (red, yellow, green,  one-hot or none
                                       blue)
``phase``              172     7       the phase (play, drawn, choose_color,    one-hot
                                       challenge, penalty, round_over,
                                       game_over)
``direction``          179     1       1 clockwise, 0 counter-clockwise         0 or 1
``pending``            180     1       cards a pending penalty makes draw       / 20, clipped
                                                                                (0-deck)
``draw_pile``          181     1       cards left to draw                       / deck size
                                                                                (0-deck)
``interjecting``       182     1       1 when deciding out of turn              0 or 1
``seats``              183     10      1 for each seat at the table             0 or 1
``team``               193     10      1 for each seat on the observer's side   0 or 1
``hand_sizes``         203     10      cards each seat holds                    / 20, clipped
                                                                                (0-deck)
``to_act``             213     10      the current player                       one-hot or none
``exposed``            223     10      seats that can be caught without UNO     0 or 1
``uno_open``           233     10      seats holding one card that may still    0 or 1
                                       say UNO safely, a call owed
                                       (``View.uno_open``)
``uno_overdue``        243     10      seats whose call is overdue (the         0 or 1
                                       Swedish window: ``View.uno_overdue``)
``answer_lock``        253     10      the seat that may not answer the         0 or 1
                                       Reverse on top with a Reverse
                                       (:rule:`C6`)
``challenge_color``    263     4       facing a Wild Draw Four: the color in    0 or 1
                                       force before it, which the bluff test
                                       asks about
``eliminated``         267     10      seats out of the match (elimination)     0 or 1
``lost_turns``         277     10      seats that lose their next turn          0 or 1
                                       (:rule:`C9`)
``scores``             287     10      match totals                             / target, clipped
                                                                                (0-max score)
``drawn_count``        297     10      cards each seat drew this round          / 20, clipped
                                                                                (0-255)
``played``             307     560     per seat (10 x 56): cards of each kind   / 4, clipped
                                       laid this round                          (0-15)
``known``              867     560     per seat (10 x 56): cards of each kind   / 4 (0-4)
                                       the observer knows in that hand (a hand
                                       shown to it, Seven-O: ``View.known``)
``prefix``             1427    149     tokens chosen so far for this action     / 4, clipped
                                                                                (0-8)
=====================  ======  ======  =======================================  ==================

The caps are :data:`COPIES_CAP` (4, the most copies of one kind in any deck) and
:data:`COUNT_CAP` (20); :func:`scale` is the factor of every entry, :func:`normalize`
turns a raw vector into a normalized one.

Each segment's slice is in :data:`SEGMENTS`. Raw counts past their bound are clipped. The
three call and lock segments are :attr:`View.uno_open <unorules.View.uno_open>`,
:attr:`View.uno_overdue <unorules.View.uno_overdue>` and :attr:`View.answer_lock
<unorules.View.answer_lock>`; the next three are :attr:`View.challenge_color
<unorules.View.challenge_color>`, :attr:`View.eliminated <unorules.View.eliminated>` and
:attr:`View.lost_turns <unorules.View.lost_turns>`. The vector had 1522 entries before
these six were added: a model trained on it does not take the new one.

>>> import unorules as uno
>>> from unorules.agents import observation as obs
>>> state = uno.new_game(2, seed=5)
>>> vec = obs.encode(uno.observe(state, 0))
>>> vec.shape, vec.dtype, obs.SIZE
((1576,), dtype('float32'), 1576)
>>> int(vec[obs.SEGMENTS["hand"]].sum()), vec[obs.SEGMENTS["hand_sizes"]][:3].tolist()
(7, [7.0, 7.0, 0.0])
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from unorules._memo import by_identity
from unorules._native import dress_public, mypyc_attr
from unorules.agents import _vector
from unorules.agents._vector import (
    _CHALLENGE_COLOR,
    _COLOR,
    _DIRECTION,
    _DRAWN,
    _DRAWN_COUNT,
    _ELIMINATED,
    _EXPOSED,
    _INTERJECT,
    _K,
    _KNOWN,
    _LOCK,
    _LOST,
    _PENDING,
    _PHASE,
    _PILE,
    _PLAYED,
    _PREFIX,
    _PREFIX_CAP,
    _SCORES,
    _SEATS,
    _SIZES,
    _TEAM,
    _TO_ACT,
    _TOP,
    _UNO_OPEN,
    _UNO_OVERDUE,
    ZERO,
    check_history,
    factors,
    fill,
    history,
    score_cap,
)
from unorules.agents.arena import DRAWN_CAP, PLAYED_CAP
from unorules.agents.encoding import N_TOKENS
from unorules.rules import MATTEL, Rules
from unorules.view import View

if TYPE_CHECKING:
    from unorules.agents.arena import Arena

__all__ = [
    "COPIES_CAP",
    "COUNT_CAP",
    "SEGMENTS",
    "SIZE",
    "ObservationEncoder",
    "bounds",
    "check_version",
    "encode",
    "encode_arena",
    "normalize",
    "scale",
]


SEGMENTS: Final[dict[str, slice]] = _vector.SEGMENTS
"""Where each segment lies in the vector.

>>> SEGMENTS["hand"], SEGMENTS["prefix"]
(slice(0, 56, None), slice(1427, 1576, None))
"""
SIZE: Final = _vector.SIZE
"""The length of the vector.

>>> SIZE
1576
"""


def bounds(rules: Rules) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The lowest and highest value of each entry under ``rules`` (for a ``Box`` space).

    >>> import unorules as uno
    >>> low, high = bounds(uno.MATTEL)
    >>> float(low.max()), float(high[SEGMENTS["hand_sizes"]][0]), float(high[0])
    (0.0, 112.0, 4.0)
    """
    deck = rules.deck_size
    high = np.ones(SIZE, dtype=np.float32)
    high[SEGMENTS["hand"]] = 4
    for name in ("pending", "draw_pile", "hand_sizes"):
        high[SEGMENTS[name]] = deck
    high[SEGMENTS["scores"]] = score_cap(rules)
    high[SEGMENTS["drawn_count"]] = DRAWN_CAP
    high[SEGMENTS["played"]] = PLAYED_CAP
    high[SEGMENTS["known"]] = 4
    high[SEGMENTS["prefix"]] = _PREFIX_CAP
    return np.zeros(SIZE, dtype=np.float32), high


COPIES_CAP: Final = _vector.COPIES_CAP
"""Version 1 divides the copies of a card kind (in a hand, laid, known, chosen) by this,
the most copies of one kind in any deck, and clips at 1.

>>> COPIES_CAP
4
"""
COUNT_CAP: Final = _vector.COUNT_CAP
"""Version 1 divides hand sizes, a pending penalty and the cards each seat drew by this,
and clips at 1 (a count of 20 or more reads 1).

>>> COUNT_CAP
20
"""


def scale(rules: Rules) -> npt.NDArray[np.float32]:
    """The factor of each entry from the raw vector (version 0) to the normalized one
    (version 1): the raw value times it, clipped at 1, is the normalized value
    (:func:`normalize`). One-hot and flag entries keep their 0 and 1; copies of a card
    kind are divided by :data:`COPIES_CAP`; hand sizes, a pending penalty and the cards
    drawn by :data:`COUNT_CAP`; the draw pile by the deck's size; scores by the target.

    >>> import unorules as uno
    >>> f = scale(uno.MATTEL)
    >>> [round(float(f[SEGMENTS[name]][0]), 4) for name in ("hand", "top", "scores")]
    [0.25, 1.0, 0.002]
    """
    return np.frombuffer(factors(rules), dtype=np.float32).copy()


def normalize(vec: npt.NDArray[np.float32], rules: Rules) -> npt.NDArray[np.float32]:
    """The normalized vector (version 1, every entry in [0, 1]) of a raw one (version 0,
    :func:`encode`, :func:`encode_arena`) under ``rules``: a new array.

    >>> import unorules as uno
    >>> raw = encode(uno.observe(uno.new_game(2, seed=5), 0))
    >>> vec = normalize(raw, uno.MATTEL)
    >>> vec[SEGMENTS["hand_sizes"]][:3].astype(float).round(3).tolist(), float(vec.max()) <= 1.0
    ([0.35, 0.35, 0.0], True)
    """
    if not isinstance(vec, np.ndarray) or vec.shape != (SIZE,):
        raise ValueError(
            f"vec must be a raw observation vector of shape ({SIZE},), not {_shown_shape(vec)}"
        )
    out = vec * _scale_of(rules)
    np.fmin(out, _ONE, out=out)
    return out


def check_version(version: object) -> None:
    """Refuse an observation version that is not 0, 1 or 2, naming it (for the
    environments' ``version`` argument; version 2 is
    :mod:`unorules.agents.observation_v2`).

    >>> check_version(1), check_version(2)
    (None, None)
    >>> check_version(3)
    Traceback (most recent call last):
    ...
    ValueError: version must be 1 (every entry in [0, 1], the classic games), 2 (every profile, ...
    """
    if type(version) is not int or version not in (0, 1, 2):
        raise ValueError(
            "version must be 1 (every entry in [0, 1], the classic games), 2 (every profile,"
            " No Mercy and UNO Flip! included) or 0 (deprecated: raw counts), "
            f"not {version!r}"
        )


_VERSION_2: Final = "observation version 2 (version=2: unorules/Uno-v2, unorules_uno_v2)"
"""What encodes the cards version 1 does not: named in its refusal."""


def _shown_shape(value: object) -> str:
    shape = getattr(value, "shape", None)
    return f"shape {shape}" if shape is not None else type(value).__name__


@by_identity  # the library's cache of what is derived from a rules object (unorules._memo)
def _scale_of(rules: Rules) -> npt.NDArray[np.float32]:
    return scale(rules)


def encode(
    view: View,
    *,
    played: Sequence[Sequence[float]] | None = None,
    drawn: Sequence[int] | None = None,
    prefix: Sequence[int] = (),
    interjecting: bool = False,
    rules: Rules | None = None,
    normalized: bool = False,
) -> npt.NDArray[np.float32]:
    """The vector of ``view``, with the public history if given (``played``: per absolute
    seat, cards laid by card index; ``drawn``: per seat, cards drawn), the tokens chosen
    so far and whether the observer decides out of turn. ``rules`` (for team play and
    the score bound) defaults to the profile ``mattel``. The raw counts (version 0) by
    default; ``normalized=True`` gives version 1, every entry in [0, 1] (:func:`normalize`).

    Raises:
        ValueError: the rules of No Mercy or UNO Flip! (version 2 encodes them); history
            that does not fit the table (``played``: one row of 56 counts per seat;
            ``drawn``: one count per seat; ``prefix``: tokens from 0 to 148), naming the
            entry.

    >>> import unorules as uno
    >>> v = uno.observe(uno.new_game(3, seed=2), 2)
    >>> vec = encode(v, drawn=[0, 4, 0])
    >>> vec[SEGMENTS["drawn_count"]][:3].tolist()  # seen from seat 2: itself, 0, 1
    [0.0, 0.0, 4.0]
    >>> scaled = encode(v, drawn=[0, 4, 0], normalized=True)  # 4 / COUNT_CAP
    >>> scaled[SEGMENTS["drawn_count"]][:3].astype(float).round(3).tolist()
    [0.0, 0.0, 0.2]
    """
    rules = rules if rules is not None else MATTEL  # Rules() is 60 us to build
    view.rules.refuse_unless_classic("the observation vector", _VERSION_2)
    check_history(
        seats=len(view.hand_sizes),
        kinds=_K,
        tokens=N_TOKENS,
        played=played,
        drawn=drawn,
        prefix=prefix,
    )
    out = array("f", ZERO)
    fill(out, view, rules, score_cap(rules))
    history(
        out,
        player=view.player,
        n=len(view.hand_sizes),
        played=played,
        drawn=drawn,
        prefix=prefix,
        interjecting=interjecting,
    )
    raw = np.frombuffer(out, dtype=np.float32)
    return normalize(raw, rules) if normalized else raw


@mypyc_attr(native_class=False)  # Python callers construct it: see unorules._native
class ObservationEncoder:
    """Encodes observations at one kind of table quickly: the table's constant parts
    (seats, teams, bounds) are computed once. :func:`encode_arena` uses one per rules.
    ``normalized=True`` encodes version 1 (every entry in [0, 1], :func:`normalize`;
    ``low`` and ``high`` are then 0 and 1); the default is the raw version 0.

    >>> import unorules as uno
    >>> from unorules.agents.arena import Arena
    >>> arena = Arena(4, "mattel")
    >>> arena.reset(seed=4)
    >>> vec = ObservationEncoder(4, uno.MATTEL).encode_arena(arena, 2)
    >>> vec[SEGMENTS["seats"]].tolist()[:5], vec[SEGMENTS["hand_sizes"]].tolist()[:4]
    ([1.0, 1.0, 1.0, 1.0, 0.0], [7.0, 7.0, 7.0, 7.0])
    >>> v1 = ObservationEncoder(4, uno.MATTEL, normalized=True)
    >>> v1.encode_arena(arena, 2)[SEGMENTS["hand_sizes"]][:2].astype(float).round(3).tolist()
    [0.35, 0.35]
    """

    def __init__(self, players: int, rules: Rules, *, normalized: bool = False) -> None:
        rules.refuse_unless_classic("the observation vector", _VERSION_2)
        self.players = players
        self.rules = rules
        self.normalized = normalized
        low, high = bounds(rules)
        self._cap = float(high[_SCORES])
        self._scale = scale(rules) if normalized else None
        if normalized:
            high = np.ones(SIZE, dtype=np.float32)
        self.low, self.high = low, high
        teams = rules.teams
        self._rot = [[(p + k) % players for k in range(players)] for p in range(players)]
        self._slots = [
            [
                (seat, _SIZES + slot, _DRAWN_COUNT + slot, _PLAYED + _K * slot)
                for slot, seat in enumerate(rot)
            ]
            for rot in self._rot
        ]
        self._templates = []
        for p in range(players):
            t = array("f", ZERO)
            for slot, seat in enumerate(self._rot[p]):
                t[_SEATS + slot] = 1.0
                if seat == p or (teams and seat % teams == p % teams):
                    t[_TEAM + slot] = 1.0
            self._templates.append(t)

    def encode_arena(self, arena: Arena, player: int) -> npt.NDArray[np.float32]:
        """The vector of ``player`` at ``arena`` (see :func:`encode_arena`).

        >>> import unorules as uno
        >>> from unorules.agents.arena import Arena
        >>> arena = Arena(2)
        >>> arena.reset(seed=1)
        >>> ObservationEncoder(2, uno.MATTEL).encode_arena(arena, 0).shape
        (1576,)
        """
        # The state's fields are read once each, and the ones behind its properties
        # directly (top_card is _discard[0], pending_draw the ledger's, ...): in the
        # compiled build each read of a native State from Python goes through a
        # descriptor, and a property through a wrapper as well.
        s = arena.state
        n = self.players
        led = s._ledger
        hands = s.hands
        out = array("f", self._templates[player])
        for card in hands[player]:
            out[card.index] += 1.0  # the hand segment starts at 0
        current = s.current_player
        if current is not None:
            out[_TO_ACT + (current - player) % n] = 1.0
            if current == player:
                drawn_card = s._drawn_card
                if drawn_card is not None:
                    out[_DRAWN + drawn_card.index] = 1.0
        out[_TOP + s._discard[0].index] = 1.0
        color = s.color
        if color is not None:
            out[_COLOR[color]] = 1.0
        out[_PHASE[s.phase]] = 1.0
        if s.direction == 1:
            out[_DIRECTION] = 1.0
        pending = led.pending_draw
        if pending:
            out[_PENDING] = pending
        out[_PILE] = len(s._pile) - s._pile_start
        drawn = arena.drawn
        played = arena.played
        for seat, size_at, drawn_at, played_at in self._slots[player]:
            out[size_at] = len(hands[seat])
            count = drawn[seat]
            if count:
                out[drawn_at] = count
            out[played_at : played_at + _K] = played[seat]
        scores = arena.scores
        if any(scores):
            cap = self._cap
            for slot, seat in enumerate(self._rot[player]):
                score = scores[seat]
                out[_SCORES + slot] = score if score < cap else cap
        for seat in arena.exposed:
            out[_EXPOSED + (seat - player) % n] = 1.0
        calls = led.calls
        if calls:  # empty unless a seat holds one card without having said UNO
            for seat in calls.open:
                out[_UNO_OPEN + (seat - player) % n] = 1.0
            for seat in calls.overdue:
                out[_UNO_OVERDUE + (seat - player) % n] = 1.0
        lock = led.answer_lock
        if lock >= 0:
            out[_LOCK + (lock - player) % n] = 1.0
        challenge = led.challenge
        if challenge is not None and challenge.previous_color is not None:
            out[_CHALLENGE_COLOR[challenge.previous_color]] = 1.0
        if not s._match.full:  # a seat has been eliminated
            for seat in s.eliminated:
                out[_ELIMINATED + (seat - player) % n] = 1.0
        for seat in led.lost_turns:
            out[_LOST + (seat - player) % n] = 1.0
        if led.known:  # empty unless a hand was shown (a challenge) or moved (Seven-O)
            for viewer, owner, cards in led.known:
                if viewer == player:
                    at = _KNOWN + _K * ((owner - player) % n)
                    for card in cards:
                        out[at + card.index] += 1.0
        if arena.actor == player:
            if arena.interjecting:
                out[_INTERJECT] = 1.0
            for token in arena.prefix:
                if out[_PREFIX + token] < _PREFIX_CAP:
                    out[_PREFIX + token] += 1.0
        raw = np.frombuffer(out, _F32)
        factor = self._scale
        if factor is None:
            return raw
        vec = raw * factor
        np.fmin(vec, _ONE, out=vec)  # fmin with a float32 one: half the time of minimum(1.0)
        return vec


_F32: Final = np.dtype(np.float32)
_ONE: Final = np.float32(1.0)
_ENCODERS: dict[tuple[int, Rules], ObservationEncoder] = {}
_ENCODERS_MAX: Final = 64
"""At most this many (players, rules) encoders are kept."""


def encode_arena(arena: Arena, player: int) -> npt.NDArray[np.float32]:
    """The vector of ``player`` at an :class:`~unorules.agents.arena.Arena`: the same as
    :func:`encode` of ``observe(arena.state, player)`` with the arena's history and the
    player's tokens so far (read from the state's public fields directly, which is
    faster; :class:`ObservationEncoder` is faster still).

    >>> import unorules as uno
    >>> from unorules.agents.arena import Arena
    >>> arena = Arena(2)
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
