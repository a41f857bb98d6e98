"""Issue 11, item 1: the trust boundary. A seat cannot choose or read hidden cards.

:func:`unorules.apply_from_seat` accepts exactly ``legal_actions(state, seat)``, refuses
chance fields with ``host_only``, and its messages are the same whichever cards the
hidden places (the other hands, the draw pile) hold. ``examples/game_server.py`` uses it,
and a cheating client learns nothing from it.
"""

from __future__ import annotations

import random
import re
import secrets
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from loaders import load_script

import unorules as uno
from unorules._engine.legality import matching
from unorules.agents.botio import action_from_seat

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
HOST_ONLY = uno.ErrorCode.HOST_ONLY
ALL_KINDS = sorted(set(uno.ALL_CARDS), key=lambda c: c.index)

RULE_MIXES: list[tuple[str, uno.Rules]] = [
    ("mattel", uno.MATTEL),
    ("mattel-108", uno.MATTEL_108),
    ("swedish", uno.SWEDISH),
    ("danish", uno.DANISH),
    (
        "mattel+house",
        attrs.evolve(
            uno.MATTEL,
            seven_o=True,
            jump_in=True,
            multi_play=uno.MultiPlay.SAME_VALUE,
            stacking=uno.Stacking.MIXED,
            false_uno_penalty=2,
        ),
    ),
    ("swedish+until", attrs.evolve(uno.SWEDISH, draw_until_playable=True, skip_bounce=True)),
]


# -- helpers -----------------------------------------------------------------------------


def twin(state: uno.State, seat: int, shuffle: random.Random) -> uno.State:
    """``state`` with every card ``seat`` cannot see dealt again at random: the other
    hands (same sizes, with the cards ``seat`` knows in them kept) and the draw pile;
    the generator and a Wild Draw Four's guilt changed too. ``seat`` sees exactly the
    same in both."""
    d: dict[str, Any] = state.to_dict()
    hands = d["hands"]
    # The cards ``seat`` was shown in other hands (View.known) stay where they are.
    mine = [k for k in d.pop("known", ()) if k["seat"] == seat]
    if mine:
        d["known"] = mine
    kept: list[list[str]] = [[] for _ in hands]
    for k in mine:
        kept[k["of"]] = list(k["cards"])
    pool = [c for s, h in enumerate(hands) if s != seat for c in h] + d["draw_pile"]
    for cards in kept:
        for c in cards:
            pool.remove(c)
    current = d["current_player"]
    if d["drawn_card"] is not None and current != seat:
        # Everyone sees that the card drawn may be laid (the drawn phase, R4.4): some
        # card that matches stands for it, a random one.
        top, color = state.top_card, state.color
        playable = [c for c in pool if uno.Card.parse(c) in matching(top, color)]
        d["drawn_card"] = shuffle.choice(playable)
        pool.remove(d["drawn_card"])
        kept[current] = [*kept[current], d["drawn_card"]]
    shuffle.shuffle(pool)
    at = 0
    for s, h in enumerate(hands):
        if s != seat:
            more = len(h) - len(kept[s])
            hands[s] = kept[s] + pool[at : at + more]
            at += more
    d["draw_pile"] = pool[at:]
    if d["challenge"] is not None:
        d["challenge"]["guilty"] = shuffle.random() < 0.5
    d["seed"] = shuffle.randrange(2**64)
    d["rng_counter"] = shuffle.randrange(1000)
    return uno.State.from_dict(d)


def outcome(
    state: uno.State, seat: int, action: uno.Action, *, check: bool = True
) -> tuple[str, str] | uno.State:
    """What apply_from_seat does: the new state, or the (code, message) of the refusal;
    with ``check``, that a refusal leaves ``state`` as it was and is_legal_from_seat
    agrees (the callers that probe one state many times check it once, after)."""
    before = state.to_json() if check else ""
    try:
        return uno.apply_from_seat(state, seat, action)
    except uno.IllegalAction as err:
        if check:
            assert state.to_json() == before
            assert not uno.is_legal_from_seat(state, seat, action)
        return (err.code.value, str(err))


