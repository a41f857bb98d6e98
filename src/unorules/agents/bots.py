"""Simple computer players, for simulations, recorded examples and tests.

A bot decides for one seat at a time; :func:`play` runs a game between bots, giving every
seat its chance to catch a player who forgot to say UNO (or to jump in, where the rules
allow it) before the player to act moves.

>>> import unorules as uno
>>> from unorules.agents import bots
>>> start = uno.new_game(3, "mattel", seed=5)
>>> steps = list(bots.play(start, bots.random_bots(3, seed=5), rounds=1))
>>> action, last = steps[-1]
>>> last.phase, last.round_winner is not None
(<Phase.ROUND_OVER: 'round_over'>, True)

The same seeds give the same game:

>>> [a for a, _ in bots.play(start, bots.random_bots(3, seed=5), rounds=1)] == [
...     a for a, _ in steps]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Final, Protocol, TypeAlias

from unorules._registry import Registry
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
from unorules.agents.policy import PolicyBot
from unorules.cards import LIGHT_COLORS, Rank, Side
from unorules.engine import apply, legal_actions
from unorules.sampling import sample_state
from unorules.state import Phase, State
from unorules.view import View, observe

__all__ = [
    "BOTS",
    "Bot",
    "BotFactory",
    "HeuristicBot",
    "MonteCarloBot",
    "PolicyBot",
    "RandomBot",
    "get_bot",
    "play",
    "random_bots",
    "register_bot",
]


class Bot(Protocol):
    """What :func:`play` asks of a player: any object with these two methods.

    >>> import unorules as uno
    >>> class FirstLegal:
    ...     def act(self, state, seat):
    ...         return uno.legal_actions(state, seat)[0]
    ...     def interject(self, state, seat):
    ...         return None
    >>> start = uno.new_game(2, seed=1)
    >>> *_, (_, last) = play(start, [FirstLegal(), FirstLegal()], rounds=1)
    >>> last.phase.value
    'round_over'
    """

    def act(self, state: State, seat: int) -> Action:
        """The action of ``seat``, the current player of ``state``."""
        ...

    def interject(self, state: State, seat: int) -> Action | None:
        """An action ``seat`` takes out of turn now (a catch, a Jump-In), or None."""
        ...


class RandomBot:
    """Plays a random legal card whenever it can (a random color for a wild), draws
    otherwise, plays a card it has just drawn when it may, stacks a penalty when the rules
    let it, and says UNO with the play that leaves one card.

    Args:
        seed: the seed of the bot's own random choices.
        challenge: the chance that it challenges a Wild Draw Four laid on it.
        forget_uno: the chance that it forgets to say UNO.
        catch: the chance that it catches a player who forgot, when it may.
        jump_in: the chance that it jumps in with an identical card, where allowed.

    >>> import unorules as uno
    >>> bot = RandomBot(1)
    >>> state = uno.new_game(2, seed=3)
    >>> bot.act(state, state.current_player) in uno.legal_actions(state)
    True
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        challenge: float = 0.25,
        forget_uno: float = 0.1,
        catch: float = 0.8,
        jump_in: float = 0.3,
    ) -> None:
        self.random = random.Random(seed)
        self.challenge = challenge
        self.forget_uno = forget_uno
        self.catch = catch
        self.jump_in = jump_in

    def __repr__(self) -> str:
        return (
            f"RandomBot(challenge={self.challenge}, forget_uno={self.forget_uno},"
            f" catch={self.catch}, jump_in={self.jump_in})"
        )

    def _chance(self, p: float) -> bool:
        return p > 0 and self.random.random() < p

    def _pick_play(self, plays: Sequence[Play], seat: int, state: State) -> Play:
        """A random card (or set of cards), then a random color and target, calling UNO
        unless it forgets."""
        groups: dict[tuple[object, ...], list[Play]] = {}
        for a in plays:
            groups.setdefault((a.card, a.also), []).append(a)
        keys = list(groups)
        variants = groups[keys[self.random.randrange(len(keys))]]
        if any(a.uno for a in variants):
            call = not self._chance(self.forget_uno)
            variants = [a for a in variants if a.uno is call]
        return variants[self.random.randrange(len(variants))]

    def act(self, state: State, seat: int) -> Action:
        """The bot's action as the current player.

        >>> import unorules as uno
        >>> s = uno.new_game(2, seed=3)
        >>> type(RandomBot(0).act(s, s.current_player)).__name__ in ("Play", "Draw")
        True
        """
        legal = legal_actions(state, seat)
        mine = [a for a in legal if not isinstance(a, CallUno | CatchUno)]
        if (
            len(state.hands[seat]) == 1
            and not self._chance(self.forget_uno)
            and apply(state, CallUno(seat)) != state
        ):
            return CallUno(seat)  # a late call (e.g. after a swap left it one card)
        catches = [a for a in legal if isinstance(a, CatchUno)]
        if catches and self._chance(self.catch):
            return catches[self.random.randrange(len(catches))]
        plays = [a for a in mine if isinstance(a, Play) and a.player == seat]
        phase = state.phase
        if phase is Phase.CHOOSE_COLOR or phase is Phase.ROULETTE:
            colors = [a for a in mine if isinstance(a, ChooseColor)]
            return colors[self.random.randrange(len(colors))]
        if phase is Phase.CHALLENGE and not plays and self._chance(self.challenge):
            return Challenge(seat)
        if plays:
            return self._pick_play(plays, seat, state)
        for kind in (Draw, Pass):
            for a in mine:
                if isinstance(a, kind) and a.player == seat:
                    return a
        raise RuntimeError(f"RandomBot: nothing to do for seat {seat} in {state!r}")

    def interject(self, state: State, seat: int) -> Action | None:
        """A catch (when another player forgot UNO) or a Jump-In, sometimes; else None.

        >>> import unorules as uno
        >>> s = uno.new_game(2, seed=3)
        >>> RandomBot(0).interject(s, 1 - s.current_player) is None
        True
        """
        exposed = [t for t in state.uno_exposed if t != seat]
        if exposed and self._chance(self.catch):
            return CatchUno(seat, exposed[self.random.randrange(len(exposed))])
        if (
            state.rules.jump_in
            and state.phase is Phase.PLAY
            and state.top_card in state.hands[seat]
            and self._chance(self.jump_in)
        ):
            plays = [a for a in legal_actions(state, seat) if isinstance(a, Play)]
            if plays:
                return self._pick_play(plays, seat, state)
        return None


