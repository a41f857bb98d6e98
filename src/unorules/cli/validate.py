"""``unorules validate``: the command's logic (``cli.py`` parses the arguments and calls
:func:`run`).

Files are read game by game (:func:`unorules.formats.transcript.stream`) and validated on one or
several processes (:func:`unorules.formats.transcript.validate_many`), so memory does not grow
with the corpus; the reports are printed as they come, in order, and ``--json`` writes its
array one element at a time. Output that cannot be written (a full disk, a closed pipe) is
exit code 2, as a file that cannot be opened is: the command never claims success for
games it did not report.

The file ``-`` is standard input: one JSON game, or JSON Lines when its first line that
is not blank holds a whole JSON value on its own (a game written out over several lines
begins with a line such as ``{``, which does not). Its games are named ``<stdin>``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final, TextIO

import attrs

from unorules.cli._common import Usage, Verb, profile
from unorules.formats.transcript import JSON_LINES, Report, Source, stream_handle, validate_items
from unorules.rules import PROFILES, Rules

__all__: list[str] = []

_OK = 0  # every game is valid
_INVALID = 1  # a game is invalid
_CANNOT = 2  # a file that cannot be opened or read, or output that cannot be written

_DELAY = 1.0  # seconds before a progress line is shown on a terminal
_EVERY = 0.25  # seconds between its updates


@attrs.frozen
class _Unread:
    """A file that could not be opened or read, in its place among the games."""

    path: str
    message: str


STDIN: Final = "<stdin>"
"""The name of the games read from standard input (the file ``-``)."""


def _items(files: Sequence[str]) -> Iterator[Source | _Unread]:
    """The games of every file in order, a file that cannot be opened or read in its place."""
    for path in files:
        if path == "-":
            try:
                yield from stream_handle(sys.stdin.buffer, STDIN)
            except OSError as exc:
                yield _Unread(STDIN, f"cannot read {STDIN}: {exc.strerror or exc}")
            continue
        try:
            handle = open(path, "rb")  # noqa: SIM115 (closed by the with below)
        except OSError as exc:
            yield _Unread(path, f"cannot open {path}: {exc.strerror or exc}")
            continue
        with handle:
            try:
                yield from stream_handle(handle, path, lines=path.lower().endswith(JSON_LINES))
            except OSError as exc:
                yield _Unread(path, f"cannot read {path}: {exc.strerror or exc}")


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


class _Progress:
    """A line on a terminal's stderr that counts the games checked, for long runs only:
    shown from ``delay`` seconds on, updated at most every ``every`` seconds."""

    def __init__(
        self,
        err: TextIO,
        *,
        delay: float = 1.0,
        every: float = 0.25,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.err = err
        self.show = _isatty(err)
        self.clock = clock
        self.start = clock()
        self.delay = delay
        self.every = every
        self.last: float | None = None
        self.width = 0

    def update(self, games: int, name: str) -> None:
        if not self.show:
            return
        now = self.clock()
        if now - self.start < self.delay or (
            self.last is not None and now - self.last < self.every
        ):
            return
        self.last = now
        shown = name if len(name) <= 60 else "..." + name[-57:]
        noun = "game" if games == 1 else "games"
        text = f"unorules validate: {games:,} {noun} checked ({shown})"
        self._write("\r" + text.ljust(self.width))
        self.width = len(text)

    def close(self) -> None:
        if self.width:
            self._write("\r" + " " * self.width + "\r")
            self.width = 0

    def _write(self, text: str) -> None:
        try:
            self.err.write(text)
            self.err.flush()
        except (OSError, ValueError):
            self.show = False


def _json_element(entry: dict[str, Any]) -> str:
    """One element of the array as ``json.dumps(entries, indent=2)`` lays it out."""
    return "  " + json.dumps(entry, indent=2).replace("\n", "\n  ")


def silence(out: TextIO) -> None:
    """Point the output's file descriptor at /dev/null, so that the interpreter's last
    flush of what could not be written does not fail again at exit."""
    try:
        fd = out.fileno()
    except (AttributeError, ValueError, OSError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


_Checked = Iterator[tuple[Source | _Unread, Report | None]]


def _until_a_worker_dies(checked: _Checked, died: list[str]) -> _Checked:
    """The games of ``checked`` with their reports, up to a worker process that dies
    (killed, or out of memory): then ``died`` gets the reason, which names the first game
    not checked, and the games end there."""
    try:
        yield from checked
    except BrokenProcessPool as exc:
        died.append(str(exc))


def run(
    files: Sequence[str],
    *,
    rules: Rules | None,
    as_json: bool,
    jobs: int,
    out: TextIO,
    err: TextIO,
) -> int:
    """Validate ``files`` and print one line a game (or the ``--json`` array) to ``out``;
    return the exit code (0 every game valid, 1 a game invalid, 2 a file that cannot be
    opened or read, output that cannot be written, or a worker process that died: the
    games checked before it are reported, and one line on ``err`` names the first game
    not checked).

    >>> import io
    >>> out, err = io.StringIO(), io.StringIO()
    >>> run(["no/such/file.json"], rules=None, as_json=True, jobs=1, out=out, err=err)
    2
    >>> print(out.getvalue() + err.getvalue(), end="")
    []
    unorules: cannot open no/such/file.json: No such file or directory
    """
    status = _OK
    progress = _Progress(err, delay=_DELAY, every=_EVERY)
    games = 0
    first = True
    checked = validate_items(_items(files), rules=rules, jobs=jobs)
    died: list[str] = []
    try:
        if as_json:
            out.write("[")
        for item, report in _until_a_worker_dies(checked, died):
            if isinstance(item, _Unread) or report is None:
                assert isinstance(item, _Unread)
                progress.close()
                print(f"unorules: {item.message}", file=err)
                status = _CANNOT
                continue
            assert isinstance(item, Source) and isinstance(report, Report)
            if not report.valid and status == _OK:
                status = _INVALID
            if as_json:
                entry = {"file": item.path, "line": item.line, **report.to_dict()}
                out.write(("\n" if first else ",\n") + _json_element(entry))
            else:
                out.write(f"{item.name}: {report}\n")
            first = False
            games += 1
            progress.update(games, item.name)
        if as_json:
            out.write("]\n" if first else "\n]\n")
        out.flush()
    except BrokenPipeError:  # e.g. `unorules validate ... | head`: stop quietly, not with 0
        checked.close()  # stops the workers
        progress.close()
        silence(out)
        return _CANNOT
    except OSError as exc:  # e.g. `unorules validate ... > /dev/full`
        checked.close()
        progress.close()
        silence(out)
        print(f"unorules validate: cannot write the output: {exc.strerror or exc}", file=err)
        return _CANNOT
    progress.close()
    if died:  # the games checked are reported; the first one not checked is named
        print(f"unorules validate: {died[0]}", file=err)
        return _CANNOT
    return status


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``unorules validate``."""
    profiles = ", ".join(PROFILES)
    p.add_argument("files", nargs="+", metavar="FILE", help="transcript files (-: standard input)")
    p.add_argument("--rules", metavar="NAME", help=f"use this profile instead ({profiles})")
    p.add_argument("--json", action="store_true", help="print a JSON array, one object a game")
    p.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="worker processes (1; 0 = one per CPU; at most the CPU count); same report",
    )


def run_verb(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``unorules validate`` with its parsed arguments."""
    override: Rules | None = profile(args.rules) if args.rules is not None else None
    if args.jobs < 0:
        raise Usage("--jobs: 0 (one per CPU) or more")
    if args.files.count("-") > 1:
        raise Usage("- (standard input) may be given once")
    return run(args.files, rules=override, as_json=args.json, jobs=args.jobs, out=out, err=err)


VERB = Verb(
    "validate",
    "check transcripts move by move",
    "Check transcripts (format unorules/1; .json: one game, .jsonl: one game a line)"
    " move by move. Prints one line per game, or a JSON array with --json.",
    add_arguments,
    run_verb,
    "unorules validate examples/transcripts/mattel-valid.json",
)
