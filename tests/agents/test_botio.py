"""The host side of the bot protocol (unorules.agents.botio): the seat-action check, messages that
show no hidden card, and a bot process that cannot block or crash the host."""

from __future__ import annotations

import io
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import attrs
import pytest

import unorules as uno
from unorules.agents import botio
from unorules.agents.botio import BotFault, ExternalBot, SeatActionError, action_from_seat


def _two_seats(other: list[str], pile: list[str] | None = None) -> uno.State:
    """Seat 0 holds R2 G5, seat 1 holds ``other``; G7 turned; seat 0 to play."""
    rules = attrs.evolve(uno.MATTEL, hand_size=2)
    deal = uno.Deal(dealer=1, hands=[["R2", "G5"], other], turned=["G7"], draw_pile=pile)
    return uno.new_game(["Ann", "Bo"], rules, deal=deal)


def _rest(*taken: str) -> list[str]:
    deck = [str(c) for c in uno.MATTEL.deck()]
    for card in taken:
        deck.remove(card)
    return deck


# == action_from_seat ==========================================================================


def test_a_legal_action_is_accepted_as_the_engine_lists_it() -> None:
    state = _two_seats(["B1", "R9"])
    assert action_from_seat(state, 0, {"player": 0, "play": "g5"}) == uno.Play(0, "G5")
    assert action_from_seat(state, 0, {"player": 0, "draw": True}) == uno.Draw(0)
    assert action_from_seat(state, 1, {"player": 1, "call_uno": True}) == uno.CallUno(1)
    for action in uno.legal_actions(state, 0):
        assert action_from_seat(state, 0, action.to_dict()) == action


def test_a_multi_card_play_is_accepted_in_any_middle_order_as_apply_from_seat_does() -> None:
    """Under multi_play=same_value the engine (and apply_from_seat) takes the middle cards
    of a play in any order: the bot check accepts the same, and returns the listed play."""
    rules = uno.MATTEL.but(multi_play=uno.MultiPlay.SAME_VALUE, hand_size=5)
    hands = [["R5", "G5", "B5", "Y5", "R1"], ["B1", "B2", "B3", "B4", "B6"]]
    state = uno.new_game(2, rules, deal=uno.Deal(dealer=1, hands=hands, turned=["R7"]))
    sent = {"player": 0, "play": "R5", "also": ["B5", "G5", "Y5"]}
    listed = uno.Play(0, "R5", also=("G5", "B5", "Y5"))
    assert listed in uno.legal_actions(state, 0)
    taken = uno.apply_from_seat(state, 0, uno.formats.jsonio.action_from_dict(sent))
    assert taken == uno.apply(state, listed)
    assert action_from_seat(state, 0, sent) == listed
    for order in (["G5", "B5", "Y5"], ["B5", "G5", "Y5"], ["Y5", "B5", "G5"], ["B5", "Y5", "G5"]):
        data = {"player": 0, "play": "R5", "also": order}
        action = uno.formats.jsonio.action_from_dict(data)
        assert uno.is_legal_from_seat(state, 0, action)
        assert action_from_seat(state, 0, data) in uno.legal_actions(state, 0)
    with pytest.raises(SeatActionError, match="not one of the 19 legal actions") as err:
        action_from_seat(state, 0, {"player": 0, "play": "R5", "also": ["B5", "Y5", "R1"]})
    assert err.value.code == "illegal"


