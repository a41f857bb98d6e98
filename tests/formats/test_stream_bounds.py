"""Every input path is bounded by size (issue 29, "Hosting untrusted programs and files",
items 1 and 7): standard input as files are, blank lines skipped in constant memory and
linear time, a game larger than the limit refused without being read, ``unorules render``
reading a file game by game, and a worker of ``validate --jobs N`` that dies reported on
one line with exit 2, naming the first game not checked."""

from __future__ import annotations

import functools
import io
import json
import os
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

import pytest

from unorules.cli import main
from unorules.cli import validate as _validating
from unorules.formats import transcript

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "transcripts"
VALID = EXAMPLES / "mattel-valid.json"

Capture = pytest.CaptureFixture[str]

GAME = json.dumps(
    {
        "format": "unorules/1",
        "rules": "mattel",
        "players": 2,
        "seed": 1,
        "rounds": [{"actions": [{"player": 0, "draw": True}]}],
    }
).encode()


def stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))


def peak(run: Callable[[], object]) -> int:
    """The peak of memory Python allocates while ``run`` runs."""
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# == standard input: blank lines =================================================================


def test_issue29_blank_lines_before_the_first_game_on_stdin_take_constant_memory() -> None:
    """The old reader kept every blank line before the first game in a list (10 MB of
    newlines peaked at 876 MiB) and took them off its front one by one (quadratic: 46.6 s
    for 600,000 of them)."""
    data = b" \n" * 100_000 + GAME + b"\n" + b"\n" * 1000 + GAME + b"\n"

    def games() -> list[tuple[int | None, bool]]:
        return [
            (s.line, s.validate().valid) for s in transcript.stream_handle(io.BytesIO(data), "-")
        ]

    assert games() == [(100_001, True), (101_002, True)]
    assert peak(games) < 512 * 1024


def test_issue29_blank_lines_before_one_game_on_stdin_read_as_a_file_reads_them(
    tmp_path: Path,
) -> None:
    """A game written over several lines: standard input gives the text a ``.json`` file
    gives, leading blank lines included, within the same limit."""
    pretty = transcript.dumps(transcript.loads(GAME))
    for blank, limit in ((0, 4096), (50, 4096), (3000, 4096), (5000, 4096)):
        data = b"\r\n \n" * blank + pretty.encode()
        path = tmp_path / "game.json"
        path.write_bytes(data)
        (from_file,) = transcript.stream(path, limit=limit)
        (from_stdin,) = transcript.stream_handle(io.BytesIO(data), "game.json", limit=limit)
        assert (from_stdin.line, from_stdin.text) == (from_file.line, from_file.text)
        assert str(from_stdin.validate()) == str(from_file.validate())
        assert from_stdin.validate().valid is (len(data) <= limit)


def test_issue29_only_blank_lines_on_stdin_are_one_malformed_game_read_in_bounds() -> None:
    handle = io.BytesIO(b"\n" * 1000)
    (source,) = transcript.stream_handle(handle, "-", limit=100)
    assert str(source.validate()) == (
        "invalid at $ (malformed): the file is larger than 100 bytes, the most one game may take"
    )
    (source,) = transcript.stream_handle(io.BytesIO(b"\n" * 10), "-", limit=100)
    error = source.validate().error
    assert error is not None
    assert error.code.value == "malformed"


def test_issue29_a_blank_line_longer_than_the_limit_on_stdin_is_not_read_whole() -> None:
    """A line of spaces with no end in sight: the old reader kept reading (and keeping)
    it; now the game is refused as soon as it passes the limit."""
    handle = io.BytesIO(b" " * 100_000 + b"\n" + GAME + b"\n")
    (source,) = transcript.stream_handle(handle, "-", limit=1000)
    assert str(source.validate()) == (
        "invalid at $ (malformed): the file is larger than 1000 bytes, the most one game may take"
    )
    assert handle.tell() <= 2 * 1000 + 2


def test_issue29_a_game_line_longer_than_the_limit_on_stdin_is_not_read_whole() -> None:
    handle = io.BytesIO(GAME + b"\n" + b"[" * 100_000 + b"\n" + GAME + b"\n")
    found = list(transcript.stream_handle(handle, "-", limit=1000))
    assert [s.line for s in found] == [1, 2]
    assert str(found[1].validate()) == (
        "invalid at $ (malformed): line 2 is longer than 1000 bytes, the most one game may"
        " take: the rest of the file is not read"
    )
    assert handle.tell() <= len(GAME) + 1 + 1001


