"""UNO as an OpenSpiel game with explicit chance (``pip install 'unorules[openspiel]'``).

Importing this module registers the Python game ``"python_unorules"`` with ``pyspiel``;
its parameters are ``players`` (2 to 10), ``rules`` (a profile name), ``hand_size`` (the
cards dealt to each player; 0, the default, for the rules' own), ``seed`` (the state's
own generator, see below), ``max_moves`` (after which the round is cut off) and
``no_winner`` (what a round cut off or stuck gives: ``"loss"``, the default, or
``"draw"``). A game is one round.

- **Chance nodes**: the dealer (each seat equally likely), every card dealt, every card
  turned up to start (another one whenever the rules send a turned card back), every
  card drawn, by anyone, for any reason (a first Draw Two's two cards too), and every
  card of a Wild Shuffle Hands' redeal (the pooled cards, dealt one at a time from the
  player's left). A chance outcome is a card's index (:attr:`unorules.Card.index`,
  0-55; a seat for the dealer), with the probability of that kind among the cards it
  may be. The library decides legality, how many cards an action draws and what they
  may be (:func:`unorules.engine.next_chance`: the draw pile as the rules rebuild
  it): the state asks for one more card until the library accepts the action with the
  cards named (``drawn``, ``hands``).
- **Player moves** are the tokens of :mod:`unorules.agents.encoding`
  (``num_distinct_actions() == 149``); an action of several tokens is several moves of
  the same player, and out-of-turn actions come in the interjection windows of
  :mod:`unorules.agents.arena`, as in the other environments.
- **Returns** are :mod:`unorules.agents.arena`'s ``reward="win"``: the winner's side +1, the
  others share -1 (a sum of 0). A round without a winner (stuck, or cut off at
  ``max_moves``) is a loss for everyone with ``no_winner="loss"`` (the game type is then
  general-sum), 0 for everyone with ``no_winner="draw"`` (the game type is then
  zero-sum: every return sums to 0).
- **Observations** (``observation_string``, ``observation_tensor``) are the player's view
  now (:func:`unorules.observe`); **information states** (``information_state_string``,
  ``information_state_tensor``) add everything the player has seen before, with perfect
  recall in the string (every public action, the cards the player got, what it came to
  know of other hands) and the last :data:`HISTORY` public actions in the tensor. Every
  tensor is in [0, 1]; ``docs/openspiel.rst`` lists the segments.
- **Information-set search**: :meth:`UnoState.resample_from_infostate` deals the cards a
  player has not seen again (what IS-MCTS plays from), keeping their observation.

The ``seed`` parameter seeds the library state's own generator, which orders a rebuilt
draw pile; since every card drawn is a chance node over the pile's cards, that order
decides nothing a player sees, and the game stays deterministic given its moves, as
serialization requires.

>>> import pyspiel
>>> import unorules.agents.openspiel
>>> game = pyspiel.load_game("python_unorules", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.chance_outcomes()[:2]
(True, [(0, 0.3333333333333333), (1, 0.3333333333333333)])
>>> import random
>>> rng = random.Random(0)
>>> while not state.is_terminal():
...     if state.is_chance_node():
...         outcomes, probs = zip(*state.chance_outcomes())
...         state.apply_action(rng.choices(outcomes, probs)[0])
...     else:
...         state.apply_action(rng.choice(state.legal_actions()))
>>> sorted(state.returns())
[-0.5, -0.5, 1.0]
"""

from __future__ import annotations

import functools
import operator
from array import array
from collections import Counter
from collections.abc import Callable
from typing import Any, Final

import attrs
import numpy as np
import pyspiel

from unorules._echo import shown, shown_int
from unorules.actions import Action, CallUno, CatchUno, Challenge, Draw, Play
from unorules.agents._openspiel_resample import resample, seed_from
from unorules.agents.arena import Arena, render_text
from unorules.agents.encoding import N_TOKENS, NOOP, describe
from unorules.cards import ALL_CARDS, Card, Color, build_deck
from unorules.deal import Deal
from unorules.engine import NextChance, next_chance, opening_chance
from unorules.errors import ErrorCode, IllegalAction
from unorules.rules import Rules, get_profile
from unorules.state import Phase
from unorules.view import observe

__all__ = [
    "GAME_NAME",
    "HISTORY",
    "UnoGame",
    "UnoObserver",
    "UnoState",
    "information_state_size",
    "observation_size",
]

