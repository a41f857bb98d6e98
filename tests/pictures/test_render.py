"""unorules.pictures.render and ``unorules render``: the replay page's content, without a browser
(tests/pictures/test_render_browser.py drives the page in Chromium)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import attrs
import pytest

import unorules as uno
from unorules.cli import main
from unorules.engine import Drawn, Events
from unorules.formats import transcript
from unorules.pictures import render

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "transcripts"
Capture = pytest.CaptureFixture[str]


def steps(page: str) -> list[str]:
    """The frames of the page, in order (the markup of each)."""
    return re.findall(r'<div class="frame[^"]*" data-step="\d+" hidden>.*?</svg></div>', page)


def moves(page: str) -> list[str]:
    """The move list's labels."""
    return [
        html.unescape(m)
        for m in re.findall(r'<li class="move[^"]*"[^>]*data-label="([^"]*)"', page)
    ]


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_every_example_has_one_step_per_round_start_and_action(path: Path) -> None:
    text = path.read_bytes()
    report = transcript.validate(text)
    page = render.page(text)
    if report.final is None:  # the game never started: no steps, only the problem
        assert steps(page) == []
        assert report.error is not None
        assert html.escape(report.error.message) in page
        return
    expected = report.rounds + report.actions + (0 if report.valid else 1)
    assert len(steps(page)) == len(moves(page)) == expected
    assert ('id="illegal"' in page) is (not report.valid)


def test_the_illegal_move_is_the_last_step_with_its_code_and_message() -> None:
    path = EXAMPLES / "mattel-invalid-card_does_not_match.json"
    report = transcript.validate(path.read_bytes())
    assert report.error is not None
    page = render.page(path.read_bytes())
    assert moves(page) == [
        "Round 1 starts: Bo deals",
        "Ann plays R5",
        "Bo plays RS",
        "Illegal: Bo plays G9",
    ]
    last = steps(page)[-1]
    assert last.startswith('<div class="frame illegal" data-step="3" hidden>')
    assert "<code>card_does_not_match</code>" in last
    assert html.escape(report.error.message) in last
    # Rounds and actions counted from 1, as the move list counts them, with the JSON path.
    assert "Illegal move at round 1, action 3 ($.rounds[0].actions[2]): Bo plays G9" in last
    # The card is circled in Bo's hand, and the table is the one before the move.
    assert last.count('stroke="#e0115f"') == 1
    assert "to act: Bo (seat 1)" in last
    assert 'id="illegal-move"' in page and "Go to the illegal move" in page


def test_a_card_not_in_hand_is_not_circled() -> None:
    page = render.page((EXAMPLES / "mattel-108-invalid-card_not_in_hand.json").read_bytes())
    assert "<code>card_not_in_hand</code>" in steps(page)[-1]
    assert 'stroke="#e0115f"' not in steps(page)[-1]


def test_a_result_mismatch_is_shown_after_the_last_action() -> None:
    path = EXAMPLES / "mattel-108-invalid-result_mismatch.json"
    report = transcript.validate(path.read_bytes())
    page = render.page(path.read_bytes())
    assert moves(page)[-1] == "Illegal: the result"
    assert len(steps(page)) == report.rounds + report.actions + 1
    assert "<code>result_mismatch</code>" in steps(page)[-1]
    assert "Problem at $.result.scores: the result</div>" in steps(page)[-1]


def test_a_transcript_that_cannot_be_read_gives_a_page_with_its_problem() -> None:
    page = render.page(b"[1, 2")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "<code>malformed</code>" in page and "not JSON" in page
    assert "This transcript cannot be replayed." in page
    assert steps(page) == []


def test_a_bad_first_deal_gives_a_page_with_no_steps() -> None:
    page = render.page((EXAMPLES / "danish-invalid-bad_deal.json").read_bytes())
    assert "<code>bad_deal</code>" in page and "The game could not start." in page


