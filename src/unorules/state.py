"""The game state: an immutable value, and the phases of a turn.

A :class:`State` is never changed; :func:`unorules.apply` returns a new one that shares
with the old every part the action did not touch (the draw pile's storage, the hands that
did not change, the match data), so a whole game history costs little more than its last
state.

>>> import unorules as uno
>>> state = uno.new_game(3, seed=42)
>>> state.players, state.phase, len(state.hands[0])
(3, <Phase.PLAY: 'play'>, 7)
>>> state.current_player = 2
Traceback (most recent call last):
...
AttributeError: State is immutable: use unorules.apply(state, action)
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable, Iterator, Sequence
from types import FunctionType
from typing import Any, Final, NamedTuple, cast

from unorules import position as _position
from unorules._echo import shown
from unorules._engine.calls import NO_CALLS, UnoCalls
from unorules._engine.gate import fast_route
from unorules._state_check import check_state_dict, load_state_json
from unorules.cards import Card, Color, Side
from unorules.rules import (
    Rules,
    WildDrawFourBluff,
    get_profile,
    rules_from_options,
    rules_to_options,
    seat_sides,
)

__all__ = ["Phase", "State", "build_state"]


class Phase(enum.StrEnum):
    """Where the game stands, i.e. what kind of action it waits for. A phase is a string
    enum: it compares equal to its value.

    >>> Phase.CHALLENGE.value, Phase.CHALLENGE == "challenge", str(Phase.PLAY)
    ('challenge', True, 'play')
    """

    PLAY = "play"
    """A normal turn: the current player plays a card or draws."""
    DRAWN = "drawn"
    """The current player just drew a playable card: play it or pass (R4.4, R4.6)."""
    CHOOSE_COLOR = "choose_color"
    """The first card turned up is a wild: the first player names the color (R3.5)."""
    CHALLENGE = "challenge"
    """A Wild Draw Four awaits the next player's challenge or draw (R7.3)."""
    PENALTY = "penalty"
    """A stacked draw penalty awaits: stack, bounce, or draw (house rules; No Mercy's
    stack, NM1.6, whose target is the current player)."""
    ROULETTE = "roulette"
    """A Wild Color Roulette's victim, the current player, names the color to dig for
    (No Mercy, NM1.5, NM-A9)."""
    ROUND_OVER = "round_over"
    """The round has ended; :class:`unorules.NextRound` deals the next."""
    GAME_OVER = "game_over"
    """The match has a winner."""


Discard = tuple[Card, Any]
"""The discard pile as a persistent linked list (top card first), so laying a card shares
the whole pile below it: a card and the :data:`Discard` below it, or None at the bottom.
(The link is typed ``Any``, not the recursive ``Discard | None``, because mypyc, which
compiles this module in the compiled build, crashes on a recursive type alias.)"""


def _discard_cards(node: Discard | None) -> Iterator[Card]:
    while node is not None:
        yield node[0]
        node = node[1]


def side_of(s: Fields) -> Side:
    """The side in play of a state or draft: the side its top card shows (every card of a
    UNO Flip! game shows the same side); light for single-faced cards."""
    up = s._discard[0].up
    return _LIGHT if up is None else up


_LIGHT: Final = Side.LIGHT
_ROUND_OVER: Final = Phase.ROUND_OVER
_GAME_OVER: Final = Phase.GAME_OVER
_SEAT_RANGES: Final = tuple(tuple(range(n)) for n in range(11))


class Match:
    """What stays the same for a whole round: the rules, the seats, the scores so far.

    Internal: reached through the properties of :class:`State`, and never changed once a
    state holds it (a plain slotted class, not a frozen one, because a match is made for
    every round and every round's end, and frozen construction costs several times more).
    """

    __slots__ = (
        "active",
        "checked",
        "compound",
        "counts",
        "dealer",
        "draw_until_playable",
        "draw_up_to",
        "fast",
        "full",
        "gone",
        "knocked",
        "limits_draws",
        "mercy",
        "names",
        "out",
        "plain",
        "play_drawn_card",
        "round",
        "round_points",
        "round_winner",
        "rules",
        "seats",
        "seed",
        "sides",
        "totals",
        "turned",
        "winner",
    )

    rules: Rules
    names: tuple[str, ...]
    seed: int
    round: int
    dealer: int
    sides: tuple[int, ...]
    """The side of each seat: its team in team play, else the seat itself."""
    totals: tuple[int, ...]
    """Match points of each side."""
    out: tuple[bool, ...]
    """Per seat: eliminated (elimination scoring)."""
    knocked: tuple[bool, ...]
    """Per seat: knocked out of this round by the Mercy rule (No Mercy, NM1.8); dealt in
    again in the next round (NM-A22)."""
    gone: tuple[bool, ...]
    """Derived, per seat: eliminated or knocked out, so it takes no turn."""
    turned: tuple[Card, ...]
    round_winner: int | None
    round_points: tuple[int, ...] | None
    winner: int | None
    seats: int
    """How many seats the table has (eliminated ones too)."""
    active: tuple[int, ...]
    """The seats still in play (not eliminated, not knocked out), in seat order."""
    full: bool
    """True while no seat has been eliminated or knocked out (turn order is then plain
    arithmetic)."""
    plain: bool
    """True when the rules admit the engine's fast paths (derived from each option's
    declaration: see :mod:`unorules._engine.gate`)."""
    fast: bool
    """True when the engine's fast paths may apply: ``plain`` and ``full``."""
    counts: bool
    """True when the rules count turn actions (``round_turn_limit``, C15). This and the
    next three flags are derived from the options' declarations
    (:func:`unorules._engine.gate.fast_route`)."""
    checked: bool
    """True when the rules add checks to a normal turn's plays beyond matching (an option
    declared ``CHECKS_PLAYS`` or ``SHAPES_PLAYS`` is set: a wild restriction, the
    last-card rule, Seven-O, several cards at once). The fast paths then ask the rule
    functions."""
    compound: bool
    """True when some cards have plays beyond one per color and UNO variant (an option
    declared ``SHAPES_PLAYS`` is set: Seven-O's swap targets, several cards at once)."""
    limits_draws: bool
    """True when a player may not always draw on a normal turn (an option declared
    ``LIMITS_DRAWS`` is set: ``voluntary_draw=False``, A7). The fast paths then ask the
    rule function (:func:`unorules._engine.moves.may_draw`)."""
    draw_until_playable: bool
    """The option of ``rules`` of that name: the options every draw reads (the draw's
    rule, :func:`unorules._engine.moves.draw_turn`, and :func:`unorules._engine.piles.draw`)
    are kept here too, so that the compiled build reads them as native fields, not
    through the generic attribute lookup a ``Rules`` needs."""
    draw_up_to: int
    """The option of ``rules`` of that name (see ``draw_until_playable``)."""
    play_drawn_card: bool
    """The option of ``rules`` of that name (see ``draw_until_playable``)."""
    mercy: int
    """The option of ``rules`` of that name (see ``draw_until_playable``)."""

    def __init__(
        self,
        *,
        rules: Rules,
        names: tuple[str, ...],
        seed: int,
        round: int,
        dealer: int,
        sides: tuple[int, ...],
        totals: tuple[int, ...],
        out: tuple[bool, ...],
        turned: tuple[Card, ...],
        round_winner: int | None = None,
        round_points: tuple[int, ...] | None = None,
        winner: int | None = None,
        knocked: tuple[bool, ...] | None = None,
    ) -> None:
        self.rules = rules
        self.names = names
        self.seed = seed
        self.round = round
        self.dealer = dealer
        self.sides = sides
        self.totals = totals
        self.out = out
        self.turned = turned
        self.round_winner = round_winner
        self.round_points = round_points
        self.winner = winner
        n = self.seats = len(names)
        if knocked is None or True not in knocked:
            self.knocked = knocked = (False,) * n
            gone = out
        else:
            self.knocked = knocked
            gone = tuple(o or k for o, k in zip(out, knocked, strict=True))
        self.gone = gone
        full = self.full = True not in gone
        self.active = _SEAT_RANGES[n] if full else tuple(s for s in range(n) if not gone[s])
        route = fast_route(rules)  # derived from each option's declaration
        self.plain = route.admits
        self.fast = route.admits and full
        self.counts = route.counts
        self.compound = route.compound
        self.checked = route.checked
        self.limits_draws = route.limits_draws
        self.draw_until_playable = rules.draw_until_playable
        self.draw_up_to = rules.draw_up_to
        self.play_drawn_card = rules.play_drawn_card
        self.mercy = rules.mercy

    def but(self, **changes: Any) -> Match:
        """This match with ``changes`` (which are fields given to the constructor)."""
        fields = {name: getattr(self, name) for name in _MATCH_FIELDS}
        fields.update(changes)
        return Match(**fields)

    def __repr__(self) -> str:
        return f"<Match round {self.round} of {self.names} totals {self.totals}>"

    def key(self) -> tuple[object, ...]:
        """The match's value: its constructor's fields (the rest is derived from them)."""
        return tuple(getattr(self, name) for name in _MATCH_FIELDS)


