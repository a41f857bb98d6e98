"""Rule studies (unorules.studies.study): seeding, tallies, intervals, executors, comparisons."""

from __future__ import annotations

import concurrent.futures as cf
import io
import json
import math
import statistics
import sys
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import unorules as uno
from unorules.agents import bots
from unorules.studies.study import RayExecutor, Study, game_seed, register_bot

FOUR_STACKING = attrs.evolve(uno.MATTEL, stacking=uno.Stacking.SAME_TYPE)


def reference(
    rules: uno.Rules, players: int, games: int, seed: int, rounds: int | None
) -> dict[str, Any]:
    """What the games give, counted one by one the way ``unorules simulate`` always has."""
    lengths: Counter[int] = Counter()
    wins = [0] * players
    stuck = points = finished = first_wins = 0
    sides = rules.teams or players
    match_wins = [0] * sides
    for i in range(games):
        game_seed = (seed * 1_000_003 + i) % (1 << 64)
        state = uno.new_game(players, rules, game_seed)
        actions, last, first = 0, state, state.current_player
        for action, last in bots.play(state, bots.random_bots(players, game_seed), rounds=rounds):
            if isinstance(action, uno.NextRound):
                first = last.current_player
                continue
            actions += 1
            if last.is_over:
                lengths[actions] += 1
                if last.round_winner is None:
                    stuck += 1
                else:
                    wins[last.round_winner] += 1
                    first_wins += last.round_winner == first
                scored = last.round_points or ()
                points += sum({last.teams[s]: p for s, p in enumerate(scored)}.values())
                actions = 0
        if last.phase is uno.Phase.GAME_OVER and last.winner is not None:
            finished += 1
            match_wins[last.winner] += 1
    return {
        "lengths": dict(lengths),
        "wins": tuple(wins),
        "stuck": stuck,
        "points": points,
        "finished": finished,
        "match_wins": tuple(match_wins),
        "first": first_wins,
    }


def counts(study: Study) -> dict[str, Any]:
    return {
        "lengths": study.round_lengths,
        "wins": study.round_wins,
        "stuck": study.stuck_rounds,
        "points": study.points,
        "finished": study.matches_finished,
        "match_wins": study.match_wins,
        "first": study.first_player_wins,
    }


# == what a study counts =========================================================================


def test_game_seeds_are_the_clis() -> None:
    assert [game_seed(3, i) for i in range(3)] == [3_000_009, 3_000_010, 3_000_011]
    assert game_seed(-1, 0) == (1 << 64) - 1_000_003


@pytest.mark.parametrize(
    ("rules", "players", "games", "seed", "rounds"),
    [
        (uno.MATTEL, 3, 12, 5, None),
        (attrs.evolve(uno.MATTEL, teams=2, target=200), 4, 10, 1, None),
        (attrs.evolve(uno.SWEDISH, seven_o=True, jump_in=True), 3, 25, 2, 2),
        (FOUR_STACKING, 2, 30, 0, 1),
    ],
)
def test_simulate_counts_every_game_as_played_one_by_one(
    rules: uno.Rules, players: int, games: int, seed: int, rounds: int | None
) -> None:
    study = uno.simulate(rules, players, games, seed=seed, rounds=rounds, chunk_size=4)
    expected = reference(rules, players, games, seed, rounds)
    assert counts(study) == expected
    assert study.games == games and study.rounds_played == sum(expected["lengths"].values())
    assert study.ranges == ((0, games),)


def test_mean_and_median_are_exact_from_the_histogram() -> None:
    study = uno.simulate("mattel", 4, 40, seed=9)
    every = [n for n, c in study.round_lengths.items() for _ in range(c)]
    assert study.round_length is not None
    assert study.round_length.value == statistics.fmean(every)
    assert study.median_round_length == statistics.median(every)
    odd = uno.simulate("mattel", 2, 7, rounds=1)
    every = sorted(n for n, c in odd.round_lengths.items() for _ in range(c))
    assert odd.median_round_length == every[3] and isinstance(odd.median_round_length, int)


