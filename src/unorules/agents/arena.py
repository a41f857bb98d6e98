"""The decision loop the agent environments share: who decides now, among which tokens,
the interjection windows, the public history, and the rewards of a round.

An :class:`Arena` plays one round (or a whole match) token by token. At each moment one
seat, :attr:`Arena.actor`, chooses one token of :mod:`unorules.agents.encoding` among
:meth:`Arena.tokens`; :meth:`Arena.step` takes it and applies the action once its tokens
are complete. Chance is the host's: the state's seeded generator deals and draws.

**Interjection windows.** Some actions are taken out of turn: a Jump-In, catching a
player who did not say UNO, saying UNO after receiving a one-card hand. After every
action, before the current player's next decision, each other seat that has such an
action is offered it in turn, clockwise from the seat after the current player, with
:data:`~unorules.agents.encoding.NOOP` to decline. An interjection that is taken changes the
state, and a new window opens on the new state; once every seat offered has declined,
the current player decides. Rules without Jump-In open a window only when a seat can
be caught or owes a call, so most turns have none.

**Calls that change nothing are not offered.** The library accepts a call of UNO from
anyone at any time (C8); an arena offers :class:`~unorules.CallUno` only to a seat
holding one card whose call changes the state (so no policy can loop on empty calls, and
no seat takes a ``false_uno_penalty`` for nothing).

**Rewards** (per seat, when a round ends; a side is a team in team play, else a seat):

- ``reward="win"`` (default): each seat of the winner's side +1; each seat of the other
  sides ``-1 / (sides - 1)`` (zero-sum over sides).
- ``reward="points"``: the winner's side + the points left in the other sides' hands
  times ``points_scale``; each other side minus its own hand's points times the scale.
- A round that ends without a winner (stuck, C15) or is cut off after ``max_actions``
  actions (truncated) is a **loss for every side**: each gets the losers' reward
  (``-1 / (sides - 1)``, or minus its own points). A policy that only ever draws loses.
- The sides are those in play when the round began: under elimination scoring a seat
  eliminated by the round's points gets the losers' reward of that round like every
  other loser; seats eliminated in earlier rounds get 0.

**Bounds.** ``max_actions`` cuts off one round; with ``match=True``, ``max_rounds`` cuts
off the match (truncated) after that many rounds, the last of which has its rewards as
usual: rounds that end stuck (C15) score nothing, so a match of stuck rounds would
otherwise never end.

>>> import unorules as uno
>>> from unorules.agents.arena import Arena
>>> arena = Arena(2, "mattel")
>>> arena.reset(seed=3)
>>> while not arena.done:
...     _ = arena.step(arena.tokens()[0])
>>> arena.state.phase, arena.rewards
(<Phase.ROUND_OVER: 'round_over'>, (1.0, -1.0))
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Literal

import attrs

from unorules._echo import shown, shown_int
from unorules.actions import (
    Action,
    CallUno,
    CatchUno,
    Challenge,
    Draw,
    NextRound,
    Play,
)
from unorules.agents import _vector
from unorules.agents.encoding import NOOP, ActionBuilder, _Root, _root, encode
from unorules.cards import EVERY_CARD, Card, Side
from unorules.engine import apply, legal_actions, new_game, step
from unorules.pictures import raster, svg
from unorules.rules import Rules, get_profile
from unorules.scoring import hand_points
from unorules.state import Phase, State
from unorules.view import observe

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "DRAWN_CAP",
    "PLAYED_CAP",
    "RENDER_FPS",
    "RENDER_MODES",
    "Arena",
    "check_env_options",
    "check_flags",
    "render_rgb",
    "render_text",
]

PLAYED_CAP: Final = _vector.PLAYED_CAP
"""History counts of one card kind played by one seat stop at this value.

>>> PLAYED_CAP
15
"""
DRAWN_CAP: Final = _vector.DRAWN_CAP
"""History counts of cards drawn by one seat stop at this value.

