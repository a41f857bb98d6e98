"""Evaluating agents: bots and policies against each other over many seeded games, as
win rates with 95% confidence intervals (what RLCard's ``tournament`` does, on the
rules done right).

:func:`tournament` seats one entrant per seat and plays every seating in turn (entrant
``e`` at seat ``e``, then at seat ``e + 1``, ...), each on the same seeded deals, so that
every entrant plays every deal from every seat: the seat advantage (the first player wins
more often) cancels, and the luck of the deal too. It is built on
:func:`~unorules.studies.study.simulate`, one study per seating (on any executor, seeded
the same way), and merges their exact tallies.

An entrant is a bot name (:data:`~unorules.agents.bots.BOTS`, those of
:func:`~unorules.agents.bots.register_bot` included), a
:data:`~unorules.agents.bots.BotFactory`, a :class:`~unorules.agents.bots.Bot` object,
or a policy: a function from a player's :class:`~unorules.View` (which holds its
``legal_actions``) to one of them, wrapped by :func:`policy_bot`.

>>> import unorules as uno
>>> result = uno.tournament(["heuristic", "random"], games=200, seed=1)
>>> result.bots, result.games, result.seatings
(('heuristic', 'random'), 200, 2)
>>> heuristic, rand = result.win_rates
>>> heuristic.low > rand.high  # the greedy bot wins more, beyond doubt
True
>>> sum(result.wins) + result.stuck_rounds == result.rounds_played
True
"""

from __future__ import annotations

import concurrent.futures as cf
import pickle
from collections.abc import Callable, Sequence
from typing import IO, TypeAlias, cast

import attrs

from unorules.actions import Action
from unorules.agents.bots import BOTS, Bot, BotFactory, get_bot
from unorules.rules import Rules
from unorules.state import State
from unorules.studies.study import (
    _FINISHED,
    _ROUNDS,
    _WINS,
    MAX_ROUNDS,
    Estimate,
    Progress,
    Study,
    _describe,
    _progress,
    _rules,
    _Tally,
    _whole,
    simulate,
)
from unorules.view import View, observe

__all__ = ["Entrant", "Policy", "Tournament", "policy_bot", "tournament"]

Policy: TypeAlias = Callable[[View], Action]
"""A policy: a function from what a player sees (its :class:`~unorules.View`, whose
``legal_actions`` are what it may do) to its action. :func:`policy_bot` makes it a bot.

>>> import unorules as uno
>>> first: Policy = lambda view: view.legal_actions[0]
>>> view = uno.observe(uno.new_game(2, seed=1), 0)
>>> first(view) in view.legal_actions
True
"""

Entrant: TypeAlias = "str | BotFactory | Bot"
"""What :func:`tournament` seats: a bot name, a bot factory (a callable of a seed, such as
the class :class:`~unorules.agents.bots.HeuristicBot`), or a bot object (one object
plays every game of that entrant). A :data:`Policy` enters through :func:`policy_bot`.

>>> from unorules.agents.bots import HeuristicBot
>>> entrants: list[Entrant] = ["random", HeuristicBot, HeuristicBot(3)]
"""


@attrs.frozen
class _PolicyBot:
    """A policy as a bot: it acts on its seat's view; out of turn it does nothing."""

    policy: Policy

    def act(self, state: State, seat: int) -> Action:
        return self.policy(observe(state, seat))

    def interject(self, state: State, seat: int) -> Action | None:
        return None


@attrs.frozen
class _PolicyFactory:
    """The factory :func:`policy_bot` returns (picklable when the policy is)."""

    policy: Policy

    def __call__(self, seed: int) -> _PolicyBot:
        return _PolicyBot(self.policy)

    def __repr__(self) -> str:
        return f"policy {getattr(self.policy, '__qualname__', repr(self.policy))}"


@attrs.frozen
class _Same:
    """A bot object as a factory: every game gets that one object."""

    bot: Bot

    def __call__(self, seed: int) -> Bot:
        return self.bot

    def __repr__(self) -> str:
        return type(self.bot).__name__


