"""The per-step checks of UNO Flip! random play, for ``benchmarks/random_play.py`` (any
profile) and the random-play test, with a small driver of its own::

    PYTHONPATH=src python benchmarks/_flip_checks.py --rounds 200 --players 4

:func:`flip_problems` checks one state: the 112 physical cards are all there, once each
(hands, draw pile, discard pile), every card shows the face of the side in play, and the
state's JSON form and position notation read back to an equal state. :func:`listing_problems`
checks that ``legal_actions`` is what ``apply`` accepts, on the listed actions and on a
probe of every card the player holds.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Sequence

import unorules as uno
from unorules.cards import Side


def flip_problems(state: uno.State, deck: Counter[uno.Card]) -> list[str]:
    """What is wrong with ``state`` of a UNO Flip! game whose deck (light face up) is
    ``deck``: an empty list when nothing is."""
    out: list[str] = []
    cards = [c for h in state.hands for c in h] + [*state.draw_pile, *state.discard_pile]
    if len(cards) != 112:
        out.append(f"{len(cards)} cards on the table, not 112")
    if Counter(c.facing(Side.LIGHT) for c in cards) != deck:
        out.append("the cards on the table are not the deck")
    side = state.side
    wrong = [c for c in cards if c.up is not side]
    if wrong:
        out.append(f"{len(wrong)} cards do not show the {side.value} side in play")
    if state.color is not None and state.color.side is not side:
        out.append(f"the color {state.color.value} is not of the {side.value} side")
    if uno.State.from_json(state.to_json()) != state:
        out.append("the JSON round trip changes the state")
    if uno.State.from_position(state.position(), state.rules) != state:
        out.append("the position round trip changes the state")
    return out


def _probes(state: uno.State) -> list[uno.Action]:
    p = state.current_player
    if p is None:
        return []
    out: list[uno.Action] = [uno.Draw(p), uno.Pass(p), uno.Challenge(p)]
    for card in dict.fromkeys(state.hands[p]):
        colors = card.up.colors if card.is_wild and card.up is not None else (None,)
        out.extend(uno.Play(p, card, color) for color in colors)
    return out


def listing_problems(state: uno.State) -> list[str]:
    """Where ``legal_actions`` and ``apply`` disagree in ``state``."""
    out: list[str] = []
    legal = set(uno.legal_actions(state))
    for action in {*legal, *_probes(state)}:
        try:
            uno.apply(state, action)
            accepted = True
        except uno.IllegalAction:
            accepted = False
        if accepted != (action in legal):
            out.append(
                f"{action}: apply {'accepts' if accepted else 'refuses'} it, the listing "
                f"{'does not list' if accepted else 'lists'} it"
            )
    return out


def play_rounds(
    players: int, rounds: int, seed: int = 0, rules: uno.Rules | str = "mattel-flip", every: int = 1
) -> tuple[int, int, list[str]]:
    """Play ``rounds`` seeded random rounds, checking every ``every``-th step; returns the
    steps, the steps checked, and the problems found."""
    rng = random.Random(seed)
    steps = checked = 0
    problems: list[str] = []
    for r in range(rounds):
        s = uno.new_game(players, rules, seed=seed * 1_000_003 + r)
        deck = Counter(s.rules.deck(s.seed))
        while s.phase is not uno.Phase.ROUND_OVER and s.phase is not uno.Phase.GAME_OVER:
            if steps % every == 0:
                found = flip_problems(s, deck) + listing_problems(s)
                problems += [f"round {r} step {steps}: {p}" for p in found]
                checked += 1
            own = uno.legal_actions(s, s.current_player)
            plays: list[uno.Action] = [a for a in own if not isinstance(a, uno.CallUno)]
            legal = plays or list(own) if rng.random() < 0.9 else list(uno.legal_actions(s))
            s = uno.apply(s, legal[rng.randrange(len(legal))])
            steps += 1
        problems += [f"round {r} end: {p}" for p in flip_problems(s, deck)]
    return steps, checked, problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=1, help="check every N-th step")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    steps, checked, problems = play_rounds(args.players, args.rounds, args.seed, every=args.every)
    took = time.perf_counter() - began
    print(
        f"{args.rounds} rounds, {args.players} players: {steps} steps, {checked} checked,"
        f" {len(problems)} problems, {args.rounds / took:.1f} rounds/s"
    )
    for p in problems[:20]:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
