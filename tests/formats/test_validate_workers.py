"""A worker of ``validate --jobs N`` that dies (issue 29, "Hosting untrusted programs and
files", item 7): one line on standard error naming the first game not checked, exit code
2, and the games checked before it reported as usual."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import signal
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from unorules.cli import main
from unorules.cli import validate as _validating
from unorules.formats import transcript
from unorules.formats.transcript import _stream
from unorules.rules import Rules

Capture = pytest.CaptureFixture[str]


def lines(count: int) -> bytes:
    return b"".join(
        json.dumps(
            {
                "format": "unorules/1",
                "rules": "mattel",
                "players": 2,
                "seed": i,
                "rounds": [{"actions": [{"player": 0, "draw": True}]}],
            }
        ).encode()
        + b"\n"
        for i in range(count)
    )


def killing(after: int) -> Iterator[None]:
    """Kill every worker process with SIGKILL when the run has read ``after`` games."""
    for _ in range(after):
        yield
    for child in multiprocessing.active_children():
        with contextlib.suppress(ProcessLookupError):  # gone already
            os.kill(child.pid or 0, signal.SIGKILL)
        child.join()
    while True:
        yield


TWO_CPUS = pytest.mark.skipif(
    (os.cpu_count() or 1) < 2, reason="--jobs 2 runs one process on one CPU"
)


@TWO_CPUS
@pytest.mark.parametrize("as_json", [False, True], ids=["lines", "json"])
def test_issue29_a_killed_worker_is_one_line_naming_the_first_game_not_checked(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch, as_json: bool
) -> None:
    """A worker killed (SIGKILL, as the kernel's out-of-memory killer does) ended the run
    in a ``BrokenProcessPool`` traceback with exit code 1, "a game is invalid", and the
    games not yet checked went unreported."""
    path = tmp_path / "games.jsonl"
    path.write_bytes(lines(2000))
    mode = ["--json"] if as_json else []
    assert main(["validate", str(path), *mode]) == 1
    every = capsys.readouterr().out
    items = _validating._items
    clock = killing(1000)

    def slow_items(files: list[str]) -> Iterator[object]:
        for item in items(files):
            next(clock)
            yield item

    monkeypatch.setattr(_validating, "_items", slow_items)
    code = main(["validate", str(path), "--jobs", "2", *mode])
    out, err = capsys.readouterr()
    assert code == 2
    if as_json:  # a whole JSON array of the games checked
        reported, expected = json.loads(out), json.loads(every)
    else:
        reported, expected = out.splitlines(), every.splitlines()
    assert 0 < len(reported) < 2000
    assert reported == expected[: len(reported)]
    assert err == (
        "unorules validate: a worker process died (killed, or out of memory?): the games"
        f" from {path}:{len(reported) + 1} on are not checked\n"
    )


def _exit_on_seed_500(source: transcript.Source, override: Rules | None) -> transcript.Report:
    if b'"seed": 500,' in source.text:
        os._exit(3)
    return _check(source, override)


_check = _stream._check


@TWO_CPUS
@pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork", reason="the patch reaches forked workers only"
)
def test_issue29_a_worker_that_exits_is_reported_by_validate_many(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(lines(1000))
    monkeypatch.setattr(_stream, "_check", _exit_on_seed_500)
    checked = []
    with pytest.raises(BrokenProcessPool) as caught:
        for source, report in transcript.validate_many(transcript.stream(path), jobs=2):
            assert report == _check(source, None)
            checked.append(source.line)
    assert checked == list(range(1, len(checked) + 1))
    assert len(checked) <= 500
    assert str(caught.value) == (
        "a worker process died (killed, or out of memory?): the games from"
        f" {path}:{len(checked) + 1} on are not checked"
    )