_MATCH_FIELDS: Final = (
    "rules",
    "names",
    "seed",
    "round",
    "dealer",
    "sides",
    "totals",
    "out",
    "turned",
    "round_winner",
    "round_points",
    "winner",
    "knocked",
)
"""The fields a :class:`Match` is made of, in its constructor's order."""


class PendingChallenge(NamedTuple):
    """A Wild Draw Four that awaits its victim's challenge or draw (R7.3; its rules live
    in :mod:`unorules._engine.challenge`): a value of the :class:`Ledger`."""

    offender: int
    """The seat that laid it."""
    guilty: bool
    """Whether it was a bluff (R7.2, A4), judged when it was laid."""
    previous_color: Color | None
    """The color in force before it (restored if it is taken back, A6)."""
    take_back: bool
    """Whether a successful challenge takes it back (the Danish sheet, A6): while it
    can be, the card under it stays when the draw pile is rebuilt."""


class LedgerFields:
    """The fields of a :class:`Ledger`, shared with the engine's writable copy of one
    (:class:`LedgerDraft`), which becomes a ledger by a class switch.

    Each field is named as its key in :meth:`State.to_dict` is (``calls`` holds
    ``uno_open`` and ``uno_overdue``; ``pile_order_fixed`` is ``draw_pile_order_fixed``)."""

    __slots__ = (
        "answer_lock",
        "calls",
        "calm",
        "challenge",
        "idle_turns",
        "known",
        "lost_turns",
        "pending_draw",
        "pile_order_fixed",
        "quiet",
        "rng_counter",
        "set_aside",
        "turn_actions",
    )

    pile_order_fixed: bool
    """The draw pile's order is known (a seeded shuffle, or an explicit deal's pile):
    ``drawn=`` must then name the cards on top, in order."""
    rng_counter: int
    """The counter of the match's seeded generator: the next shuffle uses this value."""
    pending_draw: int
    challenge: PendingChallenge | None
    calls: UnoCalls
    lost_turns: tuple[int, ...]
    answer_lock: int
    """The seat that may not answer the Reverse on top by symbol (C6), or -1."""
    idle_turns: int
    turn_actions: int
    """The turn actions made in this round, counted only under ``round_turn_limit``
    (:mod:`unorules._engine.stall`); else 0."""
    known: tuple[tuple[int, int, tuple[Card, ...]], ...]
    """What seats know of other hands: ``(seat, owner, cards)`` entries, empty when
    nobody knows anything (see :mod:`unorules._engine.knowledge`)."""
    set_aside: tuple[Card, ...]
    """The hands of players knocked out by the Mercy rule, set aside until the draw pile
    is next rebuilt, which shuffles them in (No Mercy, NM1.8 items 2 and 3, NM-A15); in
    card order. Empty without the Mercy rule."""
    calm: bool
    """Derived: no UNO call is owed, no turn lost, no answer lock set (what a calm state
    needs of its ledger, :attr:`Fields._calm`). False in a writable copy until it is
    sealed (:func:`freeze`)."""
    quiet: bool
    """Derived: ``calm``, and nothing pending, no idle turn counted, nothing known: a play
    or a draw then has nothing in the ledger to settle. False in a writable copy until
    it is sealed."""

    def key(self) -> tuple[object, ...]:
        """The ledger's value: its fields but the derived flags."""
        return (
            self.pile_order_fixed,
            self.rng_counter,
            self.pending_draw,
            self.challenge,
            self.calls,
            self.lost_turns,
            self.answer_lock,
            self.idle_turns,
            self.turn_actions,
            self.known,
            self.set_aside,
        )