def policy_bot(policy: Policy) -> BotFactory:
    """A bot factory that plays ``policy``: as the current player it returns
    ``policy(view)`` for its seat's view; it takes no action out of turn (no catches, no
    Jump-Ins). To run on worker processes (``executor=``) the policy must pickle: a
    function defined at a module's top level, not a lambda.

    >>> import unorules as uno
    >>> def first_legal(view):
    ...     return view.legal_actions[0]
    >>> result = uno.tournament([policy_bot(first_legal), "random"], games=20)
    >>> result.bots
    ('policy first_legal', 'random')
    """
    if not callable(policy):
        raise TypeError(f"policy: a function from a View to an Action, not {policy!r}")
    return _PolicyFactory(policy)


def _factory(entrant: object, index: int) -> tuple[str, BotFactory]:
    """An entrant's name and factory; a clear error names a bad one by its index."""
    if isinstance(entrant, str):
        try:
            return entrant, get_bot(entrant)
        except ValueError as err:
            raise ValueError(f"bots[{index}]: {err}") from None
    if not isinstance(entrant, type) and callable(getattr(entrant, "act", None)):
        if not callable(getattr(entrant, "interject", None)):
            raise TypeError(
                f"bots[{index}]: a bot has act() and interject(); {entrant!r} has no interject()"
            )
        same = _Same(cast(Bot, entrant))
        return repr(same), same
    if callable(entrant):
        found = [n for n, f in BOTS.items() if f is entrant]
        name = found[0] if found else getattr(entrant, "__qualname__", repr(entrant))
        return name, entrant
    raise TypeError(
        f"bots[{index}]: a bot name, a bot factory, a bot or policy_bot(policy); not {entrant!r}"
    )