def test_one_game_has_an_unbounded_interval() -> None:
    study = uno.simulate("mattel", 2, 1, rounds=1)
    e = study.round_length
    assert e is not None and (e.low, e.high) == (-math.inf, math.inf)
    assert e.to_dict() == {"value": e.value, "low": None, "high": None}


def test_match_shares_use_the_finished_matches() -> None:
    study = uno.simulate(attrs.evolve(uno.MATTEL, teams=2, target=150), 4, 20, seed=3)
    shares = study.match_win_shares
    assert shares is not None and len(shares) == study.sides == 2
    assert [e.value for e in shares] == [w / study.matches_finished for w in study.match_wins]
    assert sum(study.match_wins) == study.matches_finished == 20


# == the same result whatever runs it ==============================================================


def test_chunking_does_not_change_the_result() -> None:
    base = uno.simulate("danish", 3, 23, rounds=2, seed=11, chunk_size=1000)
    for size in (1, 4, 23):
        assert uno.simulate("danish", 3, 23, rounds=2, seed=11, chunk_size=size) == base


def test_thread_and_process_pools_give_the_in_process_result() -> None:
    base = uno.simulate("mattel", 4, 24, rounds=1, seed=2, bots="heuristic")
    with cf.ThreadPoolExecutor(3) as threads:
        assert (
            uno.simulate(
                "mattel", 4, 24, rounds=1, seed=2, bots="heuristic", executor=threads, chunk_size=5
            )
            == base
        )
    with cf.ProcessPoolExecutor(2) as processes:
        assert (
            uno.simulate(
                "mattel",
                4,
                24,
                rounds=1,
                seed=2,
                bots="heuristic",
                executor=processes,
                chunk_size=7,
            )
            == base
        )


def test_dask_local_cluster_gives_the_in_process_result() -> None:
    distributed = pytest.importorskip("distributed")
    base = uno.simulate("swedish", 3, 30, rounds=1, seed=6)
    pair = uno.compare("mattel", FOUR_STACKING, 3, 12, rounds=1, seed=6)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        got = uno.simulate("swedish", 3, 30, rounds=1, seed=6, executor=executor, chunk_size=4)
        paired = uno.compare(
            "mattel", FOUR_STACKING, 3, 12, rounds=1, seed=6, executor=executor, chunk_size=5
        )
    assert got == base
    assert paired == pair


class Recording(cf.Executor):
    """Runs tasks on one thread and records how many were unfinished at each submit."""

    def __init__(self) -> None:
        self.pool = cf.ThreadPoolExecutor(1)
        self.lock = threading.Lock()
        self.unfinished = 0
        self.most = 0
        self.submitted = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        with self.lock:
            self.unfinished += 1
            self.submitted += 1
            self.most = max(self.most, self.unfinished)
        future = self.pool.submit(fn, *args, **kwargs)
        future.add_done_callback(self.done)
        return future

    def done(self, _: cf.Future[Any]) -> None:
        with self.lock:
            self.unfinished -= 1

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait, cancel_futures=cancel_futures)


def test_chunks_are_submitted_a_few_at_a_time() -> None:
    executor = Recording()
    try:
        study = uno.simulate(
            "mattel", 2, 20, rounds=1, executor=executor, chunk_size=2, max_in_flight=3
        )
    finally:
        executor.shutdown()
    assert executor.submitted == 10 and executor.most <= 3
    assert study == uno.simulate("mattel", 2, 20, rounds=1)


def test_a_failing_chunk_raises_and_cancels_the_rest() -> None:
    def broken(seed: int) -> bots.Bot:
        raise RuntimeError("this bot cannot be made")

    with cf.ThreadPoolExecutor(1) as pool, pytest.raises(RuntimeError, match="cannot be made"):
        uno.simulate("mattel", 2, 10, bots=broken, executor=pool, chunk_size=1, max_in_flight=2)


