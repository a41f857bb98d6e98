"""The layout of the observation vector of versions 0 and 1, and its numpy-free writers.

The layout, the caps and the factors to version 1 live here alone.
:func:`unorules.agents.observation.encode` (the numpy vector of a view) and
:mod:`unorules.agents.policy` (PolicyBot's network, which runs without numpy) both write
through :func:`fill` and :func:`history` into a stdlib ``array("f")`` of :data:`SIZE` raw
entries (version 0), and scale them by :func:`factors` to version 1. The environments'
encoder, ``ObservationEncoder.encode_arena``, writes the same entries from an arena's
fields directly (faster: the table's constant parts are made once); the tests hold it
equal to :func:`~unorules.agents.observation.encode` and to PolicyBot's inputs. The public
names are documented in :mod:`unorules.agents.observation`, which re-exports them.

>>> import unorules as uno
>>> raw = array("f", ZERO)
>>> fill(raw, uno.observe(uno.new_game(2, seed=5), 0), uno.MATTEL, score_cap(uno.MATTEL))
>>> sum(raw[SEGMENTS["hand"]]), raw[SEGMENTS["hand_sizes"]][:3].tolist()
(7.0, [7.0, 7.0, 0.0])
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from typing import Final

from unorules._memo import by_identity
from unorules.agents.encoding import MAX_PLAYERS, N_TOKENS
from unorules.cards import ALL_CARDS, LIGHT_COLORS, build_deck
from unorules.rules import Rules
from unorules.scoring import hand_points
from unorules.state import Phase
from unorules.view import View

_K: Final = len(ALL_CARDS)  # 56: the classic cards (No Mercy's are refused)
_PHASES_V1: Final[tuple[Phase, ...]] = tuple(p for p in Phase if p is not Phase.ROULETTE)
"""The phases the vector encodes: those of the classic games (the vector is fixed)."""
_N: Final = MAX_PLAYERS
_LAYOUT: Final = (
    ("hand", _K),
    ("drawn_card", _K),
    ("top", _K),
    ("color", 4),
    ("phase", len(_PHASES_V1)),
    ("direction", 1),
    ("pending", 1),
    ("draw_pile", 1),
    ("interjecting", 1),
    ("seats", _N),
    ("team", _N),
    ("hand_sizes", _N),
    ("to_act", _N),
    ("exposed", _N),
    ("uno_open", _N),
    ("uno_overdue", _N),
    ("answer_lock", _N),
    ("challenge_color", 4),
    ("eliminated", _N),
    ("lost_turns", _N),
    ("scores", _N),
    ("drawn_count", _N),
    ("played", _N * _K),
    ("known", _N * _K),
    ("prefix", N_TOKENS),
)


def _slices() -> dict[str, slice]:
    out = {}
    at = 0
    for name, size in _LAYOUT:
        out[name] = slice(at, at + size)
        at += size
    return out


# The public names (SEGMENTS, SIZE, COPIES_CAP, COUNT_CAP) are documented where
# unorules.agents.observation re-exports them. This module imports nothing above the
# game and the token codec, so that PolicyBot (and every import of the bots) stays light.
SEGMENTS: Final[dict[str, slice]] = _slices()
SIZE: Final[int] = SEGMENTS["prefix"].stop
COPIES_CAP: Final = 4
COUNT_CAP: Final = 20
# The caps of the history counts the arena keeps (documented in unorules.agents.arena).
PLAYED_CAP: Final = 15
DRAWN_CAP: Final = 255

_HAND: Final = SEGMENTS["hand"].start
_DRAWN: Final = SEGMENTS["drawn_card"].start
_TOP: Final = SEGMENTS["top"].start
_COLOR: Final = {c: SEGMENTS["color"].start + i for i, c in enumerate(LIGHT_COLORS)}
_PHASE: Final[dict[Phase, int]] = {p: SEGMENTS["phase"].start + i for i, p in enumerate(_PHASES_V1)}
_DIRECTION: Final = SEGMENTS["direction"].start
_PENDING: Final = SEGMENTS["pending"].start
_PILE: Final = SEGMENTS["draw_pile"].start
_INTERJECT: Final = SEGMENTS["interjecting"].start
_SEATS: Final = SEGMENTS["seats"].start
_TEAM: Final = SEGMENTS["team"].start
_SIZES: Final = SEGMENTS["hand_sizes"].start
_TO_ACT: Final = SEGMENTS["to_act"].start
_EXPOSED: Final = SEGMENTS["exposed"].start
_UNO_OPEN: Final = SEGMENTS["uno_open"].start
_UNO_OVERDUE: Final = SEGMENTS["uno_overdue"].start
_LOCK: Final = SEGMENTS["answer_lock"].start
_CHALLENGE_COLOR: Final = {
    c: SEGMENTS["challenge_color"].start + i for i, c in enumerate(LIGHT_COLORS)
}
_ELIMINATED: Final = SEGMENTS["eliminated"].start
_LOST: Final = SEGMENTS["lost_turns"].start
_SCORES: Final = SEGMENTS["scores"].start
_DRAWN_COUNT: Final = SEGMENTS["drawn_count"].start
_PLAYED: Final = SEGMENTS["played"].start
_KNOWN: Final = SEGMENTS["known"].start
_PREFIX: Final = SEGMENTS["prefix"].start
ZERO: Final = array("f", bytes(4 * SIZE))
"""A vector of zeros to copy (``array("f", ZERO)``)."""
_PREFIX_CAP: Final = 8
"""The raw cap of one token's count in the prefix."""