@pytest.mark.parametrize(
    ("data", "code", "message"),
    [
        ({"player": 0, "draw": True, "drawn": ["W"]}, "chance_field",
         "at $.drawn: a player may not name the cards drawn: the host draws them"),
        ({"player": 0, "draw": True, "drawn": []}, "chance_field", "at $.drawn:"),
        ({"player": 0, "play": "G5", "hands": [["R1"], []]}, "chance_field",
         "at $.hands: a player may not name the hands a Wild Shuffle Hands deals"),
        ({"next_round": True}, "illegal", "at $.next_round: only the host deals a round"),
        ({"player": 1, "draw": True}, "not_your_seat",
         "at $.player: seat 0 may act only for itself, not for seat 1"),
        ({"player": 0, "pass": True}, "illegal",
         "P0 keeps the card: not one of the 4 legal actions of seat 0 now"),
        ({"player": 0, "play": "R2"}, "illegal", "P0 plays R2: not one of"),
        ({"player": 0, "play": "G5", "color": "red"}, "illegal", "P0 plays G5 (red): not one of"),
        ({"player": 0, "challenge": True}, "illegal", "P0 challenges: not one of"),
        ({"player": 0, "play": "R9"}, "illegal", "P0 plays R9: not one of"),
        ({"player": 0, "catch": 1}, "illegal", "P0 catches P1: not one of"),
        ({"player": 0, "play": "X1"}, "malformed", "at $.play: not a card: 'X1'"),
        ({"player": 0}, "malformed", "at $: an action needs one of"),
        ([1, 2], "malformed", "at $: an action (e.g."),
        (None, "malformed", "is a JSON object, not null"),
    ],
)  # fmt: skip
def test_what_a_seat_may_not_send(data: object, code: str, message: str) -> None:
    state = _two_seats(["B1", "R9"])
    with pytest.raises(SeatActionError) as err:
        action_from_seat(state, 0, data)
    assert err.value.code == code
    assert message in str(err.value)


def test_a_line_of_text_is_read_strictly() -> None:
    state = _two_seats(["B1", "R9"])
    assert action_from_seat(state, 0, '{"player": 0, "play": "G5"}') == uno.Play(0, "G5")
    assert action_from_seat(state, 0, b'{"player": 0, "draw": true}') == uno.Draw(0)
    for line, message in [
        (
            '{"player": 0, "draw": true, "player": 0}',
            "at $: not JSON: the key 'player' appears twice",
        ),
        ("[" * 50_000, "at $: not JSON this library reads: nested too deeply"),
        (b"\xff", "at $: not UTF-8 text"),
    ]:
        with pytest.raises(SeatActionError) as err:
            action_from_seat(state, 0, line)
        assert err.value.code == "malformed"
        assert str(err.value).startswith(message)


def test_the_seat_must_be_at_the_table() -> None:
    state = _two_seats(["B1", "R9"])
    with pytest.raises(ValueError, match=r"there is no seat 2 at this table \(seats 0 to 1\)"):
        action_from_seat(state, 2, {"player": 2, "draw": True})


def test_a_refusal_never_depends_on_hidden_cards() -> None:
    """The same request against two tables that differ only in what seat 0 cannot see
    gets the same answer, word for word: the errors leak nothing about the pile or the
    other hand (issue 11, item 1)."""
    a = _two_seats(["B1", "R9"], _rest("R2", "G5", "B1", "R9", "G7"))
    pile_b = _rest("R2", "G5", "W", "W+4", "G7")
    pile_b.reverse()
    b = _two_seats(["W", "W+4"], pile_b)
    requests: list[object] = [
        {"player": 0, "draw": True, "drawn": [c]} for c in ("W", "R9", "B1", "G2")
    ]
    requests += [{"player": 0, "play": c} for c in ("W", "W+4", "R9", "B1", "R2")]
    requests += [{"player": 0, "play": "WS", "color": "red", "hands": [["W"], ["R1"]]}]
    for request in requests:
        outcomes = []
        for state in (a, b):
            try:
                outcomes.append(repr(action_from_seat(state, 0, request)))
            except SeatActionError as err:
                outcomes.append(f"{err.code}: {err}")
        assert outcomes[0] == outcomes[1], request


# == messages ==================================================================================