class HeuristicBot:
    """A simple greedy player, a stronger baseline than :class:`RandomBot`.

    As the current player it plays the card that sheds the most points while keeping its
    wilds (which match anything) for when nothing else plays: the most cards at once where
    ``multi_play`` allows it, then a card that is not a wild, then the highest-scoring
    card, then the color it holds most of (a Discard All counts the cards it sheds with
    it). It names the color it holds most of with a wild, and, as a Wild Color Roulette's
    victim, the color it has seen least of; it swaps hands (Seven-O, No Mercy's 7) with the
    player in play holding the fewest cards, always says UNO, answers a stack whenever it
    can, never challenges a Wild Draw Four, draws when nothing
    plays and plays the drawn card when it may. Out of turn it catches every forgotten UNO
    and jumps in whenever the rules allow. Ties are broken by its own seeded random choices.

    Args:
        seed: the seed of its tie-breaking choices.

    >>> import unorules as uno
    >>> state = uno.new_game(2, seed=3)
    >>> bot = HeuristicBot(1)
    >>> action = bot.act(state, state.current_player)
    >>> action in uno.legal_actions(state)
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def _best(self, plays: Sequence[Play], seat: int, state: State) -> Play:
        hand = state.hands[seat]
        points = state.rules.points
        side = state.side  # a UNO Flip! card is named light face up: read the face in play
        held: dict[object, int] = {}
        for card in hand:
            if card.color is not None:
                held[card.color] = held.get(card.color, 0) + 1
        gone = (*state.eliminated, *state.knocked_out)
        others = [s for s in range(state.players) if s != seat and s not in gone]
        fewest = min(others, key=lambda s: len(state.hands[s]), default=None)

        def key(a: Play) -> tuple[int, ...]:
            laid = tuple(c.facing(side).face for c in (a.card, *a.also))
            if a.card.rank is Rank.DISCARD_ALL:  # it sheds every card of its color too
                rest = list(hand)
                rest.remove(a.card)
                laid = (a.card, *(c for c in rest if c.color is a.card.color))
            color = a.color if a.color is not None else laid[0].color
            return (
                int(a.uno),
                int(a.target is None or a.target == fewest),
                len(laid),
                int(laid[0].color is not None),
                sum(points.of(c) for c in laid),
                held.get(color, 0),
            )

        best = max(map(key, plays))
        ties = [a for a in plays if key(a) == best]
        return ties[self.random.randrange(len(ties))]

    def act(self, state: State, seat: int) -> Action:
        """The bot's action as the current player.

        >>> import unorules as uno
        >>> s = uno.new_game(2, seed=3)
        >>> type(HeuristicBot(0).act(s, s.current_player)).__name__ in ("Play", "Draw")
        True
        """
        legal = legal_actions(state, seat)
        if (
            len(state.hands[seat]) == 1
            and CallUno(seat) in legal
            and apply(state, CallUno(seat)) != state
        ):
            return CallUno(seat)  # a late call (e.g. after a swap left it one card)
        for a in legal:
            if isinstance(a, CatchUno):
                return a
        if state.phase is Phase.ROULETTE:
            return self._dig_for(state, seat, legal)
        if state.phase is Phase.CHOOSE_COLOR:
            colors = [a for a in legal if isinstance(a, ChooseColor)]
            counts = {c.color: 0 for c in colors}
            for card in state.hands[seat]:
                if card.color in counts:
                    counts[card.color] += 1
            most = max(counts.values())
            ties = [c for c in colors if counts[c.color] == most]
            return ties[self.random.randrange(len(ties))]
        plays = [a for a in legal if isinstance(a, Play) and a.player == seat]
        if plays:
            return self._best(plays, seat, state)
        for kind in (Draw, Pass):
            for a in legal:
                if isinstance(a, kind) and a.player == seat:
                    return a
        raise RuntimeError(f"HeuristicBot: nothing to do for seat {seat} in {state!r}")

    def _dig_for(self, state: State, seat: int, legal: Sequence[Action]) -> Action:
        """The victim of a Wild Color Roulette names the color it has seen least of (in
        its hand and the discard pile), so that the most cards of it are still unseen and
        the dig ends soonest (No Mercy, NM-A9)."""
        colors = [a for a in legal if isinstance(a, ChooseColor)]
        deck: dict[object, int] = {}
        for card in state.rules.deck():
            deck[card.color] = deck.get(card.color, 0) + 1
        for card in (*state.hands[seat], *state.discard_pile):
            deck[card.color] = deck.get(card.color, 0) - 1
        most = max(deck.get(a.color, 0) for a in colors)
        ties = [a for a in colors if deck.get(a.color, 0) == most]
        return ties[self.random.randrange(len(ties))]

    def interject(self, state: State, seat: int) -> Action | None:
        """A catch whenever another player forgot UNO, else a Jump-In whenever allowed,
        else None.

        >>> import unorules as uno
        >>> s = uno.new_game(2, seed=3)
        >>> HeuristicBot(0).interject(s, 1 - s.current_player) is None
        True
        """
        exposed = [t for t in state.uno_exposed if t != seat]
        if exposed:
            return CatchUno(seat, exposed[0])
        if (
            state.rules.jump_in
            and state.phase is Phase.PLAY
            and state.top_card in state.hands[seat]
        ):
            plays = [a for a in legal_actions(state, seat) if isinstance(a, Play)]
            if plays:
                return self._best(plays, seat, state)
        return None


class MonteCarloBot:
    """A determinized Monte Carlo player: it decides from its :class:`~unorules.View`
    alone, never from the hidden cards, which makes it an example of information-set
    search on :func:`unorules.sample_state`.

    For each decision with more than one choice it deals ``samples`` full states
    consistent with its view (its hand and every card it knows where they are, the unseen
    cards at random), and from each it tries every choice, followed by ``playouts``
    random playouts: every seat lays a card at random whenever it can (a plain card
    before a wild, a wild naming the color it holds most of) and says UNO with it, else
    draws, and lays the drawn card when it may. It takes the choice with the best mean
    outcome for its side: 1 for a round its side won, 0 for one another side won, 0.5
    for a stuck round. Every choice meets the same sampled states and playout seeds, so
    that they differ by the choice, not by luck.

    A choice is one of its legal actions, but it says UNO with the play that leaves one
    card, does not draw when it may lay a card, says a late UNO and catches a forgotten
    one whenever it may, and never jumps in.

    Args:
        samples: how many states it deals per decision.
        seed: the seed of its samples and playouts (the same seed, the same choices).
        playouts: random playouts per sampled state and choice.
        depth: None to play every playout to the round's end; else a playout stops after
            this many actions and scores its side's share of the cards (fewer cards than
            the best other side scores above 0.5): faster, and less noisy.

    >>> import unorules as uno
    >>> state = uno.new_game(2, seed=3)
    >>> bot = MonteCarloBot(samples=2, seed=1)
    >>> bot.act(state, state.current_player) in uno.legal_actions(state)
    True
    >>> bot.decide(uno.observe(state, state.current_player)) in uno.legal_actions(state)
    True
    """

    _LONGEST: Final = 20_000
    """A playout to the round's end stops after this many actions (random playouts end
    long before: a stuck round ends by itself, C15)."""

    def __init__(
        self,
        samples: int = 16,
        seed: int | None = None,
        *,
        playouts: int = 1,
        depth: int | None = None,
    ) -> None:
        if samples < 1 or playouts < 1 or (depth is not None and depth < 1):
            raise ValueError("samples, playouts and depth are at least 1")
        self.samples = samples
        self.playouts = playouts
        self.depth = depth
        self.random = random.Random(seed)

    def __repr__(self) -> str:
        return (
            f"MonteCarloBot(samples={self.samples}, playouts={self.playouts}, depth={self.depth})"
        )

    def act(self, state: State, seat: int) -> Action:
        """The bot's action as the current player, decided from ``observe(state, seat)``.

        >>> import unorules as uno
        >>> s = uno.new_game(2, seed=3)
        >>> type(MonteCarloBot(2, seed=0).act(s, s.current_player)).__name__
        'Play'
        """
        return self.decide(observe(state, seat))

    def interject(self, state: State, seat: int) -> Action | None:
        """A catch whenever another player can be caught, else None.

        >>> import unorules as uno
        >>> s = uno.new_game(2, seed=3)
        >>> MonteCarloBot(2, seed=0).interject(s, 1 - s.current_player) is None
        True
        """
        exposed = [t for t in state.uno_exposed if t != seat]
        return CatchUno(seat, exposed[0]) if exposed else None

    def choices(self, view: View) -> list[Action]:
        """The actions it weighs for ``view`` (see the class): its legal actions without
        the UNO calls, without a play that leaves one card but does not say UNO, and
        without a voluntary draw when it may lay a card.

        >>> import unorules as uno
        >>> rules = uno.MATTEL.but(hand_size=2)
        >>> deal = uno.Deal(dealer=1, hands=[["R2", "G5"], ["B1", "R9"]], turned=["R7"])
        >>> MonteCarloBot(seed=0).choices(uno.observe(uno.new_game(2, rules, deal=deal), 0))
        [Play(0, 'R2', uno=True)]
        """
        mine = [a for a in view.legal_actions if not isinstance(a, CallUno)]
        saying = {(a.card, a.color, a.also, a.target) for a in mine if type(a) is Play and a.uno}
        plays = any(type(a) is Play for a in mine)
        return [
            a
            for a in mine
            if not (type(a) is Draw and plays and view.phase is Phase.PLAY)
            and (type(a) is not Play or a.uno or (a.card, a.color, a.also, a.target) not in saying)
        ]

    def decide(self, view: View) -> Action:
        """The action for ``view``, a view of the current player (a bot over the stdio
        protocol has only this).

        >>> import unorules as uno
        >>> s = uno.new_game(3, seed=4)
        >>> view = uno.observe(s, s.current_player)
        >>> MonteCarloBot(2, seed=5).decide(view) == MonteCarloBot(2, seed=5).decide(view)
        True
        """
        seat = view.player
        legal = view.legal_actions
        if len(view.hand) == 1 and seat in view.uno_open:
            # A late call (e.g. after a swap left it one card); an overdue one no longer
            # protects (C9) and changes nothing, so saying it again would never end.
            return CallUno(seat)
        for a in legal:
            if isinstance(a, CatchUno):
                return a
        options = self.choices(view)
        if len(options) == 1:
            return options[0]
        if not options:
            return legal[0]
        teams = view.rules.teams
        side = seat % teams if teams else seat
        wins = [0.0] * len(options)
        steps = self._LONGEST if self.depth is None else self.depth
        bits = self.random.getrandbits
        for _ in range(self.samples):
            start = sample_state(view, seed=bits(64))
            # Every choice meets the same sampled state and the same playout seeds
            # (common random numbers), so that they differ by the choice, not by luck.
            seeds = [bits(64) for _ in range(self.playouts)]
            for i, a in enumerate(options):
                after = apply(start, a)
                for k in seeds:
                    wins[i] += _playout(after, side, teams, random.Random(k), steps)
        best = max(wins)
        ties = [a for a, w in zip(options, wins, strict=True) if w == best]
        return ties[self.random.randrange(len(ties))]


def _playout(state: State, side: int, teams: int, rand: random.Random, steps: int) -> float:
    """One random playout from ``state``: 1 if ``side`` won the round, 0 if another did,
    0.5 if it ended stuck; stopped after ``steps`` actions, ``side``'s share of the cards."""
    pick = rand.random
    for _ in range(steps):
        phase = state.phase
        if phase is Phase.ROUND_OVER or phase is Phase.GAME_OVER:
            won = state.round_winner
            if won is None:
                return 0.5
            return 1.0 if (won % teams if teams else won) == side else 0.0
        seat = state.current_player
        assert seat is not None
        legal = legal_actions(state, seat)
        two = len(state.hands[seat]) == 2
        plays = [a for a in legal if type(a) is Play and (a.uno or not two)]
        if not plays:
            action: Action = _fallback(legal)
        else:
            up = state.side  # UNO Flip!: the face in play, the colors of its side
            plain = [a for a in plays if not a.card.facing(up).is_wild]
            if plain:
                action = plain[int(pick() * len(plain))]
            else:  # a wild, naming the color the hand holds most of
                colors = _COLORS if up is Side.LIGHT else up.colors
                counts = dict.fromkeys(colors, 0)
                for card in state.hands[seat]:
                    if card.color is not None:
                        counts[card.color] += 1
                most = max(colors, key=counts.__getitem__)
                named = [a for a in plays if a.color is most] or plays
                action = named[int(pick() * len(named))]
        state = apply(state, action)
    return _estimate(state, side, teams)