def seat_probes(state: uno.State, seat: int, pick: random.Random) -> list[uno.Action]:
    """What a cheating or careless client might send: chance fields on every kind of
    action, other seats' actions, NextRound, cards it does not hold, and legal actions
    with a chance field added."""
    n = state.players
    other = (seat + 1) % n
    hand = state.hands[seat]
    kinds = pick.sample(ALL_KINDS, 6)
    any_card = str(pick.choice(ALL_KINDS))
    out: list[uno.Action] = [
        uno.Draw(seat, drawn=["W"]),
        uno.Draw(seat, drawn=[any_card]),
        uno.Draw(seat, drawn=[any_card, any_card]),
        uno.Draw(seat, drawn=[]),
        uno.CallUno(seat, drawn=["W+4", "W+4"]),
        uno.CatchUno(seat, other, drawn=["R1", "R2"]),
        uno.Challenge(seat, drawn=["W", "W", "W", "W"]),
        uno.Play(seat, "WS", "red", hands=[["W"] * 3 for _ in range(n)]),
        uno.Play(seat, "R1", drawn=["W", "W"]),
        uno.NextRound(),
        uno.Draw(other),
        uno.Pass(other),
        uno.Play(other, any_card, "red" if uno.Card.parse(any_card).is_wild else None),
        uno.CatchUno(other, seat),
        uno.Pass(seat),
        uno.Challenge(seat),
        uno.ChooseColor(seat, "green"),
        uno.CatchUno(seat, other),
        uno.Play(seat, any_card, target=other),
    ]
    for card in kinds:
        color = pick.choice(list(uno.Color)) if card.is_wild else None
        out.append(uno.Play(seat, card, color, uno=pick.random() < 0.3))
    if hand:
        card = pick.choice(hand)
        out.append(uno.Play(seat, card, None if card.is_wild else uno.Color.RED))
    for legal in uno.legal_actions(state, seat)[:4]:
        if isinstance(legal, uno.Draw | uno.Challenge | uno.CallUno | uno.CatchUno | uno.Play):
            out.append(attrs.evolve(legal, drawn=[any_card]))
    return out


def sampled_states(every: int = 9, rounds_each: int = 1) -> Iterator[tuple[str, uno.State]]:
    """States of seeded games under each rule mix, every ``every``-th one."""
    for name, rules in RULE_MIXES:
        for players, seed in ((2, 11), (4, 12)):
            state = uno.new_game(players, rules, seed=seed)
            pick = random.Random(seed)
            step = 0
            while state.phase is not uno.Phase.GAME_OVER and step < 400:
                if step % every == 0:
                    yield name, state
                if state.phase is uno.Phase.ROUND_OVER:
                    if state.round + 1 >= rounds_each:
                        break
                    state = uno.apply(state, uno.NextRound())
                    continue
                state = uno.apply(state, pick.choice(uno.legal_actions(state)))
                step += 1


CARD_WORD = re.compile(
    # a card's notation as a word, but not a rule number such as R4.6
    r"(?<![A-Za-z0-9+.])(W\+4|WS|WC|W|[RYGB](?:\+2|[0-9SR]))(?![A-Za-z0-9+]|\.\d)"
)


def named_cards(text: str) -> set[str]:
    """The card notations that appear in ``text`` as words."""
    return set(CARD_WORD.findall(text))


# -- the reproductions -------------------------------------------------------------


def a_draw_turn() -> tuple[uno.State, int]:
    for seed in range(100):
        state = uno.new_game(4, seed=seed)
        seat = state.current_player
        assert seat is not None
        if state.phase is uno.Phase.PLAY and uno.Draw(seat) in uno.legal_actions(state, seat):
            return state, seat
    raise AssertionError("no seeded game starts with a draw allowed")


def test_a_client_cannot_draw_the_card_it_asks_for() -> None:
    state, seat = a_draw_turn()
    wilds = [c for c in state.draw_pile if str(c) == "W"]
    assert wilds  # apply itself would hand this wild over
    assert uno.apply(state, uno.Draw(seat, drawn=["W"])).hands[seat].count(wilds[0]) >= 1
    with pytest.raises(uno.IllegalAction) as info:
        uno.apply_from_seat(state, seat, uno.Draw(seat, drawn=["W"]))
    assert info.value.code is HOST_ONLY
    assert str(info.value) == (
        "only the host decides the cards drawn: send Draw(...) without drawn="
    )