def test_messages_show_a_seat_only_what_it_may_see() -> None:
    """Two tables alike for seat 0 (its hand, the discard pile, the counts) but with other
    hidden cards give seat 0 byte-identical messages, before and after moves."""
    a = _two_seats(["B1", "R9"], _rest("R2", "G5", "B1", "R9", "G7"))
    pile_b = _rest("R2", "G5", "W", "W+4", "G7")
    pile_b.reverse()
    b = _two_seats(["W", "W+4"], pile_b)
    assert a.hands[1] != b.hands[1]

    def messages(state: uno.State) -> list[str]:
        return [
            json.dumps(m)
            for m in (
                botio.game_message(state, 0, game=0),
                botio.decide_message(state, 0, game=0),
                botio.interject_message(state, 0, game=0),
                botio.result_message(state, 0, game=0),
            )
        ]

    assert messages(a) == messages(b)
    # seat 0 plays G5; seat 1 to act: what seat 0 is told is still the same
    a2, b2 = (uno.apply(s, uno.Play(0, "G5")) for s in (a, b))
    assert messages(a2) == messages(b2)


def test_a_decide_message_is_the_view_of_the_seat() -> None:
    state = _two_seats(["B1", "R9"])
    message = botio.decide_message(state, 0, game=2)
    assert message == {
        "type": "decide",
        "protocol": "unorules-bot/1",
        "game": 2,
        "seat": 0,
        "view": uno.observe(state, 0).to_dict(),
    }
    cards_in_message = set(json.dumps(message).replace('"', " ").split()) & {
        str(c) for c in uno.ALL_CARDS
    }
    assert cards_in_message <= {"R2", "G5", "G7"}


def test_may_interject() -> None:
    state = _two_seats(["B1", "R9"])
    assert botio.may_interject(state, 1) is False  # only a no-op UNO call is legal
    after = uno.apply(state, uno.Play(0, "G5"))  # seat 0 holds one card, did not say UNO
    assert after.uno_exposed == (0,)
    assert botio.may_interject(after, 0) is True  # it owes the call
    jump = attrs.evolve(uno.MATTEL, hand_size=2, jump_in=True)
    deal = uno.Deal(dealer=1, hands=[["R2", "G5"], ["G7", "R9"]], turned=["G7"])
    assert botio.may_interject(uno.new_game(2, jump, deal=deal), 1) is True  # Jump-In


def test_an_overdue_player_is_not_asked_to_call_uno() -> None:
    """Swedish rules: a player who did not say UNO may still say it until another player
    has moved; from then on the call changes nothing (they can only be caught), so the
    host does not ask them, though they are exposed."""
    rules = attrs.evolve(uno.SWEDISH, hand_size=2)
    deal = uno.Deal(dealer=2, hands=[["G5", "G2"], ["B3", "G9"], ["R4", "Y4"]], turned=["G7"])
    state = uno.apply(uno.new_game(3, rules, deal=deal), uno.Play(0, "G5"))
    assert state.uno_exposed == ()
    assert botio.may_interject(state, 0) is True  # a late call still protects
    state = uno.apply(state, uno.Play(1, "G9"))
    assert state.uno_exposed == (0,)
    assert uno.apply(state, uno.CallUno(0)) == state
    assert botio.may_interject(state, 0) is False
    assert botio.may_interject(state, 1) is True  # seat 1 may catch seat 0


def _jump_in_pair() -> tuple[uno.State, uno.State]:
    """Two Jump-In games that seats 0 and 1 cannot tell apart: seat 0 has played R5, and
    seat 2 holds the other R5 in the first, an R4 in the second."""
    rules = uno.MATTEL.but(jump_in=True, hand_size=3)
    pair = []
    for third in (["R5", "B8", "G9"], ["R4", "B8", "G9"]):
        hands = [["R5", "G1", "B2"], ["Y3", "Y4", "Y6"], third]
        deal = uno.Deal(dealer=2, hands=hands, turned=["R7"])
        pair.append(uno.apply(uno.new_game(3, rules, deal=deal), uno.Play(0, "R5")))
    return pair[0], pair[1]