@by_identity  # the library's cache of what is derived from a rules object (unorules._memo)
def score_cap(rules: Rules) -> float:
    """The highest match total the ``scores`` segment holds under ``rules``: the target
    plus every card's points.

    >>> import unorules as uno
    >>> score_cap(uno.MATTEL)
    2310.0
    """
    deck = build_deck(rules.shuffle_hands_cards, rules.customizable_cards)
    return float(rules.target + hand_points(deck, rules))


@by_identity
def factors(rules: Rules) -> array[float]:
    """The factor of each entry from the raw vector (version 0) to the normalized one
    (version 1): the raw value times it, clipped at 1 (one home for
    :func:`unorules.agents.observation.scale`). Cached per rules object: read it, never
    write to it.

    >>> import unorules as uno
    >>> f = factors(uno.MATTEL)
    >>> f[SEGMENTS["hand"].start], f[SEGMENTS["top"].start], f[SEGMENTS["hand_sizes"].start]
    (0.25, 1.0, 0.05000000074505806)
    """
    out = array("f", [1.0]) * SIZE
    for name in ("hand", "played", "known", "prefix"):
        part = SEGMENTS[name]
        out[part] = array("f", [1 / COPIES_CAP]) * (part.stop - part.start)
    for name in ("hand_sizes", "pending", "drawn_count"):
        part = SEGMENTS[name]
        out[part] = array("f", [1 / COUNT_CAP]) * (part.stop - part.start)
    out[SEGMENTS["draw_pile"].start] = 1 / rules.deck_size
    part = SEGMENTS["scores"]
    out[part] = array("f", [1 / max(rules.target, 1)]) * (part.stop - part.start)
    return out


def fill(out: array[float], src: View, rules: Rules, score_cap: float) -> None:
    """Write the entries of ``src`` (a :class:`~unorules.View`) into ``out``, a raw vector
    of zeros (version 0): everything but the round's history and the tokens
    (:func:`history`). ``rules`` give the teams; ``score_cap`` clips the scores
    (:func:`score_cap`)."""
    player = src.player
    n = len(src.hand_sizes)
    for card in src.hand:
        out[_HAND + card.index] += 1.0
    if src.drawn_card is not None:
        out[_DRAWN + src.drawn_card.index] = 1.0
    out[_TOP + src.top_card.index] = 1.0
    color = src.color
    if color is not None:
        out[_COLOR[color]] = 1.0
    out[_PHASE[src.phase]] = 1.0
    if src.direction == 1:
        out[_DIRECTION] = 1.0
    out[_PENDING] = src.pending_draw
    out[_PILE] = src.draw_pile_size
    teams = rules.teams
    for slot in range(n):
        seat = (player + slot) % n
        out[_SEATS + slot] = 1.0
        if (teams and seat % teams == player % teams) or seat == player:
            out[_TEAM + slot] = 1.0
        out[_SIZES + slot] = src.hand_sizes[seat]
        score = src.scores[seat]
        out[_SCORES + slot] = score if score < score_cap else score_cap
    current = src.current_player
    if current is not None:
        out[_TO_ACT + (current - player) % n] = 1.0
    for seat in src.uno_exposed:
        out[_EXPOSED + (seat - player) % n] = 1.0
    for seat in src.uno_open:
        out[_UNO_OPEN + (seat - player) % n] = 1.0
    for seat in src.uno_overdue:
        out[_UNO_OVERDUE + (seat - player) % n] = 1.0
    if src.answer_lock is not None:
        out[_LOCK + (src.answer_lock - player) % n] = 1.0
    if src.challenge_color is not None:
        out[_CHALLENGE_COLOR[src.challenge_color]] = 1.0
    for seat in src.eliminated:
        out[_ELIMINATED + (seat - player) % n] = 1.0
    for seat in src.lost_turns:
        out[_LOST + (seat - player) % n] = 1.0
    for seat, cards in enumerate(src.known):
        at = _KNOWN + _K * ((seat - player) % n)
        for card in cards:
            out[at + card.index] += 1.0