class Ledger(LedgerFields):
    """The part of a state that most actions leave alone: what is owed (a pending penalty
    and its challenge, UNO calls, lost turns, the answer lock after a Reverse), what is
    counted (idle turns, turn actions, the generator's draws), what seats know of other
    hands, and whether the draw pile's order is fixed.

    Internal, reached through the properties of :class:`State`. A state shares its
    ledger with the state before it unless its action changed the ledger, so an action
    that changes none of it copies none of it; the engine changes a ledger only through
    :func:`ledger`, which copies it first.
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Ledger is immutable: the engine writes ledger(draft)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Ledger is immutable: the engine writes ledger(draft)")

    def __copy__(self) -> Ledger:
        return self

    def __deepcopy__(self, memo: object) -> Ledger:
        return self

    def __reduce__(self) -> tuple[Any, tuple[object, ...]]:
        # The value's fields by name (the derived flags are derived again when it is
        # sealed); not read from ``__slots__``, which a compiled class does not keep.
        return (_ledger_of, (dict(zip(_LEDGER_FIELDS, self.key(), strict=True)),))

    def __repr__(self) -> str:
        return f"<Ledger {self.key()}>"


_LEDGER_FIELDS: Final = (
    "pile_order_fixed",
    "rng_counter",
    "pending_draw",
    "challenge",
    "calls",
    "lost_turns",
    "answer_lock",
    "idle_turns",
    "turn_actions",
    "known",
    "set_aside",
)
"""The fields of a ledger's value (:meth:`LedgerFields.key`), in its order."""


def _ledger_of(fields: dict[str, Any]) -> Ledger:
    """The sealed ledger of these fields (unpickling)."""
    return new_ledger(**fields)


class Fields:
    """The fields of a state, shared by :class:`State` and the engine's mutable draft
    (:class:`Draft`), which becomes a state by a class switch.

    The fields most actions change are the state's own; the rest, the :class:`Ledger`,
    is one field, shared from state to state until an action changes it."""

    __slots__ = (
        "_calm",
        "_discard",
        "_drawn_card",
        "_ledger",
        "_match",
        "_pile",
        "_pile_start",
        "color",
        "current_player",
        "direction",
        "hands",
        "phase",
    )

    _match: Match
    _calm: bool
    """Derived, not part of the value: the match admits the fast paths (``_match.fast``)
    and the ledger is calm (no UNO call owed, no turn lost, no answer lock). Set when a
    draft is frozen (:func:`freeze`)."""
    hands: tuple[tuple[Card, ...], ...]
    _pile: tuple[Card, ...]
    """The draw pile is ``_pile[_pile_start:]``, top first: drawing moves the start on
    and shares the storage."""
    _pile_start: int
    _discard: Discard
    color: Color | None
    direction: int
    current_player: int | None
    phase: Phase
    _drawn_card: Card | None
    _ledger: LedgerFields
    """What is owed, counted and known: a :class:`Ledger` (in a draft, possibly its
    writable copy)."""