def test_who_is_asked_to_jump_in_does_not_depend_on_a_hidden_card() -> None:
    """Under jump_in every other seat is asked while a Jump-In is possible on public
    grounds, holding a copy of the top card or not: when the host asks (and how long it
    then waits) must not tell the table that a seat holds one."""
    a, b = _jump_in_pair()
    assert uno.observe(a, 0) == uno.observe(b, 0) and uno.observe(a, 1) == uno.observe(b, 1)
    assert any(isinstance(x, uno.Play) for x in uno.legal_actions(a, 2))  # it may jump in
    assert not any(isinstance(x, uno.Play) for x in uno.legal_actions(b, 2))  # it may not
    assert [botio.may_interject(a, seat) for seat in range(3)] == [True, False, True]
    assert [botio.may_interject(b, seat) for seat in range(3)] == [True, False, True]
    drawn = uno.apply(a, uno.Draw(1, drawn=["R1"]))  # holding a card drawn: no Jump-In
    assert drawn.phase is uno.Phase.DRAWN
    assert [botio.may_interject(drawn, seat) for seat in (0, 2)] == [False, False]


@pytest.mark.parametrize(
    "rules",
    [
        uno.MATTEL.but(jump_in=True),
        uno.MATTEL.but(jump_in=True, multi_play=uno.MultiPlay.SAME_VALUE, hand_size=3),
        uno.SWEDISH.but(jump_in=True, hand_size=3),
        uno.get_profile("danish").but(hand_size=3),
        uno.MATTEL.but(hand_size=2),
    ],
    ids=["mattel-jump-in", "multi-play", "swedish", "danish", "mattel"],
)
def test_may_interject_depends_only_on_what_a_seat_can_see(rules: uno.Rules) -> None:
    """In random games, for every seat but the player to act and for every observer: a
    state sampled from the observer's view (the hands it cannot see dealt afresh) gets
    the same answers from may_interject."""
    bots = [uno.agents.bots.RandomBot(seed) for seed in range(4)]
    checked = 0
    for game in range(4):
        state = uno.new_game(4, rules, seed=game)
        for step in range(120):
            if state.phase is uno.Phase.GAME_OVER:
                break
            if state.phase is uno.Phase.ROUND_OVER:
                state = uno.apply(state, uno.NextRound())
                continue
            current = state.current_player
            assert current is not None
            others = [seat for seat in range(4) if seat != current]
            asked = [botio.may_interject(state, seat) for seat in others]
            observer = step % 4
            other = uno.sample_state(uno.observe(state, observer), seed=step)
            assert [botio.may_interject(other, seat) for seat in others] == asked, step
            checked += 1
            action = None
            for seat in range(4):
                if seat != current and action is None:
                    action = bots[seat].interject(state, seat)
            state = uno.apply(state, action or bots[current].act(state, current))
    assert checked > 100


# == the bot process ===========================================================================


def _bot(code: str, timeout: float = 5.0, *, reads_first: bool = True) -> ExternalBot:
    """A bot running ``code``, after it has read the host's first line."""
    if reads_first:
        code = "import sys; sys.stdin.readline()\n" + code
    return ExternalBot([sys.executable, "-c", code], label="bot 7 (test)", timeout=timeout)


HELLO = '{"type": "hello", "protocol": "unorules-bot/1", "name": "t"}'


@pytest.mark.parametrize(
    ("code", "kind", "message"),
    [
        ("import time; time.sleep(30)", "timeout", "bot 7 (test): no answer to hello within 0.5 s"),
        ("import sys; sys.exit(4)", "crash",
         "bot 7 (test): closed its output instead of answering hello (exit status 4)"),
        ("print('{\"type\": \"hello\"', flush=True)", "garbage",
         "bot 7 (test): answered hello with a line that is not JSON: '{\"type\": \"hello\"'"),
        ("print('x' * 70000, flush=True)", "garbage", "with a line over 65536 bytes"),
        ("import sys; sys.stdout.write('y' * 200000); sys.stdout.flush()", "garbage",
         "with a line over 65536 bytes"),
        ("print('[1]', flush=True)", "handshake", "bot 7 (test): its hello must be"),
        ("print('{\"type\": \"hello\", \"protocol\": \"unorules-bot/2\"}', flush=True)",
         "handshake", "bot 7 (test): speaks '\"unorules-bot/2\"', the host speaks"),
        ("print('{\"type\": \"hello\", \"protocol\": \"unorules-bot/1\", \"name\": \"\\\\n\"}',"
         " flush=True)", "handshake", "a name is 1 to 40 printable characters"),
        ("print('{\"type\": \"hello\", \"protocol\": \"unorules-bot/1\", \"v\": 2}', flush=True)",
         "handshake", "unknown key 'v'"),
    ],
)  # fmt: skip
def test_a_bad_handshake_is_a_fault_naming_the_bot(code: str, kind: str, message: str) -> None:
    bot = _bot(code, timeout=0.5)
    try:
        with pytest.raises(BotFault) as err:
            bot.hello()
        assert err.value.kind == kind
        assert message in str(err.value)
    finally:
        bot.kill()


