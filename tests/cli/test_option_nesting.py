"""JSON nested too deeply (issue 29, "Hosting untrusted programs and files", item 6): a
rule option nested thousands of levels deep was a ``RecursionError`` traceback in every
verb that takes ``--option``; the JSON reader now bounds the depth itself
(:data:`unorules._json.MAX_DEPTH`), the same wherever it is called from, and the command
turns a value it refuses into a usage error (exit 2, one line)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import unorules as uno
from unorules._json import MAX_DEPTH, decode
from unorules.cli import main
from unorules.errors import JSONError

Capture = pytest.CaptureFixture[str]

VERBS = {
    "play": ["play", "--rounds", "1"],
    "simulate": ["simulate", "--games", "1"],
    "compare": ["compare", "mattel", "mattel", "--games", "1"],
    "record": ["record", "--rounds", "1"],
    "match": ["match", "--bot", "random", "--bot", "random", "--rounds", "1"],
}


def deep_list(depth: int) -> str:
    return "[" * depth + "]" * depth


def deep_object(depth: int) -> str:
    return '{"wild": ' * depth + "1" + "}" * depth


@pytest.mark.parametrize("verb", list(VERBS))
@pytest.mark.parametrize(
    "option",
    [f"stacking={deep_list(5000)}", f"stacking={deep_list(MAX_DEPTH + 1)}"],
    ids=["5000", "past_the_bound"],
)
def test_issue29_a_deeply_nested_option_is_a_usage_error(
    capsys: Capture, verb: str, option: str
) -> None:
    assert main([*VERBS[verb], "--option", option]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"unorules {verb}: error: --option: stacking={'[' * 60}…: not JSON this library"
        f" reads: nested too deeply (more than {MAX_DEPTH} levels of lists and objects)\n"
    )


def test_issue29_an_option_that_is_json_the_reader_refuses_is_a_usage_error(
    capsys: Capture,
) -> None:
    """A value written as a list or an object is JSON or a usage error that says why;
    other text stays a bare word (``stacking=same_type``)."""
    for value, why in [
        (deep_object(5000), "nested too deeply"),
        ('{"wild": 1, "wild": 2}', "not JSON: the key 'wild' appears twice in one object"),
        ("[same_type", "not JSON: Expecting value: line 1 column 2 (char 1)"),
    ]:
        assert main(["record", "--rounds", "1", "--option", f"points={value}"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("unorules record: error: --option: points=")
        assert why in err
        assert err.count("\n") == 1
    assert main(["record", "--rounds", "1", "--option", "stacking=same_tipe"]) == 2
    assert "stacking='same_tipe': expected one of" in capsys.readouterr().err


def test_issue29_an_option_within_the_bound_is_read() -> None:
    text = deep_object(1)
    assert main(["record", "--rounds", "1", "--option", f"points={text}", "-o", "/dev/null"]) == 0


def _at_depth(frames: int, text: str) -> str:
    """What :func:`decode` says of ``text`` when called ``frames`` calls deep."""
    if frames:
        return _at_depth(frames - 1, text)
    try:
        decode(text)
    except JSONError as err:
        return str(err)
    return "read"


def test_issue29_decode_bounds_the_depth_wherever_it_is_called() -> None:
    """The parser's own limit depends on how deep the stack already is: the same text was
    read at one place and refused at another (and a value 900 levels deep reached code
    that recurses over it)."""
    room = sys.getrecursionlimit() - 200
    refused = (
        f"at $: not JSON this library reads: nested too deeply (more than {MAX_DEPTH} levels"
        " of lists and objects)"
    )
    for text in (deep_list(MAX_DEPTH), deep_object(MAX_DEPTH)):
        assert {_at_depth(0, text), _at_depth(room // 2, text)} == {"read"}
    for text in (deep_list(MAX_DEPTH + 1), deep_object(MAX_DEPTH + 1), deep_list(900), "[" * 10**5):
        assert {_at_depth(0, text), _at_depth(room // 2, text)} == {refused}


def test_issue29_a_state_nested_too_deeply_is_refused_by_the_same_bound() -> None:
    for text in (deep_list(MAX_DEPTH + 1), '{"players": ' + deep_list(MAX_DEPTH) + "}"):
        with pytest.raises(ValueError, match="nested too deeply"):
            uno.State.from_json(text)


def test_issue29_a_deep_game_gets_the_same_report_from_any_number_of_jobs(
    tmp_path: Path, capsys: Capture
) -> None:
    """The parser's own limit made a game 960 to 990 levels deep valid JSON in one process
    and "nested too deeply" in another: ``--jobs 2`` did not print what one job printed."""
    path = tmp_path / "deep.jsonl"
    head = '{"format": "unorules/1", "rules": "mattel", "players": 2, "seed": '
    games = [
        f'{head}{deep_list(depth)}, "rounds": [{{"actions": []}}]}}'
        for depth in range(850, 1000, 5)
    ]
    path.write_text("\n".join(games) + "\n", encoding="utf-8")
    outputs = []
    for jobs in ("1", "2"):
        assert main(["validate", str(path), "--jobs", jobs]) == 1
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    assert outputs[0].count("nested too deeply (more than 100 levels") == len(games)