class State(Fields):
    """An immutable game state. Make one with :func:`unorules.new_game`; move it on with
    :func:`unorules.apply`.

    Equal states compare and hash equal; a state survives :mod:`pickle` and
    :meth:`to_json` / :meth:`from_json`. Store states in JSON wherever the bytes may come
    from someone else: :meth:`from_json` checks every field against the engine's
    invariants, while unpickling untrusted bytes can run any code (a pickle names the
    functions to call), so never unpickle a state you did not write yourself.

    >>> import unorules as uno
    >>> s = uno.new_game(["Ann", "Bo"], seed=7)
    >>> s.names, s.players, s.round, s.direction, s.phase
    (('Ann', 'Bo'), 2, 0, 1, <Phase.PLAY: 'play'>)
    >>> s.current_player == (s.dealer + 1) % 2 or s.top_card.is_action
    True
    >>> uno.State.from_json(s.to_json()) == s
    True
    """

    __slots__ = ()

    hands: tuple[tuple[Card, ...], ...]
    """Every seat's cards, each hand in canonical card order."""
    color: Color | None
    """The color in force: the top card's, or the one named for a wild (None only while
    the first player still has to name it)."""
    direction: int
    """+1 clockwise (to the left), -1 counter-clockwise."""
    current_player: int | None
    """The seat whose decision the game waits for; None when the round or match is over."""
    phase: Phase
    """What kind of action the game waits for."""

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("State is immutable: use unorules.apply(state, action)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("State is immutable: use unorules.apply(state, action)")

    # -- derived, read-only views ----------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules this game is played under."""
        return self._match.rules

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self._match.names)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return self._match.names

    @property
    def seed(self) -> int:
        """The seed of the match's generator (recorded even when none was given)."""
        return self._match.seed

    @property
    def round(self) -> int:
        """The round number, from 0."""
        return self._match.round

    @property
    def dealer(self) -> int:
        """The seat that dealt this round."""
        return self._match.dealer

    @property
    def scores(self) -> tuple[int, ...]:
        """Match totals per seat; in team play each member shows the team's total."""
        m = self._match
        return tuple(m.totals[side] for side in m.sides)

    @property
    def teams(self) -> tuple[int, ...]:
        """The team of each seat (in team play), else each seat's own number."""
        return self._match.sides

    @property
    def eliminated(self) -> tuple[int, ...]:
        """The seats eliminated from the match (elimination scoring)."""
        return tuple(s for s, out in enumerate(self._match.out) if out)

    @property
    def knocked_out(self) -> tuple[int, ...]:
        """The seats knocked out of this round by the Mercy rule (No Mercy, NM1.8).

        >>> import unorules as uno
        >>> uno.new_game(3, "mattel-no-mercy", seed=1).knocked_out
        ()
        """
        return tuple(s for s, out in enumerate(self._match.knocked) if out)

    @property
    def set_aside(self) -> tuple[Card, ...]:
        """The knocked-out hands set aside until the next rebuild of the draw pile (No
        Mercy, NM1.8 item 2), in card order. Public: the sheet sets them aside face down,
        but every card in them was seen in no other way than as a count, so only
        :func:`unorules.observe`'s count of them is shown to players (see
        :class:`unorules.View`)."""
        return self._ledger.set_aside

    @property
    def winner(self) -> int | None:
        """The match winner: a seat, or a team number in team play; None until the end."""
        return self._match.winner

    @property
    def round_winner(self) -> int | None:
        """The seat that went out in the round just ended (None in play, or when a stuck
        round ended without a winner)."""
        return self._match.round_winner

    @property
    def round_points(self) -> tuple[int, ...] | None:
        """Points each side scored in the round just ended (per side as in :attr:`scores`,
        i.e. per seat, with team members showing their team's), else None."""
        m = self._match
        if m.round_points is None:
            return None
        return tuple(m.round_points[side] for side in m.sides)

    @property
    def top_card(self) -> Card:
        """The card on top of the discard pile."""
        return self._discard[0]

    @property
    def side(self) -> Side:
        """The side of UNO Flip! cards in play (FL2.6); ``light`` in every
        classic game. Every card of the state shows this side's face as its
        :attr:`~unorules.Card.face`.

        >>> import unorules as uno
        >>> uno.new_game(2, "mattel-flip", seed=2).side, uno.new_game(2, seed=1).side
        (<Side.LIGHT: 'light'>, <Side.LIGHT: 'light'>)
        """
        return side_of(self)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom first, top card last."""
        return tuple(reversed(list(_discard_cards(self._discard))))

    @property
    def draw_pile_size(self) -> int:
        """How many cards are left to draw."""
        return len(self._pile) - self._pile_start

    @property
    def draw_pile(self) -> tuple[Card, ...]:
        """The draw pile, top first. Hidden information: see :func:`unorules.observe`."""
        return self._pile[self._pile_start :]

    @property
    def turned(self) -> tuple[Card, ...]:
        """The cards turned up to start this round, in order (the last was the first card
        in play; earlier ones went back into the pile)."""
        return self._match.turned

    @property
    def pending_draw(self) -> int:
        """Cards the current player must draw if they accept the pending penalty (in the
        challenge and penalty phases), else 0."""
        return self._ledger.pending_draw

    @property
    def drawn_card(self) -> Card | None:
        """In the drawn phase: the card just drawn, the only one that may be laid."""
        return self._drawn_card

    @property
    def uno_exposed(self) -> tuple[int, ...]:
        """Seats that hold one card without having said UNO and can be caught now."""
        return self._ledger.calls.exposed(self._match.rules)

    @property
    def turn_actions(self) -> int:
        """The turn actions made in this round so far (plays, Jump-Ins included, and
        draws that are not a penalty: C2), counted under the house rule
        ``round_turn_limit``, which ends the round when they reach it (C15); always 0
        without it.

        >>> import unorules as uno
        >>> s = uno.new_game(2, uno.MATTEL.but(round_turn_limit=100), seed=1)
        >>> uno.apply(s, uno.Draw(s.current_player)).turn_actions
        1
        """
        return self._ledger.turn_actions

    @property
    def is_over(self) -> bool:
        """True when the round or the match has ended.

        >>> import unorules as uno
        >>> uno.new_game(2, seed=1).is_over
        False
        """
        phase = self.phase
        return phase is _ROUND_OVER or phase is _GAME_OVER

    # -- value semantics ---------------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (
            self._match.key(),
            self.hands,
            self.draw_pile,
            tuple(_discard_cards(self._discard)),
            self.color,
            self.direction,
            self.current_player,
            self.phase,
            self._drawn_card,
            self._ledger.key(),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (State.from_json, (self.to_json(),))

    def __copy__(self) -> State:
        return self

    def __deepcopy__(self, memo: object) -> State:
        return self

    def __repr__(self) -> str:
        return _position.state_repr(self)

    def __str__(self) -> str:
        return _position.picture(self)

    # -- the position notation ---------------------------------------------------------

    def position(self) -> str:
        """The state as one line of text, the position notation (see
        :mod:`unorules.position`), that :meth:`from_position` reads back to an equal state.

        >>> import unorules as uno
        >>> s = uno.new_game(3, seed=1)
        >>> uno.State.from_position(s.position(), rules=s.rules) == s
        True
        """
        return _position.position(self)

    @classmethod
    def from_position(cls, text: str, rules: Rules | str = "mattel") -> State:
        """The state a position text describes (see :mod:`unorules.position`) under
        ``rules`` (a :class:`~unorules.Rules` value or a profile name), which the text
        does not hold. Raises :class:`ValueError` naming the field at fault.

        >>> State.from_position("R1/G2 B9 blue 0+ play *").hands
        ((Card.parse('R1'),), (Card.parse('G2'),))
        """
        return _position.from_position(text, rules)

    # -- JSON ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Everything in the state as plain JSON values (see :meth:`to_json`). The key
        ``"known"`` (what seats know of other hands: ``{"seat", "of", "cards"}`` objects,
        see :attr:`View.known <unorules.View.known>`) is written only when something is
        known.

        >>> import unorules as uno
        >>> uno.new_game(2, seed=3).to_dict()["phase"]
        'play'
        """
        return _json_form(_parts(self))

    def to_json(self) -> str:
        """The state as a JSON text that :meth:`from_json` reads back to an equal state.

        >>> import unorules as uno
        >>> s = uno.new_game(4, seed=9)
        >>> uno.State.from_json(s.to_json()) == s
        True
        """
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        """A state from :meth:`to_dict`'s output.

        The data is checked first: the cards must be exactly the deck of the rules, every
        seat, counter and card of the right type and in range, and the fields must agree
        with the phase, so that the state is one the engine can play on. Anything else
        raises ``ValueError`` naming the JSON path of the first problem. The fields read are
        then built as :func:`~unorules.state.build_state` builds them.

        >>> import unorules as uno
        >>> s = uno.new_game(2, seed=5)
        >>> uno.State.from_dict(s.to_dict()) == s
        True
        >>> data = s.to_dict()
        >>> data["hands"][0] = ["W+4"] * 50
        >>> uno.State.from_dict(data)
        Traceback (most recent call last):
        ...
        ValueError: not a unorules state: at $.hands[0][4]: a fifth W+4: the deck holds 4
        """
        return _state_from_data(data)

    @classmethod
    def from_json(cls, text: str | bytes) -> State:
        """A state from :meth:`to_json`'s output, checked as :meth:`from_dict` says; text
        that is not JSON (or nests too deeply) is a ``ValueError`` too.

        >>> State.from_json("{}")
        Traceback (most recent call last):
        ...
        ValueError: not a unorules state: missing or wrong "format" (expected "unorules-state/1")
        """
        return _state_from_data(load_state_json(text))


# -- the typed builder ---------------------------------------------------------------------
# A state is built from its fields in one place, :func:`_assemble`, and its JSON form is
# written in one place, :func:`_json_form`, both from one typed record of the fields,
# :class:`_Parts`: :func:`build_state` checks typed fields on their JSON form and builds
# them, :meth:`State.from_dict` checks the JSON and builds what it reads, and
# :meth:`State.to_dict` writes a state's fields.


