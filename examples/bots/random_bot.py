#!/usr/bin/env python3
"""A random UNO bot speaking unorules-bot/1 on stdin/stdout (docs/bots.rst).

Only the standard library: it shows the protocol itself, as a bot in any language would
speak it (a bot built on unorules can use ``unorules.agents.botio.serve`` instead)::

    unorules match --bot "python3 examples/bots/random_bot.py --seed 2" --bot random

It plays a random legal card when it can (saying UNO with the play that leaves one card),
otherwise draws, passes, challenges or names a color as the legal actions allow; out of
turn it catches a player who forgot UNO, and says UNO late when it holds one card.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

PROTOCOL = "unorules-bot/1"

Action = dict[str, Any]


def decide(view: dict[str, Any], rng: random.Random) -> Action:
    """The answer to ``decide``: one of ``view["legal_actions"]``, unchanged."""
    legal: list[Action] = view["legal_actions"]
    plays = [a for a in legal if "play" in a]
    if plays:
        calls = [a for a in plays if a.get("uno") is True]
        return rng.choice(calls or plays)
    for verb in ("draw", "pass", "choose_color", "challenge"):
        found = [a for a in legal if verb in a]
        if found:
            return rng.choice(found)
    return legal[0]


def interject(view: dict[str, Any], rng: random.Random) -> Action | None:
    """The answer to ``interject``: an action, or None (nothing to do out of turn)."""
    legal: list[Action] = view["legal_actions"]
    catches = [a for a in legal if "catch" in a]
    if catches:
        return rng.choice(catches)
    if len(view["hand"]) == 1:  # say UNO late
        return next((a for a in legal if "call_uno" in a), None)
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, help="seed of the bot's choices")
    rng = random.Random(parser.parse_args().seed)

    def say(value: object) -> None:
        sys.stdout.write(json.dumps(value) + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            say({"type": "hello", "protocol": PROTOCOL, "name": "random-py"})
        elif kind == "decide":
            say(decide(message["view"], rng))
        elif kind == "interject":
            say(interject(message["view"], rng))
        elif kind == "bye":
            return
        # "game" and "result" need no answer


if __name__ == "__main__":
    main()