def test_a_good_handshake() -> None:
    bot = _bot(f"print({HELLO!r}, flush=True); sys.stdin.read()")
    try:
        assert bot.hello() == "t"
        assert bot.name == "t"
    finally:
        bot.close()


def test_a_line_nobody_asked_for_is_a_fault() -> None:
    bot = _bot(f"print({HELLO!r}); print('{{}}', flush=True); sys.stdin.read()")
    try:
        assert bot.hello() == "t"
        time.sleep(0.2)
        with pytest.raises(BotFault, match=r"wrote a line nobody asked for: '\{\}'") as err:
            bot.ask({"type": "decide"}, "decide")
        assert err.value.kind == "garbage"
    finally:
        bot.kill()


def test_a_bot_that_never_reads_cannot_block_the_host() -> None:
    """A message far larger than a pipe's buffer to a bot that reads nothing: the host's
    question still times out on time, and the bot is stopped."""
    bot = _bot("import time; time.sleep(30)", timeout=0.5, reads_first=False)
    big = {"type": "decide", "pad": "x" * 1_000_000}
    began = time.monotonic()
    try:
        with pytest.raises(BotFault, match=r"no answer to decide within 0\.5 s"):
            bot.ask(big, "decide")
        bot.send(big)
    finally:
        bot.kill()
    assert time.monotonic() - began < 5


def test_close_kills_a_bot_that_does_not_leave() -> None:
    bot = _bot(
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(30)",
        reads_first=False,
    )
    began = time.monotonic()
    bot.close(grace=0.3)
    assert time.monotonic() - began < 5
    assert bot._process.returncode is not None


def test_a_bot_that_has_exited_is_a_crash_at_once() -> None:
    """A bot whose output ended before the question (it exited after its last answer):
    the end of its output is not a stray line to skip, the question is a crash at once,
    not a timeout after the whole wait; and so is every later question."""
    bot = _bot(f"print({HELLO!r}, flush=True)", timeout=30)
    try:
        assert bot.hello() == "t"
        bot._process.wait(timeout=10)
        time.sleep(0.05)  # its reader queues the end of its output
        began = time.monotonic()
        for _ in range(2):
            with pytest.raises(BotFault) as err:
                bot.ask({"type": "decide"}, "decide")
            assert err.value.kind == "crash"
            assert str(err.value) == (
                "bot 7 (test): closed its output instead of answering decide (exit status 0)"
            )
        assert time.monotonic() - began < 5
    finally:
        bot.kill()


