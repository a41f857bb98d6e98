"""Compare two bot strategies over many seeded games.

Each game is one round of UNO from a seeded deal. The two strategies alternate seats from
game to game, so neither always plays first, and each decides from its own view of the
game only (:func:`unorules.observe`). The same arguments always give the same result.

    python examples/tournament.py --games 500 --rules mattel
"""

from __future__ import annotations

import argparse
import collections
from collections.abc import Callable, Sequence

import unorules as uno

Strategy = Callable[[uno.View], uno.Action]


def turn_actions(view: uno.View) -> list[uno.Action]:
    """The actions that take this player's turn (not calls, catches or challenges)."""
    skip = (uno.CallUno, uno.CatchUno, uno.Challenge)
    return [a for a in view.legal_actions if not isinstance(a, skip)]


def first_legal(view: uno.View) -> uno.Action:
    """Lay the first card it may (saying UNO when that leaves one card), else draw or pass."""
    actions = turn_actions(view)
    plays = [a for a in actions if isinstance(a, uno.Play)]
    if plays:
        return max(plays, key=lambda a: a.uno)
    return actions[0]


def keeper(view: uno.View) -> uno.Action:
    """Keep the wilds for last; lay the card of the color it holds most, action cards first
    when the next player is close to going out; name its own strongest color."""
    actions = turn_actions(view)
    plays = [a for a in actions if isinstance(a, uno.Play)]
    if not plays:
        return actions[0]
    colors = collections.Counter(c.color for c in view.hand if c.color is not None)
    best = colors.most_common(1)[0][0] if colors else uno.Color.RED
    after = (view.player + view.direction) % len(view.hand_sizes)
    threat = view.hand_sizes[after] <= 2

    def score(play: uno.Play) -> tuple[int, int, int, int]:
        card = play.card
        return (
            int(not card.is_wild),  # keep wilds
            int(threat and card.is_action),  # hurt a player about to go out
            colors[card.color] if card.color else int(play.color is best),
            int(play.uno),  # say UNO when the play leaves one card
        )

    return max(plays, key=score)


STRATEGIES: dict[str, Strategy] = {"first-legal": first_legal, "keeper": keeper}


def play_round(state: uno.State, seats: Sequence[Strategy]) -> uno.State:
    """Play until the round is over, each seat choosing from its own view."""
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state = uno.apply(state, seats[seat](uno.observe(state, seat)))
    return state


def tournament(
    a: str, b: str, *, games: int, players: int, rules: str, seed: int
) -> dict[str, collections.Counter[str]]:
    """Per strategy: rounds won, and points scored in them."""
    results = {a: collections.Counter[str](), b: collections.Counter[str]()}
    for game in range(games):
        names = [a if (seat + game) % 2 == 0 else b for seat in range(players)]
        state = uno.new_game(players, rules, seed=seed + game)
        state = play_round(state, [STRATEGIES[name] for name in names])
        winner = state.round_winner
        for name in set(names):
            results[name]["seats"] += names.count(name)
        if winner is None:  # a stuck round: nobody scores
            continue
        results[names[winner]]["wins"] += 1
        results[names[winner]]["points"] += state.scores[winner]
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="rounds to play (200)")
    parser.add_argument("--players", type=int, default=2, help="seats per game (2)")
    parser.add_argument("--rules", default="mattel", help="a profile name (mattel)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    parser.add_argument("a", nargs="?", default="keeper", choices=sorted(STRATEGIES))
    parser.add_argument("b", nargs="?", default="first-legal", choices=sorted(STRATEGIES))
    args = parser.parse_args(argv)
    if args.a == args.b:
        parser.error("choose two different strategies")
    results = tournament(
        args.a, args.b, games=args.games, players=args.players, rules=args.rules, seed=args.seed
    )
    print(f"{args.games} games, {args.players} players, rules {args.rules}, seeds from {args.seed}")
    print(f"{'strategy':<12} {'seats':>6} {'wins':>6} {'win rate':>9} {'points':>8}")
    for name, row in results.items():
        rate = row["wins"] / row["seats"] if row["seats"] else 0.0
        print(f"{name:<12} {row['seats']:>6} {row['wins']:>6} {rate:>9.1%} {row['points']:>8}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