def test_one_seats_view_hides_the_other_hands() -> None:
    text = (EXAMPLES / "mattel-valid.json").read_bytes()
    everyone = steps(render.page(text))[0]
    seat0 = steps(render.page(text, seat=0))[0]
    assert everyone.count("<title>card back</title>") == 1  # only the draw pile
    state = transcript.replay(transcript.loads(text))[0]
    assert seat0.count("<title>card back</title>") == 1 + len(state.hands[1]) + len(state.hands[2])
    assert "(you)" in seat0 and "(you)" not in everyone
    assert "as Ann (seat 0) sees it" in render.page(text, seat=0)


def test_one_seats_view_names_only_the_cards_that_seat_drew() -> None:
    text = (EXAMPLES / "danish-valid.json").read_bytes()
    t = transcript.loads(text)
    draws = [a for a in t.rounds[0].actions if getattr(a, "drawn", None)]
    assert draws  # the example names drawn cards
    everyone = moves(render.page(text))
    for seat in range(len(t.players)):
        seen = moves(render.page(text, seat=seat))
        for label, full in zip(seen, everyone, strict=True):
            assert label == full or full.startswith(label + " ")  # drawn cards left out
        for a in draws:
            assert isinstance(a, uno.Draw | uno.Play | uno.CatchUno | uno.Challenge | uno.CallUno)
            own = isinstance(a, uno.Draw) and a.player == seat
            shown = render.describe(a if own else attrs.evolve(a, drawn=None), t.players)
            assert render.describe(a, t.players, seat=seat) == shown


@pytest.mark.parametrize("seat", [-1, 3])  # a bool: test_a_bool_is_no_seat_or_round_of_a_page
def test_a_seat_not_at_the_table_is_refused(seat: int) -> None:
    with pytest.raises(ValueError, match=r"there is no seat .* in this game \(seats 0 to 2\)"):
        render.page((EXAMPLES / "mattel-valid.json").read_bytes(), seat=seat)


def test_the_page_loads_nothing_from_anywhere() -> None:
    page = render.page((EXAMPLES / "swedish-valid.json").read_bytes())
    without_namespace = page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    # The one other "http": the Content-Security-Policy's meta tag, which forbids loading
    # anything (default-src 'none') and running any script but the page's own.
    csp = '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; script-src'
    assert without_namespace.count(csp) == 1
    assert "http" not in without_namespace.replace(csp, "")
    for needle in ("<link", " src=", "@import", "url(", "<img", "<iframe"):
        assert needle not in page
    assert re.findall(r'href="([^"]*)"', page) and all(
        h.startswith("#uno-") for h in re.findall(r'href="([^"]*)"', page)
    )


def test_names_and_messages_are_escaped() -> None:
    data = json.loads((EXAMPLES / "mattel-invalid-card_does_not_match.json").read_text())
    data["players"] = ["<script>alert(1)</script>", "Bo & Co"]
    page = render.page(json.dumps(data))
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Bo &amp; Co plays G9" in page


def test_a_transcript_value_renders_like_its_text() -> None:
    text = (EXAMPLES / "danish-valid.json").read_text()
    assert render.page(transcript.loads(text)) == render.page(text)


def test_describe_every_action() -> None:
    names = ["Ann", "Bo", "Cai"]
    cases: dict[uno.Action, str] = {
        uno.Play(0, "R7"): "Ann plays R7",
        uno.Play(0, "W", "red", uno=True): "Ann plays W, names red, says UNO",
        uno.Play(1, "G3", also=["B3"]): "Bo plays G3 B3",
        uno.Play(2, "R7", target=0): "Cai plays R7, swaps hands with Ann",
        uno.Play(0, "R+2", drawn=["B1", "B2"]): "Ann plays R+2 (drawn: B1 B2)",
        uno.Draw(1): "Bo draws",
        uno.Draw(1, drawn=["Y4"]): "Bo draws Y4",
        uno.CatchUno(0, 1, drawn=["Y4", "R1"]): "Ann catches Bo not saying UNO (drawn: Y4 R1)",
        uno.Pass(2): "Cai passes",
        uno.CallUno(0): "Ann says UNO",
        uno.CatchUno(1, 0): "Bo catches Ann not saying UNO",
        uno.Challenge(2): "Cai challenges the Wild Draw Four",
        uno.ChooseColor(0, "green"): "Ann names green",
        uno.NextRound(): "the next round is dealt",
        uno.Draw(7): "seat 7 draws",
    }
    assert {a: render.describe(a, names) for a in cases} == cases


