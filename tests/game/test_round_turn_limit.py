"""Issue 11, item 4: nothing bounded a round that players stall on purpose (two colluding
``mattel`` players kept one round going for 50,000 actions).

The bound is the house rule ``round_turn_limit`` (off in every profile): once a round has
made that many turn actions (C2: plays, Jump-Ins included, and draws that are not a
penalty), it ends as a stuck round does (C15): no winner, nobody scores.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from loaders import load_script

import unorules as uno
from unorules.agents import bots
from unorules.formats import transcript
from unorules.rules import RulesError

PROFILES = ("mattel", "mattel-108", "swedish", "danish")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def colluder(state: uno.State, seat: int) -> uno.Action:
    """A seat that never goes out and never lets the pile run dry: with more than three
    cards it lays one, else it draws; it keeps what it drew."""
    legal = uno.legal_actions(state, seat)
    if state.phase is uno.Phase.DRAWN:
        return uno.Pass(seat)
    plays = [a for a in legal if isinstance(a, uno.Play)]
    if plays and len(state.hands[seat]) > 3:
        return plays[0]
    # a draw on a normal turn; a challenge facing a Wild Draw Four; the first color
    return next(a for a in legal if not isinstance(a, uno.Play | uno.CallUno))


def is_turn_action(before: uno.State, action: uno.Action) -> bool:
    """C2, told from the action and the phase it was made in."""
    return isinstance(action, uno.Play) or (
        isinstance(action, uno.Draw) and before.phase is uno.Phase.PLAY
    )


def stall(state: uno.State, moves: int) -> tuple[list[uno.State], list[uno.Action]]:
    """Let two colluders move ``moves`` times, or until the round ends, through the host's
    trust boundary; return every state and every action."""
    states, actions = [state], []
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        actions.append(colluder(state, seat))
        state = uno.apply_from_seat(state, seat, actions[-1])
        states.append(state)
    return states, actions


def turn_actions(states: list[uno.State], actions: list[uno.Action]) -> int:
    return sum(is_turn_action(s, a) for s, a in zip(states, actions, strict=False))


def test_two_colluding_players_keep_a_mattel_round_going_without_a_bound() -> None:
    """The hole: under ``mattel`` the round never ends."""
    states, actions = stall(uno.new_game(2, "mattel", seed=5), 5000)
    assert len(actions) == 5000 and not states[-1].is_over
    assert turn_actions(states, actions) > 2500
    assert states[-1].turn_actions == 0  # nothing is counted without the option
    assert "turn_actions" not in states[-1].to_dict()


@pytest.mark.parametrize("limit", [1, 2, 300])
def test_two_colluding_players_are_stopped_at_exactly_the_bound(limit: int) -> None:
    rules = uno.MATTEL.but(round_turn_limit=limit)
    states, actions = stall(uno.new_game(2, rules, seed=5), 10 * limit + 10)
    end = states[-1]
    assert end.phase is uno.Phase.ROUND_OVER
    assert turn_actions(states, actions) == end.turn_actions == limit
    assert end.round_winner is None and end.round_points == (0, 0)
    assert end.scores == (0, 0) and end.current_player is None
    assert all(len(h) > 2 for h in end.hands)  # nobody was about to go out
    # The action before was still in the round, one turn action short of the limit.
    before = states[-2]
    assert not before.is_over and before.turn_actions == limit - 1
    assert is_turn_action(before, actions[-1])
    assert uno.apply(before, actions[-1]) == end


def test_the_next_round_counts_from_zero_and_the_match_goes_on() -> None:
    rules = uno.MATTEL.but(round_turn_limit=40)
    states, _ = stall(uno.new_game(2, rules, seed=5), 1000)
    assert states[-1].phase is uno.Phase.ROUND_OVER and states[-1].turn_actions == 40
    nxt = uno.apply(states[-1], uno.NextRound())
    assert nxt.round == 1 and nxt.turn_actions == 0 and nxt.scores == (0, 0)
    states, actions = stall(nxt, 1000)
    assert states[-1].phase is uno.Phase.ROUND_OVER
    assert turn_actions(states, actions) == states[-1].turn_actions == 40


def test_a_round_that_ends_by_itself_at_the_bound_is_scored() -> None:
    """The last card laid as the limit's turn action: the player went out (R11.1)."""
    rules = uno.MATTEL.but(hand_size=2, round_turn_limit=1)
    s = uno.State.from_position("R1/G1,G2 R5 red 0+ play *", rules=rules)
    out = uno.apply(s, uno.Play(0, "R1"))
    assert out.phase is uno.Phase.ROUND_OVER and out.round_winner == 0
    assert out.scores == (3, 0) and out.turn_actions == 1