def test_drawn_is_no_membership_test_of_the_pile() -> None:
    state, seat = a_draw_turn()
    held = {str(c) for h in state.hands for c in h} | {str(state.top_card)}
    in_pile = {str(c) for c in state.draw_pile}
    answers = set()
    for card in ALL_KINDS:
        name = str(card)
        answers.add(outcome(state, seat, uno.Draw(seat, drawn=[name, name])))
        answers.add(outcome(state, seat, uno.Draw(seat, drawn=[name])))
    assert in_pile - held and held  # some kinds are in the pile only, some not
    assert len(answers) == 1
    ((code, _),) = answers  # type: ignore[misc]
    assert code == "host_only"


def test_an_ordered_deal_cannot_be_read_card_by_card() -> None:
    rules = attrs.evolve(uno.MATTEL, hand_size=2)
    hands = [["R2", "G5"], ["B1", "Y9"]]
    deck = list(rules.deck())
    for c in ["R2", "G5", "B1", "Y9", "B7"]:
        deck.remove(uno.Card.parse(c))
    pile = sorted(deck, key=lambda c: c.index)  # the next card is R0
    state = uno.new_game(2, rules, deal=uno.Deal(1, hands, ["B7"], pile))
    # The engine, for the host, says what the pile holds...
    with pytest.raises(uno.IllegalAction, match="R0"):
        uno.apply(state, uno.Draw(0, drawn=["W+4"]))
    # ...the boundary does not.
    messages = {outcome(state, 0, uno.Draw(0, drawn=[str(c)])) for c in ALL_KINDS}
    assert len(messages) == 1
    assert "R0" not in str(messages)


def test_wild_shuffle_hands_cannot_be_fixed_by_the_player() -> None:
    rules = attrs.evolve(uno.MATTEL, hand_size=3)
    hands = [["WS", "R1", "G1"], ["B1", "Y9", "B2"], ["G7", "Y2", "R8"]]
    state = uno.new_game(3, rules, deal=uno.Deal(2, hands, ["B7"]))
    fixed = [["R1", "G1"], ["B1", "Y9", "B2"], ["G7", "Y2", "R8"]]
    assert uno.is_legal(state, uno.Play(0, "WS", "red", hands=fixed))
    with pytest.raises(uno.IllegalAction, match=r"^hands= fixes") as info:
        uno.apply_from_seat(state, 0, uno.Play(0, "WS", "red", hands=fixed))
    assert info.value.code is HOST_ONLY
    after = uno.apply_from_seat(state, 0, uno.Play(0, "WS", "red"))
    assert after == uno.apply(state, uno.Play(0, "WS", "red"))


def test_actions_for_another_seat_and_next_round_are_refused() -> None:
    state = uno.new_game(3, seed=5)
    current = state.current_player
    assert current is not None
    other = (current + 1) % 3
    legal = uno.legal_actions(state, current)[0]
    assert outcome(state, other, legal) == (
        "not_your_turn",
        f"seat {other} may only act for itself, not for player {current}",
    )
    assert outcome(state, current, uno.NextRound()) == (
        "host_only",
        "only the host deals the next round: NextRound is not a move",
    )


def test_the_host_s_own_mistakes_are_not_illegal_actions() -> None:
    state = uno.new_game(3, seed=5)
    with pytest.raises(ValueError, match="no seat 3"):
        uno.apply_from_seat(state, 3, uno.CallUno(3))
    with pytest.raises(ValueError, match=r"^a seat is an int from 0 to 2, not True$"):
        uno.apply_from_seat(state, True, uno.CallUno(1))
    with pytest.raises(TypeError, match="not an action"):
        uno.apply_from_seat(state, 0, "draw")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs a State"):
        uno.is_legal_from_seat(None, 0, uno.CallUno(0))  # type: ignore[arg-type]