def _estimate(state: State, side: int, teams: int) -> float:
    """A playout stopped before the round's end: ``side``'s share of the cards the two
    sides nearest to going out hold (fewer cards than the best other side: above 0.5)."""
    best: dict[int, int] = {}
    for seat in state._match.active:
        s = seat % teams if teams else seat
        k = len(state.hands[seat])
        best[s] = min(best.get(s, k), k)
    if side not in best:  # knocked out of the round (No Mercy's Mercy rule)
        return 0.0
    mine = best.pop(side)
    other = min(best.values())
    return other / (mine + other) if mine + other else 0.5


_COLORS = LIGHT_COLORS


def _fallback(legal: Sequence[Action]) -> Action:
    """A playout's move when no card is laid: name a color, draw, or keep the drawn card."""
    for a in legal:
        kind = type(a)
        if kind is Draw or kind is Pass or kind is ChooseColor:
            return a
    for a in legal:
        if type(a) is not CallUno:
            return a
    return legal[0]


def random_bots(count: int, seed: int = 0, **options: float) -> list[RandomBot]:
    """``count`` :class:`RandomBot` players with seeds derived from ``seed`` (``options``
    go to each bot).

    >>> [type(b).__name__ for b in random_bots(2, seed=1, challenge=0.0)]
    ['RandomBot', 'RandomBot']
    """
    return [RandomBot(seed * 1009 + seat, **options) for seat in range(count)]


