"""What the trust boundary and the state check cost (issue 11).

Prints calls/s, medians of several repeats over the states of seeded random playouts:

- ``apply(state, action)`` and ``apply_from_seat(state, seat, action)`` on the same legal
  actions (the boundary's cost on the accepted path);
- ``apply_from_seat`` refusing a chance field (``host_only``) and a card not held, three
  times in a row on each state (the refusal is worked out on a blindfolded copy of the
  state, made once per state and seat);
- ``State.from_json`` (the state check included) and ``to_json``.

    python benchmarks/trust.py [--games 200] [--repeats 5]
"""

from __future__ import annotations

import argparse
import contextlib
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

import unorules as uno


def states_of(games: int, seed: int) -> list[tuple[uno.State, int, uno.Action]]:
    """(state, acting seat, legal action) along seeded random 4-player rounds."""
    pick = random.Random(seed)
    out = []
    for g in range(games):
        state = uno.new_game(4, seed=seed + g)
        while not state.is_over:
            current = state.current_player
            assert current is not None
            action = pick.choice(uno.legal_actions(state, current))
            out.append((state, current, action))
            state = uno.apply(state, action)
    return out


def rate(run: Callable[[], int], repeats: int) -> float:
    """Median calls/s of ``run``, which returns how many calls it made."""
    figures = []
    for _ in range(repeats):
        start = time.perf_counter()
        calls = run()
        figures.append(calls / (time.perf_counter() - start))
    return statistics.median(figures)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="rounds to record (200)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats, median kept (5)")
    args = parser.parse_args(argv)
    samples = states_of(args.games, seed=1)
    few = samples[:: max(1, len(samples) // 2000)]
    texts = [s.to_json() for s, _, _ in few]
    apply, from_seat = uno.apply, uno.apply_from_seat

    def plain() -> int:
        for state, _, action in samples:
            apply(state, action)
        return len(samples)

    def bounded() -> int:
        for state, seat, action in samples:
            from_seat(state, seat, action)
        return len(samples)

    def refuse(make: Callable[[int], uno.Action]) -> Callable[[], int]:
        def run() -> int:
            for state, seat, _ in few:
                for _ in range(3):  # a client that tries again and again
                    with contextlib.suppress(uno.IllegalAction):
                        from_seat(state, seat, make(seat))
            return 3 * len(few)

        return run

    def load() -> int:
        for text in texts:
            uno.State.from_json(text)
        return len(texts)

    def dump() -> int:
        for state, _, _ in few:
            state.to_json()
        return len(few)

    print(f"Python {platform.python_version()} on {platform.platform()}, {time.strftime('%F')}")
    print(
        f"{len(samples)} actions of {args.games} seeded 4-player rounds; median of {args.repeats}"
    )
    a = rate(plain, args.repeats)
    b = rate(bounded, args.repeats)
    print(f"apply(state, action)                    {a:>12,.0f} calls/s")
    print(f"apply_from_seat, legal action           {b:>12,.0f} calls/s  ({a / b:.2f}x the time)")
    chance = refuse(lambda seat: uno.Draw(seat, drawn=["W"]))
    print(f"apply_from_seat, refusing drawn=        {rate(chance, args.repeats):>12,.0f} calls/s")
    absent = refuse(lambda seat: uno.Play(seat, "W+4", "red"))
    print(f"apply_from_seat, refusing an illegal play {rate(absent, args.repeats):>10,.0f} calls/s")
    print(f"State.from_json (with the state check)  {rate(load, args.repeats):>12,.0f} calls/s")
    print(f"State.to_json                           {rate(dump, args.repeats):>12,.0f} calls/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
