"""Reading transcript files and streams game by game, with bounded memory, and validating
many games on several processes: :func:`read`, :func:`stream`, :func:`stream_handle`,
:func:`validate_many`, :func:`validate_items` and the limit :data:`MAX_GAME_BYTES`.

Part of :mod:`unorules.formats.transcript`, which re-exports every public name; import them from
there.
"""

from __future__ import annotations

import collections
import concurrent.futures
import json
import multiprocessing
import os
from collections.abc import Generator, Iterable, Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import BinaryIO, Final, TypeVar, cast

import attrs

from unorules.errors import ErrorCode
from unorules.formats.transcript._io import Source, _is_lines
from unorules.formats.transcript._model import Problem, Report, _override
from unorules.rules import Rules

MAX_GAME_BYTES: Final = 16 * 1024 * 1024
"""The most bytes one game may take: a ``.json`` file, or one line of a ``.jsonl`` file
(16 MiB, far more than any real match: a round of 300 actions takes about 12 kB). A larger
game is not read into memory: it is reported as ``malformed``, naming the line; in a JSON
Lines file the rest of that file is not read (its end is unknown).

>>> MAX_GAME_BYTES // (1024 * 1024)
16
"""

_BATCH_GAMES: Final = 64
_BATCH_BYTES: Final = 1 << 20


def _size(limit: int) -> str:
    mib = 1024 * 1024
    return f"{limit // mib} MiB" if limit % mib == 0 else f"{limit} bytes"


def _too_large(name: str, line: int | None, limit: int) -> Source:
    if line is None:
        message = f"the file is larger than {_size(limit)}, the most one game may take"
    else:
        message = (
            f"line {line} is longer than {_size(limit)}, the most one game may take:"
            " the rest of the file is not read"
        )
    return Source(name, line, b"", problem=Problem(ErrorCode.MALFORMED, message))


def _too_long(raw: bytes, limit: int) -> bool:
    """Whether ``raw``, read with ``readline(limit + 1)``, is a line longer than ``limit``
    (cut before its end)."""
    return len(raw) > limit and not raw.endswith(b"\n")


def _sources(
    handle: BinaryIO, name: str, *, lines: bool, limit: int, first: bytes = b"", number: int = 0
) -> Iterator[Source]:
    """The games read from an open binary file, one at a time (see :func:`stream`).
    ``first`` is input already read off ``handle``: for JSON Lines, the next line (read
    with ``readline(limit + 1)``), after ``number`` lines; for one game, the start of its
    text."""
    if not lines:
        if len(first) > limit:
            yield _too_large(name, None, limit)
            return
        data = first + handle.read(limit + 1 - len(first))
        yield _too_large(name, None, limit) if len(data) > limit else Source(name, None, data)
        return
    found = False
    while True:
        raw, first = first or handle.readline(limit + 1), b""
        if not raw:
            break
        number += 1
        if _too_long(raw, limit):
            yield _too_large(name, number, limit)
            return
        text = raw[:-1] if raw.endswith(b"\n") else raw
        if text.strip():
            found = True
            yield Source(name, number, text)
    if not found:
        yield Source(name, None, b"")


def _whole_json(line: bytes) -> bool:
    """Whether ``line`` holds a whole JSON value on its own. A line nested too deeply for
    Python's parser counts as one (it is then refused as a game, on its own line)."""
    try:
        json.loads(line)
    except RecursionError:
        return True
    except ValueError:
        return False
    return True