GAME_NAME = "python_unorules"
"""The short name this module registers with ``pyspiel``.

>>> import pyspiel
>>> GAME_NAME in pyspiel.registered_names()
True
"""

_MAX_MOVES = 20_000
_NO_WINNER = ("loss", "draw")
HISTORY: Final = 16
"""The public actions the information-state tensor remembers (the last ones, newest
first): a bounded window, where the information-state string remembers them all.

>>> HISTORY
16
"""


def _game_type(zero_sum: bool) -> pyspiel.GameType:
    """The game type: zero-sum when a round without a winner is a draw (the winner's side
    +1, the others -1 shared, else 0 for all: every return sums to 0), else general-sum
    (a round without a winner is a loss for every side)."""
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="UNO (unorules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=10,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": 2,
            "rules": "mattel",
            "seed": 0,
            "max_moves": _MAX_MOVES,
            "no_winner": "loss",
            "hand_size": 0,
        },
    )


_GAME_TYPE = _game_type(zero_sum=False)


class UnoGame(pyspiel.Game):  # type: ignore[misc]
    """The game: one round of UNO at a table of ``players`` under ``rules``.

    >>> import pyspiel
    >>> game = pyspiel.load_game("python_unorules", {"players": 4, "rules": "danish"})
    >>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
    (4, 149, 56)
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        players = int(given.get("players", 2))
        if not 2 <= players <= 10:
            raise ValueError(f"players is 2 to 10, not {players}")
        max_moves = int(given.get("max_moves", _MAX_MOVES))
        if max_moves < 1:
            raise ValueError(f"max_moves is at least 1, not {shown_int(max_moves)}")
        seed = int(given.get("seed", 0))
        if not 0 <= seed < 1 << 64:
            raise ValueError(f"seed is from 0 to 2**64 - 1, not {shown_int(seed)}")
        no_winner = given.get("no_winner", "loss")
        if no_winner not in _NO_WINNER:
            raise ValueError(f"no_winner is 'loss' or 'draw', not {shown(no_winner)}")
        zero_sum = no_winner == "draw"
        info = pyspiel.GameInfo(
            num_distinct_actions=N_TOKENS,
            max_chance_outcomes=len(ALL_CARDS),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=max_moves,
        )
        super().__init__(_game_type(zero_sum), info, given)
        self.no_winner = str(no_winner)
        self.profile = str(given.get("rules", "mattel"))
        hand_size = given.get("hand_size", 0)
        if isinstance(hand_size, bool) or not isinstance(hand_size, int) or hand_size < 0:
            raise ValueError(
                f"hand_size is 0 (the rules' own) or the cards dealt to each player,"
                f" not {shown(hand_size)}"
            )
        self.hand_size = hand_size
        self.rules = _rules_of(self.profile, hand_size)
        self.rules.refuse_unless_classic("the OpenSpiel game")
        self.seed = seed
        self.max_moves = max_moves
        self.players = players
        self.deck = build_deck(self.rules.shuffle_hands_cards, self.rules.customizable_cards)

    def new_initial_state(self) -> UnoState:
        """A state before the deal (a chance node: the dealer).

        >>> import pyspiel
        >>> pyspiel.load_game("python_unorules").new_initial_state().is_chance_node()
        True
        """
        return UnoState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> UnoObserver:
        """The observer of one player's information (tensor and string): with
        ``perfect_recall`` (what ``information_state_string`` and
        ``information_state_tensor`` use) the information state, else the observation
        (the player's view now). Both are the player's own (public information and the
        player's private cards); public information alone is refused rather than
        answered with the player's private cards.

        >>> import pyspiel
        >>> game = pyspiel.load_game("python_unorules")
        >>> game.make_py_observer().tensor.shape
        (455,)
        >>> game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True)).tensor.shape
        (2871,)
        >>> game.make_py_observer(pyspiel.IIGObservationType(
        ...     perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
        Traceback (most recent call last):
        ...
        ValueError: this game provides only each player's own information ...
        """
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "this game provides only each player's own information (public information"
                " and the player's private cards), not"
                f" public_info={iig_obs_type.public_info},"
                f" private_info={iig_obs_type.private_info}"
            )
        recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return UnoObserver(self, perfect_recall=recall)


def _index(card: Card) -> int:
    return card.index


def _removed_only(old: tuple[Card, ...], new: tuple[Card, ...]) -> bool:
    """Whether ``new`` is ``old`` less some cards (the common case, cheaper than counting)."""
    if len(new) >= len(old):
        return False
    rest = list(old)
    try:
        for card in new:
            rest.remove(card)
    except ValueError:
        return False
    return True


_WORDS: Final = tuple(describe(token) for token in range(N_TOKENS))


@functools.cache
def _rules_of(profile: str, hand_size: int) -> Rules:
    """The rules of a profile, with ``hand_size`` cards dealt (0: the profile's own)."""
    rules = get_profile(profile)
    return rules.but(hand_size=hand_size) if hand_size else rules


class UnoState(pyspiel.State):  # type: ignore[misc]
    """A state of the game: dealing, or play through an :class:`~unorules.agents.arena.Arena`.

    >>> import pyspiel
    >>> state = pyspiel.load_game("python_unorules").new_initial_state()
    >>> state.apply_action(0)  # P0 deals
    >>> state.arena is None, len(state.chance_outcomes())  # cards to deal, by kind
    (True, 56)
    """

    def __init__(self, game: UnoGame) -> None:
        super().__init__(game)
        # Plain values only: OpenSpiel clones a state by deep-copying its __dict__ (the
        # arena copies itself cheaply; the rules are looked up by name).
        self.players = game.players
        self.profile = game.profile
        self.hand_size = game.hand_size
        self.seed = game.seed
        self.max_moves = game.max_moves
        self.dealer: int | None = None
        self.dealt: list[Card] = []
        self.turned: list[Card] = []
        # A first Draw Two's two cards (R3.5), dealt by chance once the first card stays.
        self.opening: list[Card] | None = None
        self.opening_pile: tuple[Card, ...] = ()
        self.arena: Arena | None = None
        self.pending: Action | None = None
        self.drawn: list[Card] = []
        # A Wild Shuffle Hands' redeal, dealt by chance one pooled card at a time.
        self.redealt: list[Card] = []
        self.redeal_pool: tuple[Card, ...] = ()
        self.redeal_seats: tuple[int, ...] = ()
        self.moves = 0
        # In the challenge phase: the hand size of the Wild Draw Four's player as it was
        # laid (a catch may add cards before the challenge; a resample needs the count).
        self.challenge_size: int | None = None
        self.no_winner = game.no_winner
        # What each player has seen, for the information state: one string per player
        # (public events go to every one, private ones to their seat's), so that a clone
        # copies n strings, not a list of events.
        self.infos: list[str] = [""] * game.players
        # The last HISTORY public actions, newest first: (actor, its tokens).
        self.recent: tuple[tuple[int, tuple[int, ...]], ...] = ()
        self.known_seen: object = ()

    def _rules(self) -> Rules:
        """The rules of the game (the profile, with the ``hand_size`` parameter)."""
        return _rules_of(self.profile, self.hand_size)

    # -- what the players see ------------------------------------------------------------

    def _note(self, seat: int, text: str) -> None:
        """Record ``text`` as seen by ``seat`` (-1: by every player)."""
        infos = self.infos
        if seat < 0:
            for p in range(len(infos)):
                infos[p] += text + "; "
        else:
            infos[seat] += text + "; "

    def _noted_action(self, actor: int, tokens: tuple[int, ...]) -> None:
        """Record a public action (its tokens, once complete) or a declined window."""
        self._note(-1, f"P{actor} " + " ".join([_WORDS[t] for t in tokens]))
        self.recent = ((actor, tokens), *self.recent[: HISTORY - 1])

    def _noted_change(self, before: tuple[tuple[Card, ...], ...]) -> None:
        """Record what an action changed: each player the cards it got (its own), every
        hand's size when cards came to a hand (cards laid are public already), and what
        each player has come to know of other hands."""
        assert self.arena is not None
        s = self.arena.state
        moved = False
        for seat, (old, new) in enumerate(zip(before, s.hands, strict=True)):
            if old == new or _removed_only(old, new):
                continue  # cards laid (public) or nothing: nothing private to record
            moved = True
            change = Counter(new)
            change.subtract(old)
            got = sorted((+change).elements(), key=_index)
            if got and -change:  # cards came and went (a redeal, a swap): the hand now
                self._note(seat, "hand " + " ".join(map(str, new)))
            elif got:
                self._note(seat, "got " + " ".join(map(str, got)))
        if moved:  # cards came (a draw, a swap, a redeal): how many is public
            self._note(-1, "sizes " + ",".join([str(len(h)) for h in s.hands]))
        known = s._ledger.known
        if known != self.known_seen:
            self.known_seen = known
            for seat in range(self.players):
                seen = observe(s, seat).known
                shown_ = " ".join(
                    f"P{q}:" + ",".join(map(str, cards)) for q, cards in enumerate(seen) if cards
                )
                self._note(seat, f"knows {shown_ or 'nothing'}")

    # -- chance ---------------------------------------------------------------------------

    def _left(self) -> Counter[Card]:
        """The cards a chance node may give now (the deck, or what the pending action's
        next card may be, as the library says), by kind."""
        if self.arena is None:
            if self.opening is not None:  # what the first card's effect draws next
                return Counter(self.opening_pile)
            rules = self._rules()
            left = Counter(build_deck(rules.shuffle_hands_cards, rules.customizable_cards))
            left.subtract(self.dealt)
            left.subtract(self.turned)
            return +left
        need = self._need()
        if need is None:
            return Counter()
        left = Counter(need.cards)
        if need.seats:  # a redeal: the pooled cards not dealt yet
            left.subtract(self.redealt)
        return +left

    def _pending(self) -> Action:
        """The pending action with the chance dealt for it so far."""
        assert self.pending is not None
        action = self.pending
        if isinstance(action, Play | Draw | CallUno | CatchUno | Challenge):
            action = attrs.evolve(action, drawn=tuple(self.drawn))
        hands = self._redeal()
        if hands is not None and isinstance(action, Play):
            action = attrs.evolve(action, hands=hands)
        return action

    def _redealing(self) -> bool:
        """Whether chance is dealing a Wild Shuffle Hands' pooled cards now."""
        return len(self.redealt) < len(self.redeal_pool)

    def _redeal(self) -> tuple[tuple[Card, ...], ...] | None:
        """The hands a Wild Shuffle Hands deals, once chance has dealt every pooled card."""
        if not self.redeal_seats or self._redealing():
            return None
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        k = len(self.redeal_seats)
        for i, card in enumerate(self.redealt):
            hands[self.redeal_seats[i % k]].append(card)
        return tuple(tuple(hand) for hand in hands)

    def _need(self) -> NextChance | None:
        """The chance the pending action needs next (the library says what), or None."""
        assert self.arena is not None and self.pending is not None
        if self._redealing():
            return NextChance(self.redeal_pool, self.redeal_seats)
        need = next_chance(self.arena.state, self._pending())
        if need is not None and need.seats:  # a redeal begins: deal it card by card
            self.redeal_pool, self.redeal_seats = need.cards, need.seats
        return need

    def current_player(self) -> int:
        """The player to move, ``CHANCE`` or ``TERMINAL``.

        >>> import pyspiel
        >>> pyspiel.load_game("python_unorules").new_initial_state().current_player()
        -1
        """
        if self.arena is None or self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.arena.done:
            return int(pyspiel.PlayerId.TERMINAL)
        assert self.arena.actor is not None
        return self.arena.actor

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each possible card (or dealer seat) with its probability.

        >>> import pyspiel
        >>> state = pyspiel.load_game("python_unorules").new_initial_state()
        >>> state.apply_action(1)
        >>> dict(state.chance_outcomes())[0]  # R0: one card of 112
        0.008928571428571428
        """
        if self.dealer is None:
            n = self.players
            return [(seat, 1.0 / n) for seat in range(n)]
        if self.arena is not None and self.pending is None:
            who = "the round is over" if self.arena.done else f"player {self.arena.actor} moves"
            raise ValueError(f"this is not a chance node ({who}): it has no chance outcomes")
        left = self._left()
        total = sum(left.values())
        return [
            (card.index, count / total)
            for card, count in sorted(left.items(), key=lambda kv: kv[0].index)
        ]

    def _may_come(self, action: int) -> bool:
        """Whether chance may give ``action`` now: a seat as the dealer, else a card the
        pile (or the deck, while dealing) still holds. Cheaper than the odds of
        :meth:`chance_outcomes`, which the caller has usually just asked for."""
        if self.dealer is None:
            return 0 <= action < self.players
        return 0 <= action < len(ALL_CARDS) and self._left()[ALL_CARDS[action]] > 0

    def _legal_actions(self, player: int) -> list[int]:
        assert self.arena is not None
        return list(self.arena.tokens())

    def _apply_action(self, action: int) -> None:
        # Chance gives only an outcome chance_outcomes lists, or the state would take a
        # card that is not there (and keep it, so every later outcome fails too).
        chance = self.arena is None or self.pending is not None
        if chance and not self._may_come(action):
            what = "seats" if self.dealer is None else "card indices"
            raise ValueError(
                f"{shown_int(action) if isinstance(action, int) else shown(action)} is"
                f" not a chance outcome here: the {what} possible now are"
                f" {[outcome for outcome, _ in self.chance_outcomes()]}"
            )
        if self.dealer is None:
            self.dealer = int(action)
            self._note(-1, f"dealer P{self.dealer}")
            return
        if self.arena is None:
            self._deal(ALL_CARDS[action])
            return
        arena = self.arena
        if self.pending is not None:
            if self._redealing():
                self.redealt.append(ALL_CARDS[action])  # the next pooled card, dealt
            else:
                self.drawn.append(ALL_CARDS[action])
            self._resolve()
        else:
            token = int(action)
            if token == NOOP and arena.interjecting and not arena.builder.prefix:
                assert arena.actor is not None
                self._noted_action(arena.actor, (NOOP,))
                arena.step(token)  # declines the window
            else:
                probe = arena.builder.__copy__()
                tokens = (*arena.builder.prefix, token)
                done = probe.push(token)
                if done is None:
                    arena.step(token)
                else:
                    assert arena.actor is not None
                    self._noted_action(arena.actor, tokens)
                    self.pending = done
                    self.drawn = []
                    self._resolve()
            self.moves += 1  # counted once accepted: a refused token changes nothing
        if self.pending is None and not arena.done and self.moves >= self.max_moves:
            arena.cut_off()
        self._note_challenge()

    def _note_challenge(self) -> None:
        """Keep :attr:`challenge_size` (the offender's hand as the challenge phase began)."""
        assert self.arena is not None
        s = self.arena.state
        if s.phase is not Phase.CHALLENGE:
            self.challenge_size = None
        elif self.challenge_size is None:
            offender = observe(s, 0).challenge_offender
            assert offender is not None
            self.challenge_size = len(s.hands[offender])

    def _deal(self, card: Card) -> None:
        n = self.players
        rules = self._rules()
        size = rules.hand_size
        assert self.dealer is not None
        if len(self.dealt) < n * size:
            self._note((self.dealer + 1 + len(self.dealt)) % n, f"dealt {card}")
            self.dealt.append(card)
            return
        if self.opening is None:
            self._note(-1, f"turned {card}")
            self.turned.append(card)
        else:
            self.opening.append(card)  # a card the first Draw Two draws
        # Seats are dealt one card at a time, starting left of the dealer (R3.2).
        hands: list[list[Card]] = [[] for _ in range(n)]
        assert self.dealer is not None
        for i, dealt in enumerate(self.dealt):
            hands[(self.dealer + 1 + i) % n].append(dealt)
        deal = Deal(dealer=self.dealer, hands=hands, turned=self.turned)
        try:
            start = opening_chance(n, rules, self.seed, deal, tuple(self.opening or ()))
        except IllegalAction as exc:
            if exc.code is ErrorCode.BAD_DEAL and "goes back" in str(exc):
                return  # this turned card goes back: another is turned (a chance node)
            raise
        if isinstance(start, NextChance):  # the first card draws: chance says what
            self.opening = self.opening or []
            self.opening_pile = start.cards
            return
        self.arena = Arena(n, rules, max_actions=10**9)
        self.arena.start(start)
        for seat, hand in enumerate(self.arena.state.hands):
            self._note(seat, "hand " + " ".join(map(str, hand)))
        self._note(-1, "sizes " + ",".join(str(len(h)) for h in self.arena.state.hands))

    def _resolve(self) -> None:
        """Apply the pending action with the chance dealt so far, or wait for more."""
        assert self.arena is not None and self.pending is not None
        if self._need() is not None:
            return  # it needs more: the next chance node deals it
        hands = self._redeal()
        before = self.arena.state.hands
        self.arena.take(self.pending, drawn=self.drawn, hands=hands)
        self._noted_change(before)
        self.pending = None
        self.drawn = []
        self.redealt = []
        self.redeal_pool = ()
        self.redeal_seats = ()

    # -- information-set sampling ------------------------------------------------------------

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> UnoState:
        """A new state that ``player_id`` cannot tell from this one, every card they have
        not seen dealt again at random (OpenSpiel's determinization for information-set
        search, e.g. ``open_spiel.python.algorithms.ismcts.ISMCTSBot``).

        The new state keeps the player's hand, the cards they know in other hands, every
        public fact (the table, the history of the round, who decides now) and the
        player's own half-built action; the other hands and the draw pile are a
        :func:`unorules.sample_state` of the player's view, drawn again until it agrees
        with the public facts the view does not carry (the seat deciding now has
        something to do; a pending action is legal). In the middle of a chance node the
        pending action is kept and the cards dealt for it so far (in no hand yet) are
        dealt again; during the deal, the player's own cards and the cards turned up are
        kept. After a catch in a challenge phase, the Wild Draw Four is judged on the
        hand it was laid from (``sample_state``'s ``offender_drew``). Its observation for
        ``player_id`` is this state's; this state is not changed, and the real hidden
        cards decide nothing in the new one.

        ``probability_sampler`` (what OpenSpiel passes: a callable returning a float in
        ``[0, 1)``, e.g. ``pyspiel.UniformProbabilitySampler``) is called exactly twice,
        32 bits a call, for the 64-bit seed of the resample: the same sequence of values
        gives the same state. The new state's ``history()`` is empty (the real one names
        the real chance outcomes).

        Raises:
            ValueError: ``player_id`` is not a seat, or the sampler gives something else
                than a float in ``[0, 1)``.
            RuntimeError: no sample agreed with the public facts in 1000 tries (a real
                game is one of the samples, so only when it is a very unlikely one).

        >>> import pyspiel
        >>> game = pyspiel.load_game("python_unorules", {"players": 3})
        >>> state = game.new_initial_state()
        >>> for action in [0, *range(21), 40]:  # P0 deals; 21 cards dealt; B1 turned
        ...     state.apply_action(action)
        >>> values = iter([0.25, 0.5])
        >>> guess = state.resample_from_infostate(1, lambda: next(values))
        >>> guess.observation_string(1) == state.observation_string(1)
        True
        >>> guess.arena.state.hands[1] == state.arena.state.hands[1]
        True
        >>> guess.arena.state.hands[2] == state.arena.state.hands[2]
        False
        """
        try:
            seat = -1 if isinstance(player_id, bool) else operator.index(player_id)
        except TypeError:
            seat = -1
        if not 0 <= seat < self.players:
            raise ValueError(f"player_id is a seat from 0 to {self.players - 1}, not {player_id!r}")
        return resample(self, seat, seed_from(probability_sampler))

    # -- the rest of the API ----------------------------------------------------------------

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.dealer is None:
                return f"dealer P{action}"
            return f"card {ALL_CARDS[action]}"
        return describe(int(action))

    def is_terminal(self) -> bool:
        """Whether the round is over.

        >>> import pyspiel
        >>> pyspiel.load_game("python_unorules").new_initial_state().is_terminal()
        False
        """
        return self.arena is not None and self.pending is None and self.arena.done

    def returns(self) -> list[float]:
        """Each player's return (0 until the end).

        >>> import pyspiel
        >>> pyspiel.load_game("python_unorules").new_initial_state().returns()
        [0.0, 0.0]
        """
        if not self.is_terminal():
            return [0.0] * self.players
        assert self.arena is not None and self.arena.rewards is not None
        if self.no_winner == "draw" and self.arena.state.round_winner is None:
            return [0.0] * self.players  # no winner: a draw (the zero-sum game)
        return list(self.arena.rewards)

    def __str__(self) -> str:
        """The table (every hand), for debugging."""
        if self.arena is None:
            return f"dealing: dealer {self.dealer}, {len(self.dealt)} cards dealt"
        return render_text(self.arena.state)


def _layout(players: int) -> tuple[tuple[str, int], ...]:
    """The observation tensor's segments at a table of ``players``, in order."""
    n = players
    return (
        ("hand", _K),
        ("drawn_card", _K),
        ("top", _K),
        ("color", 4),
        ("phase", len(_PHASES)),
        ("direction", 1),
        ("pending", 1),
        ("draw_pile", 1),
        ("interjecting", 1),
        ("dealing", 1),
        ("to_act", n),
        ("hand_sizes", n),
        ("exposed", n),
        ("uno_open", n),
        ("lost_turns", n),
        ("known", n * _K),
        ("prefix", N_TOKENS),
    )


_K: Final = len(ALL_CARDS)
_COLORS: Final = {
    color: i for i, color in enumerate((Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE))
}
_PHASES: Final[dict[Phase, int]] = {
    phase: i for i, phase in enumerate(p for p in Phase if p is not Phase.ROULETTE)
}
"""The classic games' phases (the game refuses No Mercy's deck, and with it its phase)."""


def observation_size(players: int) -> int:
    """The length of ``observation_tensor`` at a table of ``players``.

    >>> observation_size(2), observation_size(4)
    (455, 577)
    """
    return sum(size for _, size in _layout(players))


def information_state_size(players: int) -> int:
    """The length of ``information_state_tensor``: the observation, then
    :data:`HISTORY` slots of one public action each (the actor's seat counted from the
    player, one-hot; the action's tokens, multi-hot).

    >>> information_state_size(2)
    2871
    """
    return observation_size(players) + HISTORY * (players + N_TOKENS)


class UnoObserver:
    """One player's observation (``perfect_recall=False``: the view now) or information
    state (``perfect_recall=True``: the view now and everything seen before), as a
    tensor in [0, 1] and a string. See ``docs/openspiel.rst`` for the segments.

    >>> import pyspiel
    >>> game = pyspiel.load_game("python_unorules")
    >>> observer = game.make_py_observer()
    >>> state = game.new_initial_state()
    >>> observer.string_from(state, 0)
    'p0 dealing: 0 cards dealt'
    >>> sorted(observer.dict)[:3]
    ['color', 'dealing', 'direction']
    """

    def __init__(self, game: UnoGame, *, perfect_recall: bool = False) -> None:
        n = game.players
        self._players = n
        self._deck = float(len(game.deck))
        self._recall = perfect_recall
        size = information_state_size(n) if perfect_recall else observation_size(n)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        self._at: dict[str, int] = {}
        at = 0
        for name, width in _layout(n):
            self.dict[name] = self.tensor[at : at + width]
            self._at[name] = at
            at += width
        self._history = at
        if perfect_recall:
            self.dict["history"] = self.tensor[at:].reshape(HISTORY, n + N_TOKENS)
        self._zero = array("f", bytes(4 * size))

    def set_from(self, state: UnoState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s view of ``state`` (and, for an information
        state, the last :data:`HISTORY` public actions).

        >>> import pyspiel
        >>> game = pyspiel.load_game("python_unorules")
        >>> observer = game.make_py_observer()
        >>> observer.set_from(game.new_initial_state(), 1)
        >>> float(observer.tensor.sum()), float(observer.dict["dealing"][0])
        (1.0, 1.0)
        """
        # Filled in a plain float32 array (item writes are cheap there), copied once.
        out = array("f", self._zero)
        at = self._at
        n = self._players
        if state.arena is None:
            out[at["dealing"]] = 1
            if state.dealer is not None:
                hand = at["hand"]
                for i, card in enumerate(state.dealt):
                    if (state.dealer + 1 + i) % n == player:
                        out[hand + card.index] += 0.25
                if state.turned:
                    out[at["top"] + state.turned[-1].index] = 1
        else:
            self._view(out, state, player)
        if self._recall:
            width = n + N_TOKENS
            row = self._history
            for actor, tokens in state.recent:
                out[row + (actor - player) % n] = 1
                for token in tokens:
                    out[row + n + token] = 1
                row += width
        self.tensor[:] = np.frombuffer(out, np.float32)

    def _view(self, out: array[float], state: UnoState, player: int) -> None:
        arena = state.arena
        assert arena is not None
        at = self._at
        n = self._players
        deck = self._deck
        view = observe(arena.state, player)
        hand = at["hand"]
        for card in view.hand:
            i = hand + card.index
            out[i] = min(out[i] + 0.25, 1.0)
        if view.drawn_card is not None and view.current_player == player:
            out[at["drawn_card"] + view.drawn_card.index] = 1
        out[at["top"] + view.top_card.index] = 1
        if view.color is not None:
            out[at["color"] + _COLORS[view.color]] = 1
        out[at["phase"] + _PHASES[view.phase]] = 1
        out[at["direction"]] = view.direction > 0
        out[at["pending"]] = min(view.pending_draw / deck, 1.0)
        out[at["draw_pile"]] = min(view.draw_pile_size / deck, 1.0)
        out[at["interjecting"]] = arena.interjecting
        if arena.actor is not None:
            out[at["to_act"] + (arena.actor - player) % n] = 1
        sizes, known = at["hand_sizes"], at["known"]
        for seat in range(n):
            slot = (seat - player) % n
            out[sizes + slot] = min(view.hand_sizes[seat] / deck, 1.0)
            for card in view.known[seat]:
                i = known + slot * _K + card.index
                out[i] = min(out[i] + 0.25, 1.0)
        for seats, name in (
            (view.uno_exposed, "exposed"),
            (view.uno_open, "uno_open"),
            (view.lost_turns, "lost_turns"),
        ):
            for seat in seats:
                out[at[name] + (seat - player) % n] = 1
        if arena.actor == player:
            prefix = at["prefix"]
            for token in arena.prefix:
                out[prefix + token] = min(out[prefix + token] + 0.125, 1.0)

    def string_from(self, state: UnoState, player: int) -> str:
        """The observation: ``player``'s cards and the public facts, as one line. The
        information state: what the player has seen in the round (the public actions,
        the cards the player got, what it came to know of other hands), then the
        observation.

        >>> import pyspiel
        >>> game = pyspiel.load_game("python_unorules")
        >>> game.make_py_observer().string_from(game.new_initial_state(), 1)
        'p1 dealing: 0 cards dealt'
        >>> state = game.new_initial_state()
        >>> state.apply_action(0)
        >>> state.apply_action(5)
        >>> state.information_state_string(1)
        'p1 seen: dealer P0; dealt R5; | p1 dealing: 1 cards dealt | hand R5'
        >>> state.information_state_string(0)
        'p0 seen: dealer P0; | p0 dealing: 1 cards dealt'
        """
        now = _observation_string(state, player)
        if not self._recall:
            return now
        return f"p{player} seen: {state.infos[player]}| {now}"


def _observation_string(state: UnoState, player: int) -> str:
    """``player``'s view of ``state`` as one line."""
    n = state.players
    if state.arena is None:
        text = f"p{player} dealing: {len(state.dealt)} cards dealt"
        if state.dealer is not None:
            mine = [c for i, c in enumerate(state.dealt) if (state.dealer + 1 + i) % n == player]
            if mine:
                text += " | hand " + " ".join(map(str, mine))
        if state.turned:
            text += " | turned " + " ".join(map(str, state.turned))
        return text
    arena = state.arena
    s = arena.state
    view = observe(s, player)
    hand = " ".join(map(str, s.hands[player]))
    sizes = ",".join(str(len(h)) for h in s.hands)
    color = s.color.value if s.color is not None else "-"
    text = (
        f"p{player} hand {hand} | top {s.top_card} {color} | {s.phase.value} | "
        f"to act {s.current_player} | sizes {sizes} | prefix "
        f"{list(arena.builder.prefix) if arena.actor == player else []}"
        f" | pile {view.draw_pile_size} | pending {view.pending_draw}"
        f" | direction {view.direction} | actor {arena.actor}"
        f"{' window' if arena.interjecting else ''}"
    )
    if view.drawn_card is not None and view.current_player == player:
        text += f" | drew {view.drawn_card}"
    known = [f"P{q}:" + ",".join(map(str, cs)) for q, cs in enumerate(view.known) if cs]
    if known:
        text += " | knows " + " ".join(known)
    for name, seats in (
        ("exposed", view.uno_exposed),
        ("uno open", view.uno_open),
        ("overdue", view.uno_overdue),
        ("lost turns", view.lost_turns),
    ):
        if seats:
            text += f" | {name} " + ",".join(map(str, seats))
    if view.challenge_color is not None:
        text += f" | before {view.challenge_color.value}"
    if arena.truncated:
        text += " | cut off"
    return text


pyspiel.register_game(_GAME_TYPE, UnoGame)