def test_only_turn_actions_count() -> None:
    """C2: a play (a Jump-In too) or a draw that is not a penalty counts; taking a Wild
    Draw Four and a call that changes nothing do not."""
    rules = uno.MATTEL.but(hand_size=3, round_turn_limit=4, jump_in=True)
    s = uno.State.from_position("W+4,G2,G3/G7,G8,R1/R1,Y5,Y6 R5 red 0+ play *", rules=rules)
    s = uno.apply(s, uno.Play(0, "W+4", "red"))  # 1
    assert s.phase is uno.Phase.CHALLENGE and s.turn_actions == 1
    assert uno.apply(s, uno.CallUno(2)) == s  # not owed: nothing happens
    s = uno.apply(s, uno.Draw(1))  # takes the penalty: not a turn action
    assert s.turn_actions == 1 and s.current_player == 2
    s = uno.apply(s, uno.Play(2, "R1"))  # 2
    assert s.current_player == 0
    s = uno.apply(s, uno.Play(1, "R1"))  # a Jump-In: 3
    assert s.current_player == 2 and s.turn_actions == 3 and not s.is_over
    s = uno.apply(s, uno.Draw(2))  # 4: the limit
    assert s.phase is uno.Phase.ROUND_OVER and s.round_winner is None and s.turn_actions == 4


def test_the_official_profiles_are_unchanged() -> None:
    """Off in every profile: their states, their JSON and their seeded games are as they
    were; a limit no round reaches changes nothing but the count."""
    for name in PROFILES:
        assert uno.get_profile(name).round_turn_limit == 0
        start = uno.new_game(3, name, seed=11)
        limited = uno.new_game(3, uno.get_profile(name).but(round_turn_limit=10**6), seed=11)
        plain = [s for _, s in bots.play(start, bots.random_bots(3, seed=11), rounds=1)]
        counted = [s for _, s in bots.play(limited, bots.random_bots(3, seed=11), rounds=1)]
        assert len(plain) == len(counted) > 10
        for a, b in zip(plain, counted, strict=True):
            assert a.hands == b.hands and a.discard_pile == b.discard_pile
            assert a.current_player == b.current_player and a.scores == b.scores
            assert "turn_actions" not in a.to_dict() and a.turn_actions == 0
        assert counted[-1].turn_actions > 0


def test_the_count_is_part_of_the_state_json_and_position() -> None:
    rules = uno.MATTEL.but(round_turn_limit=50)
    states, actions = stall(uno.new_game(2, rules, seed=5), 21)
    state, made = states[-1], turn_actions(states, actions)
    assert not state.is_over and state.turn_actions == made > 0
    data = state.to_dict()
    assert data["turn_actions"] == made and data["rules"]["round_turn_limit"] == 50
    assert uno.State.from_json(state.to_json()) == state
    assert f" turns={made} " in state.position()
    assert uno.State.from_position(state.position(), rules=rules) == state
    with pytest.raises(ValueError, match=r"at \$\.turn_actions: turn_actions is a whole number"):
        uno.State.from_dict({**data, "turn_actions": 50})  # the round would be over
    with pytest.raises(ValueError, match=r"at \$\.turn_actions: turn_actions is a whole number"):
        uno.State.from_dict({**data, "turn_actions": -1_000_000})  # would lift the bound
    with pytest.raises(ValueError, match=r"at \$: missing 'turn_actions'"):
        uno.State.from_dict({k: v for k, v in data.items() if k != "turn_actions"})
    plain = uno.new_game(2, seed=5).to_dict()
    with pytest.raises(ValueError, match="counted only under the rule round_turn_limit"):
        uno.State.from_dict({**plain, "turn_actions": 0})
    with pytest.raises(ValueError, match="counted only under the rule round_turn_limit"):
        uno.State.from_position("R1/G1 R5 red 0+ play * turns=3")