def history(
    out: array[float],
    *,
    player: int,
    n: int,
    played: Sequence[Sequence[float]] | None,
    drawn: Sequence[int] | None,
    prefix: Sequence[int],
    interjecting: bool,
) -> None:
    """Write the round's public history into ``out`` (``played``: per absolute seat,
    cards laid by card index; ``drawn``: per seat, cards drawn; either may be None), the
    tokens chosen so far (``prefix``) and whether ``player`` decides out of turn, at a
    table of ``n`` seats."""
    if interjecting:
        out[_INTERJECT] = 1.0
    for slot in range(n):
        seat = (player + slot) % n
        if drawn is not None:
            out[_DRAWN_COUNT + slot] = min(drawn[seat], DRAWN_CAP)
        if played is not None:
            at = _PLAYED + _K * slot
            row = played[seat]
            if isinstance(row, array):
                out[at : at + _K] = row
            else:
                for i, value in enumerate(row):
                    out[at + i] = min(float(value), PLAYED_CAP)
    for token in prefix:
        if out[_PREFIX + token] < _PREFIX_CAP:
            out[_PREFIX + token] += 1.0


def check_tokens(values: Iterable[object], tokens: int, name: str = "prefix") -> None:
    """Refuse an entry of ``values`` that is not a token (an integer from 0 to ``tokens``
    - 1), naming it as an entry of ``name``.

    >>> check_tokens([3, 149], 149)
    Traceback (most recent call last):
    ...
    ValueError: prefix[1] is 149, not a token (an integer from 0 to 148)
    """
    for i, token in enumerate(values):
        if type(token) is not int or not 0 <= token < tokens:
            raise ValueError(
                f"{name}[{i}] is {token!r}, not a token (an integer from 0 to {tokens - 1})"
            )


def check_history(
    *,
    seats: int,
    kinds: int,
    tokens: int,
    played: Sequence[Sequence[object]] | None,
    drawn: Sequence[object] | None,
    prefix: Sequence[object],
) -> None:
    """Refuse history arguments of an observation's ``encode`` (versions 1 and 2) that do
    not fit a table of ``seats`` seats, ``kinds`` card kinds and ``tokens`` tokens, naming
    the argument and the entry: ``played`` one row of ``kinds`` counts (numbers from 0)
    per seat, ``drawn`` one count (an integer from 0) per seat, ``prefix`` tokens.

    >>> check_history(seats=2, kinds=56, tokens=149, played=None, drawn=[0, 4], prefix=[3])
    >>> check_history(seats=2, kinds=56, tokens=149, played=None, drawn=[0], prefix=[])
    Traceback (most recent call last):
    ...
    ValueError: drawn has 1 entries, not 2 (one per seat)
    >>> check_history(seats=2, kinds=56, tokens=149, played=None, drawn=None, prefix=[-1])
    Traceback (most recent call last):
    ...
    ValueError: prefix[0] is -1, not a token (an integer from 0 to 148)
    """
    # Every entry is an object here, so that the compiled build does not unbox it as an
    # int or a float first (which would refuse a bad one in mypyc's words, not these).
    check_tokens(prefix, tokens)
    if drawn is not None:
        if len(drawn) != seats:
            raise ValueError(f"drawn has {len(drawn)} entries, not {seats} (one per seat)")
        for i, count in enumerate(drawn):
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ValueError(f"drawn[{i}] is {count!r}, not a count (an integer from 0)")
    if played is not None:
        if len(played) != seats:
            raise ValueError(f"played has {len(played)} rows, not {seats} (one per seat)")
        for i, row in enumerate(played):
            if len(row) != kinds:
                raise ValueError(f"played[{i}] has {len(row)} entries, not {kinds} (one per kind)")
            for j, value in enumerate(row):
                if isinstance(value, bool) or not isinstance(value, int | float) or not value >= 0:
                    raise ValueError(
                        f"played[{i}][{j}] is {value!r}, not a count (a number from 0)"
                    )
