"""``unorules match``: bots in other languages (Node.js, Python) against each other and the
built-in bots, every game a valid transcript; misbehaving bots are stopped, named, and
replaced (or forfeit), and the transcripts stay valid."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest

import unorules as uno
from unorules.agents import match
from unorules.agents.botio import ExternalBot
from unorules.agents.match import BotSpec, run_match
from unorules.cli import main
from unorules.formats import transcript

ROOT = Path(__file__).resolve().parents[2]
JS_BOT = ROOT / "examples" / "bots" / "random_bot.js"
PY_BOT = ROOT / "examples" / "bots" / "random_bot.py"
BAD_BOT = ROOT / "tests" / "agents" / "bots" / "bad_bot.py"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="Node.js (node) is not installed")

PY = f"{sys.executable} {PY_BOT}"
JS = f"node {JS_BOT}"


def bad(mode: str, after: int = 3, log: Path | None = None) -> str:
    extra = f" --log {log}" if log is not None else ""
    return f"{sys.executable} {BAD_BOT} {mode} --after {after}{extra}"


def validate(path: Path) -> list[transcript.Report]:
    return [source.validate() for source in transcript.read(path)]


# == bots in two languages =====================================================================


@needs_node
def test_node_bot_against_python_bot_through_the_command_line(tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "unorules.cli", "match", "--bot", f"{JS} --seed 1", "--bot",
         f"{PY} --seed 2", "--games", "2", "--seed", "7", "-o", str(games), "--quiet"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == "match: 2 games, 2 bots, seed 7"
    assert lines[2].split()[-2:] == ["random-js", "-"]
    assert lines[3].split()[-2:] == ["random-py", "-"]
    assert lines[-1] == f"transcripts: {games} (2 games)"
    checked = subprocess.run(
        [sys.executable, "-m", "unorules.cli", "validate", str(games)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stdout
    reports = checked.stdout.splitlines()
    assert len(reports) == 2 and all(": valid (" in r for r in reports)
    games_won = int(lines[2].split()[1]) + int(lines[3].split()[1])
    assert games_won == 2  # each game played to the end of its match: one winner each
    records = [json.loads(line) for line in games.read_text().splitlines()]
    assert [r["players"] for r in records] == [
        ["random-js", "random-py"],
        ["random-py", "random-js"],
    ]


@needs_node
def test_a_seeded_match_replays_exactly(tmp_path: Path) -> None:
    bots = [f"{JS} --seed 3", f"{PY} --seed 4", "random"]
    first = run_match(bots, uno.MATTEL, games=2, rounds=2, seed=11)
    again = run_match(bots, uno.MATTEL, games=2, rounds=2, seed=11)
    assert [transcript.dumps(g.transcript) for g in first.games] == [
        transcript.dumps(g.transcript) for g in again.games
    ]
    other = run_match(bots, uno.MATTEL, games=1, rounds=2, seed=12)
    assert transcript.dumps(other.games[0].transcript) != transcript.dumps(
        first.games[0].transcript
    )


@needs_node
def test_external_bots_play_house_rules_with_interjections() -> None:
    """Seven-O, Jump-In, several cards at once, stacking, four seats: every answer of the
    programs is checked and every game is valid."""
    rules = uno.get_profile("mattel")
    import attrs

    rules = attrs.evolve(
        rules,
        seven_o=True,
        jump_in=True,
        multi_play=uno.MultiPlay.SAME_VALUE,
        stacking=uno.Stacking.MIXED,
    )
    result = run_match(
        [f"{JS} --seed 5", f"{PY} --seed 6", f"{JS} --seed 7", "random"],
        rules,
        rounds=3,
        seed=2,
    )
    assert result.faults == ()
    game = result.games[0]
    assert transcript.validate(game.transcript).valid
    assert len(game.round_winners) == 3
    assert game.transcript.players == ("random-js", "random-py", "random-js (2)", "random")


def test_seats_rotate_and_results_add_up() -> None:
    result = run_match([PY, "random", "builtin:random"], uno.DANISH, games=3, rounds=1, seed=1)
    assert [g.seats for g in result.games] == [(0, 1, 2), (2, 0, 1), (1, 2, 0)]
    assert [g.transcript.players for g in result.games][1] == ("random (2)", "random-py", "random")
    table = result.table()
    assert sum(r["rounds_won"] for r in table) == 3
    for row in table:
        assert row["score"] == sum(g.final.scores[g.seats.index(row["bot"])] for g in result.games)
    assert all(transcript.validate(g.transcript).valid for g in result.games)


def test_a_needless_interjection_is_not_asked_for_again() -> None:
    """A bot that answers every interjection with a call of UNO, needed or not: a call
    that changes nothing is recorded once, and that seat is not asked again until the
    game moves on (before, such a seat was asked forever)."""
    result = run_match(
        [bad("always_call"), "random", "random"], uno.SWEDISH, rounds=3, seed=3, max_actions=5000
    )
    (game,) = result.games
    assert result.faults == () and game.stopped is None
    assert len(game.round_winners) == 3
    assert transcript.validate(game.transcript).valid
    t = game.transcript
    state = uno.new_game(list(t.players), t.rules, seed=t.seed)
    needless = 0
    for i, round_ in enumerate(t.rounds):
        if i:
            state = uno.apply(state, uno.NextRound())
        last: uno.Action | None = None
        for action in round_.actions:
            after = uno.apply(state, action)
            if after == state and isinstance(action, uno.CallUno):
                assert action.player != state.current_player
                assert action != last  # never the same needless call twice in a row
                needless += 1
            state, last = after, action
    assert needless >= 1


def test_in_team_play_the_whole_winning_team_wins_the_game() -> None:
    import attrs

    rules = attrs.evolve(uno.MATTEL, teams=2)  # seats 0 and 2, 1 and 3
    result = run_match(["random"] * 4, rules, seed=5)
    (game,) = result.games
    assert game.final.winner is not None
    winners = {game.seats[s] for s in range(4) if s % 2 == game.final.winner % 2}
    assert [r["games_won"] for r in result.table()] == [int(b in winners) for b in range(4)]
    assert transcript.validate(game.transcript).valid


# == what the bots are told ====================================================================


def test_a_bot_is_told_only_its_own_view(tmp_path: Path) -> None:
    """Every line a bot receives, checked: the protocol's messages only, and no card in
    them that the seat cannot see (its hand, the discard pile, the cards shown to it)."""
    log = tmp_path / "received.jsonl"
    result = run_match([bad("good", log=log), "random"], uno.MATTEL, games=2, rounds=2, seed=9)
    assert result.faults == ()
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    kinds = [m["type"] for m in messages]
    assert kinds[0] == "hello" and kinds[-1] == "bye"
    assert kinds.count("game") == 2 and kinds.count("result") == 2
    assert set(kinds) == {"hello", "game", "decide", "interject", "result", "bye"}
    all_cards = {str(c) for c in uno.ALL_CARDS}
    for m in messages:
        assert m["protocol"] == "unorules-bot/1"
        if m["type"] not in ("decide", "interject"):
            assert not all_cards & set(json.dumps(m).replace('"', " ").split())
            continue
        view = m["view"]
        assert view["player"] == m["seat"]
        seen = set(view["hand"]) | set(view["discard_pile"])
        # ... and the cards it was shown (a hand shown to it when it challenged, R7.3).
        seen |= {c for cards in view["known"] for c in cards}
        named = set(json.dumps(view).replace('"', " ").replace(",", " ").split()) & all_cards
        assert named <= seen, named - seen
        assert uno.View.from_dict(view).legal_actions  # a complete, valid view


# == misbehaving bots ==========================================================================


@pytest.mark.parametrize(
    ("mode", "kind", "says"),
    [
        ("garbage", "garbage", "with a line that is not JSON: 'I play the red seven'"),
        ("huge", "garbage", "with a line over 65536 bytes"),
        (
            "drawn",
            "refused",
            '"drawn": ["W", "W", "W", "W"]}\': at $.drawn: a player may not name the cards drawn',
        ),
        ("hands", "refused", "at $.hands: a player may not name the hands"),
        ("illegal", "refused", "not one of the"),
        ("other_seat", "refused", 'with \'{"player": 1, "draw": true}\': at $.player: seat 0 may'),
        ("crash", "crash", "closed its output instead of answering decide (game 1, round 1"),
        ("stray", "garbage", "wrote a line nobody asked for"),
    ],
)
def test_a_misbehaving_bot_is_replaced_and_the_game_stays_valid(
    mode: str, kind: str, says: str
) -> None:
    spec = bad(mode)
    result = run_match([spec, "random"], uno.MATTEL, games=2, rounds=1, seed=3, timeout=5)
    assert len(result.faults) == 1
    fault = result.faults[0]
    assert (fault.bot, fault.game, fault.kind) == (0, 0, kind)
    assert fault.message.startswith(f"bot 0 ({BotSpec.parse(spec).label}): ")
    assert says in fault.message
    assert [g.stopped for g in result.games] == [None, None]  # played on by builtin:random
    for game in result.games:
        assert transcript.validate(game.transcript).valid
        assert len(game.round_winners) == 1


def test_a_bot_that_does_not_answer_times_out() -> None:
    result = run_match([bad("slow"), "random"], uno.MATTEL, rounds=1, seed=3, timeout=0.6)
    (fault,) = result.faults
    assert fault.kind == "timeout"
    assert "no answer to decide (game 1, round 1, seat " in fault.message
    assert fault.message.endswith("within 0.6 s")
    assert transcript.validate(result.games[0].transcript).valid


@pytest.mark.parametrize(
    ("mode", "kind", "says"),
    [
        ("silent_hello", "timeout", "no answer to hello within 0.5 s"),
        ("bad_hello", "handshake", "unknown key 'colour'"),
        ("old_hello", "handshake", "speaks '\"unorules-bot/0\"', the host speaks 'unorules-bot/1'"),
    ],
)
def test_a_bad_handshake_before_any_game(mode: str, kind: str, says: str) -> None:
    result = run_match(
        [bad(mode), "random"], uno.MATTEL, rounds=1, seed=3, timeout=5, startup_timeout=0.5
    )
    (fault,) = result.faults
    assert (fault.kind, fault.game, fault.seat) == (kind, None, None)
    assert says in fault.message
    assert result.games[0].transcript.players == ("bad_bot.py", "random")
    assert transcript.validate(result.games[0].transcript).valid


def test_forfeit_ends_the_match_at_the_fault(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = tmp_path / "games.jsonl"
    code = main(
        ["match", "--bot", bad("drawn", after=5), "--bot", "random", "--games", "3",
         "--seed", "3", "--on-fault", "forfeit", "-o", str(games)]
    )  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 1
    assert err.startswith("unorules match: bot 0 (")
    assert "at $.drawn: a player may not name the cards drawn" in err
    assert "game 1 stopped after " in out and out.rstrip().endswith("(1 game)")
    (report,) = validate(games)
    assert report.valid  # an unfinished game, valid as far as it went
    final = transcript.replay(transcript.read(games)[0].load())[-1]
    assert not final.is_over


def test_the_command_line_reports_faults_with_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = tmp_path / "games.jsonl"
    code = main(
        ["match", "--bot", "random", "--bot", bad("illegal"), "--rounds", "1", "--seed", "2",
         "--json", "-o", str(games)]
    )  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 1
    assert "unorules match: bot 1 (" in err and "not one of the" in err
    data = json.loads(out)
    assert data["seed"] == 2
    assert data["output"] == str(games)
    assert data["bots"][1]["fault"]["kind"] == "refused"
    assert data["bots"][0]["fault"] is None
    assert data["games"][0]["stopped"] is None
    assert all(r.valid for r in validate(games))


def test_a_bound_on_actions_stops_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["match", "--bot", PY, "--bot", "random", "--seed", "1", "--max-actions", "10"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "game 1 stopped after 10 actions: the bound of actions" in out


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--bot", "random", "--bot", "random", "--players", "3"], "2 bots for 3 seats (give 1"),
        (["--bot", "random"] * 11, "--players: UNO is played by 2 to 10 players, not 11"),
        (["--bot", "random", "--bot", "builtin:clever"], "--bot: unknown bot 'clever'; known:"),
        (["--bot", "random", "--bot", "heuristc"], "did you mean 'heuristic'?"),
        (["--bot", "random", "--bot", "node 'open"], "cannot read the command"),
        (["--bot", "random", "--bot", ""], "an empty command"),
        (["--bot", "random", "--bot", "/no/such/bot"], "cannot start a bot"),
        (["--bot", "random", "--bot", "random", "--games", "0"], "games: at least 1"),
        (["--bot", "random", "--bot", "random", "--timeout", "0"], "timeout: a number of"),
        (
            ["--bot", "random", "--bot", "random", "--startup-timeout", "-1"],
            "argument --startup-timeout: a number of",
        ),
        (["--bot", "random", "--bot", "random", "-o", "/no/such/dir/x.jsonl"], "cannot write"),
        (
            ["--bot", "random", "--bot", "random", "--games", "2", "-o", "x.json"],
            "several games are written as JSON Lines",
        ),
        (["--bot", "random", "--bot", "random", "--rules", "nope"], "unknown rules profile 'nope'"),
    ],
)
def test_usage_errors_exit_2(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["match", *args]) == 2
    assert says in capsys.readouterr().err


# == the schedule of questions =================================================================


class _Scripted:
    """Stands in for a bot's process: notes every question (its type and seat), answers
    ``decide`` with the first legal action of the view and ``interject`` with null."""

    timeout = 5.0

    def __init__(self, log: list[tuple[str, int]]) -> None:
        self.log = log

    def ask(self, message: dict[str, Any], what: str, *, timeout: float | None = None) -> object:
        self.log.append((message["type"], message["seat"]))
        return message["view"]["legal_actions"][0] if message["type"] == "decide" else None

    def send(self, message: dict[str, Any]) -> None:
        pass

    def kill(self) -> None:  # pragma: no cover - it never faults
        pass


def _questions(third: list[str], pile: list[str]) -> list[tuple[str, int]]:
    rules = uno.MATTEL.but(jump_in=True, hand_size=3)
    hands = [["R5", "G1", "B2"], ["Y3", "Y4", "Y6"], third]
    start = uno.new_game(3, rules, deal=uno.Deal(dealer=2, hands=hands, turned=["R7"],
                                                 draw_pile=pile))  # fmt: skip
    log: list[tuple[str, int]] = []
    entrants = []
    for i in range(3):
        entrant = match._Entrant(i, BotSpec.parse("random"), i, 5.0)
        entrant.external, entrant.local = cast(ExternalBot, _Scripted(log)), None
        entrants.append(entrant)
    host = match._Host(entrants, on_fault="forfeit", faults=[])
    game = match._play_from(host, (0, 1, 2), start, 0, rounds=None, max_actions=3)
    actions = [str(a) for a in game.transcript.rounds[0].actions]
    assert actions == ["P0 plays R5", "P1 draws", "P1 plays R1"]
    assert game.stopped == "max_actions"
    return log


def test_which_seats_are_asked_depends_only_on_what_they_can_see() -> None:
    """Two Jump-In games that seats 0 and 1 cannot tell apart (seat 2 holds the other R5,
    or an R4): the host asks the same seats, in the same order, so neither which bots are
    asked nor how long their answers take can tell anyone what seat 2 holds."""
    deck = [str(c) for c in uno.MATTEL.deck()]
    for card in ("R5", "G1", "B2", "Y3", "Y4", "Y6", "R5", "B8", "G9", "R7"):
        deck.remove(card)
    deck.remove("R1")
    deck.remove("R4")
    pile_a = ["R1", *deck, "R4"]  # the same card drawn first (R1), the difference last
    pile_b = ["R1", *deck, "R5"]
    holds = _questions(["R5", "B8", "G9"], pile_a)
    lacks = _questions(["R4", "B8", "G9"], pile_b)
    assert holds == lacks == [
        ("interject", 1), ("interject", 2), ("decide", 0),  # R7 on top: anyone may jump in
        ("interject", 0), ("interject", 2), ("decide", 1),  # R5: seat 2 holds one, or not
        ("decide", 1),  # P1 drew R1: no Jump-In while a drawn card waits
    ]  # fmt: skip


# == hosting other people's programs (issue 29) ================================================


def test_a_bot_that_stalls_its_turn_with_needless_calls_is_a_fault(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 29, defect 2: a bot answering every decide with a call of UNO that changes
    nothing held its turn until --max-actions, and the match ended with no fault and exit
    0. Now the call after STALL_LIMIT in a row is the fault stall, the fallback plays
    on, and the game ends."""
    code = main(
        ["match", "--bot", bad("stall"), "--bot", "random", "--rounds", "1", "--seed", "3",
         "--max-actions", "3000", "--json"]
    )  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 1
    data = json.loads(out)
    fault = data["bots"][0]["fault"]
    assert (fault["kind"], fault["game"]) == ("stall", 0)
    assert f"{match.STALL_LIMIT + 1} times in a row with an action that changes nothing" in err
    assert data["games"][0]["stopped"] is None and data["games"][0]["rounds"] == 1
    result = run_match([bad("stall"), "random"], uno.MATTEL, rounds=1, seed=3, max_actions=3000)
    (game,) = result.games
    assert transcript.validate(game.transcript).valid
    needless = sum(isinstance(a, uno.CallUno) for r in game.transcript.rounds for a in r.actions)
    assert needless == match.STALL_LIMIT