def play(
    state: State,
    bots: Sequence[Bot],
    *,
    rounds: int | None = None,
    max_actions: int = 1_000_000,
) -> Iterator[tuple[Action, State]]:
    """Play from ``state`` with one bot per seat, yielding each action and the state after
    it, until the match is over or the match's round ``rounds`` (counted from 1 from the
    match's first round) has ended.
    Between rounds it deals the next one (:class:`~unorules.NextRound`). Before the current
    player acts, every other seat in turn may interject (catch, Jump-In).

    >>> import unorules as uno
    >>> start = uno.new_game(2, "danish", seed=1)
    >>> *_, (action, last) = play(start, random_bots(2), rounds=1)
    >>> last.is_over, action.player == last.round_winner
    (True, True)
    """
    if len(bots) != state.players:
        raise ValueError(f"{len(bots)} bots for {state.players} seats")
    for _ in range(max_actions):
        phase = state.phase
        if phase is Phase.GAME_OVER:
            return
        action: Action | None = None
        if phase is Phase.ROUND_OVER:
            if rounds is not None and state.round + 1 >= rounds:
                return
            action = NextRound()
        else:
            current = state.current_player
            assert current is not None
            out = (*state.eliminated, *state.knocked_out)  # seats not in play
            for seat in range(state.players):
                if seat != current and seat not in out:
                    action = bots[seat].interject(state, seat)
                    if action is not None:
                        break
            if action is None:
                action = bots[current].act(state, current)
        state = apply(state, action)
        yield action, state
    raise RuntimeError(f"the game did not end within {max_actions} actions")


