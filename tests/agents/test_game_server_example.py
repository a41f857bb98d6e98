"""examples/game_server.py: players who stall on purpose cannot keep a round going for
ever. A call of UNO that protects nobody is always legal and changes nothing; the
server does not count it as a move (out of turn, that seat is not asked again until
something happens; on its turn, it is one of the player's three tries)."""

from __future__ import annotations

import types
from pathlib import Path

from loaders import load_script

import unorules as uno

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def load_server() -> types.ModuleType:
    return load_script(EXAMPLES, "game_server")


def _steps_to_end_the_round(server: object, most: int) -> list[tuple[str, bool]]:
    """Each step of the server until the round is over (at most ``most``): what it says,
    and whether it changed the game."""
    steps: list[tuple[str, bool]] = []
    for _ in range(most):
        before: uno.State = server.state  # type: ignore[attr-defined]
        if before.phase in (uno.Phase.ROUND_OVER, uno.Phase.GAME_OVER):
            return steps
        line = server.step()  # type: ignore[attr-defined]
        steps.append((line, server.state != before))  # type: ignore[attr-defined]
    raise AssertionError(f"the round still goes on after {most} steps: {steps[-3:]}")


def _longest_run_of_no_change(steps: list[tuple[str, bool]]) -> int:
    longest = run = 0
    for _, changed in steps:
        run = 0 if changed else run + 1
        longest = max(longest, run)
    return longest


def test_a_player_who_says_uno_out_of_turn_every_time_cannot_stall_the_round() -> None:
    gs = load_server()

    class Staller(gs.BotClient):  # type: ignore[name-defined,misc]
        def on_view(self, view: uno.View) -> uno.Action | None:
            if view.current_player != view.player:
                return uno.CallUno(view.player)  # always legal, changes nothing
            return super().on_view(view)  # type: ignore[no-any-return]

    rules = uno.MATTEL.but(round_turn_limit=1000)
    server = gs.Server([Staller("S"), gs.BotClient("B1"), gs.BotClient("B2")], rules, seed=1)
    steps = _steps_to_end_the_round(server, 2000)
    assert server.state.phase is uno.Phase.ROUND_OVER
    needless = [line for line, changed in steps if not changed]
    assert needless and set(needless) == {"S: P0 says UNO"}
    assert _longest_run_of_no_change(steps) == 1  # heard once, then not asked till a move


def test_a_player_who_says_uno_on_its_turn_every_time_is_moved_for() -> None:
    gs = load_server()

    class Staller(gs.BotClient):  # type: ignore[name-defined,misc]
        def on_view(self, view: uno.View) -> uno.Action | None:
            return uno.CallUno(view.player)  # on its turn too

    rules = uno.MATTEL.but(round_turn_limit=200)
    server = gs.Server([Staller("S"), gs.BotClient("B1")], rules, seed=2)
    steps = _steps_to_end_the_round(server, 2000)
    assert server.state.phase is uno.Phase.ROUND_OVER
    turns = [line for line, _ in steps if line.startswith("S") and line != "S: P0 says UNO"]
    assert turns and all(line.startswith("S (timed out): P0 ") for line in turns)
    assert _longest_run_of_no_change(steps) == 1
