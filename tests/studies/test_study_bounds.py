"""Studies and matches that cannot end, and study files past what games can give: the
bound of rounds a match (``max_rounds``), unfinished matches counted and shown, every
count of a study file bounded by what 2**64 games can reach, and the arguments of
``simulate`` and ``compare`` checked as the command checks its options (issue 29, items
4, 5 and 9)."""

from __future__ import annotations

import copy
import io
import json
import math
import random
import time
from typing import Any

import pytest

import unorules as uno
from unorules.studies import study as study_mod

STUCK = uno.MATTEL.but(round_turn_limit=1)  # every round ends after one turn action, stuck
FAR = uno.MATTEL.but(target=2**32)  # a target no match reaches in a lifetime

# components (after the constant 1): rounds, actions, points, stuck, finished, first, wins...
ROUNDS, ACTIONS, POINTS, STUCK_, FINISHED, FIRST, WIN0 = range(1, 8)


def _pos(i: int, j: int, k: int) -> int:
    """Where the product of components ``i <= j`` is in a tally of ``k`` components."""
    return i * k - i * (i - 1) // 2 + j - i


def _tally(vectors: list[tuple[list[int], int]], lengths: list[dict[int, int]]) -> dict[str, Any]:
    """The JSON tally of games given as (vector, how many games alike)."""
    k = len(vectors[0][0])
    sums = [0] * k
    products = [0] * (k * (k + 1) // 2)
    for vector, times in vectors:
        for i in range(k):
            sums[i] += times * vector[i]
            for j in range(i, k):
                products[_pos(i, j, k)] += times * vector[i] * vector[j]
    return {
        "games": sums[0],
        "sums": sums,
        "products": products,
        "round_lengths": [{str(n): c for n, c in side.items()} for side in lengths],
    }


def _game(
    players: int,
    *,
    rounds: int,
    actions: int,
    points: int,
    wins: int,
    first: int,
    stuck: int,
    won: int | None,
) -> list[int]:
    """One rule set's block of a made-up game: seat 0 wins ``wins`` rounds, side ``won``
    the match (None: unfinished)."""
    block = [rounds, actions, points, stuck, int(won is not None), first, wins]
    block += [0] * (players - 1) + [int(won == t) for t in range(players)]
    return block


# == item 9: the arguments of simulate and compare ===============================================


PROGRESS_REFUSED = "progress: True, False, None, a Progress or a text stream"


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"seed": -1}, ValueError, "seed: at least 0, not -1"),
        ({"seed": 2**64}, ValueError, "seed: at most 2**64 - 1, not 18446744073709551616"),
        ({"seed": 10**1000}, ValueError, "seed: at most 2**64 - 1, not <an integer of 1001"),
        ({"seed": 1.0}, TypeError, "seed: a whole number, not 1.0"),
        ({"games": True}, TypeError, "games: a whole number, not True"),
        ({"games": 10**1000}, ValueError, "games: start + games is at most 2**64 (the game"),
        ({"players": True}, TypeError, "players: a whole number, not True"),
        ({"players": 10**1000}, ValueError, "players: UNO is played by 2 to 10 players, not <"),
        ({"rounds": True}, TypeError, "rounds: a whole number, not True"),
        ({"rounds": 10**6 + 1}, ValueError, "rounds: at most 1,000,000, not 1000001"),
        ({"max_rounds": 0}, ValueError, "max_rounds: at least 1, not 0"),
        ({"max_rounds": True}, TypeError, "max_rounds: a whole number, not True"),
        ({"max_rounds": 10**6 + 1}, ValueError, "max_rounds: at most 1,000,000, not 1000001"),
        ({"chunk_size": True}, TypeError, "chunk_size: a whole number, not True"),
        ({"start": True}, TypeError, "start: a whole number, not True"),
        ({"start": 10**1000}, ValueError, "start: at most 2**64 - 1, not <an integer of 1001"),
        ({"max_in_flight": True}, TypeError, "max_in_flight: a whole number, not True"),
        ({"bots": 5}, TypeError, "bots: a bot name or factory, or a list of them"),
        ({"progress": 5}, TypeError, PROGRESS_REFUSED),
        ({"progress": "yes"}, TypeError, PROGRESS_REFUSED),
        ({"executor": object()}, TypeError, "executor: a concurrent.futures.Executor"),
        ({"executor": "pool"}, TypeError, "executor: a concurrent.futures.Executor"),
    ],
)
@pytest.mark.parametrize("verb", ["simulate", "compare"])
def test_simulate_and_compare_check_every_argument_as_the_command_does(
    verb: str, kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    args: dict[str, Any] = {"players": 2, "games": 2, "rounds": 1, "progress": False} | kwargs
    players, games = args.pop("players"), args.pop("games")
    with pytest.raises(error) as caught:
        if verb == "simulate":
            uno.simulate("mattel", players, games, **args)
        else:
            uno.compare("mattel", "swedish", players, games, **args)
    assert str(caught.value).startswith(message), str(caught.value)


def test_seed_minus_one_is_not_another_name_for_2_64_minus_1() -> None:
    with pytest.raises(ValueError, match="seed: at least 0"):
        uno.simulate("mattel", 2, 3, rounds=1, seed=-1)
    top = uno.simulate("mattel", 2, 3, rounds=1, seed=2**64 - 1)
    assert top.seed == 2**64 - 1
    data = top.to_dict()
    data["seed"] = -1
    with pytest.raises(ValueError, match=r"\$.seed: expected a whole number from 0 to 2\*\*64 - 1"):
        uno.Study.from_dict(data)


# == item 5: matches that cannot end =============================================================


def test_a_match_of_stuck_rounds_stops_at_max_rounds_and_counts_as_unfinished() -> None:
    started = time.monotonic()
    study = uno.simulate(STUCK, 2, 2, seed=1)  # was: 10**6 actions, then a RuntimeError
    elapsed = time.monotonic() - started
    assert (study.max_rounds, study.games, study.matches_finished) == (500, 2, 0)
    assert study.unfinished_matches == 2
    assert study.rounds_played == study.stuck_rounds == 2 * 500
    assert study.match_win_shares is None
    assert elapsed < 10, elapsed


def test_a_target_out_of_reach_stops_at_max_rounds() -> None:
    study = uno.simulate(FAR, 2, 3, max_rounds=4, seed=2)
    assert (study.rounds_played, study.unfinished_matches, study.matches_finished) == (12, 3, 0)
    assert sum(study.round_wins) + study.stuck_rounds == 12
    c = uno.compare("mattel", FAR, 2, 3, max_rounds=40, seed=2)
    assert (c.a.unfinished_matches, c.b.unfinished_matches) == (0, 3)
    assert c.b.rounds_played == 3 * 40


def test_max_rounds_does_not_touch_matches_that_end() -> None:
    whole = uno.simulate("mattel", 3, 6, seed=4)
    big = uno.simulate("mattel", 3, 6, seed=4, max_rounds=10**6)
    assert whole.unfinished_matches == big.unfinished_matches == 0
    assert whole.figures() == big.figures()
    assert whole.max_rounds == 500 and big.max_rounds == 10**6
    assert uno.simulate("mattel", 2, 2, rounds=3, max_rounds=7).max_rounds is None


def test_studies_of_different_max_rounds_do_not_merge_and_json_keeps_it() -> None:
    a = uno.simulate(FAR, 2, 2, max_rounds=3)
    b = uno.simulate(FAR, 2, 2, max_rounds=3, start=2)
    assert (a + b).unfinished_matches == 4
    with pytest.raises(ValueError, match="cannot merge studies of different max_rounds"):
        a + uno.simulate(FAR, 2, 2, max_rounds=4, start=2)
    data = json.loads(json.dumps(a.to_dict()))
    assert data["max_rounds"] == 3
    assert uno.Study.from_dict(data) == a
    c = uno.compare("mattel", FAR, 2, 2, max_rounds=5)
    assert uno.Comparison.from_dict(json.loads(json.dumps(c.to_dict()))) == c
    with pytest.raises(ValueError, match="cannot merge comparisons of different max_rounds"):
        c + uno.compare("mattel", FAR, 2, 2, max_rounds=6, start=2)


def test_a_study_file_without_max_rounds_reads_the_default() -> None:
    s = uno.simulate("mattel", 2, 3, seed=1)
    data = s.to_dict()
    del data["max_rounds"]
    assert uno.Study.from_dict(data) == s
    data["max_rounds"] = 0
    with pytest.raises(ValueError, match=r"\$.max_rounds: expected a whole number from 1 to"):
        uno.Study.from_dict(data)
    rounds = uno.simulate("mattel", 2, 3, rounds=1).to_dict()
    rounds["max_rounds"] = 500
    with pytest.raises(ValueError, match=r"\$.max_rounds: expected null when \$.rounds"):
        uno.Study.from_dict(rounds)


def test_a_round_that_never_ends_stops_the_study_with_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Drawer:
        def act(self, state: uno.State, seat: int) -> uno.Action:
            legal = uno.legal_actions(state, seat)
            return next((a for a in legal if isinstance(a, uno.Draw | uno.Pass)), legal[0])

        def interject(self, state: uno.State, seat: int) -> uno.Action | None:
            return None

    monkeypatch.setattr(study_mod, "_ROUND_ACTIONS", 60)
    with pytest.raises(RuntimeError) as caught:
        uno.simulate("mattel", 2, 1, bots=lambda seed: Drawer(), seed=3)
    assert "game 0 of the study (seed 3000009): round 1 did not end within 60 actions" in str(
        caught.value
    )


# == item 4: study files past what games can give ================================================


def _study_dict(rounds: int | None = 2, **kwargs: Any) -> dict[str, Any]:
    s = uno.simulate("mattel", 2, 6, rounds=rounds, seed=3, **kwargs)
    return json.loads(json.dumps(s.to_dict()))  # type: ignore[no-any-return]


def test_a_study_of_10_to_the_300_games_is_refused_naming_its_path() -> None:
    data = _study_dict()
    m = 10**300  # every game 10**300 times: a tally that agrees with itself
    tally = data["tally"]
    tally["games"] *= m
    tally["sums"] = [m * v for v in tally["sums"]]
    tally["products"] = [m * v for v in tally["products"]]
    tally["round_lengths"] = [
        {k: m * c for k, c in side.items()} for side in tally["round_lengths"]
    ]
    data["games"] = [[0, tally["games"]]]
    with pytest.raises(ValueError) as caught:
        uno.Study.from_dict(data)
    assert str(caught.value) == (
        "$.games[0]: expected [start, stop] with 0 <= start < stop <= 2**64"
    )


def test_points_past_what_a_round_can_score_are_refused_naming_their_path() -> None:
    data = _study_dict()
    extra = [1, *_game(2, rounds=2, actions=10, points=10**40, wins=2, first=1, stuck=0, won=None)]
    vectors = [(extra, 1)]
    more = _tally(vectors, [{5: 2}])
    tally = data["tally"]
    tally["games"] += 1
    tally["sums"] = [a + b for a, b in zip(tally["sums"], more["sums"], strict=True)]
    tally["products"] = [a + b for a, b in zip(tally["products"], more["products"], strict=True)]
    tally["round_lengths"][0]["5"] = tally["round_lengths"][0].get("5", 0) + 2
    data["games"] = [[0, 7]]
    most = 7 * 2 * uno.MATTEL.deck_size * 50  # 7 games of 2 rounds, the deck at 50 points
    with pytest.raises(ValueError) as caught:
        uno.Study.from_dict(data)
    assert str(caught.value).startswith(f"$.tally.sums[{POINTS}]: at most {most} in 7 games")


def test_rounds_of_whole_matches_are_bounded_by_max_rounds_in_the_file() -> None:
    data = _study_dict(rounds=None, max_rounds=40)
    assert data["max_rounds"] == 40
    data["max_rounds"] = 5  # fewer than the matches played
    with pytest.raises(ValueError, match=r"\$.tally.sums\[1\]: at most 30 rounds in 6 games of 5"):
        uno.Study.from_dict(data)


@pytest.mark.parametrize(
    ("key", "message"),
    [
        ("\u00b2", "'\u00b2' is not a number of actions"),  # a digit to isdigit, not to int
        ("1000001", "a round of '1000001' actions: a round of a study lasts at most 1,000,000"),
        ("9" * 5000, "a round of '99999"),
    ],
)
def test_round_lengths_past_the_bound_of_a_round_are_refused(key: str, message: str) -> None:
    data = _study_dict()
    data["tally"]["round_lengths"][0][key] = 1
    with pytest.raises(ValueError) as caught:
        uno.Study.from_dict(data)
    assert str(caught.value).startswith(f"$.tally.round_lengths[0]: {message}")
    assert len(str(caught.value)) < 300


def _huge_comparison(digits: int) -> dict[str, Any]:
    """A comparison of 10 seats whose 6 made-up games agree with every check but the
    bounds: every count about ``digits`` digits long."""
    rng = random.Random(5)
    c = uno.compare("mattel", "swedish", 10, 1, rounds=1)
    data: dict[str, Any] = json.loads(json.dumps(c.to_dict()))
    data["rounds"], data["max_rounds"] = None, 500
    vectors, lengths = [], [{1: 0, 2: 0}, {1: 0, 2: 0}]
    for _ in range(6):
        vector = [1]
        for side in range(2):
            wins = [rng.randrange(10**digits) for _ in range(10)]
            stuck = rng.randrange(10**digits)
            rounds = sum(wins) + stuck
            actions = rounds + rng.randrange(rounds)
            lengths[side][2] += actions - rounds
            lengths[side][1] += 2 * rounds - actions
            vector += [rounds, actions, rng.randrange(10**digits), stuck, 0, wins[0] // 2, *wins]
            vector += [0] * 10
        vectors.append((vector, 1))
    data["tally"] = _tally(vectors, lengths)
    data["games"] = [[0, 6]]
    return data


def test_a_2_mb_file_of_huge_numbers_is_refused_within_a_second() -> None:
    text = json.dumps(_huge_comparison(2000))
    assert 1_900_000 < len(text) < 2_500_000
    started = time.monotonic()
    with pytest.raises(ValueError) as caught:
        uno.Comparison.from_dict(json.loads(text))
    elapsed = time.monotonic() - started
    assert str(caught.value).startswith("$.tally.sums[1]: at most 3000 rounds in 6 games of 500")
    assert elapsed < 1, elapsed


def _at_the_bounds(players: int) -> dict[str, Any]:
    """A comparison of 2**64 games of whole matches of 10**6 rounds, half of them at the
    most every count can be (every round 10**6 actions, the whole deck scored), half at
    the least, A and B the other way round."""
    c = uno.compare("mattel", "mattel", players, 1, rounds=1)
    data: dict[str, Any] = json.loads(json.dumps(c.to_dict()))
    rounds, actions = 10**6, 10**6
    data["rounds"], data["max_rounds"] = None, rounds
    top = _game(
        players,
        rounds=rounds,
        actions=rounds * actions,
        points=rounds * 108 * 50,
        wins=rounds,
        first=rounds,
        stuck=0,
        won=0,
    )
    low = _game(players, rounds=1, actions=1, points=0, wins=0, first=0, stuck=1, won=None)
    half = 2**63
    data["tally"] = _tally(
        [([1, *top, *low], half), ([1, *low, *top], half)],
        [{actions: half * rounds, 1: half}, {actions: half * rounds, 1: half}],
    )
    data["games"] = [[0, 2**64]]
    return data


def test_a_tally_at_every_bound_loads_and_gives_every_figure() -> None:
    data = _at_the_bounds(10)
    started = time.monotonic()
    c = uno.Comparison.from_dict(copy.deepcopy(data))
    assert c.games == 2**64
    figures = [*c.a.figures().values(), *c.b.figures().values(), *c.differences().values()]
    json.dumps(c.to_dict(), allow_nan=False)
    elapsed = time.monotonic() - started
    shown = [e for e in figures if e is not None]
    assert len(shown) > 40
    assert all(math.isfinite(e.value) for e in shown)
    assert elapsed < 1, elapsed
    assert c.a.unfinished_matches == 2**63


def test_the_spread_check_is_cheap_on_a_tally_of_many_different_games() -> None:
    rng = random.Random(7)
    c = uno.compare("mattel", "swedish", 10, 1, rounds=1)
    data: dict[str, Any] = json.loads(json.dumps(c.to_dict()))
    data["rounds"], data["max_rounds"] = None, 10**6
    vectors, lengths = [], [{1: 0, 10**6: 0}, {1: 0, 10**6: 0}]
    weights = [rng.randrange(2**55, 2**56) for _ in range(80)]  # each game this many times
    for w in weights:  # more different games than components: a matrix of full rank
        vector = [1]
        for side in range(2):
            wins = [rng.randrange(10**5) for _ in range(10)]
            stuck = rng.randrange(10**5)
            rounds = sum(wins) + stuck
            long = rng.randrange(rounds + 1)
            lengths[side][10**6] += long * w
            lengths[side][1] += (rounds - long) * w
            won = rng.randrange(11)
            vector += [
                rounds,
                long * 10**6 + rounds - long,
                rng.randrange(rounds * 5400),
                stuck,
                int(won < 10),
                rng.randrange(sum(wins) + 1),
                *wins,
                *(int(won == t) for t in range(10)),
            ]
        vectors.append((vector, w))
    data["tally"] = _tally(vectors, lengths)
    data["games"] = [[0, sum(weights)]]
    started = time.monotonic()
    loaded = uno.Comparison.from_dict(data)  # the whole 54 x 54 elimination took 3 s
    elapsed = time.monotonic() - started
    assert loaded.games == sum(weights)
    assert elapsed < 1, elapsed


def test_a_text_stream_is_still_a_progress() -> None:
    out = io.StringIO()
    uno.simulate("mattel", 2, 2, rounds=1, progress=out)
    assert "2/2 games" in out.getvalue()