def stream_handle(
    handle: BinaryIO, name: str, *, lines: bool | None = None, limit: int = MAX_GAME_BYTES
) -> Iterator[Source]:
    """The games read from an open binary stream (standard input, a pipe, a socket's file)
    named ``name``, one at a time, as :func:`stream` reads a file: JSON Lines when
    ``lines`` is true, one JSON game when it is false; when it is None, JSON Lines exactly
    when the first line that is not blank holds a whole JSON value on its own (a game
    written out over several lines begins with a line such as ``{``, which does not).

    The stream is read as a file is, within the same ``limit``: blank lines before the
    first game are skipped as they come (memory does not grow with them, and they count
    towards the size of a one-game input, as in a ``.json`` file), and a game or a line
    larger than ``limit`` is refused (a :class:`Source` whose ``problem`` says so) without
    being read whole.

    >>> import io
    >>> [(s.name, s.validate().valid) for s in stream_handle(io.BytesIO(b"[]\\n{}\\n"), "-")]
    [('-:1', False), ('-:2', False)]
    >>> [s.name for s in stream_handle(io.BytesIO(b"\\n\\n{\\n}\\n"), "-")]
    ['-']
    >>> [s.name for s in stream_handle(io.BytesIO(b"\\n" * 10_000 + b"[]"), "-")]
    ['-:10001']
    >>> for s in stream_handle(io.BytesIO(b"\\n" * 30 + b"{\\n}"), "-", limit=20):
    ...     print(s.validate())
    invalid at $ (malformed): the file is larger than 20 bytes, the most one game may take
    """
    if lines is not None:
        yield from _sources(handle, name, lines=lines, limit=limit)
        return
    # The blank lines before the first game: kept while a one-game input could hold
    # them (they are part of its text, as in a file), counted only past that. A
    # buffered stream (standard input, a file) is skipped a buffer at a time.
    blank = bytearray()
    size = count = 0
    peek = getattr(handle, "peek", None)
    while True:
        # the whole blank lines in the buffer (none can pass the limit if it does not)
        ahead = peek(1) if peek is not None else b""
        lead = len(ahead) - len(ahead.lstrip()) if len(ahead) <= limit + 1 else 0
        cut = ahead.rfind(b"\n", 0, lead) + 1
        raw = handle.read(cut) if cut else handle.readline(limit + 1)
        if not cut and (not raw or _too_long(raw, limit) or raw.strip()):
            break
        count += raw.count(b"\n")
        size += len(raw)
        if size <= limit:
            blank += raw
        elif blank:
            blank = bytearray()
    if raw and not _too_long(raw, limit) and _whole_json(raw):
        yield from _sources(handle, name, lines=True, limit=limit, first=raw, number=count)
        return
    if size > limit:
        yield _too_large(name, None, limit)
        return
    yield from _sources(handle, name, lines=False, limit=limit, first=bytes(blank) + raw)


def stream(
    path: str | os.PathLike[str], *, limit: int = MAX_GAME_BYTES
) -> Generator[Source, None, None]:
    """The games in a file, one at a time, as :func:`read` finds them, reading the file as
    it goes: memory does not grow with the file. The file is opened when the first game is
    asked for (:class:`OSError` then, if it cannot be), and closed at its end or when the
    generator is closed. A game larger than ``limit`` bytes
    (:data:`MAX_GAME_BYTES` by default) comes as a :class:`Source` whose ``problem`` says
    so, and a JSON Lines file is not read beyond such a line.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     p = pathlib.Path(tmp, "games.jsonl")
    ...     _ = p.write_bytes(b'{"format": "unorules/1"}\\n' + b"[" * 100 + b"\\n{}\\n")
    ...     for source in stream(p, limit=50):
    ...         print(source.line, source.validate())
    1 invalid at $ (malformed): missing 'rules'
    2 invalid at $ (malformed): line 2 is longer than 50 bytes, the most one game may take: ...
    """
    name = os.fspath(path)
    with open(path, "rb") as handle:
        yield from _sources(handle, name, lines=_is_lines(Path(path)), limit=limit)


def read(path: str | os.PathLike[str]) -> list[Source]:
    """The games in a file: one for a ``.json`` file, one per non-blank line for a
    ``.jsonl`` (or ``.ndjson``) file. Raises :class:`OSError` when the file cannot be read;
    a game that is not valid JSON shows up when it is loaded or validated, and so does a
    game larger than :data:`MAX_GAME_BYTES` (which is not read). :func:`stream` gives the
    same games one at a time.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     p = pathlib.Path(tmp, "two.jsonl")
    ...     _ = p.write_bytes(b'{"format": "unorules/1"}\\n\\nnot json\\n')
    ...     [(s.line, s.validate().error.code.value) for s in read(p)]
    [(1, 'malformed'), (3, 'malformed')]
    """
    return list(stream(path))


# == many games, several processes ===============================================================

_override_in_worker: Rules | None = None


def _start_worker(override: Rules | None) -> None:
    global _override_in_worker  # noqa: PLW0603 (set once per worker process)
    _override_in_worker = override


def _check(source: Source, override: Rules | None) -> Report:
    """A game's report, without the state it reached (it stays where it was computed)."""
    return attrs.evolve(source.validate(rules=override), state=None)


def _check_batch(batch: list[Source]) -> list[Report]:
    return [_check(source, _override_in_worker) for source in batch]


def _batches(items: Iterator[object]) -> Iterator[list[object]]:
    batch: list[object] = []
    size = 0
    for item in items:
        batch.append(item)
        size += len(item.text) if isinstance(item, Source) else 0
        if len(batch) >= _BATCH_GAMES or size >= _BATCH_BYTES:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