def test_a_bot_that_exits_before_its_hello_is_a_crash_at_once() -> None:
    """The handshake of a bot that failed to start (an import error) while the host was
    busy with another: crash, at once, with its exit status."""
    bot = _bot("import sys; sys.exit(1)", timeout=30, reads_first=False)
    try:
        bot._process.wait(timeout=10)
        time.sleep(0.05)
        began = time.monotonic()
        with pytest.raises(BotFault) as err:
            bot.hello()
        assert err.value.kind == "crash"
        assert str(err.value) == (
            "bot 7 (test): closed its output instead of answering hello (exit status 1)"
        )
        assert time.monotonic() - began < 5
    finally:
        bot.kill()


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (or is a zombie waiting to be reaped)."""
    try:
        os.kill(pid, 0)
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (ProcessLookupError, FileNotFoundError):
        return True
    return state == "Z"


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")
@pytest.mark.parametrize("stop", ["close", "kill"])
def test_what_a_bot_started_is_stopped_even_when_the_bot_has_exited(
    tmp_path: Path, stop: str
) -> None:
    """A bot that starts a helper and exits at bye (or at once), leaving the helper: the
    helper is stopped with the bot's process group all the same."""
    pid_file = tmp_path / "helper.pid"
    code = (
        "import subprocess, sys\n"
        "helper = subprocess.Popen(['sleep', '1234'])\n"
        f"open({str(pid_file)!r}, 'w').write(str(helper.pid))\n"
        + ("sys.stdin.readline()\n" if stop == "close" else "")
    )
    bot = _bot(code, reads_first=False)
    try:
        for _ in range(500):
            if pid_file.exists() and pid_file.read_text():
                break
            time.sleep(0.01)
        helper = int(pid_file.read_text())
        if stop == "kill":
            for _ in range(500):  # the bot is gone (not reaped: the host reaps it)
                if _gone(bot._process.pid):
                    break
                time.sleep(0.01)
            assert _gone(bot._process.pid)
            assert not _gone(helper)
    finally:
        bot.close() if stop == "close" else bot.kill()
    for _ in range(200):
        if _gone(helper):
            break
        time.sleep(0.01)
    else:
        os.kill(helper, 9)
        raise AssertionError(f"the bot's helper {helper} still runs")


# == serve: the bot's side in Python ===========================================================


def test_serve_answers_every_question() -> None:
    state = uno.new_game(3, seed=4)
    seat = state.current_player
    assert seat is not None
    other = (seat + 1) % 3
    lines = [
        botio.hello_message(),
        botio.game_message(state, seat, game=0),
        botio.decide_message(state, seat, game=0),
        botio.interject_message(state, other, game=0),
        botio.result_message(state, seat, game=0),
        {"type": "news", "protocol": "unorules-bot/1"},  # a type it does not know
        {"type": "bye"},
        botio.decide_message(state, seat, game=0),  # after bye: not read
    ]
    out = io.StringIO()
    seen: list[uno.View] = []

    def decide(view: uno.View) -> uno.Action:
        seen.append(view)
        return view.legal_actions[-1]

    botio.serve(
        decide,
        lambda view: None,
        name="last",
        stdin=io.StringIO("".join(json.dumps(m) + "\n" for m in lines)),
        stdout=out,
    )
    answers: list[Any] = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answers == [
        {"type": "hello", "protocol": "unorules-bot/1", "name": "last"},
        uno.legal_actions(state, seat)[-1].to_dict(),
        None,
    ]
    assert seen == [uno.observe(state, seat)]


def test_serve_leaves_out_view_keys_it_does_not_know() -> None:
    state = uno.new_game(2, seed=4)
    seat = state.current_player
    assert seat is not None
    message = botio.decide_message(state, seat, game=0)
    message["view"]["revealed"] = [["R1"]]  # what a later host might add
    out = io.StringIO()
    botio.serve(
        lambda view: view.legal_actions[0],
        stdin=io.StringIO(json.dumps(message) + "\n"),
        stdout=out,
    )
    assert json.loads(out.getvalue()) == uno.legal_actions(state, seat)[0].to_dict()


def test_a_bot_that_floods_its_output_is_stopped_at_the_next_question() -> None:
    """Lines nobody asked for, without end: the host holds at most a few of them (the bot
    waits), refuses the bot at its next question, and stops it promptly."""
    bot = _bot(f"print({HELLO!r}, flush=True)\nwhile True: print('{{}}', flush=True)")
    began = time.monotonic()
    try:
        assert bot.hello() == "t"
        time.sleep(0.3)
        assert bot._lines.qsize() <= 8
        with pytest.raises(BotFault, match=r"wrote a line nobody asked for: '\{\}'"):
            bot.ask({"type": "decide"}, "decide")
    finally:
        bot.kill()
    assert time.monotonic() - began < 5
    assert not bot._reader.is_alive()