class _Parts(NamedTuple):
    """A state's fields as typed values, named as the keys of its JSON form
    (:meth:`State.to_dict`) and in their order. Per side (one per team in team play, else
    one per seat): ``totals`` and ``round_points``. ``answer_lock`` is -1 for none."""

    rules: Rules
    names: tuple[str, ...]
    seed: int
    round: int
    dealer: int
    sides: tuple[int, ...]
    totals: tuple[int, ...]
    eliminated: tuple[int, ...]
    turned: tuple[Card, ...]
    round_winner: int | None
    round_points: tuple[int, ...] | None
    winner: int | None
    hands: tuple[tuple[Card, ...], ...]
    draw_pile: tuple[Card, ...]
    draw_pile_order_fixed: bool
    discard_pile: tuple[Card, ...]
    color: Color | None
    direction: int
    current_player: int | None
    phase: Phase
    rng_counter: int
    pending_draw: int
    challenge: tuple[int, bool, Color | None] | None
    drawn_card: Card | None
    uno_open: tuple[int, ...]
    uno_overdue: tuple[int, ...]
    lost_turns: tuple[int, ...]
    answer_lock: int
    idle_turns: int
    turn_actions: int
    known: tuple[tuple[int, int, tuple[Card, ...]], ...]
    knocked_out: tuple[int, ...] = ()
    set_aside: tuple[Card, ...] = ()
    side: Side = Side.LIGHT
    """UNO Flip!: the side in play (the JSON form writes it for a Flip game only)."""


def _parts(s: State) -> _Parts:
    """The fields of ``s``."""
    m = s._match
    led = s._ledger
    ch = led.challenge
    return _Parts(
        rules=m.rules,
        names=m.names,
        seed=m.seed,
        round=m.round,
        dealer=m.dealer,
        sides=m.sides,
        totals=m.totals,
        eliminated=s.eliminated,
        turned=m.turned,
        round_winner=m.round_winner,
        round_points=m.round_points,
        winner=m.winner,
        hands=s.hands,
        draw_pile=s.draw_pile,
        draw_pile_order_fixed=led.pile_order_fixed,
        discard_pile=s.discard_pile,
        color=s.color,
        direction=s.direction,
        current_player=s.current_player,
        phase=s.phase,
        rng_counter=led.rng_counter,
        pending_draw=led.pending_draw,
        challenge=None if ch is None else (ch.offender, ch.guilty, ch.previous_color),
        drawn_card=s._drawn_card,
        uno_open=led.calls.open,
        uno_overdue=led.calls.overdue,
        lost_turns=led.lost_turns,
        answer_lock=led.answer_lock,
        idle_turns=led.idle_turns,
        turn_actions=led.turn_actions,
        known=led.known,
        knocked_out=s.knocked_out,
        set_aside=led.set_aside,
        side=side_of(s),
    )


def _color_json(color: Color | None) -> str | None:
    return None if color is None else color.value


def _json_form(p: _Parts) -> dict[str, Any]:
    """The JSON form of the fields ``p`` (:meth:`State.to_dict`): the one place it is
    written. The key ``"turn_actions"`` is written under ``round_turn_limit`` (or when
    some are counted, which the check then refuses), ``"known"`` when a seat knows a card
    of another hand."""
    ch = p.challenge
    data: dict[str, Any] = {
        "format": "unorules-state/1",
        # compact: the options newer than the first release only when they are set, so
        # that a state's JSON stays the same for rules that never set them
        "rules": rules_to_options(p.rules, compact=True),
        "names": list(p.names),
        "seed": p.seed,
        "round": p.round,
        "dealer": p.dealer,
        "sides": list(p.sides),
        "totals": list(p.totals),
        "eliminated": list(p.eliminated),
        "turned": [str(c) for c in p.turned],
        "round_winner": p.round_winner,
        "round_points": None if p.round_points is None else list(p.round_points),
        "winner": p.winner,
        "hands": [[str(c) for c in h] for h in p.hands],
        "draw_pile": [str(c) for c in p.draw_pile],
        "draw_pile_order_fixed": p.draw_pile_order_fixed,
        "discard_pile": [str(c) for c in p.discard_pile],
        "color": _color_json(p.color),
        "direction": p.direction,
        "current_player": p.current_player,
        "phase": p.phase.value,
        "rng_counter": p.rng_counter,
        "pending_draw": p.pending_draw,
        "challenge": None
        if ch is None
        else {"offender": ch[0], "guilty": ch[1], "previous_color": _color_json(ch[2])},
        "drawn_card": None if p.drawn_card is None else str(p.drawn_card),
        "uno_open": list(p.uno_open),
        "uno_overdue": list(p.uno_overdue),
        "lost_turns": list(p.lost_turns),
        "answer_lock": p.answer_lock,
        "idle_turns": p.idle_turns,
    }
    if p.rules.flip:  # UNO Flip!: the side in play (every card is written LIGHT|DARK)
        data["side"] = p.side.value
    if p.rules.round_turn_limit or p.turn_actions:  # the key only under the option
        data["turn_actions"] = p.turn_actions
    if p.known:  # only when a seat knows a card of another hand
        data["known"] = [
            {"seat": seat, "of": owner, "cards": [str(c) for c in cards]}
            for seat, owner, cards in p.known
        ]
    if p.rules.mercy or p.knocked_out or p.set_aside:  # the keys only under the Mercy rule
        data["knocked_out"] = list(p.knocked_out)
        data["set_aside"] = [str(c) for c in p.set_aside]
    return data


def _card_index(card: Card) -> int:
    return card.index


def _known_key(entry: tuple[int, int, tuple[Card, ...]]) -> tuple[int, int]:
    return entry[0], entry[1]


def _assemble(p: _Parts) -> State:
    """The state of the checked fields ``p``: the one place a state is made of fields
    (a new game's is dealt by the engine). Hands and known cards are kept in card order,
    known entries in seat order, whatever order they are given in."""
    rules = p.rules
    if rules.flip:  # every card shows the face of the side in play
        p = _facing(p, p.side)
    m = Match(
        rules=rules,
        names=p.names,
        seed=p.seed,
        round=p.round,
        dealer=p.dealer,
        sides=p.sides,
        totals=p.totals,
        out=tuple(s in p.eliminated for s in range(len(p.names))),
        turned=p.turned,
        round_winner=p.round_winner,
        round_points=p.round_points,
        winner=p.winner,
        knocked=tuple(s in p.knocked_out for s in range(len(p.names))),
    )
    s = Draft()
    s._match = m
    s.hands = tuple(tuple(sorted(h, key=_card_index)) for h in p.hands)
    s._pile = p.draw_pile
    s._pile_start = 0
    node: Discard | None = None
    for c in p.discard_pile:
        node = (c, node)
    if node is None:
        raise ValueError("not a unorules state: empty discard pile")
    s._discard = node
    s.color = p.color
    s.direction = p.direction
    s.current_player = p.current_player
    s.phase = p.phase
    s._drawn_card = p.drawn_card
    ch = p.challenge
    s._ledger = new_ledger(
        pile_order_fixed=p.draw_pile_order_fixed,
        rng_counter=p.rng_counter,
        pending_draw=p.pending_draw,
        challenge=None
        if ch is None
        else PendingChallenge(*ch, rules.wd4_bluff is WildDrawFourBluff.TAKE_BACK),
        calls=UnoCalls.of(p.uno_open, p.uno_overdue),
        lost_turns=p.lost_turns,
        answer_lock=p.answer_lock,
        idle_turns=p.idle_turns,
        turn_actions=p.turn_actions,
        known=tuple(
            (seat, owner, tuple(sorted(cards, key=_card_index)))
            for seat, owner, cards in sorted(p.known, key=_known_key)
        ),
        set_aside=tuple(sorted(p.set_aside, key=_card_index)),
    )
    return freeze(s)


