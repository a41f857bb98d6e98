"""A digest of many seeded games, to prove that an engine change plays every game alike.

For every profile, 2 to 10 players and a set of house-rule mixtures, this plays seeded
random games (a seeded policy over ``legal_actions``, out-of-turn actions included:
catches, UNO calls, Jump-Ins) and hashes, after every action, the action and the state's
``to_json()``. Run it under two versions of the library and compare the last lines::

    python benchmarks/game_digest.py --games 3000
    PYTHONPATH=/tmp/old/src python benchmarks/game_digest.py --games 3000

The same digest means the same legal actions in the same order and the same states after
every action, including the generator's output.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from collections.abc import Sequence
from typing import Any

import attrs

import unorules as uno

MIXES: tuple[dict[str, Any], ...] = (
    {},
    {"stacking": uno.Stacking.SAME_TYPE, "skip_bounce": True},
    {"stacking": uno.Stacking.MIXED},
    {"seven_o": True, "jump_in": True},
    {"multi_play": uno.MultiPlay.SAME_VALUE, "no_finish_on_action": True},
    {"draw_until_playable": True, "false_uno_penalty": 2},
    {"draw_up_to": 3, "wild_draws_two": True, "uno_penalty_loses_turn": True},
    {"next_may_answer_symbol": False, "two_player_reverse": uno.TwoPlayerReverse.PASS},
    {"scoring": uno.Scoring.ELIMINATION, "target": 60},
    {"teams": 2, "target": 80},
    {"round_turn_limit": 40, "jump_in": True},
)
PROFILES = ("mattel", "mattel-108", "swedish", "danish")
MAX_ACTIONS = 400


def rules_for(index: int) -> tuple[uno.Rules, int]:
    """The rules and player count of game ``index``."""
    profile = uno.get_profile(PROFILES[index % len(PROFILES)])
    mix = MIXES[(index // len(PROFILES)) % len(MIXES)]
    players = 2 + (index // (len(PROFILES) * len(MIXES))) % 9
    if mix.get("teams"):
        players = max(4, players + players % 2)  # two teams of at least two
    return attrs.evolve(profile, **mix), players


def play(index: int, digest: hashlib._Hash) -> int:
    """Play game ``index`` into ``digest``; return the number of actions."""
    rules, players = rules_for(index)
    rng = random.Random(index)
    state = uno.new_game(players, rules, seed=index)
    digest.update(state.to_json().encode())
    steps = 0
    while state.phase is not uno.Phase.GAME_OVER and steps < MAX_ACTIONS:
        legal = uno.legal_actions(state)
        if state.current_player is not None and rng.random() < 0.8:
            own = [a for a in uno.legal_actions(state, state.current_player)]
            legal = tuple(a for a in own if not isinstance(a, uno.CallUno)) or legal
        action = legal[rng.randrange(len(legal))]
        state = uno.apply(state, action)
        digest.update(repr(action).encode())
        digest.update(state.to_json().encode())
        steps += 1
    return steps


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    args = parser.parse_args(argv)
    digest = hashlib.sha256()
    actions = sum(play(i, digest) for i in range(args.games))
    print(f"{args.games} games, {actions} actions")
    print(digest.hexdigest())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
