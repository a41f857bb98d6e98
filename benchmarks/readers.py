"""The readers of a state, instructions per call counted by callgrind, in the build the
running interpreter has installed (issue 30, item 5: no reader is slower compiled).

The readers: ``observe(state, player)``, ``encode(view)`` (the observation vector of a
view) and the environments' encoder, ``ObservationEncoder.encode_arena``, version 1 on
``mattel`` and version 2 on ``mattel-flip``. The positions are those of real arenas: 20
seeded two-player games of uniformly random tokens (``Arena.tokens``), at most 60 steps
each. The arena's encoder is called K times at each step as the game is played (it reads
the arena's history, so it runs while the arena moves); the others K times over the
positions recorded from the same games. Each figure is (K = 2 run - K = 0 run) / (2 x
calls), under ``valgrind --tool=callgrind`` with the environment of ``instructions.py``
(``PYTHONHASHSEED=0``, one BLAS thread, address randomization off) and the cyclic
collector off while the readers run (a collection falling inside one build's run and not
the other's moves a figure by 10%)::

    python benchmarks/readers.py                        # the pure build (an editable install)
    /tmp/compiled-venv/bin/python benchmarks/readers.py # a compiled wheel's environment

Needs ``valgrind`` and numpy (the ``gymnasium`` or ``pettingzoo`` extra).
"""

from __future__ import annotations

import argparse
import gc
import shutil
import sys
from collections.abc import Sequence

import instructions

import unorules as uno

# The walk: 20 seeded games of random tokens. `visit(arena)` runs at each step, before
# the step; it returns nothing.
_WALK = """
import gc, random
import unorules as uno
from unorules.agents.arena import Arena

def walk(profile, visit):
    steps = 0
    for g in range(20):
        rng = random.Random(g)
        arena = Arena(2, profile)
        arena.reset(seed=g)
        n = 0
        while not arena.done and n < 60:
            n += 1
            steps += 1
            visit(arena)
            arena.step(rng.choice(arena.tokens()))
    return steps
"""

_ARENA = (
    _WALK
    + """
if {version} == 1:
    from unorules.agents.observation import ObservationEncoder
else:
    from unorules.agents.observation_v2 import ObservationEncoder
encoder = ObservationEncoder(2, uno.get_profile({profile!r}))
encode_arena = encoder.encode_arena

def visit(arena):
    for _ in range({repeats}):
        encode_arena(arena, arena.actor)

gc.collect()
gc.disable()
calls = walk({profile!r}, visit)
"""
)

_RECORDED = (
    _WALK
    + """
from unorules.agents.observation import encode
positions = []
walk({profile!r}, lambda arena: positions.append((arena.state, arena.actor)))
views = [uno.observe(s, p) for s, p in positions]
gc.collect()
gc.disable()
for _ in range({repeats}):
    if {reader!r} == "observe":
        for s, p in positions:
            uno.observe(s, p)
    else:
        for v in views:
            encode(v)
calls = len(positions)
"""
)

READERS: dict[str, tuple[str, dict[str, object]]] = {
    "observe(state, player)": (_RECORDED, {"reader": "observe", "profile": "mattel"}),
    "encode(view)": (_RECORDED, {"reader": "encode", "profile": "mattel"}),
    "encode_arena, version 1 (mattel)": (_ARENA, {"version": 1, "profile": "mattel"}),
    "encode_arena, version 2 (mattel-flip)": (_ARENA, {"version": 2, "profile": "mattel-flip"}),
}


def run_here(code: str, fields: dict[str, object], repeats: int = 0) -> int:
    """Run the workload in this process, without callgrind; return how many calls it
    makes per repeat. The workload turns the cyclic collector off for its counted run;
    it is turned back on here (a process that goes on, a test run, would otherwise
    never collect a cycle again)."""
    namespace: dict[str, object] = {}
    try:
        exec(code.format(repeats=repeats, **fields), namespace)
    finally:
        gc.enable()
    calls = namespace["calls"]
    assert isinstance(calls, int)
    return calls


def per_call(code: str, fields: dict[str, object]) -> float:
    """Instructions per call: (2 repeats - 0 repeats) / (2 x calls)."""
    twice = instructions.counted(code.format(repeats=2, **fields), "readers")
    none = instructions.counted(code.format(repeats=0, **fields), "readers")
    return (twice - none) / (2 * run_here(code, fields))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--readers", nargs="+", choices=list(READERS), default=list(READERS))
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    build = "compiled" if uno.COMPILED else "pure"
    print(f"readers, instructions per call, callgrind, the {build} build")
    for name in args.readers:
        code, fields = READERS[name]
        print(f"  {name:<40} {per_call(code, fields):>10,.0f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
