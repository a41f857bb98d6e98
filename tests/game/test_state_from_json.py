"""Issue 11, item 2: impossible states from JSON. Every state that ``State.from_dict`` /
``from_json`` accepts satisfies the engine's invariants; anything else is a ``ValueError``
naming the JSON path. No state the engine reaches is rejected."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import unorules as uno
from unorules import host

# -- the reproductions ----------------------------------------------------------------


def start() -> dict[str, Any]:
    data: dict[str, Any] = uno.new_game(3, seed=1).to_dict()
    return data


def rejected(data: object, path: str) -> str:
    """Both entry points reject ``data`` with a ValueError naming ``path``."""
    with pytest.raises(ValueError) as info:
        uno.State.from_dict(data)  # type: ignore[arg-type]
    message = str(info.value)
    assert message.startswith(f"not a unorules state: at {path}: "), message
    with pytest.raises(ValueError) as again:
        uno.State.from_json(json.dumps(data))
    assert str(again.value) == message
    return message


def test_fifty_wild_draw_fours_are_not_a_hand() -> None:
    d = start()
    d["hands"][0] = ["W+4"] * 50
    assert rejected(d, "$.hands[0][4]").endswith("a fifth W+4: the deck holds 4")


def test_a_current_player_that_is_not_a_seat() -> None:
    d = start()
    d["current_player"] = 99
    assert rejected(d, "$.current_player").endswith("a seat is a whole number from 0 to 2, not 99")


def test_every_seat_eliminated_is_rejected_instead_of_looping() -> None:
    d = start()
    d.update(eliminated=[0, 1, 2], phase="round_over", current_player=None)
    rejected(d, "$.eliminated")
    rules = attrs.evolve(uno.MATTEL, scoring=uno.Scoring.ELIMINATION)
    over = uno.new_game(3, rules, seed=1).to_dict()
    over.update(phase="round_over", current_player=None, round_points=[0, 0, 0])
    assert uno.State.from_dict(over).phase is uno.Phase.ROUND_OVER
    for out in ([0, 1, 2], [1, 2]):  # NextRound would look for a dealer forever, or deal
        over["eliminated"] = out  # to one seat
        assert rejected(over, "$.eliminated").endswith(
            "at least two sides stay in the match until it is over"
        )


def test_idle_turns_cannot_disable_the_stuck_round_end() -> None:
    d = start()
    d["idle_turns"] = -1000000
    assert "idle_turns is a whole number from 0 to 2" in rejected(d, "$.idle_turns")
    d["idle_turns"] = 3  # three seats: the round would have ended
    rejected(d, "$.idle_turns")


def test_deep_nesting_and_non_objects_are_value_errors() -> None:
    for text in ("[" * 100_000, '{"a":' * 100_000):
        with pytest.raises(ValueError, match="nested too deeply"):
            uno.State.from_json(text)
    values: list[object] = [[], "state", 3, None]
    for value in values:
        with pytest.raises(ValueError, match="a state is a JSON object"):
            uno.State.from_dict(value)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="JSON text is str or bytes, not int"):
        uno.State.from_json(5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not valid JSON"):
        uno.State.from_json("{")
    with pytest.raises(ValueError, match='wrong "format"'):
        uno.State.from_json("{}")


@pytest.mark.parametrize(
    ("field", "value", "path"),
    [
        ("seed", -1, "$.seed"),
        ("seed", 2**64, "$.seed"),
        ("seed", True, "$.seed"),
        ("round", 1.0, "$.round"),
        ("dealer", True, "$.dealer"),
        ("dealer", 3, "$.dealer"),
        ("direction", 1.0, "$.direction"),
        ("direction", 2, "$.direction"),
        ("direction", True, "$.direction"),
        ("current_player", True, "$.current_player"),
        ("current_player", 1.0, "$.current_player"),
        ("current_player", None, "$.current_player"),
        ("phase", "lunch", "$.phase"),
        ("rng_counter", -1, "$.rng_counter"),
        ("rng_counter", 2**70, "$.rng_counter"),
        ("pending_draw", 4, "$.pending_draw"),
        ("drawn_card", "R1", "$.drawn_card"),
        ("answer_lock", -1.0, "$.answer_lock"),
        ("answer_lock", 7, "$.answer_lock"),
        ("answer_lock", False, "$.answer_lock"),
        ("uno_open", [0, 0], "$.uno_open[1]"),
        ("uno_open", [5], "$.uno_open[0]"),
        ("uno_open", [0], "$.uno_open[0]"),  # seat 0 holds 7 cards
        ("uno_overdue", [True], "$.uno_overdue[0]"),
        ("lost_turns", [3], "$.lost_turns[0]"),
        ("names", ["a", "a", "b"], "$.names[1]"),
        ("names", ["a", 1, "b"], "$.names[1]"),
        ("names", ["a"], "$.names"),
        ("sides", [0, 1, 1], "$.sides"),
        ("sides", [0.0, 1.0, 2.0], "$.sides"),
        ("totals", [0, -5, 0], "$.totals[1]"),
        ("totals", [0, 0], "$.totals"),
        ("eliminated", [1], "$.eliminated"),  # not elimination scoring
        ("winner", 0, "$.winner"),  # the match is not over
        ("round_winner", 0, "$.round_winner"),
        ("round_points", [0, 0, 0], "$.round_points"),
        ("color", "purple", "$.color"),
        ("color", None, "$.color"),
        ("challenge", {"offender": 0, "guilty": True, "previous_color": "red"}, "$.challenge"),
        ("discard_pile", [], "$.discard_pile"),
        ("draw_pile", [], "$"),  # the census: cards missing
        ("draw_pile_order_fixed", 0, "$.draw_pile_order_fixed"),
        ("turned", ["X9"], "$.turned[0]"),
        ("rules", {"hand_size": 99}, "$.rules"),
        ("rules", {"stack": True}, "$.rules"),
        ("rules", [], "$.rules"),
        ("hands", [[], []], "$.hands"),
        ("hands", [["R1"], 5, []], "$.hands[1]"),
        ("extra", 1, "$.extra"),
    ],
)
def test_one_wrong_field_names_its_path(field: str, value: object, path: str) -> None:
    d = start()
    d[field] = value
    rejected(d, path)


def test_a_missing_key_is_named() -> None:
    d = start()
    del d["idle_turns"]
    assert rejected(d, "$").endswith("missing 'idle_turns'")


def test_long_values_are_not_echoed_in_full() -> None:
    d = start()
    d["phase"] = "x" * 5_000_000
    assert len(rejected(d, "$.phase")) < 300
    d = start()
    d["hands"][0][0] = "R" * 5_000_000
    assert len(rejected(d, "$.hands[0][0]")) < 300


def test_a_phase_and_its_fields_agree() -> None:
    d = start()
    d["phase"] = "drawn"  # no drawn card named
    rejected(d, "$.drawn_card")
    d = start()
    seat = d["current_player"]
    d.update(phase="drawn", drawn_card=d["hands"][(seat + 1) % 3][0])
    if d["drawn_card"] not in d["hands"][seat]:
        assert "is not in the hand of player" in rejected(d, "$.drawn_card")
    d = start()
    d.update(phase="round_over", round_points=[0, 0, 0])  # someone is still to act
    rejected(d, "$.current_player")
    d = start()
    d.update(phase="challenge", pending_draw=4)
    rejected(d, "$.challenge")
    d = start()
    d.update(phase="game_over", current_player=None, round_points=[0, 0, 0])
    rejected(d, "$.winner")


def test_a_drawn_phase_holds_only_a_drawn_card_that_matches() -> None:
    """R4.4: the drawn phase follows a draw only when the card drawn may be laid. A drawn
    card that does not match (R1 on a blue B9), or rules where a drawn card is never laid
    (``play_drawn_card=False``), is not a state the engine reaches: before, it was
    accepted and ``legal_actions`` listed a play that ``apply`` refused."""
    with pytest.raises(ValueError, match=r"field 'drawn': R1 does not match B9 \(color blue\)"):
        uno.State.from_position("R1/G2 B9 blue 0+ drawn * drawn=R1")
    data = uno.State.from_position("B1,R1/G2 B9 blue 0+ drawn * drawn=B1").to_dict()
    data["drawn_card"] = "R1"
    rejected(data, "$.drawn_card")
    s = uno.State.from_position("B1/G2 B9 blue 0+ drawn * drawn=B1")
    keep = uno.MATTEL.but(play_drawn_card=False)
    with pytest.raises(ValueError, match=r"field 'phase': phase drawn needs rules"):
        uno.State.from_position("B1/G2 B9 blue 0+ drawn * drawn=B1", rules=keep)
    assert uno.legal_actions(s, 0)[0] == uno.Play(0, "B1")
    assert uno.apply(s, uno.Play(0, "B1")).phase is uno.Phase.ROUND_OVER


def test_fields_that_only_some_rules_reach_are_refused_under_the_others() -> None:
    """A penalty waits for its victim only under stacking or Skip bounce (A18, C16); a
    Wild Draw Four's penalty is 4 cards without stacking; a call is overdue only under
    the Swedish window (C9). Under other rules such a state was accepted."""
    with pytest.raises(ValueError, match=r"field 'phase': phase penalty exists only under"):
        uno.State.from_position("R1,R2/G2,G3 R+2 red 1+ penalty * pending=400")
    stacked = uno.MATTEL.but(stacking=uno.Stacking.SAME_TYPE)
    assert uno.State.from_position("R1,R2/G2,G3 R+2 red 1+ penalty * pending=4", rules=stacked)
    challenge = "R1,R2/G2,G3 *,R5,W+4 blue 1+ challenge - pending={} challenge=0,honest,red"
    with pytest.raises(ValueError, match=r"field 'pending': without stacking a Wild Draw Four"):
        uno.State.from_position(challenge.format(400))
    assert uno.State.from_position(challenge.format(4)).pending_draw == 4
    with pytest.raises(ValueError, match=r"field 'overdue': a call is overdue only under"):
        uno.State.from_position("R1/G2,G3 R5 red 1+ play * overdue=0")
    assert uno.State.from_position("R1/G2,G3 R5 red 1+ play * overdue=0", rules="swedish")


def test_an_eliminated_seat_holds_no_cards_and_does_not_act() -> None:
    rules = attrs.evolve(uno.MATTEL, scoring=uno.Scoring.ELIMINATION)
    d: dict[str, Any] = uno.new_game(3, rules, seed=2).to_dict()
    current = d["current_player"]
    d["eliminated"] = [current]
    rejected(d, "$.current_player" if d["hands"][current] == [] else f"$.hands[{current}]")


# -- real states: no false rejections ---------------------------------------------------------

RULE_MIXES: list[uno.Rules] = [
    attrs.evolve(uno.MATTEL, target=250),
    attrs.evolve(uno.MATTEL_108, target=150, scoring=uno.Scoring.CUMULATIVE_LOWEST),
    attrs.evolve(uno.SWEDISH, target=200),
    attrs.evolve(uno.DANISH, target=250),
    attrs.evolve(uno.MATTEL, target=40, scoring=uno.Scoring.ELIMINATION),
    attrs.evolve(
        uno.MATTEL,
        target=250,
        teams=2,
        seven_o=True,
        jump_in=True,
        multi_play=uno.MultiPlay.SAME_VALUE,
        stacking=uno.Stacking.MIXED,
        false_uno_penalty=2,
        uno_penalty_loses_turn=True,
    ),
    attrs.evolve(
        uno.SWEDISH,
        target=100,
        draw_until_playable=True,
        skip_bounce=True,
        stacking=uno.Stacking.SAME_TYPE,
        no_finish_on_action=True,
        wild_draws_two=True,
    ),
    attrs.evolve(
        uno.DANISH,
        target=100,
        draw_up_to=3,
        wild_restriction=uno.WildRestriction.NO_CURRENT_COLOR,
        customizable_cards=2,
        customizable_effect="draw-until-color",
    ),
    attrs.evolve(uno.MATTEL_NO_MERCY, target=2000),  # knockouts, the set-aside cards, Roulette
]


def played(rules: uno.Rules, players: int, seed: int, limit: int = 3000) -> Iterator[uno.State]:
    """Every state of a seeded match played with random legal actions."""
    pick = random.Random(seed)
    state = uno.new_game(players, rules, seed=seed)
    yield state
    for _ in range(limit):
        legal = uno.legal_actions(state)
        if not legal:
            return
        # Mostly the turn's own moves (a UNO call changes nothing), now and then anyone's,
        # so that catches, calls and jump-ins happen too.
        moves: list[uno.Action] = [a for a in legal if not isinstance(a, uno.CallUno)]
        plays: list[uno.Action] = [a for a in moves if isinstance(a, uno.Play)]  # shorter rounds
        if plays and pick.random() < 0.7:
            moves = plays
        state = uno.apply(state, pick.choice(moves if moves and pick.random() < 0.9 else legal))
        yield state


def test_every_reachable_state_round_trips() -> None:
    phases: set[uno.Phase] = set()
    count = 0
    for i, rules in enumerate(RULE_MIXES):
        for players in (2, 4) if not rules.teams else (4, 6):
            for state in played(rules, players, seed=100 * i + players, limit=700):
                assert uno.State.from_json(state.to_json()) == state
                if count % 7 == 0:  # the host's blindfolded copy is a valid state too
                    host._blindfolded(state, count % state.players)
                phases.add(state.phase)
                count += 1
    assert phases == set(uno.Phase)
    assert count > 6000


def test_states_around_an_answer_lock_load_again() -> None:
    # With next_may_answer_symbol=False a Reverse locks the next seat (C6); it draws a
    # playable card and keeps it, which ends the lock: every state on the way loads again.
    rules = attrs.evolve(uno.MATTEL, hand_size=3, next_may_answer_symbol=False)
    hands = [["RR", "G1", "G2"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]]
    deck = list(rules.deck())
    for c in [*(c for h in hands for c in h), "R5", "R7"]:
        deck.remove(uno.Card.parse(c))
    state = uno.new_game(3, rules, deal=uno.Deal(2, hands, ["R5"], ["R7", *deck]))
    for action in (uno.Play(0, "RR"), uno.Draw(2), uno.Pass(2)):
        state = uno.apply(state, action)
        assert uno.State.from_json(state.to_json()) == state


# -- hostile mutations: rejected, or the state plays on ----------------------------------------

PLACES = ("hands", "draw_pile", "discard_pile")


def wild_value(pick: random.Random, d: dict[str, Any]) -> object:
    """A value of any kind: right type or not, in range or not."""
    n = len(d["names"])
    pool: list[object] = [
        None,
        True,
        False,
        0,
        1,
        -1,
        n - 1,
        n,
        2,
        3,
        4,
        99,
        -(10**6),
        10**6,
        2**63,
        2**64,
        1.0,
        0.5,
        "",
        "R1",
        "W+4",
        "red",
        "play",
        "drawn",
        "challenge",
        "penalty",
        "round_over",
        "game_over",
        "choose_color",
        [],
        [0],
        [0, 0],
        [n - 1],
        [0, 1],
        list(range(n)),
        {},
        {"offender": 0, "guilty": True, "previous_color": "red"},
        {"offender": 1, "guilty": False, "previous_color": None},
        ["R1"] * 3,
        [[]] * n,
        pick.randrange(-3, 12),
    ]
    return pick.choice(pool)


def mutate(pick: random.Random, d: dict[str, Any]) -> str:
    """Change one thing in ``d`` at random; returns what, for the failure message."""
    how = pick.randrange(6)
    if how <= 1:
        field = pick.choice([k for k in d if k != "format"])
        d[field] = wild_value(pick, d)
        return f"{field} = {d[field]!r}"
    if how == 2:  # move one card elsewhere: the census stays right
        src = pick.choice(PLACES)
        dst = pick.choice(PLACES)
        src_list = d[src][pick.randrange(len(d[src]))] if src == "hands" else d[src]
        dst_list = d[dst][pick.randrange(len(d[dst]))] if dst == "hands" else d[dst]
        if not src_list:
            return "nothing moved"
        card = src_list.pop(pick.randrange(len(src_list)))
        dst_list.insert(pick.randrange(len(dst_list) + 1), card)
        return f"{card} moved from {src} to {dst}"
    if how == 3:  # one field of the nested records
        if d["challenge"] is not None and pick.random() < 0.5:
            key = pick.choice(["offender", "guilty", "previous_color"])
            d["challenge"][key] = wild_value(pick, d)
            return f"challenge.{key} = {d['challenge'][key]!r}"
        field = pick.choice(["sides", "totals", "round_points", "uno_open", "lost_turns"])
        value: object = d[field]
        if isinstance(value, list) and value:
            value[pick.randrange(len(value))] = wild_value(pick, d)
        else:
            d[field] = [wild_value(pick, d)]
        return f"{field} = {d[field]!r}"
    if how == 4:  # a plausible value: another seat, phase or counter
        field = pick.choice(
            [
                "current_player",
                "dealer",
                "phase",
                "pending_draw",
                "idle_turns",
                "answer_lock",
                "round_winner",
                "winner",
                "direction",
                "rng_counter",
            ]
        )
        n = len(d["names"])
        d[field] = pick.choice([None, -1, 0, 1, n - 1, pick.randrange(n), 2, 4, 6, 8])
        if field == "phase":
            d[field] = pick.choice(
                ["play", "drawn", "choose_color", "challenge", "penalty", "round_over", "game_over"]
            )
        return f"{field} = {d[field]!r}"
    # a card replaced by another: the census breaks, unless it is the same card
    place = pick.choice(PLACES)
    target = d[place][pick.randrange(len(d[place]))] if place == "hands" else d[place]
    if not target:
        return "nothing replaced"
    i = pick.randrange(len(target))
    target[i] = str(pick.choice(uno.ALL_CARDS))
    return f"{place} card {i} = {target[i]}"


def plays_on(state: uno.State, pick: random.Random) -> None:
    """The state answers every question and takes its legal actions, then a few random
    steps, with no exception but IllegalAction."""
    for _ in range(4):
        legal = uno.legal_actions(state)
        for seat in range(state.players):
            uno.observe(state, seat)
            assert set(uno.legal_actions(state, seat)) <= set(legal)
        for action in legal[:25]:
            with contextlib.suppress(uno.IllegalAction):
                uno.apply(state, action)
        assert uno.State.from_json(state.to_json()) == state
        if not legal:
            return
        try:
            state = uno.apply(state, pick.choice(legal))
        except uno.IllegalAction:
            return


def base_states() -> list[uno.State]:
    found: list[uno.State] = []
    for i, rules in enumerate(RULE_MIXES):
        for players in (2, 3, 4) if not rules.teams else (4, 6):
            states = list(played(rules, players, seed=7 * i + players, limit=400))
            found += states[:: max(1, len(states) // 12)]
            found += [s for s in states if s.phase is not uno.Phase.PLAY][:6]
    return found


def test_one_field_mutations_are_rejected_or_play_on() -> None:
    pick = random.Random(11)
    states = base_states()
    accepted = rejected_count = 0
    for _ in range(2500):
        state = pick.choice(states)
        d = state.to_dict()
        what = mutate(pick, d)
        text = json.dumps(d)
        try:
            mutated = uno.State.from_json(text)
        except ValueError as err:
            assert str(err).startswith("not a unorules state"), (what, err)
            rejected_count += 1
            continue
        accepted += 1
        try:
            plays_on(mutated, pick)
        except Exception as err:
            raise AssertionError(f"{what}: {type(err).__name__}: {err}") from err
    assert rejected_count > 1500 and accepted > 300, (rejected_count, accepted)


def test_mutations_of_nested_values_keep_the_original_intact() -> None:
    d = start()
    original = copy.deepcopy(d)
    d["hands"][0] = ["W+4"] * 50
    with pytest.raises(ValueError):
        uno.State.from_dict(d)
    assert uno.State.from_dict(original) == uno.new_game(3, seed=1)


def test_a_dict_made_in_python_may_use_tuples() -> None:
    state = uno.new_game(3, seed=2)
    d = {k: tuple(v) if isinstance(v, list) else v for k, v in state.to_dict().items()}
    d["hands"] = tuple(tuple(h) for h in d["hands"])
    assert uno.State.from_dict(d) == state