def _facing(p: _Parts, side: Side) -> _Parts:
    """``p`` with every card in hands and piles turned to ``side`` (UNO Flip!); the cards
    turned up to start the round stay as they were turned, light face up."""

    def turn(cards: Iterable[Card]) -> tuple[Card, ...]:
        return tuple(c.facing(side) for c in cards)

    return p._replace(
        hands=tuple(turn(h) for h in p.hands),
        draw_pile=turn(p.draw_pile),
        discard_pile=turn(p.discard_pile),
        drawn_card=None if p.drawn_card is None else p.drawn_card.facing(side),
        known=tuple((seat, owner, turn(cards)) for seat, owner, cards in p.known),
    )


def _read(d: dict[str, Any]) -> _Parts:
    """The fields of a checked JSON form ``d`` as typed values."""
    cards = Card.parse
    color = d["color"]
    ch = d["challenge"]
    points = d["round_points"]
    drawn = d["drawn_card"]
    return _Parts(
        rules=rules_from_options(get_profile("mattel"), d["rules"]),
        names=tuple(d["names"]),
        seed=d["seed"],
        round=d["round"],
        dealer=d["dealer"],
        sides=tuple(d["sides"]),
        totals=tuple(d["totals"]),
        eliminated=tuple(d["eliminated"]),
        turned=tuple(cards(c) for c in d["turned"]),
        round_winner=d["round_winner"],
        round_points=None if points is None else tuple(points),
        winner=d["winner"],
        hands=tuple(tuple(cards(c) for c in h) for h in d["hands"]),
        draw_pile=tuple(cards(c) for c in d["draw_pile"]),
        draw_pile_order_fixed=bool(d["draw_pile_order_fixed"]),
        discard_pile=tuple(cards(c) for c in d["discard_pile"]),
        color=None if color is None else Color(color),
        direction=d["direction"],
        current_player=d["current_player"],
        phase=Phase(d["phase"]),
        rng_counter=d["rng_counter"],
        pending_draw=d["pending_draw"],
        challenge=None
        if ch is None
        else (
            ch["offender"],
            ch["guilty"],
            None if ch["previous_color"] is None else Color(ch["previous_color"]),
        ),
        drawn_card=None if drawn is None else cards(drawn),
        uno_open=tuple(d["uno_open"]),
        uno_overdue=tuple(d["uno_overdue"]),
        lost_turns=tuple(d["lost_turns"]),
        answer_lock=d["answer_lock"],
        idle_turns=d["idle_turns"],
        turn_actions=d.get("turn_actions", 0),
        known=tuple(
            (k["seat"], k["of"], tuple(map(cards, k["cards"]))) for k in d.get("known", ())
        ),
        knocked_out=tuple(d.get("knocked_out", ())),
        set_aside=tuple(cards(c) for c in d.get("set_aside", ())),
        side=Side(d.get("side", "light")),
    )


def _state_from_data(data: object) -> State:
    """:meth:`State.from_dict` of any value (:meth:`State.from_json` reads JSON into one)."""
    try:
        return _state_from_dict(data)
    except (KeyError, TypeError, AttributeError) as err:
        raise ValueError(f"not a unorules state: {err!r}") from None


def _state_from_dict(d: object) -> State:
    """The state of the JSON form ``d``, checked first (a ``ValueError`` names the JSON
    path of the first problem), then read and built as :func:`build_state` builds.
    (``d`` is an ``object``: the check says what is wrong with anything else, where the
    compiled build would refuse a parameter typed ``dict`` in mypyc's words.)"""
    check_state_dict(d)  # the engine's invariants, or a ValueError naming the JSON path
    return _assemble(_read(cast("dict[str, Any]", d)))


