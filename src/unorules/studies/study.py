"""Rule studies: many seeded bot games, on any executor, as mergeable tallies.

:func:`simulate` plays ``games`` seeded games between bots and returns a :class:`Study`:
exact tallies (a histogram of round lengths, wins per seat and per side, points, matches
finished, stuck rounds) and the figures read off them, each an :class:`Estimate` with a
95% confidence interval. :func:`compare` plays the same seeds under two rule sets and
returns a :class:`Comparison`: both studies and the paired difference of every figure.

Game ``i`` of a study with seed ``s`` is seeded from ``(s, i)`` alone (the seed
``unorules simulate`` has always used), and its bots from that game seed, so the result
is the same whatever runs it: in-process, a :class:`concurrent.futures.ProcessPoolExecutor`,
Dask (``client.get_executor()``), Ray (:class:`RayExecutor`), in chunks of any size.

>>> import unorules as uno
>>> study = uno.simulate("mattel", 3, 40, rounds=1, seed=7)
>>> study.games, study.rounds_played, sum(study.round_wins) + study.stuck_rounds
(40, 40, 40)
>>> study.round_length.low < study.round_length.value < study.round_length.high
True
>>> first, rest = (uno.simulate("mattel", 3, n, rounds=1, seed=7, start=s)
...                for n, s in ((15, 0), (25, 15)))
>>> first + rest == study  # tallies merge exactly
True
"""

from __future__ import annotations

import concurrent.futures as cf
import functools
import importlib
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import IO, Any, Final, TypeGuard

import attrs

from unorules._echo import shown, shown_int
from unorules.actions import NextRound
from unorules.agents import bots as _bots

# The one table of bot names lives with the bots; its names stay importable from here.
from unorules.agents.bots import BOTS as BOTS  # noqa: PLC0414 (an explicit re-export)
from unorules.agents.bots import BotFactory as BotFactory  # noqa: PLC0414
from unorules.agents.bots import get_bot as get_bot  # noqa: PLC0414
from unorules.agents.bots import register_bot as register_bot  # noqa: PLC0414
from unorules.cards import ALL_CARDS
from unorules.engine import new_game
from unorules.rules import (
    MATTEL,
    Rules,
    RulesError,
    get_profile,
    profile_name,
    rules_from_options,
    rules_to_options,
)
from unorules.state import Phase

__all__ = [
    "MAX_ROUNDS",
    "PROGRESS_SECONDS",
    "ROUNDS_LIMIT",
    "Comparison",
    "Estimate",
    "Progress",
    "RayExecutor",
    "Study",
    "compare",
    "game_seed",
    "simulate",
]

_Z95: Final = 1.959963984540054  # the two-sided 95% quantile of the normal distribution
_SIGN_TEST_GAMES: Final = 6
"""The fewest games that all differing the same way tell a difference at the 5% level
(the sign test: 2 / 2**6 < 0.05 < 2 / 2**5): from fewer, a paired difference with no spread
between games has an undefined interval."""
_SEEDS: Final = 1 << 64
"""Game seeds are taken modulo this: a study's seed and game indices stay below it, so a
study holds at most this many games."""
MAX_ROUNDS: Final = 500
"""The default ``max_rounds`` of :func:`simulate` and :func:`compare` (and ``--max-rounds``):
a whole match not over after this many rounds is stopped and counted as unfinished. Real
matches are far shorter (random bots play 10 to 20 rounds a match of a built-in profile on
average, at most 35 in 2,400 matches of 2 and 4 players); a match of stuck rounds
(``round_turn_limit``, C15) or with a target of billions never ends.

>>> MAX_ROUNDS, simulate("mattel", 2, 1).max_rounds
(500, 500)
"""
ROUNDS_LIMIT: Final = 10**6
"""The most rounds a game of a study plays: ``rounds`` and ``max_rounds`` are at most this.

>>> simulate("mattel", 2, 1, max_rounds=ROUNDS_LIMIT + 1)
Traceback (most recent call last):
...
ValueError: max_rounds: at most 1,000,000, not 1000001
"""
_ROUND_ACTIONS: Final = 10**6
"""The most actions a round of a study lasts: a round past it stops the study with a
RuntimeError (no bot that plays to go out comes near it; a bot that never lays a card can
keep a round going for ever, see ``round_turn_limit``)."""
_FORMAT: Final = "unorules-study/1"  # the "format" of Study.to_dict and Comparison.to_dict


# == the figures ===============================================================================


@attrs.frozen
class Estimate:
    """A figure and its 95% confidence interval ``[low, high]``.

    For a difference (:meth:`Comparison.differences`), :attr:`significant` says whether
    the interval leaves out 0. The bounds are infinite when one game cannot tell. Means get
    Student's t interval, shares the Wilson score interval (within 0 and 1, never a point),
    paired differences of shares the MOVER interval from both sides' Wilson intervals.

    >>> e = Estimate(0.25, 0.2, 0.3)
    >>> str(e), e.significant, e.half_width
    ('0.25 [0.2, 0.3]', True, 0.04999999999999999)
    """

    value: float
    """The estimate."""
    low: float
    """The lower bound of its 95% confidence interval."""
    high: float
    """The upper bound."""

    @property
    def half_width(self) -> float:
        """Half the width of the interval."""
        return (self.high - self.low) / 2

    @property
    def significant(self) -> bool:
        """Whether the interval leaves out 0 (a difference significant at the 5% level)."""
        return not self.low <= 0 <= self.high

    def __str__(self) -> str:
        return f"{self.value:.4g} [{self.low:.4g}, {self.high:.4g}]"

    def to_dict(self) -> dict[str, float | None]:
        """The estimate as JSON values (``null`` for an infinite bound).

        >>> Estimate(1.0, 0.5, 1.5).to_dict()
        {'value': 1.0, 'low': 0.5, 'high': 1.5}
        """
        return {k: (v if math.isfinite(v) else None) for k, v in attrs.asdict(self).items()}


@functools.lru_cache(maxsize=64)
def _t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t distribution with ``df`` degrees of
    freedom (the normal quantile for very many): the intervals use ``df = games - 1``.

    >>> round(_t95(1), 4), round(_t95(10), 4), round(_t95(10**9), 4)
    (12.7062, 2.2281, 1.96)
    """
    if df > 1000:  # the Cornish-Fisher expansion: off by less than 1e-12 here
        z = _Z95
        return (
            z
            + (z**3 + z) / (4 * df)
            + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
        )

    def central(theta: float) -> float:
        """P(|T| < sqrt(df) tan(theta)), in closed form for whole ``df`` (A&S 26.7.3-4)."""
        c2, s = math.cos(theta) ** 2, math.sin(theta)
        if df % 2:
            term = total = 0.0 if df == 1 else math.cos(theta)
            for k in range(3, df - 1, 2):
                term *= c2 * (k - 1) / k
                total += term
            return 2 / math.pi * (theta + s * total)
        term = total = 1.0
        for k in range(2, df - 1, 2):
            term *= c2 * (k - 1) / k
            total += term
        return s * total

    lo, hi = 0.0, math.pi / 2
    for _ in range(64):  # bisection: the probability grows with theta
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if central(mid) < 0.95 else (lo, mid)
    return math.sqrt(df) * math.tan((lo + hi) / 2)


def _estimate(value: Fraction, sum_sq: Fraction, divisor: Fraction, games: int) -> Estimate:
    """``value`` with the interval from the residual sum of squares ``sum_sq`` (variance of
    the estimate ``sum_sq / divisor``)."""
    center = float(value)
    if games < 2:
        return Estimate(center, -math.inf, math.inf)
    half = _t95(games - 1) * math.sqrt(float(max(sum_sq, Fraction(0)) / divisor))
    return Estimate(center, center - half, center + half)


def _wilson(p: float, size: float, q: float) -> tuple[float, float]:
    """The Wilson score interval of a share ``p`` of ``size`` draws, quantile ``q``."""
    q2 = q * q
    center = (p + q2 / (2 * size)) / (1 + q2 / size)
    half = q / (1 + q2 / size) * math.sqrt(p * (1 - p) / size + q2 / (4 * size * size))
    return max(0.0, min(p, center - half)), min(1.0, max(p, center + half))


# == the tally =================================================================================
#
# Each game contributes a vector of whole numbers: a constant 1, then for every rule set
# played on its seed a block of components (rounds, actions, points, stuck rounds, match
# finished, round wins per seat, match wins per side; then, only for rules whose Mercy rule
# can knock players out (No Mercy, NM1.8), the players knocked out). The tally keeps how many games,
# the sum of the vectors and the sum of their outer products (upper triangle): all whole
# numbers, so merging is exact and commutative, and any figure that is a ratio of two
# sums gets its confidence interval by the delta method, the game being the unit (rounds
# of one match are not independent draws).

_ROUNDS, _ACTIONS, _POINTS, _STUCK, _FINISHED, _FIRST, _WINS = range(7)


def _width(players: int, sides: int, knockouts: bool = False) -> int:
    """The components of one rule set's block (``knockouts``: the rules can knock players
    out, and the block ends with their count)."""
    return _WINS + players + sides + knockouts


def _knocks(rules: Rules) -> bool:
    """Whether ``rules`` can knock a player out of a round (the Mercy rule, NM1.8): only
    their studies count knockouts, so every other study's tally and JSON stay as they were.

    >>> _knocks(MATTEL), _knocks(get_profile("mattel-no-mercy"))
    (False, True)
    """
    return rules.mercy > 0


def _block(rules: Rules, players: int) -> int:
    """The width of ``rules``'s block at a table of ``players``."""
    return _width(players, rules.teams or players, _knocks(rules))