# == the command ==================================================================================


def test_render_writes_the_page_and_says_what_it_wrote(tmp_path: Path, capsys: Capture) -> None:
    out = tmp_path / "game.html"
    src = EXAMPLES / "swedish-invalid-wild_restricted.json"
    code = main(["render", str(src), "-o", str(out)])
    printed, err = capsys.readouterr()
    assert code == 0 and err == ""
    report = transcript.validate(src.read_bytes())
    assert printed == f"wrote {out}: 2 steps; {report}\n"
    page = out.read_text(encoding="utf-8")
    assert page == render.page(src.read_bytes(), title=f"UNO game: {src}")


def test_render_one_seat_and_one_line(tmp_path: Path, capsys: Capture) -> None:
    out = tmp_path / "game.html"
    src = EXAMPLES / "games.jsonl"
    assert main(["render", str(src), "-o", str(out), "--line", "2", "--seat", "1"]) == 0
    line2 = src.read_bytes().split(b"\n")[1]
    assert out.read_text(encoding="utf-8") == render.page(line2, seat=1, title=f"UNO game: {src}:2")
    capsys.readouterr()


def test_render_one_seat_says_on_the_terminal_only_what_the_page_says(
    tmp_path: Path, capsys: Capture
) -> None:
    """``--seat 0``: the summary line leaves out a message the page leaves out (another
    seat's illegal move names that seat's cards); seat 1's own move keeps it."""
    src = EXAMPLES / "mattel-108-invalid-card_not_in_hand.json"
    for seat, shown in (("0", False), ("1", True)):
        assert main(["render", str(src), "-o", str(tmp_path / "p.html"), "--seat", seat]) == 0
        line = capsys.readouterr().out
        assert "invalid at round 1, action 2 (card_not_in_hand)" in line
        assert ("player 1 does not hold B9" in line) is shown


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["no/such.json"], "unorules render: error: cannot read no/such.json"),
        (["games.jsonl", "--line", "9"], "has no game on line 9 (games on lines: 1, 2, 3, 4)"),
        (["mattel-valid.json", "--line", "3"], "holds one game, not JSON Lines: leave out --line"),
        (["mattel-valid.json", "--seat", "5"], "--seat: there is no seat 5 in this game"),
    ],
)
def test_render_errors_exit_2(
    tmp_path: Path, capsys: Capture, argv: list[str], message: str
) -> None:
    path = argv[0] if argv[0].startswith("no/") else str(EXAMPLES / argv[0])
    out = tmp_path / "game.html"
    assert main(["render", path, "-o", str(out), *argv[1:]]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_render_cannot_write(tmp_path: Path, capsys: Capture) -> None:
    src = EXAMPLES / "mattel-valid.json"
    assert main(["render", str(src), "-o", str(tmp_path / "no" / "dir.html")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_render_needs_an_output(capsys: Capture) -> None:
    assert main(["render", str(EXAMPLES / "mattel-valid.json")]) == 2
    assert "-o/--output" in capsys.readouterr().err


def test_render_has_help(capsys: Capture) -> None:
    assert main(["render", "--help"]) == 0
    out = capsys.readouterr().out
    for word in ("TRANSCRIPT", "--output", "--seat", "--line", "self-contained HTML"):
        assert word in out


def test_one_seats_view_hides_a_message_that_may_name_cards_it_does_not_see() -> None:
    """As one seat sees the game, the banner and the verdict keep the code and where, but
    not a message that may name hidden cards: a draw mismatch (the draw pile's cards), or
    another seat's illegal move (``player 1 does not hold B9`` tells of P1's hand)."""
    mismatch = (EXAMPLES / "mattel-108-invalid-card_not_in_hand.json").read_bytes()
    shown = "player 1 does not hold B9"
    assert shown in render.page(mismatch) and shown in render.page(mismatch, seat=1)
    hidden = render.page(mismatch, seat=0)
    assert shown not in hidden and "B9" in hidden  # the attempted play itself is public
    assert "hidden as seat 0 sees the game" in hidden and "card_not_in_hand" in hidden
    draw = (EXAMPLES / "danish-invalid-draw_mismatch.json").read_bytes()
    error = transcript.validate(draw).error
    assert error is not None and error.code is uno.ErrorCode.DRAW_MISMATCH
    for seat in range(len(transcript.loads(draw).players)):
        page = render.page(draw, seat=seat)
        assert html.escape(error.message) not in page and "draw_mismatch" in page
    assert html.escape(error.message) in render.page(draw)


# == seats, rounds and numbers a person reads ====================================================


def attr(page: str, name: str) -> list[str]:
    """The values of one attribute of the move list's items, in order."""
    return [
        html.unescape(m) for m in re.findall(rf'<li class="move[^"]*"[^>]*{name}="([^"]*)"', page)
    ]


def test_the_page_numbers_rounds_actions_and_steps_from_1() -> None:
    page = render.page((EXAMPLES / "mattel-invalid-card_does_not_match.json").read_bytes())
    assert attr(page, "data-where") == [
        "round 1 start",
        "round 1, action 1",
        "round 1, action 2",
        "round 1, action 3",
    ]
    assert attr(page, "data-n") == ["1", "2", "3", "4"] and 'id="moves" data-total="4"' in page
    assert re.findall(r'<span class="num">(\d*)</span>', page) == ["", "1", "2", "3"]
    assert "'step ' + moves[i].getAttribute('data-n') + ' of ' + total" in page
    verdict = re.search(r'<div class="verdict invalid" id="verdict">(.*?)</div>', page)
    assert verdict and verdict.group(1).startswith(
        "invalid at round 1, action 3 ($.rounds[0].actions[2]): <code>card_does_not_match</code>"
    )


def test_the_move_list_says_whether_a_challenge_succeeded() -> None:
    failed = moves(render.page((EXAMPLES / "mattel-seeded.json").read_bytes()))
    assert [m for m in failed if "challenges" in m] == [
        "P0 challenges the Wild Draw Four: the challenge fails, P0 +6"
    ]
    won = moves(render.page((EXAMPLES / "mattel-108-valid.json").read_bytes()))
    assert [m for m in won if "challenges" in m] == [
        "Ann challenges the Wild Draw Four: the challenge succeeds, Bo +4"
    ]


def test_a_bluff_taken_back_is_said_so_not_counted_as_drawn() -> None:
    """The move list reads the engine's record: under the Danish sheet the Wild Draw Four
    goes back to its player's hand, who draws two (the hand sizes say three)."""
    rules = uno.DANISH.but(hand_size=2)
    deal = uno.Deal(dealer=1, hands=[["W+4", "B3"], ["G1", "G2"]], turned=["B5"])
    start = uno.new_game(["Ann", "Bo"], rules, deal=deal)
    played = transcript.record(start, [uno.Play(0, "W+4", "red"), uno.Challenge(1)])
    assert [m for m in moves(render.page(played)) if "challenges" in m] == [
        "Bo challenges the Wild Draw Four: the challenge succeeds, Ann takes back W+4, Ann +2"
    ]


def test_consequences_say_what_the_record_says() -> None:
    names = ["Ann", "Bo", "Cy"]
    events = Events(
        draws=(Drawn(2, 2, None), Drawn(0, 1, None), Drawn(2, 1, None)),
        moved=(1, 2, 0),
        redealt=False,
        taken_back=(1, uno.Card.parse("W+4")),
    )
    assert render.consequences(events, names) == [
        "hands pass on",
        "Bo takes back W+4",
        "Ann +1",
        "Cy +3",
    ]
    assert render.consequences(events, names, own_draw=2)[-1] == "Ann +1"
    assert render.consequences(Events(redealt=True), names) == ["hands shuffled"]
    assert render.consequences(Events(moved=(2, 1, 0)), names) == ["Ann and Cy swap hands"]
    assert render.consequences(Events(), names) == []


@pytest.mark.parametrize("seat", ["0", 0.0, [0]])
def test_a_seat_that_is_not_an_int_is_refused_as_such(seat: object) -> None:
    with pytest.raises(TypeError, match=r"^seat must be an int or None, not "):
        render.page((EXAMPLES / "mattel-valid.json").read_bytes(), seat=seat)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^round must be an int or None, not '1'"):
        render.page((EXAMPLES / "mattel-valid.json").read_bytes(), round="1")  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", ["0", "99"])
def test_render_with_a_seat_of_a_transcript_that_is_not_json_exits_2(
    tmp_path: Path, capsys: Capture, seat: str
) -> None:
    """A transcript that cannot be read has no seats: any ``--seat`` is exit 2 with no
    page (``--seat 99`` exited 0), while without a seat its page is written."""
    truncated = tmp_path / "trunc.json"
    truncated.write_bytes((EXAMPLES / "mattel-valid.json").read_bytes()[:300])
    out = tmp_path / "x.html"
    assert main(["render", str(truncated), "-o", str(out), "--seat", seat]) == 2
    printed, err = capsys.readouterr()
    assert printed == "" and not out.exists()
    assert err == (
        f"unorules render: error: --seat: there is no seat {seat}: this transcript cannot"
        " be read, so it has no seats (draw it without a seat to see its problem)\n"
    )
    assert main(["render", str(truncated), "-o", str(out)]) == 0
    assert "not JSON" in capsys.readouterr().out and out.exists()


def test_render_with_a_seat_of_a_malformed_transcript_says_its_problem(
    tmp_path: Path, capsys: Capture
) -> None:
    """``--seat 0`` on a transcript with a malformed action wrote the page, then crashed
    re-reading the transcript to word the summary line (exit 1)."""
    src = EXAMPLES / "mattel-invalid-malformed.json"
    report = transcript.validate(src.read_bytes())
    assert report.error is not None and report.error.code is uno.ErrorCode.MALFORMED
    out = tmp_path / "x.html"
    assert main(["render", str(src), "-o", str(out), "--seat", "0"]) == 0
    printed, err = capsys.readouterr()
    assert err == ""
    assert printed == f"wrote {out}: 3 steps; {report}\n"
    assert out.read_text(encoding="utf-8") == render.page(
        src.read_bytes(), seat=0, title=f"UNO game: {src}"
    )
    assert main(["render", str(src), "-o", str(tmp_path / "y.html"), "--seat", "99"]) == 2
    assert capsys.readouterr().err == (
        "unorules render: error: --seat: there is no seat 99 in this game (seats 0 to 1)\n"
    )


def elimination_game(tmp_path: Path, capsys: Capture) -> bytes:
    """The match of ``unorules record --players 3 --seed 3000009 --option
    scoring=elimination`` (the reviewer's: 27 rounds, 1,679 actions; recorded as ``--seed
    3`` when record dealt game 1 by a seed derived from the one given, 3000009)."""
    argv = ["--players", "3", "--seed", "3000009", "--option", "scoring=elimination"]
    assert main(["record", *argv, "-o", str(tmp_path / "elim.json")]) == 0
    assert capsys.readouterr() == ("", "")
    return (tmp_path / "elim.json").read_bytes()


def test_a_seats_page_marks_the_eliminated_seat_and_the_round_winner(
    tmp_path: Path, capsys: Capture
) -> None:
    text = elimination_game(tmp_path, capsys)
    states = transcript.replay(transcript.loads(text))
    first_out = next(s for s in states if s.eliminated)
    assert first_out.eliminated == (1,) and first_out.phase is uno.Phase.ROUND_OVER
    page = render.page(text, seat=0, round=first_out.round + 1)
    frames = steps(page)
    assert any("out of the match" in f for f in frames)
    won = [f for f in frames if "round won by" in f]
    assert won and "round over" in won[0]
    assert moves(page)[0] == f"Round {first_out.round + 1} starts: " + moves(page)[0].split(": ")[1]


# == a page of bounded size ======================================================================


def test_names_are_shortened_and_escaped_everywhere_on_the_page() -> None:
    data = json.loads((EXAMPLES / "mattel-valid.json").read_text())
    data["players"] = ["A" * 1_000_000, "B\x01" * 500_000, "Cai"]
    page = render.page(json.dumps(data))
    assert len(page) < 400_000  # 145 MB before: every label named the players in full
    assert "A" * 33 not in page and "\x01" not in page
    assert "A" * 31 + "\u2026 plays" in "".join(moves(page))
    assert "B\\x01B\\x01" in page
    assert "as " + "B\\x01" * 6 + "B\u2026 (seat 1) sees it" in render.page(
        json.dumps(data), seat=1
    )


def test_a_page_draws_at_most_max_steps_the_last_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render, "MAX_STEPS", 10)
    page = render.page((EXAMPLES / "mattel-valid.json").read_bytes())
    assert len(steps(page)) == len(moves(page)) == 10
    assert attr(page, "data-n") == [str(n) for n in range(27, 37)]
    assert 'data-total="36"' in page
    assert (
        '<p class="cut" id="cut">This game has 36 steps, more than the 10 one page draws: this'
        " page draws its last ones, steps 27 to 36 of the game.</p>"
    ) in page
    # An invalid game: the last steps, so its illegal move is on the page.
    page = render.page((EXAMPLES / "mattel-invalid-card_does_not_match.json").read_bytes())
    assert moves(page)[-1] == "Illegal: Bo plays G9"


def test_a_long_game_is_cut_to_max_steps_and_its_rounds_drawn_one_at_a_time(
    tmp_path: Path, capsys: Capture
) -> None:
    assert render.MAX_STEPS == 1000
    text = elimination_game(tmp_path, capsys)
    t = transcript.loads(text)
    total = sum(1 + len(r.actions) for r in t.rounds)
    assert total > render.MAX_STEPS
    src = tmp_path / "long.json"
    src.write_bytes(text)
    out = tmp_path / "long.html"
    assert main(["render", str(src), "-o", str(out)]) == 0
    cut = (
        f"this game has {total:,} steps, more than the 1,000 one page draws: this page draws"
        f" its last ones, steps {total - 999:,} to {total:,} of the game; draw one round with"
        f" --round N (rounds 1 to {len(t.rounds)})"
    )
    report = transcript.validate(text)
    assert capsys.readouterr().out == f"wrote {out}: 1,000 steps ({cut}); {report}\n"
    page = out.read_text(encoding="utf-8")
    assert len(steps(page)) == 1000 and attr(page, "data-n")[-1] == str(total)
    assert f'<p class="cut" id="cut">T{cut[1:]}.</p>' in page
    # One round: its start and its actions, numbered as in the whole game.
    assert main(["render", str(src), "-o", str(out), "--round", "2"]) == 0
    page = out.read_text(encoding="utf-8")
    first = 1 + len(t.rounds[0].actions)
    assert len(steps(page)) == 1 + len(t.rounds[1].actions)
    assert attr(page, "data-n")[0] == str(first + 1)
    assert moves(page)[0].startswith("Round 2 starts: ") and 'id="cut"' not in page
    assert "; round 2</p>" in page
    capsys.readouterr()
    assert main(["render", str(src), "-o", str(tmp_path / "no.html"), "--round", "99"]) == 2
    assert capsys.readouterr().err == (
        "unorules render: error: --round: there is no round 99 to draw: this game has rounds"
        f" 1 to {len(t.rounds)}\n"
    )
    assert not (tmp_path / "no.html").exists()


@pytest.mark.parametrize("option", ["seat", "round"])
def test_a_bool_is_no_seat_or_round_of_a_page(option: str) -> None:
    text = (EXAMPLES / "mattel-valid.json").read_text(encoding="utf-8")
    with pytest.raises(TypeError, match=f"^{option} must be an int or None, not True$"):
        render.page(text, **{option: True})  # type: ignore[arg-type]