def test_a_slow_bot_runs_out_of_its_time_for_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 29, defect 2: a bot answering each decision just under --timeout kept a game
    going for hours. --game-time is a chess clock a bot and game: a bot that runs out is
    the fault timeout, and no answer is waited for beyond it."""
    began = time.monotonic()
    code = main(
        ["match", "--bot", f"{bad('sleepy')} --sleep 0.05", "--bot", "random", "--rounds", "1",
         "--seed", "3", "--timeout", "2", "--game-time", "0.4"]
    )  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 1
    assert time.monotonic() - began < 20
    assert "used up its 0.4 s for game 1 (the game time) before answering decide (game 1" in err
    assert out.splitlines()[2].split()[-1] == "timeout"


def test_a_bound_on_rounds_leaves_a_game_unfinished(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_match(["random", "random"], uno.MATTEL, seed=1, max_rounds=2)
    (game,) = result.games
    assert (game.stopped, len(game.round_winners), game.final.winner) == ("max_rounds", 2, None)
    assert transcript.validate(game.transcript).valid
    code = main(["match", "--bot", PY, "--bot", "random", "--seed", "1", "--max-rounds", "1"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert " actions: the bound of rounds (unfinished)" in out.splitlines()[-1]
    with pytest.raises(ValueError, match="game_time: a number of seconds above 0, not nan"):
        run_match(["random", "random"], uno.MATTEL, game_time=float("nan"))
    assert main(["match", "--bot", "random", "--bot", "random", "--max-rounds", "0"]) == 2
    assert "--max-rounds: at least 1, not 0" in capsys.readouterr().err


def _fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def _settled(now: Callable[[], int], want: int) -> int:
    for _ in range(100):
        if now() <= want:
            break
        time.sleep(0.02)
    return now()


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs Linux /proc")
def test_a_helper_that_leaves_the_session_does_not_outlive_the_match(tmp_path: Path) -> None:
    """Issue 29, defect 3: a bot's helper that calls setsid() (here with an empty
    environment too) and holds the bot's standard output survived the match, and each
    match leaked a reader thread and a pipe. Now it is stopped and reaped; threads and
    file descriptors are back where they were."""
    pid_file = tmp_path / "helper.pid"
    threads, fds = threading.active_count(), _fds()
    helper = None
    try:
        for seed in (3, 4):  # twice: nothing adds up
            pid_file.unlink(missing_ok=True)
            result = run_match(
                [bad("escape", log=pid_file), "random"], uno.MATTEL, rounds=1, seed=seed
            )
            assert result.faults == ()
            helper = int(pid_file.read_text())
            assert not Path(f"/proc/{helper}").exists()  # killed and reaped
        assert _settled(threading.active_count, threads) == threads
        assert _settled(_fds, fds) == fds
    finally:
        if helper is not None and Path(f"/proc/{helper}").exists():
            os.kill(helper, signal.SIGKILL)


@pytest.mark.parametrize("where", ["capped", "null", "file"])
def test_a_bot_that_floods_its_standard_error_cannot_flood_the_hosts(
    where: str, tmp_path: Path
) -> None:
    """Issue 29, defect 3: a bot's standard error was the host's own (one wrote 20 MB
    into it, playing legally). Now the host reads it: at most 64 KiB a bot is shown
    (--bot-stderr capped, the default), or none (null), or it goes into a file."""
    log = tmp_path / "bots.log"
    option = [] if where == "capped" else ["--bot-stderr", str(log) if where == "file" else where]
    done = subprocess.run(
        [sys.executable, "-m", "unorules.cli", "match", "--bot", f"{bad('flood_stderr')} --flood 3",
         "--bot", "random", "--rounds", "1", "--seed", "3", *option],
        capture_output=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    label = f"bot 0 ({BotSpec.parse(bad('flood_stderr') + ' --flood 3').label}): "
    dropped = (
        b"wrote more to standard error than the host shows (65536 bytes): the rest is not shown"
    )
    if where == "capped":
        assert len(done.stderr) < (1 << 16) + 1000
        lines = done.stderr.splitlines()
        assert lines[0] == (label + "x" * 99).encode()
        assert lines[-1] == label.encode() + dropped
    else:
        assert done.stderr == b""
    if where == "file":
        text = log.read_bytes()
        assert text.count(b"\n") == 30_000
        assert text.startswith((label + "x" * 99 + "\n").encode())


def _bwrap_works() -> bool:
    if shutil.which("bwrap") is None or not Path("/usr/bin/python3").exists():
        return False
    probe = ["bwrap", "--ro-bind", "/", "/", "--unshare-all", "--die-with-parent", "true"]
    return subprocess.run(probe, capture_output=True, timeout=30, check=False).returncode == 0


@pytest.mark.skipif(not _bwrap_works(), reason="bubblewrap (bwrap) is absent or cannot run")
def test_a_bot_in_a_bubblewrap_sandbox_as_the_docs_show() -> None:
    """docs/bots.rst: a bot run under bwrap (a read-only /usr, its own directory, no
    network, no other process) plays a match like any other."""
    sandbox = (
        "bwrap --ro-bind /usr /usr --symlink usr/lib /lib --symlink usr/lib64 /lib64"
        " --symlink usr/bin /bin --proc /proc --dev /dev --tmpfs /tmp"
        f" --ro-bind {PY_BOT.parent} /bot --unshare-all --die-with-parent --new-session"
    )
    result = run_match(
        [f"{sandbox} python3 /bot/random_bot.py --seed 2", "random"],
        uno.MATTEL,
        games=2,
        rounds=1,
        seed=7,
    )
    assert result.faults == ()
    assert result.names == ("random-py", "random")
    assert all(transcript.validate(g.transcript).valid for g in result.games)


def test_a_long_match_written_out_keeps_no_game_in_memory() -> None:
    """The soak of issue 29: unorules match of 2,000 one-round games with -o grew by some
    7 KiB a game (every game's final state and transcript were kept for the table). With
    keep_games=False (what the command line asks) only a summary of each game is kept,
    and the results are the same."""
    written: list[match.GameRecord] = []
    kept = run_match(["random", f"{PY} --seed 1"], uno.MATTEL, games=3, rounds=1, seed=5)
    light = run_match(
        ["random", f"{PY} --seed 1"], uno.MATTEL, games=3, rounds=1, seed=5, keep_games=False,
        on_game=written.append,
    )  # fmt: skip
    assert light.games == () and len(light.summaries) == 3
    assert light.table() == kept.table() and light.to_dict() == kept.to_dict()
    assert [g.transcript for g in written] == [g.transcript for g in kept.games]
