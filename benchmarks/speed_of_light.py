"""Speed-of-light reference: a minimal mutable pure-Python UNO random playout.

Basic official rules only (108 cards, skip/reverse/draw two/wild/wd4 without challenge,
draw one and maybe play it, reshuffle). No UNO calls, no scoring. It exists to show how
fast a plain Python loop over UNO can go on this machine; A library with full rules and
immutable states is measured against it as a ratio.
Policy: a random playable card, drawing only when none (as RLCard offers draw).
Usage: python speed_of_light.py [games] [players]
"""

# Vendored from the project's shared/bench/speed_of_light.py (the reference loop the
# project's speed goal is stated against). Only the layout changed, to pass ruff and
# mypy --strict (one statement per line, type annotations, one long docstring line
# wrapped); the statements, their order and the random calls are the original's, so
# the figures are the same. Keep it that way: bench.py times play(rng, n).

import random
import sys
import time

Card = tuple[int, int]


def deck() -> list[Card]:
    d: list[Card] = []
    for c in range(4):
        d.append((c, 0))
        for r in range(1, 13):  # 1-9 numbers, 10 skip, 11 reverse, 12 draw two
            d += [(c, r), (c, r)]
    d += [(4, 13)] * 4 + [(4, 14)] * 4  # wild, wd4
    return d


def play(rng: random.Random, n: int) -> int:
    d = deck()
    rng.shuffle(d)
    hands = [[d.pop() for _ in range(7)] for _ in range(n)]
    top = d.pop()
    while top[1] == 14:
        d.insert(rng.randrange(len(d)), top)
        top = d.pop()
    disc = [top]
    color = top[0] if top[0] < 4 else rng.randrange(4)
    cur, dirn, steps = 0, 1, 0
    while True:
        h = hands[cur]
        legal = [i for i, c in enumerate(h) if c[0] == color or c[1] == top[1] or c[0] == 4]
        if not legal:
            legal.append(-1)  # policy: play a random playable card, draw only when none
        steps += 1
        i = legal[rng.randrange(len(legal))]
        if i == -1:
            if not d:
                d = disc[:-1]
                disc = disc[-1:]
                rng.shuffle(d)
            if d:
                card = d.pop()
                if card[0] == color or card[1] == top[1] or card[0] == 4:
                    h.append(card)
                    i = len(h) - 1
                    steps += 1
                else:
                    h.append(card)
                    cur = (cur + dirn) % n
                    continue
            else:
                cur = (cur + dirn) % n
                continue
        card = h.pop(i)
        disc.append(card)
        top = card
        color = card[0] if card[0] < 4 else rng.randrange(4)
        if not h:
            return steps
        r = card[1]
        skip = False
        if r == 10:
            skip = True
        elif r == 11:
            dirn = -dirn
            if n == 2:
                skip = True
        elif r in (12, 14):
            k = 2 if r == 12 else 4
            v = (cur + dirn) % n
            for _ in range(k):
                if not d:
                    d = disc[:-1]
                    disc = disc[-1:]
                    rng.shuffle(d)
                if d:
                    hands[v].append(d.pop())
            skip = True
        cur = (cur + dirn * (2 if skip else 1)) % n


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    rng = random.Random(0)
    t = time.perf_counter()
    steps = 0
    for _ in range(games):
        steps += play(rng, n)
    dt = time.perf_counter() - t
    print(
        f"sol_mutable players={n} games/s={games / dt:.0f} steps/s={steps / dt:.0f} "
        f"steps/game={steps / games:.1f}"
    )