# == merging and JSON =============================================================================


def test_parts_merge_into_the_whole() -> None:
    whole = uno.simulate("mattel", 3, 30, seed=4, rounds=1)
    a = uno.simulate("mattel", 3, 10, seed=4, rounds=1)
    b = uno.simulate("mattel", 3, 12, seed=4, rounds=1, start=10)
    c = uno.simulate("mattel", 3, 8, seed=4, rounds=1, start=22)
    assert a + b + c == whole == c.merge(a).merge(b)
    assert (a + c).ranges == ((0, 10), (22, 30))


@pytest.mark.parametrize(
    ("other", "words"),
    [
        (dict(rules="swedish"), "different rules"),
        (dict(seed=5), "different seed"),
        (dict(bots="heuristic"), "different bots"),
        (dict(start=5), "games 5 to 9 are in both"),
    ],
)
def test_studies_that_do_not_fit_together_do_not_merge(other: dict[str, Any], words: str) -> None:
    args: dict[str, Any] = dict(rules="mattel", seed=4, start=0, bots=None)
    a = uno.simulate(args["rules"], 2, 10, rounds=1, seed=4)
    b = uno.simulate(
        other.get("rules", "mattel"),
        2,
        10,
        rounds=1,
        seed=other.get("seed", 4),
        start=other.get("start", 10),
        bots=other.get("bots"),
    )
    with pytest.raises(ValueError, match=words):
        a + b


def test_study_json_round_trip_and_merge() -> None:
    a = uno.simulate(attrs.evolve(uno.DANISH, teams=2, target=100), 4, 6, seed=1)
    text = json.dumps(a.to_dict())
    back = Study.from_dict(json.loads(text))
    assert back == a
    data = json.loads(text)
    assert data["format"] == "unorules-study/1" and data["rules_name"].startswith("danish")
    assert data["figures"]["round_length"]["value"] == a.round_length.value  # type: ignore[union-attr]
    assert data["games"] == [[0, 6]]


def _bad(path: list[object], value: object) -> dict[str, Any]:
    data: Any = uno.simulate("mattel", 2, 3, rounds=1).to_dict()
    data = json.loads(json.dumps(data))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return dict(data)


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (["format"], "unorules/1", "$.format: expected 'unorules-study/1'"),
        (["players"], 11, "$.players"),
        (["rules"], {"stacking": "always"}, "$.rules: stacking='always'"),
        (["bots"], ["random"], "$.bots: expected a list of 2"),
        (["seed"], "0", "$.seed"),
        (["rounds"], 0, "$.rounds"),
        (["games"], [[3, 1]], r"\$.games\[0\]"),
        (["tally", "sums"], [1, 2], r"\$.tally.sums: expected a list of 11"),
        (["tally", "products", 0], -1, r"\$.tally.products\[0\]"),
        (["tally", "round_lengths", 0], {"x": 1}, "not a number of actions"),
        (["tally", "games"], 4, "must equal games"),
    ],
)
def test_bad_study_json_is_named_by_path(path: list[object], value: object, words: str) -> None:
    with pytest.raises(ValueError, match=words if words.startswith(r"\$") else _escape(words)):
        Study.from_dict(_bad(path, value))


def _escape(text: str) -> str:
    import re

    return re.escape(text)


