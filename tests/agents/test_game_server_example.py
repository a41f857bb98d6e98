"""examples/game_server.py: players who stall on purpose cannot keep a round going for
ever. A call of UNO that protects nobody is always legal and changes nothing; the
server does not count it as a move (out of turn, that seat is not asked again until
something happens; on its turn, it is one of the player's three tries).

And no reply stops it (issue 29, item 8): a reply that is not an action (the decoded
JSON a network client sends, a string, None, a list, a huge number) or an action the
seat may not take is answered with a code and a message, and the game is unchanged."""

from __future__ import annotations

import collections
import itertools
import types
from collections.abc import Callable
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


# == replies that are not actions ============================================================


class _PlaySubclass(uno.Play):
    """Not one of the action classes: a client's own class is not an action."""


BAD_REPLIES: list[tuple[str, Callable[[int], object], str]] = [
    ("a decoded object with a bad card", lambda me: {"player": me, "play": "R10"}, "malformed"),
    ("a decoded object with no verb", lambda me: {"player": me}, "malformed"),
    (
        "a decoded object naming drawn cards",
        lambda me: {"player": me, "draw": True, "drawn": ["W"]},
        "host_only",
    ),
    ("a decoded next round", lambda me: {"next_round": True}, "host_only"),
    (
        "a decoded action of another seat",
        lambda me: {"player": 1 - me, "draw": True},
        "not_your_turn",
    ),
    (
        "a decoded seat too long to write",
        lambda me: {"player": 10**5000, "draw": True},
        "malformed",
    ),
    ("a string", lambda me: "draw", "malformed"),
    ("a line of broken JSON", lambda me: '{"player": 0, "draw": tru', "malformed"),
    ("bytes that are not UTF-8", lambda me: b"\xff", "malformed"),
    ("a list", lambda me: [me, "draw"], "malformed"),
    ("a huge int", lambda me: 10**5000, "malformed"),
    ("a float", lambda me: float("nan"), "malformed"),
    ("a bool", lambda me: True, "malformed"),
    ("an object", lambda me: object(), "malformed"),
    ("an action of another seat", lambda me: uno.Draw(1 - me), "not_your_turn"),
    ("an action of a seat not at the table", lambda me: uno.Draw(10**30), "not_your_turn"),
    ("a next round", lambda me: uno.NextRound(), "host_only"),
    ("a subclass of an action", lambda me: _PlaySubclass(me, "R1"), "malformed"),
]


def test_no_reply_stops_the_server_each_is_refused_and_the_game_finishes() -> None:
    """A client that sends each kind of bad reply in turn, on its turn and out of it
    (None only on its turn, where it is not allowed), before each honest one: every one
    is answered with its code and a one-line message, the state is what it was, and the
    match goes on to its end (three rounds)."""
    gs = load_server()
    kinds = [*BAD_REPLIES, ("None on its turn", lambda me: None, "malformed")]

    class Garbler(gs.BotClient):  # type: ignore[name-defined,misc]
        def __init__(self, name: str) -> None:
            super().__init__(name)
            self.server: object = None
            self.cycle = itertools.cycle(kinds)
            self.pending: tuple[str, str, uno.State] | None = None
            self.answers: list[tuple[str, str, str]] = []
            self.sent: collections.Counter[str] = collections.Counter()

        def on_view(self, view: uno.View) -> object:
            if self.pending is not None:  # refused and not told: it was taken
                raise AssertionError(f"{self.pending[0]} was not refused")
            if sum(self.sent.values()) % 2 == 0:  # every other view: honest
                kind, make, code = next(self.cycle)
                if kind.startswith("None") and view.current_player != view.player:
                    kind, make, code = next(self.cycle)
                self.pending = (kind, code, self.server.state)  # type: ignore[attr-defined]
                self.sent[kind] += 1
                return make(view.player)
            self.sent["honest"] += 1
            return super().on_view(view)

        def on_error(self, code: str, message: str) -> None:
            assert self.pending is not None, (code, message)
            kind, expected, before = self.pending
            assert self.server.state is before, kind  # type: ignore[attr-defined]
            assert code == expected, (kind, code, message)
            assert message and "\n" not in message and len(message) < 400, (kind, message)
            self.answers.append((kind, code, message))
            self.pending = None

    garbler = Garbler("G")
    server = gs.Server([garbler, gs.BotClient("B1")], uno.MATTEL.but(round_turn_limit=300), 4)
    garbler.server = server
    final = server.run(3)
    assert final.round == 2 and final.phase in (uno.Phase.ROUND_OVER, uno.Phase.GAME_OVER)
    told = collections.Counter(kind for kind, _, _ in garbler.answers)
    assert set(told) == {kind for kind, _, _ in kinds}
    assert told == garbler.sent - collections.Counter(honest=garbler.sent["honest"])
    assert server.rejected["malformed"] == sum(
        n for kind, n in told.items() if dict((k, c) for k, _, c in kinds)[kind] == "malformed"
    )
    message = {kind: m for kind, _, m in garbler.answers}
    assert message["a huge int"].startswith("not an action: at $: an action")
    assert message["a decoded object with a bad card"] == (
        "not an action: at $.play: not a card: 'R10' (examples: R7, G+2, BS, YR, W, W+4, WS, WC,"
        " 'red 7')"
    )


def test_a_client_that_speaks_json_plays_a_whole_game() -> None:
    """Over a network, actions come as JSON: a line of text or a decoded object. The
    server reads both with the library's reader and the game is the one the same client
    plays with actions."""
    gs = load_server()

    class JsonClient(gs.BotClient):  # type: ignore[name-defined,misc]
        def on_view(self, view: uno.View) -> object:
            action = super().on_view(view)
            if action is None:
                return None
            return action.to_json() if view.round % 2 else action.to_dict()

    rules = uno.MATTEL.but(target=100)
    json_server = gs.Server([JsonClient("J0"), JsonClient("J1")], rules, seed=8)
    plain_server = gs.Server([gs.BotClient("J0"), gs.BotClient("J1")], rules, seed=8)
    assert json_server.run(3) == plain_server.run(3)
    assert json_server.state.round >= 1 and not json_server.rejected