def test_a_line_that_is_not_utf8_is_garbage() -> None:
    bot = _bot('sys.stdout.buffer.write(b\'{"type": "hello\\xff"}\\n\'); sys.stdout.flush()')
    try:
        with pytest.raises(BotFault, match="answered hello with a line that is not JSON") as err:
            bot.hello()
        assert err.value.kind == "garbage"
    finally:
        bot.kill()


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")
def test_stopping_a_bot_stops_what_it_started(tmp_path: Path) -> None:
    """A bot run through a shell that starts a child: a timeout stops both."""
    pid_file = tmp_path / "child.pid"
    script = f"python3 -c 'import time; time.sleep(60)' & echo $! > {pid_file}; wait"
    bot = ExternalBot(["sh", "-c", script], label="bot 7 (sh)", timeout=0.3)
    try:
        with pytest.raises(BotFault, match="no answer to hello"):
            bot.hello()
    finally:
        bot.kill()
    child = int(pid_file.read_text())
    stat = Path(f"/proc/{child}/stat")
    for _ in range(100):
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        try:
            if stat.read_text().rsplit(")", 1)[1].split()[0] == "Z":
                break  # killed, waiting to be reaped by its new parent
        except FileNotFoundError:
            break
        time.sleep(0.02)
    else:
        raise AssertionError(f"the bot's child {child} still runs")


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs Linux /proc")
@pytest.mark.parametrize("stop", ["close", "kill"])
def test_a_helper_that_leaves_the_session_at_once_is_stopped_all_the_same(
    tmp_path: Path, stop: str
) -> None:
    """Issue 29, defect 3: a bot whose helper calls setsid() and keeps the bot's output
    open, the bot exiting at once (before anything could note the helper): the helper
    left the process group, so killing the group missed it, and the reader thread and its
    pipe stayed behind. The helper keeps the bot's tag: it is stopped and reaped, the
    threads end and the pipes close."""
    pid_file = tmp_path / "helper.pid"
    helper_code = (
        f"import os, time; os.setsid(); open({str(pid_file)!r}, 'w').write(str(os.getpid()));"
        " time.sleep(600)"
    )
    code = (
        "import os, subprocess, sys, time\n"
        f"subprocess.Popen([sys.executable, '-c', {helper_code!r}])\n"
        f"while not (os.path.exists({str(pid_file)!r}) and os.path.getsize({str(pid_file)!r})):"
        " time.sleep(0.01)\n"
    )
    fds = len(os.listdir("/proc/self/fd"))
    bot = _bot(code, reads_first=False)
    helper = None
    try:
        bot._process.wait(timeout=30)  # the bot is gone, its helper not
        helper = int(pid_file.read_text())
        assert not _gone(helper)
        bot.close() if stop == "close" else bot.kill()
        assert not Path(f"/proc/{helper}").exists()  # killed and reaped
        assert not any(thread.is_alive() for thread in bot._threads)
        assert len(os.listdir("/proc/self/fd")) == fds
    finally:
        if helper is not None and Path(f"/proc/{helper}").exists():
            os.kill(helper, 9)


def test_what_a_bot_writes_to_stderr_is_shown_up_to_the_cap_labels_included() -> None:
    """A bot writing 200,000 empty lines to its standard error: each line shown gets the
    bot's label, and the cap counts what the host writes, so the flood cannot grow by
    the labels."""
    sink = io.BytesIO()
    code = "import sys; sys.stderr.write('\\n' * 200_000); sys.stderr.write('last')"
    bot = ExternalBot(
        [sys.executable, "-c", code], label="bot 7 (test)", timeout=5, stderr=sink, stderr_cap=1000
    )
    bot.close()
    lines = sink.getvalue().splitlines()
    assert len(sink.getvalue()) < 1000 + 200
    assert lines[0] == b"bot 7 (test): "
    assert lines[-1] == (
        b"bot 7 (test): wrote more to standard error than the host shows (1000 bytes):"
        b" the rest is not shown"
    )
    with pytest.raises(ValueError, match="stderr is 'capped', 'null' or a binary file"):
        ExternalBot([sys.executable, "-c", "pass"], label="b", timeout=5, stderr="inherit")  # type: ignore[arg-type]