def _sequence(value: object, what: str) -> tuple[Any, ...]:
    """``value``, a sequence, as a tuple (a string is refused: it is no list of names)."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(f"{what} is a sequence, not {shown(value)}")
    return tuple(value)


def _triple(value: object, what: str) -> tuple[Any, ...]:
    items = _sequence(value, what)
    if len(items) != 3:
        raise TypeError(f"{what}, not {shown(value)}")
    return items


def _typed_cards(value: object, what: str) -> tuple[Card, ...]:
    cards = _sequence(value, what)
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"{what} holds cards (unorules.Card), not {shown(card)}")
    return cards


def _typed_color(value: object, what: str) -> Color | None:
    if value is not None and not isinstance(value, Color):
        raise TypeError(f"{what} is a unorules.Color or None, not {shown(value)}")
    return value


def build_state(
    *,
    rules: Rules,
    names: Sequence[str],
    hands: Sequence[Sequence[Card]],
    discard_pile: Sequence[Card],
    draw_pile: Sequence[Card],
    color: Color | None,
    current_player: int | None,
    dealer: int,
    phase: Phase = Phase.PLAY,
    direction: int = 1,
    seed: int = 0,
    round: int = 0,
    totals: Sequence[int] | None = None,
    eliminated: Sequence[int] = (),
    turned: Sequence[Card] = (),
    round_winner: int | None = None,
    round_points: Sequence[int] | None = None,
    winner: int | None = None,
    draw_pile_order_fixed: bool = False,
    rng_counter: int = 0,
    pending_draw: int = 0,
    challenge: tuple[int, bool, Color | None] | None = None,
    drawn_card: Card | None = None,
    uno_open: Sequence[int] = (),
    uno_overdue: Sequence[int] = (),
    lost_turns: Sequence[int] = (),
    answer_lock: int | None = None,
    idle_turns: int = 0,
    turn_actions: int = 0,
    known: Sequence[tuple[int, int, Sequence[Card]]] = (),
    knocked_out: Sequence[int] = (),
    set_aside: Sequence[Card] = (),
    side: Side | None = None,
) -> State:
    """The state of these fields, checked as :meth:`State.from_dict` checks a state's
    JSON: the cards must be exactly the deck of ``rules``, seats and counters in range,
    and the fields must agree with the phase, so that the state is one the engine can
    play on. (:func:`unorules.new_game` deals a new game; this builds any state, as the
    position notation and :func:`unorules.sample_state` do.)

    The keywords are named as the keys of the state's JSON form (:meth:`State.to_dict`),
    and mean what the properties of :class:`State` of the same name do, but
    ``discard_pile`` (bottom first, top card last), ``totals`` and ``round_points`` (one
    per side: per team in team play, else per seat; ``totals`` None is all zeros),
    ``challenge`` (a Wild Draw Four open to challenge: its player's seat, whether it was
    a bluff, and the color in force before it), ``answer_lock`` (None for none),
    ``turn_actions`` (counted only under ``round_turn_limit``), ``known`` (``(seat,
    owner, cards)``: cards ``seat`` knows in the hand of ``owner``),
    ``draw_pile_order_fixed`` (``drawn=`` must then name the top cards in order),
    ``knocked_out`` and ``set_aside`` (No Mercy's knocked-out seats and their hands set
    aside, NM1.8) and ``side`` (UNO Flip!: the side in play; None takes the side the top
    card shows). A hand may be given in any order: a state keeps its hands in card order.

    Raises:
        ValueError: the fields are not a state the engine can play on; the message names
            the first field at fault as a path of the JSON form (``$.hands[0][4]``), as
            :meth:`State.from_dict` does.
        TypeError: a card that is not a :class:`~unorules.Card`, a color that is not a
            :class:`~unorules.Color` (or None), a phase that is not a :class:`Phase`,
            rules that are not :class:`~unorules.Rules`, a value that is not a sequence
            where one is expected (a string for the names), a ``challenge`` or an entry
            of ``known`` that is not a triple.

    >>> import unorules as uno
    >>> C = uno.Card.parse
    >>> hands = [[C("G2"), C("R1")], [C("B9")]]
    >>> pile = list(uno.MATTEL.deck())
    >>> for card in [C("G2"), C("R1"), C("B9"), C("R5")]:
    ...     pile.remove(card)
    >>> s = build_state(rules=uno.MATTEL, names=["Ann", "Bo"], hands=hands,
    ...                 discard_pile=[C("R5")], draw_pile=pile, color=uno.Color.RED,
    ...                 current_player=0, dealer=1)
    >>> s.hands[0], s.names, s.top_card
    ((Card.parse('R1'), Card.parse('G2')), ('Ann', 'Bo'), Card.parse('R5'))
    >>> build_state(rules=uno.MATTEL, names=["Ann", "Bo"], hands=[[C("R1")] * 3, [C("B9")]],
    ...             discard_pile=[C("R5")], draw_pile=pile, color=uno.Color.RED,
    ...             current_player=0, dealer=1)
    Traceback (most recent call last):
    ...
    ValueError: not a unorules state: at $.hands[0][2]: a third R1: the deck holds 2
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules is a unorules.Rules value, not {shown(rules)}")
    if not isinstance(phase, Phase):
        raise TypeError(f"phase is a unorules.Phase, not {shown(phase)}")
    seats = _sequence(names, "names")
    try:  # the seats are the names (the check counts the hands against them)
        sides = seat_sides(rules, len(seats))
    except ValueError:  # the check names the rules at fault
        sides = tuple(range(len(seats)))
    if challenge is not None:
        ch = _triple(challenge, "challenge is (offender, guilty, previous_color)")
        challenge = (ch[0], ch[1], _typed_color(ch[2], "the challenge's previous_color"))
    if type(turn_actions) is not int:  # the JSON form holds it only under the rule
        raise TypeError(f"turn_actions is an int, not {shown(turn_actions)}")
    parts = _Parts(
        rules=rules,
        names=seats,
        seed=seed,
        round=round,
        dealer=dealer,
        sides=sides,
        totals=(0,) * len(set(sides)) if totals is None else _sequence(totals, "totals"),
        eliminated=_sequence(eliminated, "eliminated"),
        turned=_typed_cards(turned, "turned"),
        round_winner=round_winner,
        round_points=None if round_points is None else _sequence(round_points, "round_points"),
        winner=winner,
        hands=tuple(
            _typed_cards(h, f"hands[{s}]") for s, h in enumerate(_sequence(hands, "hands"))
        ),
        draw_pile=_typed_cards(draw_pile, "draw_pile"),
        draw_pile_order_fixed=draw_pile_order_fixed,
        discard_pile=_typed_cards(discard_pile, "discard_pile"),
        color=_typed_color(color, "color"),
        direction=direction,
        current_player=current_player,
        phase=phase,
        rng_counter=rng_counter,
        pending_draw=pending_draw,
        challenge=challenge,
        drawn_card=None if drawn_card is None else _typed_cards((drawn_card,), "drawn_card")[0],
        uno_open=_sequence(uno_open, "uno_open"),
        uno_overdue=_sequence(uno_overdue, "uno_overdue"),
        lost_turns=_sequence(lost_turns, "lost_turns"),
        answer_lock=-1 if answer_lock is None else answer_lock,
        idle_turns=idle_turns,
        turn_actions=turn_actions,
        known=tuple(
            (entry[0], entry[1], _typed_cards(entry[2], f"known[{i}]"))
            for i, entry in enumerate(
                _triple(k, "a known entry is (seat, owner, cards)")
                for k in _sequence(known, "known")
            )
        ),
        knocked_out=_sequence(knocked_out, "knocked_out"),
        set_aside=_typed_cards(set_aside, "set_aside"),
    )
    if side is None:
        top = parts.discard_pile[-1] if parts.discard_pile else None
        side = Side.LIGHT if top is None or top.up is None else top.up
    elif not isinstance(side, Side):
        raise TypeError(f"side is a unorules.Side or None, not {shown(side)}")
    parts = parts._replace(side=side)
    check_state_dict(_json_form(parts))  # the engine's invariants, as for a state's JSON
    return _assemble(parts)


# -- the draft ---------------------------------------------------------------------------
# The draft of a state: the only place a mutable draft becomes a :class:`~unorules.State`.
#
# :func:`unorules.apply` copies the state it is given into a :class:`Draft`, lets the rules
# change the draft, and freezes it. Freezing switches the draft's class to ``State`` (the
# two share their slots), so a finished draft costs no second copy; after that nothing holds
# the draft as a draft.
#
# The state's :class:`~unorules.state.Ledger` (what is owed, counted and known) is not
# copied with the draft: the draft shares it until a rule changes a field of it, through
# :func:`ledger`, which makes the draft a writable copy first (one per action). Freezing
# seals that copy: it derives the ledger's flags and switches its class to ``Ledger``.
#