>>> DRAWN_CAP
255
"""

_ROUND_OVER: Final = Phase.ROUND_OVER
_GAME_OVER: Final = Phase.GAME_OVER
_ZERO_ROW: Final = array("f", bytes(4 * 56))
"""A history row of the classic games: the 56 classic kinds of card."""
_ZERO_ROW_ALL: Final = array("f", bytes(4 * len(EVERY_CARD)))
"""A history row of No Mercy and UNO Flip!: every face (134), by face index."""


class Arena:
    """One table played token by token (see the module docs).

    Args:
        players: 2 to 10 seats.
        rules: a :class:`~unorules.Rules` value or a profile name.
        match: play the whole match (rounds follow one another until the target), not
            one round.
        reward: ``"win"`` or ``"points"`` (see the module docs).
        points_scale: the factor of ``reward="points"``.
        max_actions: actions in one round after which it is cut off (truncated).
        interjections: offer out-of-turn actions (Jump-Ins, catches, calls); without
            them only the current player decides, and may still catch and call on its turn.
        skip_forced: take a turn's only legal action at once instead of offering it
            (a draw when nothing is playable, a pass when the drawn card cannot be laid):
            the agents then see only real choices. Off by default.
        max_rounds: with ``match``, rounds after which the match is cut off (truncated).
        ask_all: with ``interjections``, open a window to every other seat in play after
            every action, :data:`~unorules.agents.encoding.NOOP` the only token of a seat with
            nothing to take: who is asked then tells nothing of the hands (by default
            only the seats with an out-of-turn action are asked, so a Jump-In window
            shows who holds a card that may jump in). A window before every decision
            also leaves no forced move to skip (``skip_forced``).

    >>> arena = Arena(3, "mattel", max_actions=5)
    >>> arena.reset(seed=1)
    >>> while not arena.done:
    ...     _ = arena.step(arena.tokens()[-1])
    >>> arena.truncated, arena.rewards
    (True, (-0.5, -0.5, -0.5))
    """

    def __init__(
        self,
        players: int,
        rules: Rules | str = "mattel",
        *,
        match: bool = False,
        reward: Literal["win", "points"] = "win",
        points_scale: float = 0.01,
        max_actions: int = 5000,
        interjections: bool = True,
        skip_forced: bool = False,
        max_rounds: int = 100,
        ask_all: bool = False,
    ) -> None:
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 10:
            raise ValueError(f"players is 2 to 10, not {players!r}")
        self.rules: Rules = get_profile(rules) if isinstance(rules, str) else rules
        if not isinstance(self.rules, Rules):
            raise TypeError(f"rules is a Rules value or a profile name, not {rules!r}")
        if reward not in ("win", "points"):
            raise ValueError(f"reward is 'win' or 'points', not {reward!r}")
        if not isinstance(max_actions, int) or max_actions < 1:
            raise ValueError(f"max_actions is a positive whole number, not {max_actions!r}")
        if not isinstance(max_rounds, int) or isinstance(max_rounds, bool) or max_rounds < 1:
            raise ValueError(f"max_rounds is a positive whole number, not {max_rounds!r}")
        check_flags(
            match=match, interjections=interjections, skip_forced=skip_forced, ask_all=ask_all
        )
        self.players = players
        self.match = match
        self.reward = reward
        self.points_scale = float(points_scale)
        self.max_actions = max_actions
        self.max_rounds = max_rounds
        self.rounds_played = 0
        self.interjections = interjections
        self.ask_all = ask_all
        self.skip_forced = skip_forced
        self._seeds = random.Random()
        self._jump_in = self.rules.jump_in
        self._flip = self.rules.flip  # a UNO Flip! card's tokens need the side in play
        self._zero_row = _ZERO_ROW if self.rules.classic_cards else _ZERO_ROW_ALL
        self.state: State = new_game(players, self.rules, seed=0)
        self._offered: tuple[Action, ...] = ()
        self._tree: _Root | None = None
        self._builder: ActionBuilder | None = None
        self._reset_round()
        self.done = False
        self.truncated = False
        self.rewards: tuple[float, ...] | None = None

    # -- public ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None) -> None:
        """Deal a new game: from ``seed``, else from the arena's own seeded sequence.

        >>> arena = Arena(2)
        >>> arena.reset(seed=8)
        >>> first = arena.state
        >>> arena.reset(seed=8)
        >>> arena.state == first, arena.done
        (True, False)
        """
        if seed is not None:
            self._seeds = random.Random(seed)
        self.state = new_game(self.players, self.rules, seed=self._seeds.getrandbits(63))
        self.done = False
        self.truncated = False
        self.rewards = None
        self.rounds_played = 0
        self._reset_round(dealt=True)
        self._settle()

    def start(self, state: State) -> None:
        """Play on from ``state`` (a position a host built), with an empty history; but
        a state just dealt (its discard pile the card turned up, no hand in play short of
        the deal) counts the cards a first Draw Two made a player draw in :attr:`drawn`.

        >>> import unorules as uno
        >>> arena = Arena(2)
        >>> arena.start(uno.new_game(2, seed=9))
        >>> arena.actor == arena.state.current_player
        True
        """
        if not isinstance(state, State):
            raise TypeError(f"start needs a State, not {state!r}")
        if state.players != self.players or state.rules != self.rules:
            raise ValueError(
                f"the state is a {state.players}-player game under other rules than this "
                f"arena's ({self.players} players)"
            )
        self.state = state
        self.done = False
        self.truncated = False
        self.rewards = None
        self.rounds_played = 0
        hand_size = self.rules.hand_size
        out = state.eliminated
        dealt = state.discard_pile == state.turned[-1:] and all(
            len(hand) >= hand_size for k, hand in enumerate(state.hands) if k not in out
        )
        self._reset_round(dealt=dealt)
        self._settle()

    actor: int | None
    """The seat that decides now (None once done)."""
    interjecting: bool
    """Whether :attr:`actor` decides in an interjection window (out of turn)."""
    played: list[array[float]]
    """Per seat, how many cards of each kind it laid this round: by card index, 56 kinds
    in a classic game; under rules with No Mercy's or UNO Flip!'s cards, by the index of
    the face laid (a UNO Flip! card's face in play), 134 kinds, a Discard All's cards
    included."""
    drawn: list[int]
    """Per seat, how many cards it drew this round (a first Draw Two's included)."""
    rounds_played: int
    """Rounds ended since :meth:`reset` or :meth:`start`."""
    actions_this_round: int
    """Actions applied since the round began."""
    scores: tuple[int, ...]
    """The match totals (``state.scores``, kept once per round)."""
    exposed: tuple[int, ...]
    """``state.uno_exposed``, read once per decision."""

    @property
    def builder(self) -> ActionBuilder:
        """The action being built by :attr:`actor` (its prefix and its masks)."""
        builder = self._builder
        if builder is None:  # made on demand: most actions are one looked-up token
            builder = self._builder = ActionBuilder(self._offered, self.players, side=self._side())
        return builder

    @property
    def offered(self) -> tuple[Action, ...]:
        """The actions :attr:`actor` chooses among now (one seat's legal actions, less
        the calls of UNO that would change nothing).

        >>> arena = Arena(2)
        >>> arena.reset(seed=1)
        >>> arena.offered
        (Play(1, 'R3'), Play(1, 'R5'), Draw(1))
        """
        return self._offered

    @property
    def prefix(self) -> tuple[int, ...] | list[int]:
        """The tokens :attr:`actor` has chosen so far for its action."""
        builder = self._builder
        return () if builder is None else builder._prefix

    def tokens(self) -> tuple[int, ...]:
        """The tokens :attr:`actor` may choose now (ascending; ``()`` once done).

        >>> from unorules.agents import encoding as enc
        >>> arena = Arena(2)
        >>> arena.reset(seed=1)
        >>> [enc.describe(t) for t in arena.tokens()]
        ['play R3', 'play R5', 'draw']
        """
        if self.done:
            return ()
        builder = self._builder
        if builder is None:
            tokens = self._tokens()[2]
            return (NOOP, *tokens) if self.interjecting else tokens
        if self.interjecting and not builder._prefix:
            return (NOOP, *builder.tokens())
        return builder.tokens()

    def step(self, token: int) -> Action | None:
        """Take :attr:`actor`'s ``token``; return the action it completed, if any.

        Raises:
            ValueError: the token leads to no legal action (nothing changes).

        >>> from unorules.agents import encoding as enc
        >>> arena = Arena(2)
        >>> arena.reset(seed=1)
        >>> arena.step(enc.DRAW)
        Draw(1)
        """
        if self.done:
            raise ValueError("the game is over: reset() deals a new one")
        builder = self._builder
        if token == NOOP and self.interjecting and (builder is None or not builder._prefix):
            self.rewards = None
            self._window.pop(0)
            self._offer()
            return None
        if builder is None:
            hit = self._tokens()[3].get(token)
            action = hit[1] if hit is not None else None
            if action is None:
                action = self.builder.push(token)  # raises before anything changes
        else:
            action = builder.push(token)
        self.rewards = None
        if action is None:
            return None
        self._apply(action)
        self._settle()
        return action

    def take(
        self,
        action: Action | None,
        *,
        drawn: Sequence[Card] | None = None,
        hands: Sequence[Sequence[Card]] | None = None,
        offered_only: bool = True,
    ) -> None:
        """Take a whole action for :attr:`actor` at once (a bot's, or one whose tokens
        were pushed elsewhere): one of the offered actions, or None to decline an
        interjection window. ``drawn`` names the cards it draws (a host's chance, as
        :class:`~unorules.Draw` describes), for the actions that take them; ``hands``
        fixes the redeal of a Wild Shuffle Hands (as :class:`~unorules.Play` describes).

        With ``offered_only=False`` it also takes an action of the actor's that the
        library accepts but the arena does not offer: a call of UNO (C8: always
        allowed) that changes nothing, or only brings a ``false_uno_penalty``. It counts
        as an action (towards ``max_actions``); a call that changes nothing leaves the
        actor to decide again on its turn, and closes its slot in an interjection window
        (as a decline would).

        Raises:
            ValueError: the action is not offered to the actor now (not the actor's,
                with ``offered_only=False``), or the library refuses it (an
                :class:`~unorules.IllegalAction`, e.g. ``draw_mismatch`` when ``drawn``
                names too few cards); nothing changes.

        >>> import unorules as uno
        >>> arena = Arena(2)
        >>> arena.reset(seed=2)
        >>> draw = uno.Draw(arena.actor)
        >>> arena.take(draw) if draw in arena.offered else None

        A host that shuffles itself fixes a Wild Shuffle Hands' redeal with ``hands``:

        >>> arena.start(uno.State.from_position("WS,R1/B1,B2 R5 red 0+ play *"))
        >>> arena.take(uno.Play(0, "WS", "blue"), hands=[["B2"], ["R1", "B1"]])
        >>> [" ".join(map(str, hand)) for hand in arena.state.hands]
        ['B2', 'R1 B1']

        A call of UNO that changes nothing is not offered, but the library accepts it:

        >>> arena.start(uno.State.from_position("R1/B1,B2 R5 red 0+ play *"))
        >>> arena.take(uno.CallUno(0))
        Traceback (most recent call last):
        ...
        ValueError: P0 says UNO is not offered to seat 0 now: P0 plays R1, P0 draws
        >>> arena.take(uno.CallUno(0), offered_only=False)
        >>> arena.actor, arena.actions_this_round
        (0, 1)
        """
        if action is None:
            if not self.interjecting or self.prefix:
                raise ValueError("only an interjection window can be declined (None)")
            self.step(NOOP)
            return
        if action not in self._offered:
            if offered_only or getattr(action, "player", None) != self.actor or self.prefix:
                offered = ", ".join(map(str, self._offered)) or "nothing"
                raise ValueError(f"{action} is not offered to seat {self.actor} now: {offered}")
            before = self.state
            self._apply(action)  # raises before anything changes
            self.rewards = None
            if self.state == before:  # nothing changed: no new window, the actor goes on
                if self.interjecting:
                    self._window.pop(0)
                    self._offer()
                elif self.actions_this_round >= self.max_actions:
                    self._settle()
                return
            self._set_offer(())
            self._settle()
            return
        if drawn is not None and isinstance(action, Play | Draw | CallUno | CatchUno | Challenge):
            action = attrs.evolve(action, drawn=tuple(drawn))
        if hands is not None and isinstance(action, Play):
            action = attrs.evolve(action, hands=tuple(tuple(hand) for hand in hands))
        self._apply(action)  # raises before anything changes
        self.rewards = None
        self._set_offer(())
        self._settle()

    def __copy__(self) -> Arena:
        """An independent copy at the same point (it shares the immutable states).

        >>> import copy
        >>> arena = Arena(2)
        >>> arena.reset(seed=1)
        >>> twin = copy.copy(arena)
        >>> _ = twin.step(twin.tokens()[0])
        >>> arena.actions_this_round, twin.actions_this_round > 0 or twin.builder.prefix != ()
        (0, True)
        """
        other = Arena.__new__(Arena)
        other.__dict__.update(self.__dict__)
        other.played = [array("f", row) for row in self.played]
        other.drawn = list(self.drawn)
        other._window = list(self._window)
        other._builder = None if self._builder is None else self._builder.__copy__()
        other._seeds = random.Random()
        other._seeds.setstate(self._seeds.getstate())
        return other

    def __deepcopy__(self, memo: dict[int, object]) -> Arena:
        """The same as :meth:`__copy__`: everything shared is immutable."""
        return self.__copy__()

    def cut_off(self) -> None:
        """End the game now as a truncated round (a loss for every side).

        >>> arena = Arena(2)
        >>> arena.reset(seed=1)
        >>> arena.cut_off()
        >>> arena.done, arena.truncated, arena.rewards
        (True, True, (-1.0, -1.0))
        """
        if not self.done:
            self.rewards = self._round_rewards(self.state, None)
            self.truncated = True
            self._finish()

    # -- the loop ----------------------------------------------------------------------------

    def _reset_round(self, *, dealt: bool = True) -> None:
        """A new round's history; ``dealt``: the state was just dealt, so a hand above
        the deal's size holds what the first card (a Draw Two) made its seat draw."""
        n = self.players
        s = self.state
        self.played = [array("f", self._zero_row) for _ in range(n)]
        hand_size = self.rules.hand_size
        self.drawn = [
            min(max(len(hand) - hand_size, 0), DRAWN_CAP) if dealt else 0 for hand in s.hands
        ]
        self._out_at_start = frozenset(s.eliminated)
        self.actions_this_round = 0
        self.scores = self.state.scores
        self.exposed = ()
        self.actor = None
        self.interjecting = False
        self._window: list[int] = []
        self._offers: dict[int, list[Action]] = {}
        self._set_offer(())

    def _apply(self, action: Action) -> None:
        """Apply ``action`` and keep the history: the cards laid (from the action), and
        the cards drawn and taken back (from the engine's record of what it did)."""
        side = self.state.side if self._flip else None  # the side the card is laid on
        after, events, _ = step(self.state, action)
        self.state = after
        self.actions_this_round += 1
        if type(action) is Play:
            row = self.played[action.player]
            card = action.card
            i = card.index if side is None else card.facing(side).face.index
            if row[i] < PLAYED_CAP:
                row[i] += 1
            for other in action.also:
                i = other.index
                if row[i] < PLAYED_CAP:
                    row[i] += 1
            for other in events.discarded:  # a Discard All's: laid face up in view of all
                i = other.index
                if row[i] < PLAYED_CAP:
                    row[i] += 1
        taken = events.taken_back
        if taken is not None:
            # A bluff taken back (danish): the Wild Draw Four returns to a hand in view of
            # all; it is no longer laid, and it was not drawn.
            seat, card = taken
            self.played[seat][card.index] -= 1
        drawn = self.drawn
        for seat, number, _ in events.draws:
            drawn[seat] = min(drawn[seat] + number, DRAWN_CAP)

    def _settle(self) -> None:
        """After an action: end the round or the match, or open the next decision (and
        take forced moves at once, with ``skip_forced``)."""
        while True:
            s = self.state
            phase = s.phase
            if phase is _ROUND_OVER or phase is _GAME_OVER:
                self._add_rewards(self._round_rewards(s, s.round_winner))
                self.rounds_played += 1
                if not (self.match and phase is _ROUND_OVER):
                    self._finish()
                    return
                if self.rounds_played >= self.max_rounds:
                    self.truncated = True
                    self._finish()
                    return
                self.state = apply(s, NextRound())
                self._reset_round()
            elif self.actions_this_round >= self.max_actions:
                self._add_rewards(self._round_rewards(s, None))
                self.truncated = True
                self._finish()
                return
            self._open()
            if not self.skip_forced or self.interjecting or self._builder is not None:
                return
            offered = self._offered
            if len(offered) != 1:
                return
            forced = offered[0]
            if len(encode(forced, self.players, self._side())) != 1:
                return  # one action, but more than one token to choose it
            self._apply(forced)

    def _add_rewards(self, new: tuple[float, ...]) -> None:
        old = self.rewards
        self.rewards = new if old is None else tuple(a + b for a, b in zip(old, new, strict=True))

    def _finish(self) -> None:
        self.scores = self.state.scores
        self.exposed = self.state.uno_exposed
        self.done = True
        self.actor = None
        self.interjecting = False
        self._window = []
        self._set_offer(())

    def _open(self) -> None:
        """Group the legal actions by seat and open a window or the current player's turn."""
        s = self.state
        current = s.current_player
        assert current is not None
        hands = s.hands
        # Only a seat holding one card can be caught, or owe a call.
        if 1 in map(len, hands):
            sizes = list(map(len, hands))
            exposed = s.uno_exposed
            others = sizes.count(1) > (sizes[current] == 1)
            mine_one = sizes[current] == 1
        else:
            exposed = ()
            others = mine_one = False
        self.exposed = exposed
        if self.interjections and (self.ask_all or self._jump_in or exposed or others):
            n = self.players
            offers: dict[int, list[Action]] = {}
            for action in legal_actions(s):
                seat = action.player  # type: ignore[union-attr]  # no NextRound here
                if type(action) is CallUno and not self._useful_call(s, seat, hands):
                    continue
                got = offers.get(seat)
                if got is None:
                    offers[seat] = [action]
                else:
                    got.append(action)
            order = ((current + k) % n for k in range(1, n))
            if self.ask_all:
                out = (*s.eliminated, *s.knocked_out)  # seats not in play
                self._window = [seat for seat in order if seat not in out]
            else:
                self._window = [seat for seat in order if seat in offers]
            self._offers = offers
            self._offer()
            return
        mine = legal_actions(s, current)
        # The seat's own CallUno comes last (legal_actions' documented order).
        if (
            mine
            and type(mine[-1]) is CallUno
            and not (mine_one and self._useful_call(s, current, hands))
        ):
            mine = mine[:-1]
        if self._window:
            self._window = []
        self.actor = current
        self.interjecting = False
        self._offered = mine
        self._tree = None
        self._builder = None

    def _offer(self) -> None:
        s = self.state
        if self._window:
            seat = self._window[0]
            self.actor = seat
            self.interjecting = True
        else:
            seat = s.current_player  # type: ignore[assignment]
            self.actor = seat
            self.interjecting = False
        self._set_offer(tuple(self._offers.get(seat, ())))

    def _set_offer(self, actions: tuple[Action, ...]) -> None:
        self._offered = actions
        self._tree = None
        self._builder = None

    def _tokens(self) -> _Root:
        """The first step of a builder over the offered actions (their tokens, the first
        tokens, what each leads to), made when a token is first asked for or taken: a
        bot's turn (:meth:`take`) and a forced move never need it."""
        tree = self._tree
        if tree is None:
            tree = self._tree = _root(self._offered, self.players, self._side())
        return tree

    def _side(self) -> Side | None:
        """The side in play under UNO Flip!'s rules (its cards' tokens name the face in
        play); None for the others (their cards have one face)."""
        return self.state.side if self._flip else None

    def _resume(self, state: State, actor: int, interjecting: bool) -> bool:
        """Put ``state`` (another deal of the same public position, as a resample makes
        it) in play at the decision this arena is at, keeping the round's history:
        ``actor`` decides, in an interjection window if ``interjecting`` (the window
        :meth:`_open` makes for ``state``, less the seats offered before ``actor``: they
        declined), else on its turn (every window declined). The action being built is
        dropped. False if ``actor`` is offered nothing there (then the arena is not in a
        usable state: the caller drops it).

        >>> import unorules as uno
        >>> arena = Arena(2)
        >>> arena.reset(seed=1)
        >>> twin = Arena(2)
        >>> twin._resume(arena.state, arena.actor, False), twin.offered == arena.offered
        (True, True)
        """
        self.state = state
        self.done = False
        self._offers = {}
        self._open()
        if interjecting:
            current = state.current_player
            assert current is not None
            n = self.players
            mine = (actor - current - 1) % n  # the place of actor in the window's order
            self._window = [seat for seat in self._window if (seat - current - 1) % n >= mine]
            self._offer()
        elif self.interjecting:
            self._window = []
            self._offer()
        return self.actor == actor and self.interjecting is interjecting and bool(self._offered)

    @staticmethod
    def _useful_call(s: State, seat: int, hands: Sequence[tuple[object, ...]]) -> bool:
        if len(hands[seat]) != 1:
            return False
        after = apply(s, CallUno(seat))
        return after is not s and after != s

    def _round_rewards(self, s: State, winner: int | None) -> tuple[float, ...]:
        n = self.players
        out = [0.0] * n
        gone = self._out_at_start  # out before this round: no part in it
        sides = s.teams
        active = [seat for seat in range(n) if seat not in gone]
        side_set = sorted({sides[seat] for seat in active})
        losers = max(len(side_set) - 1, 1)
        if self.reward == "win":
            win_side = None if winner is None else sides[winner]
            for seat in active:
                out[seat] = 1.0 if sides[seat] == win_side else -1.0 / losers
            return tuple(out)
        points = dict.fromkeys(side_set, 0)
        for seat in active:
            points[sides[seat]] += hand_points(s.hands[seat], self.rules)
        scale = self.points_scale
        win_side = None if winner is None else sides[winner]
        for seat in active:
            side = sides[seat]
            if side == win_side:
                out[seat] = scale * sum(p for k, p in points.items() if k != side)
            else:
                out[seat] = -scale * points[side]
        return tuple(out)


def render_text(state: State, seat: int | None = None) -> str:
    """A picture of the table as ``render()`` gives it: a spectator's (every hand
    shown), or with ``seat`` that seat's (its own hand; the others by their sizes only).

    >>> import unorules as uno
    >>> print(render_text(uno.new_game(2, seed=5)))  # doctest: +ELLIPSIS
    round 1 | play | P... to act | top ... | clockwise | draw pile 97
    P0 (7): ...
    P1 (7): ...
    >>> print(render_text(uno.new_game(2, seed=5), seat=1))  # doctest: +ELLIPSIS
    round 1 | play | P... to act | top ... | clockwise | draw pile 97
    P0 (7)
    P1 (7): ...
    """
    if seat is not None:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise TypeError(f"seat is None or an int, not {shown(seat)}")
        if not 0 <= seat < state.players:
            raise ValueError(
                f"there is no seat {shown_int(seat)} at this table (seats 0 to {state.players - 1})"
            )
    turn = "nobody" if state.current_player is None else f"P{state.current_player}"
    color = "" if state.color is None else f" ({state.color.value})"
    way = "clockwise" if state.direction == 1 else "counter-clockwise"
    lines = [
        f"round {state.round + 1} | {state.phase.value} | {turn} to act | top "
        f"{state.top_card}{color} | {way} | draw pile {state.draw_pile_size}"
    ]
    for k, hand in enumerate(state.hands):
        if seat is None or k == seat:
            cards = " ".join(map(str, hand))
            lines.append(f"P{k} ({len(hand)}): {cards}")
        else:
            lines.append(f"P{k} ({len(hand)})")
    return "\n".join(lines)


def check_flags(**flags: object) -> None:
    """Each option given is True or False: a TypeError names one that is not (a string
    such as ``"no"`` would otherwise count as True).

    >>> check_flags(match=True, ask_all=False)
    >>> check_flags(ask_all="no")
    Traceback (most recent call last):
    ...
    TypeError: ask_all is True or False, not 'no'
    """
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise TypeError(f"{name} is True or False, not {shown(value)}")


def check_env_options(render_mode: object, illegal: object) -> None:
    """The options every environment takes: ``render_mode`` None, ``"ansi"``, ``"human"``
    or ``"rgb_array"``; ``illegal`` (what an unmasked illegal token does) ``"lose"`` or
    ``"raise"``. A ValueError names a bad one; ``"rgb_array"`` without the rasterizer
    installed is an ImportError naming the extra to install
    (:func:`unorules.pictures.raster.require`).

    >>> check_env_options("ansi", "lose")
    >>> check_env_options("rgb", "lose")
    Traceback (most recent call last):
    ...
    ValueError: render_mode is None, 'ansi', 'human' or 'rgb_array', not 'rgb'
    """
    if render_mode not in RENDER_MODES and render_mode is not None:
        raise ValueError(
            f"render_mode is None, 'ansi', 'human' or 'rgb_array', not {render_mode!r}"
        )
    if illegal not in ("lose", "raise"):
        raise ValueError(f"illegal is 'lose' or 'raise', not {illegal!r}")
    if render_mode == "rgb_array":
        raster.require("render_mode='rgb_array'")


RENDER_MODES: Final = ("ansi", "human", "rgb_array")
"""The render modes of the environments (their ``metadata["render_modes"]``).

>>> RENDER_MODES
('ansi', 'human', 'rgb_array')
"""

RENDER_FPS: Final = 2
"""Frames per second of the environments' renders (their ``metadata["render_fps"]``): the
speed of a video ``RecordVideo`` writes, a decision every half second.

>>> RENDER_FPS
2
"""


def render_rgb(state: State, seat: int | None = None) -> npt.NDArray[np.uint8]:
    """The picture of the table (:func:`unorules.pictures.svg.table`) as ``render()``
    gives it for ``"rgb_array"``: an ``H x W x 3`` ``uint8`` array, a spectator's view
    (every hand face up), or with ``seat`` that seat's (its own hand; the others' backs).
    Every frame of one table has the same size (560 pixels wide, the height set by the
    seats; a long hand is drawn smaller to fit), as a video needs.

    >>> import unorules as uno
    >>> state = uno.new_game(2, seed=5)
    >>> render_rgb(state, seat=0).shape, render_rgb(state).dtype.name
    ((342, 560, 3), 'uint8')
    """
    if seat is not None:
        render_text(state, seat)  # the same errors for a bad seat
    picture = svg.table(state if seat is None else observe(state, seat))
    height = raster.natural_size(picture)[1]
    return raster.rgb_array(picture, width=_FRAME_WIDTH, height=height)


_FRAME_WIDTH: Final = 560  # the natural width of a table picture with short hands
