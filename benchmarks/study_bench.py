"""The same study in-process, on a process pool and on a Dask LocalCluster.

Plays one seeded study (by default 20,000 games of one round, 4 players, random bots,
``mattel``) three ways: in this process, on a ``ProcessPoolExecutor`` with 2 workers and
on a Dask ``LocalCluster`` with 2 worker processes (one thread each), in chunks of
``--chunk-size`` games. It checks that the three results are identical and prints the
games/s of each and its speed-up over the in-process run. Each timing is the best of
``--repeats`` runs; the pool and the cluster are started before the clock starts.

    python benchmarks/study_bench.py                   # 20,000 games, chunks of 1000
    python benchmarks/study_bench.py --games 2000 --repeats 1   # a quick look

Dask is optional (``pip install 'unorules[dask]'``): without it that line says so.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import os
import platform
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime

import unorules as uno


def timed(run: Callable[[], uno.Study], repeats: int) -> tuple[float, uno.Study]:
    best, result = float("inf"), None
    for _ in range(repeats):
        started = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - started)
    assert result is not None
    return best, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=1, help="rounds a game (0: whole match)")
    parser.add_argument("--chunk-size", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    rounds = args.rounds or None

    def study(executor: cf.Executor | None) -> uno.Study:
        return uno.simulate(
            "mattel",
            args.players,
            args.games,
            rounds=rounds,
            seed=1,
            executor=executor,
            chunk_size=args.chunk_size,
            progress=False,
        )

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"study_bench: {args.games} games ({args.players} players, rounds {rounds or 'match'},"
        f" random bots), chunks of {args.chunk_size}, {args.workers} workers,"
        f" best of {args.repeats}"
    )
    print(
        f"python {platform.python_version()}, {platform.platform()}, {os.cpu_count()} CPUs,"
        f" load average {load:.2f}, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC"
    )
    rows: list[tuple[str, float | None, str]] = []
    base_time, base = timed(lambda: study(None), args.repeats)
    rows.append(("in-process", base_time, ""))

    with cf.ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(abs, range(args.workers * 4)))  # start the workers before timing
        pool_time, on_pool = timed(lambda: study(pool), args.repeats)
    rows.append(("process pool", pool_time, "identical" if on_pool == base else "DIFFERENT"))

    try:
        from distributed import Client, LocalCluster
    except ImportError:
        rows.append(("dask LocalCluster", None, "not installed: pip install 'unorules[dask]'"))
    else:
        with (
            LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=args.workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
            ) as cluster,
            Client(cluster) as client,  # type: ignore[no-untyped-call]
        ):
            client.wait_for_workers(args.workers)
            executor = client.get_executor()
            dask_time, on_dask = timed(lambda: study(executor), args.repeats)
        rows.append(
            ("dask LocalCluster", dask_time, "identical" if on_dask == base else "DIFFERENT")
        )

    print(f"\n{'executor':<20}{'seconds':>9}{'games/s':>10}{'speed-up':>10}  result")
    for name, seconds, note in rows:
        if seconds is None:
            print(f"{name:<20}{'-':>9}{'-':>10}{'-':>10}  {note}")
            continue
        rate = args.games / seconds
        print(f"{name:<20}{seconds:>9.2f}{rate:>10.0f}{base_time / seconds:>9.2f}x  {note}")
    length = base.round_length
    assert length is not None
    print(f"\n(the study: {base.rounds_played} rounds, mean {length} actions a round)")
    return (
        0 if all(note in ("", "identical") or "not installed" in note for *_, note in rows) else 1
    )


if __name__ == "__main__":
    sys.exit(main())