class Draft(Fields):
    """A state under construction: the same fields as :class:`~unorules.State`, writable."""

    __slots__ = ()


class LedgerDraft(LedgerFields):
    """A ledger under construction: the same fields as a ``Ledger``, writable."""

    __slots__ = ()


def draft(s: State) -> Draft:
    """A mutable copy of ``s``, sharing its ledger, but ``_calm``, which :func:`freeze`
    derives."""
    d = Draft()
    d._match = s._match
    d.hands = s.hands
    d._pile = s._pile
    d._pile_start = s._pile_start
    d._discard = s._discard
    d.color = s.color
    d.direction = s.direction
    d.current_player = s.current_player
    d.phase = s.phase
    d._drawn_card = s._drawn_card
    d._ledger = s._ledger
    return d


def ledger(d: Draft) -> LedgerDraft:
    """The draft's ledger, writable: the first call of an action copies the state's
    ledger (the state before keeps its own), later calls return the same copy. Its
    flags say nothing calm or quiet until :func:`freeze` derives them."""
    led = d._ledger
    if led.__class__ is LedgerDraft:
        return led
    w = LedgerDraft()
    w.pile_order_fixed = led.pile_order_fixed
    w.rng_counter = led.rng_counter
    w.pending_draw = led.pending_draw
    w.challenge = led.challenge
    w.calls = led.calls
    w.lost_turns = led.lost_turns
    w.answer_lock = led.answer_lock
    w.idle_turns = led.idle_turns
    w.turn_actions = led.turn_actions
    w.known = led.known
    w.set_aside = led.set_aside
    w.calm = w.quiet = False
    d._ledger = w
    return w


def new_ledger(
    *,
    pile_order_fixed: bool,
    rng_counter: int,
    pending_draw: int = 0,
    challenge: PendingChallenge | None = None,
    calls: UnoCalls = NO_CALLS,
    lost_turns: tuple[int, ...] = (),
    answer_lock: int = -1,
    idle_turns: int = 0,
    turn_actions: int = 0,
    known: tuple[tuple[int, int, tuple[Card, ...]], ...] = (),
    set_aside: tuple[Card, ...] = (),
) -> Ledger:
    """A sealed ledger of these fields (a new round's, a state read from JSON, or an
    unpickled ledger)."""
    w = LedgerDraft()
    w.pile_order_fixed = pile_order_fixed
    w.rng_counter = rng_counter
    w.pending_draw = pending_draw
    w.challenge = challenge
    w.calls = calls
    w.lost_turns = lost_turns
    w.answer_lock = answer_lock
    w.idle_turns = idle_turns
    w.turn_actions = turn_actions
    w.known = known
    w.set_aside = set_aside
    return _seal(w)


def _seal(w: LedgerDraft) -> Ledger:
    """The written ledger ``w`` as an immutable ledger, with its derived flags."""
    w.calm = calm = not w.calls.owed and not w.lost_turns and w.answer_lock < 0
    w.quiet = calm and not w.pending_draw and not w.idle_turns and not w.known
    if COMPILED:
        return _sealed_copy(w)
    w.__class__ = Ledger  # type: ignore[assignment]
    return w  # type: ignore[return-value]


def freeze(d: Draft) -> State:
    """The finished draft as an immutable state, with its derived ``_calm`` flag: the
    match admits the fast paths and the ledger is calm (no UNO call owed, no turn lost,
    no answer lock set). A ledger the action wrote is sealed first."""
    led = d._ledger
    if led.__class__ is LedgerDraft:
        led = d._ledger = _seal(led)
    d._calm = d._match.fast and led.calm
    if COMPILED:
        return _frozen_copy(d)
    d.__class__ = State  # type: ignore[assignment]
    return d  # type: ignore[return-value]


# -- the compiled build ----------------------------------------------------------------
# mypyc compiles this module and the engine's rooms into native classes in the compiled
# build (``pyproject.toml``, ``[tool.hatch.build.targets.wheel.hooks.mypyc]``). A native
# instance cannot change its class, so there freezing copies the draft into a new state
# (and sealing a ledger copies it into a new ledger) instead of switching its class. The
# copies write the fields directly (compiled code does not call ``__setattr__``).


def _compiled() -> bool:
    """Whether this module runs compiled: mypyc makes its functions built-in ones."""
    return not isinstance(_compiled, FunctionType)


COMPILED: Final = _compiled()
"""Which build of unorules runs: True in the compiled build (the engine's rooms, the
state's classes, the cards, the scoring and the seeded generator compiled by mypyc into
C extensions, from the same source), False in the pure-Python one. Both play every game
alike; see :ref:`compiled-build`. The version line of the command says it too
(``unorules --version``).

>>> import unorules as uno
>>> uno.COMPILED == (not uno.state.__file__.endswith(".py"))
True
"""


def _frozen_copy(d: Draft) -> State:
    s = State()
    _copy_fields(d, s)
    return s


def _copy_fields(d: Fields, s: Fields) -> None:
    # Typed ``Fields`` (which defines no ``__setattr__``), so the compiled writes are
    # direct: mypyc calls the ``__setattr__`` of the written object's declared class.
    s._match = d._match
    s._calm = d._calm
    s.hands = d.hands
    s._pile = d._pile
    s._pile_start = d._pile_start
    s._discard = d._discard
    s.color = d.color
    s.direction = d.direction
    s.current_player = d.current_player
    s.phase = d.phase
    s._drawn_card = d._drawn_card
    s._ledger = d._ledger


def _sealed_copy(w: LedgerDraft) -> Ledger:
    led = Ledger()
    _copy_ledger(w, led)
    return led


def _copy_ledger(w: LedgerFields, led: LedgerFields) -> None:
    # Typed ``LedgerFields``, which defines no ``__setattr__``: see _copy_fields.
    led.pile_order_fixed = w.pile_order_fixed
    led.rng_counter = w.rng_counter
    led.pending_draw = w.pending_draw
    led.challenge = w.challenge
    led.calls = w.calls
    led.lost_turns = w.lost_turns
    led.answer_lock = w.answer_lock
    led.idle_turns = w.idle_turns
    led.turn_actions = w.turn_actions
    led.known = w.known
    led.set_aside = w.set_aside
    led.calm = w.calm
    led.quiet = w.quiet