@attrs.frozen(eq=True)
class Tournament:
    """The result of :func:`tournament`: each entrant's wins and win rate, over every
    seating, with the :class:`~unorules.studies.study.Study` of each seating.

    The win rate is the share of the rounds played that the entrant won (of the matches
    finished, when the games are whole matches), with its 95% confidence interval: the
    Wilson interval, for the spread between games (a game is one draw, however many
    rounds it holds). A round nobody could win (stuck, :rule:`C15`) counts for nobody.

    >>> result = tournament(["heuristic", "random"], games=10, seed=2)
    >>> [study.bots for study in result.studies]
    [('heuristic', 'random'), ('random', 'heuristic')]
    >>> result.to_rows()[0]["bot"], result.to_rows()[0]["rounds"]
    ('heuristic', 10)
    """

    bots: tuple[str, ...]
    """The entrants, by name, in the order given."""
    studies: tuple[Study, ...]
    """One study per seating: in study ``r``, seat ``s`` holds entrant ``(s + r) % n``."""

    @property
    def rules(self) -> Rules:
        """The rules played."""
        return self.studies[0].rules

    @property
    def seed(self) -> int:
        """The seed of the deals (each seating plays the same ones)."""
        return self.studies[0].seed

    @property
    def rounds(self) -> int | None:
        """Rounds per game (None: whole matches)."""
        return self.studies[0].rounds

    @property
    def seatings(self) -> int:
        """How many seatings were played: one per entrant."""
        return len(self.studies)

    @property
    def deals(self) -> int:
        """Games per seating: the seeded deals every seating plays."""
        return self.studies[0].games

    @property
    def games(self) -> int:
        """Games played in all (deals times seatings)."""
        return self.deals * self.seatings

    @property
    def rounds_played(self) -> int:
        """Rounds played in all."""
        return sum(study.rounds_played for study in self.studies)

    @property
    def stuck_rounds(self) -> int:
        """Rounds nobody won (stuck, :rule:`C15`)."""
        return sum(study.stuck_rounds for study in self.studies)

    @property
    def _matches(self) -> bool:
        return self.rounds is None

    @property
    def played(self) -> int:
        """What the win rates are shares of: rounds played, or matches finished for
        whole matches."""
        if self._matches:
            return sum(study.matches_finished for study in self.studies)
        return self.rounds_played

    def _seat(self, entrant: int, seating: int) -> int:
        return (entrant - seating) % self.seatings

    @property
    def wins(self) -> tuple[int, ...]:
        """Rounds won by each entrant (matches won, for whole matches)."""
        out = []
        for e in range(self.seatings):
            total = 0
            for r, study in enumerate(self.studies):
                wins = study.match_wins if self._matches else study.round_wins
                total += wins[self._seat(e, r)]
            out.append(total)
        return tuple(out)

    def _tally(self) -> _Tally:
        """The merged tally of what the win rates need: games, rounds (or matches
        finished), then each entrant's wins, whatever its seat."""
        players = self.seatings
        merged: _Tally | None = None
        for r, study in enumerate(self.studies):
            if self._matches:
                indices = [0, 1 + _FINISHED]
                indices += [1 + _WINS + players + self._seat(e, r) for e in range(players)]
            else:
                indices = [0, 1 + _ROUNDS]
                indices += [1 + _WINS + self._seat(e, r) for e in range(players)]
            part = study._tally.select(indices, 0)
            merged = part if merged is None else merged + part
        assert merged is not None
        return merged

    @property
    def win_rates(self) -> tuple[Estimate, ...]:
        """Each entrant's share of the rounds (or finished matches), with its 95%
        confidence interval; 0 with an infinite interval when none was played."""
        tally = self._tally()
        out = []
        for e in range(self.seatings):
            found = tally.ratio(2 + e, 1, share=True)
            out.append(found if found is not None else Estimate(0.0, -float("inf"), float("inf")))
        return tuple(out)

    def to_rows(self) -> list[dict[str, object]]:
        """One row per entrant: ``bot``, ``wins``, ``rounds`` (what the rate is a share
        of: rounds, or finished matches), ``win_rate`` and its interval ``low``, ``high``,
        ready for ``pandas.DataFrame(result.to_rows())``.

        >>> rows = tournament(["heuristic", "random"], games=20, seed=1).to_rows()
        >>> [(row["bot"], row["rounds"]) for row in rows]
        [('heuristic', 20), ('random', 20)]
        >>> all(row["low"] <= row["win_rate"] <= row["high"] for row in rows)
        True
        """
        played = self.played
        return [
            {
                "bot": name,
                "wins": wins,
                "rounds": played,
                "win_rate": rate.value,
                "low": rate.low,
                "high": rate.high,
            }
            for name, wins, rate in zip(self.bots, self.wins, self.win_rates, strict=True)
        ]

    def __str__(self) -> str:
        """The table ``unorules tournament`` prints.

        >>> print(tournament(["heuristic", "random"], games=40, seed=1))  # doctest: +ELLIPSIS
        tournament   40 games: 20 deals x 2 seatings, every bot in every seat
                     2 players, rules mattel, seed 1, 1 round each; [low, high] = 95% CI
        bot          win rate            won / rounds
        heuristic    77.5% [61.8, 88.0]  31 / 40
        random       22.5% [12.0, 38.2]  9 / 40
        """
        rounds = self.rounds
        each = (
            "whole matches" if rounds is None else f"{rounds} round{'s' if rounds > 1 else ''} each"
        )
        what = "matches" if rounds is None else "rounds"
        width = max(12, *(len(name) for name in self.bots))
        pad = " " * (width + 1)
        lines = [
            f"{'tournament':<{width}} {self.games} games: {self.deals} deals x {self.seatings}"
            " seatings, every bot in every seat",
            f"{pad}{self.seatings} players, rules {_describe(self.rules)}, seed {self.seed},"
            f" {each}; [low, high] = 95% CI",
            f"{'bot':<{width}} {'win rate':<19} won / {what}",
        ]
        for name, wins, rate in zip(self.bots, self.wins, self.win_rates, strict=True):
            interval = (
                f" [{100 * rate.low:.1f}, {100 * rate.high:.1f}]"
                if rate.half_width != float("inf")
                else ""
            )
            cell = f"{100 * rate.value:.1f}%{interval}"
            lines.append(f"{name:<{width}} {cell:<19} {wins} / {self.played}")
        if self.stuck_rounds:
            lines.append(f"{'no winner':<{width}} {self.stuck_rounds} rounds (stuck, C15)")
        return "\n".join(lines)


