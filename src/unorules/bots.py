"""Simple computer players, for simulations, recorded examples and tests.

A bot decides for one seat at a time; :func:`play` runs a game between bots, giving every
seat its chance to catch a player who forgot to say UNO (or to jump in, where the rules
allow it) before the player to act moves.

>>> import unorules as uno
>>> from unorules import bots
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
from collections.abc import Iterator, Sequence
from typing import Protocol

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
from unorules.engine import apply, legal_actions
from unorules.state import Phase, State

__all__ = ["Bot", "HeuristicBot", "RandomBot", "play", "random_bots"]


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
        if phase is Phase.CHOOSE_COLOR:
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
    card, then the color it holds most of. It names the color it holds most of with a
    wild, swaps hands (Seven-O) with the player holding the fewest cards, always says UNO,
    stacks a penalty when it can, never challenges a Wild Draw Four, draws when nothing
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
        held: dict[object, int] = {}
        for card in hand:
            if card.color is not None:
                held[card.color] = held.get(card.color, 0) + 1
        others = [s for s in range(state.players) if s != seat and s not in state.eliminated]
        fewest = min(others, key=lambda s: len(state.hands[s]), default=None)

        def key(a: Play) -> tuple[int, ...]:
            laid = (a.card, *a.also)
            color = a.color if a.color is not None else a.card.color
            return (
                int(a.uno),
                int(a.target is None or a.target == fewest),
                len(laid),
                int(a.card.color is not None),
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
    it, until the match is over or ``rounds`` rounds (counted from round 0) have ended.
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
            out = state.eliminated
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
