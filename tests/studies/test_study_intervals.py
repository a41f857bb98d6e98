"""The confidence intervals of studies: Student's t quantile, Wilson score intervals for
shares, MOVER intervals for paired differences of shares, and what tiny samples may say."""

from __future__ import annotations

import math
import statistics

import attrs
import pytest

import unorules as uno
from unorules.studies.study import _t95, _Tally

# Student's t, two-sided 95% (the published table): degrees of freedom -> quantile.
T_TABLE = {1: 12.7062, 2: 4.3027, 5: 2.5706, 10: 2.2281, 30: 2.0423, 59: 2.0010, 100: 1.9840}


def wilson(p: float, size: float, q: float) -> tuple[float, float]:
    """The Wilson score interval, written out from its textbook form."""
    a = p + q * q / (2 * size)
    b = q * math.sqrt(p * (1 - p) / size + q * q / (4 * size * size))
    return (a - b) / (1 + q * q / size), (a + b) / (1 + q * q / size)


def per_game(rules: str | uno.Rules, players: int, games: int, seed: int) -> list[uno.Study]:
    return [uno.simulate(rules, players, 1, rounds=1, seed=seed, start=i) for i in range(games)]


@pytest.mark.parametrize(("df", "quantile"), sorted(T_TABLE.items()))
def test_t_quantile_matches_the_published_table(df: int, quantile: float) -> None:
    assert round(_t95(df), 4) == quantile


def test_t_quantile_matches_scipy_for_every_size() -> None:
    stats = pytest.importorskip("scipy.stats")
    for df in (*range(1, 60), 199, 999, 1000, 1001, 5000, 10**6, 10**12):
        assert _t95(df) == pytest.approx(float(stats.t.ppf(0.975, df)), abs=1e-10), df


def test_share_interval_is_wilsons_with_t_when_each_game_is_one_round() -> None:
    n = 60
    study = uno.simulate("mattel", 3, n, rounds=1, seed=4)
    for seat, e in enumerate(study.round_win_shares):
        p = study.round_wins[seat] / n
        assert e.value == pytest.approx(p, abs=1e-15)
        assert (e.low, e.high) == pytest.approx(wilson(p, n - 1, T_TABLE[59]), abs=1e-4)
        assert (e.low, e.high) == pytest.approx(wilson(p, n - 1, _t95(n - 1)), abs=1e-12)


def test_a_share_of_zero_has_a_wilson_interval_not_a_point() -> None:
    """Seat 5 wins no match of 12 (the reviewer's ``--players 6 --games 12 --seed 1``)."""
    study = uno.simulate("mattel", 6, 12, seed=1)
    assert study.match_wins[5] == 0 and study.matches_finished == 12
    shares = study.match_win_shares
    assert shares is not None
    e = shares[5]
    _, high = wilson(0.0, 12 * 11 / 12, _t95(11))
    assert (e.value, e.low) == (0.0, 0.0)
    assert e.high == pytest.approx(high, abs=1e-12) and e.high > 0.3


def test_share_intervals_stay_within_0_and_1() -> None:
    study = uno.simulate("mattel", 2, 3, rounds=1, seed=0)
    for e in (*study.round_win_shares, study.first_player_win_share):
        assert e is not None and 0.0 <= e.low <= e.value <= e.high <= 1.0


def test_paired_share_difference_is_mover_from_both_wilson_intervals() -> None:
    n = 80
    c = uno.compare("mattel", "danish", 2, n, rounds=1, seed=5)
    xa = [s.round_wins[0] for s in per_game("mattel", 2, n, 5)]
    xb = [s.round_wins[0] for s in per_game("danish", 2, n, 5)]
    pa, pb = statistics.fmean(xa), statistics.fmean(xb)
    q = _t95(n - 1)
    la, ua = wilson(pa, n - 1, q)
    lb, ub = wilson(pb, n - 1, q)
    phi = statistics.correlation(xa, xb)
    d = pb - pa
    low = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2 - 2 * phi * (pb - lb) * (ua - pa))
    high = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2 - 2 * phi * (ub - pb) * (pa - la))
    e = c.differences()["round_win_share[0]"]
    assert e is not None
    assert (e.value, e.low, e.high) == pytest.approx((d, low, high), abs=1e-12)


def test_paired_mean_difference_is_the_t_interval_of_the_per_game_differences() -> None:
    n = 40
    c = uno.compare("mattel", "danish", 2, n, rounds=1, seed=5)
    diffs = [
        b.points - a.points
        for a, b in zip(per_game("mattel", 2, n, 5), per_game("danish", 2, n, 5), strict=True)
    ]
    mean = statistics.fmean(diffs)
    half = _t95(n - 1) * statistics.stdev(diffs) / math.sqrt(n)
    d = c.differences()["round_points"]
    assert d is not None
    assert (d.value, d.low, d.high) == pytest.approx((mean, mean - half, mean + half), abs=1e-9)


def test_two_games_that_differ_all_the_way_are_not_significant() -> None:
    """The reviewer's case: the first player wins both games under A, neither under B."""
    c = uno.compare("mattel", attrs.evolve(uno.MATTEL, hand_size=3), 2, 2, rounds=1)
    assert (c.a.first_player_wins, c.b.first_player_wins) == (2, 0)
    d = c.differences()["first_player_win_share"]
    assert d is not None and d.value == -1.0
    assert d.low == -1.0 and 0.0 < d.high < 1.0 and not d.significant


def tally_of(games: list[tuple[int, ...]]) -> _Tally:
    """The tally of games given as vectors of components (the constant 1 put first)."""
    rows = [(1, *g) for g in games]
    k = len(rows[0])
    return _Tally(
        len(rows),
        tuple(sum(r[i] for r in rows) for i in range(k)),
        tuple(sum(r[i] * r[j] for r in rows) for i in range(k) for j in range(i, k)),
        (),
    )


@pytest.mark.parametrize(("games", "significant"), [(2, False), (4, False), (5, True), (9, True)])
def test_a_share_difference_of_every_game_alike_is_significant_from_five_games_on(
    games: int, significant: bool
) -> None:
    """Every game: won under A (1 of 1 round), lost under B (0 of 1): MOVER with t."""
    tally = tally_of([(1, 1, 0, 1)] * games)
    d = tally.difference((1, 2), (3, 4), share=True)
    assert d is not None and (d.value, d.low) == (-1.0, -1.0)
    assert d.significant is significant and d.high < 1.0


@pytest.mark.parametrize("games", [2, 5])
def test_a_mean_difference_with_no_spread_from_under_six_games_is_undefined(games: int) -> None:
    """Every game plays one round under A and two under B: a sign test on fewer than 6
    games cannot tell, so neither does the interval."""
    d = tally_of([(1, 2)] * games).difference((1, 0), (2, 0))
    assert d == uno.Estimate(1.0, -math.inf, math.inf) and not d.significant


def test_a_mean_difference_with_no_spread_from_six_games_is_the_point() -> None:
    d = tally_of([(1, 2)] * 6).difference((1, 0), (2, 0))
    assert d == uno.Estimate(1.0, 1.0, 1.0) and d.significant


def test_no_difference_in_any_game_is_exactly_zero() -> None:
    d = tally_of([(1, 1, 1, 1), (0, 1, 0, 1), (1, 1, 1, 1)]).difference((1, 2), (3, 4), share=True)
    assert d == uno.Estimate(0.0, 0.0, 0.0) and not d.significant
