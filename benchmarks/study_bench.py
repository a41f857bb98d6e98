"""The same study in-process, on a process pool and on a Dask LocalCluster.

Plays one seeded study (by default 20,000 games of one round, 4 players, random bots,
``mattel``) three ways: in this process, on a ``ProcessPoolExecutor`` with 2 workers and
on a Dask ``LocalCluster`` with 2 worker processes (one thread each), in chunks of
``--chunk-size`` games. It checks that the three results are identical and prints the
games/s of each and its speed-up over the in-process run. Each timing is the best of
``--repeats`` runs; the pool and the cluster are started (and every worker has played a
game) before the clock starts. It also prints the CPU seconds one study costs in all
processes (this one and the workers, from ``getrusage``), which a busy machine does not
distort as it does wall-clock time: their ratio to the in-process run is the overhead of
chunking, pickling and scheduling.

    python benchmarks/study_bench.py                   # 20,000 games, chunks of 1000
    python benchmarks/study_bench.py --games 2000 --repeats 1   # a quick look

Dask is optional (``pip install 'unorules[dask]'``): without it that line says so.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import importlib.util
import math
import os
import platform
import resource
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime

import unorules as uno


def cpu_of_children() -> float:
    """CPU seconds of this process's finished children (pool and cluster workers)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@contextmanager
def in_process() -> Iterator[cf.Executor | None]:
    yield None


@contextmanager
def process_pool(workers: int) -> Iterator[cf.Executor | None]:
    with cf.ProcessPoolExecutor(workers) as pool:
        yield pool


@contextmanager
def dask_cluster(workers: int) -> Iterator[cf.Executor | None]:
    from distributed import Client, LocalCluster

    with (
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        client.wait_for_workers(workers)
        yield client.get_executor()


def measure(
    start: Callable[[], AbstractContextManager[cf.Executor | None]],
    study: Callable[[cf.Executor | None], uno.Study],
    warm: Callable[[cf.Executor | None], object],
    repeats: int,
) -> tuple[float, float, uno.Study]:
    """The best wall time of ``repeats`` studies on a started executor, the CPU seconds
    one study costs in all (this process and the workers, less what starting, warming
    and stopping the executor costs on its own), and the result."""
    children, best, result = cpu_of_children(), math.inf, None
    with start() as executor:
        warm(executor)
        own = time.process_time()
        for _ in range(repeats):
            began = time.perf_counter()
            result = study(executor)
            best = min(best, time.perf_counter() - began)
        own = time.process_time() - own
    used = cpu_of_children() - children
    children = cpu_of_children()
    with start() as executor:
        warm(executor)
    idle = cpu_of_children() - children
    assert result is not None
    return best, (own + used - idle) / repeats, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=1, help="rounds a game (0: whole match)")
    parser.add_argument("--chunk-size", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    rounds = args.rounds or None

    def study(executor: cf.Executor | None, games: int = args.games, chunk: int = 0) -> uno.Study:
        return uno.simulate(
            "mattel",
            args.players,
            games,
            rounds=rounds,
            seed=1,
            executor=executor,
            chunk_size=chunk or args.chunk_size,
            progress=False,
        )

    def warm(executor: cf.Executor | None) -> object:
        # every worker imports unorules and plays a game before the clock starts
        return study(executor, games=4 * args.workers, chunk=1)

    load = os.getloadavg()[0]
    print(
        f"study_bench: {args.games} games ({args.players} players, rounds {rounds or 'match'},"
        f" random bots), chunks of {args.chunk_size}, {args.workers} workers,"
        f" best of {args.repeats}"
    )
    print(
        f"python {platform.python_version()}, {platform.platform()}, {os.cpu_count()} CPUs,"
        f" load average {load:.2f} at the start, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC"
    )
    runs: list[tuple[str, Callable[[], AbstractContextManager[cf.Executor | None]]]] = [
        ("in-process", in_process),
        ("process pool", lambda: process_pool(args.workers)),
    ]
    if importlib.util.find_spec("distributed") is not None:
        runs.append(("dask LocalCluster", lambda: dask_cluster(args.workers)))
    rows: list[tuple[str, float, float, str]] = []
    base: uno.Study | None = None
    for name, start in runs:
        seconds, cpu, result = measure(start, study, warm, args.repeats)
        if base is None:
            base, note = result, ""
        else:
            note = "identical" if result == base else "DIFFERENT"
        rows.append((name, seconds, cpu, note))
    assert base is not None
    base_seconds, base_cpu = rows[0][1], rows[0][2]
    print(
        f"\n{'executor':<20}{'seconds':>9}{'games/s':>10}{'speed-up':>10}"
        f"{'CPU s':>8}{'CPU/in-process':>16}  result"
    )
    for name, seconds, cpu, note in rows:
        print(
            f"{name:<20}{seconds:>9.2f}{args.games / seconds:>10.0f}"
            f"{base_seconds / seconds:>9.2f}x{cpu:>8.2f}{cpu / base_cpu:>15.3f}x  {note}"
        )
    if len(runs) < 3:
        print("dask LocalCluster: not installed (pip install 'unorules[dask]')")
    print(
        f"\nspeed-up: wall-clock games/s over the in-process run (on a busy machine other"
        f" programs take cores too). CPU s: CPU seconds one study costs in all processes;"
        f" on {args.workers} idle cores the speed-up is at most {args.workers} / (CPU/in-process)."
    )
    length = base.round_length
    assert length is not None
    print(f"the study: {base.rounds_played} rounds, mean {length} actions a round")
    return 0 if all(note in ("", "identical") for *_, note in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