def test_multi_card_plays_in_any_middle_order_are_accepted() -> None:
    rules = attrs.evolve(uno.MATTEL, hand_size=5, multi_play=uno.MultiPlay.SAME_VALUE)
    hands = [["R5", "G5", "B5", "Y5", "R1"], ["B1", "Y9", "B2", "G7", "Y2"]]
    state = uno.new_game(2, rules, deal=uno.Deal(1, hands, ["R7"]))
    listed = uno.Play(0, "R5", also=["G5", "B5", "Y5"])
    unlisted_order = uno.Play(0, "R5", also=["B5", "G5", "Y5"])
    assert listed in uno.legal_actions(state, 0)
    assert unlisted_order not in uno.legal_actions(state, 0)
    assert uno.is_legal(state, unlisted_order)
    assert uno.apply_from_seat(state, 0, unlisted_order) == uno.apply(state, listed)


# -- properties over many states ----------------------------------------------------------


def test_accepts_exactly_the_seat_s_legal_actions() -> None:
    for _, state in sampled_states(every=5):
        for seat in range(state.players):
            legal = uno.legal_actions(state, seat)
            for action in legal:
                assert uno.is_legal_from_seat(state, seat, action)
                assert uno.apply_from_seat(state, seat, action) == uno.apply(state, action)
        if state.phase is uno.Phase.ROUND_OVER:
            assert outcome(state, 0, uno.NextRound())[0] == "host_only"  # type: ignore[index]


def test_messages_are_the_same_whichever_cards_are_hidden() -> None:
    """Across many states, seats and probes: a refusal's code and message do not change
    when the hidden cards are dealt again, and never name a card the seat cannot see."""
    pick = random.Random(2026)
    probes = refused = 0
    for name, state in sampled_states(every=30):
        before = state.to_json()
        for seat in range(state.players):
            other = twin(state, seat, pick)
            visible = {str(c) for c in state.hands[seat]}
            visible |= {str(c) for c in state.discard_pile} | {str(c) for c in state.turned}
            visible |= {str(c) for cards in uno.observe(state, seat).known for c in cards}
            for action in seat_probes(state, seat, pick):
                probes += 1
                got = outcome(state, seat, action, check=False)
                if isinstance(got, uno.State):
                    assert uno.is_legal_from_seat(state, seat, action)
                    continue
                refused += 1
                assert not uno.is_legal_from_seat(state, seat, action)
                assert outcome(other, seat, action, check=False) == got, (name, state, action)
                code, message = got
                named = named_cards(message) - visible - named_cards(repr(action))
                assert not named, (name, action, message)
                if getattr(action, "drawn", None) is not None or isinstance(action, uno.NextRound):
                    assert code == "host_only"
        assert state.to_json() == before
    assert probes > 8000 and refused > 6000, (probes, refused)


def test_every_chance_field_is_host_only() -> None:
    for _, state in sampled_states(every=25):
        for seat in range(state.players):
            for action in seat_probes(state, seat, random.Random(seat)):
                chance = getattr(action, "drawn", None) is not None or (
                    isinstance(action, uno.Play) and action.hands is not None
                )
                if chance:
                    assert outcome(state, seat, action)[0] == "host_only"  # type: ignore[index]


# -- seeds ------------------------------------------------------------------------------------


def test_the_default_seed_comes_from_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def randbits(bits: int) -> int:
        calls.append(bits)
        return 123456789

    monkeypatch.setattr(secrets, "randbits", randbits)
    assert uno.new_game(3).seed == 123456789
    assert calls == [64]


# -- the example server and a cheating client -------------------------------------------------


def load_server() -> types.ModuleType:
    return load_script(EXAMPLES, "game_server")