@attrs.frozen
class _Tally:
    """The mergeable counts of a set of games (see above)."""

    games: int
    sums: tuple[int, ...]
    products: tuple[int, ...]
    lengths: tuple[tuple[tuple[int, int], ...], ...]
    """Per rule set: (actions in a round, how many rounds), sorted by length."""

    def __add__(self, other: _Tally) -> _Tally:
        if len(self.sums) != len(other.sums) or len(self.lengths) != len(other.lengths):
            raise ValueError("these tallies count different things and cannot be merged")
        lengths = []
        for mine, theirs in zip(self.lengths, other.lengths, strict=True):
            merged = dict(mine)
            for length, count in theirs:
                merged[length] = merged.get(length, 0) + count
            lengths.append(tuple(sorted(merged.items())))
        return _Tally(
            self.games + other.games,
            tuple(a + b for a, b in zip(self.sums, other.sums, strict=True)),
            tuple(a + b for a, b in zip(self.products, other.products, strict=True)),
            tuple(lengths),
        )

    def product(self, i: int, j: int) -> int:
        """The sum over games of component ``i`` times component ``j``."""
        if i > j:
            i, j = j, i
        k = len(self.sums)
        return self.products[i * k - i * (i - 1) // 2 + j - i]

    def select(self, indices: Sequence[int], lengths: int) -> _Tally:
        """The tally of the components ``indices`` only (and one histogram)."""
        return _Tally(
            self.games,
            tuple(self.sums[i] for i in indices),
            tuple(
                self.product(indices[a], indices[b])
                for a in range(len(indices))
                for b in range(a, len(indices))
            ),
            (self.lengths[lengths],),
        )

    def _spread(self, x: Mapping[int, Fraction], y: Mapping[int, Fraction]) -> Fraction:
        """The sum over games of (sum of ``x[i]`` times component ``i``) times (the same
        with ``y``)."""
        return sum(
            (ci * cj * self.product(i, j) for i, ci in x.items() for j, cj in y.items()),
            Fraction(0),
        )

    def _linear(self, a: int | None, b: int) -> dict[int, Fraction]:
        """The coefficients of a game's residual from ratio ``a / b``, per mean of ``b``
        (the delta method's linearisation: its variance over games is the ratio's); ``a``
        None is a count that is 0 in every game, whose ratio has no residual."""
        if a is None:
            return {}
        r, mean = Fraction(self.sums[a], self.sums[b]), Fraction(self.sums[b], self.games)
        out = {a: 1 / mean}
        out[b] = out.get(b, Fraction(0)) - r / mean
        return out

    def steady(self, a: int, b: int) -> bool:
        """Whether ratio ``a / b`` is the same in every game (``b`` not summing to 0)."""
        weights = self._linear(a, b)
        return self._spread(weights, weights) == 0

    def ratio(self, a: int, b: int, *, share: bool = False) -> Estimate | None:
        """The ratio of the sums of components ``a`` and ``b``, None when ``b`` sums to 0;
        with ``share``, a share of ``b`` (a count of it) with the Wilson interval."""
        total = self.sums[b]
        if total == 0:
            return None
        r = Fraction(self.sums[a], total)
        n = self.games
        weights = self._linear(a, b)
        sum_sq = self._spread(weights, weights)
        if not share:
            return _estimate(r, sum_sq, Fraction(n * (n - 1)) if n > 1 else Fraction(1), n)
        if n < 2:
            return Estimate(float(r), -math.inf, math.inf)
        low, high = _wilson(float(r), self._size(r, sum_sq, total), _t95(n - 1))
        return Estimate(float(r), low, high)

    def _size(self, r: Fraction, sum_sq: Fraction, total: int) -> float:
        """The effective number of draws of a share ``r`` of ``total`` counts whose games
        spread by ``sum_sq``: what a binomial share of that variance is drawn from, never
        more than the counts themselves (times ``(games - 1) / games``, as the variance)."""
        n = self.games
        most = Fraction(total * (n - 1), n)
        if sum_sq == 0 or r in (0, 1):
            return float(most)
        return float(min(most, r * (1 - r) * n * (n - 1) / sum_sq))

    def difference(
        self, a: tuple[int | None, int], b: tuple[int | None, int], *, share: bool = False
    ) -> Estimate | None:
        """Ratio ``b`` minus ratio ``a``, paired by game (each a pair of components, the
        numerator None for a count that is 0 in every game); with ``share``, two shares, by
        MOVER from their Wilson intervals."""
        (na, da), (nb, db) = a, b
        if self.sums[da] == 0 or self.sums[db] == 0:
            return None
        n = self.games
        ra = Fraction(0 if na is None else self.sums[na], self.sums[da])
        rb = Fraction(0 if nb is None else self.sums[nb], self.sums[db])
        la, lb = self._linear(na, da), self._linear(nb, db)
        both = dict(lb)
        for index, c in la.items():
            both[index] = both.get(index, Fraction(0)) - c
        sum_sq = self._spread(both, both)
        value = float(rb - ra)
        if n < 2:
            return Estimate(value, -math.inf, math.inf)
        if not share or (sum_sq == 0 and value == 0):
            if sum_sq == 0 and value != 0 and n < _SIGN_TEST_GAMES:
                return Estimate(value, -math.inf, math.inf)
            return _estimate(rb - ra, sum_sq, Fraction(n * (n - 1)), n)
        q = _t95(n - 1)
        va, vb = self._spread(la, la), self._spread(lb, lb)
        low_a, high_a = _wilson(float(ra), self._size(ra, va, self.sums[da]), q)
        low_b, high_b = _wilson(float(rb), self._size(rb, vb, self.sums[db]), q)
        phi = (
            0.0
            if va == 0 or vb == 0
            else float(self._spread(la, lb)) / (math.sqrt(float(va)) * math.sqrt(float(vb)))
        )
        phi = max(-1.0, min(1.0, phi))

        def arm(x: float, y: float) -> float:
            return math.sqrt(max(0.0, x * x + y * y - 2 * phi * x * y))

        low = value - arm(float(rb) - low_b, high_a - float(ra))
        high = value + arm(high_b - float(rb), float(ra) - low_a)
        return Estimate(value, max(-1.0, low), min(1.0, high))

    def to_dict(self) -> dict[str, object]:
        return {
            "games": self.games,
            "sums": list(self.sums),
            "products": list(self.products),
            "round_lengths": [{str(k): v for k, v in side} for side in self.lengths],
        }

    @classmethod
    def from_dict(cls, data: object, width: int, sides: int, path: str) -> _Tally:
        if not isinstance(data, dict):
            raise ValueError(f"{path}: expected an object")

        def whole(value: object, where: str) -> int:
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{where}: expected a whole number >= 0, got {shown_int(value)}")
            return value

        def numbers(key: str, length: int) -> tuple[int, ...]:
            items = data.get(key)
            if not isinstance(items, list) or len(items) != length:
                raise ValueError(f"{path}.{key}: expected a list of {length} whole numbers")
            return tuple(whole(v, f"{path}.{key}[{i}]") for i, v in enumerate(items))

        games = whole(data.get("games"), f"{path}.games")
        sums = numbers("sums", width)
        products = numbers("products", width * (width + 1) // 2)
        raw = data.get("round_lengths")
        if not isinstance(raw, list) or len(raw) != sides:
            raise ValueError(f"{path}.round_lengths: expected a list of {sides} objects")
        lengths = []
        for r, side in enumerate(raw):
            where = f"{path}.round_lengths[{r}]"
            if not isinstance(side, dict):
                raise ValueError(f"{where}: expected an object")
            pairs = []
            for key, count in side.items():
                if not (key.isascii() and key.isdigit()):
                    raise ValueError(f"{where}: {shown(key)} is not a number of actions")
                if len(key) > 7 or int(key) > _ROUND_ACTIONS:
                    raise ValueError(
                        f"{where}: a round of {shown(key)} actions: a round of a study lasts"
                        f" at most {_ROUND_ACTIONS:,}"
                    )
                pairs.append((int(key), whole(count, f"{where}[{key!r}]")))
            lengths.append(tuple(sorted(pairs)))
        if sums[0] != games:
            raise ValueError(f"{path}.sums[0]: must equal games ({games}), got {sums[0]}")
        return cls(games, sums, products, tuple(lengths))


# == playing a chunk ===========================================================================


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a study seeded ``seed`` (as the CLI has always used).

    >>> game_seed(1, 2)
    1000005
    """
    return (seed * 1_000_003 + index) % _SEEDS


@attrs.frozen
class _Chunk:
    """What a worker needs to play games ``start`` to ``stop - 1``: sent out, a small
    :class:`_Tally` comes back."""

    rules: tuple[Rules, ...]
    players: int
    bots: tuple[BotFactory, ...]
    seed: int
    rounds: int
    """Rounds after which a game stops (``rounds``, or ``max_rounds`` for whole matches)."""
    start: int
    stop: int


def _play_chunk(chunk: _Chunk, on_game: Callable[[], None] | None = None) -> _Tally:
    players = chunk.players
    offsets = [1]
    for rules in chunk.rules:
        offsets.append(offsets[-1] + _block(rules, players))
    k = offsets[-1]
    rows = [i * k - i * (i - 1) // 2 - i for i in range(k)]
    sums = [0] * k
    products = [0] * (k * (k + 1) // 2)
    lengths: list[dict[int, int]] = [{} for _ in chunk.rules]
    factories = chunk.bots
    most = chunk.rounds * (_ROUND_ACTIONS + 1)  # never reached: a round stops first
    for index in range(chunk.start, chunk.stop):
        this_seed = game_seed(chunk.seed, index)
        nonzero: list[tuple[int, int]] = [(0, 1)]
        for r, rules in enumerate(chunk.rules):
            o = offsets[r]
            histogram = lengths[r]
            state = new_game(players, rules, this_seed)
            seats = [factories[s](this_seed * 1009 + s) for s in range(players)]
            rounds = actions = points = stuck = total = first_wins = knocked = 0
            wins = [0] * players
            last = state
            first = state.current_player
            for action, last in _bots.play(state, seats, rounds=chunk.rounds, max_actions=most):
                if isinstance(action, NextRound):
                    first = last.current_player
                    continue
                actions += 1
                if actions >= _ROUND_ACTIONS and not last.is_over:
                    raise RuntimeError(
                        f"game {index} of the study (seed {this_seed}): round {rounds + 1} did"
                        f" not end within {_ROUND_ACTIONS:,} actions (round_turn_limit bounds"
                        " a round)"
                    )
                if last.is_over:
                    rounds += 1
                    total += actions
                    histogram[actions] = histogram.get(actions, 0) + 1
                    winner = last.round_winner
                    if winner is None:
                        stuck += 1
                    else:
                        wins[winner] += 1
                        first_wins += winner == first
                    scored = last.round_points or ()
                    teams = last.teams
                    points += sum({teams[s]: p for s, p in enumerate(scored)}.values())
                    knocked += len(last.knocked_out)
                    actions = 0
            for j, value in ((_ROUNDS, rounds), (_ACTIONS, total), (_POINTS, points)):
                if value:
                    nonzero.append((o + j, value))
            if stuck:
                nonzero.append((o + _STUCK, stuck))
            finished = last.phase is Phase.GAME_OVER and last.winner is not None
            if finished:
                nonzero.append((o + _FINISHED, 1))
            if first_wins:
                nonzero.append((o + _FIRST, first_wins))
            nonzero.extend((o + _WINS + s, w) for s, w in enumerate(wins) if w)
            if finished:
                assert last.winner is not None
                nonzero.append((o + _WINS + players + last.winner, 1))
            if knocked:  # only rules that can knock out count any (see _block)
                nonzero.append((o + _WINS + players + (rules.teams or players), knocked))
        for a, (i, vi) in enumerate(nonzero):
            sums[i] += vi
            row = rows[i]
            for j, vj in nonzero[a:]:
                products[row + j] += vi * vj
        if on_game is not None:
            on_game()
    return _Tally(
        chunk.stop - chunk.start,
        tuple(sums),
        tuple(products),
        tuple(tuple(sorted(h.items())) for h in lengths),
    )


# == running chunks on an executor =============================================================


PROGRESS_SECONDS: Final = 5.0
"""How often a :class:`Progress` that is not on a terminal writes a line, in seconds (the
environment variable ``UNORULES_PROGRESS_SECONDS`` changes it, e.g. for a test).

>>> PROGRESS_SECONDS
5.0
"""


class Progress:
    """How far a run of ``total`` games has come, on ``stream``: on a terminal (``bar``
    None and ``stream.isatty()``, or ``bar=True``) a bar with games/s and the time left,
    redrawn at most ten times a second; elsewhere (a pipe, a CI log, Jupyter) a line every
    ``every`` seconds (default :data:`PROGRESS_SECONDS`), then one at the end, so a run
    too short for a first line writes nothing. ``label`` starts each line.

    :func:`simulate` and :func:`compare` take one as ``progress=``; ``unorules simulate``,
    ``compare`` and ``match`` show theirs on standard error.

    >>> import io
    >>> log = io.StringIO()
    >>> progress = Progress(3, log, label="games", every=0)
    >>> for _ in range(3):
    ...     progress.add()
    >>> print(log.getvalue(), end="")  # doctest: +ELLIPSIS
    games: 1/3 games, ... games/s, ... left
    games: 2/3 games, ... games/s, ... left
    games: 3/3 games in ... s
    """

    def __init__(
        self,
        total: int,
        stream: IO[str] | None,
        *,
        label: str = "",
        bar: bool | None = None,
        every: float | None = None,
    ) -> None:
        self.total, self.stream, self.done = total, stream, 0
        self.label = f"{label}: " if label else ""
        self.bar = stream is not None and (stream.isatty() if bar is None else bar)
        if every is None:
            every = float(os.environ.get("UNORULES_PROGRESS_SECONDS", PROGRESS_SECONDS))
        self.every, self.written = every, False
        self.started = self.shown = time.monotonic()

    def add(self, games: int = 1) -> None:
        """Count ``games`` more games done, and show it when it is time to.

        >>> progress = Progress(10, None)
        >>> progress.add(4); progress.done
        4
        """
        self.done += games
        if self.stream is None:
            return
        now = time.monotonic()
        if self.bar:
            self._draw(now)
            return
        if self.done >= self.total:
            if self.written or now - self.shown >= self.every:
                took = now - self.started
                line = f"{self.label}{self.done:,}/{self.total:,} games in {took:.1f} s"
                print(line, file=self.stream, flush=True)
        elif now - self.shown >= self.every:
            self.shown, self.written = now, True
            rate, eta = self._pace(now)
            print(
                f"{self.label}{self.done:,}/{self.total:,} games, {rate:,.0f} games/s, {eta} left",
                file=self.stream,
                flush=True,
            )

    def _pace(self, now: float) -> tuple[float, str]:
        elapsed = now - self.started
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else math.inf
        eta = "?" if not math.isfinite(left) else f"{int(left) // 60}:{int(left) % 60:02d}"
        return rate, eta

    def _draw(self, now: float) -> None:
        assert self.stream is not None
        if self.done < self.total and now - self.shown < 0.1:
            return
        self.shown = now
        width = 30
        filled = width * min(self.done, self.total) // self.total
        bar = f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} games"
        if self.done >= self.total:
            print(f"\r\x1b[K{bar}", file=self.stream, flush=True)
            return
        rate, eta = self._pace(now)
        print(f"\r{bar}  {rate:,.0f} games/s  {eta} left", end="", file=self.stream, flush=True)


def _progress(progress: bool | IO[str] | Progress | None, total: int) -> Progress:
    if isinstance(progress, Progress):
        return progress
    if progress is None:
        return Progress(total, sys.stderr if sys.stderr.isatty() else None)
    if progress is True:
        return Progress(total, sys.stderr)
    if progress is False:
        return Progress(total, None)
    return Progress(total, progress, bar=True)


def _run(
    chunks: Iterable[_Chunk],
    executor: cf.Executor | None,
    max_in_flight: int | None,
    progress: Progress,
) -> _Tally | None:
    """Play every chunk and merge the tallies (in any order: merging is exact)."""
    tally: _Tally | None = None

    def add(result: _Tally) -> None:
        nonlocal tally
        tally = result if tally is None else tally + result

    if executor is None:
        for chunk in chunks:
            add(_play_chunk(chunk, progress.add))
        return tally
    limit = max_in_flight if max_in_flight is not None else 64
    todo = iter(chunks)
    pending: dict[cf.Future[_Tally], _Chunk] = {}
    try:
        while True:
            while len(pending) < limit:
                waiting = next(todo, None)
                if waiting is None:
                    break
                pending[executor.submit(_play_chunk, waiting)] = waiting
            if not pending:
                return tally
            done, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for future in done:
                chunk = pending.pop(future)
                add(future.result())
                progress.add(chunk.stop - chunk.start)
    finally:
        for future in pending:
            future.cancel()


# == the study =================================================================================


def _rules(value: Rules | str, name: str) -> Rules:
    if isinstance(value, Rules):
        return value
    if isinstance(value, str):
        return get_profile(value)
    raise TypeError(f"{name}: a Rules value or a profile name, not {value!r}")


def _describe(rules: Rules) -> str:
    """A short name: the profile, or the nearest built-in profile and the changes."""
    name = profile_name(rules)
    if name is not None:
        return name
    best: tuple[int, str, dict[str, object]] | None = None
    for base in ("mattel", "mattel-108", "swedish", "danish"):
        changes = rules_to_options(rules, get_profile(base))
        if best is None or len(changes) < best[0]:
            best = (len(changes), base, changes)
    assert best is not None
    _, base, changes = best
    return base + "".join(f" + {k}={json.dumps(v).strip(chr(34))}" for k, v in changes.items())


def _bot_names(
    bots: str | BotFactory | Sequence[str | BotFactory] | None, players: int
) -> tuple[tuple[str, ...], tuple[BotFactory, ...]]:
    if bots is None:
        bots = "random"
    items: list[str | BotFactory]
    if isinstance(bots, str) or callable(bots):
        items = [bots] * players
    elif not isinstance(bots, Iterable):
        raise TypeError(
            f"bots: a bot name or factory, or a list of them (one per seat), not {shown(bots)}"
        )
    else:
        items = list(bots)
        if len(items) == 1:
            items *= players
        if len(items) != players:
            raise ValueError(f"bots: {len(items)} bots for {players} seats (give 1 or {players})")
    names: list[str] = []
    factories: list[BotFactory] = []
    for seat, item in enumerate(items):
        if isinstance(item, str):
            try:
                factories.append(get_bot(item))
            except ValueError as err:
                raise ValueError(f"bots[{seat}]: {err}") from None
            names.append(item)
        elif callable(item):
            found = [n for n, f in BOTS.items() if f is item]
            names.append(found[0] if found else getattr(item, "__qualname__", repr(item)))
            factories.append(item)
        else:
            raise TypeError(f"bots[{seat}]: a bot name or factory, not {item!r}")
    return tuple(names), tuple(factories)


def _whole(value: object, name: str, least: int, most: int | None = None) -> int:
    """``value``, a whole number from ``least`` to ``most``: else a TypeError (not an
    int, or a bool) or a ValueError naming the argument ``name``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name}: a whole number, not {shown(value)}")
    if value < least:
        raise ValueError(f"{name}: at least {least}, not {shown_int(value)}")
    if most is not None and value > most:
        raise ValueError(f"{name}: at most {_count(most)}, not {shown_int(value)}")
    return value


def _count(value: int) -> str:
    """A bound as the messages write it: ``2**64``, ``2**64 - 1`` or with thousands commas."""
    if value >= _SEEDS - 1:
        return f"2**64{' - 1' if value < _SEEDS else ''}"
    return f"{value:,}"


def _check_running(executor: object, max_in_flight: object, progress: object) -> None:
    """Refuse an executor without ``submit``, a bad ``max_in_flight`` or a ``progress``
    that is neither a bool, None, a :class:`Progress` nor a text stream, before any game is
    played."""
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(
            "executor: a concurrent.futures.Executor (an object with a submit method) or"
            f" None, not {shown(executor)}"
        )
    if max_in_flight is not None:
        _whole(max_in_flight, "max_in_flight", 1)
    if progress is None or isinstance(progress, (bool, Progress)):
        return
    if not all(callable(getattr(progress, m, None)) for m in ("write", "flush")):
        raise TypeError(
            "progress: True, False, None, a Progress or a text stream (with write and"
            f" flush), not {shown(progress)}"
        )


@attrs.frozen
class _Setup:
    players: int
    bots: tuple[str, ...]
    factories: tuple[BotFactory, ...]
    seed: int
    rounds: int | None
    max_rounds: int | None
    """The bound of a whole match (None when ``rounds`` stops every game)."""
    start: int
    games: int
    chunk_size: int


def _setup(
    rules: Sequence[Rules],
    players: int,
    games: int,
    *,
    bots: str | BotFactory | Sequence[str | BotFactory] | None,
    seed: int,
    rounds: int | None,
    max_rounds: int,
    start: int,
    chunk_size: int | None,
) -> _Setup:
    """The arguments of :func:`simulate` and :func:`compare`, checked as the command checks
    its options: a TypeError or ValueError naming the argument."""
    _whole(players, "players", 2)
    if players > 10:
        raise ValueError(f"players: UNO is played by 2 to 10 players, not {shown_int(players)}")
    for r in rules:
        new_game(players, r, 0)  # a clear ValueError for a table the rules cannot seat
    _whole(games, "games", 1)
    _whole(seed, "seed", 0, _SEEDS - 1)
    if rounds is not None:
        _whole(rounds, "rounds", 1, ROUNDS_LIMIT)
    _whole(max_rounds, "max_rounds", 1, ROUNDS_LIMIT)
    _whole(start, "start", 0, _SEEDS - 1)
    if start + games > _SEEDS:
        raise ValueError(
            f"games: start + games is at most 2**64 (the game seeds repeat after that),"
            f" not {shown_int(start + games)}"
        )
    if chunk_size is None:
        chunk_size = max(1, min(-(-games // 64), 1000))
    else:
        _whole(chunk_size, "chunk_size", 1)
    names, factories = _bot_names(bots, players)
    bound = max_rounds if rounds is None else None
    return _Setup(players, names, factories, seed, rounds, bound, start, games, chunk_size)


def _chunks(rules: tuple[Rules, ...], setup: _Setup) -> Iterator[_Chunk]:
    """The chunks of a study, one at a time (made as they are sent: a study of any size
    holds only the chunks in flight).

    >>> import itertools
    >>> setup = _setup([MATTEL], 2, 10**18, bots=None, seed=0, rounds=1, max_rounds=9,
    ...                start=0, chunk_size=None)
    >>> [(c.start, c.stop) for c in itertools.islice(_chunks((MATTEL,), setup), 2)]
    [(0, 1000), (1000, 2000)]
    """
    stop = setup.start + setup.games
    rounds = setup.rounds if setup.rounds is not None else setup.max_rounds
    assert rounds is not None  # one of them bounds every game
    for i in range(setup.start, stop, setup.chunk_size):
        yield _Chunk(
            rules,
            setup.players,
            setup.factories,
            setup.seed,
            rounds,
            i,
            min(i + setup.chunk_size, stop),
        )


def _play(
    rules: tuple[Rules, ...],
    setup: _Setup,
    executor: cf.Executor | None,
    max_in_flight: int | None,
    progress: bool | IO[str] | Progress | None,
) -> _Tally:
    tally = _run(
        _chunks(rules, setup),
        executor,
        max_in_flight,
        _progress(progress, setup.games),
    )
    assert tally is not None
    return tally


def _merge_ranges(
    a: Iterable[tuple[int, int]], b: Iterable[tuple[int, int]]
) -> tuple[tuple[int, int], ...]:
    ranges = sorted([*a, *b])
    out: list[tuple[int, int]] = []
    for lo, hi in ranges:
        if out and lo < out[-1][1]:
            raise ValueError(
                f"games {lo} to {min(hi, out[-1][1]) - 1} are in both: they would count twice"
            )
        if out and lo == out[-1][1]:
            out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return tuple(out)


@attrs.frozen(eq=True)
class Study:
    """The result of :func:`simulate`: tallies of the games and the figures read off them.

    Figures per round count every round played (a match plays many); their confidence
    intervals treat each game as one independent draw. Two studies of the same rules,
    bots and seed over different games merge exactly (``a + b`` or :meth:`merge`), so a
    study can be split across machines and put back together.

    >>> study = simulate("mattel", 2, 20, rounds=1, seed=3)
    >>> study.round_length.value == sum(k * v for k, v in study.round_lengths.items()) / 20
    True
    >>> len(study.round_win_shares), study.match_win_shares
    (2, None)
    """

    rules: Rules
    """The rules played."""
    players: int
    """Seats at the table."""
    bots: tuple[str, ...]
    """The bot of each seat, by name."""
    seed: int
    """The study's seed: game ``i`` is seeded from ``(seed, i)``."""
    rounds: int | None
    """Rounds each game was stopped after (None: whole matches)."""
    ranges: tuple[tuple[int, int], ...]
    """The game indices played, as ``(start, stop)`` ranges."""
    _tally: _Tally = attrs.field(alias="tally", repr=False)
    max_rounds: int | None = attrs.field(default=None, kw_only=True)
    """Rounds after which a whole match was stopped unfinished (None when ``rounds`` stops
    every game)."""

    @property
    def games(self) -> int:
        """How many games were played."""
        return self._tally.games

    @property
    def sides(self) -> int:
        """Who can win a match: the teams, or every seat."""
        return self.rules.teams or self.players

    @property
    def rounds_played(self) -> int:
        """Rounds played in all."""
        return self._tally.sums[1 + _ROUNDS]

    @property
    def round_lengths(self) -> dict[int, int]:
        """The histogram of round lengths: actions in a round -> how many rounds."""
        return dict(self._tally.lengths[0])

    @property
    def round_length(self) -> Estimate | None:
        """Mean actions per round (exact: the histogram's mean)."""
        return self._tally.ratio(1 + _ACTIONS, 1 + _ROUNDS)

    @property
    def median_round_length(self) -> float | None:
        """The median round length (the mean of the two middle rounds for an even count)."""
        return _median(self._tally.lengths[0])

    @property
    def round_wins(self) -> tuple[int, ...]:
        """Rounds won by each seat."""
        return self._tally.sums[1 + _WINS : 1 + _WINS + self.players]

    @property
    def round_win_shares(self) -> tuple[Estimate, ...]:
        """Each seat's share of the rounds played (stuck rounds count for nobody)."""
        return tuple(self._figure(f"round_win_share[{s}]") for s in range(self.players))

    @property
    def first_player_wins(self) -> int:
        """Rounds won by the player who was to act first when the round was dealt."""
        return self._tally.sums[1 + _FIRST]

    @property
    def first_player_win_share(self) -> Estimate | None:
        """The share of rounds won by the player who was to act first when the round was
        dealt: the first player's advantage (a fair share is one over the players)."""
        return self._tally.ratio(1 + _FIRST, 1 + _ROUNDS, share=True)

    @property
    def stuck_rounds(self) -> int:
        """Rounds that ended with nobody able to move (C15): nobody scores."""
        return self._tally.sums[1 + _STUCK]

    @property
    def points(self) -> int:
        """Points scored in all rounds."""
        return self._tally.sums[1 + _POINTS]

    @property
    def round_points(self) -> Estimate | None:
        """Mean points scored in a round."""
        return self._tally.ratio(1 + _POINTS, 1 + _ROUNDS)

    @property
    def knockouts(self) -> int | None:
        """Players knocked out by the Mercy rule in all rounds (No Mercy, NM1.8); None
        under rules that cannot knock anyone out.

        >>> simulate("mattel", 2, 3, rounds=1).knockouts is None
        True
        >>> study = simulate("mattel-no-mercy", 4, 20, rounds=1, seed=1)
        >>> study.knockouts == round(study.round_knockouts.value * study.rounds_played)
        True
        """
        if not _knocks(self.rules):
            return None
        return self._tally.sums[1 + _WINS + self.players + self.sides]

    @property
    def round_knockouts(self) -> Estimate | None:
        """Mean players knocked out in a round by the Mercy rule (No Mercy, NM1.8): at
        most one fewer than the players; None under rules that cannot knock anyone out.

        >>> e = simulate("mattel-no-mercy", 4, 40, rounds=1, seed=1).round_knockouts
        >>> 0 < e.low < e.value < e.high < 3
        True
        """
        return self.figures().get("round_knockouts")

    @property
    def matches_finished(self) -> int:
        """Games that were played to the end of the match."""
        return self._tally.sums[1 + _FINISHED]

    @property
    def unfinished_matches(self) -> int:
        """Games whose match had no winner when play stopped: after ``max_rounds`` rounds
        for whole matches (a match that cannot end: every round stuck, a target out of
        reach), or after ``rounds``.

        >>> simulate("mattel", 2, 4, seed=1).unfinished_matches
        0
        >>> simulate(MATTEL.but(target=2**32), 2, 2, max_rounds=3).unfinished_matches
        2
        """
        return self.games - self.matches_finished

    @property
    def match_wins(self) -> tuple[int, ...]:
        """Matches won by each side (team, or seat without teams)."""
        first = 1 + _WINS + self.players
        return self._tally.sums[first : first + self.sides]

    @property
    def match_win_shares(self) -> tuple[Estimate, ...] | None:
        """Each side's share of the matches finished; None when none finished."""
        if not self.matches_finished:
            return None
        return tuple(self._figure(f"match_win_share[{t}]") for t in range(self.sides))

    def _figure(self, name: str) -> Estimate:
        found = self.figures()[name]
        assert found is not None
        return found

    def figures(self) -> dict[str, Estimate | None]:
        """Every figure by name (None where it is undefined, e.g. match shares without a
        finished match): ``round_length``, ``round_points``, ``round_knockouts`` (only
        under rules that can knock players out), ``stuck_share``,
        ``first_player_win_share``, ``round_win_share[s]``, ``rounds_per_game``,
        ``matches_finished_share``, ``match_win_share[t]``.

        >>> f = simulate("mattel", 2, 10, rounds=2).figures()
        >>> f["rounds_per_game"], f["match_win_share[0]"], "round_knockouts" in f
        (Estimate(value=2.0, low=2.0, high=2.0), None, False)
        """
        indices = _figure_indices(self.players, self.sides, 1, _knocks(self.rules))
        return {n: self._tally.ratio(a, b, share=_is_share(n)) for n, (a, b) in indices.items()}

    def to_rows(self) -> list[dict[str, object]]:
        """Every figure as a row: ``figure`` (its name in :meth:`figures`), ``value``,
        and its 95% confidence interval ``low`` and ``high`` (None where the figure is
        undefined), ready for a data frame: ``pandas.DataFrame(study.to_rows())``.

        >>> rows = simulate("mattel", 2, 10, rounds=1, seed=1).to_rows()
        >>> rows[0]["figure"], rows[0]["low"] < rows[0]["value"] < rows[0]["high"]
        ('round_length', True)
        >>> [row["figure"] for row in rows][-3:]
        ['matches_finished_share', 'match_win_share[0]', 'match_win_share[1]']
        """
        return [
            {
                "figure": name,
                "value": e.value if e else None,
                "low": e.low if e else None,
                "high": e.high if e else None,
            }
            for name, e in self.figures().items()
        ]

    def __str__(self) -> str:
        """The table ``unorules simulate`` prints: what was played, then each figure with
        its 95% confidence interval ``[low, high]``.

        >>> print(simulate("mattel", 2, 10, rounds=1, seed=1))  # doctest: +ELLIPSIS
        games            10 (2 players, rules mattel, seed 1, 1 round each); [low, high] = 95% CI
        rounds           10
        actions/round    mean ... [..., ...], median ...
        round wins       seat 0: ...% [..., ...]  seat 1: ...% [..., ...]
        round points     mean ... [..., ...]
        """
        from unorules.studies import _table  # noqa: PLC0415 (the table module imports this one)

        return _table.study_text(self)

    def merge(self, other: Study) -> Study:
        """This study and ``other`` (the same rules, bots and seed; other games) as one.

        >>> a = simulate("mattel", 2, 5, rounds=1)
        >>> b = simulate("mattel", 2, 5, rounds=1, start=5)
        >>> a.merge(b).ranges
        ((0, 10),)
        >>> a.merge(a)
        Traceback (most recent call last):
        ...
        ValueError: games 0 to 4 are in both: they would count twice
        """
        if not isinstance(other, Study):
            raise TypeError(f"a Study merges with a Study, not {type(other).__name__}")
        for field in ("rules", "players", "bots", "seed", "rounds", "max_rounds"):
            if getattr(self, field) != getattr(other, field):
                raise ValueError(f"cannot merge studies of different {field}")
        ranges = _merge_ranges(self.ranges, other.ranges)
        return attrs.evolve(self, ranges=ranges, tally=self._tally + other._tally)

    def __add__(self, other: Study) -> Study:
        return self.merge(other)

    def to_dict(self) -> dict[str, object]:
        """The study as JSON values: what was played, every figure, and the raw tallies
        (which :meth:`from_dict` reads back, to merge studies run elsewhere).

        >>> import json
        >>> s = simulate("swedish", 2, 4, rounds=1)
        >>> Study.from_dict(json.loads(json.dumps(s.to_dict()))) == s
        True
        """
        return {
            "format": _FORMAT,
            **_meta_dict(self.rules, self),
            "median_round_length": self.median_round_length,
            "figures": {n: (e.to_dict() if e else None) for n, e in self.figures().items()},
            "tally": self._tally.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: object) -> Study:
        """The study :meth:`to_dict` wrote; ValueError naming the JSON path of a bad value.

        >>> Study.from_dict({"format": "unorules-study/1", "players": 1})
        Traceback (most recent call last):
        ...
        ValueError: $.players: expected a whole number from 2 to 10, got 1
        """
        meta = _read_meta(data, "rules")
        rules = meta.rules[0]
        width = 1 + _block(rules, meta.players)
        assert isinstance(data, dict)
        tally = _Tally.from_dict(data.get("tally"), width, 1, "$.tally")
        _check_games(tally, meta)
        return cls(
            rules,
            meta.players,
            meta.bots,
            meta.seed,
            meta.rounds,
            meta.ranges,
            tally,
            max_rounds=meta.max_rounds,
        )

    def plot(self, path: str) -> None:
        """Draw the round-length distribution and the win shares per seat to ``path``
        (``.svg``, ``.png`` or ``.pdf``). Needs matplotlib (``pip install 'unorules[plot]'``;
        from a clone, ``pip install '.[plot]'``).

        >>> import tempfile, os
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     simulate("mattel", 2, 30, rounds=1).plot(os.path.join(tmp, "s.svg"))
        ...     os.path.getsize(os.path.join(tmp, "s.svg")) > 1000
        True
        """
        from unorules.studies import _plot  # noqa: PLC0415 (matplotlib is optional and slow to import)

        _plot.plot_study(self, path)


def _median(pairs: Sequence[tuple[int, int]]) -> float | None:
    total = sum(c for _, c in pairs)
    if not total:
        return None

    def nth(n: int) -> int:
        seen = 0
        for value, count in pairs:
            seen += count
            if seen > n:
                return value
        raise AssertionError  # pragma: no cover

    if total % 2:
        return nth(total // 2)
    return (nth(total // 2 - 1) + nth(total // 2)) / 2


def _is_share(name: str) -> bool:
    """Whether the figure ``name`` is a share (of rounds, matches or games)."""
    return name.partition("[")[0].endswith("_share")


def _figure_indices(
    players: int, sides: int, offset: int, knockouts: bool = False
) -> dict[str, tuple[int, int]]:
    o = offset
    out = {
        "round_length": (o + _ACTIONS, o + _ROUNDS),
        "round_points": (o + _POINTS, o + _ROUNDS),
    }
    if knockouts:
        out["round_knockouts"] = (o + _WINS + players + sides, o + _ROUNDS)
    out |= {
        "stuck_share": (o + _STUCK, o + _ROUNDS),
        "first_player_win_share": (o + _FIRST, o + _ROUNDS),
    }
    for s in range(players):
        out[f"round_win_share[{s}]"] = (o + _WINS + s, o + _ROUNDS)
    out["rounds_per_game"] = (o + _ROUNDS, 0)
    out["matches_finished_share"] = (o + _FINISHED, 0)
    for t in range(sides):
        out[f"match_win_share[{t}]"] = (o + _WINS + players + t, o + _FINISHED)
    return out


# -- JSON of what was played -------------------------------------------------------------------


def _meta_dict(rules: Rules | tuple[Rules, Rules], meta: Any) -> dict[str, object]:
    shown: dict[str, object]
    if isinstance(rules, Rules):
        shown = {"rules": rules_to_options(rules, MATTEL), "rules_name": _describe(rules)}
    else:
        shown = {
            "rules_a": rules_to_options(rules[0], MATTEL),
            "rules_b": rules_to_options(rules[1], MATTEL),
            "rules_a_name": _describe(rules[0]),
            "rules_b_name": _describe(rules[1]),
        }
    return {
        **shown,
        "players": meta.players,
        "bots": list(meta.bots),
        "seed": meta.seed,
        "rounds": meta.rounds,
        "max_rounds": meta.max_rounds,
        "games": [list(r) for r in meta.ranges],
    }


@attrs.frozen
class _Meta:
    rules: tuple[Rules, ...]
    players: int
    bots: tuple[str, ...]
    seed: int
    rounds: int | None
    ranges: tuple[tuple[int, int], ...]
    max_rounds: int | None


def _read_meta(data: object, *keys: str) -> _Meta:
    if not isinstance(data, dict):
        raise ValueError("$: expected a JSON object")
    if data.get("format") != _FORMAT:
        raise ValueError(f"$.format: expected {_FORMAT!r}, got {data.get('format')!r}")
    players = data.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 10:
        raise ValueError(f"$.players: expected a whole number from 2 to 10, got {players!r}")
    rules = []
    for key in keys:
        options = data.get(key)
        if not isinstance(options, dict):
            raise ValueError(f"$.{key}: expected an object of rule options")
        try:
            rules.append(rules_from_options(MATTEL, options))
        except (RulesError, ValueError, TypeError) as exc:
            raise ValueError(f"$.{key}: {exc}") from None
    bots = data.get("bots")
    if (
        not isinstance(bots, list)
        or len(bots) != players
        or not all(isinstance(b, str) for b in bots)
    ):
        raise ValueError(f"$.bots: expected a list of {players} bot names")
    seed = data.get("seed")
    if not _is_whole(seed) or not 0 <= seed < _SEEDS:
        raise ValueError(
            f"$.seed: expected a whole number from 0 to 2**64 - 1, got {shown_int(seed)}"
        )
    rounds = data.get("rounds")
    if rounds is not None and (not _is_whole(rounds) or not 1 <= rounds <= ROUNDS_LIMIT):
        raise ValueError(
            f"$.rounds: expected null or a whole number from 1 to {ROUNDS_LIMIT:,},"
            f" got {shown_int(rounds)}"
        )
    # A file written before max_rounds was kept (whole matches had no bound of rounds then)
    # reads with the default: its matches, far shorter, merge with today's.
    max_rounds = data.get("max_rounds", MAX_ROUNDS if rounds is None else None)
    if rounds is not None and max_rounds is not None:
        raise ValueError(
            f"$.max_rounds: expected null when $.rounds stops every game, got"
            f" {shown_int(max_rounds)}"
        )
    if rounds is None and (not _is_whole(max_rounds) or not 1 <= max_rounds <= ROUNDS_LIMIT):
        raise ValueError(
            f"$.max_rounds: expected a whole number from 1 to {ROUNDS_LIMIT:,} (the bound"
            f" of a whole match), got {shown_int(max_rounds)}"
        )
    raw = data.get("games")
    ranges: list[tuple[int, int]] = []
    if not isinstance(raw, list) or not raw:
        raise ValueError("$.games: expected a list of [start, stop] ranges")
    for i, item in enumerate(raw):
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not all(_is_whole(v) for v in item)
            or not 0 <= item[0] < item[1] <= _SEEDS
        ):
            raise ValueError(
                f"$.games[{i}]: expected [start, stop] with 0 <= start < stop <= 2**64"
            )
        ranges.append((item[0], item[1]))
    merged = _merge_ranges(ranges, ())
    return _Meta(tuple(rules), players, tuple(bots), seed, rounds, merged, max_rounds)


def _is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an int and not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_games(tally: _Tally, meta: _Meta) -> None:
    """Refuse a tally that no games could have given (ValueError naming the JSON path)."""
    covered = sum(hi - lo for lo, hi in meta.ranges)
    games = tally.games
    if covered != games:
        raise ValueError(f"$.tally.games: {games} games, but $.games covers {covered}")
    sums = tally.sums
    for j, total in enumerate(sums):
        if tally.product(0, j) != total:
            raise ValueError(
                f"$.tally.products[{j}]: must equal $.tally.sums[{j}] ({total}),"
                f" got {tally.product(0, j)}"
            )
    players, offset = meta.players, 1
    limit = meta.rounds if meta.rounds is not None else meta.max_rounds
    assert limit is not None
    most = [1]  # the most each component can be in one game: the constant first
    blocks = []
    for r, rules in enumerate(meta.rules):
        sides = rules.teams or players
        _check_side(tally, r, offset, players=players, sides=sides, limit=limit)
        most += _most(rules, players, sides, limit)
        blocks.append(_figure_indices(players, sides, offset, _knocks(rules)))
        offset += _block(rules, players)
    _check_bounds(tally, most)
    sets = {frozenset(pair) for block in blocks for pair in block.values()}
    if len(blocks) == 2:  # the paired differences: each figure under A with it under B
        a, b = blocks
        sets |= {frozenset((*a[n], *b[n])) for n in a if n in b}
    _check_spread(tally, sorted(sorted(s) for s in sets))


def _check_side(
    tally: _Tally, r: int, o: int, *, players: int, sides: int, limit: int | None
) -> None:
    """The counts of one rule set (components from ``o``) and its histogram agree."""
    games, sums = tally.games, tally.sums

    def at(j: int) -> str:
        return f"$.tally.sums[{o + j}]"

    rounds = sums[o + _ROUNDS]
    where = f"$.tally.round_lengths[{r}]"
    histogram = tally.lengths[r]
    if histogram and histogram[0][0] < 1:
        raise ValueError(f"{where}: a round has at least one action, not {histogram[0][0]}")
    counted = sum(c for _, c in histogram)
    if counted != rounds:
        raise ValueError(f"{where}: counts {counted} rounds, but {at(_ROUNDS)} has {rounds}")
    actions = sum(n * c for n, c in histogram)
    if actions != sums[o + _ACTIONS]:
        raise ValueError(
            f"{where}: holds {actions} actions, but {at(_ACTIONS)} has {sums[o + _ACTIONS]}"
        )
    if rounds < games:
        raise ValueError(f"{at(_ROUNDS)}: every game plays a round: at least {games}")
    if limit is not None and rounds > limit * games:
        raise ValueError(
            f"{at(_ROUNDS)}: at most {limit * games} rounds in {games} games of {limit}"
        )
    won = sum(sums[o + _WINS : o + _WINS + players])
    if won + sums[o + _STUCK] != rounds:
        raise ValueError(
            f"{at(_WINS)}: the rounds won ({won}) and stuck ({sums[o + _STUCK]}) must add"
            f" up to the rounds played ({rounds})"
        )
    if sums[o + _FIRST] > won:
        raise ValueError(f"{at(_FIRST)}: more rounds won by the first player than won")
    finished = sums[o + _FINISHED]
    if finished > games:
        raise ValueError(f"{at(_FINISHED)}: more matches finished than games ({games})")
    first = o + _WINS + players
    if sum(sums[first : first + sides]) != finished:
        raise ValueError(
            f"{at(_WINS + players)}: the matches won must add up to the matches finished"
            f" ({finished})"
        )


def _most(rules: Rules, players: int, sides: int, rounds: int) -> list[int]:
    """The most each component of one rule set's block can count in one game of at most
    ``rounds`` rounds: a round lasts at most ``_ROUND_ACTIONS`` actions and scores at most
    every card of the deck at the highest points a card scores."""
    points = rules.deck_size * max(rules.card_points(card) for card in ALL_CARDS)
    most = [0] * _width(players, sides, _knocks(rules))
    most[_ROUNDS] = most[_STUCK] = most[_FIRST] = rounds
    most[_ACTIONS] = rounds * _ROUND_ACTIONS
    most[_POINTS] = rounds * points
    most[_FINISHED] = 1
    for s in range(players):
        most[_WINS + s] = rounds
    for t in range(sides):
        most[_WINS + players + t] = 1
    if _knocks(rules):  # every player but the last one standing, in every round
        most[_WINS + players + sides] = rounds * (players - 1)
    return most


def _check_bounds(tally: _Tally, most: Sequence[int]) -> None:
    """Every sum at most ``games`` times the most a game counts, every sum of products
    at most ``games`` times the product of the two: so the figures (floats) are finite
    and the checks that follow are cheap however large the file's numbers."""
    n, sums, k = tally.games, tally.sums, len(tally.sums)
    for i in range(1, k):
        if sums[i] > n * most[i]:
            raise ValueError(
                f"$.tally.sums[{i}]: at most {n * most[i]} in {n} games, got {shown_int(sums[i])}"
            )
    for i in range(1, k):
        for j in range(i, k):
            value = tally.product(i, j)
            if value > n * most[i] * most[j]:
                raise ValueError(
                    f"$.tally.products[{i * k - i * (i - 1) // 2 + j - i}]: at most"
                    f" {n * most[i] * most[j]} in {n} games, got {shown_int(value)}"
                )


def _check_spread(tally: _Tally, sets: Iterable[Sequence[int]]) -> None:
    """The sums of products are those of some games: every component's square sums to at
    least its sum (whole numbers), and the covariance matrix of each set of components a
    figure reads (a ratio's two, a paired difference's four) is positive semidefinite,
    checked exactly by symmetric elimination: so no figure meets a negative variance. (The
    whole matrix of a comparison of ten seats, 54 components, would take seconds.)"""
    n, sums = tally.games, tally.sums
    k = len(sums)
    for i in range(1, k):
        if tally.product(i, i) < sums[i]:
            raise ValueError(
                f"$.tally.products: the squares of component {i} sum to less than $.tally.sums[{i}]"
            )
    for chosen in sets:
        index = [i for i in chosen if i]  # the constant has no spread
        m = [[Fraction(n * tally.product(i, j) - sums[i] * sums[j]) for j in index] for i in index]
        size = len(index)
        for p in range(size):
            pivot = m[p][p]
            if pivot < 0 or (pivot == 0 and any(m[p][q] for q in range(p + 1, size))):
                raise ValueError(
                    f"$.tally.products: no games give these sums of products (component"
                    f" {index[p]}, $.tally.sums[{index[p]}], against the others)"
                )
            if pivot == 0:
                continue
            row = m[p]
            for i in range(p + 1, size):
                f = row[i] / pivot
                if f:
                    target = m[i]
                    for j in range(i, size):
                        target[j] -= f * row[j]


def simulate(
    rules: Rules | str,
    players: int,
    games: int,
    *,
    bots: str | BotFactory | Sequence[str | BotFactory] | None = None,
    seed: int = 0,
    rounds: int | None = None,
    executor: cf.Executor | None = None,
    chunk_size: int | None = None,
    start: int = 0,
    max_in_flight: int | None = None,
    progress: bool | IO[str] | Progress | None = None,
    max_rounds: int = MAX_ROUNDS,
) -> Study:
    """Play ``games`` seeded games between bots and tally them.

    Args:
        rules: a :class:`~unorules.Rules` value or a profile name.
        players: seats at the table (2 to 10).
        games: how many games (matches, or ``rounds`` rounds each); ``start + games`` is
            at most ``2**64`` (the game seeds repeat after that). Memory does not grow
            with it: the chunks are made as they are sent.
        bots: a bot name from :data:`~unorules.agents.bots.BOTS` or a
            :data:`~unorules.agents.bots.BotFactory` for every seat, or one
            per seat; ``"random"`` (:class:`~unorules.agents.bots.RandomBot`) by default. Seat
            ``s`` of game ``g`` gets the seed ``g * 1009 + s``, ``g`` the game's seed.
        seed: game ``i`` is seeded from ``(seed, i)`` only; from 0 to ``2**64 - 1``.
        rounds: stop each game after this many rounds (default: play the whole match);
            at most ``10**6``.
        executor: any :class:`concurrent.futures.Executor` (a process pool, Dask's
            ``client.get_executor()``, :class:`~unorules.studies.study.RayExecutor`); None plays
            in this process.
        chunk_size: games per task sent to the executor (default: 1/64 of the games,
            at most 1000). Each task sends its rules out and a small tally back.
        start: the index of the first game (to split a study into parts that merge).
        max_in_flight: tasks submitted but not finished at once (64 by default): the
            rest wait, so a study of any size keeps memory bounded.
        progress: a progress bar with games/s and the time left: on standard error when
            it is a terminal (None); on standard error always (True: the bar on a
            terminal, elsewhere a line every few seconds); never (False); the bar on this
            stream; or this :class:`Progress`.
        max_rounds: with whole matches (``rounds`` None), a match not over after this many
            rounds is stopped there and counted as unfinished
            (:attr:`Study.unfinished_matches`): 500 by default, at most ``10**6``. A match
            whose rounds all end stuck (``round_turn_limit``) or whose target is out of
            reach would otherwise never end.

    Raises:
        ValueError: a bad count, an unknown bot, a table the rules cannot seat.
        TypeError: an argument of the wrong type (a bool is not a count; an executor
            without ``submit``; a ``progress`` that is not a bool, None or a stream).
        RuntimeError: a round that lasts ``10**6`` actions (bots that never go out).

    >>> study = simulate("mattel", 4, 30, seed=1, rounds=1, bots="heuristic")
    >>> study.bots, study.games, study.rounds_played
    (('heuristic', 'heuristic', 'heuristic', 'heuristic'), 30, 30)
    >>> simulate("mattel", 4, 30, seed=1, rounds=1, chunk_size=7, bots="heuristic") == study
    True
    >>> simulate("mattel", 4, 0)
    Traceback (most recent call last):
    ...
    ValueError: games: at least 1, not 0
    >>> stuck = simulate(MATTEL.but(round_turn_limit=1), 2, 3, max_rounds=50)
    >>> stuck.unfinished_matches, stuck.rounds_played, stuck.stuck_rounds
    (3, 150, 150)
    """
    played = (_rules(rules, "rules"),)
    setup = _setup(
        played,
        players,
        games,
        bots=bots,
        seed=seed,
        rounds=rounds,
        max_rounds=max_rounds,
        start=start,
        chunk_size=chunk_size,
    )
    _check_running(executor, max_in_flight, progress)
    tally = _play(played, setup, executor, max_in_flight, progress)
    return Study(
        played[0],
        setup.players,
        setup.bots,
        setup.seed,
        setup.rounds,
        ((setup.start, setup.start + setup.games),),
        tally,
        max_rounds=setup.max_rounds,
    )


# == comparisons ===============================================================================


@attrs.frozen(eq=True)
class Comparison:
    """The result of :func:`compare`: both studies, played on the same seeds, and the
    paired difference (B minus A) of every figure with its 95% confidence interval.

    >>> c = compare("mattel", "swedish", 2, 30, rounds=1)
    >>> c.a.games, c.b.games
    (30, 30)
    >>> d = c.differences()["round_length"]
    >>> abs(d.value - (c.b.round_length.value - c.a.round_length.value)) < 1e-12
    True
    """

    rules_a: Rules
    """The rules of study A."""
    rules_b: Rules
    """The rules of study B."""
    players: int
    """Seats at the table."""
    bots: tuple[str, ...]
    """The bot of each seat, by name."""
    seed: int
    """The seed: game ``i`` of both studies is seeded from ``(seed, i)``."""
    rounds: int | None
    """Rounds each game was stopped after (None: whole matches)."""
    ranges: tuple[tuple[int, int], ...]
    """The game indices played, as ``(start, stop)`` ranges."""
    _tally: _Tally = attrs.field(alias="tally", repr=False)
    max_rounds: int | None = attrs.field(default=None, kw_only=True)
    """Rounds after which a whole match was stopped unfinished (None when ``rounds`` stops
    every game)."""

    def _side(self, r: int) -> Study:
        rules = (self.rules_a, self.rules_b)[r]
        players = self.players
        first = 1 if r == 0 else 1 + _block(self.rules_a, players)
        width = _block(rules, players)
        tally = self._tally.select([0, *range(first, first + width)], r)
        return Study(
            rules,
            players,
            self.bots,
            self.seed,
            self.rounds,
            self.ranges,
            tally,
            max_rounds=self.max_rounds,
        )

    @property
    def a(self) -> Study:
        """Study A alone."""
        return self._side(0)

    @property
    def b(self) -> Study:
        """Study B alone."""
        return self._side(1)

    @property
    def games(self) -> int:
        """How many seeds were played under both rule sets."""
        return self._tally.games

    def differences(self) -> dict[str, Estimate | None]:
        """Each figure of :meth:`Study.figures`, B minus A, paired by seed (None where a
        side leaves it undefined, or the sides differ in seats or teams).
        ``round_knockouts`` is there when either side can knock players out, and the other
        side's count is 0 in every round.

        >>> c = compare("mattel", "mattel", 2, 20, rounds=1)
        >>> c.differences()["round_length"]
        Estimate(value=0.0, low=0.0, high=0.0)
        >>> teams = compare("mattel", MATTEL.but(teams=2), 4, 2)  # seats, teams
        >>> teams.differences()["match_win_share[0]"] is None
        True
        >>> mercy = compare("mattel", "mattel-no-mercy", 4, 20, rounds=1, seed=1)
        >>> d = mercy.differences()["round_knockouts"]
        >>> d.value == mercy.b.round_knockouts.value and d.significant
        True
        """
        fa, fb = self._indices()
        same_sides = self.rules_a.teams == self.rules_b.teams
        names = list(fa)
        if "round_knockouts" in fb and "round_knockouts" not in fa:
            names.insert(names.index("round_points") + 1, "round_knockouts")
        return {
            n: self._tally.difference(*self._pair(n, fa, fb), share=_is_share(n))
            if same_sides or not n.startswith("match_win_share[")
            else None
            for n in names
        }

    def _indices(self) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]:
        """The components of every figure of A and of B in the comparison's tally."""
        p, a, b = self.players, self.rules_a, self.rules_b
        fa = _figure_indices(p, a.teams or p, 1, _knocks(a))
        fb = _figure_indices(p, b.teams or p, 1 + _block(a, p), _knocks(b))
        return fa, fb

    @staticmethod
    def _pair(
        name: str, fa: Mapping[str, tuple[int, int]], fb: Mapping[str, tuple[int, int]]
    ) -> tuple[tuple[int | None, int], tuple[int | None, int]]:
        """Figure ``name``'s components under A and B; a side without it (knockouts under
        rules that knock nobody out) counts 0 in every round, its rounds the divisor."""
        rounds_a, rounds_b = fa["round_length"][1], fb["round_length"][1]
        return fa.get(name, (None, rounds_a)), fb.get(name, (None, rounds_b))

    def _constant(self) -> set[str]:
        """The figures that are the same in every game under both rule sets."""
        t = self._tally
        fa, fb = self._indices()
        out = set()
        for name, (na, da) in fa.items():
            if name not in fb or t.sums[da] == 0:
                continue
            nb, db = fb[name]
            if (
                t.sums[db]
                and t.steady(na, da)
                and t.steady(nb, db)
                and Fraction(t.sums[na], t.sums[da]) == Fraction(t.sums[nb], t.sums[db])
            ):
                out.add(name)
        return out

    def merge(self, other: Comparison) -> Comparison:
        """This comparison and ``other`` (the same rules, bots and seed; other games) as one.

        >>> a = compare("mattel", "danish", 2, 4, rounds=1)
        >>> b = compare("mattel", "danish", 2, 4, rounds=1, start=4)
        >>> (a + b) == compare("mattel", "danish", 2, 8, rounds=1)
        True
        """
        if not isinstance(other, Comparison):
            raise TypeError(f"a Comparison merges with a Comparison, not {type(other).__name__}")
        for field in ("rules_a", "rules_b", "players", "bots", "seed", "rounds", "max_rounds"):
            if getattr(self, field) != getattr(other, field):
                raise ValueError(f"cannot merge comparisons of different {field}")
        ranges = _merge_ranges(self.ranges, other.ranges)
        return attrs.evolve(self, ranges=ranges, tally=self._tally + other._tally)

    def __add__(self, other: Comparison) -> Comparison:
        return self.merge(other)

    def to_rows(self) -> list[dict[str, object]]:
        """Every figure as a row: ``figure`` (its name in :meth:`Study.figures`), its value
        under A (``a``) and B (``b``), the ``difference`` B - A with its 95% confidence
        interval ``low`` and ``high``, and whether it is ``significant`` (None where a
        figure is undefined), ready for a data frame:
        ``pandas.DataFrame(comparison.to_rows())``.

        >>> row = compare("mattel", "danish", 2, 10, rounds=1).to_rows()[0]
        >>> sorted(row)
        ['a', 'b', 'difference', 'figure', 'high', 'low', 'significant']
        >>> row["figure"], row["low"] <= row["difference"] <= row["high"]
        ('round_length', True)
        """
        fa, fb = self.a.figures(), self.b.figures()
        rows: list[dict[str, object]] = []
        for name, d in self.differences().items():
            ea, eb = fa.get(name), fb.get(name)
            rows.append(
                {
                    "figure": name,
                    "a": ea.value if ea else None,
                    "b": eb.value if eb else None,
                    "difference": d.value if d else None,
                    "low": d.low if d else None,
                    "high": d.high if d else None,
                    "significant": d.significant if d else None,
                }
            )
        return rows

    def __str__(self) -> str:
        """The table ``unorules compare`` prints: each figure under A and B, and the
        difference B - A with its 95% confidence interval.

        >>> print(compare("mattel", "danish", 2, 10, rounds=1))  # doctest: +ELLIPSIS
        A                mattel
        B                danish
        games            10 paired seeds (2 players, seed 0, 1 round each, random bots)
        <BLANKLINE>
        figure ... 95% CI  significant
        actions/round ...
        """
        from unorules.studies import _table  # noqa: PLC0415 (the table module imports this one)

        return _table.comparison_text(self)

    def to_dict(self) -> dict[str, object]:
        """The comparison as JSON values: both studies' figures, the differences and the
        raw tallies (which :meth:`from_dict` reads back).

        >>> import json
        >>> c = compare("mattel", "danish", 2, 4, rounds=1)
        >>> Comparison.from_dict(json.loads(json.dumps(c.to_dict()))) == c
        True
        """
        a, b = self.a, self.b

        def shown(d: Mapping[str, Estimate | None]) -> dict[str, object]:
            return {n: (e.to_dict() if e else None) for n, e in d.items()}

        return {
            "format": _FORMAT,
            **_meta_dict((self.rules_a, self.rules_b), self),
            "median_round_length": [a.median_round_length, b.median_round_length],
            "figures_a": shown(a.figures()),
            "figures_b": shown(b.figures()),
            "differences": shown(self.differences()),
            "tally": self._tally.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: object) -> Comparison:
        """The comparison :meth:`to_dict` wrote; ValueError naming the JSON path of a bad
        value.

        >>> Comparison.from_dict([])
        Traceback (most recent call last):
        ...
        ValueError: $: expected a JSON object
        """
        meta = _read_meta(data, "rules_a", "rules_b")
        p = meta.players
        width = 1 + sum(_block(r, p) for r in meta.rules)
        assert isinstance(data, dict)
        tally = _Tally.from_dict(data.get("tally"), width, 2, "$.tally")
        _check_games(tally, meta)
        a, b = meta.rules
        return cls(
            a,
            b,
            p,
            meta.bots,
            meta.seed,
            meta.rounds,
            meta.ranges,
            tally,
            max_rounds=meta.max_rounds,
        )

    def plot(self, path: str) -> None:
        """Draw both round-length distributions and both sets of win shares per seat to
        ``path`` (``.svg``, ``.png`` or ``.pdf``). Needs matplotlib.

        >>> import tempfile, os
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     compare("mattel", "danish", 2, 20, rounds=1).plot(os.path.join(tmp, "c.png"))
        ...     os.path.getsize(os.path.join(tmp, "c.png")) > 1000
        True
        """
        from unorules.studies import _plot  # noqa: PLC0415 (matplotlib is optional and slow to import)

        _plot.plot_comparison(self, path)


def compare(
    rules_a: Rules | str,
    rules_b: Rules | str,
    players: int,
    games: int,
    *,
    seed: int = 0,
    executor: cf.Executor | None = None,
    bots: str | BotFactory | Sequence[str | BotFactory] | None = None,
    rounds: int | None = None,
    chunk_size: int | None = None,
    start: int = 0,
    max_in_flight: int | None = None,
    progress: bool | IO[str] | Progress | None = None,
    max_rounds: int = MAX_ROUNDS,
) -> Comparison:
    """Play the same ``games`` seeds under ``rules_a`` and ``rules_b`` (paired: game ``i``
    deals the same way and seats the same bots under both, so the difference has far less
    noise than two independent studies) and compare every figure.

    The arguments are those of :func:`simulate`, checked the same way; each task plays its
    games under both rule sets, and ``max_rounds`` bounds a whole match under each.

    >>> c = compare("mattel", "mattel", 4, 40, rounds=1)  # the same rules: no difference
    >>> c.differences()["round_win_share[0]"].significant
    False
    >>> import unorules as uno
    >>> stacking = uno.MATTEL.but(stacking=uno.Stacking.SAME_TYPE)
    >>> c = compare("mattel", stacking, 4, 40, rounds=1)
    >>> c.b.rules.stacking.value
    'same_type'
    """
    played = (_rules(rules_a, "rules_a"), _rules(rules_b, "rules_b"))
    setup = _setup(
        played,
        players,
        games,
        bots=bots,
        seed=seed,
        rounds=rounds,
        max_rounds=max_rounds,
        start=start,
        chunk_size=chunk_size,
    )
    _check_running(executor, max_in_flight, progress)
    tally = _play(played, setup, executor, max_in_flight, progress)
    return Comparison(
        played[0],
        played[1],
        setup.players,
        setup.bots,
        setup.seed,
        setup.rounds,
        ((setup.start, setup.start + setup.games),),
        tally,
        max_rounds=setup.max_rounds,
    )


# == Ray =======================================================================================


class RayExecutor(cf.Executor):
    """A :class:`concurrent.futures.Executor` on a Ray cluster (Ray ships none), for
    :func:`simulate` and :func:`compare`.

    Ray is imported when the executor is made, not with this module, and is not a
    dependency of unorules: ``pip install ray``. Each :meth:`submit` runs the function as
    a Ray task (``ray.remote``, with ``options`` such as ``num_cpus=1``) and returns the
    task's result as a :class:`concurrent.futures.Future` (``ObjectRef.future()``).
    Ray is started with ``ray.init()`` unless it already is (call ``ray.init(address=...)``
    first to join a cluster).

    Args:
        options: passed to ``ray.remote`` for every task.

    >>> try:
    ...     executor = RayExecutor(num_cpus=1)
    ... except ImportError as exc:
    ...     print(exc)
    ... else:
    ...     print("RayExecutor needs Ray: pip install ray")
    ...     executor.shutdown()
    RayExecutor needs Ray: pip install ray
    """

    def __init__(self, **options: object) -> None:
        try:
            self._ray: Any = importlib.import_module("ray")
        except ImportError:
            raise ImportError("RayExecutor needs Ray: pip install ray") from None
        if not self._ray.is_initialized():
            self._ray.init()
        self._options = options
        self._remote: dict[Callable[..., Any], Any] = {}

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        """Run ``fn(*args, **kwargs)`` as a Ray task; its future.

        >>> RayExecutor.submit.__name__
        'submit'
        """
        remote = self._remote.get(fn)
        if remote is None:
            ray = self._ray
            remote = ray.remote(**self._options)(fn) if self._options else ray.remote(fn)
            self._remote[fn] = remote
        future: cf.Future[Any] = remote.remote(*args, **kwargs).future()
        return future