def test_issue29_a_deeply_nested_first_line_on_stdin_is_a_malformed_game() -> None:
    """Telling JSON Lines from one game parsed the first line with ``json.loads``: a line
    nested deeper than Python's parser goes was a ``RecursionError`` traceback."""
    data = b"[" * 50_000 + b"]" * 50_000 + b"\n" + GAME + b"\n"
    found = list(transcript.stream_handle(io.BytesIO(data), "-"))
    assert [(s.line, s.validate().valid) for s in found] == [(1, False), (2, True)]
    assert "nested too deeply" in str(found[0].validate())


def test_issue29_validate_stdin_skips_blank_lines(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin(monkeypatch, b"\n" * 100_000 + GAME + b"\n")
    assert main(["validate", "-"]) == 0
    assert capsys.readouterr() == ("<stdin>:100001: valid (1 round, 1 action; scores 0 0)\n", "")


def test_issue29_validate_stdin_refuses_a_game_larger_than_the_limit(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    small = functools.partial(transcript.stream_handle, limit=1000)
    monkeypatch.setattr(_validating, "stream_handle", small)
    stdin(monkeypatch, b"\n" * 10 + b"{" + b" " * 5000 + b"}")
    assert main(["validate", "-"]) == 1
    assert capsys.readouterr() == (
        "<stdin>: invalid at $ (malformed): the file is larger than 1000 bytes, the most one"
        " game may take\n",
        "",
    )


def found(handle: BinaryIO, limit: int) -> list[tuple[int | None, bytes, str]]:
    return [
        (s.line, s.text, str(s.validate()))
        for s in transcript.stream_handle(handle, "-", limit=limit)
    ]


@pytest.mark.parametrize("limit", [8, 40, 200, 4096])
def test_issue29_a_buffered_stream_skips_blank_lines_a_buffer_at_a_time(limit: int) -> None:
    """Standard input skips its blank lines a buffer at a time (100 MB of them in under
    a second): exactly as reading them a line at a time does."""
    pretty = transcript.dumps(transcript.loads(GAME)).encode()
    inputs = [
        b"",
        b"\n",
        b" \t\r\n" * 30,
        b"\n" * 50 + GAME + b"\n\n" + GAME,
        b"  \n" * 20 + pretty,
        b" " * 30 + b"\n" + GAME,
        b" " * 300 + b"\n\n" + GAME + b"\n",
        b"\n" * 7 + b" " * 9 + b"\n" + b"[1]\n",
        b"\n\n" + b"[" * 300 + b"\n[]",
        b"\r\n" * 100,
    ]
    for data in inputs:
        expected = found(io.BytesIO(data), limit)
        for size in (1, 2, 7, 16, 64, 8192):
            assert found(io.BufferedReader(io.BytesIO(data), size), limit) == expected, (data, size)


# == unorules render reads game by game ==========================================================


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_issue29_render_names_a_game_too_large_to_read(tmp_path: Path, capsys: Capture) -> None:
    """The page and the line said "not JSON: Expecting value" (the empty text of a game
    that was not read) instead of the reason: the game is larger than the limit."""
    for name, where in (("zero.json", "the file is"), ("zero.jsonl", "line 1 is longer")):
        link = tmp_path / name
        link.symlink_to("/dev/zero")
        page = tmp_path / "page.html"
        assert main(["render", str(link), "-o", str(page)]) == 0
        out = capsys.readouterr().out
        assert f"invalid at $ (malformed): {where}" in out
        assert "than 16 MiB, the most one game may take" in out
        assert "than 16 MiB, the most one game may take" in page.read_text(encoding="utf-8")


def test_issue29_render_reads_a_json_lines_file_only_up_to_its_game(
    tmp_path: Path, capsys: Capture
) -> None:
    """The old reader held every game of the file in a list to pick one."""
    path = tmp_path / "games.jsonl"
    pad = b"x" * 1000 + b"\n"
    path.write_bytes(GAME + b"\n" + pad * 16_000)
    page = tmp_path / "page.html"
    used = peak(functools.partial(main, ["render", str(path), "-o", str(page), "--line", "1"]))
    assert "wrote" in capsys.readouterr().out
    assert used < 8 * 1024 * 1024


def test_issue29_render_names_at_most_a_few_lines_of_a_long_file(
    tmp_path: Path, capsys: Capture
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes((GAME + b"\n") * 1000)
    assert main(["render", str(path), "-o", str(tmp_path / "p.html"), "--line", "5000"]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"unorules render: error: {path} has no game on line 5000 (games on lines: 1, 2, 3,"
        " 4, 5, 6, 7, 8, 9, 10 and 990 more)\n"
    )