def _workers(jobs: int) -> int:
    cpus = os.cpu_count() or 1
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 0:
        raise ValueError(f"jobs is 0 (one per CPU) or a number of processes, not {jobs!r}")
    return max(1, min(cpus if jobs == 0 else jobs, cpus))


def _merge(batch: list[object], reports: list[Report]) -> Iterator[tuple[object, Report | None]]:
    found = iter(reports)
    for item in batch:
        yield item, next(found) if isinstance(item, Source) else None


def _none() -> concurrent.futures.Future[list[Report]]:
    """The reports of a batch with no game, already known (no worker needed)."""
    future: concurrent.futures.Future[list[Report]] = concurrent.futures.Future()
    future.set_result([])
    return future


_Item = TypeVar("_Item")
_Pairs = Iterator[tuple[Source | _Item, Report | None]]


def validate_items(
    items: Iterable[Source | _Item], *, rules: Rules | str | None = None, jobs: int = 1
) -> Generator[tuple[Source | _Item, Report | None], None, None]:
    """:func:`validate_many` for a mix of games and other items, in order: each
    :class:`Source` with its report, anything else with None (a caller's marks in the
    stream, such as the files that ``unorules validate`` could not open).

    A worker process that dies (killed, or out of memory) ends the run with
    :class:`~concurrent.futures.process.BrokenProcessPool`, whose message names the first
    game not checked (``the games from games.jsonl:65 on are not checked``); every item
    before it has been yielded with its report.

    >>> source = Source("game.json", None, b"[]")
    >>> [(item if report is None else report.valid) for item, report in validate_items(
    ...     ["cannot open a.json", source])]
    ['cannot open a.json', False]
    """
    override = _override(rules)
    workers = _workers(jobs)
    if workers == 1:
        for item in items:
            yield item, _check(item, override) if isinstance(item, Source) else None
        return
    pool = concurrent.futures.ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context(),
        initializer=_start_worker,
        initargs=(override,),
    )
    ahead: collections.deque[tuple[list[object], concurrent.futures.Future[list[Report]]]]
    ahead = collections.deque()
    pending: list[object] = []  # a batch read but not yet handed to the pool
    try:
        for batch in _batches(iter(cast(Iterable[object], items))):
            pending = batch
            sources = [item for item in batch if isinstance(item, Source)]
            ahead.append((batch, pool.submit(_check_batch, sources) if sources else _none()))
            pending = []
            if len(ahead) > 2 * workers:
                done, future = ahead[0]
                reports = future.result()
                ahead.popleft()
                yield from cast(_Pairs[_Item], _merge(done, reports))
        while ahead:
            done, future = ahead[0]
            reports = future.result()
            ahead.popleft()
            yield from cast(_Pairs[_Item], _merge(done, reports))
    except BrokenProcessPool:
        unchecked = (
            i for b in (*(b for b, _ in ahead), pending) for i in b if isinstance(i, Source)
        )
        first = next(unchecked, None)
        lost = "after the last one reported" if first is None else f"from {first.name} on"
        raise BrokenProcessPool(
            f"a worker process died (killed, or out of memory?): the games {lost} are not checked"
        ) from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def validate_many(
    sources: Iterable[Source], *, rules: Rules | str | None = None, jobs: int = 1
) -> Iterator[tuple[Source, Report]]:
    """Validate games one after the other (see :func:`validate`) and yield each with its
    :class:`Report`, in the order given, on ``jobs`` processes (0: one per CPU; at most
    the CPU count). The reports are the same whatever ``jobs`` is; they do not keep the
    ``state`` reached, so that memory stays bounded: only a few batches of games are read
    ahead of the report being yielded. A worker process that dies raises
    :class:`~concurrent.futures.process.BrokenProcessPool` naming the first game not
    checked (see :func:`validate_items`).

    >>> import tempfile, pathlib
    >>> text = ('{"format": "unorules/1", "rules": "mattel", "players": 2, "seed": 1,'
    ...         ' "rounds": [{"actions": [{"player": 0, "draw": true}]}]}')
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     p = pathlib.Path(tmp, "games.jsonl")
    ...     _ = p.write_text(f"{text}\\n[]\\n")
    ...     for source, report in validate_many(stream(p), jobs=2):
    ...         print(source.line, report)
    1 valid (1 round, 1 action; scores 0 0)
    2 invalid at $ (malformed): a transcript is a JSON object, not a list
    """
    for item, report in validate_items(sources, rules=rules, jobs=jobs):
        if not isinstance(item, Source) or report is None:
            raise TypeError(f"validate_many validates Source values, not {item!r}")
        yield item, report