# == arguments ====================================================================================


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        (dict(players=1), ValueError, "players: at least 2"),
        (dict(players=11), ValueError, "2 to 10 players"),
        (dict(games=0), ValueError, "games: at least 1"),
        (dict(games=2.5), TypeError, "games: a whole number"),
        (dict(rounds=0), ValueError, "rounds: at least 1"),
        (dict(chunk_size=0), ValueError, "chunk_size: at least 1"),
        (dict(max_in_flight=0), ValueError, "max_in_flight: at least 1"),
        (dict(seed=True), TypeError, "seed"),
        (dict(start=-1), ValueError, "start: at least 0"),
        (dict(bots="clever"), ValueError, "unknown bot 'clever'; known: heuristic, monte-carlo"),
        (dict(bots=["random"] * 3), ValueError, "3 bots for 2 seats"),
        (dict(bots=[5, 6]), TypeError, r"bots\[0\]: a bot name or factory"),
        (dict(rules=3), TypeError, "rules: a Rules value or a profile name"),
        (dict(rules="uno-flip"), ValueError, "unknown rules profile"),
        (dict(rules=attrs.evolve(uno.MATTEL, teams=2), players=3), ValueError, "team"),
    ],
)
def test_bad_arguments_get_clear_errors(
    kwargs: dict[str, Any], error: type[Exception], words: str
) -> None:
    args: dict[str, Any] = dict(rules="mattel", players=2, games=2, rounds=1) | kwargs
    rules, players, games = args.pop("rules"), args.pop("players"), args.pop("games")
    with pytest.raises(error, match=words):
        uno.simulate(rules, players, games, **args)


# == bots =========================================================================================


def test_bots_by_name_per_seat_and_by_factory() -> None:
    mixed = uno.simulate("mattel", 3, 20, rounds=1, bots=["heuristic", "random", "random"])
    assert mixed.bots == ("heuristic", "random", "random")
    by_class = uno.simulate(
        "mattel", 3, 20, rounds=1, bots=[bots.HeuristicBot, bots.RandomBot, bots.RandomBot]
    )
    assert by_class == mixed
    assert uno.simulate("mattel", 3, 20, rounds=1, bots=bots.RandomBot) == uno.simulate(
        "mattel", 3, 20, rounds=1
    )


def test_a_registered_bot_plugs_in_by_name() -> None:
    register_bot("test-greedy", bots.HeuristicBot)
    try:
        named = uno.simulate("mattel", 2, 8, rounds=1, bots="test-greedy")
        assert named.bots == ("test-greedy", "test-greedy")
        assert (
            named.round_wins == uno.simulate("mattel", 2, 8, rounds=1, bots="heuristic").round_wins
        )
    finally:
        bots._BOTS.unregister("test-greedy")  # the one table of bot names


def test_heuristic_bot_beats_random_bots() -> None:
    study = uno.simulate("mattel", 2, 300, rounds=1, seed=1, bots=["heuristic", "random"])
    share = study.round_win_shares[0]
    assert share.low > 0.5, share


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"stacking": "same_type", "seven_o": True, "jump_in": True},
        {"multi_play": "same_value", "draw_until_playable": True},
        {"uno_window": "next_turn_action", "false_uno_penalty": 2, "no_finish_on_action": True},
    ],
)
@pytest.mark.parametrize("profile", ["mattel", "mattel-108", "swedish", "danish"])
def test_heuristic_bot_only_plays_legal_moves(profile: str, changes: dict[str, object]) -> None:
    from unorules.rules import rules_from_options

    rules = rules_from_options(uno.get_profile(profile), changes)
    study = uno.simulate(rules, 4, 6, rounds=2, bots="heuristic", seed=3)  # apply() checks
    assert study.rounds_played == 12


# == comparisons ==================================================================================


def test_compare_plays_both_studies_on_the_same_seeds() -> None:
    c = uno.compare("mattel", FOUR_STACKING, 3, 20, rounds=2, seed=8, chunk_size=3)
    assert c.a == uno.simulate("mattel", 3, 20, rounds=2, seed=8)
    assert c.b == uno.simulate(FOUR_STACKING, 3, 20, rounds=2, seed=8)
    diff = c.differences()
    for name, ea in c.a.figures().items():
        eb, d = c.b.figures()[name], diff[name]
        if ea is None or eb is None:
            assert d is None
        else:
            assert d is not None and d.value == pytest.approx(eb.value - ea.value, abs=1e-12)