# == the bots by name ==========================================================================

BotFactory: TypeAlias = Callable[[int], Bot]
"""What makes one seat's bot: called with that seat's seed, returns a :class:`Bot`.
A bot class whose first argument is a seed (:class:`RandomBot`, :class:`HeuristicBot`) is
one.

>>> make: BotFactory = HeuristicBot
>>> type(make(5)).__name__
'HeuristicBot'
"""


def monte_carlo(seed: int) -> MonteCarloBot:
    """The bot named ``"monte-carlo"``: a :class:`MonteCarloBot` with its default samples,
    seeded with ``seed``.

    >>> monte_carlo(3)
    MonteCarloBot(samples=16, playouts=1, depth=None)
    """
    return MonteCarloBot(seed=seed)


def _check_bot(name: object, factory: object) -> None:
    if not isinstance(name, str) or not name:
        raise ValueError(f"a bot's name is a non-empty string, not {name!r}")
    if not callable(factory):
        raise TypeError(f"bot {name!r}: the factory must be callable, not {factory!r}")


_BOTS: Final[Registry[BotFactory]] = Registry(
    "bot",
    {
        "random": RandomBot,
        "heuristic": HeuristicBot,
        "monte-carlo": monte_carlo,
        "policy": PolicyBot,
    },
    check=_check_bot,
    replace_built_in=True,
    title="BOTS",
)