def tournament(
    bots: Sequence[Entrant],
    games: int = 1000,
    *,
    rules: Rules | str = "mattel",
    rounds: int | None = 1,
    seed: int = 0,
    executor: cf.Executor | None = None,
    chunk_size: int | None = None,
    max_in_flight: int | None = None,
    progress: bool | IO[str] | Progress | None = None,
    max_rounds: int = MAX_ROUNDS,
) -> Tournament:
    """Play the entrants against each other, one per seat, every one in every seat, and
    return their win rates with 95% confidence intervals.

    Args:
        bots: the entrants, one per seat (2 to 10): bot names, bot factories, bot
            objects, or :func:`policy_bot` policies. The same bot may enter twice (a
            policy against three random bots: ``[policy_bot(p), "random", "random",
            "random"]``).
        games: games in all, rounded up to a multiple of the seatings: every seating
            plays the same ``games / len(bots)`` seeded deals.
        rules: a :class:`~unorules.Rules` value or a profile name (without teams: a
            team wins together, and a tournament scores each bot).
        rounds: rounds per game (1, the default: a game is one round); None plays whole
            matches and scores the matches won.
        seed, executor, chunk_size, max_in_flight, progress, max_rounds: as
            :func:`~unorules.studies.study.simulate` (one progress for the whole
            tournament). Bots registered at run time play on worker processes too: the
            factory travels with every chunk, and must pickle (a module-level class or
            function) on a process pool.

    Raises:
        ValueError: fewer than two entrants, an unknown bot name, rules with teams, a bad
            count.
        TypeError: an entrant that is no bot, or one that cannot go to a process pool.

    >>> result = tournament(["heuristic", "random", "random"], games=30, seed=4)
    >>> result.deals, [round(r.value, 2) for r in result.win_rates]  # doctest: +ELLIPSIS
    (10, [...])
    >>> tournament(["heuristic"])
    Traceback (most recent call last):
    ...
    ValueError: bots: at least 2 entrants (one per seat), not 1
    """
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise TypeError(f"bots: a list of entrants (one per seat), not {bots!r}")
    if not 2 <= len(bots) <= 10:
        raise ValueError(
            f"bots: at least 2 entrants (one per seat), not {len(bots)}"
            if len(bots) < 2
            else f"bots: at most 10 entrants, not {len(bots)}"
        )
    played = _rules(rules, "rules")
    if played.teams:
        raise ValueError(
            f"rules: a tournament scores each bot, and these rules play in {played.teams}"
            " teams (use unorules.simulate for teams)"
        )
    _whole(games, "games", 1)
    names: list[str] = []
    factories: list[BotFactory] = []
    for i, entrant in enumerate(bots):
        name, factory = _factory(entrant, i)
        names.append(name)
        factories.append(factory)
    if isinstance(executor, cf.ProcessPoolExecutor):
        for i, factory in enumerate(factories):
            try:
                pickle.dumps(factory)
            except Exception:
                raise TypeError(
                    f"bots[{i}]: {names[i]} does not pickle, so it cannot go to worker"
                    " processes: define it at the top level of a module (not a lambda), or"
                    " play without a process pool"
                ) from None
    n = len(factories)
    deals = -(-games // n)
    shown = _progress(progress, deals * n)
    studies = []
    for r in range(n):
        seating = [factories[(s + r) % n] for s in range(n)]
        study = simulate(
            played,
            n,
            deals,
            bots=seating,
            seed=seed,
            rounds=rounds,
            executor=executor,
            chunk_size=chunk_size,
            max_in_flight=max_in_flight,
            progress=shown,
            max_rounds=max_rounds,
        )
        studies.append(attrs.evolve(study, bots=tuple(names[(s + r) % n] for s in range(n))))
    return Tournament(tuple(names), tuple(studies))