def test_compare_of_the_same_rules_finds_no_difference() -> None:
    c = uno.compare("swedish", "swedish", 4, 15, rounds=1)
    for name, d in c.differences().items():
        if d is not None:
            assert (d.value, d.low, d.high, d.significant) == (0.0, 0.0, 0.0, False), name


def test_comparison_merge_and_json() -> None:
    a = uno.compare("mattel", "danish", 2, 5, rounds=1)
    b = uno.compare("mattel", "danish", 2, 5, rounds=1, start=5)
    whole = uno.compare("mattel", "danish", 2, 10, rounds=1)
    assert a + b == whole
    back = uno.Comparison.from_dict(json.loads(json.dumps(whole.to_dict())))
    assert back == whole
    data = whole.to_dict()
    assert data["rules_b_name"] == "danish" and "differences" in data
    with pytest.raises(ValueError, match="different rules_b"):
        a + uno.compare("mattel", "swedish", 2, 5, rounds=1, start=5)


# == progress, plots, Ray ========================================================================


def test_progress_bar_shows_rate_and_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter(range(0, 1000))
    monkeypatch.setattr("unorules.studies.study.time.monotonic", lambda: float(next(clock)))
    screen = io.StringIO()
    uno.simulate("mattel", 2, 4, rounds=1, progress=screen)
    lines = screen.getvalue().split("\r")
    assert lines[1] == "[" + "#" * 7 + "." * 23 + "] 1/4 games  1 games/s  0:03 left"
    assert lines[-1] == "\x1b[K[" + "#" * 30 + "] 4/4 games\n"


def test_no_progress_bar_unless_asked_or_on_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    uno.simulate("mattel", 2, 3, rounds=1)
    uno.simulate("mattel", 2, 3, rounds=1, progress=False)
    assert capsys.readouterr().err == ""


def test_plots_are_written_and_reproducible(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    study = uno.simulate("mattel", 3, 30, seed=2)
    study.plot(str(tmp_path / "a.svg"))
    study.plot(str(tmp_path / "b.svg"))
    svg = (tmp_path / "a.svg").read_bytes()
    assert svg.startswith(b"<?xml") and b"<svg" in svg
    assert svg == (tmp_path / "b.svg").read_bytes()
    uno.compare("mattel", FOUR_STACKING, 3, 10, rounds=1).plot(str(tmp_path / "c.png"))
    assert (tmp_path / "c.png").read_bytes().startswith(b"\x89PNG")
    with pytest.raises(ValueError, match=r"name it \*.svg, \*.png or \*.pdf"):
        study.plot(str(tmp_path / "c.gif"))


def test_plot_without_matplotlib_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(ImportError, match=r"pip install 'unorules\[plot\]'"):
        uno.simulate("mattel", 2, 2, rounds=1).plot(str(tmp_path / "a.svg"))


@pytest.mark.skipif("ray" in sys.modules, reason="only without Ray")
def test_ray_executor_without_ray_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ImportError, match="RayExecutor needs Ray: pip install ray"):
        RayExecutor()


def _deal(*hands: str, turned: str = "R5") -> uno.State:
    """A round from these hands (the last seat deals, so seat 0 plays first)."""
    rules = attrs.evolve(uno.MATTEL, hand_size=len(hands[0].split()))
    deal = uno.Deal(len(hands) - 1, [h.split() for h in hands], turned.split())
    return uno.new_game(len(hands), rules, deal=deal)


def test_heuristic_bot_sheds_its_highest_card_and_keeps_wilds() -> None:
    state = _deal("R9 R2 W B5", "G1 G2 G3 G4")
    assert bots.HeuristicBot(0).act(state, 0) == uno.Play(0, "R9")


def test_heuristic_bot_names_its_most_held_color_and_says_uno() -> None:
    state = _deal("W G1", "B1 B2")
    assert bots.HeuristicBot(0).act(state, 0) == uno.Play(0, "W", "green", uno=True)