BOTS: Final[Mapping[str, BotFactory]] = _BOTS.view
"""The bots by name, the one table every part of the package names them from: studies
(:func:`unorules.simulate`, ``bots=``), matches (``--bot NAME``), and every verb of the
command (``unorules simulate --bot heuristic``). Name -> :data:`BotFactory`, read-only;
:func:`register_bot` adds more.

>>> list(BOTS)[:3]
['random', 'heuristic', 'monte-carlo']
"""


def register_bot(name: str, factory: BotFactory, *, replace: bool = False) -> None:
    """Make ``factory`` a bot that studies, matches (and the command's ``--bot``) can name.

    The factory is called once per seat and game with that seat's seed. To run on a
    study's worker processes it must be picklable (a module-level class or function); it
    is sent with every chunk, so a name registered only in the main process still works
    there. A name already registered, built-in ones too, is replaced only with
    ``replace=True``.

    >>> register_bot("doc-cautious", HeuristicBot)
    >>> get_bot("doc-cautious") is HeuristicBot
    True
    >>> register_bot("random", HeuristicBot)
    Traceback (most recent call last):
    ...
    ValueError: bot 'random' is already registered; pass replace=True
    >>> _BOTS.unregister("doc-cautious")  # (the example tidies up: the registry is global)
    """
    _BOTS.register(name, factory, replace=replace)


def get_bot(name: str) -> BotFactory:
    """The factory of a bot named in :data:`BOTS`; a ``ValueError`` names the known bots,
    and the one meant when the name is a near miss.

    >>> get_bot("heuristic").__name__
    'HeuristicBot'
    >>> get_bot("heuristc")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'heuristc'; did you mean 'heuristic'? known: heuristic, monte-carlo, ...
    """
    return _BOTS.get(name)