def test_a_cheating_client_is_refused_and_learns_nothing() -> None:
    gs = load_server()

    class Cheater(gs.BotClient):  # type: ignore[name-defined,misc]
        """Before each honest reply, sends one dishonest one; checks with the server's
        state (test only) that each was refused and changed nothing."""

        def __init__(self, name: str) -> None:
            super().__init__(name)
            self.server: Any = None
            self.pending: uno.Action | None = None
            self.snapshot = ""
            self.pick = random.Random(7)
            self.refusals: list[tuple[uno.Action, str, str, uno.State, int]] = []
            self.sent = 0

        def on_view(self, view: uno.View) -> uno.Action | None:
            if self.pending is None:
                state = self.server.state
                probes = seat_probes(state, view.player, self.pick)
                dishonest = [
                    a
                    for a in probes
                    if not uno.is_legal_from_seat(state, view.player, a)
                    and not isinstance(a, uno.NextRound)
                ]
                self.pending = self.pick.choice(dishonest)
                self.snapshot = state.to_json()
                self.sent += 1
                return self.pending
            self.pending = None
            return super().on_view(view)  # type: ignore[no-any-return]

        def on_error(self, code: str, message: str) -> None:
            assert self.pending is not None, (code, message)
            assert self.server.state.to_json() == self.snapshot
            seat = self.server.clients.index(self)
            state = uno.State.from_json(self.snapshot)
            self.refusals.append((self.pending, code, message, state, seat))
            super().on_error(code, message)

    cheater = Cheater("Cheater")
    clients = [cheater, gs.BotClient("Bot 1"), gs.BotClient("Bot 2")]
    server = gs.Server(clients, "mattel", seed=99)
    cheater.server = server
    final = server.run(3)
    assert final.round >= 1
    assert cheater.sent == len(cheater.refusals) > 100
    pick = random.Random(1)
    host_only = 0
    for action, code, message, state, seat in cheater.refusals:
        if getattr(action, "drawn", None) is not None or getattr(action, "hands", None):
            assert code == "host_only"
            host_only += 1
        elif action.player != seat:  # type: ignore[union-attr]
            assert code == "not_your_turn"
        visible = {str(c) for c in state.hands[seat]} | {str(c) for c in state.discard_pile}
        assert not named_cards(message) - visible - named_cards(repr(action)), message
        assert outcome(twin(state, seat, pick), seat, action) == (code, message)
    assert host_only > 30


def run_server(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLES / "game_server.py"), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )


def test_game_server_warns_when_given_a_seed() -> None:
    done = run_server("--seed", "5", "--players", "2")
    assert done.stderr.startswith("warning: --seed fixes every shuffle")
    assert "rounds played: 1" in done.stdout
    assert run_server("--players", "2").stderr == ""


def test_going_out_with_uno_said_is_legal_from_a_seat_too() -> None:
    """Issue 28: a seat (a client, a bot of ``unorules match``) that says UNO with the play
    that goes out is accepted like the engine accepts it; the call is moot there, so the
    listed play, without the flag, is what is applied. Under ``redeal`` a Wild Shuffle
    Hands laid last does not go out, and the call with it stays refused."""
    state = uno.State.from_position("R3/Y1,Y2/G9/B9 R7 red 0+ play *")
    said = uno.Play(0, "R3", uno=True)
    assert uno.is_legal_from_seat(state, 0, said)
    out = outcome(state, 0, said)
    assert isinstance(out, uno.State) and out == uno.apply(state, uno.Play(0, "R3"))
    assert out.round_winner == 0
    assert action_from_seat(state, 0, {"player": 0, "play": "R3", "uno": True}) == uno.Play(0, "R3")
    redeal = uno.State.from_position("WS/Y1,Y2 R5 red 0+ play *")
    refused = outcome(redeal, 0, uno.Play(0, "WS", "blue", uno=True))
    assert isinstance(refused, tuple) and refused[0] == "wrong_phase"


def test_only_listed_uno_calls_are_accepted() -> None:
    # legal_actions lists uno=True only for a play that leaves one card.
    rules = attrs.evolve(uno.MATTEL, hand_size=3)
    hands = [["R2", "G5", "B9"], ["B1", "Y9", "B2"]]
    state = uno.new_game(2, rules, deal=uno.Deal(1, hands, ["R7"]))
    early = uno.Play(0, "R2", uno=True)
    assert early not in uno.legal_actions(state, 0)
    # ...and apply agrees (C8): the seat's refusal is the engine's own, naming its card.
    assert outcome(state, 0, early) == (
        "wrong_phase",
        "uno=True says UNO with the play that leaves one card (R10.1, C8): laying R2 leaves"
        " player 0 2 cards; say UNO at another time with CallUno(0)",
    )
