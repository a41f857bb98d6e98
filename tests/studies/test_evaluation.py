"""Evaluating agents (unorules.studies.evaluation, issue 27 item 6): bots and policies
against each other, every one in every seat, on simulate's seeded deals, as win rates
with 95% intervals; `unorules tournament` prints the same."""

from __future__ import annotations

import concurrent.futures as cf
import json
import multiprocessing

import attrs
import pytest

import unorules as uno
from unorules.agents import bots
from unorules.cli import main
from unorules.studies import evaluation
from unorules.studies.evaluation import Entrant, Tournament, policy_bot, tournament


class FirstLegal:
    """A bot defined in this module: it plays its first legal action, never interjects."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, state: uno.State, seat: int) -> uno.Action:
        return uno.legal_actions(state, seat)[0]

    def interject(self, state: uno.State, seat: int) -> uno.Action | None:
        return None


def first_playable(view: uno.View) -> uno.Action:
    """A policy: the first card it may lay, else the first legal action."""
    plays = [a for a in view.legal_actions if isinstance(a, uno.Play)]
    return plays[0] if plays else view.legal_actions[0]


def test_win_rates_are_the_seat_rotated_studies_merged() -> None:
    result = tournament(["heuristic", "random", "random"], games=30, seed=3)
    assert result.seatings == 3 and result.deals == 10 and result.games == 30
    for r, study in enumerate(result.studies):
        seats = ["heuristic", "random", "random"][r:] + ["heuristic", "random", "random"][:r]
        names = tuple(seats)
        assert study.bots == names
        alone = uno.simulate(
            "mattel", 3, 10, seed=3, rounds=1, bots=[bots.get_bot(n) for n in names]
        )
        assert attrs.evolve(alone, bots=names) == study  # built on simulate, game for game
    rounds = sum(s.rounds_played for s in result.studies)
    assert result.rounds_played == rounds == 30
    heuristic_wins = sum(s.round_wins[(0 - r) % 3] for r, s in enumerate(result.studies))
    assert result.wins[0] == heuristic_wins
    assert result.win_rates[0].value == heuristic_wins / rounds
    assert sum(result.wins) + result.stuck_rounds == rounds


def test_seat_rotation_cancels_the_seat_advantage_exactly() -> None:
    # Two copies of one bot: whoever sits where, seat s of deal g plays the same game in
    # every seating (a seat's bot is seeded by the deal and the seat), so each copy wins
    # exactly as often, however much the seat to act first wins.
    result = tournament(["heuristic", "heuristic"], games=60, seed=5)
    assert result.wins[0] == result.wins[1]
    first = uno.simulate("mattel", 2, 30, seed=5, rounds=1, bots="heuristic")
    assert first.round_wins[0] != first.round_wins[1]  # there is a seat effect to cancel


def test_the_heuristic_bot_beats_the_random_bot_beyond_doubt() -> None:
    result = tournament(["heuristic", "random"], games=400, seed=1)
    heuristic, rand = result.win_rates
    assert 0 <= heuristic.low < heuristic.value < heuristic.high <= 1
    assert heuristic.low > 0.5 > rand.high
    assert heuristic.value + rand.value + result.stuck_rounds / 400 == pytest.approx(1)


def test_games_round_up_to_every_seating() -> None:
    result = tournament(["random", "heuristic", "random"], games=7)
    assert (result.deals, result.games, result.played) == (3, 9, 9)


def test_whole_matches_count_matches_won() -> None:
    result = tournament(["heuristic", "random"], games=6, rounds=None, seed=2)
    assert result.rounds is None and result.rounds_played > 6
    assert result.played == sum(s.matches_finished for s in result.studies) == 6
    assert sum(result.wins) == 6
    assert "whole matches" in str(result) and "won / matches" in str(result)


def test_entrants_are_names_factories_bot_objects_and_policies() -> None:
    result = tournament(
        [bots.HeuristicBot, FirstLegal(), policy_bot(first_playable), "random"], games=8
    )
    assert result.bots == ("heuristic", "FirstLegal", "policy first_playable", "random")
    assert sum(result.wins) + result.stuck_rounds == result.rounds_played == 8


def test_a_policy_decides_from_its_own_view() -> None:
    seen: list[uno.View] = []

    def record(view: uno.View) -> uno.Action:
        seen.append(view)
        return view.legal_actions[0]

    tournament([policy_bot(record), "random"], games=2)
    assert seen and all(isinstance(v, uno.View) for v in seen)
    assert all(v.current_player == v.player for v in seen)


def test_bad_entrants_and_options_are_named() -> None:
    with pytest.raises(ValueError, match=r"bots\[1\]: unknown bot 'randon'; did you mean"):
        tournament(["heuristic", "randon"])
    with pytest.raises(ValueError, match="bots: at least 2 entrants"):
        tournament(["heuristic"])
    with pytest.raises(ValueError, match="bots: at most 10 entrants"):
        tournament(["random"] * 11)
    with pytest.raises(TypeError, match="bots: a list of entrants"):
        tournament("heuristic")
    with pytest.raises(TypeError, match=r"bots\[0\]: a bot name, a bot factory"):
        tournament([42, "random"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"bots\[0\]: a bot has act\(\) and interject\(\)"):
        only_acts = type("OnlyActs", (), {"act": lambda self, s, p: None})()
        tournament([only_acts, "random"])
    with pytest.raises(ValueError, match="rules: a tournament scores each bot"):
        tournament(["random"] * 4, rules=uno.MATTEL.but(teams=2))
    with pytest.raises(ValueError, match="games: at least 1, not 0"):
        tournament(["heuristic", "random"], games=0)
    with pytest.raises(TypeError, match="policy: a function from a View"):
        policy_bot("heuristic")  # type: ignore[arg-type]


def test_a_lambda_cannot_go_to_a_process_pool_and_the_error_says_so() -> None:
    with (
        cf.ProcessPoolExecutor(1) as pool,
        pytest.raises(TypeError, match=r"bots\[0\]: policy .*<lambda> does not pickle, so it"),
    ):
        tournament([policy_bot(lambda v: v.legal_actions[0]), "random"], games=2, executor=pool)


def test_a_bot_registered_at_run_time_plays_on_spawned_workers() -> None:
    # Spawned workers start from nothing: they never ran this registration. The factory,
    # not the name, travels with every chunk, so the name works there all the same.
    bots.register_bot("test-first-legal", FirstLegal)
    try:
        entrants: list[Entrant] = ["test-first-legal", policy_bot(first_playable), "random"]
        here = tournament(entrants, games=12, seed=4)
        spawn = multiprocessing.get_context("spawn")
        with cf.ProcessPoolExecutor(2, mp_context=spawn) as pool:
            there = tournament(entrants, games=12, seed=4, executor=pool, chunk_size=2)
        assert there == here
        assert here.bots[0] == "test-first-legal"
    finally:
        bots._BOTS.unregister("test-first-legal")


def test_one_call_from_the_package() -> None:
    assert uno.tournament is tournament is uno.studies.tournament
    assert isinstance(uno.tournament(["heuristic", "random"], games=2), Tournament)
    assert evaluation.__all__ == ["Entrant", "Policy", "Tournament", "policy_bot", "tournament"]


def test_the_command_prints_the_table_python_prints(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--bot", "heuristic", "--bot", "random", "--games", "40", "--seed"]
    assert main([*argv, "3", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out == str(tournament(["heuristic", "random"], games=40, seed=3)) + "\n"
    assert "won / rounds" in out and "every bot in every seat" in out


def test_the_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--bot", "heuristic", "--bot", "random", "--games", "20", "--json"]
    assert main([*argv, "-q", "--matches"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rounds"] is None and data["games"] == 20 and data["seatings"] == 2
    first = data["bots"][0]
    assert first["bot"] == "heuristic" and first["of"] == 20
    low, high = first["ci95"]
    assert low <= first["win_rate"] <= high


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bot", "heuristic"], "--bot: a tournament needs 2 to 10 entrants"),
        (["--bot", "heuristic", "--bot", "randon"], "--bot: unknown bot 'randon'"),
        (["--bot", "random"] * 2 + ["--option", "teams=2"], "--option teams: a tournament"),
        (["--bot", "random"] * 2 + ["--games", "0"], "--games: at least 1, not 0"),
        (["--bot", "random"] * 2 + ["--rounds", "0"], "--rounds: from 1 to 1,000,000, not 0"),
    ],
)
def test_the_command_refuses_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["tournament", *argv, "-q"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"unorules tournament: error: {message}")