def test_the_option_is_checked() -> None:
    with pytest.raises(RulesError, match="round_turn_limit=-1: 0 for no limit"):
        uno.MATTEL.but(round_turn_limit=-1)
    with pytest.raises(RulesError, match="round_turn_limit=True: expected an integer"):
        uno.MATTEL.but(round_turn_limit=True)


def test_a_stopped_round_records_and_validates() -> None:
    """A transcript of a round the limit ended replays to the same states, and its
    result (no winner, nobody scores) is checked."""
    rules = uno.MATTEL.but(round_turn_limit=30)
    start = uno.new_game(2, rules, seed=5)
    states, actions = stall(start, 1000)
    state = states[-1]
    t = transcript.record(start, actions)
    text = transcript.dumps(t)
    assert json.loads(text)["rules"] == {"profile": "mattel", "options": {"round_turn_limit": 30}}
    report = transcript.validate(text)
    assert report.valid, report
    assert state.turn_actions == 30 and state.round_winner is None
    assert report.state == state
    assert transcript.replay(transcript.loads(text))[-1] == state


def test_the_example_server_ends_the_round_of_two_stalling_clients(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """examples/game_server.py, as a host uses the bound: two clients that stall from
    their views alone are stopped at the server's limit."""
    gs = load_script(EXAMPLES, "game_server")

    class Staller(gs.BotClient):  # type: ignore[name-defined,misc]
        def on_view(self, view: uno.View) -> uno.Action | None:
            if view.current_player != view.player:
                return None
            if view.phase is uno.Phase.DRAWN:
                return uno.Pass(view.player)
            plays = [a for a in view.legal_actions if isinstance(a, uno.Play)]
            if plays and len(view.hand) > 3:
                return plays[0]
            return next(a for a in view.legal_actions if not isinstance(a, uno.Play | uno.CallUno))

    server = gs.Server([Staller("A"), Staller("B")], uno.MATTEL.but(round_turn_limit=400), 5)
    final = server.run(1)
    assert final.phase is uno.Phase.ROUND_OVER and final.turn_actions == 400
    assert final.round_winner is None and final.scores == (0, 0)
    assert not server.rejected
    # Its command line sets the limit (1000 by default): 7 turn actions are too few for
    # anyone to lay 7 cards, so the round ends with no winner.
    assert gs.main(["--players", "2", "--turn-limit", "7"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(", ")[1] for line in lines[:2]] == ["score   0", "score   0"]
    assert lines[2].startswith("rounds played: 1;")


def test_games_under_the_limit_take_the_fast_route_and_count_there() -> None:
    """The option is honoured by the fast route (C2, C15): the fast route resolves the
    plain plays and draws of a game under it and counts each turn action, giving the
    general route's state every time, up to the end of the round at the limit."""
    from unorules._engine import fast
    from unorules._engine.general import apply_general

    rules = uno.MATTEL.but(round_turn_limit=30)
    state = uno.new_game(2, rules, seed=11)
    fast_moves = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = colluder(state, seat)
        quick = None
        if type(action) is uno.Play:
            quick = fast.fast_play(state, action)
        elif type(action) is uno.Draw:
            quick = fast.fast_draw(state, action)
        general = apply_general(state, action)
        if quick is not None:
            fast_moves += 1
            assert quick == general
        after = uno.apply(state, action)
        assert after == general
        assert after.turn_actions == state.turn_actions + is_turn_action(state, action)
        state = after
    assert fast_moves >= 20  # the colluders' plays and draws: most of the round
    assert (state.turn_actions, state.phase, state.round_winner) == (
        30,
        uno.Phase.ROUND_OVER,
        None,
    )
